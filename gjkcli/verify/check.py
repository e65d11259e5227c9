"""The whole check of one pair: gjkcli's answer, Shapely's, the exact one, and the verdict.

The rules that decide ``agree`` live in :mod:`gjkcli.verify.agreement`;
the sentences that say who is right, in :mod:`gjkcli.verify.triage`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gjkcli.algorithms.answer import Answer, solve
from gjkcli.pair import Pair
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import shape_bounds
from gjkcli.tolerances import agreement_tolerance, coordinate_scale
from gjkcli.verify.agreement import disagreements, off_the_proof, strict_warnings
from gjkcli.verify.certificates import CertificateCheck, check_certificate
from gjkcli.verify.exact import ExactAnswer
from gjkcli.verify.exact_filter import exact_answers
from gjkcli.verify.expect import ExpectOutcome, ExpectSettings, Reference, check_expect
from gjkcli.verify.ruling import Ruling, ruling
from gjkcli.verify.shapely_oracle import ShapelyAnswer, shapely_answers
from gjkcli.verify.triage import triage

if TYPE_CHECKING:  # the batch's tally is not imported for one pair
    from gjkcli.verify.tally import Status

__all__ = ["Check", "check_pair", "check_pairs", "check_status"]

_DEFAULT = ExpectSettings()


@dataclass(frozen=True)
class Check:
    """Everything known about one pair after checking it.

    ``answer`` is gjkcli's (GJK, EPA, verdict, certificate, traces),
    ``certificate_check`` the independent re-check of its certificate,
    ``shapely`` and ``exact`` the referees (``exact`` is ``None`` for curved
    shapes). ``tolerance`` is the distance tolerance used against Shapely
    (rounding allowance plus its approximation error), ``depth_tolerance``
    the one for the depth (allowance plus the oracle's and EPA's errors).
    ``disagreements`` says what did not agree, ``triage`` who is right where
    the referees differ, ``warnings`` what ``--strict`` treats as failures.
    ``ruling`` is the verdict a user reads first: the best-proven one, and
    where it came from (:mod:`gjkcli.verify.ruling`).
    """

    pair: Pair
    answer: Answer
    certificate_check: CertificateCheck
    shapely: ShapelyAnswer
    exact: ExactAnswer | None
    scale: float
    tolerance: float
    depth_tolerance: float
    disagreements: tuple[str, ...]
    triage: tuple[str, ...]
    warnings: tuple[str, ...]
    expect: ExpectOutcome | None
    ruling: Ruling

    @property
    def agree(self) -> bool:
        """GJK agrees with the referees and its certificate holds."""
        return not self.disagreements

    @property
    def ok(self) -> bool:
        """Agreement, and every stated expectation met: exit status 0."""
        return self.agree and (self.expect is None or self.expect.ok)

    def _repr_svg_(self) -> str:
        """The answer drawn, for notebooks: the shapes with the closest points, or the
        overlap and the move of B by the depth, titled with the verdict
        (:func:`gjkcli.render.svg.answer_svg`)."""
        from gjkcli.render.svg import answer_svg  # the one look up the layers: for notebooks

        return answer_svg(self)


def check_status(check: Check, strict: bool = False) -> tuple[Status, tuple[str, ...]]:
    """How a checked pair ended, ``pass`` or ``fail``, and the reasons for a fail: what
    disagreed, the expectations that failed and, with ``strict``, the warnings.

    >>> from gjkcli.pair import Expect, Pair, ShapeInput
    >>> from gjkcli.shapes import circle, point
    >>> pair = Pair(ShapeInput(circle((0.0, 0.0), 1.0), "circle"),
    ...             ShapeInput(point((3.0, 0.0)), "point"), "p", Expect(distance=1.0))
    >>> check_status(check_pair(pair))
    ('fail', ('expect.distance: expected 1, reference 2 (difference 1, tolerance 4e-09)',))
    """
    reasons = (
        *check.disagreements,
        *(check.expect.failures if check.expect is not None else ()),
        *(check.warnings if strict else ()),
    )
    return ("fail" if reasons else "pass"), reasons


def check_pair(
    pair: Pair,
    trace: bool = False,
    settings: ExpectSettings = _DEFAULT,
    direction: Vec | None = None,
) -> Check:
    """Run GJK (both queries), EPA, the exact arbiter and Shapely on a pair and compare them.

    With ``trace``, the steps of GJK's runs and EPA's are kept (:func:`solve`);
    ``direction`` is the first search direction of both GJK runs.

    >>> from gjkcli.pair import Pair, ShapeInput
    >>> from gjkcli.shapes import circle, rectangle
    >>> pair = Pair(
    ...     ShapeInput(rectangle((0.0, 0.0), (2.0, 2.0)), "rectangle"),
    ...     ShapeInput(circle((2.0, 0.0), 1.0), "circle"),
    ...     "touching",
    ... )
    >>> check = check_pair(pair)
    >>> check.answer.verdict, check.answer.gjk.distance, check.agree, check.exact
    ('touching', 0.0, True, None)
    >>> check.ruling.verdict, check.ruling.source
    ('touching', 'touching-band')
    """
    return check_pairs([pair], trace, settings, direction)[0]


def check_pairs(
    pairs: Sequence[Pair],
    trace: bool = False,
    settings: ExpectSettings = _DEFAULT,
    direction: Vec | None = None,
) -> list[Check]:
    """:func:`check_pair` for many pairs, with one vectorized Shapely call and one
    filtered exact arbiter call for all of them. ``settings`` say how the pairs'
    expectations and answers are compared (:mod:`gjkcli.verify.expect`)."""
    answers = [solve(pair.a.shape, pair.b.shape, trace, direction) for pair in pairs]
    shapes = [(pair.a.shape, pair.b.shape) for pair in pairs]
    referees = shapely_answers(
        shapes,
        [answer.gjk.intersects for answer in answers],
        [_towards_b(answer) for answer in answers],
    )
    return [
        _compare(pair, answer, referee, exact, settings)
        for pair, answer, referee, exact in zip(
            pairs, answers, referees, exact_answers(shapes), strict=True
        )
    ]


def _towards_b(answer: Answer) -> Vec | None:
    """The direction from GJK's closest point of A to that of B (``None`` when the shapes
    intersect, or a shape is compound, whose outline may turn back towards the other):
    it only tells Shapely's oracle where to look first, never what it finds."""
    closest = answer.gjk.closest
    if closest is None or answer.parts is not None:
        return None
    (ax, ay), (bx, by) = closest
    return (bx - ax, by - ay)


def _compare(
    pair: Pair,
    answer: Answer,
    referee: ShapelyAnswer,
    exact: ExactAnswer | None,
    settings: ExpectSettings,
) -> Check:
    a, b = pair.a.shape, pair.b.shape
    scale = max(coordinate_scale(shape_bounds(a)), coordinate_scale(shape_bounds(b)))
    allowance = agreement_tolerance(scale)
    tolerance = agreement_tolerance(scale, referee.approximation_error)
    epa_error = answer.penetration.error if answer.penetration is not None else 0.0
    depth_tolerance = agreement_tolerance(scale, referee.penetration_error + epa_error)
    certified = check_certificate(a, b, answer.certificate, answer.gjk.distance, answer.gjk.band)
    off = (
        None
        if referee.unavailable is not None
        else off_the_proof(
            (a, b), answer, referee, certified, allowance=allowance, tolerance=tolerance
        )
    )
    shapely_off = () if off is None else (off,)
    proof = ruling(answer, certified, exact)
    expect = _expectations(pair, Reference((a, b), answer, exact, proof, scale), settings)
    return Check(
        pair,
        answer,
        certified,
        referee,
        exact,
        scale,
        tolerance,
        depth_tolerance,
        disagreements(
            (a, b),
            answer,
            referee,
            exact,
            certified,
            shapely_off=off,
            allowance=allowance,
            tolerance=tolerance,
            depth_tolerance=depth_tolerance,
        ),
        triage(answer, referee, exact, certified.proves) + shapely_off,
        strict_warnings(answer, allowance, referee) + shapely_off,
        expect,
        proof,
    )


def _expectations(
    pair: Pair, reference: Reference, settings: ExpectSettings
) -> ExpectOutcome | None:
    """The pair's ``expect`` and its engine's answer, judged together (``None``: neither)."""
    if pair.expect is None and pair.answer is None and pair.answer_missing is None:
        return None
    outcomes = []
    if pair.expect is not None:
        outcomes.append(check_expect(pair.expect, reference, settings, "expect"))
    if pair.answer is not None:
        outcomes.append(check_expect(pair.answer, reference, settings, "answer"))
    failures = [failure for outcome in outcomes for failure in outcome.failures]
    if pair.answer_missing is not None:
        failures.append(f"answer: {pair.answer_missing}")
    tolerance = outcomes[0].tolerance if outcomes else settings.tolerance(reference.scale)
    unjudged = tuple(key for outcome in outcomes for key in outcome.unjudged)
    return ExpectOutcome(not failures, tuple(failures), tolerance, unjudged)
