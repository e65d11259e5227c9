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
* for a **miss**: the shapes more than the target apart along the axis at ``t = 0`` and
  at ``t = 1``.

Other statuses are decided at ``t = 0`` by the verdict, whose own certificate
:mod:`gjkcli.verify.certificates` checks; they carry no cast certificate, and none is
asked of them here.
"""

from __future__ import annotations

import math
from fractions import Fraction

from gjkcli.algorithms.bounds import (
    length_times,
    motion_along,
    reach,
    rounding_bound,
    separation,
    swept_apart,
)
from gjkcli.algorithms.cast import CastResult
from gjkcli.dyadic import longer_than_one
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import shape_bounds
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import split_radius
from gjkcli.tolerances import (
    AGREEMENT_RELATIVE,
    CERTIFICATE_RELATIVE,
    cast_time_tolerance,
    difference_scale,
)
from gjkcli.verify.certificates import membership_problems

__all__ = ["check_cast_certificate", "unproven"]


def check_cast_certificate(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
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
    if result.status not in ("hit", "miss"):
        return ()
    if proof is None:
        return () if result.status == "miss" else (f"a {result.status} carries no certificate",)
    numbers = (*proof.axis, proof.apart_until, result.target_distance)
    if not all(map(math.isfinite, numbers)):
        return ("a number of the certificate is not finite",)
    nx, ny = proof.axis
    miss = result.status == "miss"
    if miss and proof.edge is not None:
        return _edge_problems(shape_a, shape_b, (translation_a, translation_b), result)
    if miss and not (nx or ny):
        return ("a miss's axis is the zero vector",)
    if not miss and (
        longer_than_one(nx, ny) or not math.hypot(nx, ny) >= 1.0 - CERTIFICATE_RELATIVE
    ):
        return (f"the axis ({nx!r}, {ny!r}) is not a unit vector no longer than 1",)
    ta, tb = translation_a, translation_b
    shapes, motion, target = (shape_a, shape_b), (ta, tb), result.target_distance
    start, speed = _separation_bounds(shapes, motion, proof.axis, target, exact=False)
    until = 1.0 if miss else proof.apart_until
    if not _apart(start, speed, until, closed=miss):
        # far from the origin, or passing a hair from A - B, rounding costs more: exactly
        start, speed = _separation_bounds(shapes, motion, proof.axis, target, exact=True)
    if miss:
        if not _apart(start, speed, 1.0, closed=True):
            return ("the axis does not hold the shapes apart at both ends of the motion",)
        return ()
    return _hit_problems((shape_a, shape_b), (ta, tb), result, (start, speed))


def unproven(result: CastResult) -> str | None:
    """Why the answer carries no proof, where it may carry none, else ``None``: a miss that
    no axis (float or exact) could be proven for. That is not a wrong answer: the sweep
    passes ``A - B`` closer than the rounding of the numbers (an ellipse's, whose extent
    along an axis has no exact form here), where nothing floating point computes can
    tell a miss from a graze, and the exact and analytic casts still judge the status.

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
    if result.status != "miss" or result.certificate is not None:
        return None
    return (
        "the miss carries no certificate: no axis could be proven to hold the shapes apart "
        "over the whole motion (the sweep passes A - B within the rounding of its numbers)"
    )


def _edge_problems(
    shape_a: ConvexShape, shape_b: ConvexShape, motion: tuple[Vec, Vec], result: CastResult
) -> tuple[str, ...]:
    """The check of a miss proven by an edge's exact normal: the normal made from the named
    vertices of the cores, in rational arithmetic, and the whole sweep held more than the
    radii and the target apart along it, exactly
    (:func:`~gjkcli.algorithms.bounds.swept_apart`)."""
    proof = result.certificate
    assert proof is not None and proof.edge is not None
    cores = [split_radius(shape)[0] for shape in (shape_a, shape_b)]
    core_a, core_b = cores
    if not (isinstance(core_a, Polytope) and isinstance(core_b, Polytope)):
        return ("an edge certificate needs polygons or rounded polygons",)
    (i, j), (k, m) = proof.edge
    if not (min(i, k) >= 0 and max(i, k) < len(core_a.vertices)) or not (
        min(j, m) >= 0 and max(j, m) < len(core_b.vertices)
    ):
        return (f"the edge {proof.edge!r} names a vertex that is not there",)
    (ax1, ay1), (ax2, ay2) = core_a.vertices[i], core_a.vertices[k]
    (bx1, by1), (bx2, by2) = core_b.vertices[j], core_b.vertices[m]
    ex = (Fraction(ax2) - Fraction(bx2)) - (Fraction(ax1) - Fraction(bx1))
    ey = (Fraction(ay2) - Fraction(by2)) - (Fraction(ay1) - Fraction(by1))
    normal = (ey, -ex)
    if not swept_apart(shape_a, shape_b, normal, motion, result.target_distance):
        return (f"the normal of the edge {proof.edge!r} does not hold the sweep apart, exactly",)
    return ()


def _hit_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    result: CastResult,
    bounds: tuple[float, float],
) -> tuple[str, ...]:
    """The checks of a hit's certificate (see the module notes)."""
    (shape_a, shape_b), (ta, tb) = shapes, motion
    proof = result.certificate
    assert proof is not None
    time, until = result.time, proof.apart_until
    if time is None or proof.time != time or proof.contact is None:
        return ("a hit's certificate must name its time and contact points",)
    if not 0.0 <= until <= time <= 1.0:
        return (f"apart_until {until!r} and the time {time!r} are not in order in [0, 1]",)
    start, speed = bounds
    problems: list[str] = []
    if not _apart(start, speed, until):
        # the axis proves apart only while sep(0) + t * speed > 0
        proven = start / -speed if start > 0.0 and speed < 0.0 else 0.0
        problems.append(f"the axis holds the shapes apart only until t = {proven!r}, not {until!r}")
    elif time - until > AGREEMENT_RELATIVE * max(time, 1.0):
        problems.append(f"apart only until t = {until!r}, short of the time of impact {time!r}")
    problems += _late_problems(shapes, motion, result, bounds)
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


def _late_problems(
    shapes: tuple[ConvexShape, ConvexShape],
    motion: tuple[Vec, Vec],
    result: CastResult,
    bounds: tuple[float, float],
) -> list[str]:
    """Whether the hit's time is later than the axis allows (see the module notes): no later
    than a proven lower bound of ``t_n`` plus the cast tolerance, ``sep(0)`` recomputed
    exactly before a verdict of late."""
    (shape_a, shape_b), (ta, tb) = shapes, motion
    assert result.time is not None and result.certificate is not None
    time, axis = result.time, result.certificate.axis
    scale = difference_scale(shape_bounds(shape_a), shape_bounds(shape_b))
    allowed = cast_time_tolerance(time, scale, math.hypot(tb[0] - ta[0], tb[1] - ta[1]))
    start, speed = bounds
    if speed < 0.0 and time <= _crossing(start, speed) + allowed:
        return []
    start = _separation_bounds(shapes, motion, axis, result.target_distance, exact=True)[0]
    if speed < 0.0 and time <= _crossing(start, speed) + allowed:
        return []
    return [
        f"the time {time!r} is later than the contact the axis allows "
        f"(t = {_crossing(start, speed):.17g}) by more than the cast tolerance {allowed:.3g}"
    ]


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
