"""The JSON objects of ``gjk raycast --json`` and ``gjk cast --json`` (``docs/FORMATS.md``
section 4, "gjk raycast --json" and "gjk cast --json").

Each starts as every record does (``schema``, ``name``, ``status``, ``reasons``), so
that a script reads them as it reads ``gjk check``'s: ``status`` is ``"pass"`` when
every referee agrees and ``"fail"`` otherwise, with the disagreements as ``reasons``.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gjkcli.algorithms.poses import Motion, Move, Pose
from gjkcli.algorithms.raycast import RayHit, RayStep
from gjkcli.algorithms.toi import ToiStep
from gjkcli.render import json_values as jv
from gjkcli.render.json_record import SCHEMA
from gjkcli.verify.cast_oracle import SweptCheck
from gjkcli.verify.toi_check import ToiCheck

if TYPE_CHECKING:
    from gjkcli.verify.motion_check import MotionCheck
from gjkcli.verify.ray_check import RayCheck

__all__ = [
    "cast_fields",
    "cast_record",
    "motion_record",
    "plain",
    "ray_record",
    "ray_step_record",
    "shapely_record",
    "toi_step_record",
]


def ray_record(check: RayCheck, name: str, trace: bool = False) -> dict[str, Any]:
    """The object of ``gjk raycast --json``; with ``trace``, the ``trace`` key lists the
    ray cast's steps (the check must have been made with tracing on).

    >>> from gjkcli.shapes import rectangle
    >>> from gjkcli.verify.ray_check import check_ray
    >>> record = ray_record(check_ray(rectangle((3.0, 0.0), (2.0, 2.0)), (0.0, 0.0),
    ...                               (1.0, 0.0), 5.0), "box")
    >>> record["status"], record["raycast"]["fraction"], record["exact"]["fraction"]
    ('pass', 2.0, '2/1')
    """
    record = _start(name, check.problems)
    record |= {
        "ray": {
            "origin": jv.point(check.origin),
            "direction": jv.point(check.direction),
            "max_fraction": jv.number(check.max_fraction),
        },
        "raycast": _hit(check.hit),
        "exact": None
        if check.exact is None
        else {
            "status": check.exact.status,
            "fraction": None if check.exact.fraction is None else jv.rational(check.exact.fraction),
            "point": None
            if check.exact.point is None
            else [jv.rational(value) for value in check.exact.point],
        },
        "analytic": None
        if check.analytic is None
        else {
            "status": check.analytic.status,
            "fraction": jv.optional_number(check.analytic.fraction),
        },
        "shapely": shapely_record(check.shapely, check.max_fraction),
        "tolerance": jv.number(check.tolerance),
        "agree": check.agree,
        "disagreements": list(check.problems),
    }
    if trace:
        record["trace"] = [ray_step_record(step) for step in check.steps]
    record["error"] = None
    return record


def cast_record(
    check: MotionCheck, motion: Motion, name: str, trace: bool = False
) -> dict[str, Any]:
    """The object of ``gjk cast --json``: how the record starts, then
    :func:`cast_fields`; with ``trace``, the ``trace`` key lists the steps (the check
    must have been made with tracing on).

    >>> from gjkcli.algorithms.poses import Motion, Move, Pose, STILL
    >>> from gjkcli.shapes import rectangle
    >>> from gjkcli.verify.motion_check import check_motion
    >>> box, other = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((5.0, 0.0), (2.0, 2.0))
    >>> motion = Motion(Move(), Move(STILL, Pose(-4.5, 0.0, 0.0)))
    >>> record = cast_record(check_motion(box, other, motion), motion, "boxes")
    >>> record["status"], record["method"], record["cast"]["status"], record["exact"]["time"]
    ('pass', 'linear', 'hit', '2/3')
    """
    record = _start(name, _problems(check))
    record |= cast_fields(check, motion)
    if trace:
        record["trace"] = (
            [toi_step_record(step) for step in check.steps]
            if isinstance(check, ToiCheck)
            else [ray_step_record(step) for step in check.result.steps]
        )
    record["error"] = None
    return record


def cast_fields(check: MotionCheck, motion: Motion) -> dict[str, Any]:
    """What a cast record holds after its start: the motion, the method (``linear`` or
    ``rotating``), the cast's answer, each referee's, and whether they all agree."""
    if isinstance(check, ToiCheck):
        result = check.result
        return {
            "motion": motion_record(motion),
            "method": "rotating",
            "cast": {
                "status": result.status,
                "time": jv.optional_number(result.time),
                "bracket": None if result.bracket is None else jv.point(result.bracket),
                "tolerance": jv.number(result.tolerance),
                "speed_bound": jv.number(result.speed_bound),
                "normal": jv.optional_point(result.normal),
                "points": jv.optional_points(result.points),
                "iterations": result.iterations,
                "stop": result.stop,
                "receding": jv.optional_number(result.receding),
            },
            "sampled": {
                "time": jv.optional_number(check.sampled),
                "samples": check.samples,
                "from": jv.number(check.sampled_from),
            },
            "agree": check.agree,
            "disagreements": list(check.problems),
            "notes": list(check.notes),
        }
    cast = check.result
    exact = check.exact
    return {
        "motion": motion_record(motion),
        "method": "linear",
        "cast": {
            "status": cast.status,
            "time": jv.optional_number(cast.time),
            "normal": jv.optional_point(cast.normal),
            "points": jv.optional_points(cast.points),
            "iterations": cast.iterations,
            "stop": cast.stop,
            "target_distance": jv.number(cast.target_distance),
            "parts": None if cast.parts is None else list(cast.parts),
            "float_answer": None
            if cast.float_answer is None
            else {
                "status": cast.float_answer[0],
                "time": jv.optional_number(cast.float_answer[1]),
            },
            "certificate": None if cast.certificate is None else plain(cast.certificate),
            "certificate_check": {
                "ok": not check.certificate_problems,
                "problems": list(check.certificate_problems),
                "proven": cast.certificate is not None and not check.certificate_problems,
            },
        },
        "exact": None
        if exact is None
        else {
            "status": exact.status,
            "time": None if exact.time is None else jv.rational(exact.time),
            "time_float": None if exact.time is None else float(exact.time),
        },
        "analytic": None
        if check.analytic_status is None
        else {"status": check.analytic_status, "time": jv.optional_number(check.analytic)},
        "shapely": shapely_record(check.shapely),
        "tolerance": jv.number(check.time_tolerance),
        "agree": check.agree,
        "disagreements": list(check.problems),
        "notes": list(check.notes),
    }


def motion_record(motion: Motion) -> dict[str, Any]:
    """A motion as JSON, each move as its two poses (the form a pair file may use).

    >>> from gjkcli.algorithms.poses import Move, Pose, STILL
    >>> motion_record(Motion(Move(), Move(STILL, Pose(-3.0, 0.0, 0.0))))
    {'a': {'from': [0.0, 0.0, 0.0], 'to': [0.0, 0.0, 0.0]}, \
'b': {'from': [0.0, 0.0, 0.0], 'to': [-3.0, 0.0, 0.0]}, 'target': 0.0, 'rotates': False}
    """
    return {
        "a": _move(motion.a),
        "b": _move(motion.b),
        "target": jv.number(motion.target),
        "rotates": motion.a.rotates or motion.b.rotates,
    }


def toi_step_record(step: ToiStep) -> dict[str, Any]:
    """One step of the rotating time of impact as JSON.

    >>> toi_step_record(ToiStep(1, 0.25, 0.5, 0.125, "advanced"))
    {'iteration': 1, 'time': 0.25, 'gap': 0.5, 'advance': 0.125, 'outcome': 'advanced'}
    """
    return {
        "iteration": step.iteration,
        "time": jv.number(step.time),
        "gap": jv.number(step.gap),
        "advance": jv.number(step.advance),
        "outcome": step.outcome,
    }


def plain(value: Any) -> Any:
    """A result's value as plain JSON: a dataclass as an object of its fields, tuples as
    lists, rationals as ``"p/q"``, no negative zero.

    >>> from fractions import Fraction
    >>> plain(ToiStep(1, -0.0, 0.5, 0.125, "advanced"))["time"], plain((Fraction(1, 3), 2))
    (0.0, ['1/3', 2])
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if isinstance(value, Fraction):
        return jv.rational(value)
    if isinstance(value, float):
        return jv.number(value)
    return value


def ray_step_record(step: RayStep) -> dict[str, Any]:
    """One step of a ray cast (or of a linear cast, on ``A - B``) as JSON.

    >>> ray_step_record(RayStep(1, 0.0, (0.0, 0.0), (-2.0, 0.0), (2.0, 0.0),
    ...                         ((2.0, 0.0),), False, "added"))
    {'iteration': 1, 'fraction': 0.0, 'point': [0.0, 0.0], 'search': [-2.0, 0.0], \
'support': [2.0, 0.0], 'simplex': [[2.0, 0.0]], 'advanced': False, 'outcome': 'added'}
    """
    return {
        "iteration": step.iteration,
        "fraction": jv.number(step.fraction),
        "point": jv.point(step.point),
        "search": jv.point(step.search),
        "support": jv.point(step.support),
        "simplex": [jv.point(p) for p in step.simplex],
        "advanced": step.advanced,
        "outcome": step.outcome,
    }


def shapely_record(check: SweptCheck | None, scale: float = 1.0) -> dict[str, Any] | None:
    """Shapely's swept-region check as JSON: ``consistent``, the problems, and the numbers
    it rests on (null where it did not run). ``before`` is a time of the cast, times
    ``scale`` (for a ray: the fraction, the ray being the cast of its origin by ``scale``
    times its direction)."""
    if check is None:
        return None
    return {
        "consistent": check.consistent if check.unavailable is None else None,
        "problems": list(check.problems),
        "before": None if check.before is None else jv.number(check.before * scale),
        "gap_before": jv.optional_number(check.gap_before),
        "gap_at": jv.optional_number(check.gap_at),
        "allowance": jv.number(check.allowance),
        "error": jv.number(check.error),
        "unavailable": check.unavailable,
    }


def _problems(check: MotionCheck) -> tuple[str, ...]:
    return check.problems


def _move(move: Move) -> dict[str, list[float]]:
    return {"from": _pose(move.start), "to": _pose(move.end)}


def _pose(pose: Pose) -> list[float]:
    return [jv.number(pose.x), jv.number(pose.y), jv.number(pose.angle)]


def _start(name: str, problems: tuple[str, ...]) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "name": name,
        "status": "fail" if problems else "pass",
        "reasons": list(problems),
    }


def _hit(hit: RayHit) -> dict[str, Any]:
    return {
        "status": hit.status,
        "fraction": jv.optional_number(hit.fraction),
        "point": jv.optional_point(hit.point),
        "normal": jv.optional_point(hit.normal),
        "iterations": hit.iterations,
        "stop": hit.stop,
        "part": hit.part,
        "float_answer": None
        if hit.float_answer is None
        else {
            "status": hit.float_answer[0],
            "fraction": jv.optional_number(hit.float_answer[1]),
        },
    }
