"""The JSON object of ``gjk check --json`` (``docs/FORMATS.md`` section 4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gjkcli import tolerances
from gjkcli.algorithms.distance import DistanceStep
from gjkcli.algorithms.intersect import IntersectStep
from gjkcli.render.trace import Query
from gjkcli.shapes.base import Vec
from gjkcli.verify.check import Check

__all__ = ["check_record", "error_record", "trace_record"]


def check_record(check: Check, trace: Query | None = None) -> dict[str, Any]:
    """The FORMATS section 4 object for a checked pair (plain JSON types only).

    With ``trace``, the ``trace`` key holds the step records of the runs it
    names (the check must have been made with tracing on).
    """
    gjk, boolean, referee, overlap = check.gjk, check.boolean, check.shapely, check.penetration
    record: dict[str, Any] = {
        "name": check.pair.name,
        "gjk": {
            "intersects": gjk.intersects,
            "distance": _number(gjk.distance),
            "closest": _points(gjk.closest),
            "penetration": None
            if overlap is None
            else {
                "depth": _number(overlap.depth),
                "normal": _point(overlap.normal),
                "contact": _points(overlap.contact),
                "error": _number(overlap.error),
                "iterations": overlap.iterations,
                "status": overlap.status,
            },
            "iterations": gjk.iterations,
            "status": gjk.status,
            "boolean": {
                "intersects": boolean.intersects,
                "iterations": boolean.iterations,
                "status": boolean.status,
            },
        },
        "shapely": {
            "intersects": referee.intersects,
            "distance": _number(referee.distance),
            "closest": _points(referee.closest),
            "approximation_error": _number(referee.approximation_error),
            "penetration": None if referee.penetration is None else _number(referee.penetration),
            "penetration_error": _number(referee.penetration_error),
        },
        "tolerance": _number(check.tolerance),
        "tolerances": {
            "scale": _number(check.scale),
            "depth": _number(check.depth_tolerance),
            "agreement_relative": tolerances.AGREEMENT_RELATIVE,
            "touch_band": _number(gjk.band),
            "convergence_relative": tolerances.CONVERGENCE_RELATIVE,
            "max_iterations": tolerances.MAX_ITERATIONS,
            "curve_segments": tolerances.CURVE_SEGMENTS,
        },
        "agree": check.agree,
        "disagreements": list(check.disagreements),
        "expect": None,
        "error": None,
    }
    if trace is not None:
        record["trace"] = trace_record(trace, check.boolean_trace, check.distance_trace)
    if check.expect is not None:
        record["expect"] = {
            "ok": check.expect.ok,
            "failures": list(check.expect.failures),
            "tolerance": _number(check.expect.tolerance),
        }
    return record


def trace_record(
    query: Query,
    boolean_steps: Sequence[IntersectStep],
    distance_steps: Sequence[DistanceStep],
) -> dict[str, Any]:
    """``{"boolean": [...], "distance": [...]}``: the step records of the runs asked for.

    The fields of each record are documented in ``docs/FORMATS.md`` and in
    the JSON Schema ``docs/trace.schema.json``.
    """
    record: dict[str, Any] = {}
    if query in ("both", "boolean"):
        record["boolean"] = [
            {
                "iteration": step.iteration,
                "direction": _point(step.direction),
                "support_a": _point(step.support.a),
                "support_b": _point(step.support.b),
                "support": _point(step.support.w),
                "dot": _number(step.dot),
                "reaches_origin": step.dot >= 0.0,
                "simplex": [_point(p) for p in step.simplex],
                "region": step.region,
                "dropped": [_point(p) for p in step.dropped],
                "next_direction": None
                if step.next_direction is None
                else _point(step.next_direction),
            }
            for step in boolean_steps
        ]
    if query in ("both", "distance"):
        record["distance"] = [
            {
                "iteration": step.iteration,
                "direction": _point(step.direction),
                "support_a": _point(step.support.a),
                "support_b": _point(step.support.b),
                "support": _point(step.support.w),
                "gap": None if step.gap is None else _number(step.gap),
                "threshold": None if step.threshold is None else _number(step.threshold),
                "simplex": [_point(p) for p in step.simplex],
                "dropped": [_point(p) for p in step.dropped],
                "weights": [_number(w) for w in step.weights],
                "closest": _point(step.closest),
                "norm": _number(step.norm),
                "outcome": step.outcome,
            }
            for step in distance_steps
        ]
    return record


def error_record(name: str, message: str) -> dict[str, Any]:
    """The object for a pair that could not be read or computed: an error and no answers.

    >>> error_record("p", "p.json: file is empty")
    {'name': 'p', 'error': 'p.json: file is empty'}
    """
    return {"name": name, "error": message}


def _number(x: float) -> float:
    return x + 0.0  # no negative zero in the output


def _point(p: Vec) -> list[float]:
    return [_number(p[0]), _number(p[1])]


def _points(points: tuple[Vec, Vec] | None) -> list[list[float]] | None:
    return None if points is None else [_point(p) for p in points]
