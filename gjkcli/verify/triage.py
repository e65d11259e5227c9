"""Who is right? Sentences for when GJK, Shapely and the exact answer do not all agree."""

from __future__ import annotations

from gjkcli.algorithms.answer import Answer
from gjkcli.verify.exact import ExactAnswer, rational_text
from gjkcli.verify.shapely_oracle import ShapelyAnswer

__all__ = ["triage"]


def triage(answer: Answer, referee: ShapelyAnswer, exact: ExactAnswer | None) -> tuple[str, ...]:
    """One sentence per answer that differs from the exact one (or from GJK, without it).

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import Polytope, point
    >>> from gjkcli.verify.exact import exact_answer
    >>> from gjkcli.verify.shapely_oracle import shapely_answer
    >>> a, b = Polytope(((0.0, 0.0), (1.0, 0.0))), point((0.5, 2.0**-60))
    >>> for sentence in triage(solve(a, b), shapely_answer(a, b), exact_answer(a, b)):
    ...     print(sentence)  # doctest: +NORMALIZE_WHITESPACE
    GJK: touching; exact: separated, distance^2 = 1/2^120:
    GJK is off by 8.67e-19 (within the touching band)
    """
    found = []
    if exact is not None:
        truth = f"exact: {exact.verdict}, distance^2 = {rational_text(exact.distance_squared)}"
        for who, said, distance, band in (
            ("GJK", answer.verdict, answer.gjk.distance, answer.verdict_tolerance),
            ("Shapely", referee.verdict, referee.distance, 0.0),
        ):
            if said != exact.verdict:
                off = abs(distance - exact.distance)
                note = " (within the touching band)" if off <= band else ""
                found.append(f"{who}: {said}; {truth}: {who} is off by {off:.3g}{note}")
    elif answer.verdict != referee.verdict:
        error = referee.approximation_error
        found.append(
            f"GJK: {answer.verdict} (distance {answer.gjk.distance:.6g}); "
            f"Shapely: {referee.verdict} (distance {referee.distance:.6g}); no exact answer "
            "for curved shapes"
            + (f", and Shapely's polygons are up to {error:.3g} inside them" if error else "")
        )
    return tuple(found)
