"""Outlines of curved shapes: the proven error bound, its refinement, and bulk support points."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import shapely

from gjkcli.algorithms.outline import outline, supports
from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.shapes import Affine, capsule, circle, ellipse, rectangle, rounded, transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import CURVE_ERROR_RELATIVE, CURVE_MAX_POINTS, CURVE_SEGMENTS


def dense_boundary(shape: ConvexShape, count: int = 20000) -> list[tuple[float, float]]:
    angles = [2 * math.pi * k / count for k in range(count)]
    return [shape.support((math.cos(t), math.sin(t))) for t in angles]


def random_curved(rng: random.Random) -> ConvexShape:
    """A random curved shape of one of five kinds."""
    kind = rng.choice(["circle", "ellipse", "capsule", "rounded-rectangle", "squashed-capsule"])
    center = (rng.uniform(-5, 5), rng.uniform(-5, 5))
    if kind == "circle":
        return circle(center, rng.uniform(0.01, 5))
    if kind == "ellipse":
        return ellipse(center, (rng.uniform(0.01, 5), rng.uniform(0.01, 5)), rng.uniform(0, 360))
    if kind == "capsule":
        return capsule(center, (rng.uniform(-5, 5), rng.uniform(-5, 5)), rng.uniform(0.01, 2))
    if kind == "rounded-rectangle":
        size = (rng.uniform(0.1, 4), rng.uniform(0.1, 4))
        return rounded(rectangle(center, size, rng.uniform(0, 90)), 0.3)
    squash = Affine.from_parts(
        (rng.uniform(0.2, 3), rng.uniform(0.2, 3)), rng.uniform(0, 360), center
    )
    return transformed(capsule((0.0, 0.0), (1.0, 0.0), 0.5), squash)


def test_error_bound_covers_the_true_boundary_and_is_not_loose() -> None:
    _check_error_bounds(random.Random(21), 12)


@pytest.mark.slow
def test_error_bound_covers_the_true_boundary_on_many_shapes() -> None:
    _check_error_bounds(random.Random(22), 120)


def _check_error_bounds(rng: random.Random, count: int) -> None:
    """Each traced outline's bound covers a dense sampling of the true boundary, and
    along round boundaries is within a small factor of the true error."""
    for _ in range(count):
        shape = random_curved(rng)
        traced = outline(shape)
        polygon = shapely.convex_hull(shapely.linestrings(traced.points))
        boundary = shapely.points(np.array(dense_boundary(shape)))
        worst = float(shapely.distance(boundary, polygon).max())
        assert worst <= traced.error * (1 + 1e-9) + 1e-15
        # The bound is refined down to the target; along round boundaries it
        # also stays within a small factor of the true error. (Across a flat
        # side the true error is 0 and the bound stops at the target.)
        size = float((traced.points.max(axis=0) - traced.points.min(axis=0)).max())
        assert traced.error <= max(CURVE_ERROR_RELATIVE * size * (1 + 1e-6), 5.0 * worst)


def test_circle_error_bound_matches_the_chord_geometry() -> None:
    # For a disc the bound is the sagitta of each chord, r (1 - cos(pi / n)): the true
    # error, attained at the middle of each arc (plus a few units of rounding).
    coarse = outline(circle((0.0, 0.0), 2.0), segments=64, relative_error=1.0)
    angle = math.pi / 64
    assert coarse.error == pytest.approx(2.0 * (1.0 - math.cos(angle)), rel=1e-9)
    # Refined to the default target, 1e-5 of the size (4): 512 directions.
    refined = outline(circle((0.0, 0.0), 2.0), segments=64)
    assert refined.error <= CURVE_ERROR_RELATIVE * 4.0
    assert len(refined.points) == 512


def test_flat_sides_need_only_a_few_extra_directions() -> None:
    traced = outline(capsule((0.0, 0.0), (100.0, 0.0), 1.0))
    assert traced.error <= CURVE_ERROR_RELATIVE * 102.0
    assert len(traced.points) < CURVE_MAX_POINTS


def test_point_cap_is_respected() -> None:
    traced = outline(circle((0.0, 0.0), 1.0), segments=16, max_points=100)
    assert len(traced.points) <= 100
    assert traced.error > CURVE_ERROR_RELATIVE  # the target was not reached, and that is said


def test_bulk_support_points_match_the_shapes_own_support() -> None:
    rng = random.Random(23)
    directions = np.array(
        [(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(50)] + [(0.0, 0.0)]
    )
    for _ in range(30):
        shapes = [random_curved(rng), random_curved(rng)]
        shapes.append(MinkowskiDifference(shapes[0], shapes[1]))
        for shape in shapes:
            bulk = supports(shape, directions)
            for row, d in zip(bulk, directions, strict=True):
                expected = shape.support((float(d[0]), float(d[1])))
                assert tuple(row) == pytest.approx(expected, abs=1e-12)


def test_extra_points_go_where_the_bound_is_worst() -> None:
    # a thin ellipse: with evenly spaced directions only, the intervals round its sharp
    # ends dominate the bound; the few extra points allowed go there first
    thin = ellipse((0.0, 1.0), (3.0, 0.05), 20.0)
    even = outline(thin, segments=256, max_points=256)
    refined = outline(thin, segments=256, max_points=320)
    assert len(even.points) == 256 and even.error > 5e-3
    assert len(refined.points) <= 320 and refined.error < even.error / 40
    round_only = outline(circle((0.0, 0.0), 1.0), segments=256, max_points=320)
    assert len(round_only.points) == 256  # all intervals alike: no point would lower the bound


@pytest.mark.parametrize(
    "shape",
    [
        circle((3.0, 4.0), 0.0),
        ellipse((3.0, 4.0), (0.0, 0.0)),
        capsule((3.0, 4.0), (3.0, 4.0), 0.0),
    ],
)
def test_a_curved_shape_of_size_zero_away_from_the_origin_is_traced_exactly(
    shape: ConvexShape,
) -> None:
    # every direction has the same support point: no interval has any error (this
    # used to be refined until neighbouring directions coincided, and gave NaN)
    traced = outline(shape)
    assert traced.error == 0.0
    assert len(traced.points) == CURVE_SEGMENTS


@pytest.mark.parametrize("center", [(1e6, 0.0), (-1e9, 1e9), (1e12, 1e12)])
def test_a_small_circle_far_out_gets_a_bound_of_its_own_size(center: Vec) -> None:
    # the tangent crossings are found from the support points, not from the origin,
    # so the coordinates' rounding is not divided by the angle between directions
    radius = 1e-3 if abs(center[0]) < 1e12 else 1.0
    traced = outline(circle(center, radius))
    assert traced.error <= max(CURVE_ERROR_RELATIVE * 2 * radius, 1e-15 * abs(center[0]))
