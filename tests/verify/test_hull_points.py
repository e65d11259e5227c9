"""The depth oracle hands GEOS fewer Minkowski differences, and gets the same hull.

The reference is the computation the oracle ran before: GEOS's hull of every
difference of the two shapes' points. The hulls must be the same to the bit (their
WKB), and so the depths and the checks on them.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import shapely

from gjkcli.corpus import generate
from gjkcli.io.errors import InputError
from gjkcli.io.pairs import pair_from_text
from gjkcli.shapes import Polytope, capsule, circle, ellipse, rounded
from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape
from gjkcli.shapes.compound import Compound
from gjkcli.tolerances import ORACLE_CURVE_MAX_POINTS, ORACLE_CURVE_POINTS
from gjkcli.verify import shapely_oracle
from gjkcli.verify.hull_points import FILTER_SIZE, GEOS_REDUCE_SIZE, _left, hull_candidates

Pair = tuple[ConvexShape, ConvexShape]


def corpus_pairs(count: int, seed: int, families: Sequence[str] | None = None) -> list[Pair]:
    """The convex pairs among the first ``count`` of ``gjk generate``."""
    generated = generate(count, seed) if families is None else generate(count, seed, families)
    pairs = []
    for record in generated:
        try:
            pair = pair_from_text("pair.json", "pair.json", json.dumps(record))
        except InputError:
            continue
        a, b = pair.a.shape, pair.b.shape
        if not isinstance(a, Compound) and not isinstance(b, Compound):
            pairs.append((a, b))
    return pairs


def random_curved_pairs(count: int, seed: int) -> Iterator[Pair]:
    """Curved shapes (and a few polygons with repeated and collinear corners) of every
    kind, round to flat, tiny to huge, near the origin or far out, each pair close
    enough to overlap or nearly."""
    rng = random.Random(seed)
    for _ in range(count):
        size = 10.0 ** rng.uniform(-6.0, 6.0)
        offset = rng.choice([0.0, 1e3, 1e6, 1e9, 1e12]) * rng.choice([-1.0, 1.0])
        at = (offset + rng.uniform(-size, size), rng.uniform(-size, size))
        a = random_shape(rng, size, at)
        near = (at[0] + rng.uniform(-2, 2) * size, at[1] + rng.uniform(-2, 2) * size)
        b = random_shape(rng, size * 10.0 ** rng.uniform(-3.0, 1.0), near)
        yield a, b


def random_shape(rng: random.Random, size: float, at: tuple[float, float]) -> ConvexShape:
    kind = rng.choice(["circle", "ellipse", "capsule", "rounded", "mapped", "polygon"])
    if kind == "circle":
        return circle(at, size)
    if kind == "ellipse":
        flat = 10.0 ** rng.uniform(-6.0, 0.0)
        return ellipse(at, (size, size * flat), rng.uniform(0.0, 360.0))
    if kind == "capsule":
        end = (at[0] + rng.uniform(-size, size), at[1] + rng.uniform(-size, size))
        return capsule(at, end, size * 10.0 ** rng.uniform(-3.0, 0.0))
    corners = collinear_corners(rng, size, at)
    if kind == "rounded":
        return rounded(Polytope(corners), size * 10.0 ** rng.uniform(-6.0, 0.0))
    if kind == "mapped":
        inner = rounded(Polytope(corners), size * rng.uniform(0.01, 1.0))
        affine = Affine(
            (rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)),
            (rng.uniform(-size, size), 0.0),
            None,
        )
        return transformed(inner, affine)
    return Polytope(corners)


def collinear_corners(
    rng: random.Random, size: float, at: tuple[float, float]
) -> tuple[tuple[float, float], ...]:
    """A box's corners, some repeated, with points along its sides."""
    x, y = at
    width, height = size * rng.uniform(0.1, 1.0), size * rng.uniform(0.1, 1.0)
    corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
    corners += [(x + width * rng.random(), y) for _ in range(rng.randint(0, 3))]
    corners += [corners[0]] * rng.randint(0, 2)
    return tuple(corners)


def every_difference(points_a: Any, points_b: Any, exponent: int) -> Any:
    """The reference: all the differences, as the oracle handed them to GEOS before."""
    return np.ldexp((points_a[:, None, :] - points_b[None, :, :]).reshape(-1, 2), -exponent)


def point_sets(pairs: Sequence[Pair]) -> Iterator[tuple[Any, Any, int]]:
    for a, b in pairs:
        exponent = shapely_oracle._exponent((a, b))
        points_a, _ = shapely_oracle._corners(a, ORACLE_CURVE_POINTS, ORACLE_CURVE_MAX_POINTS)
        points_b, _ = shapely_oracle._corners(b, ORACLE_CURVE_POINTS, ORACLE_CURVE_MAX_POINTS)
        yield points_a, points_b, exponent


def assert_same_hulls(pairs: Sequence[Pair]) -> int:
    """The hulls, depths and hull checks of the candidates and of every difference are
    the same; returns how many points were dropped."""
    before, after = [], []
    for points_a, points_b, exponent in point_sets(pairs):
        before.append(every_difference(points_a, points_b, exponent))
        after.append(hull_candidates(points_a, points_b, exponent))
    old, new = shapely_oracle._hulls(before), shapely_oracle._hulls(after)
    assert (shapely.to_wkb(old) == shapely.to_wkb(new)).all()
    assert shapely_oracle._hull_depth(old) == shapely_oracle._hull_depth(new)
    for hull, all_points, kept in zip(old, before, after, strict=True):
        unfaithful = shapely_oracle._unfaithful_hull(hull, all_points, 0.0)
        assert unfaithful == shapely_oracle._unfaithful_hull(hull, kept, 0.0)
    return sum(len(points) for points in before) - sum(len(points) for points in after)


def test_the_generated_pairs_get_the_same_hulls() -> None:
    pairs = corpus_pairs(300, seed=1)
    assert assert_same_hulls(pairs) > 1_000_000


def test_the_extreme_pairs_get_the_same_hulls() -> None:
    assert assert_same_hulls(corpus_pairs(200, seed=2, families=["extreme"])) > 100_000


def test_random_curved_pairs_get_the_same_hulls() -> None:
    assert assert_same_hulls(list(random_curved_pairs(100, seed=15))) > 100_000


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
def test_thousands_of_pairs_get_the_same_hulls(seed: int) -> None:
    assert_same_hulls(corpus_pairs(2000, seed))
    assert_same_hulls(corpus_pairs(2000, seed, families=["extreme"]))
    assert_same_hulls(list(random_curved_pairs(1000, seed)))


def test_the_dropped_points_are_strictly_inside_the_hull() -> None:
    for points_a, points_b, exponent in point_sets(list(random_curved_pairs(12, seed=7))):
        every = every_difference(points_a, points_b, exponent)
        kept = set(map(tuple, hull_candidates(points_a, points_b, exponent).tolist()))
        hull = shapely.convex_hull(shapely.multipoints(every))
        shapely.prepare(hull)
        outer = every[~shapely.contains_properly(hull, shapely.points(every))]
        assert set(map(tuple, outer.tolist())) <= kept


def test_the_order_and_geos_route_are_kept() -> None:
    # the kept points are in their order among all the differences, GEOS's octagon
    # among them, and more than GEOS_REDUCE_SIZE of them (GEOS reduces them the same way)
    angles = np.linspace(0.0, 2.0 * np.pi, 64, endpoint=False)
    ring = np.column_stack((np.cos(angles), np.sin(angles)))
    for points_a, points_b in [(ring, 3.0 * ring), (ring, ring), (ring, ring[:20] * 1e-3)]:
        every = every_difference(points_a, points_b, 0)
        assert len(every) >= FILTER_SIZE
        kept = hull_candidates(points_a, points_b)
        positions = [int(np.flatnonzero((every == point).all(axis=1))[0]) for point in kept]
        assert positions == sorted(positions)
        assert GEOS_REDUCE_SIZE < len(kept) < len(every)
        x, y = every[:, 0], every[:, 1]
        for key in (x, x - y, y, x + y):
            for first in (np.argmin(key), np.argmax(key)):
                assert (kept == every[first]).all(axis=1).any()


def test_a_point_is_proven_left_only_when_it_is() -> None:
    rng = random.Random(5)
    proven = 0
    for _ in range(5_000):
        scale = 10.0 ** rng.uniform(-300, 300)
        start = (rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale)
        end = (rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale)
        t = rng.uniform(-1, 2)
        # on the line, up to the rounding of the coordinates, or nearly
        nudge = rng.choice([0.0, 1e-17, 1e-15, 1e-12]) * rng.choice([-1, 1]) * scale
        point = (start[0] + t * (end[0] - start[0]) + nudge, start[1] + t * (end[1] - start[1]))
        with np.errstate(all="ignore"):
            left = bool(_left(start, end, (np.array([point[0]]), np.array([point[1]])))[0])
        exact = (Fraction(end[0]) - Fraction(start[0])) * (
            Fraction(point[1]) - Fraction(start[1])
        ) - (Fraction(end[1]) - Fraction(start[1])) * (Fraction(point[0]) - Fraction(start[0]))
        assert not left or exact > 0
        proven += left
    assert proven > 300


def test_coordinates_that_are_not_finite_prove_nothing() -> None:
    angles = np.linspace(0.0, 2.0 * np.pi, 64, endpoint=False)
    ring = np.column_stack((np.cos(angles), np.sin(angles)))
    huge = ring * 1e308
    with_nan = ring.copy()
    with_nan[3] = math.nan
    with np.errstate(all="ignore"):  # the overflow the oracle's GEOS check reports
        assert len(hull_candidates(huge, -huge)) == len(ring) ** 2
        assert len(hull_candidates(with_nan, ring)) == len(ring) ** 2


def test_distinct_points_are_those_numpy_unique_gives_to_the_bit() -> None:
    rng = np.random.default_rng(8)
    for _ in range(300):
        values = rng.choice([0.0, -0.0, 1.0, -1.0, 1e-300, 2.5, math.nan], size=(40, 2))
        points = np.concatenate((values, rng.normal(size=(5, 2)), values[:7]))
        rng.shuffle(points)
        expected = np.unique(points, axis=0, return_index=True)[0]  # as the oracle had it
        found = shapely_oracle._distinct(points)
        assert found.view(np.int64).tolist() == expected.view(np.int64).tolist()
