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

import numpy as np
import pytest
import shapely

from gjkcli.batch import runner
from gjkcli.batch.lane import lane_rows
from gjkcli.engine import compiled
from gjkcli.io.discover import Item
from gjkcli.shapes.base import Vec
from gjkcli.verify.expect import PRECISIONS, ExpectSettings
from tests.helpers import random_convex_ring

pytestmark = pytest.mark.skipif(compiled() is None, reason="the lane is part of the compiled core")

Ring = list[Vec]


def both_ways(
    lines: list[str], settings: ExpectSettings | None = None
) -> tuple[list[runner.Row], list[runner.Row], int]:
    """The rows of the lines checked with the lane and without it, and how many pairs the
    lane answered."""
    items = [Item("lane.jsonl", number, line) for number, line in enumerate(lines, 1)]
    fast, general, answered = [], [], 0
    for start in range(0, len(items), runner.CHUNK):
        chunk = items[start : start + runner.CHUNK]
        answered += sum(row is not None for row in lane_rows(chunk, settings))
        fast += runner.check_chunk(chunk, columnar=True, settings=settings)
        general += runner.check_chunk(chunk, columnar=False, settings=settings)
    return fast, general, answered


def expectation(a: Ring, b: Ring, rng: random.Random) -> dict[str, object] | None:
    """An expectation of the keys the lane judges, or none: values near the truth (from
    Shapely), off by a little or a lot, an integer, a tolerance of the pair's own, either
    spelling of the depth, or a key the lane leaves to the general path (null, closest)."""
    if rng.random() < 0.4:
        return None
    polygons = shapely.Polygon(a), shapely.Polygon(b)
    with np.errstate(all="ignore"):  # a pair at 1e140 overflows GEOS: a wrong value will do
        apart = float(shapely.distance(*polygons))
        meets = bool(shapely.intersects(*polygons))
    stated: dict[str, object] = {}
    for key in rng.sample(["intersects", "distance", "depth", "verdict", "tolerance"], 3):
        off = rng.choice([0.0, 0.0, 0.0, 1e-12, 1e-6, 1.0])
        if key == "intersects":
            stated[key] = meets if rng.random() < 0.8 else not meets
        elif key == "distance":
            stated[key] = round(apart) if rng.random() < 0.1 else apart + off
        elif key == "depth":
            stated[rng.choice(["depth", "penetration"])] = 0.0 if not meets else off
        elif key == "verdict":
            stated[key] = rng.choice(["separated", "touching", "overlapping"])
        else:
            stated[key] = rng.choice([1e-9, 1e-3, 0.5, 0])
    if rng.random() < 0.05:
        stated[rng.choice(["distance", "closest"])] = None
    return stated


def line(a: Ring, b: Ring, name: str | None, rng: random.Random) -> str:
    """A plain line: the rings as given, perhaps closed, perhaps turned, perhaps with an
    expectation, keys in any order."""
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
    stated = expectation(a, b, rng)
    if stated is not None:
        pair["expect"] = stated
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
        b = (
            [b[0], b[2], b[1]]
            if (b[1][0] - b[0][0]) * (b[2][1] - b[0][1]) - (b[1][1] - b[0][1]) * (b[2][0] - b[0][0])
            < 0
            else b
        )
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
    kind = rng.randrange(6)
    if kind == 5:  # a ring with collinear and repeated vertices (the general loader's own)
        side = rng.choice([1.0, 3.0, 1e-3])
        square = [(0.0, 0.0), (side / 2, 0.0), (side, 0.0), (side, 0.0), (side, side), (0.0, side)]
        return square, moved(a, rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0))
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


def other_kinds(rng: random.Random) -> list[str]:
    """Lines of pairs of the other plain polytopes the lane takes (rectangles, segments,
    points, hulls), with polygons and each other, near each other or touching."""
    lines = []
    for k in range(600):
        shapes = []
        for _ in range(2):
            x, y = rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0)
            kind = rng.choice(["rectangle", "segment", "point", "hull", "polygon"])
            if kind == "rectangle":
                size = [rng.choice([0, 0.5, rng.uniform(0.0, 3.0)]) for _ in range(2)]
                shapes.append({"type": kind, "center": [x, y], "size": size})
            elif kind == "segment":
                end = [x, y] if rng.random() < 0.1 else [x + rng.uniform(-2, 2), y]
                shapes.append({"type": kind, "points": [[x, y], end]})
            elif kind == "point":
                shapes.append({"type": kind, "at": [round(x), y]})
            elif kind == "hull":
                cloud = [[x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)] for _ in range(8)]
                shapes.append({"type": kind, "points": cloud + cloud[: rng.randint(0, 2)]})
            else:
                shapes.append({"type": kind, "points": random_convex_ring(rng, 5, (x, y), 1.0)})
        lines.append(json.dumps({"name": f"kinds/{k}", "a": shapes[0], "b": shapes[1]}))
    return lines


def test_the_other_plain_polytopes_take_the_lane_with_the_general_paths_records() -> None:
    fast, general, answered = both_ways(other_kinds(random.Random(11)))
    assert fast == general
    assert answered > 300


def placement(rng: random.Random) -> dict[str, object]:
    """A shape's transform as a user may write it: any of its keys, in any order, a scale
    as one number or two (flattening ones too), quarter turns exact or not, huge angles."""
    angles = [0, 90, -90, 180, 270, 360, 450, -720, 45, 30.5, -0.0, 1e20, rng.uniform(-999, 999)]
    transform: dict[str, object] = {}
    for key in rng.sample(["scale", "rotate", "translate"], rng.randint(0, 3)):
        if key == "scale":
            pair = [rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0)]
            transform[key] = rng.choice([2, -1, 0.5, 0, 1e-9, pair, [0, 1], [1, -0.0]])
        elif key == "rotate":
            transform[key] = rng.choice(angles)
        else:
            transform[key] = [rng.uniform(-3.0, 3.0), rng.choice([0, -0.0, 1e6, 0.25])]
    return transform


def placed_kinds(rng: random.Random) -> list[str]:
    """Lines of the other plain polytopes turned and moved: rectangles with a rotation,
    and rectangles, segments, points and hulls with a transform (which the lane maps as
    the loaders do), beside plain polygons and polygons with a transform (which it
    leaves to the general path)."""
    lines = []
    for k, written in enumerate(other_kinds(rng)):
        pair = json.loads(written)
        for key in ("a", "b"):
            shape = pair[key]
            if shape["type"] == "rectangle" and rng.random() < 0.6:
                shape["rotation"] = placement(rng).get("rotate", rng.uniform(-360.0, 360.0))
            if rng.random() < (0.1 if shape["type"] == "polygon" else 0.7):
                shape["transform"] = placement(rng)
            if rng.random() < 0.5:  # the keys in another order
                pair[key] = dict(reversed(list(shape.items())))
        lines.append(json.dumps({"name": f"placed/{k}", **pair}))
    return lines


def test_turned_and_moved_polytopes_take_the_lane_with_the_general_paths_records() -> None:
    lines = placed_kinds(random.Random(13))
    items = [Item("lane.jsonl", number, text) for number, text in enumerate(lines, 1)]
    answered = [
        row is not None
        for start in range(0, len(items), runner.CHUNK)
        for row in lane_rows(items[start : start + runner.CHUNK])
    ]
    placed = [("transform" in text or "rotation" in text) for text in lines]
    assert sum(a and p for a, p in zip(answered, placed, strict=True)) > 200
    polygon_placed = [
        '"transform"' in json.dumps(shape)
        for text in lines
        for shape in [json.loads(text)[key] for key in ("a", "b")]
        if shape["type"] == "polygon"
    ]
    assert any(polygon_placed)
    fast, general, _ = both_ways(lines)
    assert fast == general


@pytest.mark.slow
def test_turned_and_moved_polytopes_on_many_pairs() -> None:
    lines = [text for seed in range(20) for text in placed_kinds(random.Random(100 + seed))]
    fast, general, _ = both_ways(lines)
    assert fast == general


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


@pytest.mark.parametrize("precision", ["double", "single"])
def test_expectations_are_judged_as_the_general_path_judges_them(precision: str) -> None:
    lines = corpus(600, 4, random_rings)
    assert sum('"expect"' in line for line in lines) > 200
    fast, general, answered = both_ways(lines, PRECISIONS[precision])
    assert fast == general
    expected = [row for row, line in zip(fast, lines, strict=True) if '"expect"' in line]
    statuses = {json.loads(text)["status"] for text, _ in expected}
    assert {"pass", "fail"} <= statuses  # some expectations hold, some do not
    assert answered > 0


def test_the_lane_answers_random_octagons() -> None:
    rng = random.Random(7)
    lines = []
    for k in range(512):
        a = random_convex_ring(rng, 8, (0.0, 0.0), rng.uniform(0.5, 2.0))
        b = random_convex_ring(rng, 8, (rng.uniform(-4, 4), rng.uniform(-4, 4)), 1.0)
        lines.append(
            json.dumps(
                {
                    "name": f"o/{k}",
                    "a": {"type": "polygon", "points": a},
                    "b": {"type": "polygon", "points": b},
                }
            )
        )
    fast, general, answered = both_ways(lines)
    assert fast == general
    assert answered == len(lines)


def test_lines_the_lane_does_not_take_are_left_to_the_general_path() -> None:
    polygon = [[0, 0], [2, 0], [0, 2]]
    lines = [
        json.dumps(
            {
                "a": {"type": "polygon", "points": polygon},
                "b": {"type": "point", "at": [3, 3], "margin": 1},
            }
        ),
        json.dumps(
            {
                "a": {"type": "polygon", "points": polygon},
                "b": {"type": "polygon", "points": polygon},
                "expect": {"normal": [1, 0]},
            }
        ),
        json.dumps(
            {
                "a": {"type": "polygon", "points": polygon},
                "b": {"type": "polygon", "points": [[0, 0], [1, 0], [2, 0]]},
            }
        ),  # collinear
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


def test_the_scanner_wants_room_for_a_rectangle() -> None:
    """scan_polygons writes a rectangle's four corners (and a point) whatever the least
    number of points: asked for fewer than 4 at most, it refuses (a review found two
    points written into one buffer when 0 was allowed)."""
    core = compiled()
    assert core is not None
    point = '{"a": {"type": "point", "at": [1, 2]}, "b": {"type": "point", "at": [3, 4]}}'
    with pytest.raises(ValueError, match="4 <= most"):
        core.scan_polygons([point], 0, 0)
    _, _, xy, _, _ = core.scan_polygons([point], 0, 4)
    assert np.frombuffer(xy).tolist() == [1.0, 2.0, 3.0, 4.0]
