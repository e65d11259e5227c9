"""The rotating time of impact cross-checked by sampling.

:func:`~gjkcli.algorithms.toi.time_of_impact` is checked against
:func:`~gjkcli.verify.toi_oracle.sampled_first_contact` (dense sampling with the
distance query, then bisection), which shares nothing with it but the poses and the
distance query. Sampling can step over a graze, so it answers one way only: the time
it finds is a time of contact, so the first contact is no later. The time of impact
proves the shapes apart before its ``t_lo``; a sampled contact earlier than that (by
more than the oracle's own width, :data:`~gjkcli.tolerances.TOI_ORACLE_WIDTH`)
contradicts it, and so does a sampled contact when it reports a miss, or none at ``t =
0`` when it reports the shapes overlapping there. A hit's bracket is also checked on
its own: no wider than the tolerance asked, and the shapes touching or overlapping at
``t_hi`` by gjkcli's verdict on the shapes posed there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gjkcli.algorithms.answer import solve
from gjkcli.algorithms.poses import Motion, posed
from gjkcli.algorithms.toi import ToiResult, ToiStep, time_of_impact
from gjkcli.shapes.base import ConvexShape
from gjkcli.tolerances import TOI_ORACLE_WIDTH
from gjkcli.verify.toi_oracle import sampled_first_contact

__all__ = ["TOI_SAMPLES", "ToiCheck", "check_toi"]

TOI_SAMPLES: Final = 1000
"""How many equal steps of ``t`` the cross-check of a rotating time of impact samples
before it bisects: 1,001 distance queries, a fraction of a second for shapes of a few
vertices. A contact shorter than a thousandth of the motion can fall between samples;
the check then proves nothing (it says so), and never fails the answer for it."""


@dataclass(frozen=True)
class ToiCheck:
    """The rotating time of impact of a pair and what sampling says.

    ``sampled`` is the first contact that sampling found from ``sampled_from`` on (0, or for
    shapes that touch at ``t = 0`` and move apart, the first sample after it or the time up
    to which the time of impact proves them apart, whichever is sooner; ``None``: none
    found, which proves nothing); ``problems`` every
    contradiction, one sentence each; ``notes`` what weakens the answer without
    contradicting it (a run stopped at its cap).
    """

    result: ToiResult
    sampled: float | None
    samples: int
    problems: tuple[str, ...]
    notes: tuple[str, ...]
    sampled_from: float = 0.0

    @property
    def agree(self) -> bool:
        """Sampling contradicts nothing."""
        return not self.problems

    @property
    def steps(self) -> tuple[ToiStep, ...]:
        """The steps of the time of impact (when traced)."""
        return self.result.steps


def check_toi(
    shape_a: ConvexShape, shape_b: ConvexShape, motion: Motion, trace: bool = False
) -> ToiCheck:
    """The rotating time of impact of the pair along ``motion``, and what sampling says.

    >>> from gjkcli.algorithms.poses import Move, Pose
    >>> from gjkcli.shapes import circle
    >>> ball = circle((0.0, 0.0), 1.0)
    >>> spin = Motion(Move(), Move(Pose(5.0, 0.0, 0.0), Pose(0.0, 0.0, 90.0)))
    >>> checked = check_toi(ball, ball, spin)
    >>> low, high = checked.result.bracket
    >>> checked.result.status, low <= 0.6 <= high, high - low <= 1e-9, checked.agree
    ('hit', True, True, True)
    """
    steps: list[ToiStep] | None = [] if trace else None
    result = time_of_impact(shape_a, shape_b, motion.a, motion.b, recorder=steps)
    # after a touch at t = 0 that recedes: from the first sample after it, or from the end
    # of the proof that they move apart, if sooner (a touch is no contact to find)
    start = 0.0 if result.receding is None else min(result.receding, 1.0 / TOI_SAMPLES)
    sampled = sampled_first_contact(shape_a, shape_b, motion.a, motion.b, TOI_SAMPLES, start)
    judged, notes = _judge(result, sampled)
    problems = judged + _bracket_problems(shape_a, shape_b, motion, result)
    problems += _touch_problems(shape_a, shape_b, motion, result)
    return ToiCheck(result, sampled, TOI_SAMPLES, problems, notes, start)


def _touch_problems(
    shape_a: ConvexShape, shape_b: ConvexShape, motion: Motion, result: ToiResult
) -> tuple[str, ...]:
    """For shapes said to touch at ``t = 0`` and move apart: gjkcli's verdict must find them
    touching at ``t = 0`` (sampling, from the time they are proven apart, looks after it)."""
    if result.receding is None:
        return ()
    verdict = solve(posed(shape_a, motion.a.at(0.0)), posed(shape_b, motion.b.at(0.0))).verdict
    if verdict != "touching":
        return (
            "the time of impact says the shapes touch at t = 0 and move apart, but they are "
            f"{verdict} there",
        )
    return ()


def _judge(result: ToiResult, sampled: float | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The contradictions between the time of impact and the sampled contact, and notes."""
    problems: list[str] = []
    notes: list[str] = []
    if result.status == "overlapping" and sampled != 0.0:
        problems.append(
            "the time of impact says the shapes overlap at t = 0, but the distance query "
            "finds them apart there"
        )
    elif result.status in ("miss", "touching-receding") and sampled is not None:
        claim = "a miss" if result.status == "miss" else "the shapes apart after t = 0"
        problems.append(
            f"the time of impact proves {claim}, but sampling finds a contact at t = {sampled!r}"
        )
    elif result.bracket is not None and sampled is not None:
        start = result.bracket[0]
        if start > sampled + TOI_ORACLE_WIDTH:
            problems.append(
                f"the time of impact proves the shapes apart before t = {start!r}, but "
                f"sampling finds a contact at t = {sampled!r}"
            )
    if result.status == "iteration-cap":
        notes.append(f"the time of impact stopped at its iteration cap ({result.stop})")
    if sampled is None and result.status == "hit":
        notes.append(
            "sampling found no contact (it can step over a graze): it neither confirms nor "
            "contradicts the hit"
        )
    return tuple(problems), tuple(notes)


def _bracket_problems(
    shape_a: ConvexShape, shape_b: ConvexShape, motion: Motion, result: ToiResult
) -> tuple[str, ...]:
    """What is wrong with a hit's bracket on its own: wider than the tolerance, or the shapes
    apart at ``t_hi`` by gjkcli's verdict on the shapes posed there."""
    if result.status != "hit" or result.bracket is None:
        return ()
    low, high = result.bracket
    if not 0.0 <= low <= high <= 1.0:
        return (f"the bracket [{low!r}, {high!r}] is not in order in [0, 1]",)
    problems = []
    if high - low > result.tolerance:
        problems.append(
            f"the bracket [{low!r}, {high!r}] is {high - low:.3g} wide, more than the "
            f"tolerance {result.tolerance!r}"
        )
    verdict = solve(posed(shape_a, motion.a.at(high)), posed(shape_b, motion.b.at(high))).verdict
    if verdict not in ("touching", "overlapping"):
        problems.append(f"the bracket ends at t_hi = {high!r}, but the shapes are {verdict} there")
    return tuple(problems)
