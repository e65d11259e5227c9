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
shapes are posed there and a separating axis ``n`` gives a *proven* lower bound
``g`` on their distance: :func:`~gjkcli.algorithms.verdict.settle` proves the
posed shapes apart along an axis no longer than 1, with every rounding of the
separation accounted for (:func:`~gjkcli.algorithms.bounds.separation`), and
the rounding of posing the shapes at ``t_k`` (the interpolated pose, the cosine
and sine of its angle, the products that map the points) is bounded from the
numbers involved and taken off (:func:`posing_error`). By the speed bound the
shapes are then apart at every time in ``[t_k, t_k + g / L)``. The next time is
taken inside the interval proven clear, rounded down, so the intervals chain
from ``t = 0``: the shapes are apart at every time before ``t_lo``, whatever
happens between the times sampled. Nothing is assumed about the motion between
samples but bounds that hold at every instant; a fast spin only makes ``L``
large and the steps short. (Box2D's ``b2TimeOfImpact`` advances by its own
estimate of the motion, without proof, and can step over a contact.)

**A longer step, also proven.** ``g / L`` assumes the worst: every point
heading straight for the other shape at full speed. Along the fixed axis ``n``
the separation at ``t_k + s`` is at least

    G(s) = s n.(dc_b - dc_a) - h_A(n - phi J n) - h_B(-(n - psi J n))
           + psi (J n).c_b - phi (J n).c_a - (phi^2 rho_a + psi^2 rho_b) / 2

where ``h`` is a posed shape's support function, ``c`` its origin at ``t_k``,
``phi = s dtheta_a`` and ``psi = s dtheta_b`` the angles each turns in ``s``:
a turn by ``phi`` moves a point ``c + w`` to ``c + w + phi J w`` up to
``phi^2 |w| / 2`` (``|e^(i phi) - 1 - i phi| <= phi^2 / 2``). ``G(0)`` is the
separation along ``n``, and ``G`` is concave (a support function is convex,
and its argument here is affine in ``s``), so ``G(s) > 0`` at the end of a step
proves it positive along the whole step. So the step ``g / L`` is doubled while
``G`` stays positive (:meth:`_Run.apart_over`; its support values are
:func:`~gjkcli.algorithms.bounds.reach_along`'s rounded-up bounds, and every
other rounding, and the posing, is taken off). A shape approaching at a shallow
angle, or passing close by, is passed in a few steps instead of thousands: the
first-order term of ``G`` is the true rate at which the gap along ``n`` closes.

**The other end.** When a proven step is shorter than the tolerance, the shapes
are close: the time ``t_lo + tolerance`` is *probed* with gjkcli's verdict
(:func:`~gjkcli.algorithms.answer.solve`). Touching or overlapping there gives
``t_hi`` and the bracket ``[t_lo, t_hi]``, at most the tolerance wide; apart
there, the advancement goes on from ``t_lo`` (the probe proved nothing about the
times before it). A probe is skipped while it would fall where an earlier
apart probe already proved the shapes apart.

**A touch at t = 0.** Shapes that touch at ``t = 0`` give no gap to advance on. Along
the contact normal ``n`` (EPA's, or the distance run's) ``G(0)`` is their separation,
0 to the touching band; ``G`` is concave, so ``G(s) > 0`` proves them apart at every
time in ``(0, s]`` (but a sliver within the band). The step ``s`` is the best of ``1,
1/2, 1/4, ...`` (:data:`~gjkcli.tolerances.START_HALVINGS` at most): when one proves
them apart, the motion takes them apart, the touch is no hit (status
``touching-receding`` when they stay apart to ``t = 1``, as for a linear cast), and the
advancement goes on from ``s`` to find a later contact; otherwise the touch is a hit at
``[0, 0]`` (the motion pushes them together, or nothing proves it does not).

**Grazing motions, and the rounding floor.** A motion that only grazes,
touching at a single instant, is approached in ever shorter steps, since no
probe lands on that instant, until the proven gap reaches the rounding floor:
no more than the rounding it gave up (the posing, twice over), or no smaller
after a step shorter than the tolerance. There the run ends on gjkcli's verdict
at ``t_lo`` (touching: a hit at ``[t_lo, t_lo]``), else at ``t_lo + tolerance``
(touching: a hit), else with status ``iteration-cap`` and a stop reason that
begins ``stalled``: the shapes are proven apart before ``t_lo`` and closer there
than floating point can tell from touching. Any other run that reaches
:data:`~gjkcli.tolerances.TOI_MAX_ITERATIONS` stops with that status too.

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

The time reported is ``t_lo``, never after the contact, as a time of impact used to
move shapes up to each other must be:

>>> result.time == result.bracket[0] <= first
True
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from typing import Literal

from gjkcli.algorithms.answer import Answer, solve
from gjkcli.algorithms.axis import from_distance_run, unit
from gjkcli.algorithms.bounds import reach, reach_along
from gjkcli.algorithms.certificate import SeparatingAxis
from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.poses import STILL, Move, posed
from gjkcli.algorithms.verdict import settle
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound
from gjkcli.tolerances import (
    CERTIFICATE_ROUNDING,
    START_HALVINGS,
    TOI_MAX_DOUBLINGS,
    TOI_MAX_ITERATIONS,
    TOI_TOLERANCE,
)

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

ToiStatus = Literal["hit", "miss", "overlapping", "touching-receding", "iteration-cap"]
"""``hit``: a bracket ``[t_lo, t_hi]`` with the shapes apart (proven) at every time
before ``t_lo`` (after a touch at ``t = 0`` that they move away from) and touching or
overlapping at ``t_hi`` (``[0, 0]`` when they touch at ``t = 0`` and do not move
apart); ``miss``: apart (proven) at every time in ``[0, 1]``; ``overlapping``: the
interiors overlap at ``t = 0``; ``touching-receding``: touching at ``t = 0``, then
apart (proven) at every later time: no hit; ``iteration-cap``: the loop stopped with
the shapes proven apart before ``t_lo`` only (see the stop reason)."""


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
    ``None`` for a miss. ``time`` is ``t_lo``: the latest time before which the shapes
    are proven apart, never later than the first contact (as a time of impact should
    be, to move the shapes to without overlap); the contact itself is at most
    ``tolerance`` later. ``normal`` (unit, from A towards B) and ``points`` (on A, on
    B) are those of the verdict at ``t_hi``, when it gives them. ``receding``, for shapes
    that touch at ``t = 0`` and move apart, is the time up to which they are proven apart
    after the touch (``None`` otherwise): that touch is not a hit.
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
    receding: float | None = None


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
    ``tolerance`` (see the module notes for the proof); the result's ``time`` is the
    bracket's start ``t_lo``, before which the shapes are proven apart.

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


@dataclass(frozen=True)
class _Mover:
    """One shape and its move, with what the bounds need: its reach (rounded up), the
    angle turned (radians), the translation and the rounding of posing it."""

    shape: ConvexShape
    move: Move

    @property
    def reach(self) -> float:
        return reach(self.shape) * (1.0 + _R) + _TINY

    @property
    def turn(self) -> float:
        return math.radians(self.move.end.angle - self.move.start.angle)

    @property
    def error(self) -> float:
        return posing_error(self.shape, self.move)

    def at(self, t: float) -> tuple[ConvexShape, Vec]:
        """The shape posed at ``t``, and where its own origin is then."""
        pose = self.move.at(t)
        return posed(self.shape, pose), pose.position


@dataclass(frozen=True)
class _Clearance:
    """What is proven at one time: the shapes posed there, apart along ``axis`` (no longer
    than 1) by at least ``gap`` (the rounding of posing taken off)."""

    time: float
    gap: float
    axis: Vec
    a: ConvexShape
    b: ConvexShape
    centre_a: Vec
    centre_b: Vec


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
        self.receding: float | None = None
        self.touch: Answer | None = None  # the verdict at t = 0, for shapes touching there
        speed = speed_bound(self.shape_a, self.move_a) + speed_bound(self.shape_b, self.move_b)
        self.speed = speed + _R * speed
        self.mover_a = _Mover(self.shape_a, self.move_a)
        self.mover_b = _Mover(self.shape_b, self.move_b)
        self.reach_a, self.reach_b = self.mover_a.reach, self.mover_b.reach
        self.turn_a, self.turn_b = self.mover_a.turn, self.mover_b.turn
        self.error_a, self.error_b = self.mover_a.error, self.mover_b.error
        self.error = self.error_a + self.error_b

    def posed(self, t: float) -> tuple[ConvexShape, ConvexShape]:
        """Both shapes at time ``t``."""
        return self.mover_a.at(t)[0], self.mover_b.at(t)[0]

    def clearance(self, t: float, proof: tuple[Vec, float] | None = None) -> _Clearance | None:
        """What is proven at ``t`` (from ``proof``, an axis and its proven separation, when
        given), or ``None`` when the shapes posed there are not proven apart by more than
        twice the rounding of posing them."""
        (a, centre_a), (b, centre_b) = self.mover_a.at(t), self.mover_b.at(t)
        if proof is None:
            settled = settle(a, b, distance(a, b))
            if settled.proven != "separated" or settled.separation is None:
                return None
            assert settled.axis is not None  # a separation is along an axis
            proof = (settled.axis, settled.separation.lower)
        axis, lower = proof
        gap = math.nextafter(lower - self.error, -math.inf)
        if not gap > self.error:
            # at the floor: a gap no larger than the rounding given up for it would be
            # advanced on by a float or two a step, as the proof's rounding wobbles
            return None
        return _Clearance(t, gap, axis, a, b, centre_a, centre_b)

    def horizon(self, clear: _Clearance) -> float:
        """A time up to which the shapes are proven apart from ``clear.time`` on (``inf``
        past ``t = 1``): strictly before ``t + gap / L`` by the speed bound, then doubled
        while :meth:`apart_over` proves the longer step."""
        t = clear.time
        if self.speed == 0.0:
            return math.inf
        advance = math.nextafter(clear.gap / self.speed, 0.0)
        best = max(math.nextafter(t + advance, -math.inf), t)
        rest = math.nextafter(1.0 - t, math.inf)  # no less than the time left
        step = 2.0 * advance
        for _ in range(TOI_MAX_DOUBLINGS):
            if best >= 1.0 or not step > 0.0:
                break
            step = min(step, rest)
            if not self.apart_over(clear, step):
                break
            if step == rest:
                return math.inf
            best = max(best, math.nextafter(t + step, -math.inf))
            step *= 2.0
        return math.inf if best >= 1.0 else best

    def apart_over(self, clear: _Clearance, step: float) -> bool:
        """Whether the shapes are proven apart at every time in ``[t, t + step]``, along the
        axis ``n`` proven at ``t`` (the finer bound, see the module notes)."""
        return self.margin_over(clear, step) > 0.0

    def margin_over(self, clear: _Clearance, step: float) -> float:
        """``G(step)`` less its rounding: positive when the shapes are proven apart at ``t +
        step`` along ``n``, and then at every time between where they are at ``t`` (the
        finer bound, see the module notes).

        The separation along ``n`` at ``t + s`` is at least ``G(s)``, the separation along
        ``n`` turned back by each shape's own turn ``phi = s dtheta`` (to first order,
        ``n - phi J n``), plus the translations and the turns' lever on the shapes'
        origins, less ``phi^2 rho / 2`` per shape (the second-order term of the turn);
        ``G`` is concave in ``s`` and at least the gap at ``s = 0``, so ``G(step) > 0``
        proves it positive over the whole step.
        """
        nx, ny = clear.axis
        mx, my = -ny, nx  # J n, the axis turned a quarter turn
        phi, psi = step * self.turn_a, step * self.turn_b
        high_a = reach_along(clear.a, (nx - phi * mx, ny - phi * my)).bound
        high_b = reach_along(clear.b, (psi * mx - nx, psi * my - ny)).bound
        (dax, day), (dbx, dby) = self.move_a.translation, self.move_b.translation
        (ax, ay), (bx, by) = clear.centre_a, clear.centre_b
        linear = (
            step * (nx * (dbx - dax) + ny * (dby - day))
            + psi * (mx * bx + my * by)
            - phi * (mx * ax + my * ay)
        )
        bend = 0.5 * (phi * phi * self.reach_a + psi * psi * self.reach_b)
        value = linear - high_a - high_b - bend
        grow = 1.0 + abs(phi) + abs(psi)
        sizes = (
            self.reach_a
            + self.reach_b
            + abs(ax)
            + abs(ay)
            + abs(bx)
            + abs(by)
            + step * (abs(dax) + abs(day) + abs(dbx) + abs(dby))
        )
        slack = (
            self.error_a * (1.0 + 2.0 * abs(phi))
            + self.error_b * (1.0 + 2.0 * abs(psi))
            + 8.0 * _R * grow * grow * sizes
            + _R * (abs(linear) + abs(high_a) + abs(high_b) + bend)
            + _TINY
        )
        return value - slack

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
        if status == "miss" and self.receding is not None:
            contact = self.touch  # the touch at t = 0 the shapes move away from
        normal, points = _contact(contact) if contact is not None else (None, None)
        time = None if bracket is None or status == "iteration-cap" else bracket[0]
        steps = tuple(self.recorder) if self.recorder is not None else ()
        if status == "miss" and self.receding is not None:
            status, stop = "touching-receding", "touching at t = 0, then apart at every later time"
        elif self.receding is not None:
            stop = f"touching at t = 0 and moving apart, then {stop}"
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
            self.receding,
        )

    def receding_start(self) -> float | None:
        """For shapes that touch at ``t = 0`` (not overlapping), the time up to which the
        motion is proven to take them apart, along the contact normal (see the module
        notes), or ``None``: apart already, overlapping, or not proven to move apart."""
        answer = self.touch = solve(*self.posed(0.0))
        normal = unit(_contact(answer)[0] or (0.0, 0.0))
        if answer.verdict != "touching" or normal is None:
            return None
        (a, centre_a), (b, centre_b) = self.mover_a.at(0.0), self.mover_b.at(0.0)
        touch = _Clearance(0.0, 0.0, normal, a, b, centre_a, centre_b)
        best, step, found = 0.0, 1.0, None
        for _ in range(START_HALVINGS):
            margin = self.margin_over(touch, step)
            if margin > best:
                best, found = margin, step
            elif found is not None:
                break  # past the widest proven margin (G is concave)
            step *= 0.5
        return found

    def go(self) -> ToiResult:
        """Advance until a contact is bracketed, the whole of ``[0, 1]`` is proven clear, or
        the cap (from where a touch at ``t = 0`` is proven to recede, if it is)."""
        self.receding = None if self.clearance(0.0) is not None else self.receding_start()
        t_lo = self.receding or 0.0  # proven: apart at every time in [0, t_lo) (but t = 0)
        probed_clear = -math.inf  # an apart probe proved the shapes apart up to here
        last_gap = math.inf
        for iteration in range(1, TOI_MAX_ITERATIONS + 1):
            clear = self.clearance(t_lo)
            if clear is None:
                return self.unproven(iteration, t_lo)
            horizon = self.horizon(clear)
            if horizon >= 1.0:
                self.record(iteration, t_lo, clear.gap, 1.0 - t_lo, "miss")
                return self.result("miss", None, iteration, "apart at every time in [0, 1]")
            advance = horizon - t_lo
            outcome = "advanced"
            if advance < self.tolerance:
                probe = min(_within(horizon, self.tolerance), 1.0)
                if probe < probed_clear:
                    outcome = "probe-skipped"
                else:
                    answer = solve(*self.posed(probe))
                    if answer.verdict != "separated":
                        self.record(iteration, t_lo, clear.gap, advance, "contact")
                        return self.result("hit", (horizon, probe), iteration, "bracketed", answer)
                    outcome = "probed-apart"
                    probed_clear = self.probed(probe, answer)
                if clear.gap >= last_gap:
                    # a short step that left the gap no smaller: the proof now measures its
                    # own rounding, and would creep on by a few floats a step
                    return self.unproven(iteration, t_lo)
            self.record(iteration, t_lo, clear.gap, advance, outcome)
            t_lo, last_gap = horizon, clear.gap
        stop = f"{TOI_MAX_ITERATIONS} iterations (TOI_MAX_ITERATIONS): apart before t_lo only"
        return self.result("iteration-cap", (t_lo, 1.0), TOI_MAX_ITERATIONS, stop)

    def probed(self, probe: float, answer: Answer) -> float:
        """Up to when an apart probe proves the shapes apart (``-inf``: not at all)."""
        proof = answer.certificate
        if not isinstance(proof, SeparatingAxis):
            return -math.inf
        found = self.clearance(probe, (proof.axis, proof.lower))
        return -math.inf if found is None else self.horizon(found)

    def unproven(self, iteration: int, t_lo: float) -> ToiResult:
        """The end of the run at the rounding floor (see the module notes): gjkcli's verdict
        at ``t_lo``, or at ``t_lo + tolerance``, or stalled."""
        answer = solve(*self.posed(t_lo))
        if answer.verdict != "separated":
            self.record(iteration, t_lo, 0.0, 0.0, answer.verdict)
            if t_lo == 0.0 and answer.verdict == "overlapping":
                return self.result(
                    "overlapping", (0.0, 0.0), iteration, "overlapping at t = 0", answer
                )
            where = "t = 0" if t_lo == 0.0 else "t_lo"
            return self.result(
                "hit", (t_lo, t_lo), iteration, f"{answer.verdict} at {where}", answer
            )
        probe = min(_within(t_lo, self.tolerance), 1.0)
        answer = solve(*self.posed(probe))
        if answer.verdict != "separated":
            self.record(iteration, t_lo, 0.0, 0.0, "contact")
            return self.result("hit", (t_lo, probe), iteration, "bracketed", answer)
        self.record(iteration, t_lo, 0.0, 0.0, "stalled")
        stop = (
            "stalled at the rounding floor: proven apart before t_lo, closer at t_lo than"
            " rounding tells from touching, and apart at t_lo + tolerance"
        )
        return self.result("iteration-cap", (t_lo, 1.0), iteration, stop)


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
