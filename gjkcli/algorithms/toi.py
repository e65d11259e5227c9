"""Time of impact of two shapes that move and turn: a certified bracket, by conservative
advancement with a proven bound on how fast the distance can shrink.

Each shape moves from one pose to another over ``t`` in ``[0, 1]``
(:mod:`gjkcli.algorithms.poses`): a point ``q`` of it, in its own frame, is at
``c(t) + R(theta(t)) q`` with ``c`` and ``theta`` linear in ``t``. Its velocity is
``dc + dtheta J R(theta) q`` (``J`` the quarter turn, angles in radians), so it moves
no faster than

    |dc| + |dtheta| rho,      rho >= |q| over the whole shape

(``rho`` is :func:`~gjkcli.algorithms.bounds.reach`, the farthest corner of the
shape's bounding box, the radius of a rounded shape added). The distance between
the shapes can then shrink no faster than ``L``, the sum of those two speeds:
``d(t) >= d(t_k) - L |t - t_k|``.

**Why no contact is missed between samples.** At each time ``t_k`` reached, the
shapes are posed there and a separating axis gives a *proven* lower bound ``g``
on their distance: :func:`~gjkcli.algorithms.verdict.settle` proves the posed
shapes apart along an axis no longer than 1, with every rounding of the
separation accounted for (:func:`~gjkcli.algorithms.bounds.separation`), and
the rounding of posing the shapes at ``t_k`` (the interpolated pose, the cosine
and sine of its angle, the products that map the points) is bounded from the
numbers involved and taken off (:func:`posing_error`). By the speed bound the
shapes are then apart at every time in ``[t_k, t_k + g / L)``, and the next time
is taken strictly inside that interval, rounded down. The intervals chain from
``t = 0``: the shapes are apart at every time before ``t_lo``, whatever happens
between the times sampled. Nothing is assumed about the motion between samples
but the speed bound, which holds at every instant; a fast spin only makes
``L`` large and the steps short. (Box2D's ``b2TimeOfImpact`` advances by its
own estimate of the motion, without proof, and can step over a contact.)

**The other end.** When a proven step is shorter than the tolerance, the shapes
are close: the time ``t_lo + tolerance`` is *probed* with gjkcli's verdict
(:func:`~gjkcli.algorithms.answer.solve`). Touching or overlapping there gives
``t_hi`` and the bracket ``[t_lo, t_hi]``, at most the tolerance wide; apart
there, the advancement goes on from ``t_lo`` (the probe proved nothing about the
times before it). A probe is skipped while it would fall where an earlier
apart probe already proved the shapes apart.

**Grazing motions.** A motion that brings the shapes close at a shallow angle
is approached in ever shorter steps (the distance shrinks far slower than
``L``); one that only grazes, touching at a single instant, is approached
ever more slowly, since no probe lands on that instant. Such motions stop at
:data:`~gjkcli.tolerances.TOI_MAX_ITERATIONS` with status ``iteration-cap`` and
the proven ``t_lo`` (apart at every time before it), unless the verdict at a
time reached calls the shapes touching first. So does a motion whose shapes
come closer than the rounding of posing them, where no floating-point axis can
prove them apart (the stop reason says which).

>>> from gjkcli.algorithms.poses import Move, Pose
>>> from gjkcli.shapes import rectangle
>>> bar = rectangle((2.0, 0.0), (4.0, 0.2))  # from its pivot at the origin to x = 4
>>> post = rectangle((0.0, 3.0), (0.2, 0.2))  # in its way, a quarter turn on
>>> result = time_of_impact(bar, post, Move(end=Pose(0.0, 0.0, 90.0)), Move())
>>> result.status, result.bracket[1] - result.bracket[0] <= result.tolerance
('hit', True)

The post's corner ``(0.1, 2.9)`` meets the bar's top side (0.1 from its axis)
when ``2.9 cos(a) - 0.1 sin(a) = 0.1``:

>>> r, tilt = math.hypot(2.9, 0.1), math.atan2(0.1, 2.9)
>>> first = math.degrees(math.acos(0.1 / r) - tilt) / 90.0
>>> result.bracket[0] <= first <= result.bracket[1], round(90.0 * first, 6)
(True, 86.050132)
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from typing import Literal

from gjkcli.algorithms.answer import Answer, solve
from gjkcli.algorithms.axis import from_distance_run
from gjkcli.algorithms.bounds import reach
from gjkcli.algorithms.certificate import SeparatingAxis
from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.poses import STILL, Move, posed
from gjkcli.algorithms.verdict import settle
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound
from gjkcli.tolerances import CERTIFICATE_ROUNDING, TOI_MAX_ITERATIONS, TOI_TOLERANCE

__all__ = [
    "ToiResult",
    "ToiStatus",
    "ToiStep",
    "posing_error",
    "speed_bound",
    "time_of_impact",
]

_R = CERTIFICATE_ROUNDING
_TINY = sys.float_info.min

ToiStatus = Literal["hit", "miss", "overlapping", "iteration-cap"]
"""``hit``: a bracket ``[t_lo, t_hi]`` with the shapes apart (proven) at every time
before ``t_lo`` and touching or overlapping at ``t_hi`` (``[0, 0]`` when they touch
at ``t = 0``); ``miss``: apart (proven) at every time in ``[0, 1]``;
``overlapping``: the interiors overlap at ``t = 0``; ``iteration-cap``: the loop
stopped with the shapes proven apart before ``t_lo`` only (see the stop reason)."""


@dataclass(frozen=True)
class ToiStep:
    """One evaluation: at ``time``, the proven ``gap`` (a lower bound on the distance,
    rounding taken off; 0 when nothing was proven) and the ``advance`` it allowed;
    ``outcome`` is ``advanced``, ``probed-apart``, ``probe-skipped`` or the stop."""

    iteration: int
    time: float
    gap: float
    advance: float
    outcome: str


@dataclass(frozen=True)
class ToiResult:
    """The answer of :func:`time_of_impact` (see :data:`ToiStatus`).

    The first contact, if there is one, lies in ``bracket``: ``(t_lo, t_hi)`` for a
    hit, ``(0.0, 0.0)`` for an overlap at the start, ``(t_lo, 1.0)`` at the cap
    (apart before ``t_lo``, nothing known after; ``time`` is then ``None``), and
    ``None`` for a miss. ``normal``
    (unit, from A towards B) and ``points`` (on A, on B) are those of the
    verdict at ``t_hi``, when it gives them.
    """

    status: ToiStatus
    bracket: tuple[float, float] | None
    time: float | None
    tolerance: float
    speed_bound: float
    iterations: int
    stop: str
    normal: Vec | None
    points: tuple[Vec, Vec] | None
    steps: tuple[ToiStep, ...] = ()


def speed_bound(shape: ConvexShape, move: Move) -> float:
    """How fast any point of ``shape`` can move along ``move``, per unit of ``t``:
    ``|dc| + |dtheta| rho`` (radians; ``rho`` the shape's reach), rounded up.

    >>> from gjkcli.algorithms.poses import Pose
    >>> from gjkcli.shapes import circle
    >>> spin = Move(Pose(0.0, 0.0, 0.0), Pose(3.0, 4.0, 180.0))  # 5 along, half a turn
    >>> bound = speed_bound(circle((1.0, 0.0), 1.0), spin)      # reach 2
    >>> 5.0 + 2.0 * math.pi <= bound < 5.0 + 2.0 * math.pi + 1e-13
    True
    """
    (dx, dy), start, end = move.translation, move.start, move.end
    along = math.hypot(dx, dy)
    turn = math.radians(abs(end.angle - start.angle))
    speed = along + turn * reach(shape) * (1.0 + _R)
    return speed + _R * speed  # the rounding of the differences, hypot and radians


def posing_error(shape: ConvexShape, move: Move) -> float:
    """How far rounding can put the posed shape (at any time of ``move``) from where the
    exact motion has it: the interpolated angle and position, the cosine and sine, and
    the products and sums that map the points, each bounded from the sizes of the
    numbers combined.

    >>> from gjkcli.algorithms.poses import Pose
    >>> from gjkcli.shapes import circle
    >>> 0.0 < posing_error(circle((1.0, 0.0), 1.0), Move(end=Pose(3.0, 4.0, 30.0))) < 1e-13
    True
    >>> posing_error(circle((1.0, 0.0), 1.0), Move())  # left where it is written
    0.0
    """
    start, end = move.start, move.end
    if start == end == STILL:
        return 0.0  # posed as it is: no arithmetic at all
    rho = reach(shape)
    # the angle (1 - t) a + t b in degrees: within a few units in the last place of |a| + |b|
    angle = math.radians(_R * (abs(start.angle) + abs(end.angle)))
    place = abs(start.x) + abs(end.x) + abs(start.y) + abs(end.y)
    return 2.0 * angle * rho + 8.0 * _R * (rho + place) + _TINY


def time_of_impact(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    move_a: Move,
    move_b: Move,
    *,
    tolerance: float = TOI_TOLERANCE,
    recorder: list[ToiStep] | None = None,
) -> ToiResult:
    """The first time in ``[0, 1]`` at which the moving shapes touch, bracketed to within
    ``tolerance`` (see the module notes for the proof).

    >>> from gjkcli.algorithms.poses import Move, Pose
    >>> from gjkcli.shapes import circle
    >>> ball = circle((0.0, 0.0), 1.0)
    >>> result = time_of_impact(ball, ball, Move(), Move(Pose(5.0, 0.0, 0.0), Pose(0.0, 0.0, 0.0)))
    >>> result.status, abs(result.time - 0.6) <= result.tolerance, result.normal
    ('hit', True, (1.0, 0.0))
    >>> time_of_impact(ball, ball, Move(), Move(Pose(5.0, 0.0, 0.0), Pose(5.0, 9.0, 90.0))).status
    'miss'
    """
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        raise ValueError("casts need convex shapes")
    if not (tolerance > 0.0 and math.isfinite(tolerance)):
        raise ValueError(f"the tolerance must be a positive number, got {tolerance!r}")
    run = _Run(shape_a, shape_b, move_a, move_b, tolerance, recorder)
    return run.go()


@dataclass
class _Run:
    """One time-of-impact run: the shapes, their moves and what is proven so far."""

    shape_a: ConvexShape
    shape_b: ConvexShape
    move_a: Move
    move_b: Move
    tolerance: float
    recorder: list[ToiStep] | None

    def __post_init__(self) -> None:
        speed = speed_bound(self.shape_a, self.move_a) + speed_bound(self.shape_b, self.move_b)
        self.speed = speed + _R * speed
        self.error = posing_error(self.shape_a, self.move_a) + posing_error(
            self.shape_b, self.move_b
        )

    def posed(self, t: float) -> tuple[ConvexShape, ConvexShape]:
        """Both shapes at time ``t``."""
        return posed(self.shape_a, self.move_a.at(t)), posed(self.shape_b, self.move_b.at(t))

    def gap(self, t: float) -> float:
        """A proven lower bound on the distance at ``t`` (the rounding of posing taken off),
        or 0 when the shapes posed at ``t`` are not proven apart."""
        a, b = self.posed(t)
        settled = settle(a, b, distance(a, b))
        if settled.proven != "separated" or settled.separation is None:
            return 0.0
        return self.beyond_rounding(settled.separation.lower)

    def beyond_rounding(self, lower: float) -> float:
        """A proven separation of the posed shapes, less the rounding of posing them (0 when
        nothing is left)."""
        return max(math.nextafter(lower - self.error, -math.inf), 0.0)

    def horizon(self, t: float, gap: float) -> float:
        """A float strictly before ``t + gap / L``, the end of the interval the gap proves
        the shapes apart on (``inf`` when nothing moves)."""
        if self.speed == 0.0:
            return math.inf
        advance = math.nextafter(gap / self.speed, 0.0)
        return max(math.nextafter(t + advance, -math.inf), t)

    def record(self, iteration: int, t: float, gap: float, advance: float, outcome: str) -> None:
        if self.recorder is not None:
            self.recorder.append(ToiStep(iteration, t, gap, advance, outcome))

    def result(
        self,
        status: ToiStatus,
        bracket: tuple[float, float] | None,
        iterations: int,
        stop: str,
        contact: Answer | None = None,
    ) -> ToiResult:
        normal, points = _contact(contact) if contact is not None else (None, None)
        time = None if bracket is None or status == "iteration-cap" else bracket[1]
        steps = tuple(self.recorder) if self.recorder is not None else ()
        return ToiResult(
            status,
            bracket,
            time,
            self.tolerance,
            self.speed,
            iterations,
            stop,
            normal,
            points,
            steps,
        )

    def go(self) -> ToiResult:
        """Advance until a contact is bracketed, the whole of ``[0, 1]`` is proven clear, or
        the cap."""
        t_lo = 0.0  # proven: apart at every time in [0, t_lo)
        probed_clear = -math.inf  # an apart probe proved the shapes apart before this
        for iteration in range(1, TOI_MAX_ITERATIONS + 1):
            gap = self.gap(t_lo)
            if gap == 0.0:
                answer = solve(*self.posed(t_lo))
                if answer.verdict != "separated":
                    self.record(iteration, t_lo, 0.0, 0.0, answer.verdict)
                    if t_lo == 0.0 and answer.verdict == "overlapping":
                        return self.result(
                            "overlapping", (0.0, 0.0), iteration, "overlapping at t = 0", answer
                        )
                    stop = (
                        f"{answer.verdict} at t = 0" if t_lo == 0.0 else f"{answer.verdict} at t_lo"
                    )
                    return self.result("hit", (t_lo, t_lo), iteration, stop, answer)
            horizon = self.horizon(t_lo, gap)
            if horizon >= 1.0:
                self.record(iteration, t_lo, gap, horizon - t_lo, "miss")
                return self.result("miss", None, iteration, "apart at every time in [0, 1]")
            advance = horizon - t_lo
            t_lo = horizon
            if advance >= self.tolerance:
                self.record(iteration, t_lo - advance, gap, advance, "advanced")
                continue
            probe = min(_within(t_lo, self.tolerance), 1.0)
            if probe < probed_clear:
                self.record(iteration, t_lo - advance, gap, advance, "probe-skipped")
                continue
            answer = solve(*self.posed(probe))
            if answer.verdict != "separated":
                self.record(iteration, t_lo - advance, gap, advance, "contact")
                return self.result("hit", (t_lo, probe), iteration, "bracketed", answer)
            self.record(iteration, t_lo - advance, gap, advance, "probed-apart")
            if advance == 0.0:
                stop = (
                    "stalled: closer at t_lo than the rounding of posing the shapes,"
                    " which no floating-point axis proves apart"
                )
                return self.result("iteration-cap", (t_lo, 1.0), iteration, stop)
            if isinstance(answer.certificate, SeparatingAxis):
                probed_clear = self.horizon(probe, self.beyond_rounding(answer.certificate.lower))
        stop = f"{TOI_MAX_ITERATIONS} iterations (TOI_MAX_ITERATIONS): apart before t_lo only"
        return self.result("iteration-cap", (t_lo, 1.0), TOI_MAX_ITERATIONS, stop)


def _within(t: float, width: float) -> float:
    """``t + width`` rounded so that it is no more than ``width`` after ``t``."""
    end = t + width
    while end - t > width:
        end = math.nextafter(end, -math.inf)
    return end


def _contact(answer: Answer) -> tuple[Vec | None, tuple[Vec, Vec] | None]:
    """The normal (from A towards B) and contact points of a verdict of contact: EPA's
    when it measured a depth, else the distance run's."""
    if answer.penetration is not None:
        return answer.penetration.normal, answer.penetration.contact
    return from_distance_run(answer.gjk), answer.gjk.closest
