"""Ray casts against compound shapes (non-convex polygons, holes, several parts): the first
hit over the parts, checked against hand-derived answers and against Shapely on the
geometry the parts were cut from (issue 18: "Ray cast against any shape")."""

from __future__ import annotations

import math
import random

import pytest
import shapely

from gjkcli import raycast as public_raycast
from gjkcli.algorithms.decompose import decompose
from gjkcli.algorithms.raycast import RayStep, raycast
from gjkcli.corpus.compounds import star_polygon
from gjkcli.shapes import circle, rectangle, union_of
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Compound
from gjkcli.verify.ray_check import check_ray

NOTCH = decompose([(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 1.0), (0.0, 4.0)])  # a V from the top
FRAME = decompose(  # a 10 x 10 square with a 2 x 2 hole in the middle
    [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)],
    [[(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]],
)


def test_a_ray_down_into_a_notch_meets_its_tip() -> None:
    hit = raycast(NOTCH, (2.0, 9.0), (0.0, -1.0), 10.0)
    assert (hit.status, hit.fraction, hit.point) == ("hit", 8.0, (2.0, 1.0))
    assert hit.part is not None and 0 <= hit.part < len(NOTCH.parts)


def test_a_ray_crosses_a_notch_and_meets_its_far_side() -> None:
    # from the left arm's inside edge at height 3 (x = 2/3), across the V to the right arm
    hit = raycast(NOTCH, (1.0, 3.0), (1.0, 0.0), 5.0)
    assert hit.status == "hit" and hit.fraction is not None and hit.normal is not None
    assert math.isclose(hit.fraction, 10.0 / 3.0 - 1.0, rel_tol=1e-15)  # x = 10/3 on the right
    assert math.isclose(hit.normal[0], -math.sqrt(9.0 / 13.0), rel_tol=1e-15)


def test_a_ray_from_inside_the_hole_meets_the_hole_s_side() -> None:
    hit = raycast(FRAME, (5.0, 5.0), (1.0, 0.0), 10.0)
    assert (hit.status, hit.fraction, hit.point, hit.normal) == (
        "hit",
        1.0,
        (6.0, 5.0),
        (-1.0, 0.0),
    )
    assert raycast(FRAME, (5.0, 5.0), (0.5, 0.0), 1.0).status == "miss"  # stops short
    assert raycast(FRAME, (5.0, 2.0), (0.0, 1.0)).status == "inside"  # in the frame


def test_a_start_on_the_cut_between_two_parts_is_inside() -> None:
    # the diagonal the decomposition cuts along is no boundary of the polygon
    assert raycast(NOTCH, (2.0, 0.5), (1.0, 1.0)).status == "inside"


def test_parts_beyond_the_first_hit_are_not_cast() -> None:
    row = union_of([rectangle((4.0 * k, 0.0), (2.0, 2.0)) for k in range(50)])
    steps: list[RayStep] = []
    hit = raycast(row, (-5.0, 0.0), (1.0, 0.0), 500.0, steps)
    assert (hit.status, hit.fraction, hit.part) == ("hit", 4.0, 0)
    assert steps and all(step.iteration <= hit.iterations for step in steps)  # one part's


def test_every_part_misses_for_a_miss() -> None:
    two = union_of([circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)])
    assert raycast(two, (-5.0, 2.0), (1.0, 0.0), 20.0).status == "miss"
    assert raycast(two, (-5.0, 0.5), (1.0, 0.0), 20.0).part == 0


def test_the_public_raycast_takes_any_shape() -> None:
    hit = public_raycast("POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))", (2.0, 9.0), (0.0, -1.0), 10.0)
    assert (hit.status, hit.point) == ("hit", (2.0, 1.0))


def _shapely_first(ring: list[Vec], holes: list[list[Vec]], origin: Vec, end: Vec) -> float | None:
    """Shapely's first point of the segment from ``origin`` to ``end`` in the polygon, as a
    fraction of the segment (None: it misses)."""
    polygon = shapely.Polygon(ring, holes)
    if polygon.intersects(shapely.Point(origin)):
        return 0.0
    cut = shapely.intersection(shapely.LineString([origin, end]), polygon)
    if cut.is_empty:
        return None
    length = math.dist(origin, end)
    return min(math.dist(origin, p) for p in shapely.get_coordinates(cut)) / length


@pytest.mark.parametrize("seed", [18, 1818])
def test_rays_against_star_polygons_agree_with_shapely_on_the_polygon(seed: int) -> None:
    rng = random.Random(seed)
    hits = 0
    for index in range(40):
        ring, holes = star_polygon(rng, rng.uniform(1.0, 20.0), index % 3)
        shell = [(x, y) for x, y in ring]
        cut = [[(x, y) for x, y in hole] for hole in holes]
        shape = decompose(shell, cut)
        assert isinstance(shape, Compound)
        reach = max(math.hypot(x, y) for x, y in shell)
        angle = rng.uniform(0.0, 2.0 * math.pi)
        origin = (1.5 * reach * math.cos(angle), 1.5 * reach * math.sin(angle))
        aim = (rng.uniform(-0.5, 0.5) * reach, rng.uniform(-0.5, 0.5) * reach)
        direction = (aim[0] - origin[0], aim[1] - origin[1])
        checked = check_ray(shape, origin, direction, 2.0)
        assert checked.agree, (index, checked.problems)  # exact per part, Shapely on the ring
        end = (origin[0] + 2.0 * direction[0], origin[1] + 2.0 * direction[1])
        first = _shapely_first(shell, cut, origin, end)
        hit = checked.hit
        if first is None:
            assert hit.status == "miss"
            continue
        hits += 1
        assert hit.status == "hit" and hit.fraction is not None
        assert abs(hit.fraction / 2.0 - first) < 1e-9
    assert hits > 20
