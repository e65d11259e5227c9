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

from gjkcli import engine
from gjkcli.corpus import generate
from gjkcli.io.errors import InputError
from gjkcli.io.pairs import pair_from_text
from gjkcli.shapes import Polytope, capsule, circle, ellipse, rounded, segment
from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape
from gjkcli.shapes.compound import Compound
from gjkcli.tolerances import ORACLE_CURVE_MAX_POINTS, ORACLE_CURVE_POINTS
from gjkcli.verify import hull_points, shapely_oracle
from gjkcli.verify.hull_points import FILTER_SIZE, GEOS_REDUCE_SIZE, _left, hull_candidates

Pair = tuple[ConvexShape, ConvexShape]

CHOOSERS = ["numpy", "compiled"]
"""Who chooses the differences kept: ``hull_points._kept`` in NumPy, or the compiled
engine's copy (``gjkcli/_hull.c``), which proves more of them inside. GEOS must get the
same hull either way."""


@pytest.fixture(params=CHOOSERS)
def chooser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The choice of kept differences made by NumPy or by the compiled engine (skipped
    where the engine is not active)."""
    if request.param == "numpy":
        monkeypatch.setattr(hull_points, "compiled", lambda: None)
    elif engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    return str(request.param)


def chosen(points_a: Any, points_b: Any, exponent: int) -> Any:
    """The flat indices the active chooser keeps (``None``: every difference)."""
    kept = hull_points._compiled_kept(points_a, points_b, exponent)
    if kept is None:
        with np.errstate(all="ignore"):
            kept = hull_points._kept(points_a, points_b, exponent)
    return kept


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
    """Curved shapes (and a few polygons with repeated and collinear corners, segments
    and points) of every kind, round to flat, tiny to huge, near the origin or far out
    (as far as GEOS is handed them scaled), each pair close enough to overlap or nearly."""
    rng = random.Random(seed)
    for _ in range(count):
        size = 10.0 ** rng.uniform(-6.0, 6.0)
        far = rng.choice([0.0, 1e3, 1e6, 1e9, 1e12, 1e70 * size, 1e250 * size])
        offset = far * rng.choice([-1.0, 1.0])
        at = (offset + rng.uniform(-size, size), rng.uniform(-size, size))
        a = random_shape(rng, size, at)
        near = (at[0] + rng.uniform(-2, 2) * size, at[1] + rng.uniform(-2, 2) * size)
        b = random_shape(rng, size * 10.0 ** rng.uniform(-3.0, 1.0), near)
        yield a, b


def random_shape(rng: random.Random, size: float, at: tuple[float, float]) -> ConvexShape:
    kinds = ["circle", "ellipse", "capsule", "rounded", "mapped", "polygon", "degenerate"]
    kind = rng.choice(kinds)
    end = (at[0] + rng.uniform(-size, size), at[1] + rng.uniform(-size, size))
    if kind == "circle":
        return circle(at, size)
    if kind == "ellipse":
        flat = 10.0 ** rng.uniform(-6.0, 0.0)
        return ellipse(at, (size, size * flat), rng.uniform(0.0, 360.0))
    if kind == "capsule":
        return capsule(at, end, size * 10.0 ** rng.uniform(-3.0, 0.0))
    if kind == "degenerate":  # all but a segment or a point
        return rng.choice(
            [
                ellipse(at, (size, size * 10.0 ** rng.uniform(-16.0, -9.0)), rng.uniform(0, 360)),
                capsule(at, end, size * 10.0 ** rng.uniform(-16.0, -9.0)),
                circle(at, size * 10.0 ** rng.uniform(-16.0, -9.0)),
                segment(at, end),
                Polytope((at,)),
            ]
        )
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
        corners = shapely_oracle._all_corners((a, b), ORACLE_CURVE_POINTS, ORACLE_CURVE_MAX_POINTS)
        (points_a, _), (points_b, _) = corners
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


def test_the_generated_pairs_get_the_same_hulls(chooser: str) -> None:
    pairs = corpus_pairs(300, seed=1)
    assert assert_same_hulls(pairs) > 1_000_000


def test_the_extreme_pairs_get_the_same_hulls(chooser: str) -> None:
    assert assert_same_hulls(corpus_pairs(200, seed=2, families=["extreme"])) > 100_000


def test_random_curved_pairs_get_the_same_hulls(chooser: str) -> None:
    assert assert_same_hulls(list(random_curved_pairs(100, seed=15))) > 100_000


def test_boxes_with_points_along_their_sides_get_the_same_hulls(chooser: str) -> None:
    assert assert_same_hulls(list(sided_boxes(30, seed=16))) > 50_000


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
def test_thousands_of_pairs_get_the_same_hulls(seed: int, chooser: str) -> None:
    assert_same_hulls(corpus_pairs(2000, seed))
    assert_same_hulls(corpus_pairs(2000, seed, families=["extreme"]))
    assert_same_hulls(list(random_curved_pairs(1000, seed)))
    assert_same_hulls(list(sided_boxes(300, seed)))


def test_the_dropped_points_are_strictly_inside_the_hull(chooser: str) -> None:
    for points_a, points_b, exponent in point_sets(list(random_curved_pairs(40, seed=7))):
        every = every_difference(points_a, points_b, exponent)
        kept = set(map(tuple, hull_candidates(points_a, points_b, exponent).tolist()))
        hull = shapely.convex_hull(shapely.multipoints(every))
        shapely.prepare(hull)
        outer = every[~shapely.contains_properly(hull, shapely.points(every))]
        assert set(map(tuple, outer.tolist())) <= kept


def test_the_order_and_geos_route_are_kept(chooser: str) -> None:
    # the kept points are in their order among all the differences, GEOS's octagon
    # among them, and more than GEOS_REDUCE_SIZE of them (GEOS reduces them the same way)
    angles = np.linspace(0.0, 2.0 * np.pi, 128, endpoint=False)
    ring = np.column_stack((np.cos(angles), np.sin(angles)))
    for points_a, points_b in [(ring, 3.0 * ring), (ring, ring), (ring, ring[:48] * 1e-3)]:
        every = every_difference(points_a, points_b, 0)
        assert len(every) >= FILTER_SIZE
        kept = chosen(points_a, points_b, 0)
        assert kept is not None
        assert (np.diff(kept) > 0).all()
        assert np.array_equal(hull_candidates(points_a, points_b), every[kept])
        assert GEOS_REDUCE_SIZE < len(kept) < len(every)
        x, y = every[:, 0], every[:, 1]
        for key in (x, x - y, y, x + y):
            assert {int(np.argmin(key)), int(np.argmax(key))} <= set(kept.tolist())


def test_the_compiled_choice_keeps_geos_octagon_and_enough_points() -> None:
    if engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    sets = list(point_sets(list(random_curved_pairs(60, seed=23)))) + list(tied_point_sets(24))
    rng = np.random.default_rng(25)
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    for _ in range(5):  # two squares full of points: fewer than GEOS_REDUCE_SIZE outside
        inner_a, inner_b = rng.uniform(0.1, 0.9, (96, 2)), rng.uniform(0.1, 0.9, (46, 2))
        sets.append((np.concatenate((square, inner_a)), np.concatenate((inner_b, square)), 0))
    compiled, padded = 0, 0
    for points_a, points_b, exponent in sets:
        if len(points_a) * len(points_b) < FILTER_SIZE:
            continue
        kept = hull_points._compiled_kept(points_a, points_b, exponent)
        if kept is None:
            continue
        compiled += 1
        box = hull_points._box(points_a, points_b, exponent)
        with np.errstate(all="ignore"):
            octagon = hull_points._octagon(points_a, points_b, exponent, box)
        assert set(octagon.tolist()) <= set(kept.tolist())
        assert (np.diff(kept) > 0).all() and len(kept) > GEOS_REDUCE_SIZE
        padded += len(kept) == GEOS_REDUCE_SIZE + 1
    assert compiled > 20 and padded == 5


def test_the_differences_the_compiled_choice_drops_are_strictly_inside() -> None:
    # exactly: strictly left of every edge of the exact hull of those kept (were a
    # corner of the hull dropped, the hull of those kept would not hold it)
    if engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    pairs = list(random_curved_pairs(12, seed=41)) + list(sided_boxes(6, seed=42))
    pairs += corpus_pairs(200, seed=43, families=["identical", "circles", "nested"])[:8]
    dropped = 0
    for points_a, points_b, exponent in point_sets(pairs):
        if len(points_a) * len(points_b) < FILTER_SIZE:
            continue
        kept = hull_points._compiled_kept(points_a, points_b, exponent)
        if kept is None:
            continue
        every = every_difference(points_a, points_b, exponent)
        others = np.ones(len(every), dtype=bool)
        others[kept] = False
        hull = exact_hull(every[kept])
        for start in range(0, int(others.sum()), 4000):
            assert strictly_left_of_every_edge(hull, every[others][start : start + 4000]).all()
        dropped += int(others.sum())
    assert dropped > 150_000


def tied_point_sets(seed: int) -> Iterator[tuple[Any, Any, int]]:
    """Points with many equal coordinates, sums and differences (lattices, near the
    origin or far out, some scaled as GEOS is handed them), so that many differences
    tie for each of GEOS's extremes."""
    rng = np.random.default_rng(seed)
    for _ in range(30):
        lattice = rng.integers(-4, 5, size=(rng.integers(20, 90), 2)).astype(float)
        other = rng.integers(-4, 5, size=(rng.integers(20, 90), 2)).astype(float)
        step = rng.choice([1.0, 0.1, 1e-7, 3.0**-20])
        offset = rng.choice([0.0, 1e6, 1e12, 2.0**260])
        exponent = 62 if offset > 1e70 else 0
        yield lattice * step + offset, other * step + offset, exponent


def test_geos_octagon_is_found_as_among_every_difference() -> None:
    sets = list(point_sets(list(random_curved_pairs(60, seed=21)))) + list(tied_point_sets(22))
    rows_computed = 0
    for points_a, points_b, exponent in sets:
        every = every_difference(points_a, points_b, exponent)
        keys = hull_points._keys(every[:, 0], every[:, 1])
        expected = [
            int(np.argmax(key) if most else np.argmin(key))
            for key, most in zip(
                keys[list(hull_points._OCTAGON_KEYS)], hull_points._OCTAGON_MOST, strict=True
            )
        ]
        box = hull_points._box(points_a, points_b, exponent)
        assert box.tolist() == [*every.min(axis=0).tolist(), *every.max(axis=0).tolist()]
        with np.errstate(all="ignore"):
            found = hull_points._octagon(points_a, points_b, exponent, box)
        assert found is not None
        assert found.tolist() == expected
        rows_computed += len(np.unique(found // len(points_b)))
    assert rows_computed > 8 * len(sets) // 4  # the ties were met in several rows


def exact_pseudo_angle(x: Fraction, y: Fraction) -> Fraction:
    return (1 if y > 0 else -1) * (1 - x / (abs(x) + abs(y)))


def test_a_pseudo_angle_is_within_its_bound_of_the_exact_one() -> None:
    # of the exact vector from the centre to the point, however far out both are
    rng = random.Random(9)
    eps = Fraction(2) ** -53
    for _ in range(5_000):
        scale = 10.0 ** rng.uniform(-300, 290)
        offset = rng.choice([0.0, 1e6, 1e12]) * scale
        centre = (offset + rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale)
        reach = scale * 10.0 ** rng.uniform(-12, 0)
        point = (centre[0] + rng.uniform(-1, 1) * reach, centre[1] + rng.uniform(-1, 1) * reach)
        x, y = Fraction(point[0]) - Fraction(centre[0]), Fraction(point[1]) - Fraction(centre[1])
        if y == 0:
            continue
        computed = hull_points._pseudo_angle(
            np.float64(point[0]) - centre[0], np.float64(point[1]) - centre[1]
        )
        assert (
            abs(Fraction(float(computed)) - exact_pseudo_angle(x, y))
            <= 5 * eps + Fraction(2) ** -1074
        )


def exact_orientation(start: Any, end: Any, point: Any) -> Fraction:
    (sx, sy), (ex, ey), (px, py) = (map(Fraction, p) for p in (start, end, point))
    return (ex - sx) * (py - sy) - (ey - sy) * (px - sx)


def strictly_left_of_every_edge(ring: Any, points: Any) -> Any:
    """Whether each point is strictly left of every edge of the closed polygon ``ring``,
    exactly: in floating point where that is beyond doubt (an orientation past a
    millionth of its products' sizes), else in rationals."""
    ring = np.asarray(ring)
    starts, ends = ring, np.roll(ring, -1, axis=0)
    edge = ends - starts
    relative = points[:, None, :] - starts[None, :, :]
    left = edge[None, :, 0] * relative[:, :, 1]
    right = edge[None, :, 1] * relative[:, :, 0]
    clear = left - right > 1e-6 * (np.abs(left) + np.abs(right))
    verdict = clear.all(axis=1)
    for i in np.flatnonzero(~verdict):
        verdict[i] = all(
            exact_orientation(starts[k], ends[k], points[i]) > 0 for k in np.flatnonzero(~clear[i])
        )
    return verdict


def exact_hull(points: Any) -> list[tuple[float, float]]:
    """The strictly convex hull of ``points``, counter-clockwise, by exact orientations."""
    ordered = sorted(set(map(tuple, np.asarray(points).tolist())))
    if len(ordered) < 3:
        return ordered
    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for chain, sequence in ((lower, ordered), (upper, ordered[::-1])):
        for point in sequence:
            while len(chain) >= 2 and exact_orientation(chain[-2], chain[-1], point) <= 0:
                chain.pop()
            chain.append(point)
    return lower[:-1] + upper[:-1]


def test_a_fan_proves_only_points_strictly_inside_its_corners() -> None:
    # points on and beside the rays through the corners and the edges between them,
    # nudged by a few units in the last place, and a few far inside
    rng = np.random.default_rng(11)
    proven_near = 0
    for points_a, points_b, exponent in point_sets(list(random_curved_pairs(30, seed=12))):
        corners = hull_points._differences(
            points_a, points_b, *hull_points._extremes(points_a, points_b), exponent
        )
        fan = hull_points._Fan.around(corners)
        if fan is None:
            continue
        ring = np.column_stack(corners)
        hull = exact_hull(ring)
        if len(hull) < 3:
            continue
        pick = rng.integers(0, len(ring), 200)
        after = ring[(pick + 1) % len(ring)]
        centre = np.array(fan.centre)
        along = rng.uniform(0.0, 1.0, (200, 1))
        on_rays = centre + along * (ring[pick] - centre)
        on_edges = ring[pick] + along * (after - ring[pick])
        near = np.concatenate((on_rays, on_edges))
        ulps = rng.integers(-4, 5, near.shape)
        near = near + ulps * np.spacing(np.abs(near))
        inside = fan.inside(near[:, 0], near[:, 1])
        assert strictly_left_of_every_edge(hull, near[inside]).all()
        proven_near += int(inside.sum())
    assert proven_near > 1_000


def sided_boxes(count: int, seed: int) -> Iterator[Pair]:
    """Pairs of boxes with many points along their sides, near the origin or far out:
    many differences lie on the sides of their hull (up to rounding), where the
    coarse polygon's edges run, and a block proven inside by rounding alone would be
    dropped wrongly."""
    rng = random.Random(seed)
    for _ in range(count):
        offset = rng.choice([0.0, 1e6, 1e12]) + rng.random()
        boxes = []
        for _ in range(2):
            width, height = rng.uniform(0.5, 2.0), rng.uniform(0.5, 2.0)
            x, y = offset + rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)
            side = [rng.random() for _ in range(rng.randint(10, 30))]
            corners = [(x + width * t, y) for t in side] + [
                (x + width * t, y + height) for t in side
            ]
            corners += [(x, y + height * t) for t in side] + [
                (x + width, y + height * t) for t in side
            ]
            boxes.append(Polytope((*corners, (x, y), (x + width, y + height))))
        yield boxes[0], boxes[1]


def test_the_dropped_blocks_are_strictly_inside_the_coarse_polygon() -> None:
    dropped = 0
    pairs = list(random_curved_pairs(60, seed=31)) + list(sided_boxes(30, seed=32))
    for points_a, points_b, exponent in point_sets(pairs):
        if exponent or min(len(points_a), len(points_b)) < hull_points.BLOCK_SHAPE:
            continue
        corners = hull_points._differences(
            points_a, points_b, *hull_points._extremes(points_a, points_b), 0
        )
        box = hull_points._box(points_a, points_b, 0)
        with np.errstate(all="ignore"):
            proven = hull_points._proven_blocks(points_a, points_b, corners, box)
        assert proven is not None
        inside, order_a, order_b = proven
        runs_a, runs_b = np.nonzero(inside)
        rows = np.repeat(order_a[runs_a], order_b.shape[1], axis=1).ravel()
        columns = np.tile(order_b[runs_b], (1, order_a.shape[1])).ravel()
        every = every_difference(points_a, points_b, 0).reshape(len(points_a), len(points_b), 2)
        step = hull_points.DIRECTIONS // hull_points.BLOCK_EDGES
        ring = np.column_stack(hull_points._distinct_ring(corners[0][::step], corners[1][::step]))
        assert strictly_left_of_every_edge(ring, every[rows, columns]).all()
        dropped += len(rows)
    assert dropped > 100_000


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
    angles = np.linspace(0.0, 2.0 * np.pi, 128, endpoint=False)
    ring = np.column_stack((np.cos(angles), np.sin(angles)))
    huge = ring * 1e308
    with_nan = ring.copy()
    with_nan[3] = math.nan
    with np.errstate(all="ignore"):  # the overflow the oracle's GEOS check reports
        assert len(hull_candidates(huge, -huge)) == len(ring) ** 2
        assert len(hull_candidates(with_nan, ring)) == len(ring) ** 2


def test_distinct_points_are_those_numpy_unique_gives_to_the_bit() -> None:
    rng = np.random.default_rng(8)
    for attempt in range(300):
        choices = [0.0, -0.0, 1.0, -1.0, 1e-300, 2.5, *([math.nan] if attempt % 2 else [])]
        values = rng.choice(choices, size=(40, 2))  # (the engine sorts those without NaN)
        points = np.concatenate((values, rng.normal(size=(5, 2)), values[:7]))
        rng.shuffle(points)
        expected = np.unique(points, axis=0, return_index=True)[0]  # as the oracle had it
        found = shapely_oracle._distinct(points)
        assert found.view(np.int64).tolist() == expected.view(np.int64).tolist()
