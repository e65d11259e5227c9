"""The compiled convexity check (``gjkcli/_rings.c``) against the reference, ring by ring.

Every ring the compiled check decides must get the reference's answer, code, vertex and
count alike; the rest (rationals needed, coordinates beyond its reach, points that are
not pairs of floats) it must leave to the reference.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from gjkcli.engine import compiled
from gjkcli.shapes.rings import _checked, convexity_problem

core = compiled()
pytestmark = pytest.mark.skipif(core is None, reason="the compiled engine is not active")

Ring = list[tuple[float, float]]


def _lattice_convex(rng: random.Random) -> list[tuple[int, int]]:
    """A convex polygon with integer corners (the hull of random lattice points)."""
    points = {(rng.randint(-50, 50), rng.randint(-50, 50)) for _ in range(rng.randint(3, 30))}
    ordered = sorted(points)
    if len(ordered) < 3:
        return [(0, 0), (1, 0), (0, 1)]

    def half(chain: list[tuple[int, int]]) -> list[tuple[int, int]]:
        kept: list[tuple[int, int]] = []
        for p in chain:
            while (
                len(kept) >= 2
                and (
                    (kept[-1][0] - kept[-2][0]) * (p[1] - kept[-2][1])
                    - (kept[-1][1] - kept[-2][1]) * (p[0] - kept[-2][0])
                )
                <= 0
            ):
                kept.pop()
            kept.append(p)
        return kept

    hull = half(ordered)[:-1] + half(ordered[::-1])[:-1]
    return hull if len(hull) >= 3 else [(0, 0), (1, 0), (0, 1)]


def _with_collinear(rng: random.Random, ring: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ring with lattice points on its edges added (exactly collinear) and some
    vertices repeated."""
    out: list[tuple[int, int]] = []
    for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
        out.append((ax, ay))
        steps = math.gcd(bx - ax, by - ay)
        for k in range(1, steps):
            if rng.random() < 0.3:
                out.append((ax + (bx - ax) // steps * k, ay + (by - ay) // steps * k))
        if rng.random() < 0.1:
            out.append(out[-1])
    return out


def _rings(seed: int, count: int) -> list[Ring]:
    rng = random.Random(seed)
    rings: list[Ring] = []
    for k in range(count):
        kind = k % 8
        if kind <= 2:  # convex, perhaps with collinear and repeated vertices, at a scale
            lattice = _lattice_convex(rng)
            if kind >= 1:
                lattice = _with_collinear(rng, lattice)
            exponent = rng.choice([0, 0, -20, 20, -400, 400, -900, 460])
            shift = (rng.randint(-5, 5) * 2**30, rng.randint(-5, 5) * 2**30)
            ring = [
                (
                    math.ldexp(x + (shift[0] if exponent == 0 else 0), exponent),
                    math.ldexp(y + (shift[1] if exponent == 0 else 0), exponent),
                )
                for x, y in lattice
            ]
        elif kind == 3:  # random points: mostly reflex or crossing
            ring = [(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(rng.randint(3, 12))]
        elif kind == 4:  # a star that winds round two or three times
            turns, corners = rng.choice([(2, 5), (2, 7), (3, 7), (3, 8)])
            ring = [
                (
                    math.cos(2 * math.pi * turns * j / corners),
                    math.sin(2 * math.pi * turns * j / corners),
                )
                for j in range(corners)
            ]
        elif kind == 5:  # a spike: a vertex that doubles back
            lattice = _lattice_convex(rng)
            at = rng.randrange(len(lattice))
            (ax, ay), (bx, by) = lattice[at - 1], lattice[at]
            spike = [(float(x), float(y)) for x, y in lattice]
            spike.insert(at, (float(2 * bx - ax), float(2 * by - ay)))
            spike.insert(at + 1, (float(bx), float(by)))
            ring = spike
        elif kind == 6:  # nearly collinear: one vertex nudged by a unit in the last place
            a, b = rng.uniform(-1, 1), rng.uniform(-1, 1)
            middle = (a + b) / 2.0
            nudged = math.nextafter(middle, rng.choice([-math.inf, math.inf]))
            ring = [(a, a), (middle, nudged), (b, b), (rng.uniform(-1, 1), rng.uniform(2, 3))]
            if rng.random() < 0.5:
                ring = [
                    (a, a),
                    (middle, middle),
                    (b, b),
                ]  # collinear in floats, perhaps not exactly
        else:  # too few distinct points, or all on one line
            p = (rng.uniform(-1, 1), rng.uniform(-1, 1))
            ring = (
                [p, p, (p[0] + 1.0, p[1]), p]
                if rng.random() < 0.5
                else [p, (p[0] + 1.0, p[1]), (p[0] + 2.0, p[1])]
            )
        if rng.random() < 0.5:
            ring = ring[::-1]
        if rng.random() < 0.3:
            ring = [*ring, ring[0]]  # closed
        rings.append(ring)
    return rings


def _compare(rings: list[Ring]) -> tuple[int, int]:
    decided = 0
    for ring in rings:
        assert core is not None
        found = core.ring_convexity(ring)
        if found is not None:
            decided += 1
            assert found == _checked(ring), ring
        as_lists = core.ring_convexity([list(p) for p in ring])
        assert as_lists == found, ring
    return decided, len(rings)


def test_compiled_check_gives_the_reference_answer() -> None:
    decided, total = _compare(_rings(seed=7, count=4000))
    assert decided >= 0.8 * total  # most are decided without the reference


@pytest.mark.slow
def test_compiled_check_gives_the_reference_answer_on_many_rings() -> None:
    decided, total = _compare(_rings(seed=11, count=100_000))
    assert decided >= 0.8 * total


@pytest.mark.parametrize(
    ("ring", "reason"),
    [
        ([(0, 0), (2, 0), (0, 2)], "integers"),
        ([(0.0, 0.0), (2e200, 0.0), (0.0, 2e200)], "beyond the reach"),
        ([(0.0, 0.0), (1e-170, 0.0), (0.0, 1e-170)], "products underflow: rationals"),
        ([(0.0, 0.0), (math.nan, 0.0), (0.0, 1.0)], "not a number"),
        ([(0.0, 0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], "not pairs"),
        ([(0.0, 0.0), (2.0, 0.0), [2.0, 0.0]], "a tuple and a list: never equal there"),
    ],
)
def test_what_the_compiled_check_leaves_to_the_reference(ring: Ring, reason: str) -> None:
    assert core is not None
    assert core.ring_convexity(ring) is None, reason


def test_a_ring_of_tuples_and_lists_gets_the_references_answer() -> None:
    # The reference compares points as Python does: (2.0, 0.0) != [2.0, 0.0].
    rings: list[list[Any]] = [
        [(0.0, 0.0), (2.0, 0.0), [2.0, 0.0]],
        [(0.0, 0.0), (2.0, 0.0), (0.0, 2.0), [0.0, 0.0]],
        [[0.0, 0.0], [2.0, 0.0], (2.0, 0.0), [0.0, 2.0]],
    ]
    for ring in rings:
        assert core is not None
        assert core.ring_convexity(ring) is None, ring  # left to the reference
    problem = convexity_problem(rings[0])  # three points to Python, on one line
    assert problem is not None and problem.message == "zero area: all points lie on one line"


def test_answers_read_the_same_either_way() -> None:
    reflex = [(0.0, 0.0), (0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 1.0), (0.0, 4.0)]
    problem = convexity_problem(reflex)
    assert problem is not None and (problem.index, problem.message) == (4, "reflex vertex")
    assert convexity_problem([(0.0, 0.0), (1.0, 0.0)]) == convexity_problem([(0, 0), (1, 0)])
