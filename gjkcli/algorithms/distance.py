"""GJK distance: how far apart two convex shapes are, and their closest points.

The loop keeps a simplex of Minkowski-difference points and its point ``v``
closest to the origin (see :mod:`gjkcli.algorithms.simplex`). Each iteration
asks for the farthest point ``w`` of ``A - B`` in the direction ``-v``, towards
the origin:

* ``|v|`` is an upper bound on the distance (``v`` is a point of ``A - B``) and
  ``v.w / |v|`` a lower bound (no point of ``A - B`` lies beyond ``w`` along
  ``-v``). When the two meet, to the relative tolerance
  :data:`~gjkcli.tolerances.CONVERGENCE_RELATIVE`, the answer is found
  (status ``converged``).
* For polytopes the loop usually ends sooner: the new support point is one the
  simplex already has (status ``duplicate-support``), which in exact arithmetic
  means ``v`` is optimal.
* A triangle that contains the origin, or a simplex that passes within the
  touching band of it, ends the loop with status ``contains-origin``: the
  shapes intersect.
* A search direction that is zero or not finite ends it with status
  ``degenerate``, and :data:`~gjkcli.tolerances.MAX_ITERATIONS` is a hard cap
  (status ``max-iterations``). The loop cannot run forever.
* In exact arithmetic the new support point always belongs to the simplex's
  feature nearest the origin. Where rounding drops it (a sliver of ``A - B``
  whose far corners are 1e10 away), a triangle that holds the origin,
  decided exactly on the shapes' points, ends the loop (``contains-origin``);
  else the loop searches once straight from ``v`` at the origin, and if that
  finds nothing new it stops (``degenerate``) instead of finding the same
  point until the cap.

Rounded shapes (circles, capsules, margins) are handled the exact way: the
loop runs on their cores and the radii are subtracted at the end.

For a segment simplex the search direction is the segment's normal rather
than ``-v`` itself: both point the same way in exact arithmetic, but the normal
is computed from the segment alone and stays accurate when ``v`` is tiny.
The progress test measures along the same direction, from the point of the
simplex nearest ``v``: ``|v| * d.(w - w1) / |d|``, which equals ``|v|^2 - v.w``
in exact arithmetic. Computed as ``|v|^2 - v.w`` it would carry the rounding of ``v``
itself (about ``eps`` times the simplex's size, not ``eps`` times ``|v|``)
times ``|w|``: when a long, thin ``A - B`` passes close to the origin that
error exceeds ``|v|^2`` many times over, and the loop stopped as converged
short of the origin, answering "separated" for shapes that cross. The
rounding allowed in that test is likewise that of the shape points behind
``w`` and ``w1`` *along the direction* (:func:`near_scale`): the far end of an
ellipse 1e20 long, lying across the direction, must not drown a gap of 1, and
``w1`` is not the far end of a segment 1e12 long whose other end is near ``v``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, cast

from gjkcli.algorithms.bounds import noise
from gjkcli.algorithms.compiled import core
from gjkcli.algorithms.pictured import Pictured
from gjkcli.algorithms.simplex import (
    Closest,
    closest_to_origin,
    normal_towards_origin,
    triangle_around_origin,
)
from gjkcli.algorithms.support import SupportPoint, first_direction, minkowski_support
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.rounded import split_radius, surface_points
from gjkcli.tolerances import (
    CONVERGENCE_RELATIVE,
    MAX_ITERATIONS,
    rounding,
    touch_band,
)

__all__ = [
    "DISTANCE_FIRST_DIRECTION",
    "DistanceResult",
    "DistanceStatus",
    "DistanceStep",
    "distance",
    "magnitude",
    "near_scale",
    "reference_distance",
    "total",
    "witness_points",
]

DISTANCE_FIRST_DIRECTION: Vec = (1.0, 0.0)
"""The distance run's first search direction, unless the caller gives another."""

DistanceStatus = Literal[
    "converged", "duplicate-support", "contains-origin", "degenerate", "max-iterations"
]


@dataclass(frozen=True)
class DistanceStep:
    """One iteration (one support point) of a GJK distance run, for tracing.

    ``direction`` is the search direction, ``support`` the point of ``A - B``
    it found, ``gap`` the amount ``|v|^2 - v.w`` by which that point could
    still improve on the previous closest point ``v``, and ``threshold`` the
    gap below which the loop stops as converged (both ``None`` for the first
    point). ``simplex``, ``weights``, ``closest`` and ``norm`` describe the
    simplex after the step, reduced to the feature nearest the origin, and
    that nearest point; ``dropped`` are the points the reduction removed.
    ``outcome`` is ``"added"``, or the status the run stopped with.
    """

    iteration: int
    direction: Vec
    support: SupportPoint
    gap: float | None
    threshold: float | None
    simplex: tuple[Vec, ...]
    dropped: tuple[Vec, ...]
    weights: tuple[float, ...]
    closest: Vec
    norm: float
    outcome: str


@dataclass(frozen=True)
class DistanceResult(Pictured):
    """The answer of :func:`distance`.

    ``distance`` is 0 and ``closest`` is ``None`` when the shapes intersect.
    ``raw_distance`` is the distance as computed, before the touching band is
    applied (equal to ``distance`` for separated shapes), and ``witness`` the
    closest points as computed (``None`` when the final simplex is a triangle),
    kept when the band calls the shapes touching: a proof of separation can
    still overrule the band (:func:`gjkcli.algorithms.verdict.settle`).
    ``simplex`` is the final simplex of the cores' Minkowski difference,
    ``radii`` the radii that were split off the two shapes, ``band`` the
    touching band used: ``TOUCH_RELATIVE`` times the size of the numbers the
    final distance was computed from (:func:`near_scale`, plus the radii and the
    distance itself).

    The result stands in for its distance where a number is wanted, as
    Shapely's ``distance`` returns one: ``float(result)``, ordering comparisons
    with numbers (and other results), ``round``, number formats, and truth
    (true when the shapes are apart). It is not a number: ``==`` compares whole
    results, and arithmetic and NumPy need ``float(result)``.

    >>> from gjkcli.shapes import circle
    >>> result = distance(circle((0.0, 0.0), 1.0), circle((10.0, 0.0), 1.0))
    >>> float(result), result < 9.0, result >= 8, f"{result:.2f}", round(result, 1), bool(result)
    (8.0, True, True, '8.00', 8.0, True)
    >>> bool(distance(circle((0.0, 0.0), 1.0), circle((1.0, 0.0), 1.0)))
    False
    """

    distance: float
    intersects: bool
    closest: tuple[Vec, Vec] | None
    iterations: int
    status: DistanceStatus
    raw_distance: float
    band: float
    simplex: tuple[SupportPoint, ...]
    radii: tuple[float, float]
    witness: tuple[Vec, Vec] | None = None

    def __float__(self) -> float:
        """The distance."""
        return self.distance

    def __bool__(self) -> bool:
        """True when the shapes are apart (a nonzero distance), as for a float."""
        return self.distance != 0.0

    def __format__(self, spec: str) -> str:
        """The distance in a number format (``f"{result:.3f}"``); the whole result for ``""``."""
        return format(self.distance, spec) if spec else str(self)

    def __round__(self, digits: int | None = None) -> float:
        """The distance rounded, as ``round`` rounds a float (``round(result, 3)``)."""
        return round(self.distance, digits) if digits is not None else float(round(self.distance))

    def __lt__(self, other: object) -> bool:
        """Whether the distance is less than a number (or another result's distance)."""
        value = _as_distance(other)
        return NotImplemented if value is None else self.distance < value

    def __le__(self, other: object) -> bool:
        """Whether the distance is at most a number (or another result's distance)."""
        value = _as_distance(other)
        return NotImplemented if value is None else self.distance <= value

    def __gt__(self, other: object) -> bool:
        """Whether the distance is greater than a number (or another result's distance)."""
        value = _as_distance(other)
        return NotImplemented if value is None else self.distance > value

    def __ge__(self, other: object) -> bool:
        """Whether the distance is at least a number (or another result's distance)."""
        value = _as_distance(other)
        return NotImplemented if value is None else self.distance >= value

    def with_band(self, band: float) -> DistanceResult:
        """This result with another touching band (``dataclasses.replace``, done faster)."""
        return DistanceResult(
            self.distance,
            self.intersects,
            self.closest,
            self.iterations,
            self.status,
            self.raw_distance,
            band,
            self.simplex,
            self.radii,
            self.witness,
        )

    def settled_as(
        self,
        distance: float,
        closest: tuple[Vec, Vec] | None,
        band: float,
        simplex: tuple[SupportPoint, ...],
    ) -> DistanceResult:
        """This run's result with the answer a proof or the band settled
        (:func:`gjkcli.algorithms.verdict.settle`): apart, at ``distance``, with the
        ``closest`` points, or intersecting when ``closest`` is ``None``; the run itself
        (iterations, status, raw distance, radii, witness points) as it was."""
        return DistanceResult(
            distance,
            closest is None,
            closest,
            self.iterations,
            self.status,
            self.raw_distance,
            band,
            simplex,
            self.radii,
            self.witness,
        )


def distance(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    recorder: list[DistanceStep] | None = None,
    direction: Vec = DISTANCE_FIRST_DIRECTION,
) -> DistanceResult:
    """Distance and closest points between two convex shapes, by GJK.

    When ``recorder`` is a list, one :class:`DistanceStep` is appended per
    iteration. ``direction`` is the first search direction (``--direction`` sets it
    for a walk-through). The compiled core answers when it is active, no recorder is
    given and the first direction is the usual one, with the same result as
    :func:`reference_distance` to the last bit.

    >>> from gjkcli.shapes import circle, rectangle, segment
    >>> result = distance(rectangle((0.0, 0.0), (2.0, 2.0)), circle((4.0, 0.0), 1.0))
    >>> result.distance, result.closest
    (2.0, ((1.0, 0.0), (3.0, 0.0)))
    >>> distance(segment((0.0, -1.0), (0.0, 1.0)), circle((0.5, 0.0), 1.0)).intersects
    True
    """
    if direction is not DISTANCE_FIRST_DIRECTION:  # the usual one needs no checking
        direction = first_direction(direction)
    if recorder is None and direction == DISTANCE_FIRST_DIRECTION and (fast := core()) is not None:
        answer = fast.distance(shape_a, shape_b)
        if answer is not NotImplemented:
            return cast(DistanceResult, answer)
    return reference_distance(shape_a, shape_b, recorder, direction)


def reference_distance(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    recorder: list[DistanceStep] | None = None,
    direction: Vec = DISTANCE_FIRST_DIRECTION,
) -> DistanceResult:
    """:func:`distance` by the pure-Python loop: the reference, and what ``--trace`` runs.

    >>> from gjkcli.shapes import circle, rectangle
    >>> box, disc = rectangle((0.0, 0.0), (2.0, 2.0)), circle((4.0, 0.0), 1.0)
    >>> reference_distance(box, disc) == distance(box, disc)
    True
    """
    core_a, radius_a = split_radius(shape_a)
    core_b, radius_b = split_radius(shape_b)
    cores = (core_a, core_b)
    simplex: list[SupportPoint] = []
    closest = Closest((math.inf, math.inf), (), ())
    vv = math.inf  # |v|^2, v the point of the simplex closest to the origin
    status: DistanceStatus | None = None
    iterations = 0
    while status is None and iterations < MAX_ITERATIONS:
        iterations += 1
        searched = direction
        point = minkowski_support(core_a, core_b, searched)
        gap = threshold = None
        dropped: tuple[Vec, ...] = ()
        if simplex:
            # the gap is measured along the search direction, from the simplex point
            # nearest v (a far end 1e12 away would lend it its rounding): its rounding is
            # that of the shape points behind w and that point, along the direction
            base = simplex[max(range(len(simplex)), key=lambda i: closest.weights[i])]
            gap = _progress(base.w, searched, point.w, vv)
            reach = near_scale((point, base), searched)
            threshold = CONVERGENCE_RELATIVE * vv + rounding(math.sqrt(vv) * reach)
            status = _stop(point, simplex, gap, threshold)
        if status is None:
            candidates = [*simplex, point]
            candidate = _closest_keeping_the_new_point(candidates)
            stuck = candidate is None
            if candidate is None:  # rounding dropped the new point: the simplex stays
                candidates = simplex
                candidate = Closest(closest.v, tuple(range(len(simplex))), closest.weights)
            # the gap says the new point brings v closer, even when the improvement of
            # |v|^2 is below its resolution (a segment nearly square to v): keep it
            dropped = tuple(p.w for i, p in enumerate(candidates) if i not in candidate.kept)
            simplex = [candidates[i] for i in candidate.kept]
            closest, vv = (
                candidate,
                candidate.v[0] * candidate.v[0] + candidate.v[1] * candidate.v[1],
            )
            if stuck:
                # the segment's normal finds that point again and again: search straight
                # from v at the origin once (v may be all but an end of the segment),
                # and if that is no better, stop rather than cycle to the cap
                toward = (0.0 - closest.v[0], 0.0 - closest.v[1])
                if toward in (searched, (0.0, 0.0)):
                    status = "degenerate"
                direction = toward
            elif len(simplex) == 3 or vv <= _squared(
                touch_band(_band_size(candidate, simplex, cores))
            ):
                status = "contains-origin"
            else:
                direction = _search_direction(simplex, closest.v)
                length2 = direction[0] * direction[0] + direction[1] * direction[1]
                if not (length2 > 0.0 and math.isfinite(length2)):
                    status = "degenerate"
        if recorder is not None:
            recorder.append(
                DistanceStep(
                    iterations,
                    searched,
                    point,
                    gap,
                    threshold,
                    tuple(p.w for p in simplex),
                    dropped,
                    closest.weights,
                    closest.v,
                    math.sqrt(vv),
                    status or "added",
                )
            )
    return _finish(
        simplex,
        closest,
        status or "max-iterations",
        iterations=iterations,
        cores=cores,
        radii=(radius_a, radius_b),
    )


def _closest_keeping_the_new_point(candidates: list[SupportPoint]) -> Closest | None:
    """The closest point of the simplex with the new (last) point added.

    In exact arithmetic the new point always belongs to the feature nearest the
    origin: it lies beyond ``v`` towards the origin. Rounding can drop it (the
    region tests of a sliver triangle whose far corners are 1e10 away), and the
    loop would then find it again, and drop it again, until the cap. So a
    triangle that holds the origin, decided exactly, ends the run; else the
    nearer of the two edges through the new point, if it is nearer than the
    feature rounding chose; else ``None``: floating point can make no progress.
    """
    points = [p.w for p in candidates]
    found = closest_to_origin(points)
    new = len(points) - 1
    if new in found.kept:
        return found
    if len(points) == 2:
        return None
    around = triangle_around_origin([(p.a, p.b) for p in candidates])
    if around is not None:
        return around
    best = found
    for i in range(new):
        edge = closest_to_origin([points[i], points[new]])
        if _norm2(edge.v) < _norm2(best.v):
            best = Closest(edge.v, tuple(i if k == 0 else new for k in edge.kept), edge.weights)
    return None if best is found else best


def _as_distance(value: object) -> float | None:
    """A number, or a result's distance, as a float; ``None`` for anything else."""
    if isinstance(value, DistanceResult):
        return value.distance
    if isinstance(value, numbers.Real):
        return float(value)
    return None


def _squared(x: float) -> float:
    """``x * x``: one rounded product (``x ** 2`` asks the C library's ``pow``, whose
    rounding need not be the product's).

    >>> _squared(3.0)
    9.0
    """
    return x * x


def _norm2(v: Vec) -> float:
    return v[0] * v[0] + v[1] * v[1]


def _progress(first: Vec, d: Vec, w: Vec, vv: float) -> float:
    """``|v|^2 - v.w``, computed as ``|v| * d.(w - first) / |d|``: ``d`` is the search
    direction (``-v``, or the simplex segment's normal towards the origin) and
    ``first`` a point of the simplex, so that ``d.first / |d| = -|v|``.

    >>> _progress((3.0, 4.0), (-3.0, -4.0), (0.0, 1.0), 25.0)  # 25 - (3, 4).(0, 1)
    21.0
    """
    length = math.hypot(d[0], d[1])
    along = d[0] * (w[0] - first[0]) + d[1] * (w[1] - first[1])
    return math.sqrt(vv) * (along / length)  # divided first: no overflow below 1e154


def _stop(
    point: SupportPoint, simplex: list[SupportPoint], gap: float, threshold: float
) -> DistanceStatus | None:
    """Why the new support point ends the loop, or ``None`` if it may extend the simplex."""
    if any(point.w == p.w for p in simplex):
        return "duplicate-support"
    if not math.isfinite(gap):
        return "degenerate"
    if gap <= threshold:
        return "converged"
    return None


def _finish(
    simplex: list[SupportPoint],
    closest: Closest,
    status: DistanceStatus,
    *,
    iterations: int,
    cores: tuple[ConvexShape, ConvexShape],
    radii: tuple[float, float],
) -> DistanceResult:
    """Turn the final simplex into closest points, and apply the radii and the band."""
    final = tuple(simplex)
    if len(simplex) == 3:
        band = touch_band(_band_size(closest, simplex, cores) + radii[0] + radii[1])
        return DistanceResult(0.0, True, None, iterations, status, 0.0, band, final, radii)
    core_distance = _origin_distance(simplex, closest.weights)
    raw = max(core_distance - radii[0] - radii[1], 0.0)
    (ax, ay), (bx, by) = witness_points(simplex, closest.weights)
    gap = math.hypot(bx - ax, by - ay)
    normal = ((bx - ax) / gap, (by - ay) / gap) if gap > 0.0 else (0.0, 0.0)
    witness = surface_points(((ax, ay), (bx, by)), normal, radii)
    size = _band_size(closest, simplex, cores)
    band = touch_band(size + radii[0] + radii[1] + core_distance)
    if raw <= band:
        return DistanceResult(0.0, True, None, iterations, status, raw, band, final, radii, witness)
    return DistanceResult(raw, False, witness, iterations, status, raw, band, final, radii, witness)


def _origin_distance(simplex: list[SupportPoint], weights: Sequence[float]) -> float:
    """Distance from the origin to the point or segment simplex that is closest to it.

    For a segment it is ``|cross(w1, e)| / |e|`` with ``e = w2 - w1``, the
    height of the triangle the segment forms with the origin. Written with
    ``e`` (not as ``cross(w1, w2)``, which is the same number in exact
    arithmetic) its rounding error stays near ``eps * |w1|`` even for a short
    segment far from the origin, and it is exact for axis-aligned edges with
    integer coordinates. ``w1`` is the end nearer the closest point (the larger
    of the ``weights``): the rounding of ``e``'s direction then moves the line
    only by the short way from ``w1`` to that point.
    """
    if len(simplex) == 1:
        return math.hypot(*simplex[0].w)
    near, far = simplex if weights[0] >= weights[1] else reversed(simplex)
    (x1, y1), (x2, y2) = near.w, far.w
    ex, ey = x2 - x1, y2 - y1
    return abs(x1 * ey - y1 * ex) / math.hypot(ex, ey)


def _search_direction(simplex: list[SupportPoint], v: Vec) -> Vec:
    """Towards the origin: ``-v`` for a point, the normal on the origin's side for a segment."""
    if len(simplex) == 1:
        return (-v[0], -v[1])
    return normal_towards_origin(simplex[0].w, simplex[1].w)


def _band_size(
    closest: Closest, simplex: Sequence[SupportPoint], cores: tuple[ConvexShape, ConvexShape]
) -> float:
    """The size the touching band is relative to: the numbers behind the simplex's
    closest point along its direction, and those behind the cores' support points
    (:func:`noise`)."""
    v = closest.v
    length = math.hypot(v[0], v[1])
    d = (v[0] / length, v[1] / length) if length > 0.0 else None
    return near_scale(simplex, v, closest.weights) + noise(cores[0], d) + noise(cores[1], d)


def near_scale(
    simplex: Sequence[SupportPoint], v: Vec, weights: Sequence[float] | None = None
) -> float:
    """The size of the numbers behind a simplex's distance from the origin, along ``v``.

    The distance is measured along ``v`` (the closest point, or the normal of a
    segment), so the rounding of a point's coordinates matters in proportion
    to the direction's component along them: for each support point ``w = a -
    b`` this is ``|vx| (|ax| + |bx|) + |vy| (|ay| + |by|)`` over ``|v|``. With the
    barycentric ``weights`` of the closest point, each point counts as much as
    it moves that point (the closest point of a segment 1e148 long, near its
    small end, is hardly moved by the far end's rounding); without them, the
    largest counts. A long shape lying across ``v`` (a segment from ``(0, 1)``
    to ``(1e14, 1)`` above the origin) adds nothing for its far end, whose
    large coordinate is measured across the direction only. For ``v = 0``,
    every coordinate counts.

    >>> far = SupportPoint((1e14, 1.0), (1e14, 1.0), (0.0, 0.0))
    >>> near = SupportPoint((0.0, 1.0), (0.0, 1.0), (0.0, 0.0))
    >>> near_scale([near, far], (0.0, 1.0))
    1.0
    >>> near_scale([near, far], (1e-8, 1.0)), near_scale([near, far], (1e-8, 1.0), (1.0, 0.0))
    (1000001.0, 1.0)
    """
    length = math.hypot(v[0], v[1])
    if not length > 0.0:
        return max(_size(p) for p in simplex)
    nx, ny = abs(v[0]) / length, abs(v[1]) / length
    sizes = [nx * (abs(p.a[0]) + abs(p.b[0])) + ny * (abs(p.a[1]) + abs(p.b[1])) for p in simplex]
    if weights is None:
        return max(sizes)
    return total(abs(weight) * size for weight, size in zip(weights, sizes, strict=True))


def _size(point: SupportPoint) -> float:
    """Every coordinate of the shape points behind a support point, added up."""
    return abs(point.a[0]) + abs(point.b[0]) + abs(point.a[1]) + abs(point.b[1])


def total(terms: Iterable[float]) -> float:
    """The sum of ``terms``, added left to right from 0.0 in plain floating point.

    The same on every Python (from 3.12 the built-in ``sum`` of floats is
    compensated), and so the same as the compiled core's.

    >>> total([0.1, 0.2, 0.3]), sum([0.1, 0.2, 0.3]) in (0.6, 0.6000000000000001)
    (0.6000000000000001, True)
    """
    result = 0.0
    for term in terms:
        result += term
    return result


def magnitude(point: SupportPoint) -> float:
    """Largest absolute coordinate of the shape points behind a support point.

    >>> magnitude(SupportPoint((4.0, -1.0), (1.0, -3.0), (-3.0, -2.0)))
    3.0
    """
    return max(abs(point.a[0]), abs(point.a[1]), abs(point.b[0]), abs(point.b[1]))


def witness_points(points: Sequence[SupportPoint], weights: Sequence[float]) -> tuple[Vec, Vec]:
    """The points of A and of B behind ``sum weights[i] * points[i].w``: the same
    weights applied to the points each support point came from.

    >>> first = SupportPoint((-1.0, 1.0), (0.0, 1.0), (1.0, 0.0))
    >>> second = SupportPoint((3.0, 1.0), (4.0, 1.0), (1.0, 0.0))
    >>> witness_points([first, second], [0.75, 0.25])
    ((1.0, 1.0), (1.0, 0.0))
    """
    ax = total(w * p.a[0] for w, p in zip(weights, points, strict=True))
    ay = total(w * p.a[1] for w, p in zip(weights, points, strict=True))
    bx = total(w * p.b[0] for w, p in zip(weights, points, strict=True))
    by = total(w * p.b[1] for w, p in zip(weights, points, strict=True))
    return (ax, ay), (bx, by)
