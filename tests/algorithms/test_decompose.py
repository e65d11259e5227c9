"""Convex decomposition: the parts are convex, and together they are exactly the polygon."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

import numpy as np
import pytest
import shapely

from gjkcli.algorithms.decompose import InvalidPolygonError, decompose
from gjkcli.corpus.compounds import star_polygon
from gjkcli.shapes.base import Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import convexity_problem

Ring = list[Vec]


def star_polygons(count: int, seed: int) -> Iterator[tuple[Ring, list[Ring]]]:
    """Star-shaped polygons with deep notches and 0 to 2 holes."""
    rng = random.Random(seed)
    for index in range(count):
        ring, holes = star_polygon(rng, rng.uniform(0.5, 50.0), index % 3)
        yield [(x, y) for x, y in ring], [[(x, y) for x, y in hole] for hole in holes]


def concave_hulls(count: int, seed: int) -> Iterator[tuple[Ring, list[Ring]]]:
    """Polygons that are not star-shaped: tight concave hulls of random clouds, holes kept."""
    rng = np.random.default_rng(seed)
    found = 0
    while found < count:
        cloud = shapely.multipoints(rng.uniform(-10.0, 10.0, (rng.integers(20, 120), 2)))
        polygon = shapely.concave_hull(cloud, ratio=rng.uniform(0.05, 0.4), allow_holes=True)
        if polygon.geom_type != "Polygon" or not polygon.is_valid or polygon.area == 0.0:
            continue
        found += 1
        yield (
            [(x, y) for x, y in polygon.exterior.coords[:-1]],
            [[(x, y) for x, y in hole.coords[:-1]] for hole in polygon.interiors],
        )


def polygons() -> Iterator[tuple[Ring, list[Ring]]]:
    square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]
    yield square, [[(2.0, 0.0), (3.0, 2.0), (1.0, 2.0)]]  # a hole touching the exterior
    yield square, [[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)], [(2.0, 2.0), (3.0, 2.0), (3.0, 3.0)]]
    yield from star_polygons(300, seed=7)
    yield from concave_hulls(100, seed=8)


def test_parts_are_convex_and_their_union_is_the_polygon() -> None:
    with_holes = 0
    for shell, holes in polygons():
        compound = decompose(shell, holes)
        polygon = shapely.Polygon(shell, holes)
        parts = [part for part in compound.parts if isinstance(part, Polytope)]
        assert len(parts) == len(compound.parts)
        assert all(convexity_problem(part.vertices) is None for part in parts)
        pieces = np.array([shapely.Polygon(part.vertices) for part in parts])
        union = shapely.union_all(pieces)
        scale = polygon.area
        assert abs(union.area - polygon.area) <= 1e-9 * scale
        assert shapely.symmetric_difference(union, polygon).area <= 1e-9 * scale
        # no overlaps: the parts' areas add up to the polygon's
        assert abs(float(shapely.area(pieces).sum()) - polygon.area) <= 1e-9 * scale
        # every corner of every part is a corner of the polygon: no new points
        corners = set(shell) | {p for hole in holes for p in hole}
        assert all(p in corners for part in parts for p in part.vertices)
        # never more parts than the triangulation has triangles
        assert len(parts) <= len(corners) + 2 * len(holes) - 2
        with_holes += bool(holes)
    assert with_holes >= 200


def test_convex_polygon_is_one_part_and_an_l_two() -> None:
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    assert len(decompose(square).parts) == 1
    l_shape = [(0.0, 0.0), (4.0, 0.0), (4.0, 1.0), (1.0, 1.0), (1.0, 4.0), (0.0, 4.0)]
    assert len(decompose(l_shape).parts) == 2
    assert len(decompose(l_shape[::-1]).parts) == 2  # either orientation
    closed = [*l_shape, l_shape[0]]
    assert len(decompose(closed).parts) == 2  # closing point optional


def test_holes_stay_holes() -> None:
    frame = decompose(
        [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)],
        [[(3.0, 3.0), (7.0, 3.0), (7.0, 7.0), (3.0, 7.0)]],
    )
    centre = shapely.Point(5.0, 5.0)
    pieces = np.array([shapely.Polygon(part.vertices) for part in frame.parts])  # type: ignore[attr-defined]
    assert not shapely.intersects(pieces, centre).any()
    assert shapely.union_all(pieces).area == 100.0 - 16.0


@pytest.mark.parametrize(
    ("shell", "holes", "message", "ring"),
    [
        ([(0, 0), (2, 2), (2, 0), (0, 2)], [], "the ring crosses itself at (1, 1)", 0),
        (
            [(0, 0), (4, 0), (4, 4), (0, 4)],
            [[(1, 1), (3, 3), (3, 1), (1, 3)]],
            "the ring crosses itself at (2, 2)",
            1,
        ),
        (
            [(0, 0), (4, 0), (4, 4), (0, 4)],
            [[(5, 5), (6, 5), (6, 6)]],
            "a hole lies outside the polygon",
            None,
        ),
        (
            [(0, 0), (4, 0), (4, 4), (0, 4)],
            [[(2, -1), (3, 2), (1, 2)]],
            "a hole crosses the exterior ring or another hole",
            None,
        ),
        (
            [(0, 0), (10, 0), (10, 10), (0, 10)],
            [[(1, 1), (9, 1), (9, 9), (1, 9)], [(3, 3), (7, 3), (7, 7), (3, 7)]],
            "a hole lies inside another hole at ",
            None,
        ),
        (
            [(0, 0), (4, 0), (4, 4), (0, 4)],
            [[(0, 2), (2, 1), (4, 2), (2, 3)]],
            "the holes cut the polygon in two at ",
            None,
        ),
        ([(0, 0), (1, 1), (2, 2)], [], "zero area: all points lie on one line", 0),
        ([(0, 0), (4, 0), (4, 4), (0, 4)], [[(1, 1), (2, 2), (3, 3)]], "zero area", 1),
    ],
)
def test_invalid_polygons_say_what_and_where(
    shell: Sequence[tuple[int, int]],
    holes: Sequence[Sequence[tuple[int, int]]],
    message: str,
    ring: int | None,
) -> None:
    floats: list[Ring] = [[(float(x), float(y)) for x, y in r] for r in (shell, *holes)]
    with pytest.raises(InvalidPolygonError) as caught:
        decompose(floats[0], floats[1:])
    assert str(caught.value).startswith(message)
    assert caught.value.ring == ring


@pytest.mark.parametrize("notches", [1, 2, 7])
def test_a_disc_with_notches_merges_into_few_parts_that_cover_it(notches: int) -> None:
    # the parts keep growing as triangles merge into them: the merge copies the
    # smaller side's links, in either direction, and must keep every ring intact
    n = 2000
    ring = [(math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k in range(n)]
    for k in range(notches):
        ring[k * n // notches] = (0.5 * ring[k * n // notches][0], 0.5 * ring[k * n // notches][1])
    parts = [part for part in decompose(ring).parts if isinstance(part, Polytope)]
    assert 1 < len(parts) <= 2 * notches + 1
    assert all(convexity_problem(list(part.vertices)) is None for part in parts)
    polygons = [shapely.Polygon(part.vertices) for part in parts]
    assert shapely.union_all(polygons).symmetric_difference(shapely.Polygon(ring)).area < 1e-12
    assert sum(p.area for p in polygons) == pytest.approx(shapely.Polygon(ring).area, rel=1e-12)
