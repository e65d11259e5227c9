"""The Minkowski difference: the edge merge against Shapely's hull of all vertex differences."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import shapely

from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.algorithms.minkowski import MinkowskiPolygon, edge_merge, minkowski_difference
from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.shapes import Affine, capsule, circle, ellipse, point, rectangle, segment, transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import rounding
from tests.helpers import random_convex_ring


def shapely_difference(a: list[Vec], b: list[Vec]) -> shapely.Geometry:
    """Shapely's independent answer: the convex hull of every vertex difference."""
    differences = [(p[0] - q[0], p[1] - q[1]) for p in a for q in b]
    return shapely.MultiPoint(differences).convex_hull


def same_polygon(ours: list[Vec], theirs: shapely.Geometry, scale: float) -> bool:
    """Equal as point sets, up to vertex order, collinear vertices and rounding."""
    if len(ours) < 3:
        mine = shapely.MultiPoint(ours).convex_hull
        return bool(mine.equals_exact(theirs.normalize(), 1e-12 * scale) or mine.equals(theirs))
    polygon = shapely.Polygon(ours)
    if not polygon.is_valid:
        return False
    return bool(
        polygon.symmetric_difference(theirs).area <= 1e-12 * scale * scale
        and shapely.hausdorff_distance(polygon, theirs) <= 1e-12 * scale
    )


def assert_counter_clockwise_and_convex(vertices: list[Vec]) -> None:
    n = len(vertices)
    for k in range(n):
        (x0, y0), (x1, y1), (x2, y2) = vertices[k - 1], vertices[k], vertices[(k + 1) % n]
        turn = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
        scale = max(abs(c) for v in vertices for c in v)
        assert turn >= -1e-12 * scale * scale


def test_seed_example() -> None:
    a = [(0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
    b = [(0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
    vertices, sources = edge_merge(a, b)
    assert vertices == [(-2.0, -2.0), (2.0, -2.0), (0.0, 2.0)]
    assert same_polygon(vertices, shapely_difference(a, b), 1.0)
    for (x, y), (i, j) in zip(vertices, sources, strict=True):
        assert (x, y) == (a[i][0] - b[j][0], a[i][1] - b[j][1])


def test_random_polygon_pairs_match_shapely() -> None:
    rng = random.Random(41)
    for _ in range(400):
        scale = 10.0 ** rng.uniform(-2, 3)
        center_a = (rng.uniform(-5, 5) * scale, rng.uniform(-5, 5) * scale)
        center_b = (rng.uniform(-5, 5) * scale, rng.uniform(-5, 5) * scale)
        a = random_convex_ring(rng, rng.randint(1, 12), center_a, rng.uniform(0.1, 3) * scale)
        b = random_convex_ring(rng, rng.randint(1, 12), center_b, rng.uniform(0.1, 3) * scale)
        rng.shuffle(a)  # the edge merge takes any order: it starts from the hulls
        vertices, sources = edge_merge(a, b)
        extent = max(abs(c) for p in a + b for c in p)
        assert same_polygon(vertices, shapely_difference(a, b), extent), (a, b)
        assert len(vertices) <= len(convex_hull_indices(a)) + len(convex_hull_indices(b))
        assert_counter_clockwise_and_convex(vertices)
        for (x, y), (i, j) in zip(vertices, sources, strict=True):
            assert (x, y) == (a[i][0] - b[j][0], a[i][1] - b[j][1])


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ([(1.0, 2.0)], [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], [(1.0, 1.0), (1.0, 2.0), (0.0, 2.0)]),
        (
            [(0.0, 0.0), (2.0, 0.0)],
            [(0.0, 0.0), (0.0, 1.0)],
            [(0.0, -1.0), (2.0, -1.0), (2.0, 0.0), (0.0, 0.0)],
        ),
        ([(0.0, 0.0), (2.0, 0.0)], [(5.0, 0.0), (6.0, 0.0)], [(-6.0, 0.0), (-3.0, 0.0)]),
        ([(3.0, 3.0)], [(1.0, 1.0)], [(2.0, 2.0)]),
    ],
)
def test_degenerate_shapes(a: list[Vec], b: list[Vec], expected: list[Vec]) -> None:
    vertices, _ = edge_merge(a, b)
    assert vertices == expected


def test_exact_for_polytopes_through_the_api() -> None:
    result = minkowski_difference(
        rectangle((0.0, 0.0), (2.0, 2.0)), segment((0.0, 0.0), (1.0, 1.0))
    )
    assert result.exact and result.error == 0.0
    assert len(result.sources) == len(result.vertices)


def test_square_minus_diagonal_segment() -> None:
    # [-1, 1]^2 - segment (0,0)-(1,1) is the hexagon of the square swept back along (-1, -1).
    result = minkowski_difference(
        rectangle((0.0, 0.0), (2.0, 2.0)), segment((0.0, 0.0), (1.0, 1.0))
    )
    assert result.vertices == (
        (-2.0, -2.0),
        (0.0, -2.0),
        (1.0, -1.0),
        (1.0, 1.0),
        (-1.0, 1.0),
        (-2.0, 0.0),
    )


def test_traced_difference_of_curved_shapes_lies_inside_and_within_its_bound() -> None:
    rng = random.Random(42)
    for a, b in [
        (circle((0.0, 0.0), 1.0), circle((3.0, 1.0), 2.0)),
        (ellipse((0.0, 0.0), (3.0, 1.0), 30.0), rectangle((1.0, 1.0), (2.0, 1.0), 10.0)),
        (capsule((0.0, 0.0), (4.0, 1.0), 0.5), point((1.0, 1.0))),
    ]:
        result: MinkowskiPolygon = minkowski_difference(a, b)
        assert not result.exact and result.error > 0.0
        difference = MinkowskiDifference(a, b)
        polygon = shapely.Polygon(result.vertices)
        for _ in range(300):
            t = rng.uniform(0, 2 * math.pi)
            d = (math.cos(t), math.sin(t))
            reach = max(v[0] * d[0] + v[1] * d[1] for v in result.vertices)
            far = difference.support(d)
            true_reach = far[0] * d[0] + far[1] * d[1]
            assert reach <= true_reach + 1e-12  # inside
            assert polygon.distance(shapely.Point(far)) <= result.error + 1e-12  # within the bound


def test_two_circles_difference_is_a_circle_of_the_summed_radius() -> None:
    result = minkowski_difference(circle((0.0, 0.0), 1.0), circle((3.0, 1.0), 2.0))
    radii = np.hypot(np.array(result.vertices)[:, 0] + 3.0, np.array(result.vertices)[:, 1] + 1.0)
    assert radii.max() == pytest.approx(3.0, abs=1e-12)
    assert radii.min() >= 3.0 - 1e-12


def test_hull_matches_shapely() -> None:
    rng = random.Random(43)
    for _ in range(300):
        cloud = [(rng.uniform(-5, 5), rng.uniform(-5, 5)) for _ in range(rng.randint(1, 30))]
        indices = convex_hull_indices(cloud)
        hull = shapely.MultiPoint(cloud).convex_hull
        ours = [cloud[i] for i in indices]
        assert same_polygon(ours, hull, 5.0)
        lowest = min(ours, key=lambda p: (p[1], p[0]))
        assert ours[0] == lowest


@pytest.mark.parametrize(
    "flat",
    [
        ellipse((0.0, 0.0), (2.0, 0.0), 30.0),
        ellipse((1e9, -1e9), (2.0, 0.0), 30.0),
        transformed(circle((0.0, 0.0), 1.0), Affine.from_parts((1.0, 0.0))),
    ],
)
def test_a_flattened_curve_minus_a_point_is_a_segment(flat: ConvexShape) -> None:
    # gjkcli issue 13: 66 vertices with 5 distinct values, a self-crossing polygon
    # of no area; polygons give a segment here, and so must curves
    result = minkowski_difference(flat, point((1.0, 1.0)))
    assert not result.exact
    assert len(result.vertices) == 2
    (ax, ay), (bx, by) = result.vertices
    truth = MinkowskiDifference(flat, point((1.0, 1.0)))
    for end in result.vertices:  # each end is within the bound of an end of the segment
        ends = [truth.support((bx - ax, by - ay)), truth.support((ax - bx, ay - by))]
        assert min(math.dist(end, far) for far in ends) <= result.error
    reach = max(abs(ax), abs(ay), abs(bx), abs(by))
    assert result.error <= 4 * rounding(4.0 + reach)  # rounding, no more


def test_two_crossing_flattened_curves_have_a_difference_with_area() -> None:
    # two ellipses flattened to crossing segments: A - B is a square, not flat
    a = ellipse((0.0, 0.0), (2.0, 0.0), 30.0)
    b = ellipse((0.0, 0.0), (2.0, 0.0), 120.0)
    square = minkowski_difference(a, b)
    assert len(square.vertices) == 4
    assert shapely.Polygon(square.vertices).area == pytest.approx(16.0, rel=1e-12)
