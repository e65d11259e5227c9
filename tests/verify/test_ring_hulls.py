"""Stand-ins built without GEOS's convex hull are the polygons GEOS returns, to the bit.

The reference is the computation the oracle ran before: GEOS's convex hull of each
stand-in's points (``shapely_oracle._hulls``). Where the points are proven a strictly
convex ring, the polygon is built from them directly; it must be the same polygon
(its WKB: the same coordinates, from the same start, in the same order), and a set
that is not such a ring must not be taken for one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
import shapely

from gjkcli.algorithms.outline import outlines
from gjkcli.shapes import Polytope, capsule, circle, ellipse, rounded
from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape
from gjkcli.tolerances import ORACLE_CURVE_MAX_POINTS, ORACLE_CURVE_POINTS
from gjkcli.verify import shapely_oracle
from gjkcli.verify.hull_points import ring_hull_orders
from tests.verify.test_hull_points import random_shape


def curved_shape(rng: random.Random) -> ConvexShape:
    """A circle, an ellipse (round to nearly flat), a capsule, a rounded polygon or a
    mapped one, of a size from 1e-6 to 1e6, near the origin or far out."""
    size = 10.0 ** rng.uniform(-6.0, 6.0)
    far = rng.choice([0.0, 1.0, 1e3, 1e6, 1e9, 1e12]) * rng.choice([-1.0, 1.0])
    at = (far + rng.uniform(-size, size), rng.uniform(-1.0, 1.0) * rng.choice([size, far]))
    end = (at[0] + rng.uniform(-size, size), at[1] + rng.uniform(-size, size))
    kind = rng.choice(["circle", "ellipse", "capsule", "rounded", "mapped", "any"])
    if kind == "circle":
        return circle(at, size)
    if kind == "ellipse":
        return ellipse(at, (size, size * 10.0 ** rng.uniform(-8.0, 0.0)), rng.uniform(0, 360))
    if kind == "capsule":
        return capsule(at, end, size * 10.0 ** rng.uniform(-4.0, 0.0))
    corners = Polytope(
        tuple(
            (at[0] + size * rng.random(), at[1] + size * rng.random())
            for _ in range(rng.randint(1, 7))
        )
    )
    if kind == "rounded":
        return rounded(corners, size * 10.0 ** rng.uniform(-6.0, 0.0))
    if kind == "mapped":
        matrix = (rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2))
        affine = Affine(matrix, (rng.uniform(-size, size), 0.0), None)
        return transformed(rounded(corners, size * rng.uniform(0.01, 1.0)), affine)
    return random_shape(rng, size, at)  # polygons with collinear corners, degenerate shapes


def assert_same_as_geos(point_sets: Sequence[Any]) -> float:
    """The hulls built where proven are GEOS's, to the bit; returns the share proven."""
    built = shapely_oracle._convex_hulls(list(point_sets))
    reference, _ = shapely_oracle._guarded(  # as the stand-ins were built before
        lambda sets: list(shapely_oracle._hulls(sets)), list(point_sets)
    )
    assert [shapely.to_wkb(hull) for hull in built] == [shapely.to_wkb(h) for h in reference]
    counts = [len(points) for points in point_sets]
    proven, _ = ring_hull_orders(np.concatenate(point_sets), counts)
    return float(proven.mean())


@pytest.mark.parametrize("seed", range(4))
def test_traced_stand_ins_get_geos_hulls(seed: int) -> None:
    rng = random.Random(seed)
    shapes = [curved_shape(rng) for _ in range(150)]
    traced = [found.points for found in outlines(shapes)]
    oracle = outlines(shapes, ORACLE_CURVE_POINTS, max_points=ORACLE_CURVE_MAX_POINTS)
    scaled = [np.ldexp(points, -rng.randint(0, 300)) for points in traced[:40]]
    assert assert_same_as_geos(traced) > 0.5  # most are built directly (not far out)
    assert assert_same_as_geos([found.points for found in oracle]) > 0.5
    assert assert_same_as_geos(scaled) > 0.5


def test_stand_ins_are_geos_hulls_of_the_traced_points() -> None:
    rng = random.Random(40)
    shapes = [curved_shape(rng) for _ in range(100)]
    geometries, _ = shapely_oracle.stand_ins(shapes)
    reference = shapely_oracle._hulls([found.points for found in outlines(shapes)])
    assert list(shapely.to_wkb(geometries)) == list(shapely.to_wkb(reference))


def ring(count: int, radius: float = 1.0, turns: int = 1) -> Any:
    angles = np.arange(count) * (turns * 2.0 * math.pi / count)
    return radius * np.column_stack((np.cos(angles), np.sin(angles)))


def test_only_strictly_convex_counter_clockwise_rings_are_proven() -> None:
    circle_ring = ring(64)
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    collinear = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [2.0, 1.0]])
    repeated = np.concatenate((square[:2], square[1:]))
    closed = np.concatenate((square, square[:1]))
    nan = circle_ring.copy()
    nan[5, 0] = math.nan
    huge = circle_ring * 1e308
    cases = {
        "circle": (circle_ring, True),
        "square": (square, True),
        "triangle": (square[:3], True),
        "clockwise": (circle_ring[::-1], False),
        "twice round": (ring(65, turns=2), False),  # every corner turns left, 720 degrees
        "pentagram": (ring(5, turns=2), False),
        "collinear": (collinear, False),
        "repeated point": (repeated, False),
        "closed ring": (closed, False),
        "two points": (square[:2], False),
        "one point": (square[:1], False),
        "not finite": (nan, False),
        "overflowing": (huge, False),
        "fine turns": (ring(8192, radius=1e-100), True),
        "subnormal": (ring(8, radius=1e-310), None),  # rounded: proven or not
        "far out": (ring(256, radius=1e-3) + np.array([1e9, -1e12]), None),
        # a ring, but one whose far corners' orientations overflow in GEOS: it goes to
        # GEOS, which fails on it
        "beyond GEOS's reach": (ring(512, radius=1e154), True),
    }
    point_sets = [points for points, _ in cases.values()]
    proven, order = ring_hull_orders(np.concatenate(point_sets), [len(p) for p in point_sets])
    known = [expected is not None for _, expected in cases.values()]
    assert proven[known].tolist() == [
        expected for _, expected in cases.values() if expected is not None
    ]
    assert len(order) == sum(len(p) + 1 for p, keep in zip(point_sets, proven, strict=True) if keep)
    assert_same_as_geos(point_sets)  # those not proven go to GEOS
    assert shapely_oracle._convex_hulls([cases["beyond GEOS's reach"][0]]) == [None]


def test_rings_at_every_start_and_rounding_get_geos_hulls() -> None:
    # each start along the ring, lowest points tied in y, points rounded onto a grid
    # (some collinear, some repeated), shuffled ones that are not rings
    rng = np.random.default_rng(41)
    point_sets = []
    for count in (3, 4, 5, 8, 50, 51, 52, 300):
        base = ring(count, radius=rng.uniform(0.5, 2.0)) + rng.normal(size=2)
        for start in rng.integers(0, count, size=5):
            point_sets.append(np.roll(base, int(start), axis=0))
        for grid in (1e-1, 1e-3, 2.0**-20):
            point_sets.append(np.round(base / grid) * grid)
        shuffled = base.copy()
        rng.shuffle(shuffled)
        point_sets.append(shuffled)
    flat_bottom = np.array([[0.0, 0.0], [1.0, 0.0], [1.5, 1.0], [-0.5, 1.0]])
    point_sets += [np.roll(flat_bottom, start, axis=0) for start in range(4)]
    assert assert_same_as_geos(point_sets) > 0.5


def test_the_compiled_ring_proof_is_the_numpys(monkeypatch: pytest.MonkeyPatch) -> None:
    # gjkcli/_hull.c proves the same sets with the same lowest points: on traced outlines
    # (near and far, scaled), rings reversed, with a point repeated or made collinear, and
    # with a coordinate not a number
    from gjkcli import engine
    from gjkcli.verify import hull_points

    if engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    rng = random.Random(44)
    sets = [found.points for found in outlines([curved_shape(rng) for _ in range(200)])]
    sets += [np.ldexp(points, -rng.randint(0, 1000)) for points in sets[:30]]
    sets += [points[::-1] for points in sets[:20]] + [np.zeros((0, 2)), ring(3), ring(2)]
    for points in sets[:20]:
        changed = points.copy()
        changed[len(changed) // 2] = changed[len(changed) // 2 - 1]
        sets.append(changed)
        changed = points.copy()
        changed[1] = (changed[0] + changed[2]) / 2.0
        sets.append(changed)
        changed = points.copy()
        changed[-1, 0] = math.nan
        sets.append(changed)
    points, counts = np.concatenate(sets), [len(points) for points in sets]
    proven, order = ring_hull_orders(points, counts)
    with monkeypatch.context() as patch:
        patch.setattr(hull_points, "compiled", lambda: None)
        expected = ring_hull_orders(points, counts)
    assert proven.tolist() == expected[0].tolist()
    assert order.tolist() == expected[1].tolist()
    assert 0.3 < proven.mean() < 0.9
