"""Checking a linear cast's certificate from the shapes and the motion alone.

A cast (:func:`gjkcli.algorithms.cast.cast`) moves A by ``ta`` and B by ``tb`` over ``t``
in ``[0, 1]``. Along a fixed axis ``n`` the separation of the moved shapes, ``min n.b -
max n.a``, is ``sep(0) + t n.(tb - ta)``: linear in ``t``. So one axis proves the shapes
apart over a whole interval of time once it does at the interval's two ends. This
module recomputes, from the shapes, the translations and the numbers the certificate
states (never from the ray loop's own numbers):

* ``sep(0)`` along the axis, as a proven lower bound
  (:func:`~gjkcli.algorithms.bounds.separation`, exact where rounding hides its
  sign), less the target distance; ``n.(tb - ta)`` as a proven lower bound (its four
  products summed exactly, less their rounding);
* for a **hit** at ``time``: the axis a unit vector no longer than 1 (exactly), ``0 <=
  apart_until <= time``, the shapes more than the target apart along the axis at
  ``t = 0`` and at ``t = apart_until`` (hence on the whole interval before it), and
  ``apart_until`` no more than :data:`~gjkcli.tolerances.AGREEMENT_RELATIVE` (relative to
  ``max(time, 1)``) short of the time. The contact is at the reported time within the
  cast tolerance (:func:`~gjkcli.tolerances.cast_time_tolerance`, for ``A - B``'s reach
  and the relative speed): along the axis the separation falls at the rate ``-n.(tb -
  ta)`` at least, so the shapes overlap by ``(time - t_n) |n.(tb - ta)|`` at ``time``
  when ``t_n``, where the axis's separation reaches the target, is earlier, and the
  first contact is no earlier than ``t_n``; ``time`` may be no later than a proven lower
  bound of ``t_n`` plus the tolerance. The contact points, moved back to ``t = 0``,
  belong to A and to B (behind
  each shape's support line along the axis and along
  :data:`~gjkcli.tolerances.CERTIFICATE_DIRECTIONS` directions, within the rounding of
  the numbers: :func:`~gjkcli.algorithms.bounds.membership_slack`), and lie the target
  apart, to the rounding of the shapes' reach and the motion;
* for a hit whose certificate says ``apart_exactly`` (shapes with **polygonal cores**:
  polygons, circles, capsules, rounded polygons), instead of the axis: the shapes more
  than the target apart at every time up to ``apart_until``, decided exactly
  (:func:`~gjkcli.verify.exact_cast.apart_before`: the origin farther than the radii and
  the target from the cores' ``A - B`` less the swept segment, an edge merge and its
  exact nearest point, nothing of the cast's own roots), and ``apart_until`` no more
  than the cast tolerance short of the time; the contact points as above. A tangent
  graze needs it: the separation along a fixed axis is linear in time and the distance
  comes down to the touch with zero slope, so no axis proves the shapes apart up to it;
* for a **miss**: the shapes more than the target apart along the axis at ``t = 0`` and
  at ``t = 1``.

* for a **state at t = 0** (:class:`~gjkcli.algorithms.cast_start.StartCertificate`): the
  contact points on their shapes and together, to the touching band and rounding (within
  the target, for ``within-target``), and the answer's own points; an overlap's
  enclosing simplex re-checked as ``gjk check`` re-checks one
  (:func:`~gjkcli.verify.certificates.check_certificate`, on the shapes moved to its
  time: 0 for ``overlapping``, in ``(0, 1]`` after a touch that approaches) and found to
  hold the origin strictly inside; for a touch that recedes, the axis along which the
  shapes overlap by no more than the band at ``t = 0`` and the motion, exactly, does not
  close (:func:`~gjkcli.algorithms.bounds.never_closer`).

A miss, or a state at ``t = 0``, that carries no certificate is not failed here: it is
unproven (:func:`unproven` says why), a note rather than a disagreement.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import shapely

from gjkcli.algorithms.bounds import (
    length_times,
    motion_along,
    never_closer,
    reach,
    rounding_bound,
    separation,
    swept_apart,
)
from gjkcli.algorithms.cast import CastCertificate, CastResult
from gjkcli.algorithms.cast_start import StartCertificate, shapes_at
from gjkcli.algorithms.part_casts import (
    PartCast,
    PartsCastCertificate,
    first_of,
    swept_boxes_apart,
)
from gjkcli.dyadic import longer_than_one
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, boxes_of, parts_of, shape_bounds
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import split_radius
from gjkcli.tolerances import (
    AGREEMENT_RELATIVE,
    CERTIFICATE_RELATIVE,
    cast_time_tolerance,
    difference_scale,
    touch_band,
)
from gjkcli.verify.certificates import check_certificate, membership_problems
from gjkcli.verify.exact_cast import apart_before
from gjkcli.verify.shapely_oracle import stand_ins

__all__ = ["check_cast_certificate", "unproven"]


def check_cast_certificate(
    shape_a: Shape,
    shape_b: Shape,
    translation_a: Vec,
    translation_b: Vec,
    result: CastResult,
) -> tuple[str, ...]:
    """What is wrong with a cast's certificate, one line each (empty when it holds).

    >>> from gjkcli.algorithms.cast import cast
    >>> from gjkcli.shapes import circle, rectangle
    >>> box, disc = rectangle((0.0, 0.0), (2.0, 2.0)), circle((5.0, 0.0), 1.0)
    >>> result = cast(box, disc, (-6.0, 0.0))
    >>> result.time, check_cast_certificate(box, disc, (0.0, 0.0), (-6.0, 0.0), result)
    (0.5, ())
    >>> check_cast_certificate(box, disc, (0.0, 0.0), (-5.0, 0.0), result)[0]  # not its motion
    'the contact point on B: (3.5, 0) lies beyond the shape along (-1, 0)'
    """
    proof = result.certificate
    motion = (translation_a, translation_b)
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        if proof is None or isinstance(proof, PartsCastCertificate):
            return _parts_problems((shape_a, shape_b), motion, result)
        return ("a cast of compound shapes needs the answers of its pairs of parts",)
    if isinstance(proof, PartsCastCertificate):
        return ("a cast of convex shapes has no pairs of parts",)
    if proof is None:
        return (f"a {result.status} carries no certificate",) if result.status == "hit" else ()
    if result.status not in ("hit", "miss"):
        if not isinstance(proof, StartCertificate):
            return (f"a {result.status} needs the certificate of a state at t = 0",)
        return _start_problems((shape_a, shape_b), motion, result, proof)
    if not isinstance(proof, CastCertificate):
        return (f"a {result.status} needs an axis and the time it holds until",)
    return _moving_problems((shape_a, shape_b), motion, result, proof)


def _moving_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    result: CastResult,
    proof: CastCertificate,
) -> tuple[str, ...]:
    """The checks of a hit's or a miss's certificate (see the module notes)."""
    (shape_a, shape_b), (translation_a, translation_b) = shapes, motion
    numbers = (*proof.axis, proof.apart_until, result.target_distance)
    if not all(map(math.isfinite, numbers)):
        return ("a number of the certificate is not finite",)
    nx, ny = proof.axis
    miss = result.status == "miss"
    if miss and proof.edge is not None:
        return _edge_problems(shape_a, shape_b, motion, result.target_distance, proof.edge)
    if miss and not (nx or ny):
        return ("a miss's axis is the zero vector",)
    if not miss and (
        longer_than_one(nx, ny) or not math.hypot(nx, ny) >= 1.0 - CERTIFICATE_RELATIVE
    ):
        return (f"the axis ({nx!r}, {ny!r}) is not a unit vector no longer than 1",)
    ta, tb = translation_a, translation_b
    shapes, motion, target = (shape_a, shape_b), (ta, tb), result.target_distance
    if proof.apart_exactly:  # a hit proven without its axis
        if miss:
            return ("a miss is proven along its axis, not apart_exactly",)
        return _hit_problems(shapes, motion, (result, proof), (0.0, 0.0))
    start, speed = _separation_bounds(shapes, motion, proof.axis, target, exact=False)
    until = 1.0 if miss else proof.apart_until
    if not _apart(start, speed, until, closed=miss):
        # far from the origin, or passing a hair from A - B, rounding costs more: exactly
        start, speed = _separation_bounds(shapes, motion, proof.axis, target, exact=True)
    if miss:
        if not _apart(start, speed, 1.0, closed=True):
            return ("the axis does not hold the shapes apart at both ends of the motion",)
        return ()
    return _hit_problems((shape_a, shape_b), (ta, tb), (result, proof), (start, speed))


def _parts_problems(
    shapes: tuple[Shape, Shape], motion: tuple[Vec, Vec], result: CastResult
) -> tuple[str, ...]:
    """The check of a cast of compound shapes (:class:`~gjkcli.algorithms.part_casts.
    PartsCastCertificate`): every pair it names is a pair of parts, named once, whose own
    certificate re-checks against those parts; every pair it does not name has boxes
    apart over the whole motion (recomputed,
    :func:`~gjkcli.algorithms.part_casts.swept_boxes_apart`); and the answer is the first
    of the pairs' answers (:func:`~gjkcli.algorithms.part_casts.first_of`), its parts
    those of that pair."""
    proof = result.certificate
    if not isinstance(proof, PartsCastCertificate):
        return ("a cast of compound shapes needs the answers of its pairs of parts",)
    (shape_a, shape_b), target = shapes, result.target_distance
    parts_a, parts_b = parts_of(shape_a), parts_of(shape_b)
    named: set[tuple[int, int]] = set()
    problems: list[str] = []
    for pair in proof.pairs:
        where = (pair.a, pair.b)
        if not (0 <= pair.a < len(parts_a) and 0 <= pair.b < len(parts_b)) or where in named:
            return (f"the pair of parts {where!r} is not a pair, or is named twice",)
        named.add(where)
        if pair.result.target_distance != target:
            problems.append(f"parts {where!r}: cast for another target distance")
        found = check_cast_certificate(parts_a[pair.a], parts_b[pair.b], *motion, pair.result)
        problems += [f"parts {where!r}: {problem}" for problem in found]
    apart = swept_boxes_apart(boxes_of(shape_a), boxes_of(shape_b), motion, target)
    missing = [
        (int(i), int(j))
        for i, j in zip(*np.nonzero(~apart), strict=True)
        if (int(i), int(j)) not in named
    ]
    if missing:
        problems.append(
            f"{len(missing)} pair(s) of parts whose boxes may meet are not cast, the first "
            f"{missing[0]!r}"
        )
    first = first_of(proof.pairs)
    claimed: tuple[str, float | None] = (result.status, result.time)
    if proof.inside is not None:
        problems += _inside_problems(shapes, proof.inside, first, result)
        claimed = (first.result.status, first.result.time) if first is not None else claimed
    if first is None:
        if result.status != "miss":
            problems.append(f"no pair of parts is cast, but the cast says {result.status}")
    elif (first.result.status, first.result.time) != claimed or (
        first.a,
        first.b,
    ) != result.parts:
        problems.append(
            f"the first of the pairs' answers is {first.result.status} (parts "
            f"{(first.a, first.b)!r}), not the cast's {result.status} (parts {result.parts!r})"
        )
    return tuple(problems)


def _inside_problems(
    shapes: tuple[Shape, Shape], inside: Vec, first: PartCast | None, result: CastResult
) -> list[str]:
    """For compound shapes said to overlap at a touch of two parts: the first pair's answer
    is a touch at ``t = 0`` at ``inside`` (its contact point on A), the answer an overlap at
    time 0, and ``inside`` a point of the interior of A's or of B's geometry (the one its
    parts were cut from, by Shapely's exact predicate): the touch is on a cut, inside."""
    touching = ("touching-approaching", "touching-receding")
    if first is None or first.result.status not in touching or first.result.points is None:
        return ["an overlap inside a shape needs a first pair that touches at t = 0"]
    if inside != first.result.points[0] or (result.status, result.time) != ("overlapping", 0.0):
        return [f"the point {inside!r} is not the first pair's touch, or the cast no overlap"]
    geometries, _ = stand_ins(list(shapes))
    where = shapely.Point(inside)
    if not any(shapely.contains_properly(geometry, where) for geometry in geometries):
        return [f"the touch at {inside!r} lies inside neither shape"]
    return []


def unproven(result: CastResult) -> str | None:
    """Why the answer carries no proof, where it may carry none, else ``None`` (a hit always
    carries one). A miss that no axis (float or exact) could be proven for, or a state at
    ``t = 0`` that nothing found proves: that is not a wrong answer. The sweep passes
    ``A - B`` closer than the rounding of the numbers (an ellipse's, whose extent along an
    axis has no exact form here), or curved shapes touch within the touching band, where
    nothing floating point computes tells a graze from a miss or a shallow overlap from a
    touch; the exact and analytic casts still judge the status.

    >>> from gjkcli.algorithms.cast import cast
    >>> from gjkcli.shapes import circle, rectangle
    >>> miss = cast(rectangle((0.0, 0.0), (2.0, 2.0)), circle((5.0, 0.0), 1.0), (6.0, 0.0))
    >>> unproven(miss) is None
    True
    >>> import dataclasses
    >>> print(unproven(dataclasses.replace(miss, certificate=None)))
    the miss carries no certificate: no axis could be proven to hold the shapes apart \
over the whole motion (the sweep passes A - B within the rounding of its numbers)
    """
    proof = result.certificate
    if isinstance(proof, PartsCastCertificate):
        reasons = [(pair, unproven(pair.result)) for pair in proof.pairs]
        pair, why = next(((p, w) for p, w in reasons if w is not None), (None, None))
        return None if pair is None else f"parts ({pair.a}, {pair.b}): {why}"
    if result.status == "hit" or proof is not None:
        return None
    if result.status == "miss":
        return (
            "the miss carries no certificate: no axis could be proven to hold the shapes "
            "apart over the whole motion (the sweep passes A - B within the rounding of its "
            "numbers)"
        )
    return (
        f"the {result.status} state at t = 0 carries no certificate: nothing found proves it "
        "(curved shapes touching within the touching band, whose overlap no simplex holds "
        "by more than rounding, or whose normal is known only to that band)"
    )


def _edge_problems(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    motion: tuple[Vec, Vec],
    target: float,
    edge: tuple[tuple[int, int], tuple[int, int]],
) -> tuple[str, ...]:
    """The check of a miss proven by an edge's exact normal: the normal made from the named
    vertices of the cores, in rational arithmetic, and the whole sweep held more than the
    radii and the target apart along it, exactly
    (:func:`~gjkcli.algorithms.bounds.swept_apart`)."""
    cores = [split_radius(shape)[0] for shape in (shape_a, shape_b)]
    core_a, core_b = cores
    if not (isinstance(core_a, Polytope) and isinstance(core_b, Polytope)):
        return ("an edge certificate needs polygons or rounded polygons",)
    (i, j), (k, m) = edge
    if not (min(i, k) >= 0 and max(i, k) < len(core_a.vertices)) or not (
        min(j, m) >= 0 and max(j, m) < len(core_b.vertices)
    ):
        return (f"the edge {edge!r} names a vertex that is not there",)
    (ax1, ay1), (ax2, ay2) = core_a.vertices[i], core_a.vertices[k]
    (bx1, by1), (bx2, by2) = core_b.vertices[j], core_b.vertices[m]
    ex = (Fraction(ax2) - Fraction(bx2)) - (Fraction(ax1) - Fraction(bx1))
    ey = (Fraction(ay2) - Fraction(by2)) - (Fraction(ay1) - Fraction(by1))
    normal = (ey, -ex)
    if not swept_apart(shape_a, shape_b, normal, motion, target):
        return (f"the normal of the edge {edge!r} does not hold the sweep apart, exactly",)
    return ()


def _hit_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    answer: tuple[CastResult, CastCertificate],
    bounds: tuple[float, float],
) -> tuple[str, ...]:
    """The checks of a hit's certificate (see the module notes); ``bounds`` are those of
    the axis's separation and closing speed (unused for ``apart_exactly``)."""
    (shape_a, shape_b), (ta, tb), (result, proof) = shapes, motion, answer
    time, until = result.time, proof.apart_until
    if time is None or proof.time != time or proof.contact is None:
        return ("a hit's certificate must name its time and contact points",)
    if not 0.0 <= until <= time <= 1.0:
        return (f"apart_until {until!r} and the time {time!r} are not in order in [0, 1]",)
    if proof.apart_exactly:
        exactly = _exactly_apart_problems(shapes, motion, answer)
        problems = ["apart_exactly needs polygonal cores"] if exactly is None else exactly
    else:
        problems = _axis_problems(shapes, motion, answer, bounds)
    (pax, pay), (pbx, pby) = proof.contact
    if not all(map(math.isfinite, (pax, pay, pbx, pby))):
        return (*problems, "a contact point is not finite")
    back_a = (pax - time * ta[0], pay - time * ta[1])
    back_b = (pbx - time * tb[0], pby - time * tb[1])
    problems += membership_problems(
        shape_a, "the contact point on A", back_a, None, also=proof.axis
    )
    problems += membership_problems(
        shape_b, "the contact point on B", back_b, None, also=(-proof.axis[0], -proof.axis[1])
    )
    gap = math.hypot(pbx - pax, pby - pay)
    moved = time * (abs(ta[0]) + abs(ta[1]) + abs(tb[0]) + abs(tb[1]))
    slack = rounding_bound(4.0 * (reach(shape_a) + reach(shape_b)), moved, result.target_distance)
    if not abs(gap - result.target_distance) <= slack:
        problems.append(f"the contact points are {gap:.17g} apart, not {result.target_distance!r}")
    return tuple(problems)


def _axis_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    answer: tuple[CastResult, CastCertificate],
    bounds: tuple[float, float],
) -> list[str]:
    """Whether the axis holds the shapes apart before ``apart_until``, no more than
    :data:`~gjkcli.tolerances.AGREEMENT_RELATIVE` short of the time, and the time no later
    than the axis allows (:func:`_late_problems`)."""
    (result, proof), (start, speed) = answer, bounds
    time, until = result.time, proof.apart_until
    assert time is not None  # a hit's
    problems: list[str] = []
    if not _apart(start, speed, until):
        # the axis proves apart only while sep(0) + t * speed > 0
        proven = start / -speed if start > 0.0 and speed < 0.0 else 0.0
        problems.append(f"the axis holds the shapes apart only until t = {proven!r}, not {until!r}")
    elif time - until > AGREEMENT_RELATIVE * max(time, 1.0):
        problems.append(f"apart only until t = {until!r}, short of the time of impact {time!r}")
    return problems + _late_problems(
        shapes, motion, (time, proof.axis, result.target_distance), bounds
    )


def _exactly_apart_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    answer: tuple[CastResult, CastCertificate],
) -> list[str] | None:
    """For shapes with polygonal cores, a certificate with ``apart_exactly``: whether the
    shapes are more than the target apart at every time up to ``apart_until``, decided
    exactly without an axis (:func:`~gjkcli.verify.exact_cast.apart_before`), and
    ``apart_until`` no more than the cast tolerance short of the time (see the module
    notes); ``None`` for other shapes, which only an axis proves."""
    (shape_a, shape_b), (result, proof) = shapes, answer
    time, until, target = result.time, proof.apart_until, result.target_distance
    assert time is not None  # a hit's
    clear = apart_before(shape_a, shape_b, motion, until, target)
    if clear is None:
        return None
    scale = difference_scale(shape_bounds(shape_a), shape_bounds(shape_b))
    (ta, tb), problems = motion, []
    allowed = cast_time_tolerance(time, scale, math.hypot(tb[0] - ta[0], tb[1] - ta[1]))
    if not clear:
        meet = "meet" if target == 0.0 else f"come within the target distance {target!r}"
        problems.append(f"the shapes {meet} before apart_until = {until!r} (decided exactly)")
    if time - until > allowed:
        problems.append(
            f"apart only until t = {until!r}, short of the time of impact {time!r} by more "
            f"than the cast tolerance {allowed:.3g}"
        )
    return problems


def _late_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    claim: tuple[float, Vec, float],
    bounds: tuple[float, float],
) -> list[str]:
    """Whether the hit's time is later than the axis allows (see the module notes): no later
    than a proven lower bound of ``t_n`` plus the cast tolerance, ``sep(0)`` recomputed
    exactly before a verdict of late. ``claim`` is the time, the axis and the target."""
    (shape_a, shape_b), (ta, tb), (time, axis, target) = shapes, motion, claim
    scale = difference_scale(shape_bounds(shape_a), shape_bounds(shape_b))
    allowed = cast_time_tolerance(time, scale, math.hypot(tb[0] - ta[0], tb[1] - ta[1]))
    start, speed = bounds
    if speed < 0.0 and time <= _crossing(start, speed) + allowed:
        return []
    start = _separation_bounds(shapes, motion, axis, target, exact=True)[0]
    if speed < 0.0 and time <= _crossing(start, speed) + allowed:
        return []
    return [
        f"the time {time!r} is later than the contact the axis allows "
        f"(t = {_crossing(start, speed):.17g}) by more than the cast tolerance {allowed:.3g}"
    ]


def _start_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    result: CastResult,
    proof: StartCertificate,
) -> tuple[str, ...]:
    """The checks of the certificate of a state at ``t = 0`` (see the module notes): the
    contact, and for an overlap (now, or soon after a touch) the enclosing simplex re-checked
    on the shapes moved to its time (:func:`~gjkcli.verify.certificates.check_certificate`)
    and found to hold the origin strictly inside; for a touch moving apart, the axis along
    which the shapes never come closer (:func:`~gjkcli.algorithms.bounds.never_closer`)."""
    status = result.status
    problems: list[str] = []
    if status != "overlapping":
        if proof.contact is None or proof.contact != result.points:
            return (f"a {status} certificate's contact must be the answer's contact points",)
        problems += _contact_problems(shapes, proof.contact, result.target_distance, status)
    if status in ("overlapping", "touching-approaching"):
        problems += _overlap_problems(shapes, motion, proof, status)
    if status == "touching-receding":
        axis = proof.axis
        if axis is None or not all(map(math.isfinite, axis)) or axis == (0.0, 0.0):
            problems.append("a touching-receding certificate needs an axis, not zero")
        elif not never_closer(*shapes, axis, motion):
            problems.append(
                f"along the axis {axis!r} the shapes overlap beyond the touching band at t = 0, "
                "or the motion brings them closer"
            )
    return tuple(problems)


def _contact_problems(
    shapes: tuple[ConvexShape, ConvexShape], contact: tuple[Vec, Vec], target: float, status: str
) -> list[str]:
    """Whether the contact points belong to A and to B at ``t = 0`` and coincide, to the
    touching band and rounding (within the target distance, for ``within-target``)."""
    (shape_a, shape_b), (pa, pb) = shapes, contact
    if not all(map(math.isfinite, (*pa, *pb))):
        return ["a contact point is not finite"]
    problems = membership_problems(shape_a, "the contact point on A", pa, None)
    problems += membership_problems(shape_b, "the contact point on B", pb, None)
    scale = difference_scale(shape_bounds(shape_a), shape_bounds(shape_b))
    slack = touch_band(scale) + rounding_bound(4.0 * (reach(shape_a) + reach(shape_b)))
    allowed = slack + (target if status == "within-target" else 0.0)
    gap = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
    if not gap <= allowed:
        problems.append(f"the contact points are {gap:.3g} apart at t = 0, beyond {allowed:.3g}")
    return problems


def _overlap_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    proof: StartCertificate,
    status: str,
) -> list[str]:
    """Whether the enclosing simplex holds, on the shapes at its time, and puts the origin
    strictly inside their ``A - B``; the time 0 for an overlap, in ``(0, 1]`` after a touch."""
    time, simplex = proof.overlap_time, proof.simplex
    if time is None or simplex is None:
        return [f"a {status} certificate needs the time of an overlap and its simplex"]
    in_range = time == 0.0 if status == "overlapping" else 0.0 < time <= 1.0
    if not in_range:
        return [f"the overlap's time {time!r} is not where a {status} needs it"]
    a, b = shapes_at(shapes, motion, time)
    band = touch_band(difference_scale(shape_bounds(a), shape_bounds(b)))
    check = check_certificate(a, b, simplex, 0.0, band)
    if not check.ok:
        return [f"the overlap at t = {time!r}: {problem}" for problem in check.problems]
    if check.proves != "overlapping":
        return [f"the simplex at t = {time!r} does not hold the origin strictly inside A - B"]
    return []


def _crossing(start: float, speed: float) -> float:
    """A lower bound of the time at which ``start + t * speed`` (lower bounds; ``speed < 0``
    closing) reaches 0, the division's rounding taken off; ``inf`` when it never does."""
    if speed >= 0.0:
        return math.inf
    crossing = max(start, 0.0) / -speed
    return crossing - rounding_bound(crossing)


def _apart(start: float, speed: float, until: float, *, closed: bool = False) -> bool:
    """Whether ``sep(t) = start + t * speed`` (lower bounds) stays above 0 for ``t`` in ``[0,
    until)`` (in ``[0, until]`` when ``closed``: a miss); ``until == 0`` asks nothing."""
    if until == 0.0:
        return True
    end = _at(start, speed, until)
    return start > 0.0 and (end > 0.0 if closed else end >= 0.0)


def _separation_bounds(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    axis: Vec,
    target: float,
    *,
    exact: bool,
) -> tuple[float, float]:
    """Lower bounds of ``sep(0) - target |axis|`` and of ``axis . (tb - ta)``, both computed
    ``exact`` where the shapes allow (far from the origin, or for a sweep passing a hair
    from ``A - B``, rounding costs more than the certificate's slack)."""
    (shape_a, shape_b), (ta, tb) = shapes, motion
    start = separation(shape_a, shape_b, axis, exact=exact).lower
    start -= length_times(target, axis)
    return start, motion_along(axis, ta, tb, exact=exact)[0]


def _at(start: float, speed: float, time: float) -> float:
    """A lower bound of ``start + time * speed`` (the product's rounding taken off)."""
    change = time * speed
    return start + change - rounding_bound(start, change)
