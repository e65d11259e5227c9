"""Certificates: every one re-checks, tampered ones do not, and GJK's verdict is exact."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from gjkcli.algorithms.answer import Answer, solve
from gjkcli.algorithms.certificate import EnclosingSimplex, SeparatingAxis
from gjkcli.corpus import FAMILIES, generate
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.shapes import Polytope, rectangle
from gjkcli.shapes.compound import Shape
from gjkcli.verify.certificates import check_certificate
from gjkcli.verify.exact import exact_answer
from tests.algorithms.test_outline import random_curved
from tests.helpers import random_polygon_pair


def rechecks(a: Shape, b: Shape, answer: Answer) -> list[str]:
    return list(
        check_certificate(a, b, answer.certificate, answer.gjk.distance, answer.gjk.band).problems
    )


def polygon_pairs() -> Iterator[tuple[str, Shape, Shape]]:
    rng = random.Random(71)
    for index in range(1000):
        ring_a, ring_b, _ = random_polygon_pair(rng)
        yield f"random/{index}", Polytope(tuple(ring_a)), Polytope(tuple(ring_b))
    hard = [family for family in FAMILIES if family not in ("polygons", "mixed", "circles")]
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
