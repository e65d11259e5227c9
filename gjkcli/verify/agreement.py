"""When do the answers agree? The rules behind ``agree``, and the strict warnings.

With an exact answer (polygonal shapes) GJK is held to it: the distances
within the rounding allowance ``AGREEMENT_RELATIVE * (1 + scale)``, and the
verdicts equal unless the pair lies within the touching band, where "just
touching" and "just apart" (or "just overlapping") are both honest results
of floating-point arithmetic. Without one, GJK is held to Shapely:
Shapely's stand-ins for curved shapes lie inside them (to within the rounding
of their coordinates), so its distance may exceed the true one by up to the
sum of their error bounds and falls below it by no more than that rounding,
at most half a unit in the last place of the coordinates, far below the
allowance; so GJK's distance must lie in
``[shapely - errors - allowance, shapely + allowance]``.

For compound shapes there is no exact answer; when they are polygonal,
Shapely's verdict (exact predicates on the geometry the parts were cut from)
must match GJK's too, unless they differ within the touching band, by the
same rule as for the exact answer.

When Shapely could not run faithfully for a pair (``referee.unavailable``, or
``referee.penetration_unavailable`` for the depth oracle alone), the checks
that need it are skipped and a strict warning says why; the exact answer,
where there is one, still decides.

Always: EPA's depth agrees with the Minkowski-hull oracle (whose hull lies
inside ``A - B``, so it may fall short, never exceed; EPA's depth may exceed
the true one by its own error, never fall short); the boolean query agrees
with the distance query outside the allowance; and the certificate holds.
"""

from __future__ import annotations

from gjkcli.algorithms.answer import Answer
from gjkcli.shapes.compound import Compound, Shape
from gjkcli.verify.certificates import CertificateCheck
from gjkcli.verify.exact import ExactAnswer, rational_text
from gjkcli.verify.shapely_oracle import ShapelyAnswer

__all__ = [
    "disagreements",
    "not_run",
    "off_the_proof",
    "proves_the_shapes",
    "strict_warnings",
]


def disagreements(
    shapes: tuple[Shape, Shape],
    answer: Answer,
    referee: ShapelyAnswer,
    exact: ExactAnswer | None,
    certified: CertificateCheck,
    *,
    shapely_off: str | None,
    allowance: float,
    tolerance: float,
    depth_tolerance: float,
) -> tuple[str, ...]:
    """Each way GJK's answer fails to agree, as a sentence (empty: it agrees).
    ``shapely_off`` is what :func:`off_the_proof` says of Shapely's distance: if it says
    anything, that distance is not held against GJK's."""
    found = [f"certificate fails: {problem}" for problem in certified.problems]
    if exact is not None:
        found += _against_exact(answer, exact, allowance)
    elif referee.unavailable is None:
        if shapely_off is None:
            found += _against_shapely(answer, referee, allowance, tolerance)
        found += _compound_verdict(shapes, answer, referee, certified, tolerance)
    if referee.unavailable is None and referee.penetration_unavailable is None:
        found += _depth(answer, referee, allowance, depth_tolerance)
    found += _boolean(answer, allowance)
    return tuple(found)


def off_the_proof(
    shapes: tuple[Shape, Shape],
    answer: Answer,
    referee: ShapelyAnswer,
    certified: CertificateCheck,
    *,
    allowance: float,
    tolerance: float,
) -> str | None:
    """A sentence when Shapely's distance lies outside the bounds that GJK's re-checked
    separating axis (or axes) proves, ``lower <= distance <= upper``, by more than what
    Shapely may err by (below, the rounding allowance; above, also its curve error):
    then Shapely is off, not GJK. ``None`` otherwise, and when the certificate proves
    something of parts cut from the shapes rather than of the shapes themselves
    (:func:`proves_the_shapes`): then Shapely, on the geometry as written, is
    what checks the cut.

    A proof beats the referee: GEOS has been seen to lose a thin part of a union far
    out (a capsule 5e11 long and 1e-5 wide), and measure to the wrong part.
    """
    proof = answer.certificate
    lower, upper = getattr(proof, "lower", None), getattr(proof, "upper", None)
    if certified.proves != "separated" or lower is None or upper is None:
        return None
    if not proves_the_shapes(*shapes):
        return None
    if lower - allowance <= referee.distance <= upper + tolerance:
        return None
    return (
        f"Shapely's distance {referee.distance:.12g} lies outside the bounds GJK's "
        f"certificate proves, [{lower:.12g}, {upper:.12g}]: Shapely is off"
    )


def proves_the_shapes(shape_a: Shape, shape_b: Shape) -> bool:
    """Whether a proof about the parts GJK ran on is a proof about the shapes as Shapely
    is given them: always for convex shapes, points and polylines (their parts are their
    own points and segments) and compounds grown by a margin (Shapely is given the grown
    parts); not for polygons cut into convex parts, whose cut Shapely checks on the
    polygon as written, nor for native compounds with such a member.

    >>> from gjkcli.algorithms.decompose import decompose
    >>> from gjkcli.shapes import point
    >>> u = decompose([(0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (4.0, 6.0),
    ...                (4.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)])
    >>> proves_the_shapes(point((0.0, 0.0)), point((1.0, 0.0))), proves_the_shapes(u, u)
    (True, False)
    """
    return _uncut(shape_a) and _uncut(shape_b)


def _uncut(shape: Shape) -> bool:
    if not isinstance(shape, Compound):
        return True
    if shape.geometry is None:  # a native compound: its members as written, or grown parts
        return all(_uncut(member) for member in shape.members)
    return str(shape.geometry.get("type")) in ("MultiPoint", "LineString", "MultiLineString")


def strict_warnings(
    answer: Answer, tolerance: float, referee: ShapelyAnswer | None = None
) -> tuple[str, ...]:
    """What ``--strict`` turns into a failure: runs that did not finish, loose certificates,
    and a Shapely cross-check (or its depth oracle) that could not run."""
    found = [] if referee is None else not_run(referee)
    for name, status in (
        ("GJK distance", answer.gjk.status),
        ("boolean GJK", answer.boolean.status),
    ):
        if status in ("max-iterations", "degenerate"):
            found.append(f"{name} stopped on {status}")
    if answer.penetration is not None and answer.penetration.status == "max-iterations":
        found.append(f"EPA stopped on max-iterations (depth error {answer.penetration.error:.3g})")
    gap = getattr(answer.certificate, "gap", 0.0)
    if gap > tolerance:
        found.append(f"certificate bounds {gap:.3g} apart, more than the tolerance {tolerance:.3g}")
    return tuple(found)


def not_run(referee: ShapelyAnswer) -> list[str]:
    """The strict warning for a Shapely cross-check (or depth oracle) that could not run.

    >>> from gjkcli.verify.shapely_oracle import ShapelyAnswer
    >>> not_run(ShapelyAnswer(False, 0.0, None, 0.0, unavailable="GEOS overflowed"))
    ["Shapely's cross-check could not run: GEOS overflowed"]
    """
    if referee.unavailable is not None:
        return [f"Shapely's cross-check could not run: {referee.unavailable}"]
    if referee.penetration_unavailable is not None:
        return [f"Shapely's depth oracle could not run: {referee.penetration_unavailable}"]
    return []


def _against_exact(answer: Answer, exact: ExactAnswer, allowance: float) -> list[str]:
    found = []
    if abs(answer.gjk.distance - exact.distance) > allowance:
        found.append(
            f"distance: GJK {answer.gjk.distance:.12g}, exact {exact.distance:.12g} "
            f"(distance^2 = {rational_text(exact.distance_squared)})"
        )
    if answer.verdict != exact.verdict and not _within_band(answer, exact.verdict, exact.distance):
        found.append(
            f"verdict: GJK {answer.verdict}, exact {exact.verdict} "
            f"(distance^2 = {rational_text(exact.distance_squared)})"
        )
    return found


def _within_band(answer: Answer, verdict: str, distance: float, slack: float = 0.0) -> bool:
    """Whether GJK's verdict and a referee's (``verdict``, at ``distance``, known to within
    ``slack``) differ only within the touching band, where both are honest answers."""
    band = answer.verdict_tolerance
    verdicts = {answer.verdict, verdict}
    if verdicts == {"separated", "touching"}:
        return answer.gjk.raw_distance <= band and distance <= band + slack
    if verdicts == {"touching", "overlapping"}:
        # GJK found no depth beyond the band. The referee does not measure depth (the
        # depth oracle checks it separately), and Shapely also counts a point inside a
        # segment, or two collinear segments, as overlapping: they have no interior in
        # the plane, so for GJK they touch.
        return answer.verdict == "touching"
    return False


def _against_shapely(
    answer: Answer, referee: ShapelyAnswer, allowance: float, tolerance: float
) -> list[str]:
    gjk = answer.gjk
    excess = gjk.distance - referee.distance
    if excess <= allowance and -excess <= tolerance:
        return []
    verdicts = ""
    if gjk.intersects != referee.intersects:
        verdicts = f"; GJK says {_word(gjk.intersects)}, Shapely {_word(referee.intersects)}"
    return [
        f"distance: GJK {gjk.distance:.12g}, Shapely {referee.distance:.12g}, "
        f"differ by {abs(excess):.3g} (allowed {tolerance:.3g}){verdicts}"
    ]


def _compound_verdict(
    shapes: tuple[Shape, Shape],
    answer: Answer,
    referee: ShapelyAnswer,
    certified: CertificateCheck,
    tolerance: float,
) -> list[str]:
    if answer.parts is None or referee.approximation_error > 0.0:
        return []
    if certified.proves == answer.verdict and (
        answer.verdict == "overlapping" or proves_the_shapes(*shapes)
    ):
        # a proof beats the referee: GEOS rounds the crossing of two segments, and calls
        # a crossing an ulp from an end a touch (triage says so). Parts that overlap
        # make their shapes overlap, cut or not (a part of a cut polygon has the
        # polygon's own corners and lies inside it; GEOS's relate of a polygon and a
        # triangle whose corner is 2e-14 inside its edge changes with where the
        # triangle's ring starts); parts apart prove the shapes apart only if the
        # parts are all of the shapes
        return []
    # Shapely's predicates are exact, its distance is not: a point 9e-6 from a segment
    # 2e13 long is 8e-4 from it for GEOS, which rounds where the point falls along it
    if answer.verdict == referee.verdict or _within_band(
        answer, referee.verdict, referee.distance, tolerance
    ):
        return []
    return [f"verdict: GJK {answer.verdict}, Shapely {referee.verdict}"]


def _depth(answer: Answer, referee: ShapelyAnswer, allowance: float, tolerance: float) -> list[str]:
    overlap = answer.penetration
    if overlap is None:
        return []
    oracle = referee.penetration
    if oracle is None:
        if overlap.depth <= tolerance:
            return []
        return [
            f"penetration: EPA depth {overlap.depth:.12g}, but the Minkowski hull "
            "does not contain the origin"
        ]
    excess = overlap.depth - oracle
    if excess <= tolerance and -excess <= allowance:
        return []
    return [
        f"penetration: EPA depth {overlap.depth:.12g}, Minkowski hull {oracle:.12g}, "
        f"differ by {abs(excess):.3g} (allowed {tolerance:.3g})"
    ]


def _boolean(answer: Answer, allowance: float) -> list[str]:
    gjk, overlap, boolean = answer.gjk, answer.penetration, answer.boolean
    if boolean.intersects == gjk.intersects:
        return []
    margin = gjk.raw_distance if overlap is None else overlap.depth
    if margin <= allowance:
        return []
    measure = (
        f"at distance {gjk.distance:.12g}" if overlap is None else f"at depth {overlap.depth:.12g}"
    )
    return [
        f"boolean GJK says {_word(boolean.intersects)} ({boolean.status}) but the "
        f"distance query says {_word(gjk.intersects)} {measure}"
    ]


def _word(intersecting: bool) -> str:
    return "intersecting" if intersecting else "separated"
