"""Is a polygon ring convex? And if not, where does it first fail?

A ring is convex when, walking around it, every turn goes the same way (or
straight on) and the walk goes around exactly once. Repeated and collinear
vertices are allowed. A turn the other way is a *reflex vertex*; a turn of
180 degrees is a *spike*; a walk that goes around twice (a pentagram) crosses
itself even though every turn goes the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gjkcli.shapes.base import Vec
from gjkcli.tolerances import COLLINEAR_SINE

__all__ = ["RingProblem", "convexity_problem", "open_ring"]


@dataclass(frozen=True)
class RingProblem:
    """Why a ring is not a convex polygon, and at which input vertex."""

    index: int | None
    message: str


def open_ring(points: Sequence[Vec]) -> list[Vec]:
    """The ring without its closing point, if it repeats the first one.

    >>> open_ring([(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (0.0, 0.0)])
    [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]
    """
    ring = list(points)
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    return ring


def convexity_problem(points: Sequence[Vec]) -> RingProblem | None:
    """``None`` if the ring bounds a convex polygon of positive area, else the problem.

    Indices refer to ``points`` as given (after dropping a closing point).

    >>> convexity_problem([(0, 0), (2, 0), (2, 2), (0, 2)]) is None
    True
    >>> convexity_problem([(0, 0), (1, 0), (2, 0), (2, 2), (2, 2), (0, 2)]) is None
    True
    >>> convexity_problem([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2)])
    RingProblem(index=2, message='reflex vertex')
    >>> convexity_problem([(0, 0), (1, 0), (2, 0)]).message
    'zero area: all points lie on one line (use a segment or a hull)'
    """
    ring = open_ring(points)
    # Positions of the distinct consecutive vertices, with their input indices.
    kept: list[tuple[int, Vec]] = []
    for index, p in enumerate(ring):
        if not kept or kept[-1][1] != p:
            kept.append((index, p))
    if len(kept) > 1 and kept[0][1] == kept[-1][1]:
        kept.pop()
    if len(kept) < 3:
        return RingProblem(None, f"needs at least 3 distinct points, got {len(kept)}")

    n = len(kept)
    turns = [_turn(kept[i - 1][1], kept[i][1], kept[(i + 1) % n][1]) for i in range(n)]
    # Shoelace formula about the first vertex: far from the origin, products
    # of absolute coordinates would cancel catastrophically.
    ox, oy = kept[0][1]
    twice_area = 0.0
    for i in range(1, n - 1):
        (x0, y0), (x1, y1) = kept[i][1], kept[i + 1][1]
        twice_area += (x0 - ox) * (y1 - oy) - (x1 - ox) * (y0 - oy)
    if all(straight for _, _, straight in turns):
        return RingProblem(None, "zero area: all points lie on one line (use a segment or a hull)")
    if twice_area == 0.0:
        return RingProblem(None, "the ring crosses itself (its signed area is zero)")
    orientation = 1.0 if twice_area > 0.0 else -1.0

    total_turn = 0.0
    for (index, _), (cross, dot, straight) in zip(kept, turns, strict=True):
        if straight and dot < 0.0:
            return RingProblem(index, "spike (the ring doubles back on itself)")
        if not straight and cross * orientation < 0.0:
            return RingProblem(index, "reflex vertex")
        total_turn += math.atan2(max(cross * orientation, 0.0), dot)
    if total_turn > 3.0 * math.pi:
        return RingProblem(None, "the ring winds around more than once (it crosses itself)")
    return None


def _turn(before: Vec, at: Vec, after: Vec) -> tuple[float, float, bool]:
    """Cross and dot product of the edges meeting at ``at``, and whether the turn is straight."""
    ex, ey = at[0] - before[0], at[1] - before[1]
    fx, fy = after[0] - at[0], after[1] - at[1]
    cross = ex * fy - ey * fx
    straight = abs(cross) <= COLLINEAR_SINE * math.hypot(ex, ey) * math.hypot(fx, fy)
    return cross, ex * fx + ey * fy, straight
