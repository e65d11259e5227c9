"""The exact arbiter on constructed cases whose answer is known, and against Shapely."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import shapely

from gjkcli.algorithms.answer import solve
from gjkcli.shapes import Polytope, circle, point, segment
from gjkcli.verify.exact import exact_answer, rational_text
from tests.helpers import random_convex_ring

SQUARE = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
TINY = 2.0**-40


def shifted(shape: Polytope, dx: float, dy: float) -> Polytope:
    return Polytope(tuple((x + dx, y + dy) for x, y in shape.vertices))


CASES = {
    "vertex-vertex": (
        SQUARE,
        Polytope(((1.0, 1.0), (2.0, 1.5), (1.5, 2.0))),
        "touching",
        Fraction(0),
    ),
    "vertex-edge": (
        SQUARE,
        Polytope(((1.0, 0.5), (2.0, 0.0), (2.0, 1.0))),
        "touching",
        Fraction(0),
    ),
    "edge-edge": (SQUARE, shifted(SQUARE, 1.0, 0.5), "touching", Fraction(0)),
    "gap 2^-40": (SQUARE, shifted(SQUARE, 1.0 + TINY, 0.25), "separated", Fraction(1, 2**80)),
    "overlap 2^-40": (SQUARE, shifted(SQUARE, 1.0 - TINY, 0.25), "overlapping", Fraction(0)),
    "diagonal gap 2^-40": (
        SQUARE,
        shifted(SQUARE, 1.0 + TINY, 1.0 + TINY),
        "separated",
        Fraction(2, 2**80),
    ),
    "collinear segments overlapping": (
        segment((0.0, 0.0), (2.0, 0.0)),
        segment((1.0, 0.0), (3.0, 0.0)),
        "touching",
        Fraction(0),
    ),
    "collinear segments apart": (
        segment((0.0, 0.0), (2.0, 0.0)),
        segment((2.5, 0.0), (3.0, 0.0)),
        "separated",
        Fraction(1, 4),
    ),
    "point on an edge": (SQUARE, point((0.5, 0.0)), "touching", Fraction(0)),
    "point just off an edge": (SQUARE, point((0.5, -TINY)), "separated", Fraction(1, 2**80)),
    "point inside": (SQUARE, point((0.5, 0.5)), "overlapping", Fraction(0)),
    "identical polygons": (SQUARE, SQUARE, "overlapping", Fraction(0)),
    "identical segments": (
        segment((0.0, 0.0), (1.0, 1.0)),
        segment((0.0, 0.0), (1.0, 1.0)),
        "touching",
        Fraction(0),
    ),
    "offset 2^30, gap 2^-20": (
        shifted(SQUARE, 2.0**30, 2.0**30),
        shifted(SQUARE, 2.0**30 + 1 + 2.0**-20, 2.0**30),
        "separated",
        Fraction(1, 2**40),
    ),
    "offset 2^30, touching": (
        shifted(SQUARE, 2.0**30, -(2.0**30)),
        shifted(SQUARE, 2.0**30 + 1, -(2.0**30) + 0.5),
        "touching",
        Fraction(0),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_constructed_cases_get_the_right_verdict_exactly(name: str) -> None:
    a, b, verdict, squared = CASES[name]
    exact = exact_answer(a, b)
    assert exact is not None
    assert (exact.verdict, exact.distance_squared) == (verdict, squared)
    # and GJK agrees (outside the touching band, exactly; inside it, touching is honest)
    answer = solve(a, b)
    if answer.verdict != verdict:
        assert {answer.verdict, verdict} <= {"touching", "separated"}
        assert exact.distance <= answer.verdict_tolerance
    # swapping A and B mirrors A - B: the same verdict and distance
    swapped = exact_answer(b, a)
    assert swapped is not None and (swapped.verdict, swapped.distance_squared) == (verdict, squared)


def test_exact_distance_matches_shapely_on_random_pairs() -> None:
    rng = random.Random(61)
    for _ in range(300):
        ring_a = random_convex_ring(
            rng, rng.randint(1, 10), (rng.uniform(-3, 3), rng.uniform(-3, 3)), 1.5
        )
        ring_b = random_convex_ring(
            rng, rng.randint(1, 10), (rng.uniform(-3, 3), rng.uniform(-3, 3)), 1.5
        )
        exact = exact_answer(Polytope(tuple(ring_a)), Polytope(tuple(ring_b)))
        assert exact is not None
        geometry_a, geometry_b = (
            shapely.MultiPoint(ring_a).convex_hull,
            shapely.MultiPoint(ring_b).convex_hull,
        )
        assert exact.distance == pytest.approx(shapely.distance(geometry_a, geometry_b), abs=1e-12)
        assert (exact.verdict == "separated") == (not shapely.intersects(geometry_a, geometry_b))


def test_curved_shapes_have_no_exact_answer() -> None:
    assert exact_answer(SQUARE, circle((3.0, 0.0), 1.0)) is None


def test_rationals_are_shown_with_powers_of_two() -> None:
    assert rational_text(Fraction(1, 2**80)) == "1/2^80"
    assert rational_text(Fraction(2, 2**80)) == "1/2^79"
    assert rational_text(Fraction(0)) == "0"
