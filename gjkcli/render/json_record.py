"""The JSON object of ``gjk check --json`` (``docs/FORMATS.md`` section 4)."""

from __future__ import annotations

from typing import Any

from gjkcli import tolerances
from gjkcli.shapes.base import Vec
from gjkcli.verify.check import Check

__all__ = ["check_record", "error_record"]


def check_record(check: Check) -> dict[str, Any]:
    """The FORMATS section 4 object for a checked pair (plain JSON types only)."""
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
                "normal": [_number(overlap.normal[0]), _number(overlap.normal[1])],
                "contact": _points(overlap.contact),
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
    if check.expect is not None:
        record["expect"] = {
            "ok": check.expect.ok,
            "failures": list(check.expect.failures),
            "tolerance": _number(check.expect.tolerance),
        }
    return record


def error_record(name: str, message: str) -> dict[str, Any]:
    """The object for a pair that could not be read or computed: an error and no answers.

    >>> error_record("p", "p.json: file is empty")
    {'name': 'p', 'error': 'p.json: file is empty'}
    """
    return {"name": name, "error": message}


def _number(x: float) -> float:
    return x + 0.0  # no negative zero in the output


def _points(points: tuple[Vec, Vec] | None) -> list[list[float]] | None:
    if points is None:
        return None
    return [[_number(x), _number(y)] for x, y in points]
