"""The Shapely stand-ins for curved shapes, and the bound on their error."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import shapely

from gjkcli.shapes import (
    Affine,
    capsule,
    circle,
    ellipse,
    rectangle,
    rounded,
    segment,
    transformed,
)
from gjkcli.shapes.base import ConvexShape
from gjkcli.tolerances import CURVE_ERROR_RELATIVE, CURVE_MAX_POINTS
from gjkcli.verify.shapely_oracle import shapely_answer, shapely_geometry, supports


def dense_boundary(shape: ConvexShape, count: int = 20000) -> list[tuple[float, float]]:
    return [
        shape.support((math.cos(2 * math.pi * k / count), math.sin(2 * math.pi * k / count)))
        for k in range(count)
    ]


def random_curved(rng: random.Random) -> ConvexShape:
    kind = rng.choice(["circle", "ellipse", "capsule", "rounded-rectangle", "squashed-capsule"])
    center = (rng.uniform(-5, 5), rng.uniform(-5, 5))
    if kind == "circle":
        return circle(center, rng.uniform(0.01, 5))
    if kind == "ellipse":
        return ellipse(center, (rng.uniform(0.01, 5), rng.uniform(0.01, 5)), rng.uniform(0, 360))
    if kind == "capsule":
        return capsule(center, (rng.uniform(-5, 5), rng.uniform(-5, 5)), rng.uniform(0.01, 2))
    if kind == "rounded-rectangle":
        return rounded(
            rectangle(center, (rng.uniform(0.1, 4), rng.uniform(0.1, 4)), rng.uniform(0, 90)), 0.3
        )
    squash = Affine.from_parts(
        (rng.uniform(0.2, 3), rng.uniform(0.2, 3)), rng.uniform(0, 360), center
    )
    return transformed(capsule((0.0, 0.0), (1.0, 0.0), 0.5), squash)


def test_error_bound_covers_the_true_boundary_and_is_not_loose() -> None:
    rng = random.Random(21)
    for _ in range(40):
        shape = random_curved(rng)
        geometry, bound = shapely_geometry(shape)
        points = shapely.points(np.array(dense_boundary(shape)))
        worst = float(shapely.distance(points, geometry).max())
        assert worst <= bound * (1 + 1e-9) + 1e-15
        # The bound is refined down to the target; along round boundaries it
        # also stays within a small factor of the true error. (Across a flat
        # side the true error is 0 and the bound stops at the target.)
        minx, miny, maxx, maxy = geometry.bounds
        target = CURVE_ERROR_RELATIVE * max(maxx - minx, maxy - miny)
        assert bound <= max(target * (1 + 1e-6), 5.0 * worst)


def test_polygonal_shapes_go_to_shapely_exactly() -> None:
    geometry, bound = shapely_geometry(rectangle((0.0, 0.0), (2.0, 4.0)))
    assert bound == 0.0
    assert geometry.area == 8.0
    geometry, bound = shapely_geometry(segment((0.0, 0.0), (3.0, 4.0)))
    assert bound == 0.0 and geometry.length == 5.0


def test_shapely_distance_is_never_below_the_true_distance() -> None:
    # The stand-ins lie inside the curved shapes, so Shapely can only overestimate.
    rng = random.Random(22)
    for _ in range(100):
        c1, c2 = (rng.uniform(-5, 5), rng.uniform(-5, 5)), (rng.uniform(-5, 5), rng.uniform(-5, 5))
        r1, r2 = rng.uniform(0.1, 2), rng.uniform(0.1, 2)
        answer = shapely_answer(circle(c1, r1), circle(c2, r2))
        true_distance = max(0.0, math.dist(c1, c2) - r1 - r2)
        assert answer.distance >= true_distance - 1e-12
        assert answer.distance <= true_distance + answer.approximation_error + 1e-12


def test_circle_error_bound_matches_the_chord_geometry() -> None:
    # For a disc the bound is the distance from a tangent crossing to its chord:
    # r / cos(pi / n) - r cos(pi / n).
    _, bound = shapely_geometry(circle((0.0, 0.0), 2.0), segments=64, relative_error=1.0)
    angle = math.pi / 64
    assert bound == pytest.approx(2.0 / math.cos(angle) - 2.0 * math.cos(angle), rel=1e-9)
    # Refined to the default target, 1e-5 of the size (4): 1024 directions.
    geometry, refined = shapely_geometry(circle((0.0, 0.0), 2.0), segments=64)
    assert refined <= CURVE_ERROR_RELATIVE * 4.0
    assert len(geometry.exterior.coords) == 1024 + 1


def test_flat_sides_need_only_a_few_extra_directions() -> None:
    geometry, bound = shapely_geometry(capsule((0.0, 0.0), (100.0, 0.0), 1.0))
    assert bound <= CURVE_ERROR_RELATIVE * 102.0
    assert len(geometry.exterior.coords) < CURVE_MAX_POINTS


def test_bulk_support_points_match_the_shapes_own_support() -> None:
    rng = random.Random(23)
    directions = np.array(
        [(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(50)] + [(0.0, 0.0)]
    )
    for _ in range(30):
        shape = random_curved(rng)
        bulk = supports(shape, directions)
        for row, d in zip(bulk, directions, strict=True):
            assert tuple(row) == pytest.approx(shape.support((float(d[0]), float(d[1]))), abs=1e-12)
