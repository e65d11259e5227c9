"""Penetration depth, normal and contact points of overlapping shapes: EPA.

When ``A`` and ``B`` overlap the origin lies inside ``M = A - B``. Moving ``B``
by ``t`` moves ``M`` by ``-t``, so the shortest move of ``B`` that leaves the
two just touching is the point of ``M``'s boundary nearest the origin: its
length is the *depth*, its direction the *normal*.

The expanding polytope algorithm (EPA) finds that point by growing a polygon
inside ``M``, starting from the simplex GJK ended with. Each step takes the
polygon's edge nearest the origin and asks for the farthest point of ``M``
along that edge's outward normal. If that point is one of the edge's own two
ends, or lies no more than :data:`~gjkcli.tolerances.PENETRATION_RELATIVE`
times the overlap's size (plus rounding) beyond the edge, the edge lies on
``M``'s boundary and its distance is the depth. Otherwise the point becomes a
new corner and the step repeats. The true depth is never below the nearest
edge's distance (the polygon lies inside ``M``) nor above the support point's,
so the stopping rule bounds the error.

GJK may end with a segment or a single point through the origin instead of a
triangle (touching shapes, a shared edge): the polygon then starts from the
support points on both sides of it. Rounded shapes (circles, capsules,
margins) are handled on their cores: if the cores are apart, the depth is the
sum of the radii minus the cores' distance, along the line between the cores'
closest points, which is exact; if the cores overlap, the radii add to the
cores' depth.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple, cast

from gjkcli.algorithms.compiled import core
from gjkcli.algorithms.distance import (
    DistanceResult,
    magnitude,
    reference_distance,
    witness_points,
)
from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.algorithms.pictured import Pictured
from gjkcli.algorithms.simplex import closest_to_origin
from gjkcli.algorithms.support import SupportPoint, minkowski_support
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.rounded import split_radius, surface_points
from gjkcli.tolerances import EPA_MAX_ITERATIONS, PENETRATION_RELATIVE, rounding

__all__ = [
    "EpaOutcome",
    "EpaStep",
    "Penetration",
    "PenetrationStatus",
    "penetration",
    "reference_penetration",
]

PenetrationStatus = Literal[
    "duplicate-support", "converged", "cores-apart", "degenerate", "max-iterations"
]

EpaOutcome = Literal["added", "duplicate-support", "converged", "degenerate", "max-iterations"]
"""What one EPA step did: ``added`` a corner, or the status the loop stopped with."""

_UP: Vec = (0.0, 1.0)  # the normal when A - B is a single point: every direction is as good


@dataclass(frozen=True)
class Penetration(Pictured):
    """How deeply two shapes overlap.

    Moving ``B`` by ``depth * normal`` leaves the shapes just touching, with
    ``contact[0]`` (on ``A``) and ``contact[1]`` (on ``B``, before the move)
    the points that then meet. ``depth`` is the least such move to within
    ``error``: the gap between the edge EPA ended on and the support point
    beyond it, 0 when that point is one of the edge's ends (status
    ``duplicate-support``, the usual end for polygons), at most
    ``PENETRATION_RELATIVE * size + rounding(scale)`` when it is close enough (status
    ``converged``, the usual end for curved shapes), more only at the
    iteration cap. ``cores-apart`` means the answer came from rounded shapes'
    radii alone; ``degenerate`` that the cores' ``A - B`` has no interior
    (points or collinear segments: the cores' depth is 0, so the depth is the
    sum of the radii, 0 without them, and ``normal`` is one of the directions
    that separates the cores). ``float(penetration)`` is the depth, and a number
    format formats it.
    """

    depth: float
    normal: Vec
    contact: tuple[Vec, Vec]
    iterations: int
    status: PenetrationStatus
    error: float = 0.0

    def __float__(self) -> float:
        """The depth."""
        return self.depth

    def __format__(self, spec: str) -> str:
        """The depth in a number format (``f"{overlap:.3f}"``); the whole result for ``""``."""
        return format(self.depth, spec) if spec else str(self)


@dataclass(frozen=True)
class EpaStep:
    """One iteration of EPA's loop, as ``--trace`` tells it and the pictures draw it.

    ``polygon`` is the polygon inside ``A - B`` before the step (counter-clockwise;
    points of the cores' ``A - B`` for rounded shapes), ``edge`` its edge nearest the
    origin, at distance ``height`` along the outward unit ``normal``; ``support`` is
    the farthest point of ``A - B`` along the normal, ``reach`` its distance along it,
    and ``threshold`` how far beyond the edge it may lie for the loop to stop as
    converged. ``outcome`` is ``added`` (the point became a corner between the edge's
    ends) or the status the loop stopped with.
    """

    iteration: int
    polygon: tuple[Vec, ...]
    edge: tuple[Vec, Vec]
    normal: Vec
    height: float
    support: SupportPoint
    reach: float
    threshold: float
    outcome: EpaOutcome


def penetration(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    gjk: DistanceResult | None = None,
    recorder: list[EpaStep] | None = None,
) -> Penetration | None:
    """Depth, normal and contact points, or ``None`` if the shapes do not intersect.

    ``gjk`` is the distance query's result for the same pair, if already known.
    When ``recorder`` is a list, one :class:`EpaStep` is appended per iteration
    (the pure-Python loop runs, as ``--trace`` needs).

    >>> from gjkcli.shapes import circle, rectangle
    >>> deep = penetration(circle((0.0, 0.0), 2.0), circle((3.0, 0.0), 2.0))
    >>> deep.depth, deep.normal, deep.contact
    (1.0, (1.0, 0.0), ((2.0, 0.0), (1.0, 0.0)))
    >>> boxes = penetration(rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((3.5, 0.5), (4.0, 2.0)))
    >>> boxes.depth, boxes.normal, boxes.status
    (0.5, (1.0, 0.0), 'duplicate-support')
    >>> penetration(circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)) is None
    True

    The compiled core answers when it is active, with the same result as
    :func:`reference_penetration` to the last bit.
    """
    if recorder is None and (fast := core()) is not None:
        answer = fast.penetration(shape_a, shape_b, gjk)
        if answer is not NotImplemented:
            return cast("Penetration | None", answer)
    return reference_penetration(shape_a, shape_b, gjk, recorder)


def reference_penetration(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    gjk: DistanceResult | None = None,
    recorder: list[EpaStep] | None = None,
) -> Penetration | None:
    """:func:`penetration` by the pure-Python loops: the reference, and what ``--trace`` runs.

    >>> from gjkcli.shapes import Polytope
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> b = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))
    >>> steps: list[EpaStep] = []
    >>> reference_penetration(a, b, recorder=steps) == penetration(a, b)
    True
    >>> [(step.edge, step.outcome) for step in steps]
    [(((2.0, -2.0), (0.0, 2.0)), 'duplicate-support')]
    """
    gjk = gjk if gjk is not None else reference_distance(shape_a, shape_b)
    if not gjk.intersects:
        return None
    core_a, radius_a = split_radius(shape_a)
    core_b, radius_b = split_radius(shape_b)
    simplex = list(gjk.simplex)
    if len(simplex) < 3 and radius_a + radius_b > 0.0:
        closest = closest_to_origin([p.w for p in simplex])
        pa, pb = witness_points([simplex[i] for i in closest.kept], closest.weights)
        gap = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
        if gap > gjk.band:
            normal = ((pb[0] - pa[0]) / gap, (pb[1] - pa[1]) / gap)
            depth = max(radius_a + radius_b - gap, 0.0)
            return _finish(
                depth, normal, (pa, pb), (radius_a, radius_b), iterations=0, status="cores-apart"
            )
    polygon = _starting_polygon(core_a, core_b, simplex)
    if len(polygon) < 3:
        closest = closest_to_origin([p.w for p in polygon])
        witnesses = witness_points([polygon[i] for i in closest.kept], closest.weights)
        normal = _UP
        if len(polygon) == 2:
            (x1, y1), (x2, y2) = polygon[0].w, polygon[1].w
            length = math.hypot(x2 - x1, y2 - y1)
            normal = (-(y2 - y1) / length, (x2 - x1) / length)
        return _finish(
            0.0, normal, witnesses, (radius_a, radius_b), iterations=0, status="degenerate"
        )
    return _expand(core_a, core_b, polygon, (radius_a, radius_b), recorder)


def _expand(
    core_a: ConvexShape,
    core_b: ConvexShape,
    polygon: list[SupportPoint],
    radii: tuple[float, float],
    recorder: list[EpaStep] | None = None,
) -> Penetration:
    """The EPA loop proper, on a counter-clockwise polygon that contains the origin.

    The polygon's edges wait in a heap by distance from the origin; the
    nearest is taken, and either it lies on the boundary (stop) or the support
    point along its normal splits it in two. The depth reported is that support
    point's reach along the normal: moving B that far leaves the shapes exactly
    touching along the normal, and it exceeds the true depth by at most
    ``error``, the support point's distance beyond the edge. ``recorder`` hears of
    each step (the corners are kept in order for it only).
    """
    corners = list(polygon) if recorder is not None else []
    scale = max(magnitude(p) for p in polygon)
    size = max(math.hypot(*p.w) for p in polygon)
    heap: list[_Edge] = []
    order = itertools.count()
    for k, start in enumerate(polygon):
        _push(heap, order, start, polygon[(k + 1) % len(polygon)])
    iterations = 0
    while True:
        edge = heapq.heappop(heap)
        point = minkowski_support(core_a, core_b, edge.normal)
        iterations += 1
        scale = max(scale, magnitude(point))
        size = max(size, math.hypot(*point.w))
        reach = edge.normal[0] * point.w[0] + edge.normal[1] * point.w[1]
        threshold = PENETRATION_RELATIVE * size + rounding(scale)
        outcome: EpaOutcome
        if point.w in (edge.start.w, edge.end.w):
            outcome = "duplicate-support"  # on the boundary: exact
        elif not math.isfinite(reach):
            outcome = "degenerate"
        elif reach - edge.height <= threshold:
            outcome = "converged"
        elif iterations == EPA_MAX_ITERATIONS:
            outcome = "max-iterations"
        else:
            outcome = "added"
        if recorder is not None:
            recorder.append(
                EpaStep(
                    iterations,
                    tuple(p.w for p in corners),
                    (edge.start.w, edge.end.w),
                    edge.normal,
                    edge.height,
                    point,
                    reach,
                    threshold,
                    outcome,
                )
            )
        if outcome == "added":
            _push(heap, order, edge.start, point)
            _push(heap, order, point, edge.end)
            if recorder is not None:
                corners.insert(next(i for i, p in enumerate(corners) if p is edge.start) + 1, point)
            continue
        status: PenetrationStatus = outcome
        if outcome in ("duplicate-support", "degenerate"):
            reach = edge.height
        break
    (sx, sy), (ex, ey) = edge.start.w, edge.end.w
    dx, dy = ex - sx, ey - sy
    t = min(max(-(sx * dx + sy * dy) / (dx * dx + dy * dy), 0.0), 1.0)
    witnesses = witness_points([edge.start, edge.end], (1.0 - t, t))
    return _finish(
        max(reach, 0.0),
        edge.normal,
        witnesses,
        radii,
        iterations=iterations,
        status=status,
        error=max(reach - max(edge.height, 0.0), 0.0),
    )


class _Edge(NamedTuple):
    """A polygon edge in the heap: nearest the origin first, then oldest first."""

    height: float
    order: int
    start: SupportPoint
    end: SupportPoint
    normal: Vec


def _push(heap: list[_Edge], order: Iterator[int], start: SupportPoint, end: SupportPoint) -> None:
    """Queue the edge from ``start`` to ``end`` with its outward normal and distance."""
    ex, ey = end.w[0] - start.w[0], end.w[1] - start.w[1]
    length = math.hypot(ex, ey)
    if length == 0.0:
        return
    normal = (ey / length, -ex / length)  # outward for a counter-clockwise polygon
    height = normal[0] * start.w[0] + normal[1] * start.w[1]
    heapq.heappush(heap, _Edge(height, next(order), start, end, normal))


def _starting_polygon(
    core_a: ConvexShape, core_b: ConvexShape, simplex: list[SupportPoint]
) -> list[SupportPoint]:
    """GJK's final simplex grown into a counter-clockwise polygon around the origin.

    A triangle is used as it is. A segment through the origin gains the
    support points on both sides of it, a single point those along both axes;
    fewer than three corners come back only when ``A - B`` has no interior.
    """
    points = list(simplex)
    if len(points) == 2:
        (x1, y1), (x2, y2) = points[0].w, points[1].w
        directions = [(y2 - y1, x1 - x2), (y1 - y2, x2 - x1)]
    elif len(points) == 1:
        directions = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]
    else:
        directions = []
    points.extend(minkowski_support(core_a, core_b, d) for d in directions)
    return [points[i] for i in convex_hull_indices([p.w for p in points])]


def _finish(
    core_depth: float,
    normal: Vec,
    witnesses: tuple[Vec, Vec],
    radii: tuple[float, float],
    *,
    iterations: int,
    status: PenetrationStatus,
    error: float = 0.0,
) -> Penetration:
    """Add the radii of rounded shapes: A's surface lies ``ra`` beyond its core along the normal."""
    nx, ny = normal
    depth = core_depth if status == "cores-apart" else core_depth + radii[0] + radii[1]
    contact = surface_points(witnesses, normal, radii)
    return Penetration(depth, (nx + 0.0, ny + 0.0), contact, iterations, status, error)
