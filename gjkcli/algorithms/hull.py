"""Convex hull of a point set, as indices in counter-clockwise order (Andrew's monotone chain)."""

from __future__ import annotations

from collections.abc import Sequence

from gjkcli.shapes.base import Vec

__all__ = ["convex_hull_indices"]


def convex_hull_indices(points: Sequence[Vec]) -> list[int]:
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


def _turn(points: Sequence[Vec], i: int, j: int, k: int) -> float:
    """Twice the signed area of triangle ``i, j, k`` (positive: a left turn)."""
    (ox, oy), (ax, ay), (bx, by) = points[i], points[j], points[k]
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def _from_lowest(points: Sequence[Vec], ring: list[int]) -> list[int]:
    """Rotate a ring of indices to start at its lowest, then leftmost, point."""
    if not ring:
        return ring
    start = min(range(len(ring)), key=lambda k: (points[ring[k]][1], points[ring[k]][0]))
    return ring[start:] + ring[:start]
