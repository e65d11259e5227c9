"""1,000 seeded random convex polygon pairs: both GJK queries against Shapely."""

from __future__ import annotations

import random

import shapely

from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.intersect import intersects
from gjkcli.shapes import Polytope
from gjkcli.tolerances import AGREEMENT_RELATIVE
from tests.helpers import random_polygon_pair

PAIRS = 1000


def test_random_polygon_pairs_agree_with_shapely() -> None:
    rng = random.Random(20261122)
    separated = intersecting = 0
    for index in range(PAIRS):
        ring_a, ring_b, scale = random_polygon_pair(rng)
        a, b = Polytope(tuple(ring_a)), Polytope(tuple(ring_b))
        geometry_a = shapely.MultiPoint(ring_a).convex_hull
        geometry_b = shapely.MultiPoint(ring_b).convex_hull
        expected = shapely.distance(geometry_a, geometry_b)
        result = distance(a, b)
        boolean = intersects(a, b)
        context = f"pair {index}: {ring_a} {ring_b}"
        assert abs(result.distance - expected) <= AGREEMENT_RELATIVE * (1.0 + scale), context
        outside_band = max(expected, result.raw_distance) > result.band
        if outside_band:
            truth = bool(shapely.intersects(geometry_a, geometry_b))
            assert result.intersects is truth, context
            assert boolean.intersects is truth, context
        separated += not result.intersects
        intersecting += result.intersects
    # Both outcomes are well represented, so the test exercises both paths.
    assert separated > PAIRS // 5 and intersecting > PAIRS // 5
