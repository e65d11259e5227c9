"""Support functions against analytic values."""

from __future__ import annotations

import math
import random

import pytest

from gjkcli.shapes import (
    Affine,
    Polytope,
    Rounded,
    Transformed,
    bounding_box,
    capsule,
    circle,
    convex_polygon,
    ellipse,
    hull,
    point,
    rectangle,
    rounded,
    segment,
    transformed,
)
from gjkcli.shapes.affine import rotation
from gjkcli.shapes.base import ConvexShape, Vec, supports

DIRECTIONS = [(math.cos(k * math.pi / 12), math.sin(k * math.pi / 12)) for k in range(24)]


def dot(p: Vec, d: Vec) -> float:
    return p[0] * d[0] + p[1] * d[1]


def brute_force_support(points: list[Vec], d: Vec) -> float:
    return max(dot(p, d) for p in points)


def test_point_support_is_the_point() -> None:
    for d in DIRECTIONS:
        assert point((3.0, -2.0)).support(d) == (3.0, -2.0)


def test_segment_support_is_the_farther_end() -> None:
    shape = segment((0.0, 0.0), (4.0, 2.0))
    assert shape.support((1.0, 0.0)) == (4.0, 2.0)
    assert shape.support((-1.0, 0.0)) == (0.0, 0.0)
    assert shape.support((-1.0, 2.1)) == (4.0, 2.0)
    assert shape.support((-1.0, 1.9)) == (0.0, 0.0)
    assert shape.support((-1.0, 2.0)) == (0.0, 0.0)  # a tie goes to the first vertex


def test_polygon_and_hull_supports_match_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(50):
        cloud = [(rng.uniform(-5, 5), rng.uniform(-5, 5)) for _ in range(rng.randint(1, 15))]
        shape = hull(cloud)
        for d in DIRECTIONS:
            assert dot(shape.support(d), d) == brute_force_support(cloud, d)
    square = convex_polygon([(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0), (0.0, 0.0)])
    assert square.support((1.0, 1.0)) == (2.0, 2.0)
    assert square.support((-1.0, 0.5)) == (0.0, 2.0)


def test_circle_support_is_center_plus_radius_along_direction() -> None:
    shape = circle((1.0, -1.0), 2.5)
    for d in DIRECTIONS:
        x, y = shape.support((d[0] * 7.0, d[1] * 7.0))  # the direction's length does not matter
        assert x == pytest.approx(1.0 + 2.5 * d[0], abs=1e-15)
        assert y == pytest.approx(-1.0 + 2.5 * d[1], abs=1e-15)


@pytest.mark.parametrize("rotation_degrees", [0.0, 30.0, 90.0, 137.0])
def test_ellipse_support_matches_the_closed_form(rotation_degrees: float) -> None:
    # In the ellipse's own frame the support point in direction (u, v) is
    # (rx^2 u, ry^2 v) / sqrt(rx^2 u^2 + ry^2 v^2); rotate in and out of it.
    rx, ry, cx, cy = 3.0, 0.5, 2.0, -1.0
    shape = ellipse((cx, cy), (rx, ry), rotation_degrees)
    c, s = math.cos(math.radians(rotation_degrees)), math.sin(math.radians(rotation_degrees))
    for dx, dy in DIRECTIONS:
        u, v = c * dx + s * dy, -s * dx + c * dy
        norm = math.sqrt(rx * rx * u * u + ry * ry * v * v)
        px, py = rx * rx * u / norm, ry * ry * v / norm
        expected = (cx + c * px - s * py, cy + s * px + c * py)
        assert shape.support((dx, dy)) == pytest.approx(expected, abs=1e-14)
        # and the point is on the ellipse
        x, y = shape.support((dx, dy))
        lx, ly = c * (x - cx) + s * (y - cy), -s * (x - cx) + c * (y - cy)
        assert (lx / rx) ** 2 + (ly / ry) ** 2 == pytest.approx(1.0, abs=1e-13)


def test_rectangle_support_is_a_corner() -> None:
    shape = rectangle((10.0, 5.0), (4.0, 2.0))
    assert shape.support((1.0, 1.0)) == (12.0, 6.0)
    assert shape.support((-1.0, 1.0)) == (8.0, 6.0)
    turned = rectangle((0.0, 0.0), (4.0, 2.0), 90.0)
    assert turned.support((1.0, 1.0)) == (1.0, 2.0)  # exact: quarter turns are exact


def test_rectangle_at_45_degrees_reaches_half_diagonal() -> None:
    shape = rectangle((0.0, 0.0), (2.0, 2.0), 45.0)
    assert shape.support((1.0, 0.0))[0] == pytest.approx(math.sqrt(2.0), abs=1e-15)


def test_capsule_support_is_end_plus_radius() -> None:
    shape = capsule((0.0, 0.0), (4.0, 0.0), 1.0)
    assert shape.support((1.0, 0.0)) == (5.0, 0.0)
    assert shape.support((0.0, 1.0)) == (0.0, 1.0)
    x, y = shape.support((-1.0, -1.0))
    assert (x, y) == pytest.approx((-math.sqrt(0.5), -math.sqrt(0.5)), abs=1e-15)


def test_margin_grows_the_support_by_the_radius() -> None:
    base = rectangle((0.0, 0.0), (2.0, 2.0))
    shape = rounded(base, 0.5)
    for d in DIRECTIONS:
        grown = dot(shape.support(d), d)
        assert grown == pytest.approx(dot(base.support(d), d) + 0.5, abs=1e-14)
    assert rounded(base, 0.0) is base
    assert rounded(circle((0.0, 0.0), 1.0), 0.5) == Rounded(Polytope(((0.0, 0.0),)), 1.5)


def test_transform_maps_direction_in_and_point_out() -> None:
    # A polygon under an arbitrary linear map: the support through the map
    # equals the brute-force maximum over the mapped vertices.
    rng = random.Random(3)
    ring = [(0.0, 0.0), (2.0, 0.0), (3.0, 1.0), (1.0, 2.0)]
    for _ in range(20):
        affine = Affine(
            (rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)),
            (rng.uniform(-5, 5), rng.uniform(-5, 5)),
            None,
        )
        wrapped = Transformed(convex_polygon(ring), affine)
        eager = transformed(convex_polygon(ring), affine)
        mapped = [affine.apply(p) for p in ring]
        for d in DIRECTIONS:
            best = brute_force_support(mapped, d)
            assert dot(wrapped.support(d), d) == pytest.approx(best, abs=1e-12)
            assert dot(eager.support(d), d) == pytest.approx(best, abs=1e-12)


def test_circle_under_non_uniform_scale_is_an_ellipse() -> None:
    scaled = transformed(circle((0.0, 0.0), 1.0), Affine.from_parts((3.0, 0.5), 30.0, (2.0, -1.0)))
    assert isinstance(scaled, Transformed)
    reference = ellipse((2.0, -1.0), (3.0, 0.5), 30.0)
    for d in DIRECTIONS:
        assert scaled.support(d) == pytest.approx(reference.support(d), abs=1e-14)


def test_uniform_scale_keeps_discs_round() -> None:
    scaled = transformed(capsule((0.0, 0.0), (1.0, 0.0), 1.0), Affine.from_parts((-2.0, 2.0), 90.0))
    assert isinstance(scaled, Rounded)
    assert scaled.radius == 2.0
    assert isinstance(scaled.core, Polytope)
    assert scaled.core.vertices == ((0.0, 0.0), (0.0, -2.0))


def test_quarter_turns_are_exact() -> None:
    assert rotation(0.0) == (1.0, 0.0)
    assert rotation(90.0) == (0.0, 1.0)
    assert rotation(180.0) == (-1.0, 0.0)
    assert rotation(270.0) == (0.0, -1.0)
    assert rotation(-90.0) == (0.0, -1.0)
    assert rotation(720.0) == (1.0, 0.0)


def test_zero_direction_returns_a_point_of_the_shape() -> None:
    shapes: list[ConvexShape] = [
        circle((1.0, 1.0), 2.0),
        ellipse((0.0, 0.0), (2.0, 1.0)),
        capsule((0.0, 0.0), (1.0, 0.0), 1.0),
    ]
    for shape in shapes:
        x, y = shape.support((0.0, 0.0))
        assert math.isfinite(x) and math.isfinite(y)


def test_bounding_box_of_each_shape() -> None:
    assert bounding_box(circle((1.0, 2.0), 1.0)) == (0.0, 1.0, 2.0, 3.0)
    assert bounding_box(ellipse((0.0, 0.0), (3.0, 1.0), 90.0)) == (-1.0, -3.0, 1.0, 3.0)
    assert bounding_box(capsule((0.0, 0.0), (4.0, 0.0), 1.0)) == (-1.0, -1.0, 5.0, 1.0)
    assert bounding_box(segment((1.0, 5.0), (-1.0, 2.0))) == (-1.0, 2.0, 1.0, 5.0)


def random_shape(rng: random.Random, depth: int = 0) -> ConvexShape:
    """A polytope (ties and repeated vertices among its vertices), rounded shape (of radius
    0 too) or transformed one (singular maps too), of shapes like these."""
    kind = rng.choice(
        ("polytope", "polytope", "rounded", "transformed") if depth < 2 else ("polytope",)
    )
    if kind == "rounded":
        return Rounded(random_shape(rng, depth + 1), rng.choice((0.0, 0.5, rng.uniform(0, 1e3))))
    if kind == "transformed":
        a, b, c, e = (rng.choice((0.0, -0.0, 1.0, rng.uniform(-5, 5))) for _ in range(4))
        offset = (rng.uniform(-1e6, 1e6), rng.uniform(-1, 1))
        return Transformed(random_shape(rng, depth + 1), Affine((a, b, c, e), offset, None))
    grid = [
        (float(rng.randint(-2, 2)), float(rng.randint(-2, 2))) for _ in range(rng.randint(1, 9))
    ]
    return Polytope(tuple(rng.choice(grid) for _ in range(rng.randint(1, 9))))


def test_supports_along_many_directions_are_the_support_points_bit_for_bit() -> None:
    rng = random.Random(21)
    edges = [(0.0, 0.0), (-0.0, 0.0), (5e-324, -5e-324), (1e300, 1e300), (1.0, -0.0)]
    for _ in range(500):
        shape = random_shape(rng)
        directions = [
            *DIRECTIONS,
            *edges,
            *((rng.uniform(-3, 3), rng.uniform(-3, 3)) for _ in range(20)),
        ]
        rng.shuffle(directions)
        expected = [repr(shape.support(d)) for d in directions]
        assert [repr(p) for p in supports(shape, directions)] == expected


def test_a_shape_without_supports_of_its_own_is_asked_direction_by_direction() -> None:
    class Square:
        def support(self, d: Vec) -> Vec:
            return (math.copysign(1.0, d[0]), math.copysign(1.0, d[1]))

    wrapped = Rounded(Square(), 1.0)
    directions = [(1.0, 0.0), (-1.0, -1.0)]
    assert supports(wrapped, directions) == [wrapped.support(d) for d in directions]
    assert supports(Square(), directions) == [(1.0, 1.0), (-1.0, -1.0)]


def test_only_gjkcli_s_own_shapes_answer_many_directions_at_once() -> None:
    class Flagged:  # a user's shape with a method of that name meaning something else
        def support(self, d: Vec) -> Vec:
            return (math.copysign(2.0, d[0]), 0.0)

        def supports(self, feature: str) -> bool:
            return False

    class Shifted(Polytope):  # a subclass with a support of its own
        def support(self, d: Vec) -> Vec:
            x, y = super().support(d)
            return (x + 10.0, y)

    directions = [(1.0, 0.0), (-1.0, 0.5)]
    assert supports(Rounded(Flagged(), 1.0), directions) == [
        (3.0, 0.0),
        (-2.0 - 2 / 5**0.5, 1 / 5**0.5),
    ]
    shifted = Shifted(((0.0, 0.0), (1.0, 0.0)))
    assert supports(shifted, directions) == [(11.0, 0.0), (10.0, 0.0)]
    assert supports(Rounded(shifted, 0.0), directions) == [(11.0, 0.0), (10.0, 0.0)]
