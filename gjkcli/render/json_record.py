"""The JSON object of ``gjk check --json`` (``docs/FORMATS.md`` section 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.certificate import (
    Certificate,
    EnclosingSimplex,
    PartsCertificate,
    SeparatingAxis,
    Weights,
)
from gjkcli.algorithms.compound import LISTED_PAIRS, CompoundResult
from gjkcli.algorithms.distance import DistanceStep
from gjkcli.algorithms.epa import Penetration
from gjkcli.algorithms.intersect import IntersectStep
from gjkcli.render import json_values as jv
from gjkcli.shapes.compound import parts_of
from gjkcli.verify.check import Check, check_status
from gjkcli.verify.shapely_oracle import ShapelyAnswer

if TYPE_CHECKING:  # the terminal's trace, and Rich with it, are not imported for JSON
    from gjkcli.render.trace import Query

__all__ = ["SCHEMA", "certificate_record", "check_record", "error_record", "trace_record"]


SCHEMA = 2
"""The version of the record's layout, its first key (``docs/FORMATS.md`` section 4 says
what each version changed): 2 since the named constants of :mod:`gjkcli.tolerances` left
``tolerances`` for the run's own report (:func:`gjkcli.tolerances.constants`)."""


def check_record(
    check: Check,
    trace: Query | None = None,
    source: dict[str, Any] | None = None,
    strict: bool = False,
) -> dict[str, Any]:
    """The FORMATS section 4 object for a checked pair (plain JSON types only).

    With ``trace``, the ``trace`` key holds the step records of the runs it
    names (the check must have been made with tracing on). With ``source`` (where
    a batch found the pair), the ``source`` key follows the name; then come the
    pair's own fields (``id``, ``meta``), and how the pair ended (``status``, and the
    ``reasons`` for a fail; ``strict``: warnings fail it too).
    """
    answer, referee = check.answer, check.shapely
    gjk, boolean, overlap = answer.gjk, answer.boolean, answer.penetration
    record = _start(check.pair.name, source)
    record |= dict(check.pair.carried)
    status, reasons = check_status(check, strict)
    record |= {
        "status": status,
        "reasons": list(reasons),
        "verdict": check.ruling.verdict,
        "verdict_source": check.ruling.source,
        "gjk": {
            "intersects": gjk.intersects,
            "distance": jv.number(gjk.distance),
            "closest": jv.optional_points(gjk.closest),
            "penetration": None if overlap is None else _penetration(overlap),
            "penetration_reason": answer.penetration_reason,
            "parts": None if answer.parts is None else _parts(check, answer.parts),
            "verdict": answer.verdict,
            "verdict_tolerance": jv.number(answer.verdict_tolerance),
            "certificate": certificate_record(answer.certificate),
            "certificate_check": {
                "ok": check.certificate_check.ok,
                "problems": list(check.certificate_check.problems),
                "proves": check.certificate_check.proves,
            },
            "iterations": gjk.iterations,
            "status": gjk.status,
            "boolean": {
                "intersects": boolean.intersects,
                "iterations": boolean.iterations,
                "status": boolean.status,
            },
        },
        "shapely": _shapely(referee),
        "exact": None
        if check.exact is None
        else {
            "verdict": check.exact.verdict,
            "distance_squared": jv.rational(check.exact.distance_squared),
            "distance": check.exact.distance,
        },
        "tolerance": jv.number(check.tolerance),
        "tolerances": {
            "scale": jv.number(check.scale),
            "depth": jv.number(check.depth_tolerance),
            "touch_band": jv.number(gjk.band),
        },
        "agree": check.agree,
        "disagreements": list(check.disagreements),
        "triage": list(check.triage),
        "warnings": list(check.warnings),
        "notes": list(check.pair.notes),
        "expect": None,
        "error": None,
    }
    if trace is not None:
        record["trace"] = trace_record(trace, answer)
    if check.expect is not None:
        record["expect"] = {
            "ok": check.expect.ok,
            "failures": list(check.expect.failures),
            "tolerance": jv.number(check.expect.tolerance),
        }
    return record


def _shapely(referee: ShapelyAnswer) -> dict[str, Any]:
    """``shapely``: its answers, or, when it could not run faithfully, why, and nulls."""
    record: dict[str, Any] = {
        "intersects": referee.intersects,
        "distance": jv.number(referee.distance),
        "closest": jv.optional_points(referee.closest),
        "verdict": referee.verdict,
        "approximation_error": jv.number(referee.approximation_error),
        "penetration": None if referee.penetration is None else jv.number(referee.penetration),
        "penetration_error": jv.number(referee.penetration_error),
        "unavailable": referee.unavailable,
        "penetration_unavailable": referee.penetration_unavailable,
    }
    if referee.unavailable is not None:
        record.update((key, None) for key in record if key != "unavailable")
    elif referee.penetration_unavailable is not None:
        record.update(penetration=None, penetration_error=None)
    return record


def certificate_record(certificate: Certificate) -> dict[str, Any]:
    """A certificate as JSON (``gjk.certificate``, see ``docs/FORMATS.md``).

    >>> from gjkcli.algorithms.certificate import SeparatingAxis
    >>> axis = SeparatingAxis((1.0, 0.0), 2.0, 2.0, ((1.0, 0.0), (3.0, 0.0)), None, None)
    >>> certificate_record(axis)  # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'separating-axis', 'axis': [1.0, 0.0], 'lower': 2.0, 'upper': 2.0, 'gap': 0.0,
     'closest': [[1.0, 0.0], [3.0, 0.0]], 'weights': {'a': None, 'b': None}}
    """
    if isinstance(certificate, PartsCertificate):
        listed = certificate.proofs[:LISTED_PAIRS]
        return {
            "kind": "part-pairs",
            "proofs": [
                {"a": item.a, "b": item.b, "certificate": certificate_record(item.proof)}
                for item in listed
            ],
            "more_proofs": len(certificate.proofs) - len(listed),
            "frame": jv.optional_point(certificate.frame),
            "horizon": jv.optional_number(certificate.horizon),
            "lower": jv.optional_number(certificate.lower),
            "upper": jv.optional_number(certificate.upper),
            "gap": jv.number(certificate.gap),
        }
    if isinstance(certificate, SeparatingAxis):
        return {
            "kind": "separating-axis",
            "axis": jv.point(certificate.axis),
            "lower": jv.number(certificate.lower),
            "upper": jv.number(certificate.upper),
            "gap": jv.number(certificate.gap),
            "closest": jv.optional_points(certificate.closest),
            "weights": {
                "a": _weights(certificate.weights_a),
                "b": _weights(certificate.weights_b),
            },
        }
    return _enclosing(certificate)


def _enclosing(certificate: EnclosingSimplex) -> dict[str, Any]:
    return {
        "kind": "enclosing-simplex",
        "points": [jv.point(p) for p in certificate.points],
        "weights": [jv.number(w) for w in certificate.weights],
        "members": [[jv.point(a), jv.point(b)] for a, b in certificate.members],
        "pairs": None if certificate.pairs is None else [list(pair) for pair in certificate.pairs],
        "residual": jv.number(certificate.residual),
    }


def _parts(check: Check, search: CompoundResult) -> dict[str, Any]:
    """``gjk.parts``: how many parts and pairs, how many GJK ran on (the first few
    listed), and which pair decided."""
    return {
        "a": len(parts_of(check.pair.a.shape)),
        "b": len(parts_of(check.pair.b.shape)),
        "pairs": search.total,
        "tested": search.tested,
        "skipped": search.skipped,
        "tested_pairs": [
            {
                "a": pair.a,
                "b": pair.b,
                "bound": jv.number(pair.bound),
                "distance": jv.number(pair.result.distance),
                "verdict": pair.verdict,
                "iterations": pair.result.iterations,
                "status": pair.result.status,
            }
            for pair in search.listed
        ],
        "deciding": {"a": search.deciding.a, "b": search.deciding.b, "why": search.why},
    }


def _penetration(overlap: Penetration) -> dict[str, Any]:
    return {
        "depth": jv.number(overlap.depth),
        "normal": jv.point(overlap.normal),
        "contact": jv.optional_points(overlap.contact),
        "error": jv.number(overlap.error),
        "iterations": overlap.iterations,
        "status": overlap.status,
    }


def _weights(weights: Weights | None) -> list[list[float]] | None:
    return None if weights is None else [[index, jv.number(w)] for index, w in weights]


def trace_record(query: Query, answer: Answer) -> dict[str, Any]:
    """``{"boolean": [...], "distance": [...], "epa": [...], "radii": [ra, rb]}``: the step
    records of the GJK runs asked for, then EPA's (empty when it ran no loop), and the
    radii that the distance run subtracts and EPA adds at the end.

    The fields of each record are documented in ``docs/FORMATS.md`` and in
    the JSON Schema ``docs/trace.schema.json``.
    """
    boolean_steps, distance_steps = answer.boolean_trace, answer.distance_trace
    record: dict[str, Any] = {}
    if query in ("both", "boolean"):
        record["boolean"] = [
            {
                **_step_start(step),
                "dot": jv.number(step.dot),
                "reaches_origin": step.dot >= 0.0,
                "simplex": [jv.point(p) for p in step.simplex],
                "region": step.region,
                "dropped": [jv.point(p) for p in step.dropped],
                "next_direction": jv.optional_point(step.next_direction),
            }
            for step in boolean_steps
        ]
    if query in ("both", "distance"):
        record["distance"] = [
            {
                **_step_start(step),
                "gap": jv.optional_number(step.gap),
                "threshold": jv.optional_number(step.threshold),
                "simplex": [jv.point(p) for p in step.simplex],
                "dropped": [jv.point(p) for p in step.dropped],
                "weights": [jv.number(w) for w in step.weights],
                "closest": jv.point(step.closest),
                "norm": jv.number(step.norm),
                "outcome": step.outcome,
            }
            for step in distance_steps
        ]
    record["epa"] = [
        {
            "iteration": step.iteration,
            "polygon": [jv.point(p) for p in step.polygon],
            "edge": [jv.point(p) for p in step.edge],
            "normal": jv.point(step.normal),
            "height": jv.number(step.height),
            "support_a": jv.point(step.support.a),
            "support_b": jv.point(step.support.b),
            "support": jv.point(step.support.w),
            "reach": jv.number(step.reach),
            "threshold": jv.number(step.threshold),
            "outcome": step.outcome,
        }
        for step in answer.epa_trace
    ]
    record["radii"] = [jv.number(radius) for radius in answer.gjk.radii]
    return record


def _step_start(step: IntersectStep | DistanceStep) -> dict[str, Any]:
    """The fields every step record starts with: the direction and the support points."""
    return {
        "iteration": step.iteration,
        "direction": jv.point(step.direction),
        "support_a": jv.point(step.support.a),
        "support_b": jv.point(step.support.b),
        "support": jv.point(step.support.w),
    }


def error_record(name: str, message: str, source: dict[str, Any] | None = None) -> dict[str, Any]:
    """The object for a pair that could not be read or computed: an error and no answers
    (with ``source``, where a batch found the pair, after the name).

    >>> error_record("p", "p.json: file is empty")
    {'schema': 2, 'name': 'p', 'status': 'error', 'reasons': ['p.json: file is empty'],
     'error': 'p.json: file is empty'}
    """
    return _start(name, source) | {"status": "error", "reasons": [message], "error": message}


def _start(name: str, source: dict[str, Any] | None) -> dict[str, Any]:
    """What every record starts with: the schema, the pair's name, where it was found."""
    record: dict[str, Any] = {"schema": SCHEMA, "name": name}
    if source is not None:
        record["source"] = source
    return record
