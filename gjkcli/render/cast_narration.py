"""Ray casts, shape casts and the rotating time of impact told step by step, in words
(``gjk raycast --trace``, ``gjk cast --trace``), one sentence a step, plain text.

A ray cast's step (:class:`~gjkcli.algorithms.raycast.RayStep`) is told with the
ray's fraction ``lambda`` and its point ``x``; a linear cast is the same loop run on
``A - B`` from the origin along the relative translation ``r``, so its steps are told
with the time ``t`` and the point ``t r`` of ``A - B``. A step of the time of impact
(:class:`~gjkcli.algorithms.toi.ToiStep`) is told with the time, the distance there and
how far the time advances.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gjkcli.algorithms.cast import CastResult
from gjkcli.algorithms.cast_start import StartCertificate
from gjkcli.algorithms.raycast import RayStep
from gjkcli.algorithms.toi import ToiStep
from gjkcli.render.numbers import compact, compact_point
from gjkcli.shapes.base import Vec
from gjkcli.verify.toi_check import ToiCheck

if TYPE_CHECKING:
    from gjkcli.verify.motion_check import MotionCheck

__all__ = [
    "cast_trace_text",
    "ray_step_sentence",
    "ray_trace_text",
    "start_sentence",
    "toi_step_sentence",
]


def ray_step_sentence(step: RayStep, cast: bool = False) -> str:
    """One step of the GJK ray cast as a sentence; with ``cast``, a step of a linear cast
    (the ray cast from the origin along ``r`` against ``A - B``).

    >>> step = RayStep(2, 0.5, (1.0, 0.0), (-1.0, 0.0), (1.0, 0.0), ((1.0, 0.0),), True,
    ...                "advanced")
    >>> print(ray_step_sentence(step))
    Step 2: the support point along v = (-1, 0) is (1, 0), and the ray advances to \
lambda = 0.5, the point x = (1, 0); simplex: (1, 0).
    >>> print(ray_step_sentence(step, cast=True))
    Step 2: the support point of A - B along v = (-1, 0) is (1, 0), and the cast advances \
to t = 0.5, the point t r = (1, 0); simplex: (1, 0).
    """
    if cast:
        of, mover, fraction, where = " of A - B", "the cast", "t", "the point t r"
    else:
        of, mover, fraction, where = "", "the ray", "lambda", "the point x"
    found = f"Step {step.iteration}: the support point{of} along v = {_point(step.search)} is "
    found += _point(step.support)
    if step.outcome == "advanced":
        then = (
            f", and {mover} advances to {fraction} = {_fraction(step.fraction)}, "
            f"{where} = {_point(step.point)}"
        )
    elif step.outcome == "added":
        then = (
            f"; {mover} stays at {fraction} = {_fraction(step.fraction)} and the point joins "
            "the simplex"
        )
    else:
        moved = f"{mover} advances to" if step.advanced else f"{mover} stays at"
        then = (
            f"; {moved} {fraction} = {_fraction(step.fraction)}, {where} = {_point(step.point)}, "
            f"and stops: {step.outcome}"
        )
    kept = f"; simplex: {_points(step.simplex)}." if step.simplex else "."
    return found + then + kept


def toi_step_sentence(step: ToiStep) -> str:
    """One step of the rotating time of impact (conservative advancement) as a sentence.

    >>> print(toi_step_sentence(ToiStep(1, 0.25, 0.5, 0.125, "advanced")))
    Step 1: at t = 0.25 the shapes are 0.5 apart, so no contact can come sooner than \
0.125 later: t advances to 0.375.
    >>> print(toi_step_sentence(ToiStep(7, 0.5, 1e-10, 2e-11, "contact")))
    Step 7: at t = 0.5 the shapes are 1e-10 apart, so no contact can come sooner than \
2e-11 later, less than the bracket's width: a probe just ahead finds them in contact, \
and the bracket closes.
    """
    start = f"Step {step.iteration}: at t = {_fraction(step.time)} the shapes are "
    if step.outcome in ("touching", "overlapping"):
        return start + f"{step.outcome}: the contact is here."
    start += f"{compact(step.gap)} apart, so no contact can come sooner than "
    start += f"{compact(step.advance)} later"
    ahead = _fraction(step.time + step.advance)
    endings = {
        "advanced": f": t advances to {ahead}.",
        "miss": ", past t = 1: a miss.",
        "contact": ", less than the bracket's width: a probe just ahead finds them in "
        "contact, and the bracket closes.",
        "probed-apart": f", less than the bracket's width: a probe just ahead finds them "
        f"apart, and t advances to {ahead}.",
        "probe-skipped": f", less than the bracket's width; an earlier probe proved them "
        f"apart there, and t advances to {ahead}.",
    }
    return start + endings.get(step.outcome, f" ({step.outcome}).")


def ray_trace_text(steps: Sequence[RayStep]) -> str:
    """The steps of a ray cast, a paragraph each, under a heading.

    >>> print(ray_trace_text(()))
    GJK ray cast: no steps (the answer was decided before the loop)
    """
    if not steps:
        return "GJK ray cast: no steps (the answer was decided before the loop)"
    return "\n".join(["GJK ray cast, step by step:", *map(ray_step_sentence, steps)])


def cast_trace_text(check: MotionCheck) -> str:
    """The steps of a cast: the ray cast on ``A - B`` for a translation, conservative
    advancement for a motion that rotates."""
    if isinstance(check, ToiCheck):
        title = "Time of impact (conservative advancement), step by step:"
        lines = [toi_step_sentence(step) for step in check.steps]
    else:
        title = "Linear cast (GJK ray cast on A - B along r), step by step:"
        lines = [ray_step_sentence(step, cast=True) for step in check.result.steps]
        if not lines and check.result.stop.startswith("start-"):
            return title.split(",")[0] + ": no steps. " + start_sentence(check.result)
    if not lines:
        return title.split(",")[0] + ": no steps (the answer was decided before the loop)"
    return "\n".join([title, *lines])


def start_sentence(result: CastResult) -> str:
    """What a linear cast decided at ``t = 0``, and what proves it, as a sentence.

    >>> from gjkcli.algorithms.cast import cast
    >>> from gjkcli.shapes import rectangle
    >>> box, right = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 0.0), (2.0, 2.0))
    >>> print(start_sentence(cast(box, right, (-0.5, 3.0))))
    At t = 0 the shapes touch at (1, 0), normal (1, 0), and the motion pushes them \
together: they are proven to overlap at t = 0.5, so the first contact is at time 0.
    >>> print(start_sentence(cast(box, right, (0.5, 3.0))))
    At t = 0 the shapes touch at (1, 0), normal (1, 0), and the motion slides them along \
each other or apart: along (1, 0) they never come closer, so there is no hit.
    """
    proof = result.certificate
    start = proof if isinstance(proof, StartCertificate) else None
    where = "" if result.points is None else f" at {_point(result.points[0])}"
    normal = "" if result.normal is None else f", normal {_point(result.normal)}"
    if result.status == "overlapping":
        sentence = "At t = 0 the shapes overlap" + (
            ": a triangle of points of A - B holds the origin strictly inside."
            if start is not None
            else "."
        )
    elif result.status == "within-target":
        sentence = f"At t = 0 the shapes are within the target distance{where}{normal}."
    elif result.status == "touching-approaching":
        sentence = f"At t = 0 the shapes touch{where}{normal}, and the motion pushes them together"
        if start is not None and start.overlap_time is not None:
            sentence += (
                f": they are proven to overlap at t = {_fraction(start.overlap_time)}, so the "
                "first contact is at time 0."
            )
        else:
            sentence += ": the first contact is at time 0."
    else:
        sentence = (
            f"At t = 0 the shapes touch{where}{normal}, and the motion slides them along each "
            "other or apart"
        )
        if start is not None and start.axis is not None:
            sentence += f": along {_point(start.axis)} they never come closer, so there is no hit."
        else:
            sentence += ": no hit."
    if proof is None:
        sentence += " Nothing proves it (see the note)."
    return sentence


_FRACTION_DIGITS = 12
"""Significant digits of the fraction (or time) in a step's words: enough to see it move
in the last steps of a curved shape's run, where it moves in the sixth digit or later."""


def _fraction(x: float) -> str:
    return compact(x, _FRACTION_DIGITS)


def _point(p: Vec) -> str:
    return compact_point(p)


def _points(points: Sequence[Vec]) -> str:
    return ", ".join(_point(p) for p in points)
