"""Convex hull of a point set, as indices in counter-clockwise order (Andrew's monotone chain).

The code works on floats and, unchanged, on exact integers and rationals
(``fractions.Fraction``), which the exact arbiter uses: with exact numbers
the orientation tests, and so the hull, are exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

__all__ = ["Number", "convex_hull_indices"]

Number = TypeVar("Number", int, float, Fraction)
"""Coordinates: floats, or exact integers or rationals."""


def convex_hull_indices(points: Sequence[tuple[Number, Number]]) -> list[int]:
    """Indices of the hull's corners, counter-clockwise from the lowest (then leftmost) point.

    Points on an edge and repeated points are left out. A single distinct
    point gives one index; collinear points give the two ends.

    >>> square_and_inside = [(0.0, 0.0), (2.0, 0.0), (1.0, 1.0), (2.0, 2.0), (0.0, 2.0)]
    >>> convex_hull_indices(square_and_inside)
    [0, 1, 3, 4]
    >>> convex_hull_indices([(1.0, 1.0), (0.0, 0.0), (2.0, 2.0), (1.0, 1.0)])
    [1, 2]
    >>> convex_hull_indices([(3.0, 3.0), (3.0, 3.0)])
    [0]
    >>> zero, third, one = Fraction(0), Fraction(1, 3), Fraction(1)
    >>> convex_hull_indices([(zero, zero), (third, third), (one, one)])
    [0, 2]
    """
    order = sorted(range(len(points)), key=lambda i: points[i])
    unique: list[int] = []
    for i in order:
        if not unique or points[unique[-1]] != points[i]:
            unique.append(i)
    if len(unique) <= 2:
        return _from_lowest(points, unique)

    def half(sequence: list[int]) -> list[int]:
        chain: list[int] = []
        for i in sequence:
            while len(chain) >= 2 and _turn(points, chain[-2], chain[-1], i) <= 0.0:
                chain.pop()
            chain.append(i)
        return chain

    lower, upper = half(unique), half(unique[::-1])
    return _from_lowest(points, lower[:-1] + upper[:-1])


def _turn(points: Sequence[tuple[Number, Number]], i: int, j: int, k: int) -> Number:
    """Twice the signed area of triangle ``i, j, k`` (positive: a left turn)."""
    (ox, oy), (ax, ay), (bx, by) = points[i], points[j], points[k]
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def _from_lowest(points: Sequence[tuple[Number, Number]], ring: list[int]) -> list[int]:
    """Rotate a ring of indices to start at its lowest, then leftmost, point."""
    if not ring:
        return ring
    start = min(range(len(ring)), key=lambda k: (points[ring[k]][1], points[ring[k]][0]))
    return ring[start:] + ring[:start]
