"""The JSON object of ``gjk check --json`` (``docs/FORMATS.md`` section 4).

Its layout is written once, as :class:`~gjkcli.render.record_form.Form` objects, from
which both the dict (:func:`check_record`) and ``gjk batch``'s text
(:func:`check_record_text`, without the dict) are made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.certificate import (
    Certificate,
    EnclosingSimplex,
    PartProof,
    PartsCertificate,
    SeparatingAxis,
)
from gjkcli.algorithms.compound import LISTED_PAIRS, CompoundResult, PartPair
from gjkcli.algorithms.distance import DistanceStep
from gjkcli.algorithms.epa import Penetration
from gjkcli.algorithms.intersect import IntersectResult, IntersectStep
from gjkcli.render import json_values as jv
from gjkcli.render.json_text import json_text
from gjkcli.render.record_form import (
    COUNT,
    FLAG,
    NUMBER,
    PLAIN,
    POINT,
    RATIONAL,
    TEXT,
    TEXTS,
    Field,
    Form,
    Spread,
    list_of,
    literal,
    nested,
    one_of,
    optional,
    pair_of,
)
from gjkcli.shapes.compound import parts_of
from gjkcli.verify.certificates import CertificateCheck
from gjkcli.verify.check import Check, check_status
from gjkcli.verify.exact import ExactAnswer
from gjkcli.verify.expect import ExpectOutcome
from gjkcli.verify.shapely_oracle import ShapelyAnswer

if TYPE_CHECKING:  # the terminal's trace, and Rich with it, are not imported for JSON
    from gjkcli.render.trace import Query
    from gjkcli.verify.tally import Status

__all__ = [
    "SCHEMA",
    "Source",
    "certificate_record",
    "check_record",
    "check_record_text",
    "error_record",
    "trace_record",
]


SCHEMA = 2
"""The version of the record's layout, its first key (``docs/FORMATS.md`` section 4 says
what each version changed): 2 since the named constants of :mod:`gjkcli.tolerances` left
``tolerances`` for the run's own report (:func:`gjkcli.tolerances.constants`)."""


class Source(NamedTuple):
    """Where a batch found a pair: its file, and its line in a stream (``None`` for a pair
    file).

    >>> Source("pairs.jsonl", 3)
    Source(file='pairs.jsonl', line=3)
    """

    file: str
    line: int | None


def check_record(
    check: Check,
    trace: Query | None = None,
    source: Source | None = None,
    strict: bool = False,
    cast: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The FORMATS section 4 object for a checked pair (plain JSON types only).

    With ``trace``, the ``trace`` key holds the step records of the runs it
    names (the check must have been made with tracing on). With ``source`` (where
    a batch found the pair), the ``source`` key follows the name; then come the
    pair's own fields (``id``, ``meta``), and how the pair ended (``status``, and the
    ``reasons`` for a fail; ``strict``: warnings fail it too). With ``cast`` (a moving
    pair's, in a batch: :func:`~gjkcli.render.cast_record.cast_fields`), the ``cast``
    key holds it, just before ``error``.

    >>> from gjkcli.pair import Pair, ShapeInput
    >>> from gjkcli.shapes import point
    >>> from gjkcli.verify.check import check_pair
    >>> a, b = ShapeInput(point((0.0, 0.0)), "point"), ShapeInput(point((3.0, 4.0)), "point")
    >>> check = check_pair(Pair(a, b, "p"))
    >>> record = check_record(check, source=Source("in.jsonl", 1))
    >>> list(record)[:6], record["gjk"]["distance"], record["exact"]["distance_squared"]
    (['schema', 'name', 'source', 'status', 'reasons', 'verdict'], 5.0, '25/1')
    """
    return _CHECK.plain(_judged(check, source, strict, cast, trace))


def check_record_text(
    check: Check,
    source: Source | None = None,
    strict: bool = False,
    cast: dict[str, Any] | None = None,
) -> str:
    """``json_text(check_record(check, source=source, strict=strict, cast=cast))``,
    written straight from the check (``gjk batch``'s rows): the same text, without the
    dict.

    Anything the straight way does not write (a number that is not finite; a string
    that ``json_text`` mends, holding a lone surrogate or a character beyond U+FFFF; a
    field of the pair's own named like a record key) is written the general way, which
    mends it, or raises :class:`~gjkcli.render.json_text.NotJSONError` saying where.

    >>> from gjkcli.pair import Pair, ShapeInput
    >>> from gjkcli.shapes import point
    >>> from gjkcli.verify.check import check_pair
    >>> a, b = ShapeInput(point((0.0, 0.0)), "point"), ShapeInput(point((3.0, 4.0)), "point")
    >>> check = check_pair(Pair(a, b, "p"))
    >>> check_record_text(check) == json_text(check_record(check))
    True
    >>> check_record_text(check)[:52]
    '{"schema": 2, "name": "p", "status": "pass", "reason'
    """
    judged = _judged(check, source, strict, cast)
    try:
        text = _CHECK.text(judged)
    except Exception:  # whatever the straight way does not write, the general way judges
        return json_text(_CHECK.plain(judged))
    # As in json_text: a surrogate's escape (a lone one, or half of a character beyond
    # U+FFFF) is where json_text mends the record (a backslash is rare: a quick look).
    return json_text(_CHECK.plain(judged)) if "\\" in text and "\\ud" in text else text


def certificate_record(certificate: Certificate) -> dict[str, Any]:
    """A certificate as JSON (``gjk.certificate``, see ``docs/FORMATS.md``).

    >>> from gjkcli.algorithms.certificate import SeparatingAxis
    >>> axis = SeparatingAxis((1.0, 0.0), 2.0, 2.0, ((1.0, 0.0), (3.0, 0.0)), None, None)
    >>> certificate_record(axis)  # doctest: +NORMALIZE_WHITESPACE
    {'kind': 'separating-axis', 'axis': [1.0, 0.0], 'lower': 2.0, 'upper': 2.0, 'gap': 0.0,
     'closest': [[1.0, 0.0], [3.0, 0.0]], 'weights': {'a': None, 'b': None}}
    """
    return _certificate_form(certificate).plain(certificate)


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


def error_record(name: str, message: str, source: Source | None = None) -> dict[str, Any]:
    """The object for a pair that could not be read or computed: an error and no answers
    (with ``source``, where a batch found the pair, after the name).

    >>> error_record("p", "p.json: file is empty")
    {'schema': 2, 'name': 'p', 'status': 'error', 'reasons': ['p.json: file is empty'],
     'error': 'p.json: file is empty'}
    """
    return _ERROR.plain(_Failed(name, source, message))


def _certificate_form(certificate: Certificate) -> Form[Any]:
    """The layout of a certificate of its kind."""
    if isinstance(certificate, PartsCertificate):
        return _PART_PAIRS
    return _SEPARATING_AXIS if isinstance(certificate, SeparatingAxis) else _ENCLOSING_SIMPLEX


_CERTIFICATE = one_of(_certificate_form)
_POINTS = optional(list_of(POINT))  # two points (one on each shape), or null
_WEIGHTS = optional(list_of(pair_of(COUNT, NUMBER)))  # [[vertex index, weight], ...]

_SEPARATING_AXIS = Form[SeparatingAxis](
    Field("kind", literal("separating-axis")),
    Field("axis", POINT, "axis"),
    Field("lower", NUMBER, "lower"),
    Field("upper", NUMBER, "upper"),
    Field("gap", NUMBER, "gap"),
    Field("closest", _POINTS, "closest"),
    Field(
        "weights",
        nested(
            Form[SeparatingAxis](
                Field("a", _WEIGHTS, "weights_a"),
                Field("b", _WEIGHTS, "weights_b"),
            )
        ),
        None,
    ),
)
_ENCLOSING_SIMPLEX = Form[EnclosingSimplex](
    Field("kind", literal("enclosing-simplex")),
    Field("points", list_of(POINT), "points"),
    Field("weights", list_of(NUMBER), "weights"),
    Field("members", list_of(pair_of(POINT, POINT)), "members"),
    Field("pairs", optional(list_of(list_of(COUNT))), "pairs"),
    Field("residual", NUMBER, "residual"),
)
_PART_PROOF = Form[PartProof](
    Field("a", COUNT, "a"),
    Field("b", COUNT, "b"),
    Field("certificate", _CERTIFICATE, "proof"),
)
_PART_PAIRS = Form[PartsCertificate](
    Field("kind", literal("part-pairs")),
    Field("proofs", list_of(nested(_PART_PROOF)), lambda c: c.proofs[:LISTED_PAIRS]),
    Field("more_proofs", COUNT, lambda c: len(c.proofs) - len(c.proofs[:LISTED_PAIRS])),
    Field("frame", optional(POINT), "frame"),
    Field("horizon", optional(NUMBER), "horizon"),
    Field("lower", optional(NUMBER), "lower"),
    Field("upper", optional(NUMBER), "upper"),
    Field("gap", NUMBER, "gap"),
)


class _Search(NamedTuple):
    """A compound pair's part search, with the check (whose shapes' parts it counts)."""

    check: Check
    search: CompoundResult


_TESTED_PAIR = Form[PartPair](
    Field("a", COUNT, "a"),
    Field("b", COUNT, "b"),
    Field("bound", NUMBER, "bound"),
    Field("distance", NUMBER, "result.distance"),
    Field("verdict", TEXT, "verdict"),
    Field("iterations", COUNT, "result.iterations"),
    Field("status", TEXT, "result.status"),
)
_PARTS = Form[_Search](  # gjk.parts: how many parts and pairs, the first few tested, and
    # which pair decided
    Field("a", COUNT, lambda s: len(parts_of(s.check.pair.a.shape))),
    Field("b", COUNT, lambda s: len(parts_of(s.check.pair.b.shape))),
    Field("pairs", COUNT, "search.total"),
    Field("tested", COUNT, "search.tested"),
    Field("skipped", COUNT, "search.skipped"),
    Field("tested_pairs", list_of(nested(_TESTED_PAIR)), "search.listed"),
    Field(
        "deciding",
        nested(
            Form[CompoundResult](
                Field("a", COUNT, "deciding.a"),
                Field("b", COUNT, "deciding.b"),
                Field("why", TEXT, "why"),
            )
        ),
        "search",
    ),
)
_PENETRATION = Form[Penetration](
    Field("depth", NUMBER, "depth"),
    Field("normal", POINT, "normal"),
    Field("contact", _POINTS, "contact"),
    Field("error", NUMBER, "error"),
    Field("iterations", COUNT, "iterations"),
    Field("status", TEXT, "status"),
)
_CERTIFICATE_CHECK = Form[CertificateCheck](
    Field("ok", FLAG, "ok"),
    Field("problems", TEXTS, "problems"),
    Field("proves", optional(TEXT), "proves"),
)
_BOOLEAN = Form[IntersectResult](
    Field("intersects", FLAG, "intersects"),
    Field("iterations", COUNT, "iterations"),
    Field("status", TEXT, "status"),
)
_GJK = Form[Check](
    Field("intersects", FLAG, "answer.gjk.intersects"),
    Field("distance", NUMBER, "answer.gjk.distance"),
    Field("closest", _POINTS, "answer.gjk.closest"),
    Field("penetration", optional(nested(_PENETRATION)), "answer.penetration"),
    Field("penetration_reason", optional(TEXT), "answer.penetration_reason"),
    Field(
        "parts",
        optional(nested(_PARTS)),
        lambda c: None if c.answer.parts is None else _Search(c, c.answer.parts),
    ),
    Field("verdict", TEXT, "answer.verdict"),
    Field("verdict_tolerance", NUMBER, "answer.verdict_tolerance"),
    Field("certificate", _CERTIFICATE, "answer.certificate"),
    Field("certificate_check", nested(_CERTIFICATE_CHECK), "certificate_check"),
    Field("iterations", COUNT, "answer.gjk.iterations"),
    Field("status", TEXT, "answer.gjk.status"),
    Field("boolean", nested(_BOOLEAN), "answer.boolean"),
)

_SHAPELY = Form[ShapelyAnswer](
    Field("intersects", FLAG, "intersects"),
    Field("distance", NUMBER, "distance"),
    Field("closest", _POINTS, "closest"),
    Field("verdict", TEXT, "verdict"),
    Field("approximation_error", NUMBER, "approximation_error"),
    Field("penetration", optional(NUMBER), "penetration"),
    Field("penetration_error", NUMBER, "penetration_error"),
    Field("unavailable", optional(TEXT), "unavailable"),
    Field("penetration_unavailable", optional(TEXT), "penetration_unavailable"),
)
_SHAPELY_UNAVAILABLE = _SHAPELY.nulled(_SHAPELY.keys - {"unavailable"})
_SHAPELY_WITHOUT_DEPTH = _SHAPELY.nulled({"penetration", "penetration_error"})


def _shapely_form(referee: ShapelyAnswer) -> Form[ShapelyAnswer]:
    """``shapely``: its answers, or, when it could not run faithfully, why, and nulls."""
    if referee.unavailable is not None:
        return _SHAPELY_UNAVAILABLE
    return _SHAPELY if referee.penetration_unavailable is None else _SHAPELY_WITHOUT_DEPTH


_EXACT = Form[ExactAnswer](
    Field("verdict", TEXT, "verdict"),
    Field("distance_squared", RATIONAL, "distance_squared"),
    Field("distance", NUMBER, "distance"),  # a square root: never -0.0
)
_TOLERANCES = Form[Check](
    Field("scale", NUMBER, "scale"),
    Field("depth", NUMBER, "depth_tolerance"),
    Field("touch_band", NUMBER, "answer.gjk.band"),
)
_EXPECT = Form[ExpectOutcome](
    Field("ok", FLAG, "ok"),
    Field("failures", TEXTS, "failures"),
    Field("tolerance", NUMBER, "tolerance"),
)


_START: tuple[Field[Any], ...] = (  # what every record starts with
    Field("schema", literal(SCHEMA)),
    Field("name", TEXT, "name"),
    Field(
        "source",
        nested(Form[Source](Field("file", TEXT, "file"), Field("line", optional(COUNT), "line"))),
        "source",
        omitted=True,
    ),
)


class _Judged(NamedTuple):
    """A checked pair, how it ended, and what its record is to say beyond the check."""

    name: str
    source: Source | None
    check: Check
    status: Status
    reasons: tuple[str, ...]
    cast: dict[str, Any] | None
    trace: Query | None


def _judged(
    check: Check,
    source: Source | None,
    strict: bool,
    cast: dict[str, Any] | None,
    trace: Query | None = None,
) -> _Judged:
    status, reasons = check_status(check, strict)
    return _Judged(check.pair.name, source, check, status, reasons, cast, trace)


_CHECK = Form[_Judged](
    *_START,
    Spread("check.pair.carried"),
    Field("status", TEXT, "status"),
    Field("reasons", TEXTS, "reasons"),
    Field("verdict", TEXT, "check.ruling.verdict"),
    Field("verdict_source", TEXT, "check.ruling.source"),
    Field("gjk", nested(_GJK), "check"),
    Field("shapely", one_of(_shapely_form), "check.shapely"),
    Field("exact", optional(nested(_EXACT)), "check.exact"),
    Field("tolerance", NUMBER, "check.tolerance"),
    Field("tolerances", nested(_TOLERANCES), "check"),
    Field("agree", FLAG, "check.agree"),
    Field("disagreements", TEXTS, "check.disagreements"),
    Field("triage", TEXTS, "check.triage"),
    Field("warnings", TEXTS, "check.warnings"),
    Field("notes", TEXTS, "check.pair.notes"),
    Field("expect", optional(nested(_EXPECT)), "check.expect"),
    Field("cast", PLAIN, "cast", omitted=True),
    Field("error", literal(None)),
    Field(
        "trace",
        PLAIN,
        lambda judged: (
            None if judged.trace is None else trace_record(judged.trace, judged.check.answer)
        ),
        omitted=True,
    ),
)


class _Failed(NamedTuple):
    """A pair that could not be read or computed, and why."""

    name: str
    source: Source | None
    message: str


_ERROR = Form[_Failed](
    *_START,
    Field("status", literal("error")),
    Field("reasons", TEXTS, lambda failed: (failed.message,)),
    Field("error", TEXT, "message"),
)
