"""Linear shape cast: when two convex shapes moving by translations first touch.

A moves by ``translation_a`` and B by ``translation_b`` over ``t`` in ``[0, 1]``. With
``r = translation_b - translation_a`` and ``D = A - B``, the shapes at time ``t`` are
``A + t ta`` and ``B + t tb``, whose difference is ``D - t r``: they touch exactly when
``t r`` lies in ``D``. So the cast is a ray cast from the origin along ``r`` against ``D``
(:func:`~gjkcli.algorithms.raycast.ray_loop`, van den Bergen's GJK ray cast; chosen over
conservative advancement because it needs no bound on the motion, works on the
support function alone, and ends on the edge of ``D`` that is hit, which the exact
refinement below needs). Everything is computed in the frame of ``D``: the points
the loop combines are differences of nearby shape points, not the shapes' own
coordinates, so shapes far from the origin lose nothing to their size.

The state at ``t = 0`` comes first, from gjkcli's own verdict
(:func:`gjkcli.algorithms.answer.solve`), in which a proof beats the touching band:

* ``overlapping`` (the interiors meet at ``t = 0``): time 0;
* ``touching``: ``touching-approaching`` (time 0) when the motion pushes the
  interiors together, that is when the ray ``t r``, ``t > 0``, enters the interior of
  ``D``; ``touching-receding`` (no hit, time ``None``) when they move apart or slide
  along each other, or do not move at all. The test (:func:`approaching`) takes the
  two support points ``s+`` and ``s-`` of ``D`` across the line through the origin along
  ``r``: if ``D`` lies on one side of that line (within the rounding), the ray never
  enters its interior; otherwise the chord ``s- s+`` crosses the line at a point of
  ``D``, ahead of the origin when approaching and behind it when receding (both ends
  of the line's chord through ``D`` cannot be on either side of the origin, which lies on
  the boundary). Where that point is the origin itself, within rounding, the boundary
  is straight there and the sign of its normal's component along ``r`` decides. At a
  polygon's corner this is what all the corner's edges' normals say, and no single
  normal is trusted alone;
* ``separated``: the ray cast runs. A hit at ``lambda`` is a hit at time ``lambda``
  (``hit``); none up to 1 is a ``miss``.

With a ``target_distance`` ``d > 0`` the cast asks when the shapes first come within
``d`` of each other: the ray is cast against ``D`` rounded by ``d`` (the points within
``d`` of ``D``), and a pair already within ``d`` at ``t = 0`` (overlapping aside) is
``within-target`` at time 0.

For polytopes (polygons, segments, points, hulls) with no target, the hit is made
exact on the edge of ``D`` the loop ends on (:func:`~gjkcli.algorithms.raycast.exact_hit`):
the time is the rational time of that edge, rounded once, and checked exactly to
be the first (no vertex of ``D`` beyond the edge's line). Every result carries the
contact points on A and on B at the time of impact (both shapes moved there), the
unit normal from A towards B, and a :class:`CastCertificate` for a hit or a miss,
re-checked by :mod:`gjkcli.verify.cast_certificate`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from gjkcli.algorithms.bounds import rounding_bound, separation
from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.raycast import RayRun, RayStep, exact_hit, ray_loop
from gjkcli.algorithms.support import MinkowskiDifference, SupportPoint, minkowski_support
from gjkcli.dyadic import longer_than_one
from gjkcli.shapes.base import ConvexShape, Vec, as_vec
from gjkcli.shapes.compound import Compound
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import rounding

__all__ = ["CastCertificate", "CastResult", "CastStatus", "approaching", "cast"]

CastStatus = Literal[
    "hit", "miss", "overlapping", "touching-approaching", "touching-receding", "within-target"
]
"""``hit``: first contact at a time in ``(0, 1]``; ``miss``: none in ``[0, 1]``;
``overlapping``: interiors overlap at ``t = 0`` (time 0); ``touching-approaching``:
touching at ``t = 0`` and the motion pushes into overlap (time 0); ``touching-receding``:
touching at ``t = 0`` and the motion moves apart, slides along, or is zero (no hit);
``within-target``: ``target_distance > 0`` and the distance at ``t = 0`` is already
within it (time 0)."""

_ZERO: Vec = (0.0, 0.0)


@dataclass(frozen=True)
class CastCertificate:
    """What proves a cast's answer, for :mod:`gjkcli.verify.cast_certificate` to re-check.

    ``axis`` is a unit vector (no longer than 1, exactly) from A towards B. For a
    hit, the shapes are farther apart than the target along it (``min axis . B(t) -
    max axis . A(t) > target``) at every time in ``[0, apart_until)``, and ``contact`` are
    a point of A and a point of B at ``time``, both moved there, that coincide (or lie
    the target apart) to rounding. For a miss, ``apart_until`` is 1.0: the axis holds
    the shapes apart at both ends of the motion, hence at every time between (the
    separation along a fixed axis changes linearly with time); ``time`` and ``contact``
    are ``None``.
    """

    axis: Vec
    apart_until: float
    time: float | None
    contact: tuple[Vec, Vec] | None


@dataclass(frozen=True)
class CastResult:
    """The answer of :func:`cast` (see the module notes).

    ``time`` is the time of impact (``None`` when there is none), ``normal`` the unit
    normal from A towards B at the contact (the outward normal of ``A - B`` at ``time *
    r``), ``points`` the contact point on A and on B at that time, both shapes moved
    there; ``iterations`` and ``stop`` are the ray loop's (``stop`` names the state at
    ``t = 0`` when the loop did not run: ``start-overlapping``, ``start-touching``,
    ``start-within-target``, ``no-motion``), ``target_distance`` the target asked
    for, ``certificate`` the proof of a hit or a miss (``None`` otherwise), and
    ``steps`` the ray loop's steps when traced.
    """

    status: CastStatus
    time: float | None
    normal: Vec | None
    points: tuple[Vec, Vec] | None
    iterations: int
    stop: str
    target_distance: float
    certificate: CastCertificate | None
    steps: tuple[RayStep, ...] = ()


def cast(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    translation_b: Vec,
    translation_a: Vec = (0.0, 0.0),
    *,
    target_distance: float = 0.0,
    recorder: list[RayStep] | None = None,
) -> CastResult:
    """When A, moved by ``translation_a``, and B, moved by ``translation_b``, over ``t`` in
    ``[0, 1]``, first touch (or come within ``target_distance``).

    >>> from gjkcli.shapes import circle, rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> result = cast(box, rectangle((5.0, 0.5), (2.0, 2.0)), (-6.0, 0.0))
    >>> result.status, result.time, result.normal, result.points
    ('hit', 0.5, (1.0, 0.0), ((1.0, 0.25), (1.0, 0.25)))
    >>> cast(box, circle((5.0, 0.0), 1.0), (6.0, 0.0)).status
    'miss'
    >>> cast(box, rectangle((2.0, 0.0), (2.0, 2.0)), (0.0, 1.0)).status  # sliding along
    'touching-receding'
    >>> start = cast(box, rectangle((2.0, 0.0), (2.0, 2.0)), (-1.0, 0.0))
    >>> start.status, start.time
    ('touching-approaching', 0.0)
    >>> cast(box, circle((5.0, 0.0), 1.0), (-6.0, 0.0), target_distance=1.0).time
    0.3333333333333333
    """
    from gjkcli.algorithms.answer import solve  # the whole answer sits above the loops

    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        raise ValueError("casts need convex shapes, and a shape here has several parts")
    ta, tb = as_vec(translation_a), as_vec(translation_b)
    target = float(target_distance)
    if not (math.isfinite(target) and target >= 0.0):
        raise ValueError(f"the target distance must be a finite number >= 0, got {target!r}")
    sweep = _Sweep(shape_a, shape_b, ta, tb, target)
    r = sweep.r
    answer = solve(shape_a, shape_b)
    if answer.verdict == "overlapping":
        return _at_start("overlapping", "start-overlapping", target)
    if target > 0.0 and answer.gjk.distance <= target:
        return _at_start("within-target", "start-within-target", target)
    if answer.verdict == "touching":
        moving = r != _ZERO and approaching(shape_a, shape_b, r, answer.verdict_tolerance)
        if moving:
            return _at_start("touching-approaching", "start-touching", target)
        return CastResult("touching-receding", None, None, None, 0, "start-touching", target, None)
    if r == _ZERO:
        return _missed(sweep, 0, "no-motion", ())
    steps: list[RayStep] | None = [] if recorder is not None else None

    def support(d: Vec) -> SupportPoint:
        point = minkowski_support(shape_a, shape_b, d)
        if target == 0.0:
            return point
        length = math.hypot(d[0], d[1])
        if length == 0.0:
            return point
        (wx, wy), push = point.w, target / length
        return SupportPoint((wx + d[0] * push, wy + d[1] * push), point.a, point.b)

    run = ray_loop(support, _ZERO, r, 1.0, steps)
    if recorder is not None and steps is not None:
        recorder.extend(steps)
    traced = tuple(steps or ())
    if run.status == "miss":
        return _missed(sweep, run.iterations, run.stop, traced)
    # "inside" after a separated verdict is closer than the loop resolves: polytopes are
    # settled exactly, others count as a hit at once
    return _hit(sweep, run, traced)


def _at_start(status: CastStatus, stop: str, target: float) -> CastResult:
    """A result decided at ``t = 0`` (time 0, no loop)."""
    return CastResult(status, 0.0, None, None, 0, stop, target, None)


@dataclass(frozen=True)
class _Sweep:
    """The question: two shapes, their translations, the target distance."""

    a: ConvexShape
    b: ConvexShape
    ta: Vec
    tb: Vec
    target: float

    @property
    def r(self) -> Vec:
        """B's motion relative to A."""
        return (self.tb[0] - self.ta[0], self.tb[1] - self.ta[1])


def _hit(sweep: _Sweep, run: RayRun, steps: tuple[RayStep, ...]) -> CastResult:
    """The result of a ray loop that hit: made exact for polytopes, with its certificate."""
    shape_a, shape_b, ta, tb, target = sweep.a, sweep.b, sweep.ta, sweep.tb, sweep.target
    time = run.fraction
    normal = _unit(run.axis) if run.axis is not None else None
    weights = run.weights
    ends = run.simplex
    if target == 0.0 and isinstance(shape_a, Polytope) and isinstance(shape_b, Polytope):
        exact_r = (Fraction(tb[0]) - Fraction(ta[0]), Fraction(tb[1]) - Fraction(ta[1]))
        exact = exact_hit(shape_a.vertices, shape_b.vertices, _ZERO, exact_r, run.simplex)
        if exact is not None:
            if exact.fraction > 1:
                return _missed(sweep, run.iterations, "beyond-max", steps)
            time, normal = float(exact.fraction), exact.normal
            ends = exact.ends
            along = float(exact.along)
            weights = (1.0 - along, along)
            points = _exact_points(exact.ends, exact.along, exact.fraction, ta, tb)
            return _result_hit(sweep, (time, normal, points), run, steps)
    if normal is None:  # closer at t = 0 than the loop resolves: the start's normal
        normal = _start_normal(shape_a, shape_b)
    pa = _weighted([p.a for p in ends], weights)
    pb = _weighted([p.b for p in ends], weights)
    points = (
        (pa[0] + time * ta[0], pa[1] + time * ta[1]),
        (pb[0] + time * tb[0], pb[1] + time * tb[1]),
    )
    return _result_hit(sweep, (time, normal, points), run, steps)


def _result_hit(
    sweep: _Sweep,
    contact: tuple[float, Vec, tuple[Vec, Vec]],
    run: RayRun,
    steps: tuple[RayStep, ...],
) -> CastResult:
    """A hit at ``contact`` (time, normal, points), with its certificate."""
    time, normal, points = contact
    axis = _no_longer_than_one(normal)
    proof = CastCertificate(axis, _apart_until(sweep, axis, time), time, points)
    return CastResult(
        "hit", time, normal, points, run.iterations, run.stop, sweep.target, proof, steps
    )


def _exact_points(
    ends: tuple[SupportPoint, SupportPoint], along: Fraction, time: Fraction, ta: Vec, tb: Vec
) -> tuple[Vec, Vec]:
    """The contact points on A and B at the exact time, rounded once each."""
    (first, second), rest = ends, 1 - along

    def moved(p: Vec, q: Vec, shift: Vec) -> Vec:
        return (
            float(rest * Fraction(p[0]) + along * Fraction(q[0]) + time * Fraction(shift[0])),
            float(rest * Fraction(p[1]) + along * Fraction(q[1]) + time * Fraction(shift[1])),
        )

    return moved(first.a, second.a, ta), moved(first.b, second.b, tb)


def _missed(sweep: _Sweep, iterations: int, stop: str, steps: tuple[RayStep, ...]) -> CastResult:
    """A miss, with the axis that holds the shapes apart over the whole motion: the
    direction from ``A - B`` to the sweep ``{t r}`` at their closest points."""
    gap = distance(Polytope((_ZERO, sweep.r)), MinkowskiDifference(sweep.a, sweep.b))
    if gap.closest is not None:
        (sx, sy), (dx, dy) = gap.closest
        axis = _no_longer_than_one(_unit((sx - dx, sy - dy)))
    else:  # closer than the distance query resolves: the start's axis, for the checker
        axis = _no_longer_than_one(_start_normal(sweep.a, sweep.b))
    proof = CastCertificate(axis, 1.0, None, None)
    return CastResult("miss", None, None, None, iterations, stop, sweep.target, proof, steps)


def approaching(shape_a: ConvexShape, shape_b: ConvexShape, r: Vec, band: float) -> bool:
    """Whether, for two shapes touching at ``t = 0``, the relative motion ``r`` pushes their
    interiors together: whether the ray ``t r``, ``t > 0``, enters the interior of ``A - B``
    (see the module notes). ``band`` is how close to the origin counts as on it.

    >>> from gjkcli.shapes import rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 2.0), (2.0, 2.0))  # corners
    >>> approaching(a, b, (-1.0, -1.0), 0.0), approaching(a, b, (-1.0, 0.0), 0.0)
    (True, False)
    >>> approaching(a, b, (-1.0, -0.5), 0.0), approaching(a, b, (1.0, -5.0), 0.0)
    (True, False)
    """
    length = math.hypot(r[0], r[1])
    ux, uy = r[0] / length, r[1] / length
    across = (-uy, ux)
    high = minkowski_support(shape_a, shape_b, across)
    low = minkowski_support(shape_a, shape_b, (-across[0], -across[1]))
    (hx, hy), (lx, ly) = high.w, low.w
    size = max(
        max(abs(c) for c in (*p.a, *p.b, *p.w)) for p in (high, low)
    )  # the numbers behind the support points
    slack = max(band, rounding(size))
    above = across[0] * hx + across[1] * hy
    below = -(across[0] * lx + across[1] * ly)
    if above <= slack or below <= slack:
        return False  # A - B on one side of the motion's line: the ray runs along its edge
    share = below / (above + below)
    qx, qy = lx + share * (hx - lx), ly + share * (hy - ly)
    ahead = ux * qx + uy * qy
    if abs(ahead) > slack:
        return ahead > 0.0
    # the chord passes through the origin: A - B's boundary is straight there
    ex, ey = hx - lx, hy - ly
    nx, ny = ey, -ex
    forward = minkowski_support(shape_a, shape_b, (nx, ny)).w
    backward = minkowski_support(shape_a, shape_b, (-nx, -ny)).w
    if nx * forward[0] + ny * forward[1] > -(nx * backward[0] + ny * backward[1]):
        nx, ny = -nx, -ny  # the outward normal is the side D barely reaches
    return nx * ux + ny * uy < 0.0


def _apart_until(sweep: _Sweep, axis: Vec, time: float) -> float:
    """The proven time up to which ``axis`` holds the shapes more than ``target`` apart:
    ``sep(t) = sep(0) + t * axis . (tb - ta)``, with both terms bounded for rounding."""
    ta, tb, target = sweep.ta, sweep.tb, sweep.target
    start = separation(sweep.a, sweep.b, axis).lower - target
    start -= rounding_bound(target)
    nx, ny = axis
    terms = (nx * tb[0], ny * tb[1], -nx * ta[0], -ny * ta[1])
    closing = -math.fsum(terms) - rounding_bound(*terms)  # at most the exact closing speed
    if not (start > 0.0 and closing > 0.0):
        return 0.0
    until = start / closing
    until = math.nextafter(until * (1.0 - 2.0**-51), 0.0)  # the division's rounding, downwards
    return min(until, time)


def _unit(v: Vec) -> Vec:
    length = math.hypot(v[0], v[1])
    return (v[0] / length, v[1] / length)


def _no_longer_than_one(v: Vec) -> Vec:
    """A unit vector shortened by an ulp or two if rounding made it longer than 1."""
    x, y = v
    while longer_than_one(x, y):
        x, y = x * (1.0 - 2.0**-53), y * (1.0 - 2.0**-53)
    return (x, y)


def _weighted(points: list[Vec], weights: tuple[float, ...]) -> Vec:
    return (
        math.fsum(w * p[0] for w, p in zip(weights, points, strict=True)),
        math.fsum(w * p[1] for w, p in zip(weights, points, strict=True)),
    )


def _start_normal(shape_a: ConvexShape, shape_b: ConvexShape) -> Vec:
    """The unit direction from A's closest point to B's at ``t = 0`` (the shapes apart)."""
    result = distance(shape_a, shape_b)
    closest = result.closest or result.witness
    if closest is None:
        return (1.0, 0.0)
    (ax, ay), (bx, by) = closest
    if (ax, ay) == (bx, by):
        return (1.0, 0.0)
    return _unit((bx - ax, by - ay))
