"""Everything gjkcli's own algorithms say about a pair, in one record.

Both GJK queries, EPA when the shapes intersect, the verdict, and the
certificate that backs the answer; with ``trace``, the steps of both runs.
For a compound shape, the part-pair search (:mod:`gjkcli.algorithms.compound`)
finds the deciding pair of parts; both queries and their traces are that
pair's, and the penetration is null with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from gjkcli.algorithms.certificate import (
    Certificate,
    certificate,
    parts_certificate,
)
from gjkcli.algorithms.compound import PENETRATION_REASON, CompoundResult, compound_query
from gjkcli.algorithms.distance import (
    DISTANCE_FIRST_DIRECTION,
    DistanceResult,
    DistanceStep,
    distance,
)
from gjkcli.algorithms.epa import EpaStep, Penetration, penetration
from gjkcli.algorithms.intersect import (
    BOOLEAN_FIRST_DIRECTION,
    IntersectResult,
    IntersectStep,
    intersects,
)
from gjkcli.algorithms.pictured import Pictured
from gjkcli.algorithms.verdict import Verdict, settle, verdict
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of

__all__ = ["Answer", "solve"]


@dataclass(frozen=True)
class Answer(Pictured):
    """GJK's side of a check (see :func:`solve`).

    ``parts`` is the part-pair search when a shape is compound (else
    ``None``), and ``penetration_reason`` says why ``penetration`` is
    ``None`` for intersecting shapes whose depth is not defined. The traces are
    empty unless asked for; ``epa_trace`` is empty too when EPA had no loop to
    run (the shapes apart, rounded shapes whose cores are apart, or an ``A - B``
    with no interior).
    """

    gjk: DistanceResult
    penetration: Penetration | None
    boolean: IntersectResult
    verdict: Verdict
    verdict_tolerance: float
    certificate: Certificate
    distance_trace: tuple[DistanceStep, ...] = ()
    boolean_trace: tuple[IntersectStep, ...] = ()
    parts: CompoundResult | None = None
    penetration_reason: str | None = None
    epa_trace: tuple[EpaStep, ...] = ()


def solve(
    shape_a: Shape, shape_b: Shape, trace: bool = False, direction: Vec | None = None
) -> Answer:
    """Distance, boolean query, depth, verdict and certificate for two shapes.

    With ``trace``, the steps of both GJK runs and of EPA are kept; ``direction``
    is the first search direction of both GJK runs (each has its own otherwise).

    >>> from gjkcli.shapes import circle, rectangle, union_of
    >>> answer = solve(rectangle((0.0, 0.0), (2.0, 2.0)), circle((1.5, 0.0), 1.0))
    >>> answer.verdict, answer.penetration.depth, type(answer.certificate).__name__
    ('overlapping', 0.5, 'EnclosingSimplex')
    >>> boxes = union_of([rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((6.0, 0.0), (2.0, 2.0))])
    >>> answer = solve(boxes, circle((3.5, 0.0), 1.0))  # the far box is never tested
    >>> answer.verdict, answer.gjk.distance, answer.parts.deciding.a, answer.parts.skipped
    ('separated', 0.5, 1, 1)
    """
    first_boolean = direction or BOOLEAN_FIRST_DIRECTION
    first_distance = direction or DISTANCE_FIRST_DIRECTION
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        return _solve_parts(shape_a, shape_b, trace, first_boolean, first_distance)
    distance_steps: list[DistanceStep] | None = [] if trace else None
    boolean_steps: list[IntersectStep] | None = [] if trace else None
    epa_steps: list[EpaStep] | None = [] if trace else None
    boolean = intersects(shape_a, shape_b, first_boolean, boolean_steps)
    gjk = distance(shape_a, shape_b, distance_steps, first_distance)
    settled = settle(shape_a, shape_b, gjk, boolean)
    overlap = penetration(shape_a, shape_b, settled.gjk, epa_steps)
    proof = certificate(
        shape_a, shape_b, settled.gjk, boolean, settled.axis, apart=settled.separation
    )
    decision = verdict(settled.gjk, overlap, settled.proven)
    return Answer(
        settled.gjk.with_band(decision.band),
        overlap,
        boolean,
        decision.verdict,
        decision.tolerance,
        proof,
        tuple(distance_steps or ()),
        tuple(boolean_steps or ()),
        epa_trace=tuple(epa_steps or ()),
    )


def _solve_parts(
    shape_a: Shape, shape_b: Shape, trace: bool, first_boolean: Vec, first_distance: Vec
) -> Answer:
    """:func:`solve` for a pair with a compound shape: both queries on the deciding parts
    (traced from the first directions given)."""
    search = compound_query(shape_a, shape_b, first_boolean, first_distance)
    part_a = parts_of(shape_a)[search.deciding.a]
    part_b = parts_of(shape_b)[search.deciding.b]
    distance_steps: list[DistanceStep] | None = [] if trace else None
    boolean_steps: list[IntersectStep] | None = [] if trace else None
    if distance_steps is not None:  # the deciding pair's run again, step by step
        distance(part_a, part_b, distance_steps, first_distance)
    gjk = search.deciding.result
    boolean = intersects(part_a, part_b, first_boolean, boolean_steps)
    proof = parts_certificate(shape_a, shape_b, search, boolean)
    return Answer(
        gjk,
        None,
        boolean,
        search.verdict,
        search.verdict_tolerance,
        proof,
        tuple(distance_steps or ()),
        tuple(boolean_steps or ()),
        search,
        PENETRATION_REASON if gjk.intersects else None,
    )
