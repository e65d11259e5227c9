"""The whole check of one linear cast: gjkcli's float answer against the referees.

The cast (:func:`gjkcli.algorithms.cast.cast`) is compared with

- the **exact cast** (:func:`gjkcli.verify.exact_cast.exact_cast`) for two polytopes
  and no target distance: the statuses must be equal, the times within
  :func:`~gjkcli.tolerances.cast_time_tolerance` of the rational time, and a hit's
  normal must be an outward normal of the exact ``A - B`` at the point hit (no
  corner of ``A - B`` beyond the normal's line through it, to rounding);
- the **analytic cast** (:func:`gjkcli.verify.exact_cast.analytic_cast`) for
  rounded shapes with polygonal cores (circles, capsules, rounded polygons) and
  for polygons with a target distance: the same status, the time within the same
  tolerance;
- **Shapely's swept region** (:func:`gjkcli.verify.cast_oracle.swept_check`);
- the **certificate's re-check**
  (:func:`gjkcli.verify.cast_certificate.check_cast_certificate`);
- the **contact itself**, for every hit and every shape, from the shapes alone: each
  reported point, moved back to the start, belongs to its shape (behind its support
  lines, within :func:`~gjkcli.algorithms.bounds.membership_slack`); the two points
  lie the target apart, within the rounding of ``A - B``'s reach and the motion (plus
  one unit in the last place of each point, which no float can do better than); and
  the normal supports ``A - B`` at their difference: ``h_A(n) + h_B(-n)`` at the time
  equals ``n.(p_A - p_B)`` within the rounding of the shapes' support values
  (polygons without a target are held to the exact test above as well).

Each disagreement is one line in ``problems``; ``agree`` when there is none.
Only translations are cast: a rotating motion goes to the time of impact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from gjkcli.algorithms.bounds import membership_slack, reach_along, rounding_bound
from gjkcli.algorithms.cast import CastResult, CastStatus, cast
from gjkcli.algorithms.poses import STILL, Motion, Pose
from gjkcli.algorithms.raycast import RayStep
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of, shape_bounds, transform_shape
from gjkcli.tolerances import (
    cast_time_tolerance,
    coordinate_scale,
    difference_scale,
    rounding,
    touch_band,
)
from gjkcli.verify.cast_certificate import check_cast_certificate, unproven
from gjkcli.verify.cast_oracle import SweptCheck, swept_check
from gjkcli.verify.certificates import membership_problems
from gjkcli.verify.exact import rational_text
from gjkcli.verify.exact_cast import ExactCast, analytic_cast, exact_cast, exact_gap

__all__ = ["CastCheck", "check_cast"]


@dataclass(frozen=True)
class CastCheck:
    """Everything known about one cast after checking it.

    ``result`` is gjkcli's answer; ``exact`` the exact cast (two polytopes, no
    target; ``None`` otherwise); ``analytic`` the closed-form time of rounded
    shapes with polygonal cores, or of polygons with a target (``None`` where there
    is none, or no closed form), and ``analytic_status`` its status; ``shapely``
    the swept-region check; ``certificate_problems`` what the certificate's
    re-check found wrong. ``time_tolerance`` is the allowance the times were
    compared with (0 when no time was compared). ``problems`` says what did not
    agree, one line each; ``agree`` when nothing. ``notes`` say what weakens the
    answer without making it wrong (a miss that carries no certificate:
    :func:`~gjkcli.verify.cast_certificate.unproven`).
    """

    result: CastResult
    exact: ExactCast | None
    analytic: float | None
    shapely: SweptCheck | None
    certificate_problems: tuple[str, ...]
    agree: bool
    problems: tuple[str, ...]
    analytic_status: CastStatus | None = None
    time_tolerance: float = 0.0
    notes: tuple[str, ...] = ()


def check_cast(shape_a: Shape, shape_b: Shape, motion: Motion, trace: bool = False) -> CastCheck:
    """Cast A and B by ``motion`` (translations; each shape placed at its start pose first)
    and check the answer against the exact cast, the analytic one, Shapely and the
    certificate. ``trace`` keeps the ray loop's steps in ``result.steps``.

    >>> from gjkcli.algorithms.poses import Motion, Move, Pose
    >>> from gjkcli.shapes import circle, rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> towards = Motion(b=Move(end=Pose(-6.0, 0.0, 0.0)))
    >>> check = check_cast(box, rectangle((5.0, 0.5), (2.0, 2.0)), towards)
    >>> check.result.status, check.result.time, check.exact.time, check.agree
    ('hit', 0.5, Fraction(1, 2), True)
    >>> check_cast(box, circle((5.0, 0.0), 1.0), towards).analytic
    0.5
    """
    if motion.a.rotates or motion.b.rotates:
        raise ValueError("a rotating motion is not a linear cast: use the time of impact")
    a = _placed(shape_a, motion.a.start)
    b = _placed(shape_b, motion.b.start)
    ta, tb = motion.a.translation, motion.b.translation
    target = motion.target
    steps: list[RayStep] | None = [] if trace else None
    result = cast(a, b, tb, ta, target_distance=target, recorder=steps)
    exact = exact_cast(a, b, ta, tb) if target == 0.0 else None
    closed = analytic_cast(a, b, ta, tb, target)
    relative = (tb[0] - ta[0], tb[1] - ta[1])
    oracle = swept_check(a, b, relative, result.status, result.time, target_distance=target)
    question = _Question(a, b, ta, tb, target)
    problems: list[str] = []
    tolerance = 0.0
    if exact is not None:
        tolerance, found = _compare(result, "exact", (exact.status, exact.time), question)
        problems += found + _normal_problems(result, exact, question.reach)
        problems += _float_problems(result, exact, question)
    if closed is not None:
        time = None if closed.time is None else Fraction(closed.time)
        tolerance, found = _compare(result, "analytic", (closed.status, time), question)
        problems += found
    problems += _contact_problems(
        result, _deciding(question, result), exact_normal=exact is not None
    )
    problems.extend(f"Shapely: {problem}" for problem in oracle.problems)
    certificate = check_cast_certificate(a, b, ta, tb, result)
    problems.extend(f"certificate: {problem}" for problem in certificate)
    missing = unproven(result)
    return CastCheck(
        result,
        exact,
        None if closed is None else closed.time,
        oracle,
        certificate,
        not problems,
        tuple(problems),
        None if closed is None else closed.status,
        tolerance,
        () if missing is None else (f"certificate: {missing}",),
    )


def _placed(shape: Shape, pose: Pose) -> Shape:
    """A shape at its start pose (a compound shape: each part, and its geometry)."""
    if pose == STILL:
        return shape
    return transform_shape(shape, pose.affine)


def _deciding(question: _Question, result: CastResult) -> _Question:
    """The question about the parts that decided a cast of compound shapes (the question
    itself for convex shapes), whose contact is checked against those parts."""
    if result.parts is None:
        return question
    i, j = result.parts
    return replace(question, a=parts_of(question.a)[i], b=parts_of(question.b)[j])


@dataclass(frozen=True)
class _Question:
    """The cast asked: the shapes at their start poses, their translations, the target."""

    a: Shape
    b: Shape
    ta: Vec
    tb: Vec
    target: float

    @property
    def reach(self) -> float:
        """The largest absolute coordinate of ``A - B``'s bounding box."""
        return difference_scale(shape_bounds(self.a), shape_bounds(self.b))

    @property
    def scale(self) -> float:
        """The size of the numbers floating point combined: the largest absolute coordinate of
        the shapes, or of ``A - B``'s bounding box, whichever is larger."""
        boxes = (shape_bounds(self.a), shape_bounds(self.b))
        return max(self.reach, *(coordinate_scale(box) for box in boxes))

    @property
    def speed(self) -> float:
        """The length of the relative translation."""
        return math.hypot(self.tb[0] - self.ta[0], self.tb[1] - self.ta[1])


def _compare(
    result: CastResult,
    referee: str,
    answer: tuple[CastStatus, Fraction | None],
    question: _Question,
) -> tuple[float, list[str]]:
    """What differs between the cast's status and time and a referee's ``answer``, and
    the time tolerance used (0 when no time was compared), by the rules of
    :data:`~gjkcli.tolerances.CAST_TIME_RELATIVE`."""
    status, time = answer
    if result.status != status:
        if _within_band(result.status, status, question, result.time):
            return 0.0, []
        return 0.0, [f"status: the cast says {result.status}, the {referee} cast {status}"]
    if time is None or result.time is None:
        return 0.0, []
    reach = question.reach
    tolerance = cast_time_tolerance(float(time), reach, question.speed)
    off = abs(Fraction(result.time) - time)
    if off <= tolerance:
        return tolerance, []
    gap = None
    if result.time < time:  # early: fine if the shapes already touch within the band
        a, b, ta, tb = question.a, question.b, question.ta, question.tb
        gap = exact_gap(a, b, ta, tb, result.time, target_distance=question.target)
        if gap is not None and gap <= touch_band(reach):
            return tolerance, []
    said = f"{rational_text(time)} = {float(time)!r}" if referee == "exact" else repr(float(time))
    share = f", {float(off / time):.3g} relative" if time else ""
    apart = "" if gap is None else f"; the shapes are {gap:.3g} from {_contact(question)} then"
    return tolerance, [
        f"time: the cast says {result.time!r}, the {referee} cast {said} "
        f"(off by {float(off):.3g}{share}; tolerance {tolerance:.3g}{apart})"
    ]


_HONEST_IN_THE_BAND = (
    {"touching-approaching", "overlapping"},
    {"touching-approaching", "hit"},
    {"touching-receding", "overlapping"},
    {"touching-receding", "miss"},
)
"""Pairs of statuses that differ only by where a touch at ``t = 0`` is put, when the shapes
lie within the touching band of each other then: just touching, or just overlapping, or
just apart (and then meeting soon, or never)."""


def _within_band(
    own: CastStatus, referee: CastStatus, question: _Question, time: float | None
) -> bool:
    """Whether a cast's status and a referee's differ only within the touching band, where
    "just touching" and "just apart" or "just overlapping" are all honest answers of
    floating point (as for ``gjk check``'s verdict, FORMATS "gjk cast --json"): one says
    the shapes touch at ``t = 0`` and the other does not, or the cast says they meet at
    ``time`` (a graze) and the referee that they never do; and the exact gap between them
    then (less the target), whose sign the referee went by, is within the band of the
    numbers floating point combined (the shapes' coordinates, or ``A - B``'s, whichever
    are larger)."""
    if {own, referee} in _HONEST_IN_THE_BAND:
        at = 0.0
    elif own == "hit" and referee == "miss" and time is not None:
        at = time
    else:
        return False
    a, b, ta, tb = question.a, question.b, question.ta, question.tb
    gap = exact_gap(a, b, ta, tb, at, target_distance=question.target)
    return gap is not None and abs(gap) <= touch_band(question.scale)


def _float_problems(result: CastResult, exact: ExactCast, question: _Question) -> list[str]:
    """The float answer (what gjkcli's verdict and the ray loop say before the exact sweep
    has its say, :attr:`~gjkcli.algorithms.cast.CastResult.float_answer`) against the exact
    one, by the same rules as the answer given: the sweep decides the answer for
    polygons, and is not also the only referee of the float arithmetic it overrides."""
    if result.float_answer is None:
        return []
    status, time = result.float_answer
    own = replace(result, status=status, time=time)
    found = _compare(own, "exact", (exact.status, exact.time), question)[1]
    return [f"float answer: {problem}" for problem in found]


def _contact(question: _Question) -> str:
    return "touching" if question.target == 0.0 else f"the target distance {question.target!r}"


def _normal_problems(result: CastResult, exact: ExactCast, reach: float) -> list[str]:
    """A hit's normal must be a unit outward normal of the exact ``A - B`` at the point hit:
    no corner of ``A - B`` beyond its line through that point, to the rounding of ``reach``."""
    if result.status != "hit" or result.normal is None or exact.point is None:
        return []
    nx, ny = result.normal
    problems = []
    if abs(math.hypot(nx, ny) - 1.0) > rounding(1.0):
        problems.append(f"normal: {result.normal!r} is not a unit vector")
    px, py = exact.point
    beyond = max(Fraction(nx) * (x - px) + Fraction(ny) * (y - py) for x, y in exact.difference)
    if beyond > rounding(reach):
        problems.append(
            f"normal: {result.normal!r} is not an outward normal of A - B at the contact: "
            f"a corner of A - B lies {float(beyond):.3g} beyond it"
        )
    return problems


def _contact_problems(result: CastResult, question: _Question, exact_normal: bool) -> list[str]:
    """A hit's contact points and normal checked against the shapes at the time (see the
    module notes): each point on its shape, the two the target apart, the normal a
    supporting direction of ``A - B`` at their difference (unless ``exact_normal``: the
    exact cast has already checked it)."""
    shape_a, shape_b = question.a, question.b
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        return []  # a cast of compound shapes with no deciding parts: a miss
    if result.status == "overlapping" and result.points is not None:
        # EPA's contact at t = 0: a point of each shape (the certificate proves the overlap)
        problems = membership_problems(shape_a, "contact: the point on A", result.points[0], None)
        return problems + membership_problems(
            shape_b, "contact: the point on B", result.points[1], None
        )
    if result.status != "hit" or result.time is None or result.points is None:
        return []
    t, (ta, tb) = result.time, (question.ta, question.tb)
    (pax, pay), (pbx, pby) = result.points
    if not all(map(math.isfinite, (pax, pay, pbx, pby))):
        return ["contact: a contact point is not finite"]
    back_a = (pax - t * ta[0], pay - t * ta[1])
    back_b = (pbx - t * tb[0], pby - t * tb[1])
    problems = membership_problems(shape_a, "contact: the point on A", back_a, None)
    problems += membership_problems(shape_b, "contact: the point on B", back_b, None)
    moved = t * (abs(ta[0]) + abs(ta[1]) + abs(tb[0]) + abs(tb[1]))
    spacing = math.ulp(max(abs(pax), abs(pay))) + math.ulp(max(abs(pbx), abs(pby)))
    slack = rounding_bound(4.0 * question.reach, moved, question.target) + spacing
    gap = math.hypot(pbx - pax, pby - pay)
    if not abs(gap - question.target) <= slack:
        problems.append(
            f"contact: the points ({pax!r}, {pay!r}) and ({pbx!r}, {pby!r}) are {gap:.3g} "
            f"apart, not {question.target!r} (slack {slack:.3g})"
        )
    if result.normal is not None and not exact_normal:
        problems += _support_problems(result.normal, (back_a, back_b), (shape_a, shape_b))
    return problems


def _support_problems(
    normal: Vec, points: tuple[Vec, Vec], shapes: tuple[ConvexShape, ConvexShape]
) -> list[str]:
    """Whether ``normal`` supports ``A - B`` at the contact: ``h_A(n) - n.p_A`` and ``h_B(-n) +
    n.p_B`` (the points moved back to the start; the motion adds the same ``t n.ta`` to both
    sides of each) are both 0 to the rounding of the support values and the points."""
    nx, ny = normal
    ((ax, ay), (bx, by)), (shape_a, shape_b) = points, shapes
    extent_a = reach_along(shape_a, (nx, ny))
    extent_b = reach_along(shape_b, (-nx, -ny))
    along_a, along_b = nx * ax + ny * ay, -nx * bx - ny * by
    excess = (extent_a.value - along_a) + (extent_b.value - along_b)
    slack = (
        (extent_a.bound - extent_a.value)
        + (extent_b.bound - extent_b.value)
        + membership_slack(shape_a, (ax, ay))
        + membership_slack(shape_b, (bx, by))
    )
    if abs(excess) <= slack:
        return []
    return [
        f"normal: {normal!r} does not support A - B at the contact: A - B reaches "
        f"{excess:.3g} beyond the contact along it (slack {slack:.3g})"
    ]
