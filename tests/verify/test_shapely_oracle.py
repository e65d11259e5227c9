"""The Shapely stand-ins: exact for polygons, inside curved shapes within their bound."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
import shapely

from gjkcli.algorithms.epa import penetration
from gjkcli.shapes import Polytope, circle, ellipse, point, rectangle, segment, union_of
from gjkcli.shapes.compound import Shape
from gjkcli.verify.shapely_oracle import (
    shapely_answer,
    shapely_geometry,
    shapely_penetration,
    shapely_penetrations,
    stand_ins,
)
from tests.algorithms.test_outline import random_curved


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


def test_curved_stand_in_lies_inside_the_shape() -> None:
    shape = ellipse((1.0, 2.0), (3.0, 0.5), 25.0)
    geometry, error = shapely_geometry(shape)
    assert 0.0 < error < 1e-4
    for x, y in np.asarray(geometry.exterior.coords):
        # (x, y) is on or inside the ellipse
        u, v = x - 1.0, y - 2.0
        c, s = math.cos(math.radians(25.0)), math.sin(math.radians(25.0))
        lx, ly = c * u + s * v, -s * u + c * v
        assert (lx / 3.0) ** 2 + (ly / 0.5) ** 2 <= 1.0 + 1e-12


def test_a_stand_in_is_the_same_whatever_is_traced_with_it() -> None:
    # the curved shapes of a call, compounds' members too, are traced all at once
    rng = random.Random(31)
    shapes: list[Shape] = [random_curved(rng) for _ in range(40)]
    shapes += [rectangle((1.0, 2.0), (3.0, 1.0))]
    shapes += [union_of([random_curved(rng), point((9.0, 9.0))]) for _ in range(3)]
    rng.shuffle(shapes)
    geometries, errors = stand_ins(shapes)
    for shape, geometry, error in zip(shapes, geometries, errors, strict=True):
        alone, alone_error = shapely_geometry(shape)
        assert shapely.to_wkb(geometry) == shapely.to_wkb(alone)
        assert error == alone_error


def test_the_depth_oracle_is_the_same_for_a_pair_alone() -> None:
    rng = random.Random(32)
    pairs = [(random_curved(rng), random_curved(rng)) for _ in range(30)]
    pairs += [(rectangle((0.0, 0.0), (2.0, 2.0)), random_curved(rng)) for _ in range(5)]
    together = shapely_penetrations(pairs)
    assert any(depth is not None for depth, _ in together)
    assert together == [shapely_penetration(a, b) for a, b in pairs]


def test_stand_ins_of_a_point_and_of_collinear_points() -> None:
    geometries, errors = stand_ins([point((1.0, 2.0)), segment((0.0, 0.0), (2.0, 2.0))])
    assert geometries[0].wkt == "POINT (1 2)"
    assert geometries[1].geom_type == "LineString"
    assert errors.tolist() == [0.0, 0.0]


def test_the_depth_oracle_survives_repeated_nearly_collinear_points() -> None:
    # GEOS's hull of these 45 vertex differences (many repeated, some nearly
    # collinear) was a ring that is not convex and missed the origin
    a = Polytope(
        (
            (1.0347815033241226e-05, 6.001213987395246e-06),
            (5.347815033241226e-06, 1.6001213987395245e-05),
            (-4.652184966758775e-06, 3.600121398739525e-05),
            (1.0347815033241226e-05, 6.001213987395246e-06),
        )
    )
    b = Polytope(
        (
            (-9.652184966758776e-06, 4.600121398739525e-05),
            (-3.07028737102988e-06, 3.275063408901999e-05),
            (-3.4403267089424036e-06, 3.8575515240194107e-05),
        )
        * 5
    )
    depth, error = shapely_penetration(a, b)
    overlap = penetration(a, b)
    assert depth is not None and overlap is not None
    assert error == 0.0
    assert depth == pytest.approx(overlap.depth, rel=1e-9)


def test_a_polygons_mapping_builds_the_geometry_shapely_builds() -> None:
    # the compound stand-in's own construction of a decomposed polygon (rings of float
    # pairs, open or closed, with holes), and Shapely's for everything else: the same WKB
    from gjkcli.algorithms.decompose import decompose
    from gjkcli.verify.shapely_oracle import _from_mapping

    rng = random.Random(15)
    mappings: list[dict[str, object]] = [
        {"type": "Point", "coordinates": [1.0, 2.0]},
        {"type": "Polygon", "coordinates": [[[0, 0], [4, 0], [0, 4]]]},  # ints: Shapely's
        {"type": "MultiPolygon", "coordinates": [[[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]]]},
    ]
    for _ in range(200):
        count = rng.randint(5, 12)
        shell = [
            (radius * math.cos(2 * math.pi * k / count), radius * math.sin(2 * math.pi * k / count))
            for k, radius in enumerate(rng.uniform(1.0, 3.0) for _ in range(count))
        ]
        holes = [[(-0.3, -0.3), (-0.3, 0.3), (0.3, 0.3), (0.3, -0.3)]] if rng.random() < 0.5 else []
        if rng.random() < 0.5:
            shell.append(shell[0])
        mappings.append(decompose(shell, holes).geometry or {})
    for mapping in mappings:
        assert _from_mapping(mapping).wkb == shapely.geometry.shape(mapping).wkb, mapping
