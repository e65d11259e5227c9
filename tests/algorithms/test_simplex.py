"""The simplex solver against brute force."""

from __future__ import annotations

import math
import random
import sys

import pytest

from gjkcli.algorithms.simplex import closest_to_origin
from gjkcli.shapes.base import Vec


def brute_force_distance(points: list[Vec]) -> float:
    """Distance from the origin to the hull of 1-3 points: inside test, else nearest edge."""
    if len(points) == 1:
        return math.hypot(*points[0])

    def segment_distance(p: Vec, q: Vec) -> float:
        ex, ey = q[0] - p[0], q[1] - p[1]
        length2 = ex * ex + ey * ey
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, -(p[0] * ex + p[1] * ey) / length2))
        return math.hypot(p[0] + t * ex, p[1] + t * ey)

    edges = [segment_distance(points[i], points[j]) for i in range(len(points)) for j in range(i)]
    if len(points) == 3:
        (x1, y1), (x2, y2), (x3, y3) = points
        d1 = (x2 - x1) * (0 - y1) - (y2 - y1) * (0 - x1)
        d2 = (x3 - x2) * (0 - y2) - (y3 - y2) * (0 - x2)
        d3 = (x1 - x3) * (0 - y3) - (y1 - y3) * (0 - x3)
        if (d1 >= 0 and d2 >= 0 and d3 >= 0) or (d1 <= 0 and d2 <= 0 and d3 <= 0):
            return 0.0
    return min(edges)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_closest_point_matches_brute_force(count: int) -> None:
    rng = random.Random(count)
    for _ in range(2000):
        points = [(rng.uniform(-3, 3), rng.uniform(-3, 3)) for _ in range(count)]
        closest = closest_to_origin(points)
        assert math.hypot(*closest.v) == pytest.approx(brute_force_distance(points), abs=1e-12)
        assert sum(closest.weights) == pytest.approx(1.0)
        assert all(w >= 0.0 for w in closest.weights)
        # v is the weighted sum of the kept points
        vx = sum(w * points[i][0] for w, i in zip(closest.weights, closest.kept, strict=True))
        vy = sum(w * points[i][1] for w, i in zip(closest.weights, closest.kept, strict=True))
        assert (vx, vy) == pytest.approx(closest.v, abs=1e-12)


def test_collinear_triangle_uses_its_longest_edge() -> None:
    closest = closest_to_origin([(-1.0, 1.0), (0.5, 1.0), (3.0, 1.0)])
    assert closest.v == pytest.approx((0.0, 1.0))
    assert sorted(closest.kept) in ([0, 1], [0, 2])


def test_origin_on_an_edge_keeps_that_edge() -> None:
    closest = closest_to_origin([(0.0, 2.0), (0.0, -2.0), (-2.0, -2.0)])
    assert closest.kept == (0, 1)
    assert closest.v == (0.0, 0.0)


def test_more_than_three_points_is_an_error() -> None:
    with pytest.raises(ValueError, match="1 to 3"):
        closest_to_origin([(0.0, 0.0)] * 4)


@pytest.mark.parametrize("scale", [1e80, 1e120, 1e150])
def test_a_triangle_at_huge_coordinates_has_finite_weights(scale: float) -> None:
    """``n * cross(w2, w3)`` grows with the 4th power of the coordinates and overflowed."""
    points = [(-0.5 * scale, -scale), (scale, -0.25 * scale), (0.0, scale)]
    closest = closest_to_origin(points)
    assert closest.kept == (0, 1, 2)
    assert all(math.isfinite(w) and w > 0.0 for w in closest.weights)
    assert sum(closest.weights) == pytest.approx(1.0)
    assert weighted_sum_error(points, closest.weights) <= 4 * EPSILON


EPSILON = sys.float_info.epsilon


def weighted_sum_error(points: list[Vec], weights: tuple[float, ...]) -> float:
    """``|sum weights_i points_i|``, in units of the largest coordinate."""
    x = math.fsum(w * p[0] for w, p in zip(weights, points, strict=True))
    y = math.fsum(w * p[1] for w, p in zip(weights, points, strict=True))
    return math.hypot(x, y) / max(abs(c) for p in points for c in p)


def test_a_sliver_triangle_around_the_origin_gets_weights_that_sum_to_it() -> None:
    """The last simplex of boolean GJK on a circle touching a polygon: two corners 1e-7
    apart. Weights from the rounded cross products summed to a point 6e-5 from the origin."""
    points = [
        (0.519230832173792, -0.7788462482604648),
        (-0.4807692307859426, 0.7211538461789138),
        (0.5192307692307712, -0.7788461538461569),
    ]
    closest = closest_to_origin(points)
    assert closest.kept == (0, 1, 2)
    assert weighted_sum_error(points, closest.weights) <= 4 * EPSILON


def test_random_sliver_triangles_around_the_origin_get_weights_that_sum_to_it() -> None:
    rng = random.Random(17)
    for _ in range(500):
        far = (rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0))
        t = rng.uniform(0.2, 5.0)
        width = 10.0 ** rng.uniform(-12.0, -4.0)
        near = (-far[0] * t, -far[1] * t)  # the origin lies on the segment far -> near
        side = (-far[1] * width, far[0] * width)
        points = [
            far,
            (near[0] + side[0], near[1] + side[1]),
            (near[0] - side[0], near[1] - side[1]),
        ]
        closest = closest_to_origin(points)
        assert closest.kept == (0, 1, 2)
        assert weighted_sum_error(points, closest.weights) <= 4 * EPSILON, points
