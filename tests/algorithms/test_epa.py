"""EPA: penetration depth, normal and contact points, against analytic values and the oracle."""

from __future__ import annotations

import math
import random

import pytest

from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.epa import Penetration, penetration
from gjkcli.shapes import (
    Affine,
    Polytope,
    capsule,
    circle,
    ellipse,
    point,
    rectangle,
    rounded,
    segment,
    transformed,
)
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.verify.shapely_oracle import shapely_penetration
from tests.algorithms.conftest import Cap
from tests.algorithms.test_outline import random_curved
from tests.helpers import random_convex_ring


def moved(shape: ConvexShape, offset: Vec) -> ConvexShape:
    return transformed(shape, Affine.from_parts(translate=offset))


def overlap(a: ConvexShape, b: ConvexShape) -> Penetration:
    result = penetration(a, b)
    assert result is not None
    return result


def test_circles_overlap_by_the_sum_of_radii_minus_the_center_distance() -> None:
    rng = random.Random(31)
    for _ in range(300):
        c1 = (rng.uniform(-5, 5), rng.uniform(-5, 5))
        c2 = (c1[0] + rng.uniform(-2, 2), c1[1] + rng.uniform(-2, 2))
        r1, r2 = rng.uniform(0.5, 2), rng.uniform(0.5, 2)
        gap = math.dist(c1, c2)
        if gap >= r1 + r2 or gap == 0.0:
            continue
        result = overlap(circle(c1, r1), circle(c2, r2))
        assert result.depth == pytest.approx(r1 + r2 - gap, abs=1e-12)
        expected_normal = ((c2[0] - c1[0]) / gap, (c2[1] - c1[1]) / gap)
        assert result.normal == pytest.approx(expected_normal, abs=1e-12)
        assert result.status == "cores-apart"
        # the contact points are the deepest points of each disc
        assert math.dist(result.contact[0], c1) == pytest.approx(r1, abs=1e-12)
        assert math.dist(result.contact[1], c2) == pytest.approx(r2, abs=1e-12)


def test_axis_aligned_boxes_push_out_along_the_shallowest_axis() -> None:
    box = rectangle((0.0, 0.0), (4.0, 2.0))
    result = overlap(box, rectangle((3.5, 0.5), (4.0, 2.0)))
    assert (result.depth, result.normal) == (0.5, (1.0, 0.0))
    result = overlap(box, rectangle((-1.0, -1.75), (4.0, 2.0)))
    assert (result.depth, result.normal) == (0.25, (0.0, -1.0))


@pytest.mark.parametrize("angle", [17.0, 45.0, 90.0, 200.0])
def test_rotating_both_boxes_rotates_the_normal_and_keeps_the_depth(angle: float) -> None:
    turn = Affine.from_parts(rotate=angle, translate=(3.0, -7.0))
    box, other = rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((3.5, 0.5), (4.0, 2.0))
    result = overlap(transformed(box, turn), transformed(other, turn))
    assert result.depth == pytest.approx(0.5, abs=1e-14)
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    assert result.normal == pytest.approx((c, s), abs=1e-14)


def test_capsule_against_a_box() -> None:
    # A horizontal capsule whose axis runs 0.25 above the box's top edge, radius 1.
    box = rectangle((0.0, 0.0), (4.0, 2.0))
    result = overlap(box, capsule((-1.0, 1.25), (1.0, 1.25), 1.0))
    assert result.depth == pytest.approx(0.75, abs=1e-15)
    assert result.normal == pytest.approx((0.0, 1.0), abs=1e-15)
    # Its axis dips into the box: the cores overlap and the radius adds to their depth.
    result = overlap(box, capsule((-1.0, 0.75), (1.0, 0.75), 1.0))
    assert result.depth == pytest.approx(1.25, abs=1e-15)
    assert result.normal == pytest.approx((0.0, 1.0), abs=1e-15)


def test_a_shape_inside_another() -> None:
    # A 1x1 square inside a 10x10 one, 2 from the right side: it must move 2 + 1 right.
    outer, inner = rectangle((0.0, 0.0), (10.0, 10.0)), rectangle((2.5, 0.0), (1.0, 1.0))
    result = overlap(outer, inner)
    assert (result.depth, result.normal) == (3.0, (1.0, 0.0))
    swapped = overlap(inner, outer)
    assert (swapped.depth, swapped.normal) == (3.0, (-1.0, 0.0))


def test_identical_shapes_overlap_by_their_width() -> None:
    square = rectangle((1.0, 1.0), (2.0, 2.0))
    result = overlap(square, square)
    assert result.depth == 2.0
    assert result.normal in ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0))
    disc = overlap(circle((0.0, 0.0), 1.5), circle((0.0, 0.0), 1.5))
    assert disc.depth == 3.0


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 0.5), (2.0, 2.0))),  # shared edge
        (rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 2.0), (2.0, 2.0))),  # corner to corner
        (rectangle((0.0, 0.0), (2.0, 2.0)), Polytope(((1.0, 0.0), (2.0, 1.0), (2.0, -1.0)))),
        (circle((0.0, 0.0), 1.0), circle((3.0, 0.0), 2.0)),
        (capsule((0.0, 0.0), (4.0, 0.0), 1.0), capsule((0.0, 3.0), (4.0, 3.0), 2.0)),
        (segment((0.0, 0.0), (2.0, 0.0)), point((2.0, 0.0))),
    ],
)
def test_touching_shapes_have_depth_zero(a: ConvexShape, b: ConvexShape) -> None:
    result = overlap(a, b)
    assert result.depth == pytest.approx(0.0, abs=1e-15)
    assert math.hypot(*result.normal) == pytest.approx(1.0)


def test_a_minkowski_difference_without_interior_has_depth_zero() -> None:
    # Collinear segments overlapping along their line, and two equal points.
    result = overlap(segment((0.0, 0.0), (2.0, 0.0)), segment((1.0, 0.0), (3.0, 0.0)))
    assert (result.depth, result.status) == (0.0, "degenerate")
    assert abs(result.normal[1]) == 1.0  # across the line: any move off it separates them
    assert overlap(point((1.0, 1.0)), point((1.0, 1.0))).depth == 0.0


def test_point_at_the_center_of_a_circle() -> None:
    result = overlap(circle((0.0, 0.0), 5.0), point((0.0, 0.0)))
    assert result.depth == 5.0
    assert math.hypot(*result.normal) == 1.0


def test_margin_adds_to_the_depth() -> None:
    box, other = rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((3.5, 0.5), (4.0, 2.0))
    plain = overlap(box, other)
    grown = overlap(rounded(box, 0.25), rounded(other, 0.5))
    assert grown.depth == pytest.approx(plain.depth + 0.75, abs=1e-15)
    assert grown.normal == plain.normal


def test_separated_shapes_have_no_penetration() -> None:
    assert penetration(rectangle((0.0, 0.0), (2.0, 2.0)), point((5.0, 0.0))) is None


def test_iteration_cap_is_reported_with_the_remaining_error(cap: Cap) -> None:
    a, b = ellipse((0.0, 0.0), (3.0, 1.0), 20.0), ellipse((1.0, 0.5), (1.0, 2.0), 70.0)
    uncapped = overlap(a, b)
    cap(EPA_MAX_ITERATIONS=2)
    result = overlap(a, b)
    assert result.status == "max-iterations"
    assert result.iterations == 2
    assert result.error > 1e-6
    # The depth is still a move that separates them, and too much by at most the error.
    nx, ny = result.normal
    beyond = result.depth * (1 + 1e-9) + 1e-12
    assert not distance(a, moved(b, (nx * beyond, ny * beyond))).intersects
    assert uncapped.depth >= result.depth - result.error - 1e-12


def test_nearly_round_shapes_converge() -> None:
    """Their depth barely changes with the direction: EPA needs hundreds of steps here."""
    shape = ellipse((-3.7, -0.1), (1.5699337954903667, 1.564121262555228), 131.4)
    result = overlap(shape, shape)
    assert result.status == "converged"
    assert result.depth == pytest.approx(2 * 1.564121262555228, abs=1e-11)
    assert result.error <= 1e-11


def random_overlapping_pairs(count: int, seed: int) -> list[tuple[ConvexShape, ConvexShape]]:
    """Random pairs that intersect: polygons, and curved shapes against curved or polygons."""
    rng = random.Random(seed)
    pairs: list[tuple[ConvexShape, ConvexShape]] = []
    while len(pairs) < count:
        if rng.random() < 0.5:
            a: ConvexShape = Polytope(
                tuple(random_convex_ring(rng, rng.randint(1, 9), (0.0, 0.0), rng.uniform(0.5, 2)))
            )
            b: ConvexShape = Polytope(
                tuple(
                    random_convex_ring(
                        rng, rng.randint(1, 9), (rng.uniform(-1, 1), rng.uniform(-1, 1)), 1.0
                    )
                )
            )
        else:
            a, b = random_curved(rng), random_curved(rng)
        if distance(a, b).intersects:
            pairs.append((a, b))
    return pairs


PAIRS = random_overlapping_pairs(400, 32)


def test_moving_b_by_the_depth_along_the_normal_just_separates_them() -> None:
    for a, b in PAIRS:
        result = overlap(a, b)
        assert result.status != "max-iterations"
        nx, ny = result.normal
        beyond = result.depth * (1 + 1e-9) + 1e-12
        assert not distance(a, moved(b, (nx * beyond, ny * beyond))).intersects, (a, b, result)
        short = result.depth * (1 - 1e-6)
        assert distance(a, moved(b, (nx * short, ny * short))).intersects, (a, b, result)


def test_depth_matches_the_minkowski_hull_oracle() -> None:
    for a, b in PAIRS:
        result = overlap(a, b)
        oracle, error = shapely_penetration(a, b)
        assert oracle is not None
        # The oracle's hull lies inside A - B: it may fall short by its error, never exceed.
        assert oracle - 1e-12 <= result.depth <= oracle + error + 1e-12


def test_swapping_a_and_b_keeps_the_depth_and_flips_the_normal() -> None:
    for a, b in PAIRS:
        forward, backward = overlap(a, b), overlap(b, a)
        assert backward.depth == pytest.approx(forward.depth, rel=1e-9, abs=1e-12)
        if forward.depth > 1e-9:
            # Exact for polygons; for curves the normal is known to about 1e-6
            # (the depth does not change to first order as the normal turns).
            tolerance = 1e-12 if isinstance(a, Polytope) and isinstance(b, Polytope) else 1e-5
            assert backward.normal == pytest.approx(
                (-forward.normal[0], -forward.normal[1]), abs=tolerance
            )


@pytest.mark.parametrize(
    ("offset", "side", "overlap"),
    [(1e9, 1e-3, 2.5e-4), (1e12, 1.0, 0.5), (1e6, 1e-6, 3e-7)],
)
def test_small_boxes_far_out_get_their_depth_to_rounding(
    offset: float, side: float, overlap: float
) -> None:
    # EPA's stopping distance used to grow with the coordinates (1e-12 of 1e9 is 1e-3,
    # as wide as the boxes): it stopped on a wrong edge, depth 0.001 along (0.45, -0.89)
    a = rectangle((offset, offset), (side, side))
    b = rectangle((offset + side - overlap, offset), (side, side))
    result = penetration(a, b)
    assert result is not None
    assert result.status == "duplicate-support"
    assert result.normal == (1.0, 0.0)
    # the boxes' corners are rounded to the coordinates' ulp; the depth is exact from them
    right_of_a, left_of_b = a.support((1.0, 0.0))[0], b.support((-1.0, 0.0))[0]
    assert result.depth == right_of_a - left_of_b
