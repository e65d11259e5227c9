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

For two polytopes with no target distance the statuses are decided exactly by the
integer sweep of :mod:`gjkcli.algorithms.sweep` (a proof beats the band): the state
at ``t = 0``, and hit or miss, whose time is the rational first contact rounded once.
The float loop below still runs and its answer stands where the sweep agrees with it;
where it does not (a graze within the loop's band, shapes far from the origin whose
coordinates' rounding outgrows their gaps) the sweep's answer replaces it, with the
normal and contact points of the feature the sweep found. What floating point alone
says (gjkcli's verdict at ``t = 0``, then the loop) is kept as the result's
``float_answer``, which the cross-check holds to the exact answer: the sweep decides the
answer given, and is not also the referee of its own override.

Other (curved) shapes are first moved together so that a point of A lies on the origin
(A - B, and so the cast, is unchanged; the contact points are moved back after): the
verdict's touching band and the loop's rounding then scale with the shapes' own frame,
not with their distance from the origin. The state at ``t = 0`` comes first, from
gjkcli's own verdict (:func:`gjkcli.algorithms.answer.solve`), in which a proof beats
the touching band (but a proof on the shapes moved together that they are apart, or
overlap, by no more than the band is not one for the shapes as given, whose A - B the
move's rounding shifted by about that much: they are touching):

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
be the first (no vertex of ``D`` beyond the edge's line). For rounded polytopes
(circles, capsules, rounded polygons, and any shapes with a target distance) the hit is
solved exactly on the cores' last feature, from the shapes as given: the first time the
sweep comes within the radii (and the target) of that corner or edge
(:func:`~gjkcli.algorithms.sweep.disc_entry`, :func:`~gjkcli.algorithms.sweep.offset_entry`),
rounded once; a graze's time moves with the square root of any rounding, so the float
closed form on the shapes moved together was up to 2e-8 off. A feature the sweep never
comes that close to, exactly, makes the answer a miss. For other curved shapes (ellipses)
Newton steps on the distance along the motion finish what the loop leaves
(:data:`~gjkcli.tolerances.CAST_POLISH_STEPS`). A hit carries the contact points on A
and on B at the time of impact (both shapes moved there) and the unit normal from A
towards B; a hit and a miss carry a :class:`CastCertificate`, re-checked by
:mod:`gjkcli.verify.cast_certificate`. A state decided at ``t = 0`` carries its contact
and normal too (for polygons, on the edge of ``A - B`` the exact sweep finds through the
origin: approaching, the one the motion meets most squarely; for an overlap, and for
curved shapes touching within the band, EPA's), and a
:class:`~gjkcli.algorithms.cast_start.StartCertificate`: the overlap's enclosing simplex,
the touch and a proven overlap soon after (approaching), the touch and an axis along
which the shapes never come closer (receding), the contact within the target.

A miss's axis is the first of several candidates that the re-check's own bound proves
(the direction between the closest points of the sweep ``{t r}`` and ``D``, the normals
of the edge of ``D`` nearest the sweep and of ``r``, and for polygons and rounded polygons
every edge normal of the cores' ``D`` that can separate): on a hair miss the closest
points are a hair apart, and their direction, tilted by their rounding over the hair,
need not separate. A miss's axis may have any length: the normal of ``r`` is written
exactly (``(-ry, rx)`` scaled by a power of two), so that the motion closes along it at
exactly 0, and where the float bounds cannot prove a candidate, its separation and
closing speed are computed exactly. Where no float axis holds, an edge of the cores'
``D`` whose exact normal (made from the vertices, in rational arithmetic) holds the
sweep apart is named instead. Proofs are sought on the shapes as given, not on the
shapes moved together, whose ``A - B`` rounding has moved by a hair. A miss that nothing
proves (an ellipse's sweep passing ``D`` closer than the rounding of its numbers)
carries no certificate, which the re-check reports as unproven, not as wrong.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from gjkcli.algorithms.axis import at_most_unit, from_distance_run, unit
from gjkcli.algorithms.bounds import length_times, motion_along, rounding_bound, separation
from gjkcli.algorithms.cast_start import (
    StartCertificate,
    approach_proof,
    exact_normal_of,
    moved,
    overlap_proof,
    receding_axis,
)
from gjkcli.algorithms.distance import DistanceResult, distance
from gjkcli.algorithms.minkowski import minkowski_difference
from gjkcli.algorithms.raycast import (
    RayRun,
    RayStep,
    RoundedHit,
    direction_of,
    exact_hit,
    on_boundary,
    ray_loop,
    rounded_hit,
)
from gjkcli.algorithms.support import MinkowskiDifference, SupportPoint, minkowski_support
from gjkcli.algorithms.sweep import (
    SweepFeature,
    SweepFrame,
    SweepStatus,
    integer_unit,
    sweep_frame,
)
from gjkcli.algorithms.sweep import sweep as exact_sweep
from gjkcli.shapes.base import ConvexShape, Vec, as_vec
from gjkcli.shapes.compound import Compound, Shape, shape_bounds
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import split_radius
from gjkcli.tolerances import (
    AGREEMENT_RELATIVE,
    CAST_POLISH_STEPS,
    NEAR_END,
    cast_time_tolerance,
    difference_scale,
    rounding,
)

if TYPE_CHECKING:
    from gjkcli.algorithms.answer import Answer
    from gjkcli.algorithms.part_casts import PartsCastCertificate

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

Edge = tuple[tuple[int, int], tuple[int, int]]
"""An edge of the cores' ``A - B``, from corner ``a_i - b_j`` to ``a_k - b_l``, as the two
vertex pairs ``((i, j), (k, l))`` (each shape's own vertex numbers, of its core)."""


@dataclass(frozen=True)
class CastCertificate:
    """What proves a cast's answer, for :mod:`gjkcli.verify.cast_certificate` to re-check.

    For a hit, ``axis`` is a unit vector (no longer than 1, exactly) from A towards B;
    the shapes are farther apart than the target along it (``min axis . B(t) - max axis
    . A(t) > target``) at every time in ``[0, apart_until)``, and ``contact`` are a point
    of A and a point of B at ``time``, both moved there, that coincide (or lie the target
    apart) to rounding. For shapes with polygonal cores, where the axis falls short (a
    graze: its separation along any fixed axis is linear in time, the distance flat at
    the touch), ``apart_exactly`` is true instead and ``apart_until`` the float just
    before ``time``: the shapes are claimed apart up to it, for the re-check to decide in
    rational arithmetic without the axis (then only the contact normal, for showing).
    For a miss, ``apart_until`` is 1.0 and ``axis`` (of any length but 0) holds the shapes
    more than ``target |axis|`` apart at both ends of the motion, hence at every time
    between (the separation along a fixed axis changes linearly with time); ``time`` and
    ``contact`` are ``None``. A miss may instead name an ``edge`` of
    the cores' ``A - B`` whose exact normal holds the sweep apart (``axis`` is then that
    normal, rounded and made unit, for showing). A miss that nothing proves carries no
    certificate.
    """

    axis: Vec
    apart_until: float
    time: float | None
    contact: tuple[Vec, Vec] | None
    edge: Edge | None = None
    apart_exactly: bool = False


@dataclass(frozen=True)
class CastResult:
    """The answer of :func:`cast` (see the module notes).

    ``time`` is the time of impact (``None`` when there is none), ``normal`` the unit
    normal from A towards B at the contact (the outward normal of ``A - B`` at ``time *
    r``), ``points`` the contact point on A and on B at that time, both shapes moved
    there; ``iterations`` and ``stop`` are the ray loop's (``stop`` names the state at
    ``t = 0`` when the loop did not run: ``start-overlapping``, ``start-touching``,
    ``start-within-target``, ``no-motion``), ``target_distance`` the target asked
    for, ``certificate`` the proof of the answer (``None`` where none was found), and
    ``steps`` the ray loop's steps when traced. ``float_answer``, for polytopes without a
    target (whose answer the exact sweep decides), is the status and time that floating
    point alone gives, gjkcli's verdict at ``t = 0`` and then the ray loop (its hit made
    exact on the edge it ends on), kept so that the cross-check holds it to the exact
    answer (``None`` for other shapes, whose answer is that float one). ``parts``, for
    compound shapes (cast pair of parts by pair:
    :func:`~gjkcli.algorithms.part_casts.cast_through_parts`), are the numbers of the
    deciding parts of A and of B (``None`` otherwise).
    """

    status: CastStatus
    time: float | None
    normal: Vec | None
    points: tuple[Vec, Vec] | None
    iterations: int
    stop: str
    target_distance: float
    certificate: CastCertificate | StartCertificate | PartsCastCertificate | None
    steps: tuple[RayStep, ...] = ()
    float_answer: tuple[CastStatus, float | None] | None = None
    parts: tuple[int, int] | None = None


def cast(  # noqa: PLR0917 - the signature the shared contract of issue 18 fixes
    shape_a: Shape,
    shape_b: Shape,
    translation_b: Vec,
    translation_a: Vec = (0.0, 0.0),
    target_distance: float = 0.0,
    recorder: list[RayStep] | None = None,
) -> CastResult:
    """When A, moved by ``translation_a``, and B, moved by ``translation_b``, over ``t`` in
    ``[0, 1]``, first touch (or come within ``target_distance``).

    >>> from gjkcli.shapes import circle, rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> result = cast(box, rectangle((5.0, 0.5), (2.0, 2.0)), (-6.0, 0.0))
    >>> result.status, result.time, result.normal, result.points
    ('hit', 0.5, (1.0, 0.0), ((1.0, -0.5), (1.0, -0.5)))
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
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        from gjkcli.algorithms.part_casts import cast_through_parts  # pair by pair, above

        return cast_through_parts(
            shape_a, shape_b, translation_b, translation_a, target_distance, recorder
        )
    ta, tb = as_vec(translation_a), as_vec(translation_b)
    target = float(target_distance)
    if not (math.isfinite(target) and target >= 0.0):
        raise ValueError(f"the target distance must be a finite number >= 0, got {target!r}")
    sweep = _Sweep(shape_a, shape_b, ta, tb, target)
    exact = _exact_sweep(sweep)
    anchor = shape_a.support((1.0, 0.0))
    if exact is None and anchor != _ZERO:
        # curved shapes: the same cast with both shapes moved by -anchor (which leaves A -
        # B as it is), so the verdict's band and the loop's rounding are relative to the
        # shapes' own frame, not to their distance from the origin
        near = (moved(shape_a, -1.0, anchor), moved(shape_b, -1.0, anchor))
        sweep = _Sweep(*near, ta, tb, target, given=(shape_a, shape_b))
    else:
        anchor = _ZERO
    floated = _float_state(sweep)
    started = _started(sweep, exact, anchor, floated)
    if exact is None:
        if started is not None:
            return started
        loop = _cast(sweep, recorder)
        return loop if anchor == _ZERO else _shifted(loop, anchor)
    # polygons: the exact sweep decides; the float answer, what gjkcli's verdict and the
    # ray loop say without it, is kept beside it for the cross-check to hold to the exact one
    state = floated[0]
    found = _cast(sweep, recorder) if started is None or state == "separated" else None
    if found is not None and state == "separated":
        own: tuple[CastStatus, float | None] = (found.status, found.time)
    else:
        status = _START_STATUS[state]
        own = (status, None if status == "touching-receding" else 0.0)
    if started is None:
        assert found is not None  # the loop ran: the exact sweep starts apart
        return replace(_decided(sweep, exact, found), float_answer=own)
    return replace(started, float_answer=own)


_START_STATUS: dict[str, CastStatus] = {
    "overlapping": "overlapping",
    "touching-approaching": "touching-approaching",
    "touching-receding": "touching-receding",
    "within-target": "within-target",
}
"""The status of a state at ``t = 0``, by its name."""


def _cast(sweep: _Sweep, recorder: list[RayStep] | None) -> CastResult:
    """The float answer of :func:`cast` of ``sweep`` once the shapes are known to start
    apart: the ray loop's, refined on the feature it ends on."""
    r = sweep.r
    if r == _ZERO:
        return _missed(sweep, 0, "no-motion", ())
    steps: list[RayStep] | None = [] if recorder is not None else None

    core_a, radius_a = split_radius(sweep.a)
    core_b, radius_b = split_radius(sweep.b)
    radius = radius_a + radius_b + sweep.target

    def support(d: Vec) -> SupportPoint:
        # A - B grown by the target: the cores' support points, each shape's radius and
        # the target pushed along d; the points kept are the cores' (for the refinement)
        point = minkowski_support(core_a, core_b, d)
        length = math.hypot(d[0], d[1])
        if radius == 0.0 or length == 0.0:
            return point
        (wx, wy), push = point.w, radius / length
        return SupportPoint((wx + d[0] * push, wy + d[1] * push), point.a, point.b)

    run = ray_loop(support, _ZERO, r, 1.0, steps)
    if recorder is not None and steps is not None:
        recorder.extend(steps)
    traced = tuple(steps or ())
    # a miss close past the end, or running along the rounded shapes' boundary (a graze,
    # whose feature the hit is solved on exactly), is looked at again
    again = run.stop == "beyond-max" and run.fraction <= NEAR_END
    if run.status == "miss" and not (again or (run.stop == "parallel" and radius > 0.0)):
        found = _missed(sweep, run.iterations, run.stop, traced)
    else:
        # "inside" after a separated verdict is closer than the loop resolves: polytopes
        # are settled exactly, others by the gap over the closing speed
        found = _hit(sweep, run, traced)
    return found


def _shifted(result: CastResult, shift: Vec) -> CastResult:
    """A cast's result for the shapes moved back by ``shift``: its points moved by it."""
    proof = result.certificate
    if isinstance(proof, CastCertificate) and proof.contact is not None:
        proof = replace(proof, contact=_moved_pair(proof.contact, shift))
    points = None if result.points is None else _moved_pair(result.points, shift)
    return replace(result, points=points, certificate=proof)


@dataclass(frozen=True)
class _Exact:
    """The exact sweep of two polygons (:func:`gjkcli.algorithms.sweep.sweep`): its frame,
    status, time and the feature of ``A - B`` hit."""

    frame: SweepFrame
    status: SweepStatus
    time: Fraction | None
    feature: SweepFeature | None


def _exact_sweep(sweep: _Sweep) -> _Exact | None:
    """The exact sweep of two polytopes with no target distance; ``None`` for other casts."""
    a, b = sweep.a, sweep.b
    if not (isinstance(a, Polytope) and isinstance(b, Polytope)) or sweep.target != 0.0:
        return None
    frame = sweep_frame(a, b, (sweep.ta, sweep.tb))
    status, time, feature = exact_sweep(frame.difference, frame.ray, Fraction(1))
    return _Exact(frame, status, time, feature)


def _float_state(sweep: _Sweep) -> tuple[str, Answer]:
    """gjkcli's own verdict on the shapes at ``t = 0`` (:func:`~gjkcli.algorithms.answer.solve`,
    in which a proof beats the touching band) and the state it gives: ``separated``
    (farther apart than the target), ``within-target``, ``overlapping``, or touching and
    :func:`approaching` or not."""
    from gjkcli.algorithms.answer import solve  # the whole answer sits above the loops

    answer = solve(sweep.a, sweep.b)
    target, r = sweep.target, sweep.r
    if target > 0.0 and answer.verdict != "overlapping" and answer.gjk.distance <= target:
        return "within-target", answer
    if answer.verdict == "touching" or _proven_only_as_moved(sweep, answer):
        moving = r != _ZERO and approaching(sweep.a, sweep.b, r, answer.verdict_tolerance)
        return ("touching-approaching" if moving else "touching-receding"), answer
    return answer.verdict, answer


def _proven_only_as_moved(sweep: _Sweep, answer: Answer) -> bool:
    """Whether the verdict on curved shapes moved together (each coordinate rounded) is a
    proof that stands for them alone: apart, or overlapping, by no more than the touching
    band. The shapes as given may lie on the other side of touching by that rounding, so
    for them the band decides, and it says touching."""
    if sweep.given is None:
        return False
    band = answer.verdict_tolerance
    if answer.verdict == "separated":
        return answer.gjk.distance <= band
    depth = None if answer.penetration is None else answer.penetration.depth
    return answer.verdict == "overlapping" and depth is not None and depth <= band


def _started(
    sweep: _Sweep, exact: _Exact | None, shift: Vec, floated: tuple[str, Answer]
) -> CastResult | None:
    """The result decided at ``t = 0`` (``None`` when the shapes start apart, farther than
    the target): exactly for polygons, by gjkcli's verdict (``floated``:
    :func:`_float_state`) for other shapes (on the shapes as the sweep holds them, which
    ``shift`` moves back to the shapes given), with the contact, the normal and the proof
    (:mod:`gjkcli.algorithms.cast_start`)."""
    state, answer = floated
    if exact is not None:
        state = exact.status
        if state in ("hit", "miss"):
            return None
        if state != "overlapping":
            assert exact.feature is not None  # a touch names its feature
            ends = _exact_ends(sweep, exact.frame.sources, exact.feature)
            touch = _exact_points(ends, exact.feature.along, Fraction(0), sweep.ta, sweep.tb)
            return _start_result(sweep, state, touch, integer_unit(*exact.feature.normal))
    if state == "separated":
        return None
    # the contact: EPA's (overlapping, or touching within the band), else the closest points
    overlap, contact = answer.penetration, answer.gjk.closest or answer.gjk.witness
    normal = (1.0, 0.0)
    if overlap is not None and state != "within-target":
        contact, normal = overlap.contact, overlap.normal
    elif contact is not None:
        normal = from_distance_run(answer.gjk) or _start_normal(contact)
    moved_back = None if contact is None else _moved_pair(contact, shift)
    return _start_result(sweep, state, moved_back, normal)


def _start_result(
    sweep: _Sweep, state: str, contact: tuple[Vec, Vec] | None, normal: Vec
) -> CastResult:
    """The result of a cast decided at ``t = 0`` in ``state``, its contact (on the shapes as
    given) and normal, with the proof of :mod:`gjkcli.algorithms.cast_start` (no
    certificate where none is found)."""
    shapes, motion, target = sweep.shapes, (sweep.ta, sweep.tb), sweep.target
    proof: StartCertificate | None = None
    if state == "overlapping":
        status: CastStatus = "overlapping"
        simplex = overlap_proof(shapes, motion, 0.0)
        proof = None if simplex is None else StartCertificate(None, None, 0.0, simplex)
    elif state == "touching-approaching":
        status = "touching-approaching"
        entered = approach_proof(shapes, motion)
        if entered is not None and contact is not None:
            proof = StartCertificate(contact, None, *entered)
    elif state == "touching-receding":
        status = "touching-receding"
        axis = receding_axis(shapes, motion, normal)
        if axis is not None and contact is not None:
            proof = StartCertificate(contact, axis, None, None)
    else:
        status = "within-target"
        proof = None if contact is None else StartCertificate(contact, None, None, None)
    time = None if status == "touching-receding" else 0.0
    stop = {
        "overlapping": "start-overlapping",
        "within-target": "start-within-target",
    }.get(status, "start-touching")
    return CastResult(status, time, normal, contact, 0, stop, target, proof)


def _exact_ends(
    sweep: _Sweep, sources: list[tuple[int, int]], feature: SweepFeature
) -> tuple[SupportPoint, SupportPoint]:
    """The corners of ``A - B`` at the ends of the exact sweep's feature, as support points
    (the vertices of A and B behind each)."""
    a, b = sweep.a, sweep.b
    assert isinstance(a, Polytope) and isinstance(b, Polytope)

    def corner(k: int) -> SupportPoint:
        i, j = sources[k]
        (ax, ay), (bx, by) = a.vertices[i], b.vertices[j]
        return SupportPoint((ax - bx, ay - by), (ax, ay), (bx, by))

    return corner(feature.first), corner(feature.second)


def _moved_pair(pair: tuple[Vec, Vec], shift: Vec) -> tuple[Vec, Vec]:
    """Two points moved by ``shift`` (unchanged by a zero shift)."""
    if shift == _ZERO:
        return pair
    (ax, ay), (bx, by), (sx, sy) = *pair, shift
    return ((ax + sx, ay + sy), (bx + sx, by + sy))


def _decided(sweep: _Sweep, exact: _Exact, found: CastResult) -> CastResult:
    """The float answer ``found`` where the exact sweep agrees with its status and time, the
    sweep's answer where not (near the loop's band, far from the origin, only the exact
    arithmetic decides)."""
    run, steps = (found.iterations, found.stop), found.steps
    if exact.status == "miss":
        return found if found.status == "miss" else _missed(sweep, *run, steps)
    assert exact.time is not None and exact.feature is not None  # a hit: the start is apart
    time = float(exact.time)
    if found.status == "hit" and found.time == time:
        return found
    ends = _exact_ends(sweep, exact.frame.sources, exact.feature)
    points = _exact_points(ends, exact.feature.along, exact.time, sweep.ta, sweep.tb)
    return _result_hit(sweep, (time, integer_unit(*exact.feature.normal), points), run, steps)


@dataclass(frozen=True)
class _Sweep:
    """The question: two shapes, their translations, the target distance (and the shapes
    as given, when ``a`` and ``b`` are those shapes moved together: :attr:`shapes`)."""

    a: ConvexShape
    b: ConvexShape
    ta: Vec
    tb: Vec
    target: float
    given: tuple[ConvexShape, ConvexShape] | None = None

    @property
    def shapes(self) -> tuple[ConvexShape, ConvexShape]:
        """The shapes as the caller gave them, which a certificate speaks of: ``a`` and
        ``b`` are moved (by the same vector, each coordinate rounded) for curved shapes,
        and ``A - B`` with them by that rounding, which a proof a hair from ``A - B``
        cannot ignore."""
        return (self.a, self.b) if self.given is None else self.given

    @property
    def r(self) -> Vec:
        """B's motion relative to A."""
        return (self.tb[0] - self.ta[0], self.tb[1] - self.ta[1])


def _hit(sweep: _Sweep, run: RayRun, steps: tuple[RayStep, ...]) -> CastResult:
    """The result of a ray loop that hit, made exact on the last edge for polytopes and
    solved in closed form on the cores' last feature for rounded polytopes (circles,
    capsules, rounded polygons, any target), with its certificate."""
    ta, tb = sweep.ta, sweep.tb
    core_a, radius_a = split_radius(sweep.a)
    core_b, radius_b = split_radius(sweep.b)
    radius = radius_a + radius_b + sweep.target
    polytopes = isinstance(core_a, Polytope) and isinstance(core_b, Polytope)
    if polytopes and radius == 0.0:
        assert isinstance(core_a, Polytope) and isinstance(core_b, Polytope)
        exact_r = (Fraction(tb[0]) - Fraction(ta[0]), Fraction(tb[1]) - Fraction(ta[1]))
        exact = exact_hit(core_a.vertices, core_b.vertices, _ZERO, exact_r, run.simplex)
        if exact is not None:
            if exact.fraction > 1:
                return _missed(sweep, run.iterations, "beyond-max", steps)
            points = _exact_points(exact.ends, exact.along, exact.fraction, ta, tb)
            return _result_hit(
                sweep,
                (float(exact.fraction), exact.normal, points),
                (run.iterations, run.stop),
                steps,
            )
    features = _core_feature(run) if polytopes and radius > 0.0 else None
    entry = None if features is None else _rounded_entry(sweep, features)
    if entry == "never":  # exactly, the sweep passes the feature the loop ended on
        return _missed(sweep, run.iterations, run.stop, steps)
    if isinstance(entry, RoundedHit) and features is not None:
        time, normal, along = entry.time, entry.normal, entry.along
        if _supporting(core_a, core_b, sweep.r, (time, normal, along), radius):
            if not entry.root.at_most_one():
                return _missed(sweep, run.iterations, "beyond-max", steps)
            ends = features if len(features) == 2 else (features[0], features[0])
            pa = _weighted([p.a for p in ends], (1.0 - along, along))
            pb = _weighted([p.b for p in ends], (1.0 - along, along))
            contact = (time, normal, _surfaces(sweep, time, normal, (pa, pb)))
            return _result_hit(sweep, contact, (run.iterations, run.stop), steps, exact=True)
    if run.status == "miss":  # a float miss close past the end, not made a hit exactly
        return _missed(sweep, run.iterations, run.stop, steps)
    if run.axis is None:
        return _hit_within_resolution(sweep, run, steps)
    time, normal = run.fraction, direction_of(run.axis)
    pa = _weighted([p.a for p in run.simplex], run.weights)
    pb = _weighted([p.b for p in run.simplex], run.weights)
    points = _surfaces(sweep, time, normal, (pa, pb))
    # The loop may stop short on a curved shape's flat part (its support jumps there).
    # The distance along the motion is convex in time, so a Newton step (the gap over the
    # closing speed along the closest points' normal) never passes the first contact.
    for _ in range(CAST_POLISH_STEPS):
        apart = distance(moved(sweep.a, time, ta), moved(sweep.b, time, tb))
        gap = apart.distance - sweep.target
        if apart.closest is None or gap <= apart.band:
            break
        (ax, ay), (bx, by) = apart.closest
        gap_normal = direction_of((bx - ax, by - ay))
        closing = -(gap_normal[0] * sweep.r[0] + gap_normal[1] * sweep.r[1])
        if not closing > 0.0:
            return _missed(sweep, run.iterations, run.stop, steps)
        time += gap / closing
        if time > 1.0:
            return _missed(sweep, run.iterations, "beyond-max", steps)
    if radius > 0.0:  # the cores lie the radii apart: their closest points give the normal
        cores = distance(moved(core_a, time, ta), moved(core_b, time, tb))
        if cores.closest is not None:
            (ax, ay), (bx, by) = cores.closest
            normal = direction_of((bx - ax, by - ay))
            points = _surfaces(sweep, time, normal, cores.closest, moved=False)
    return _result_hit(sweep, (time, normal, points), (run.iterations, run.stop), steps)


def _hit_within_resolution(sweep: _Sweep, run: RayRun, steps: tuple[RayStep, ...]) -> CastResult:
    """Shapes apart at ``t = 0``, by less than the ray loop resolves (it found the origin in
    ``A - B``): a hit at the gap over the closing speed along the normal between the
    closest points, a miss when they do not close."""
    result = distance(sweep.a, sweep.b)
    closest = result.closest or result.witness
    if closest is None:
        return _missed(sweep, run.iterations, run.stop, steps)
    normal = _start_normal(closest)
    closing = -(normal[0] * sweep.r[0] + normal[1] * sweep.r[1])
    if not closing > 0.0:
        return _missed(sweep, run.iterations, run.stop, steps)
    gap = max(result.raw_distance - sweep.target, 0.0)
    time = min(gap / closing, 1.0)
    (ax, ay), (bx, by) = closest
    ta, tb = sweep.ta, sweep.tb
    points = ((ax + time * ta[0], ay + time * ta[1]), (bx + time * tb[0], by + time * tb[1]))
    return _result_hit(sweep, (time, normal, points), (run.iterations, run.stop), steps)


def _rounded_entry(
    sweep: _Sweep, features: tuple[SupportPoint, ...]
) -> RoundedHit | Literal["never"] | None:
    """The hit on the cores' feature the loop ended on (a corner or an edge of the cores'
    ``A - B``), exactly, from the shapes as given (not as moved together, whose
    coordinates were rounded): :func:`~gjkcli.algorithms.raycast.rounded_hit` of its
    vertices, the motion and the radii and target; ``None`` when a point of the feature is
    not a vertex of the cores."""
    (given_a, radius_a), (given_b, radius_b) = map(split_radius, sweep.shapes)
    near_a, near_b = split_radius(sweep.a)[0], split_radius(sweep.b)[0]
    if not all(isinstance(core, Polytope) for core in (given_a, given_b, near_a, near_b)):
        return None
    assert isinstance(near_a, Polytope) and isinstance(near_b, Polytope)
    assert isinstance(given_a, Polytope) and isinstance(given_b, Polytope)
    try:
        pairs = [(near_a.vertices.index(p.a), near_b.vertices.index(p.b)) for p in features]
    except ValueError:
        return None
    corners = [(given_a.vertices[i], given_b.vertices[j]) for i, j in pairs]
    return rounded_hit(corners, (sweep.ta, sweep.tb), (radius_a, radius_b, sweep.target))


def _supporting(
    core_a: ConvexShape, core_b: ConvexShape, r: Vec, hit: tuple[float, Vec, float], radius: float
) -> bool:
    """Whether the closed-form hit lies on the boundary of ``A - B`` (grown by the radii and
    the target) along its normal (:func:`~gjkcli.algorithms.raycast.on_boundary`)."""
    time, (nx, ny), _ = hit
    point = minkowski_support(core_a, core_b, (nx, ny))
    top = (point.w[0] + radius * nx, point.w[1] + radius * ny)
    size = max(map(abs, (*point.a, *point.b, time * r[0], time * r[1]))) + radius
    return on_boundary(top, (nx, ny), (time * r[0], time * r[1]), size)


def _core_feature(run: RayRun) -> tuple[SupportPoint, ...] | None:
    """The cores' feature the loop ended on: one pair of core points (a vertex of the
    cores' ``A - B``) or two (an edge); ``None`` for more."""
    found: list[SupportPoint] = []
    for point in run.simplex:
        if all((point.a, point.b) != (q.a, q.b) for q in found):
            found.append(point)
    return tuple(found) if len(found) <= 2 else None


def _difference(point: SupportPoint) -> Vec:
    """``a - b`` of the core points behind a support point (one rounding each)."""
    return (point.a[0] - point.b[0], point.a[1] - point.b[1])


def _surfaces(
    sweep: _Sweep, time: float, normal: Vec, cores: tuple[Vec, Vec], *, moved: bool = True
) -> tuple[Vec, Vec]:
    """Points of the cores moved out to the shapes' surfaces along the normal, then to
    ``time`` (unless they are there already: not ``moved``): the contact points on A and
    on B (the target apart)."""
    (ax, ay), (bx, by) = cores
    ra, rb = split_radius(sweep.a)[1], split_radius(sweep.b)[1]
    nx, ny = normal
    ta, tb = (sweep.ta, sweep.tb) if moved else (_ZERO, _ZERO)
    return (
        (ax + ra * nx + time * ta[0], ay + ra * ny + time * ta[1]),
        (bx - rb * nx + time * tb[0], by - rb * ny + time * tb[1]),
    )


def _result_hit(
    sweep: _Sweep,
    contact: tuple[float, Vec, tuple[Vec, Vec]],
    run: tuple[int, str],
    steps: tuple[RayStep, ...],
    *,
    exact: bool = False,
) -> CastResult:
    """A hit at ``contact`` (time, normal, points), with its certificate; ``run`` is the
    loop's iterations and stop reason. ``exact``: the time is the exact one rounded once,
    of shapes with polygonal cores and radii, which the re-check can prove apart before
    the time in rational arithmetic where the normal's axis falls short by more than the
    cast tolerance (a graze: ``apart_exactly``, see :class:`CastCertificate`)."""
    time, normal, points = contact
    axis = at_most_unit(normal)
    until = _apart_until(sweep, axis, time)
    graze = exact and time - until > _time_allowance(sweep, time)
    if graze:  # no axis proves it: the float before the time, for the re-check to decide
        until = math.nextafter(time, 0.0)
    proof = CastCertificate(axis, until, time, points, apart_exactly=graze)
    return CastResult("hit", time, normal, points, *run, sweep.target, proof, steps)


def _exact_points(
    ends: tuple[SupportPoint, SupportPoint], along: Fraction, time: Fraction, ta: Vec, tb: Vec
) -> tuple[Vec, Vec]:
    """The contact points on A and B at the exact time: each the point ``along`` its edge
    (or vertex) at that time, to the rounding of its coordinates."""
    (first, second), s, t = ends, float(along), float(time)

    def moved(p: Vec, q: Vec, shift: Vec) -> Vec:
        return (p[0] + s * (q[0] - p[0]) + t * shift[0], p[1] + s * (q[1] - p[1]) + t * shift[1])

    return moved(first.a, second.a, ta), moved(first.b, second.b, tb)


def _missed(sweep: _Sweep, iterations: int, stop: str, steps: tuple[RayStep, ...]) -> CastResult:
    """A miss, with the first axis of :func:`_miss_axes` proven to hold the shapes apart at
    both ends of the motion (:func:`_holds_apart`), by the float bounds of every candidate
    before the exact separation of any (which only shapes far from the origin need); with
    no certificate when none is proven (the re-check then says the miss is unproven)."""
    tried: list[Vec] = []
    for axis in _miss_axes(sweep):  # made one at a time: the first nearly always holds
        if _holds_apart(sweep, axis, exact=False):
            return _miss(sweep, iterations, stop, steps, axis)
        tried.append(axis)
    proven = next((axis for axis in tried if _holds_apart(sweep, axis, exact=True)), None)
    named = None if proven is not None else next(_separating_edges(sweep), None)
    if named is not None:
        return _miss(sweep, iterations, stop, steps, *named)
    return _miss(sweep, iterations, stop, steps, proven)


def _miss(  # noqa: PLR0917 - a miss and its proof
    sweep: _Sweep,
    iterations: int,
    stop: str,
    steps: tuple[RayStep, ...],
    axis: Vec | None,
    edge: Edge | None = None,
) -> CastResult:
    """A miss, proven by ``axis`` (or exactly by the normal of ``edge``; no certificate
    without either)."""
    proof = None if axis is None else CastCertificate(axis, 1.0, None, None, edge)
    return CastResult("miss", None, None, None, iterations, stop, sweep.target, proof, steps)


def _miss_axes(sweep: _Sweep) -> Iterator[Vec]:
    """Axes that may prove a miss (unit, no longer than 1), the likeliest first: the
    direction from ``A - B`` to the sweep ``{t r}`` at their closest points; for rounded
    shapes the same between the sweep and the cores' difference; both normals of the edge
    of ``A - B`` the first distance run ended on; both normals of ``r``; and for
    polytopes without a target, the outward normal of every edge of ``A - B`` that can
    separate it from the sweep at all (by the separating axis theorem for a segment and
    a convex polygon, one of these or a normal of ``r`` does whenever the sweep misses).
    The closest points' direction alone is not enough: when the sweep passes a hair
    ``e`` from ``A - B``, the points carry the rounding of the shapes' size, which tilts
    their direction by about that over ``e``."""
    r = sweep.r
    path = Polytope((_ZERO, r))
    gap = distance(path, MinkowskiDifference(sweep.a, sweep.b))
    yield from _axes([_closest_direction(gap)])
    (core_a, radius_a), (core_b, radius_b) = split_radius(sweep.a), split_radius(sweep.b)
    if radius_a + radius_b > 0.0:  # the cores lie the radii apart: a surer direction
        cores = distance(path, MinkowskiDifference(core_a, core_b))
        yield from _axes([_closest_direction(cores)])
    ends = list(dict.fromkeys(point.b for point in gap.simplex))  # the points of A - B
    if len(ends) == 2:
        (x1, y1), (x2, y2) = ends
        yield from _axes([(y2 - y1, x1 - x2), (y1 - y2, x2 - x1)])
    yield from exact_normal_of((-r[1], r[0]))
    yield from (axis for axis, _ in _separating_edges(sweep))


def _axes(directions: list[Vec | None]) -> Iterator[Vec]:
    """The directions given (``None`` skipped) as unit axes no longer than 1."""
    for direction in directions:
        axis = None if direction is None else unit(direction)
        if axis is not None:
            yield axis


def _closest_direction(gap: DistanceResult) -> Vec | None:
    """The direction from the second shape's closest point to the first's (``None`` when
    they coincide or the run ended inside)."""
    closest = gap.closest or gap.witness
    if closest is None or closest[0] == closest[1]:
        return None
    (sx, sy), (dx, dy) = closest
    return (sx - dx, sy - dy)


def _separating_edges(sweep: _Sweep) -> Iterator[tuple[Vec, Edge]]:
    """The edges of the cores' ``A - B`` (polytopes or rounded polytopes) whose outward
    normal ``n`` holds the sweep more than the radii and the target beyond them, decided
    exactly: each as its unit normal, rounded, and its two corners as vertex pairs. Along
    an edge's normal the cores' ``A - B`` reaches no farther than the edge's ends, so the
    test is ``min(0, n.r) - n.p > rho |n|`` (``p`` an end, ``rho`` the radii and the
    target), in squares; by the separating axis theorem for a segment and a convex
    polygon, one of these or a normal of ``r`` separates whenever a sweep of polygons
    misses. The exact normal proves the miss where its rounding does not (an edge 1e3
    long tilted by an ulp, with the sweep ending a hair beyond it)."""
    a, b = sweep.shapes
    (core_a, radius_a), (core_b, radius_b) = split_radius(a), split_radius(b)
    if not (isinstance(core_a, Polytope) and isinstance(core_b, Polytope)):
        return
    ring = minkowski_difference(core_a, core_b).sources
    rx, ry = (
        Fraction(sweep.tb[0]) - Fraction(sweep.ta[0]),
        Fraction(sweep.tb[1]) - Fraction(sweep.ta[1]),
    )
    rho = (Fraction(radius_a) + Fraction(radius_b) + Fraction(sweep.target)) ** 2
    corners = [
        (
            Fraction(core_a.vertices[i][0]) - Fraction(core_b.vertices[j][0]),
            Fraction(core_a.vertices[i][1]) - Fraction(core_b.vertices[j][1]),
        )
        for i, j in ring
    ]
    for k, (px, py) in enumerate(corners):
        qx, qy = corners[(k + 1) % len(corners)]
        nx, ny = qy - py, px - qx  # counter-clockwise: outward is to the right
        beyond = min(Fraction(0), nx * rx + ny * ry) - (nx * px + ny * py)
        if beyond > 0 and beyond * beyond > rho * (nx * nx + ny * ny):
            axis = unit((float(nx), float(ny)))
            if axis is not None:
                yield axis, (ring[k], ring[(k + 1) % len(ring)])


def _holds_apart(sweep: _Sweep, axis: Vec, *, exact: bool) -> bool:
    """Whether ``axis`` is proven to hold the shapes more than ``target`` apart at ``t = 0``
    and at ``t = 1`` (hence between, the separation along a fixed axis being linear in
    time): ``sep(0)`` bounded for rounding (or computed ``exact``) less the target, and
    ``sep(1) = sep(0) - closing`` with the closing speed bounded from above and the
    subtraction's rounding taken off, the bound the certificate is re-checked with."""
    start, closing = _separation_bounds(sweep, axis, exact=exact)
    return start > 0.0 and start - closing - rounding_bound(start, closing) > 0.0


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


def _time_allowance(sweep: _Sweep, time: float) -> float:
    """The cast tolerance at ``time`` (:func:`~gjkcli.tolerances.cast_time_tolerance`)."""
    scale = difference_scale(*(shape_bounds(shape) for shape in sweep.shapes))
    return cast_time_tolerance(time, scale, math.hypot(*sweep.r))


def _apart_until(sweep: _Sweep, axis: Vec, time: float) -> float:
    """The proven time up to which ``axis`` holds the shapes more than ``target`` apart:
    ``sep(t) = sep(0) + t * axis . (tb - ta)``, with both terms bounded for rounding. Where
    the rounding of the shapes' coordinates (far from the origin) leaves it more than
    ``AGREEMENT_RELATIVE`` short of the time, ``sep(0)`` is computed exactly instead."""
    until = _proven_until(sweep, axis, time, exact=False)
    if time - until > AGREEMENT_RELATIVE * max(time, 1.0):
        until = max(until, _proven_until(sweep, axis, time, exact=True))
    return until


def _proven_until(sweep: _Sweep, axis: Vec, time: float, *, exact: bool) -> float:
    """:func:`_apart_until` with ``sep(0)`` bounded for rounding, or computed ``exact``."""
    start, closing = _separation_bounds(sweep, axis, exact=exact)
    if not (start > 0.0 and closing > 0.0):
        return 0.0
    # shortened by four times the rounding a checker allows the product until * closing
    until = (start - 4.0 * rounding_bound(start, start)) / closing
    until = math.nextafter(until * (1.0 - 2.0**-51), 0.0)  # the division's rounding, downwards
    return min(until, time)


def _separation_bounds(sweep: _Sweep, axis: Vec, *, exact: bool) -> tuple[float, float]:
    """A lower bound of ``sep(0) - target |axis|`` along ``axis`` (``sep(0)`` bounded for
    rounding, or computed ``exact``) and an upper bound of the closing speed ``-axis . (tb -
    ta)`` (computed ``exact`` too: an axis square to the motion then closes at exactly 0)."""
    start = separation(*sweep.shapes, axis, exact=exact).lower
    start -= length_times(sweep.target, axis)
    low, _ = motion_along(axis, sweep.ta, sweep.tb, exact=exact)
    return start, -low


def _weighted(points: list[Vec], weights: tuple[float, ...]) -> Vec:
    return (
        math.fsum(w * p[0] for w, p in zip(weights, points, strict=True)),
        math.fsum(w * p[1] for w, p in zip(weights, points, strict=True)),
    )


def _start_normal(closest: tuple[Vec, Vec]) -> Vec:
    """The unit direction from A's closest point to B's (``(1, 0)`` where they coincide)."""
    (ax, ay), (bx, by) = closest
    if (ax, ay) == (bx, by):
        return (1.0, 0.0)
    return direction_of((bx - ax, by - ay))
