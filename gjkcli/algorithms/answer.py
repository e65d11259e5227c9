"""Everything gjkcli's own algorithms say about a pair, in one record.

Both GJK queries, EPA when the shapes intersect, the verdict, and the
certificate that backs the answer; with ``trace``, the steps of both runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from gjkcli.algorithms.certificate import Certificate, certificate
from gjkcli.algorithms.distance import DistanceResult, DistanceStep, distance
from gjkcli.algorithms.epa import Penetration, penetration
from gjkcli.algorithms.intersect import IntersectResult, IntersectStep, intersects
from gjkcli.algorithms.verdict import Verdict, verdict
from gjkcli.shapes.base import ConvexShape

__all__ = ["Answer", "solve"]


@dataclass(frozen=True)
class Answer:
    """GJK's side of a check (see :func:`solve`)."""

    gjk: DistanceResult
    penetration: Penetration | None
    boolean: IntersectResult
    verdict: Verdict
    verdict_tolerance: float
    certificate: Certificate
    distance_trace: tuple[DistanceStep, ...] = ()
    boolean_trace: tuple[IntersectStep, ...] = ()


def solve(shape_a: ConvexShape, shape_b: ConvexShape, trace: bool = False) -> Answer:
    """Distance, boolean query, depth, verdict and certificate for two shapes.

    >>> from gjkcli.shapes import circle, rectangle
    >>> answer = solve(rectangle((0.0, 0.0), (2.0, 2.0)), circle((1.5, 0.0), 1.0))
    >>> answer.verdict, answer.penetration.depth, type(answer.certificate).__name__
    ('overlapping', 0.5, 'EnclosingSimplex')
    """
    distance_steps: list[DistanceStep] | None = [] if trace else None
    boolean_steps: list[IntersectStep] | None = [] if trace else None
    gjk = distance(shape_a, shape_b, distance_steps)
    overlap = penetration(shape_a, shape_b, gjk)
    boolean = intersects(shape_a, shape_b, recorder=boolean_steps)
    position, tolerance = verdict(gjk, overlap)
    return Answer(
        gjk,
        overlap,
        boolean,
        position,
        tolerance,
        certificate(shape_a, shape_b, gjk, boolean),
        tuple(distance_steps or ()),
        tuple(boolean_steps or ()),
    )
