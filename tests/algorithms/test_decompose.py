"""Convex decomposition: the parts are convex, and together they are exactly the polygon."""

from __future__ import annotations

import hashlib
import math
import random
import warnings
from collections.abc import Iterator, Sequence
from fractions import Fraction

import numpy as np
import pytest
import shapely

from gjkcli.algorithms.decompose import InvalidPolygonError, _invalid, decompose
from gjkcli.corpus.compounds import star_polygon
from gjkcli.shapes.base import Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import convexity_problem, orientation

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


# The decomposition pinned down (issue 15 made it faster; a record holds its parts, so
# it must not change by a vertex). Seeded polygons of three kinds, made here so that the
# reference below depends on nothing else: stars with holes, rectilinear polygons with
# pockets and holes on an integer grid (collinear and cocircular corners, where the
# triangulation has ties), and either kind with a corner added halfway along some edges.


def _star(rng: random.Random) -> tuple[Ring, list[Ring]]:
    count = rng.randint(5, 30)
    radius = rng.choice([1.0, 3.0, 40.0, 2.0**-30, 2.0**40])
    ring = []
    for k in range(count):
        angle = (k + rng.uniform(0.1, 0.9)) * 2.0 * math.pi / count
        reach = radius * rng.uniform(0.3, 1.0)
        ring.append((reach * math.cos(angle), reach * math.sin(angle)))
    holes = []
    for centre in [(0.0, 0.0), (-0.12, 0.0), (0.12, 0.0)][: rng.randint(0, 2)]:
        corners = rng.randint(3, 7)
        holes.append(
            [
                (
                    radius * (centre[0] + 0.05 * math.cos(2.0 * math.pi * k / corners)),
                    radius * (centre[1] + 0.05 * math.sin(2.0 * math.pi * k / corners)),
                )
                for k in range(corners)
            ]
        )
    return ring, holes


def _pockets(rng: random.Random) -> tuple[Ring, list[Ring]]:
    """A comb: a bar along the bottom with teeth of random widths and heights; holes are
    squares in the bar."""
    teeth = rng.randint(1, 5)
    ring: Ring = [(0.0, 0.0)]
    x = 0.0
    for _ in range(teeth):
        width, gap, height = rng.randint(1, 3), rng.randint(1, 3), rng.randint(3, 8)
        ring += [(x + width, 0.0)] if not ring or ring[-1] != (x + width, 0.0) else []
        x += width
        ring += [(x, -height), (x + gap, -height)]
        x += gap
    ring += [(x + 1.0, 0.0), (x + 1.0, 4.0), (0.0, 4.0)]
    holes = [
        [(h + 0.0, 1.0), (h + 0.0, 2.0), (h + 1.0, 2.0), (h + 1.0, 1.0)]
        for h in range(1, int(x), 3)
        if rng.random() < 0.5
    ]
    return ring, holes


def _with_midpoints(rng: random.Random, ring: Ring) -> Ring:
    out: Ring = []
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        out.append(a)
        if rng.random() < 0.4:
            out.append(((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0))
    return out


def pinned_polygons() -> Iterator[tuple[Ring, list[Ring]]]:
    rng = random.Random(15)
    for index in range(240):
        ring, holes = (_star if index % 2 else _pockets)(rng)
        if index % 3 == 0:
            ring = _with_midpoints(rng, ring)
        if index % 5 == 0:
            ring = ring[::-1]
        if index % 7 == 0:
            ring = [*ring, ring[0]]  # closed
        yield ring, holes


def _twice_area(ring: Sequence[Vec]) -> Fraction:
    exact = [(Fraction(x), Fraction(y)) for x, y in ring]
    return sum(
        (
            x0 * y1 - x1 * y0
            for (x0, y0), (x1, y1) in zip(exact, exact[1:] + exact[:1], strict=True)
        ),
        Fraction(0),
    )


def test_pinned_polygons_are_cut_into_convex_parts_that_add_up_exactly() -> None:
    for shell, holes in pinned_polygons():
        parts = [part.vertices for part in decompose(shell, holes).parts]  # type: ignore[attr-defined]
        # convex, counter-clockwise, with an area, and made of the polygon's corners
        corners = set(shell) | {p for hole in holes for p in hole}
        assert all(convexity_problem(part) is None for part in parts)
        assert all(_twice_area(part) > 0 for part in parts)
        assert all(p in corners for part in parts for p in part)
        # no gap and no overlap: the areas add up exactly, and the union is the polygon
        area = abs(_twice_area(shell)) - sum(abs(_twice_area(hole)) for hole in holes)
        assert sum(_twice_area(part) for part in parts) == area
        union = shapely.union_all([shapely.Polygon(part) for part in parts])
        assert shapely.symmetric_difference(union, shapely.Polygon(shell, holes)).area <= (
            1e-12 * float(area)
        )
        # Hertel-Mehlhorn leaves no edge between two parts whose union would be convex
        # (a removal only widens the angles at the other edges' ends)
        where = {
            (u, v): (k, i)
            for k, part in enumerate(parts)
            for i, (u, v) in enumerate(zip(part, part[1:] + part[:1], strict=True))
        }
        for (u, v), (k, i) in where.items():
            if (v, u) not in where:
                continue
            j = where[(v, u)][1]
            p, q = parts[k], parts[where[(v, u)][0]]
            at_u = orientation(p[i - 1], u, q[(j + 2) % len(q)])
            at_v = orientation(q[j - 1], v, p[(i + 2) % len(p)])
            assert at_u < 0 or at_v < 0


PINNED_DIGEST = "7e9043e97bde2dc0fc9242c69ed67a6da3eb018018ff39aa821a75950a9f109c"
PINNED_GEOS = (3, 14, 1)
"""The GEOS the digest was taken with: the inputs come from its concave hulls and the parts
from its triangulation, which another version may draw otherwise (and rightly)."""


@pytest.mark.skipif(shapely.geos_version != PINNED_GEOS, reason="digest taken with GEOS 3.14.1")
def test_pinned_polygons_give_the_parts_they_gave() -> None:
    # a digest of every part's vertices, in order, and of the geometry, as the code of
    # e7dc048 (before issue 15's changes) gave them: any change to a decomposition, a
    # vertex's order or a coordinate's sign included, changes it
    digest = hashlib.sha256()
    for shell, holes in pinned_polygons():
        compound = decompose(shell, holes)
        digest.update(repr([part.vertices for part in compound.parts]).encode())  # type: ignore[attr-defined]
        digest.update(repr(compound.geometry).encode())
    assert digest.hexdigest() == PINNED_DIGEST


def test_a_valid_polygon_has_rings_valid_alone() -> None:
    # decompose skips the ring-by-ring checks when GEOS calls the whole polygon valid,
    # which holds because GEOS then calls each ring valid on its own
    for shell, holes in [*pinned_polygons(), *star_polygons(100, seed=9), *concave_hulls(50, 10)]:
        assert shapely.is_valid(shapely.Polygon(shell, holes))
        assert all(shapely.is_valid(shapely.Polygon(ring)) for ring in (shell, *holes))


def _ring_by_ring(shell: Ring, holes: list[Ring]) -> tuple[str, int | None] | None:
    """What is wrong with a polygon, checked ring by ring and then whole (the order in
    which decompose blames a ring), or ``None``."""
    for ring, points in enumerate((shell, *holes)):
        problem = convexity_problem(points)
        if problem is not None and problem.degenerate:
            return problem.message, ring
        reason = shapely.is_valid_reason(shapely.Polygon(points))
        if reason != "Valid Geometry":
            return str(_invalid(reason, ring)), ring
    reason = shapely.is_valid_reason(shapely.Polygon(shell, holes))
    return None if reason == "Valid Geometry" else (str(_invalid(reason, None)), None)


def test_random_polygons_are_refused_as_the_ring_by_ring_check_says() -> None:
    rng = random.Random(16)
    square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]
    refused = 0
    for index in range(400):
        if index % 2:  # random rings on a small grid: crossing, touching, flat
            shell = [(float(rng.randint(0, 5)), float(rng.randint(0, 5))) for _ in range(6)]
            holes: list[Ring] = []
        else:  # holes anywhere: outside, across the exterior, nested, touching
            shell = square
            holes = []
            for _ in range(rng.randint(1, 3)):
                x, y, r = rng.randint(-1, 5), rng.randint(-1, 5), rng.choice([0.5, 1.0, 2.0])
                holes.append([(x - r, y), (x, y - r), (x + r, y), (x, y + r)][: rng.randint(2, 4)])
        expected = _ring_by_ring(shell, holes)
        if expected is None:
            assert decompose(shell, holes).parts
            continue
        refused += 1
        with pytest.raises(InvalidPolygonError) as caught:
            decompose(shell, holes)
        assert (str(caught.value), caught.value.ring) == expected
    assert refused >= 250


def test_the_compiled_merge_gives_the_pythons_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    # gjkcli/_merge.c: the same parts, corner for corner, on polygons with collinear
    # corners and holes, tiny and huge (near 1e-140 it leaves its turns to the rationals)
    from gjkcli import engine
    from gjkcli.algorithms import decompose as module

    if engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    cases = [*polygons(), *pinned_polygons()]
    cases += [
        (
            [(x * scale, y * scale) for x, y in shell],
            [[(x * scale, y * scale) for x, y in h] for h in holes],
        )
        for scale in (1e-140, 3.0**-100, 1e60)
        for shell, holes in list(pinned_polygons())[:20]
    ]
    merged = 0
    for shell, holes in cases:
        compiled = decompose(shell, holes)
        corners = module._Corners([shell, *holes])
        triangles = module._triangles(module._check_valid([shell, *holes]), corners)
        merged += module._compiled_merge(triangles, corners.points) is not None
        with monkeypatch.context() as patch:
            patch.setattr(module, "compiled", lambda: None)
            reference = decompose(shell, holes)
        assert repr(compiled) == repr(reference)
    assert 0.9 * len(cases) < merged < len(cases)


def test_a_crossing_far_out_is_found_where_it_is_and_quietly() -> None:
    """GEOS's validity check overflows near 1e140 (three coordinates multiplied where two
    edges cross), warns, and misplaces the crossing: the rings are checked scaled by a
    power of two, exactly, and the place scaled back."""
    scale = 1e140
    ring = [(4.32, -0.81), (2.32, -0.81), (4.32, 0.19), (3.32, 0.19), (3.32, 1.19), (2.32, 1.19)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(InvalidPolygonError) as raised:
            decompose([(x * scale, y * scale) for x, y in ring])
    x, y = raised.value.where or (0.0, 0.0)
    assert "crosses itself" in str(raised.value)
    assert math.isclose(x, 3.6533333333 * scale, rel_tol=1e-3)
    assert math.isclose(y, -0.14333333 * scale, rel_tol=1e-2)


@pytest.mark.parametrize(
    "shell",
    [
        [(1e-300, 1e150), (2e-300, 0.0), (1e150, 0.0)],
        [(1e-300, 1e150), (2e-300, 0.0), (1e150, 0.0), (1e150, 1e150)],
        [(3e-306, 8e148), (1.9e-322, 5e148), (3.75e-322, 0.0), (8e148, 0.0), (4e148, 3e148)],
    ],
)
def test_corners_that_scaling_puts_on_one_line_are_still_found(shell: Ring) -> None:
    """Scaled down for GEOS, the tiny ``x`` of two corners underflow to one number while
    their ``y`` keep them apart, and in the other order: each triangle's corner is still
    found among the polygon's own, and the parts add up to the polygon."""
    parts = [part.vertices for part in decompose(shell).parts]  # type: ignore[attr-defined]
    assert all(convexity_problem(part) is None for part in parts)
    assert all(p in shell for part in parts for p in part)
    assert sum(_twice_area(part) for part in parts) == abs(_twice_area(shell))
