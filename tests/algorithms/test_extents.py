"""The bound that boxes in a frame give on the distance between two parts: never above it."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest
import shapely

from gjkcli.algorithms import extents as module
from gjkcli.algorithms.extents import (
    AXIS_ALIGNED,
    Extents,
    box_distances,
    extents,
    frame_axis,
    growth,
    meeting,
    separations,
)
from gjkcli.shapes import segment, union_of
from gjkcli.shapes.compound import Shape
from gjkcli.shapes.polytope import Polytope
from gjkcli.verify.exact import exact_answer
from tests.helpers import random_polygon_pair

PAIR = (np.array([0]), np.array([0]))


def bound_of(a: Shape, b: Shape, axis: tuple[float, float]) -> float:
    return float(separations(extents(a, axis), extents(b, axis), *PAIR)[0])


def test_the_bound_never_exceeds_the_exact_distance() -> None:
    rng = random.Random(17)
    proved = 0
    for _ in range(3000):
        ring_a, ring_b, _ = random_polygon_pair(rng)
        shift = rng.choice([0.0, 1e9, -1e12])  # far from the origin, rounding is coarse
        a = Polytope(tuple((x + shift, y) for x, y in ring_a))
        b = Polytope(tuple((x + shift, y) for x, y in ring_b))
        exact = exact_answer(a, b)
        assert exact is not None
        for axis in (AXIS_ALIGNED, frame_axis(rng.uniform(0.0, math.pi / 2.0))):
            bound = bound_of(a, b, axis)
            assert bound >= 0.0
            assert Fraction(bound) ** 2 <= exact.distance_squared, (ring_a, ring_b, shift, axis)
            proved += bound > 0.0
    assert proved > 1000  # the bound is not trivially 0


def test_the_bound_is_tight_along_the_frame_and_loose_across_it() -> None:
    # two long parallel segments 0.5 apart along the diagonal: their ordinary boxes meet
    along = segment((0.0, 0.0), (1000.0, 1000.0))
    beside = segment((0.5, 0.0), (1000.5, 1000.0))
    assert bound_of(along, beside, AXIS_ALIGNED) == 0.0
    diagonal = bound_of(along, beside, frame_axis(math.pi / 4.0))
    assert 0.5 / math.sqrt(2.0) - 1e-11 <= diagonal <= 0.5 / math.sqrt(2.0)


def test_grown_boxes_meet_for_every_pair_whose_bound_is_within_the_distance() -> None:
    rng = random.Random(5)
    for _ in range(40):
        axis = frame_axis(rng.uniform(0.0, math.pi / 2.0))
        offset = rng.choice([0.0, 1e6, 1e12])
        shapes = []
        for _ in range(2):
            shapes.append(
                union_of(
                    [
                        segment(
                            (offset + rng.uniform(0, 50), rng.uniform(0, 50)),
                            (offset + rng.uniform(0, 50), rng.uniform(0, 50)),
                        )
                        for _ in range(30)
                    ]
                )
            )
        ea, eb = extents(shapes[0], axis), extents(shapes[1], axis)
        i, j = (index.ravel() for index in np.meshgrid(np.arange(30), np.arange(30)))
        bounds = separations(ea, eb, i, j)
        reach = float(np.quantile(bounds, rng.uniform(0.0, 0.5)))
        grow = growth(ea, eb, reach)
        meet = shapely.intersects(ea.boxes(grow)[i], eb.boxes()[j])
        assert np.all(meet[bounds <= reach])


def test_a_frame_axis_is_never_longer_than_one() -> None:
    rng = random.Random(2)
    for angle in [0.0, math.pi / 4.0, math.pi / 6.0] + [rng.uniform(0, 7) for _ in range(2000)]:
        nx, ny = frame_axis(angle)
        assert Fraction(nx) ** 2 + Fraction(ny) ** 2 <= 1
        assert math.hypot(nx, ny) >= 1.0 - 1e-14


def test_meeting_finds_the_pairs_a_tree_of_the_boxes_finds() -> None:
    """``meeting`` (every pair tested) against Shapely's ``STRtree`` of the same boxes: the
    same pairs, touching boxes, points, segments and grown boxes included."""
    rng = random.Random(23)
    checked = 0
    for _ in range(300):
        shapes = []
        for _ in range(2):
            parts = []
            for _ in range(rng.randint(1, 9)):
                x, y = rng.choice([0.0, 1.0, rng.uniform(-3.0, 3.0)]), rng.uniform(-3.0, 3.0)
                dx, dy = rng.choice([0.0, 1.0, rng.uniform(0.0, 2.0)]), rng.uniform(0.0, 2.0)
                parts.append(segment((x, y), (x + dx, y + dy)))
            shapes.append(union_of(parts))
        axis = rng.choice([AXIS_ALIGNED, frame_axis(rng.uniform(0.0, math.pi / 2.0))])
        a, b = extents(shapes[0], axis), extents(shapes[1], axis)
        grow = rng.choice([0.0, 0.5, growth(a, b, rng.uniform(0.0, 1.0))])
        found_a, found_b = meeting(a, b, grow, 0, len(a.low_u))
        tree_a, tree_b = shapely.STRtree(b.boxes()).query(a.boxes(grow))
        assert sorted(zip(found_a.tolist(), found_b.tolist(), strict=True)) == sorted(
            zip(tree_a.tolist(), tree_b.tolist(), strict=True)
        )
        assert list(found_a) == sorted(found_a)
        checked += len(found_a)
    assert checked > 300


def _random_extents(rng: random.Random, count: int) -> Extents:
    """Extents of ``count`` parts, as their columns: lows and highs anywhere from tiny to
    near overflow, touching, equal, signed zeros, and sizes of every scale."""
    values = [0.0, -0.0, 1.0, -1.0, 5e-324, 1e-300, 1e300, 1.7e308, -1.7e308, math.inf]

    def number() -> float:
        return rng.choice(values) if rng.random() < 0.3 else rng.uniform(-4.0, 4.0)

    columns = []
    for _ in range(2):  # along u, then v: low <= high mostly, crossed now and then
        lows = [number() for _ in range(count)]
        columns += [lows, [low + abs(number()) if rng.random() < 0.9 else number() for low in lows]]
    reach = [[abs(number()) for _ in range(count)] for _ in range(2)]
    arrays = [np.array(column, dtype=float) for column in (*columns, *reach)]
    return Extents(AXIS_ALIGNED, *arrays)


def test_the_compiled_boxes_are_numpys_to_the_bit(monkeypatch: pytest.MonkeyPatch) -> None:
    """``box_distances`` and ``meeting`` by the compiled engine (gjkcli/_extents.c) against
    their NumPy: the same pairs, and the same distances and bounds, bit for bit, overflow
    and signed zeros included."""
    from gjkcli.engine import compiled

    if compiled() is None:
        pytest.skip("the compiled engine is not active")
    rng = random.Random(29)
    compared = 0
    for _ in range(400):
        a, b = _random_extents(rng, rng.randint(1, 12)), _random_extents(rng, rng.randint(1, 12))
        grow = rng.choice([0.0, 0.25, 1e300, rng.uniform(0.0, 2.0)])
        start = rng.randint(0, len(a.low_u))
        stop = rng.choice([len(a.low_u), start + 1, start + 100])
        i, j = meeting(a, b, grow, start, stop)
        with np.errstate(all="ignore"):
            found = box_distances(a, b, i, j)
            every_i = np.repeat(np.arange(len(a.low_u)), len(b.low_u))
            every_j = np.tile(np.arange(len(b.low_u)), len(a.low_u))
            every = box_distances(a, b, every_i, every_j)
            with monkeypatch.context() as patch:
                patch.setattr(module, "compiled", lambda: None)
                reference_i, reference_j = meeting(a, b, grow, start, stop)
                expected = module.box_distances(a, b, i, j)
                expected_every = module.box_distances(a, b, every_i, every_j)
        assert i.tolist() == reference_i.tolist() and j.tolist() == reference_j.tolist()
        for got, wanted in zip((*found, *every), (*expected, *expected_every), strict=True):
            assert got.tobytes() == np.asarray(wanted, dtype=float).tobytes()
        compared += len(every_i)
    assert compared > 10_000
    # part numbers from the end, or of another type, and slices from the end: as NumPy has them
    a, b = _random_extents(rng, 5), _random_extents(rng, 4)
    for i, j in (([-1, 0], [3, -4]), (np.array([2], dtype=np.int32), np.array([1], np.uint64))):
        with np.errstate(all="ignore"):
            found = box_distances(a, b, np.asarray(i), np.asarray(j))
            with monkeypatch.context() as patch:
                patch.setattr(module, "compiled", lambda: None)
                expected = module.box_distances(a, b, np.asarray(i), np.asarray(j))
        assert [f.tobytes() for f in found] == [e.tobytes() for e in expected]
    with pytest.raises(IndexError):
        box_distances(a, b, np.array([5]), np.array([0]))
    found_pairs = meeting(a, b, 1e300, -2, 5)
    with monkeypatch.context() as patch:
        patch.setattr(module, "compiled", lambda: None)
        expected_pairs = meeting(a, b, 1e300, -2, 5)
    assert [f.tolist() for f in found_pairs] == [e.tolist() for e in expected_pairs]
