"""GEOS's shortest line between polygons apart, replayed over a few candidate segment pairs
(gjkcli.verify.nearest_facets), against ``shapely.shortest_line`` itself, bit for bit."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest
import shapely

from gjkcli import engine
from gjkcli.algorithms.answer import solve
from gjkcli.io.pairs import load_pair
from gjkcli.render.json_record import check_record
from gjkcli.render.json_text import json_text
from gjkcli.shapes import capsule, circle, ellipse, rectangle
from gjkcli.shapes.compound import Shape, round_shape
from gjkcli.verify import nearest_facets, shapely_oracle
from gjkcli.verify.check import _towards_b, check_pair
from gjkcli.verify.nearest_facets import shortest_lines
from gjkcli.verify.shapely_oracle import GEOS_REACH, stand_ins


@pytest.fixture(params=["numpy", "compiled"])
def replay(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The heights and the replay of GEOS's loop in NumPy and Python, or by the compiled
    engine (``gjkcli/_facets.c``; skipped where it is not active): GEOS's line either way."""
    if request.param == "numpy":
        monkeypatch.setattr(nearest_facets, "compiled", lambda: None)
    elif engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    return str(request.param)


def _curved(rng: random.Random, center: tuple[float, float], size: float) -> Shape:
    kind = rng.choice(("circle", "ellipse", "capsule", "rounded"))
    if kind == "circle":
        return circle(center, size)
    if kind == "ellipse":
        return ellipse(center, (size, size * rng.uniform(0.05, 1.0)), rng.uniform(0, 360))
    if kind == "capsule":
        angle = rng.uniform(0, 2 * math.pi)
        half = (size * math.cos(angle), size * math.sin(angle))
        start = (center[0] - half[0], center[1] - half[1])
        end = (center[0] + half[0], center[1] + half[1])
        return capsule(start, end, size * rng.uniform(0.01, 0.5))
    box = rectangle(center, (size, size * rng.uniform(0.1, 1.0)), rng.uniform(0, 360))
    return round_shape(box, size * rng.uniform(0.01, 0.3))


def _pairs(seed: int, count: int) -> list[tuple[Shape, Shape]]:
    """Curved pairs, mostly apart, some nearly touching, at scales and offsets far and
    near."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        scale = 10.0 ** rng.uniform(-6, 6)
        offset = 10.0 ** rng.uniform(-3, 8) * rng.choice((-1, 1))
        first = _curved(rng, (offset, offset * 0.5), scale * rng.uniform(0.2, 2))
        gap = rng.choice((1e-9, 1e-4, 0.1, 1.0, 10.0)) * scale
        angle = rng.uniform(0, 2 * math.pi)
        reach = scale * 4.0 + gap
        where = (offset + reach * math.cos(angle), offset * 0.5 + reach * math.sin(angle))
        pairs.append((first, _curved(rng, where, scale * rng.uniform(0.2, 2))))
    return pairs


def _same(first: object, second: object) -> bool:
    return bool(
        shapely.get_coordinates(first).tobytes() == shapely.get_coordinates(second).tobytes()
    )


def _compare(pairs: list[tuple[Shape, Shape]], directions: np.ndarray) -> int:
    """Assert the lines equal GEOS's; the number of pairs worked out by the replay."""
    geometries, _ = stand_ins([a for a, _ in pairs] + [b for _, b in pairs])
    first, second = geometries[: len(pairs)], geometries[len(pairs) :]
    meets = shapely.intersects(first, second)
    expected = shapely.shortest_line(first, second)
    found = shortest_lines(first, second, meets, directions, GEOS_REACH)
    for k, (line, reference) in enumerate(zip(found, expected, strict=True)):
        assert _same(line, reference), (k, pairs[k], line.wkt, reference.wkt)
    return int((~meets).sum())


def _gjk_directions(pairs: list[tuple[Shape, Shape]]) -> np.ndarray:
    return np.array(
        [(math.nan, math.nan) if (d := _towards_b(solve(a, b))) is None else d for a, b in pairs]
    )


def test_the_replay_finds_geos_line_with_gjk_directions(replay: str) -> None:
    pairs = _pairs(1, 300)
    assert _compare(pairs, _gjk_directions(pairs)) > 200


def test_any_direction_gives_geos_line(replay: str) -> None:
    """The direction only decides how much is pruned: random ones, and ones turned a
    little off GJK's, still give GEOS's line (or leave the pair to GEOS)."""
    pairs = _pairs(2, 200)
    rng = np.random.default_rng(2)
    _compare(pairs, rng.normal(size=(len(pairs), 2)))
    turned = _gjk_directions(pairs)
    angle = rng.uniform(-0.05, 0.05, len(pairs))
    cos, sin = np.cos(angle), np.sin(angle)
    _compare(
        pairs,
        np.stack(
            [cos * turned[:, 0] - sin * turned[:, 1], sin * turned[:, 0] + cos * turned[:, 1]], 1
        ),
    )


def test_ties_go_to_the_first_pair_in_ring_order(replay: str) -> None:
    """Regular polygons facing each other edge to edge: many segment pairs are equally
    near, and GEOS keeps the first; so must the replay."""
    pairs = []
    for sides in (80, 96, 128):
        angles = np.arange(sides) * 2 * np.pi / sides
        ring = [(math.cos(t), math.sin(t)) for t in angles]
        for gap in (0.5, 1e-7, 3.0):
            a = shapely.Polygon(ring)
            b = shapely.Polygon([(x + 2.0 + gap, y) for x, y in ring])
            c = shapely.Polygon([(x, y + 2.0 + gap) for x, y in ring])
            pairs += [(a, b), (a, c), (b, a)]
    first = np.array([a for a, _ in pairs])
    second = np.array([b for _, b in pairs])
    meets = shapely.intersects(first, second)
    centers = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]] * (len(pairs) // 3))
    found = shortest_lines(first, second, meets, centers, GEOS_REACH)
    expected = shapely.shortest_line(first, second)
    assert all(_same(line, reference) for line, reference in zip(found, expected, strict=True))


def test_pairs_left_to_geos() -> None:
    """Meeting pairs, small rings, no direction, points and lines: GEOS's own answer."""
    disc = shapely.Point(0, 0).buffer(1.0, 128)
    far = shapely.Point(5, 0).buffer(1.0, 128)
    near = shapely.Point(1.5, 0).buffer(1.0, 128)
    square = shapely.box(3, 3, 4, 4)
    line = shapely.LineString([(0, 3), (1, 3)])
    first = np.array([disc, disc, disc, disc, disc])
    second = np.array([near, far, square, line, far])
    directions = np.array([[1, 0], [math.nan, math.nan], [1, 1], [0, 1], [0, 0]], dtype=float)
    found = shortest_lines(first, second, shapely.intersects(first, second), directions, 1e100)
    expected = shapely.shortest_line(first, second)
    assert all(_same(line, reference) for line, reference in zip(found, expected, strict=True))


@pytest.mark.slow
def test_many_pairs() -> None:
    pairs = _pairs(3, 6000)
    _compare(pairs, _gjk_directions(pairs))
    _compare(pairs, np.random.default_rng(3).normal(size=(len(pairs), 2)))


TINY = Path(__file__).parent.parent / "data" / "tiny-geos"


@pytest.mark.parametrize("name", ["underflow4", "fpe", "fpe2"])
def test_shapes_where_geos_squares_underflow_are_left_to_geos(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Polygons 1e-150 across (the least size the loaders take): GEOS's squares underflow,
    so its loop stops on a distance computed as 0 that the pruning would drop
    (underflow4), or divides by zero on a segment 1e-163 long that the replay would not
    try (fpe) or would try where GEOS skips it (fpe2). Such rings go to GEOS's own loop:
    the whole check is the same as with ``shapely.shortest_line`` itself, the oracle
    failing (or not) as it did."""
    path = str(TINY / f"{name}.json")
    replayed = json_text(check_record(check_pair(load_pair(path))))
    monkeypatch.setattr(
        shapely_oracle,
        "shortest_lines",
        lambda a, b, meets, hints, limit: shapely.shortest_line(a, b),
    )
    assert replayed == json_text(check_record(check_pair(load_pair(path))))
