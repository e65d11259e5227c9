"""Who is right? Sentences for when GJK, Shapely and the exact answer do not all agree."""

from __future__ import annotations

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.verdict import Proven
from gjkcli.verify.exact import ExactAnswer, rational_text
from gjkcli.verify.shapely_oracle import ShapelyAnswer

__all__ = ["triage"]


def triage(
    answer: Answer,
    referee: ShapelyAnswer,
    exact: ExactAnswer | None,
    proves: Proven | None = None,
) -> tuple[str, ...]:
    """One sentence per answer that differs from the exact one (or from GJK, without it);
    none for Shapely when it could not run. ``proves`` is what GJK's re-checked
    certificate proves: without an exact answer, a proof says who is right.

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import Polytope, point
    >>> from gjkcli.verify.exact import exact_answer
    >>> from gjkcli.verify.shapely_oracle import shapely_answer
    >>> a = Polytope(((0.0, 0.0), (1.2687284882248024, 1.7101241001807421)))
    >>> b = point((0.969022617678674, 1.3061493830182715))  # 1.8e-16 off the segment
    >>> for sentence in triage(solve(a, b), shapely_answer(a, b), exact_answer(a, b)):
    ...     print(sentence)  # doctest: +NORMALIZE_WHITESPACE
    GJK: touching; exact: separated, distance^2 = 3.13261378129e-32 (about):
    GJK is off by 1.77e-16 (within the touching band, 3.25e-14)
    """
    found = []
    ran = referee.unavailable is None
    if exact is not None:
        answers = [("GJK", answer.verdict, answer.gjk.distance)]
        if ran:
            answers.append(("Shapely", referee.verdict, referee.distance))
        for who, said, distance in answers:
            if said != exact.verdict:
                truth = (
                    f"exact: {exact.verdict}, distance^2 = {rational_text(exact.distance_squared)}"
                )
                off = _how_far(who, said, distance, answer, exact)
                found.append(f"{who}: {said}; {truth}: {off}")
    elif ran and answer.verdict != referee.verdict:
        error = referee.approximation_error
        why = "compound shapes" if answer.parts is not None else "curved shapes"
        sentence = (
            f"GJK: {answer.verdict} (distance {answer.gjk.distance:.6g}); "
            f"Shapely: {referee.verdict} (distance {referee.distance:.6g}); no exact answer "
            f"for {why}"
            + (f", and Shapely's polygons are up to {error:.3g} inside them" if error else "")
        )
        if proves == answer.verdict:
            sentence += f"; GJK's re-checked certificate proves {proves}: Shapely is off"
        found.append(sentence)
    return tuple(found)


def _how_far(who: str, said: str, distance: float, answer: Answer, exact: ExactAnswer) -> str:
    """How far off ``who`` is: by a distance, or, between touching and overlapping, by a
    depth (which only GJK measures) or by what Shapely calls an interior."""
    band = answer.verdict_tolerance
    if {said, exact.verdict} != {"touching", "overlapping"}:
        off = abs(distance - exact.distance)
        within = f" (within the touching band, {band:.3g})" if who == "GJK" and off <= band else ""
        return f"{who} is off by {off:.3g}{within}"
    if who == "Shapely":
        return (
            "Shapely counts points and segments that share points of their own interiors "
            "(a point on a point or inside a segment, collinear segments) as overlapping; "
            "in the plane they have no interior, so they touch"
            if said == "overlapping"
            else "Shapely finds no common interior point"
        )
    depth = 0.0 if answer.penetration is None else answer.penetration.depth
    within = f" (within the touching band, {band:.3g})" if depth <= band else ""
    return f"GJK's depth is {depth:.3g}{within}"
