"""The columnar lane (gjkcli.batch.lane, gjkcli/_lane.c) writes the general path's record
for every pair it answers, byte for byte, and leaves every other pair to that path.

Each corpus here is checked both ways, chunk by chunk (``check_chunk`` with the lane,
and without it), and the rows compared. The corpora are pairs of plain convex polygons
(the only lines the lane takes) written to hit every place where the lane must give
up: pairs that touch along an edge or at a vertex, or nearly do; slivers; shapes far
from the origin, huge or tiny; the same polygon twice; one inside the other; rings
written clockwise and counter-clockwise, closed and open; names that need escaping.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable

import pytest

from gjkcli.batch import runner
from gjkcli.batch.lane import lane_rows
from gjkcli.engine import compiled
from gjkcli.io.discover import Item
from gjkcli.shapes.base import Vec
from tests.helpers import random_convex_ring

pytestmark = pytest.mark.skipif(compiled() is None, reason="the lane is part of the compiled core")

Ring = list[Vec]


def both_ways(lines: list[str]) -> tuple[list[runner.Row], list[runner.Row], int]:
    """The rows of the lines checked with the lane and without it, and how many pairs the
    lane answered."""
    items = [Item("lane.jsonl", number, line) for number, line in enumerate(lines, 1)]
    fast, general, answered = [], [], 0
    for start in range(0, len(items), runner.CHUNK):
        chunk = items[start : start + runner.CHUNK]
        answered += sum(row is not None for row in lane_rows(chunk))
        fast += runner.check_chunk(chunk, columnar=True)
        general += runner.check_chunk(chunk, columnar=False)
    return fast, general, answered


def line(a: Ring, b: Ring, name: str | None, rng: random.Random) -> str:
    """A plain line: the rings as given, perhaps closed, perhaps turned, keys in any order."""
    shapes = []
    for ring in (a, b):
        points = [list(point) for point in ring]
        if rng.random() < 0.5:
            points.reverse()
        if rng.random() < 0.3:
            points.append(points[0])
        shapes.append({"type": "polygon", "points": points})
    pair: dict[str, object] = {"a": shapes[0], "b": shapes[1]}
    if name is not None:
        pair["name"] = name
    keys = list(pair)
    rng.shuffle(keys)
    return json.dumps({key: pair[key] for key in keys})


def moved(ring: Ring, dx: float, dy: float) -> Ring:
    return [(x + dx, y + dy) for x, y in ring]


def scaled(ring: Ring, factor: float) -> Ring:
    return [(x * factor, y * factor) for x, y in ring]


def touching_rings(rng: random.Random) -> tuple[Ring, Ring]:
    """Two polygons sharing a vertex or a piece of an edge (or a hair apart, or over)."""
    a = random_convex_ring(rng, rng.randint(3, 10), (0.0, 0.0), 1.0)
    k = rng.randrange(len(a))
    (x1, y1), (x2, y2) = a[k], a[(k + 1) % len(a)]
    nx, ny = y2 - y1, x1 - x2  # outward for a counter-clockwise ring
    length = math.hypot(nx, ny)
    nx, ny = nx / length, ny / length
    gap = rng.choice([0.0, 0.0, 1e-17, -1e-17, 1e-15, 1e-12, -1e-12, 1e-9])
    if rng.random() < 0.5:  # a vertex on the edge, or on a vertex
        t = rng.choice([0.0, 0.5, rng.random()])
        tip = (x1 + t * (x2 - x1) + gap * nx, y1 + t * (y2 - y1) + gap * ny)
        b = [tip, (tip[0] + nx - ny, tip[1] + ny + nx), (tip[0] + nx + ny, tip[1] + ny - nx)]
    else:  # an edge along the edge
        b = [
            (x2 + gap * nx, y2 + gap * ny),
            (x1 + gap * nx, y1 + gap * ny),
            (x1 + 2 * nx, y1 + 2 * ny),
        ]
        b = [b[0], b[2], b[1]] if (b[1][0] - b[0][0]) * (b[2][1] - b[0][1]) - (
            b[1][1] - b[0][1]
        ) * (b[2][0] - b[0][0]) < 0 else b
    return a, b


def random_rings(rng: random.Random) -> tuple[Ring, Ring]:
    """Two random convex polygons of 3 to 64 vertices, at scales from 1e-6 to 1e12 and
    offsets up to 1e12 (some beyond the filter's 16 vertices, and a few beyond GEOS's
    reach)."""
    size = 10.0 ** rng.uniform(-6.0, 6.0)
    offset = rng.choice([0.0, 0.0, 1e3, 1e6, 1e9, 1e12]) * rng.choice([-1.0, 1.0])
    rings = []
    for _ in range(2):
        count = rng.choice([3, 4, 5, 8, 8, 12, 16, 17, 40, 64])
        center = (offset + rng.uniform(-3.0, 3.0) * size, rng.uniform(-3.0, 3.0) * size)
        rings.append(random_convex_ring(rng, count, center, rng.uniform(0.2, 2.0) * size))
    if rng.random() < 0.02:
        rings = [scaled(ring, 1e140) for ring in rings]  # beyond GEOS_REACH
    return rings[0], rings[1]


def special_rings(rng: random.Random) -> tuple[Ring, Ring]:
    """Slivers, the same polygon twice, one inside the other, nearly touching."""
    a = random_convex_ring(rng, rng.randint(3, 12), (0.0, 0.0), 1.0)
    kind = rng.randrange(5)
    if kind == 0:
        return a, list(a)
    if kind == 1:
        return a, scaled(a, rng.choice([0.5, 0.999999, 1e-9]))
    if kind == 2:  # a sliver
        sliver = [(0.0, 0.0), (1e6, 1.0), (1e6, 1.0 + 1e-6)]
        return sliver, moved(a, rng.uniform(-2.0, 2.0) * 1e6, rng.uniform(-2.0, 2.0))
    if kind == 3:  # nearly touching, along x
        right = max(x for x, _ in a)
        return a, moved(a, 2 * right + rng.choice([1e-15, 1e-10, 1e-5]), 0.0)
    return scaled(a, 1e-140), scaled(moved(a, 0.5, 0.5), 1e-140)


def corpus(count: int, seed: int, make: Callable[[random.Random], tuple[Ring, Ring]]) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for k in range(count):
        a, b = make(rng)
        name = rng.choice([f"pair/{k}", None, f'say "hi"\\{k}', f"tab\t{k}", f"caf\u00e9 {k}"])
        lines.append(line(a, b, name, rng))
    return lines


FAMILIES = [(1, random_rings), (2, touching_rings), (3, special_rings)]
"""Each family of pairs, with its seed."""


@pytest.mark.parametrize(("seed", "make"), FAMILIES)
def test_the_lane_writes_the_general_paths_records(
    seed: int, make: Callable[[random.Random], tuple[Ring, Ring]]
) -> None:
    lines = corpus(600, seed, make)
    fast, general, answered = both_ways(lines)
    assert fast == general
    assert 0 < answered < len(lines)  # the lane answered some, and left some


def test_the_lane_answers_random_octagons() -> None:
    rng = random.Random(7)
    lines = []
    for k in range(512):
        a = random_convex_ring(rng, 8, (0.0, 0.0), rng.uniform(0.5, 2.0))
        b = random_convex_ring(rng, 8, (rng.uniform(-4, 4), rng.uniform(-4, 4)), 1.0)
        lines.append(json.dumps({"name": f"o/{k}", "a": {"type": "polygon", "points": a},
                                 "b": {"type": "polygon", "points": b}}))
    fast, general, answered = both_ways(lines)
    assert fast == general
    assert answered == len(lines)


def test_lines_the_lane_does_not_take_are_left_to_the_general_path() -> None:
    polygon = [[0, 0], [2, 0], [0, 2]]
    lines = [
        json.dumps({"a": {"type": "polygon", "points": polygon},
                    "b": {"type": "point", "at": [3, 3]}}),
        json.dumps({"a": {"type": "polygon", "points": polygon},
                    "b": {"type": "polygon", "points": polygon}, "expect": {"intersects": True}}),
        json.dumps({"a": {"type": "polygon", "points": polygon},
                    "b": {"type": "polygon", "points": [[0, 0], [1, 0], [2, 0]]}}),  # collinear
        "{",
    ]
    items = [Item("lane.jsonl", number, text) for number, text in enumerate(lines, 1)]
    assert lane_rows(items) == [None] * len(lines)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "make"), FAMILIES)
def test_the_lane_writes_the_general_paths_records_on_many_pairs(
    seed: int, make: Callable[[random.Random], tuple[Ring, Ring]]
) -> None:
    fast, general, _ = both_ways(corpus(20_000, 1000 + seed, make))
    assert fast == general
