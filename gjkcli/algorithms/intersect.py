"""Boolean GJK: do two convex shapes share a point?

This is the algorithm as the seed articles teach it. Search along a
direction for the farthest point of the Minkowski difference ``A - B``; if even
that point does not reach the origin (its dot product with the direction is
negative), a separating axis has been found and the shapes are apart.
Otherwise add it to the simplex and choose the next direction:

* after the first point, search the opposite way;
* with two points (a segment), search along the segment's perpendicular on
  the origin's side;
* with three points (a triangle ``a, b, c``, ``a`` the newest), the origin is
  beyond edge ``ab`` or beyond edge ``ac`` (then drop the vertex off that edge
  and search along the edge's outward perpendicular) or inside the triangle
  (then the shapes intersect). Edge ``bc`` need not be tested: the previous
  step already put the origin on ``a``'s side of it. That reasoning fails
  when the three points are nearly collinear and the origin lies close to
  their line, where rounding decides the signs of the edge tests. So a
  triangle whose area is within rounding of zero is handled like a segment
  (below), and an "inside" is confirmed by the triangle's closest point to the
  origin (found from dot products along the edges, which rounding does not
  flip): if that point is farther than rounding from the origin, the search
  goes on from it.

Touching counts as intersecting, so only a *negative* dot product separates.
Where the article's loop could stall (a support point that is already in the
simplex, which happens when the origin lies on the line of an edge of
``A - B``), this version searches from the simplex's closest point straight
towards the origin instead, and answers "intersecting" if the origin is on the
simplex; a point found that way which the simplex drops again at once
(it brings the simplex no nearer the origin) ends the run the same way. A
separating axis is the only proof of separation: if the loop stops
without one (iteration cap, degenerate numbers) the answer is "intersecting",
with the reason in ``status``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, cast

from gjkcli.algorithms.compiled import core
from gjkcli.algorithms.pictured import Pictured
from gjkcli.algorithms.simplex import Closest, closest_to_origin, normal_towards_origin
from gjkcli.algorithms.support import SupportPoint, first_direction, minkowski_support
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import MAX_ITERATIONS, rounding

__all__ = [
    "BOOLEAN_FIRST_DIRECTION",
    "IntersectResult",
    "IntersectStatus",
    "IntersectStep",
    "intersects",
    "reference_intersects",
]

BOOLEAN_FIRST_DIRECTION: Vec = (0.0, 1.0)
"""The boolean run's first search direction (the seed article's), unless the caller gives
another."""

IntersectStatus = Literal[
    "separating-axis", "contains-origin", "duplicate-support", "degenerate", "max-iterations"
]


@dataclass(frozen=True)
class IntersectStep:
    """One support point of a boolean GJK run, for tracing.

    ``direction`` is the search direction, ``support`` the point found,
    ``dot`` its dot product with the direction (negative: separated),
    ``simplex`` the simplex after the step, ``region`` what decided the next
    move, ``dropped`` the simplex points removed and
    ``next_direction`` the direction of the next step (``None`` at the end).
    """

    iteration: int
    direction: Vec
    support: SupportPoint
    dot: float
    simplex: tuple[Vec, ...]
    region: str
    dropped: tuple[Vec, ...]
    next_direction: Vec | None


@dataclass(frozen=True)
class IntersectResult(Pictured):
    """The answer of :func:`intersects`.

    ``direction`` is the last search direction: a separating axis when
    ``status`` is ``"separating-axis"``. The result is truthy exactly when the
    shapes intersect, so ``if intersects(a, b):`` reads as it should:

    >>> from gjkcli.shapes import circle
    >>> bool(intersects(circle((0.0, 0.0), 1.0), circle((10.0, 0.0), 1.0)))
    False
    """

    intersects: bool
    iterations: int
    status: IntersectStatus
    simplex: tuple[SupportPoint, ...]
    direction: Vec

    def __bool__(self) -> bool:
        """Whether the shapes intersect (touching counts)."""
        return self.intersects


def intersects(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    direction: Vec = BOOLEAN_FIRST_DIRECTION,
    recorder: list[IntersectStep] | None = None,
) -> IntersectResult:
    """Whether two convex shapes share a point (touching counts), by boolean GJK.

    ``direction`` is the first search direction (the seed article uses
    ``(0, 1)``). When ``recorder`` is a list, one :class:`IntersectStep` is
    appended per support point.

    >>> from gjkcli.shapes import Polytope
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> b = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))
    >>> result = intersects(a, b)
    >>> result.intersects, result.iterations, result.status
    (True, 3, 'contains-origin')
    >>> far = Polytope(((5.0, 0.0), (6.0, 0.0)))
    >>> intersects(a, far).intersects
    False
    """
    if direction is not BOOLEAN_FIRST_DIRECTION:  # the usual one needs no checking
        direction = first_direction(direction)
    if recorder is None and (fast := core()) is not None:
        answer = fast.intersects(shape_a, shape_b, direction)
        if answer is not NotImplemented:
            return cast(IntersectResult, answer)
    return reference_intersects(shape_a, shape_b, direction, recorder)


def reference_intersects(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    direction: Vec = BOOLEAN_FIRST_DIRECTION,
    recorder: list[IntersectStep] | None = None,
) -> IntersectResult:
    """:func:`intersects` by the pure-Python loop: the reference, and what ``--trace`` runs.

    >>> from gjkcli.shapes import Polytope
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> reference_intersects(a, Polytope(((5.0, 0.0),))) == intersects(a, Polytope(((5.0, 0.0),)))
    True
    """
    d = direction
    simplex: list[SupportPoint] = []
    from_closest = False  # was d chosen from the simplex's closest point?
    for iteration in range(1, MAX_ITERATIONS + 1):
        point = minkowski_support(shape_a, shape_b, d)
        dot = point.w[0] * d[0] + point.w[1] * d[1]
        outcome: IntersectStatus | None = None
        if not math.isfinite(dot):
            outcome, step = "degenerate", _Step(None, "not a finite number")
        elif dot < 0.0:
            outcome = "separating-axis"
            step = _Step(None, "separated: the support point does not reach the origin")
        elif any(point.w == kept.w for kept in simplex):
            if from_closest:
                # Searching straight at the origin found nothing new: the origin
                # is on the boundary of A - B, to within rounding.
                outcome = "duplicate-support"
                step = _Step(None, "repeated support point again: the origin is on the boundary")
            else:
                step = _towards_origin(simplex, "repeated support point: ")
        else:
            simplex.append(point)
            step = _next_direction(simplex, d)
            if from_closest and point.w in step.dropped:
                # Searching straight at the origin found a point that brings the
                # simplex no nearer: the origin is on the boundary, to within rounding.
                outcome = "duplicate-support"
                step = _Step(None, step.region + "; no nearer: the origin is on the boundary")
        if recorder is not None:
            recorder.append(
                IntersectStep(
                    iteration,
                    d,
                    point,
                    dot,
                    tuple(p.w for p in simplex),
                    step.region,
                    step.dropped,
                    step.direction,
                )
            )
        if outcome is not None or step.direction is None:
            final: IntersectStatus = outcome or "contains-origin"
            return IntersectResult(final != "separating-axis", iteration, final, tuple(simplex), d)
        from_closest = step.from_closest
        d = step.direction
    return IntersectResult(True, MAX_ITERATIONS, "max-iterations", tuple(simplex), d)


@dataclass(frozen=True)
class _Step:
    """What one step decided: the next direction (``None``: the origin is enclosed)."""

    direction: Vec | None
    region: str
    dropped: tuple[Vec, ...] = ()
    from_closest: bool = False


def _next_direction(simplex: list[SupportPoint], d: Vec) -> _Step:
    """The seed's cases for a simplex of 1, 2 or 3 points; updates ``simplex`` in place."""
    if len(simplex) == 1:
        if simplex[0].w == (0.0, 0.0):
            return _Step(None, "the first support point is the origin")
        return _Step((-d[0], -d[1]), "first point: search the opposite way")
    if len(simplex) == 2:
        perpendicular = normal_towards_origin(simplex[0].w, simplex[1].w)
        return _Step(perpendicular, "segment: search along its perpendicular towards the origin")
    return _triangle_case(simplex)


def _triangle_case(simplex: list[SupportPoint]) -> _Step:
    """Is the origin beyond edge ``ab``, beyond edge ``ac``, or inside?"""
    c, b, a = (p.w for p in simplex)
    ab, ac, ao = (b[0] - a[0], b[1] - a[1]), (c[0] - a[0], c[1] - a[1]), (-a[0], -a[1])
    if abs(ab[0] * ac[1] - ab[1] * ac[0]) <= rounding(math.hypot(*ab) * math.hypot(*ac)):
        return _towards_origin(simplex, "collinear triangle: ")
    ab_out = _outward(ab, ac)
    if ab_out[0] * ao[0] + ab_out[1] * ao[1] > 0.0:
        dropped = simplex.pop(0)
        return _Step(ab_out, "origin beyond edge ab: drop c", (dropped.w,))
    ac_out = _outward(ac, ab)
    if ac_out[0] * ao[0] + ac_out[1] * ao[1] > 0.0:
        dropped = simplex.pop(1)
        return _Step(ac_out, "origin beyond edge ac: drop b", (dropped.w,))
    closest = closest_to_origin((c, b, a))
    size = max(abs(x) for vertex in (a, b, c) for x in vertex)
    if len(closest.kept) == 3 or math.hypot(*closest.v) <= rounding(size):
        return _Step(None, "origin inside the triangle")
    why = "a sliver triangle whose closest point is not the origin: "
    return _towards_origin(simplex, why, closest)


def _outward(edge: Vec, other: Vec) -> Vec:
    """The perpendicular of ``edge`` that points away from ``other`` (both from the same vertex)."""
    perp = (edge[1], -edge[0])
    if perp[0] * other[0] + perp[1] * other[1] > 0.0:
        return (-perp[0], -perp[1])
    return perp


def _towards_origin(simplex: list[SupportPoint], why: str, closest: Closest | None = None) -> _Step:
    """Reduce ``simplex`` to its feature nearest the origin (``closest``, when it is
    known already) and search towards the origin."""
    if closest is None:
        closest = closest_to_origin([p.w for p in simplex])
    dropped = tuple(p.w for i, p in enumerate(simplex) if i not in closest.kept)
    simplex[:] = [simplex[i] for i in closest.kept]
    vx, vy = closest.v
    if vx == 0.0 and vy == 0.0:
        return _Step(None, why + "the origin is on the simplex", dropped)
    region = why + "search from the closest point towards the origin"
    return _Step((-vx, -vy), region, dropped, from_closest=True)
