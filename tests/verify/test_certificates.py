"""Certificates: every one re-checks, tampered ones do not, and GJK's verdict is exact."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

from gjkcli.algorithms.answer import Answer, solve
from gjkcli.algorithms.bounds import rounding_bound
from gjkcli.algorithms.certificate import EnclosingSimplex, PartsCertificate, SeparatingAxis
from gjkcli.corpus import DEFAULT_FAMILIES, generate
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.render.json_record import certificate_record, check_record
from gjkcli.shapes import Polytope, point, rectangle, segment, union_of
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Shape
from gjkcli.tolerances import CERTIFICATE_RELATIVE
from gjkcli.verify.certificates import check_certificate, membership_problems
from gjkcli.verify.check import check_pair
from gjkcli.verify.exact import exact_answer
from tests.algorithms.test_outline import random_curved
from tests.helpers import DATA, random_polygon_pair


def rechecks(a: Shape, b: Shape, answer: Answer) -> list[str]:
    return list(
        check_certificate(a, b, answer.certificate, answer.gjk.distance, answer.gjk.band).problems
    )


def polygon_pairs() -> Iterator[tuple[str, Shape, Shape]]:
    rng = random.Random(71)
    for index in range(1000):
        ring_a, ring_b, _ = random_polygon_pair(rng)
        yield f"random/{index}", Polytope(tuple(ring_a)), Polytope(tuple(ring_b))
    hard = [family for family in DEFAULT_FAMILIES if family not in ("polygons", "mixed", "circles")]
    for record in generate(30 * len(hard), seed=72, families=hard):
        pair = pair_from_node(Node(record, "corpus"), record["name"])
        yield pair.name, pair.a.shape, pair.b.shape


def test_certificates_recheck_and_verdicts_are_exact_outside_the_band(
    capsys: pytest.CaptureFixture[str],
) -> None:
    inside_band = []
    polygonal = 0
    for name, a, b in polygon_pairs():
        answer = solve(a, b)
        assert rechecks(a, b, answer) == [], name
        exact = exact_answer(a, b)
        if exact is None:
            continue  # a family with curves
        polygonal += 1
        if answer.verdict != exact.verdict:
            assert {answer.verdict, exact.verdict} <= {"separated", "touching"}, name
            assert exact.distance <= answer.verdict_tolerance, name
            inside_band.append(
                f"{name}: GJK {answer.verdict}, exact {exact.verdict} ({exact.distance_squared})"
            )
    assert polygonal > 1200
    with capsys.disabled():
        print(
            f"\n{len(inside_band)} polygonal pairs inside the touching band:",
            *inside_band,
            sep="\n  ",
        )


def test_certificates_of_curved_shapes_recheck() -> None:
    rng = random.Random(73)
    for _ in range(300):
        a, b = random_curved(rng), random_curved(rng)
        assert rechecks(a, b, solve(a, b)) == []


A, B = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 0.5), (2.0, 2.0))


def test_tampered_separating_axes_fail() -> None:
    answer = solve(A, B)
    proof = answer.certificate
    assert isinstance(proof, SeparatingAxis) and rechecks(A, B, answer) == []
    for change, problem in [
        ({"axis": (0.6, 0.6)}, "not a unit vector"),
        ({"axis": (0.0, 1.0)}, "lower bound"),
        ({"lower": 2.5}, "lower bound: 2.5 claimed"),
        ({"upper": 1.5}, "upper bound: 1.5 claimed"),
        ({"closest": ((1.0, 5.0), (3.0, 5.0))}, "A: (1, 5) is not the weighted sum"),
        ({"weights_a": ((0, 2.0),)}, "A: the weights do not sum to 1"),
        ({"weights_a": ((9, 1.0),)}, "A: a vertex number out of range"),
    ]:
        tampered = dataclasses.replace(proof, **change)  # type: ignore[arg-type]
        problems = check_certificate(A, B, tampered, answer.gjk.distance, answer.gjk.band).problems
        assert any(problem in p for p in problems), (change, problems)


def test_tampered_enclosing_simplices_fail() -> None:
    b = rectangle((1.0, 0.5), (2.0, 2.0))
    answer = solve(A, b)
    proof = answer.certificate
    assert isinstance(proof, EnclosingSimplex) and rechecks(A, b, answer) == []
    for change, problem in [
        ({"weights": tuple(w * 2 for w in proof.weights)}, "they sum to"),
        ({"weights": (1.5, -0.5, 0.0)[: len(proof.weights)]}, "a negative weight"),
        ({"points": tuple((x + 1.0, y) for x, y in proof.points)}, "not the difference"),
        ({"pairs": tuple((i, (j + 1) % 4) for i, j in proof.pairs or ())}, "B: "),
    ]:
        tampered = dataclasses.replace(proof, **change)  # type: ignore[arg-type]
        problems = check_certificate(A, b, tampered, answer.gjk.distance, answer.gjk.band).problems
        assert any(problem in p for p in problems), (change, problems)


def brackets_the_exact_distance(a: Polytope, b: Polytope, proof: SeparatingAxis) -> bool:
    """``lower <= distance <= upper``, decided exactly against the rational arbiter."""
    exact = exact_answer(a, b)
    assert exact is not None
    squared = exact.distance_squared
    lower, upper = Fraction(proof.lower), Fraction(proof.upper)
    return (lower <= 0 or lower * lower <= squared) and squared <= upper * upper


def test_separating_axis_bounds_bracket_the_exact_distance() -> None:
    rng = random.Random(5)
    separated = 0
    for index in range(1000):
        ring_a, ring_b, _ = random_polygon_pair(rng)
        a, b = Polytope(tuple(ring_a)), Polytope(tuple(ring_b))
        proof = solve(a, b).certificate
        if isinstance(proof, SeparatingAxis):
            separated += 1
            assert proof.lower > 0.0, index
            assert brackets_the_exact_distance(a, b, proof), (index, proof.lower, proof.upper)
    assert separated > 600


GAP = 2.0**-40  # far above the touching band of shapes near the origin, far below 1


@pytest.mark.parametrize("corner", [(1.0, 1.0), (0.5, 0.25), (3.0, -7.0), (-0.7, 0.2), (0.1, 0.3)])
@pytest.mark.parametrize("toward", [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)])
def test_bounds_bracket_a_tiny_diagonal_vertex_gap(corner: Vec, toward: Vec) -> None:
    """Vertex against vertex, ``2^-40`` apart along each axis: plain float arithmetic once
    gave ``lower`` 1.2863043963307064e-12 above ``upper`` 1.2862197421537486e-12."""
    (x, y), (dx, dy) = corner, toward
    a = Polytope(((x, y), (x - dx, y), (x, y - dy)))
    b = Polytope(
        (
            (x + dx * GAP, y + dy * GAP),
            (x + dx * (1 + GAP), y + dy * GAP),
            (x + dx * GAP, y + dy * (1 + GAP)),
        )
    )
    answer = solve(a, b)
    proof = answer.certificate
    assert isinstance(proof, SeparatingAxis)
    assert proof.lower <= proof.upper
    assert brackets_the_exact_distance(a, b, proof)
    assert rechecks(a, b, answer) == []


AXIS_NUMBERS: dict[str, Callable[[SeparatingAxis, float], dict[str, Any]]] = {
    "axis": lambda p, x: {"axis": (x, p.axis[1])},
    "lower": lambda p, x: {"lower": x},
    "upper": lambda p, x: {"upper": x},
    "closest": lambda p, x: {"closest": ((x, p.closest[0][1]), p.closest[1])},
    "weights_a": lambda p, x: {"weights_a": ((0, x), *(p.weights_a or ())[1:])},
    "weights_b": lambda p, x: {"weights_b": ((0, x), *(p.weights_b or ())[1:])},
}
SIMPLEX_NUMBERS: dict[str, Callable[[EnclosingSimplex, float], dict[str, Any]]] = {
    "weights": lambda p, x: {"weights": (x, *p.weights[1:])},
    "points": lambda p, x: {"points": ((x, p.points[0][1]), *p.points[1:])},
    "members": lambda p, x: {"members": (((x, 0.0), p.members[0][1]), *p.members[1:])},
    "residual": lambda p, x: {"residual": x},
}


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("field", list(AXIS_NUMBERS))
def test_a_separating_axis_with_a_number_that_is_not_finite_fails(field: str, value: float) -> None:
    a = Polytope(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)))
    b = Polytope(((2.0, 0.0), (3.0, 0.0), (2.0, 1.0)))
    answer = solve(a, b)
    proof = answer.certificate
    assert isinstance(proof, SeparatingAxis) and rechecks(a, b, answer) == []
    bad = dataclasses.replace(proof, **AXIS_NUMBERS[field](proof, value))
    check = check_certificate(a, b, bad, answer.gjk.distance, answer.gjk.band)
    assert any("not a finite number" in problem for problem in check.problems), check.problems


@pytest.mark.parametrize("value", [math.nan, math.inf])
@pytest.mark.parametrize("field", list(SIMPLEX_NUMBERS))
def test_an_enclosing_simplex_with_a_number_that_is_not_finite_fails(
    field: str, value: float
) -> None:
    b = rectangle((1.0, 0.5), (2.0, 2.0))
    answer = solve(A, b)
    proof = answer.certificate
    assert isinstance(proof, EnclosingSimplex) and rechecks(A, b, answer) == []
    bad = dataclasses.replace(proof, **SIMPLEX_NUMBERS[field](proof, value))
    check = check_certificate(A, b, bad, answer.gjk.distance, answer.gjk.band)
    assert any("not a finite number" in problem for problem in check.problems), check.problems


def test_a_distance_or_band_that_is_not_a_number_fails_the_check() -> None:
    """Not part of the certificate, so only comparisons written to fail on NaN catch them."""
    apart, overlapping = rectangle((4.0, 0.0), (2.0, 2.0)), rectangle((1.0, 0.5), (2.0, 2.0))
    for b, distance, band in [(apart, math.nan, 1e-14), (overlapping, 0.0, math.nan)]:
        answer = solve(A, b)
        assert rechecks(A, b, answer) == []
        assert not check_certificate(A, b, answer.certificate, distance, band).ok


@pytest.mark.parametrize("field", ["lower", "upper", "horizon"])
def test_a_compound_certificate_with_a_bound_that_is_not_finite_fails(field: str) -> None:
    a = union_of([segment((0.0, 0.0), (0.0, 2.0)), segment((4.0, 0.0), (4.0, 2.0))])
    b = point((1.0, 1.0))
    answer = solve(a, b)
    proof = answer.certificate
    assert isinstance(proof, PartsCertificate) and proof.horizon is not None
    assert rechecks(a, b, answer) == []
    change: dict[str, Any] = {field: math.nan}
    check = check_certificate(
        a, b, dataclasses.replace(proof, **change), answer.gjk.distance, answer.gjk.band
    )
    assert any("not a finite number" in problem for problem in check.problems), check.problems


SLIVERS = [
    json.loads(line) for line in (DATA / "certificate-slivers.jsonl").read_text().splitlines()
]


@pytest.mark.parametrize("record", SLIVERS, ids=[record["name"] for record in SLIVERS])
def test_touching_pairs_whose_boolean_run_ends_on_a_sliver_triangle_recheck(
    record: dict[str, Any],
) -> None:
    """Found by a random search for contacts placed on a polygon's vertices, edges, cuts
    and holes: boolean GJK ended on a sliver triangle, whose weights, computed in floating
    point, summed to a point up to 0.05 from the origin against a band of 1e-14."""
    check = check_pair(pair_from_node(Node(record, "slivers"), record["name"]))
    assert check.certificate_check.ok, check.certificate_check.problems
    assert check.agree, check.disagreements


@pytest.mark.parametrize(
    "record",
    [
        {
            "a": {"type": "polygon", "points": [[0, 0], [1e149, 0], [0, 1e149]]},
            "b": {
                "type": "polygon",
                "points": [[2.5e148, 2.5e148], [2e149, 2.5e148], [2.5e148, 2e149]],
            },
        },
        {
            "a": {"type": "polygon", "points": [[0, 0], [1e80, 0], [0, 1e80]]},
            "b": {"type": "polygon", "points": [[2.5e79, 2.5e79], [2e80, 2.5e79], [2.5e79, 2e80]]},
        },
        {
            "a": {"type": "point", "at": [0, 0], "margin": 1e80},
            "b": {"type": "point", "at": [1, 1]},
        },
        {
            "a": {"type": "circle", "center": [5e149, -5e149], "radius": 5e149},
            "b": {"type": "point", "at": [6e149, -5e149]},
        },
    ],
)
def test_overlapping_shapes_at_huge_coordinates_have_finite_certificates(
    record: dict[str, Any],
) -> None:
    check = check_pair(pair_from_node(Node(record, "huge"), "huge"))
    assert check.answer.gjk.intersects
    assert check.certificate_check.ok, check.certificate_check.problems
    json.dumps(check_record(check), allow_nan=False)  # raises on NaN or infinity


def test_random_pairs_scaled_to_huge_coordinates_recheck() -> None:
    rng = random.Random(79)
    for scale in (1e80, 1e100, 1e140):
        for _ in range(100):
            ring_a, ring_b, size = random_polygon_pair(rng)
            factor = scale / max(size, 1.0)
            a = Polytope(tuple((x * factor, y * factor) for x, y in ring_a))
            b = Polytope(tuple((x * factor, y * factor) for x, y in ring_b))
            answer = solve(a, b)
            assert rechecks(a, b, answer) == [], (scale, ring_a, ring_b)
            json.dumps(certificate_record(answer.certificate), allow_nan=False)


def test_rounded_shapes_a_hair_apart_have_certificates_that_recheck() -> None:
    # the surface points are 1e-13 to 1e-10 apart, so the direction between them is
    # known to about eps / gap; the axis comes from the cores instead (2 apart)
    from gjkcli.shapes import circle

    rng = random.Random(5)
    for _ in range(60):
        angle = rng.uniform(0.0, 2.0 * math.pi)
        gap = 10.0 ** rng.uniform(-13, -10)
        a = circle((0.0, 0.0), 1.0)
        b = circle(((2.0 + gap) * math.cos(angle), (2.0 + gap) * math.sin(angle)), 1.0)
        answer = solve(a, b)
        assert rechecks(a, b, answer) == [], (angle, gap)


def test_a_long_shape_lying_across_the_axis_gets_a_certificate_that_rechecks() -> None:
    # the segment reaches 1e20 from the origin, but along the axis (1, 2.3e-20) its
    # points' terms are below 3: the lower bound's rounding is relative to those
    a = segment((1.8, 0.0), (-0.5, 1e20))
    b = point((3.0, 0.0))
    answer = solve(a, b)
    assert rechecks(a, b, answer) == []
    proof = answer.certificate
    assert isinstance(proof, SeparatingAxis) and proof.lower > 1.0


def reference_membership(
    vertices: tuple[Vec, ...], label: str, point: Vec, weights: tuple[tuple[int, float], ...]
) -> list[str]:
    """The membership test by vertex weights as first written (a ``sum`` over a generator
    for each sum), for the comparison with the one-loop version."""
    x, y = point
    if not all(0 <= index < len(vertices) for index, _ in weights):
        return [f"{label}: a vertex number out of range in {list(weights)}"]
    if not all(weight >= 0.0 for _, weight in weights):
        return [f"{label}: a negative weight in {list(weights)}"]
    if not abs(sum(weight for _, weight in weights) - 1.0) <= CERTIFICATE_RELATIVE:
        return [f"{label}: the weights do not sum to 1"]
    wx = sum(weight * vertices[index][0] for index, weight in weights)
    wy = sum(weight * vertices[index][1] for index, weight in weights)
    size = sum(abs(w) * (abs(vertices[i][0]) + abs(vertices[i][1])) for i, w in weights)
    if not math.hypot(wx - x, wy - y) <= rounding_bound(size, abs(x) + abs(y)):
        return [f"{label}: ({x:.17g}, {y:.17g}) is not the weighted sum of the vertices named"]
    return []


def test_membership_by_weights_finds_what_the_sums_over_generators_found() -> None:
    rng = random.Random(31)
    found = set()
    for _ in range(20000):
        vertices = tuple(
            (rng.uniform(-9, 9), rng.choice((0.0, -0.0, rng.uniform(-9, 9)))) for _ in range(4)
        )
        count = rng.randint(0, 4) if rng.random() < 0.1 else rng.randint(1, 3)
        indices = [
            rng.choice((0, 1, 2, 3, 3, -1, 4)) if rng.random() < 0.1 else rng.randrange(4)
            for _ in range(count)
        ]
        raw = [rng.random() for _ in range(count)]
        weights = tuple((i, w / sum(raw)) for i, w in zip(indices, raw, strict=True))
        if weights and rng.random() < 0.1:  # a weight negative, zero or not a number
            bad = rng.choice((-1e-300, -0.0, 0.0, math.nan, math.inf))
            k = rng.randrange(count)
            weights = (*weights[:k], (weights[k][0], bad), *weights[k + 1 :])
        point = (
            sum(w * vertices[i][0] for i, w in weights if 0 <= i < 4),
            sum(w * vertices[i][1] for i, w in weights if 0 <= i < 4),
        )
        if rng.random() < 0.3:
            point = (
                math.nextafter(point[0], rng.choice((-9.0, 9.0))) + rng.choice((0.0, 1e-15, 1e-9)),
                point[1],
            )
        expected = reference_membership(vertices, "A", point, weights)
        assert membership_problems(Polytope(vertices), "A", point, weights) == expected
        found.add(expected[0].split(" (")[0].split(" in ")[0] if expected else "")
    assert len(found) == 5  # none, and every kind of problem
