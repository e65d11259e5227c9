"""Contact manifolds against answers derived by hand (gjkcli.algorithms.manifold).

Rectangles number their corners from the bottom-left counter-clockwise (0 bottom-left,
1 bottom-right, 2 top-right, 3 top-left, before rotation), so edge 0 is the bottom,
1 the right side, 2 the top and 3 the left side.
"""

from __future__ import annotations

import math

import pytest

import gjkcli
from gjkcli.algorithms.manifold import Manifold, manifold
from gjkcli.shapes import (
    capsule,
    circle,
    convex_polygon,
    ellipse,
    point,
    rectangle,
    rounded,
    segment,
    union_of,
)
from gjkcli.shapes.base import Vec
from gjkcli.shapes.primitives import NotConvexError

FLOOR = rectangle((0.0, 0.0), (4.0, 2.0))  # x in [-2, 2], y in [-1, 1]: its top (edge 2) at y = 1


def summary(contact: Manifold) -> list[tuple[Vec, float, tuple[str, int, str, int]]]:
    return [(p.point, p.separation, p.feature) for p in contact.points]


def assert_points(
    contact: Manifold, expected: list[tuple[Vec, float, tuple[str, int, str, int]]]
) -> None:
    assert len(contact.points) == len(expected), summary(contact)
    for found, (where, separation, feature) in zip(contact.points, expected, strict=True):
        assert found.point == pytest.approx(where, abs=1e-12)
        assert found.separation == pytest.approx(separation, abs=1e-12)
        assert found.feature == feature


def test_box_on_box_two_points_on_the_floor_top() -> None:
    # a 2 x 2 box whose bottom (y = 0.9) is 0.1 into the floor's top (y = 1): A's top face
    # is the reference (a tie with B's bottom keeps A's), B's bottom corners the points
    contact = manifold(FLOOR, rectangle((0.0, 1.9), (2.0, 2.0)))
    assert contact.normal == (0.0, 1.0) and contact.reference == "a"
    assert_points(
        contact,
        [
            ((-1.0, 0.9), -0.1, ("edge", 2, "vertex", 0)),
            ((1.0, 0.9), -0.1, ("edge", 2, "vertex", 1)),
        ],
    )


def test_box_on_box_the_other_way_round_clips_the_floor_at_the_box_corners() -> None:
    # the same pair as (box, floor): the box's bottom (edge 0) is the reference now; the
    # floor's top is cut at the box's sides, so each point is (box vertex, floor edge 2)
    contact = manifold(rectangle((0.0, 1.9), (2.0, 2.0)), FLOOR)
    assert contact.normal == (0.0, -1.0) and contact.reference == "a"
    assert_points(
        contact,
        [
            ((1.0, 1.0), -0.1, ("vertex", 1, "edge", 2)),
            ((-1.0, 1.0), -0.1, ("vertex", 0, "edge", 2)),
        ],
    )


def test_a_tilted_box_corner_in_the_floor_makes_the_floor_the_reference() -> None:
    # tilted by 10 degrees, the box's own bottom face would have the floor's far corners
    # deep behind it: the floor's top (B's edge 2) is the axis of least penetration
    box = rectangle((0.0, 1.95), (2.0, 2.0), 10.0)
    contact = manifold(box, FLOOR)
    assert contact.reference == "b" and contact.normal == (0.0, -1.0)
    c, s = math.cos(math.radians(10.0)), math.sin(math.radians(10.0))
    corner = (-1.0 * c + 1.0 * s, 1.95 - 1.0 * s - 1.0 * c)  # the box's corner 0, lowest
    assert_points(contact, [(corner, corner[1] - 1.0, ("vertex", 0, "edge", 2))])


def test_box_resting_on_a_slope() -> None:
    # a 10 x 2 slab tilted by 30 degrees, and a unit box tilted with it, sunk 0.05 into
    # its top face: in the slab's frame the box's bottom corners are (-0.5, 0.95) and
    # (0.5, 0.95), 0.05 under the top face y = 1
    c, s = math.cos(math.radians(30.0)), math.sin(math.radians(30.0))

    def world(x: float, y: float) -> Vec:
        return (x * c - y * s, x * s + y * c)

    slope = rectangle((0.0, 0.0), (10.0, 2.0), 30.0)
    box = rectangle(world(0.0, 1.45), (1.0, 1.0), 30.0)
    contact = manifold(slope, box)
    assert contact.reference == "a"
    assert contact.normal == pytest.approx((-s, c), abs=1e-15)
    assert_points(
        contact,
        [
            (world(-0.5, 0.95), -0.05, ("edge", 2, "vertex", 0)),
            (world(0.5, 0.95), -0.05, ("edge", 2, "vertex", 1)),
        ],
    )


def test_polygon_vertex_into_an_edge_gives_one_point() -> None:
    # a triangle pointing down, its tip (vertex 0) 0.5 into the top of a 4 x 2 rectangle;
    # the other end of the incident edge is 1 above the face: not kept
    block = convex_polygon([(0, 0), (4, 0), (4, 2), (0, 2)])
    wedge = convex_polygon([(2, 1.5), (3, 3), (1, 3)])
    contact = manifold(block, wedge)
    assert contact.normal == (0.0, 1.0) and contact.reference == "a"
    assert_points(contact, [((2.0, 1.5), -0.5, ("edge", 2, "vertex", 0))])


def test_circle_on_a_box() -> None:
    # a unit disc centred 1.8 up: its lowest point (0.5, 0.8) is 0.2 into the top face
    contact = manifold(FLOOR, circle((0.5, 1.8), 1.0))
    assert contact.normal == (0.0, 1.0)
    assert_points(contact, [((0.5, 0.8), -0.2, ("edge", 2, "vertex", 0))])


def test_capsule_lying_on_a_box_gives_two_points() -> None:
    # the capsule's core is 1.2 up, its radius 0.25: its underside (y = 0.95) is 0.05
    # into the floor; its bottom side is edge 0 of its core (from its first end)
    contact = manifold(FLOOR, capsule((-1.0, 1.2), (1.0, 1.2), 0.25))
    assert_points(
        contact,
        [
            ((-1.0, 0.95), -0.05, ("edge", 2, "vertex", 0)),
            ((1.0, 0.95), -0.05, ("edge", 2, "vertex", 1)),
        ],
    )


def test_capsule_over_the_floor_edge_is_clipped_at_the_floor_corner() -> None:
    # the capsule runs past the floor's left side (x = -2): the point there is where its
    # underside crosses the side plane of the floor's top-left corner (vertex 3)
    contact = manifold(FLOOR, capsule((-3.0, 1.2), (1.0, 1.2), 0.25))
    assert_points(
        contact,
        [
            ((-2.0, 0.95), -0.05, ("vertex", 3, "edge", 0)),
            ((1.0, 0.95), -0.05, ("edge", 2, "vertex", 1)),
        ],
    )


def test_speculative_points_within_the_margin_only() -> None:
    hovering = rectangle((0.0, 2.3), (2.0, 2.0))  # its bottom 0.3 above the floor
    assert_points(
        manifold(FLOOR, hovering, margin=0.5),
        [
            ((-1.0, 1.3), 0.3, ("edge", 2, "vertex", 0)),
            ((1.0, 1.3), 0.3, ("edge", 2, "vertex", 1)),
        ],
    )
    assert manifold(FLOOR, hovering, margin=0.2).points == ()
    assert manifold(FLOOR, hovering).points == ()


def test_apart_gives_no_points_and_the_normal_between_them() -> None:
    contact = manifold(circle((0.0, 0.0), 1.0), circle((0.0, 5.0), 1.0))
    assert contact.points == () and contact.normal == (0.0, 1.0)


def test_touching_boxes_give_points_of_separation_zero() -> None:
    contact = manifold(FLOOR, rectangle((0.0, 2.0), (2.0, 2.0)))
    assert [p.separation for p in contact.points] == [0.0, 0.0]


def test_rounded_corners_meet_corner_to_corner() -> None:
    # two squares rounded by 0.5, their cores' corners (1, 1) and (1.5, 1.5) sqrt(0.5)
    # apart: one point, on the line between those corners, sunk 1 - sqrt(0.5)
    a = rounded(rectangle((0.0, 0.0), (2.0, 2.0)), 0.5)
    b = rounded(rectangle((2.5, 2.5), (2.0, 2.0)), 0.5)
    contact = manifold(a, b)
    h = math.sqrt(0.5)
    assert contact.normal == pytest.approx((h, h), abs=1e-15)
    tip = 1.5 - 0.5 * h
    assert_points(contact, [((tip, tip), h - 1.0, ("vertex", 2, "vertex", 0))])


def test_ellipse_gives_one_point_on_the_curve() -> None:
    # an ellipse 1 high under a unit box whose bottom is at 0.9
    contact = manifold(ellipse((0.0, 0.0), (2.0, 1.0)), rectangle((0.0, 1.4), (1.0, 1.0)))
    assert contact.normal == pytest.approx((0.0, 1.0), abs=1e-6)
    assert len(contact.points) == 1
    (found,) = contact.points
    assert found.point == pytest.approx((0.0, 0.9), abs=1e-6)
    assert found.separation == pytest.approx(-0.1, abs=1e-9)
    assert found.feature == ("curve", 0, "edge", 0)


def test_concentric_discs_take_the_fixed_normal() -> None:
    contact = manifold(circle((1.0, 1.0), 1.0), circle((1.0, 1.0), 2.0))
    assert contact.normal == (0.0, 1.0)
    assert_points(contact, [((1.0, -1.0), -3.0, ("vertex", 0, "vertex", 0))])


def test_point_inside_a_box_uses_the_box_face() -> None:
    contact = manifold(point((0.5, 0.9)), FLOOR)
    assert contact.reference == "b" and contact.normal == (0.0, -1.0)  # B's top face, flipped
    assert_points(contact, [((0.5, 0.9), -0.1, ("vertex", 0, "edge", 2))])


def test_crossed_segments() -> None:
    # a vertical segment through a horizontal one: its upper end is 1 beyond the
    # horizontal one's top side, the least move that separates them
    contact = manifold(segment((0.0, 0.0), (2.0, 0.0)), segment((1.0, -1.0), (1.0, 1.0)))
    assert len(contact.points) == 1
    assert contact.points[0].separation == -1.0


def test_compound_and_bad_margins_are_refused() -> None:
    two = union_of([FLOOR, rectangle((5.0, 0.0), (1.0, 1.0))])
    with pytest.raises(ValueError, match="contact manifolds need convex shapes"):
        manifold(two, FLOOR)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="margin must be a finite number >= 0"):
        manifold(FLOOR, FLOOR, margin=-1.0)
    with pytest.raises(ValueError, match="margin must be a finite number >= 0"):
        manifold(FLOOR, FLOOR, margin=math.nan)


def test_the_public_query_takes_any_shape_form_and_refuses_compounds() -> None:
    contact = gjkcli.manifold("POLYGON ((-2 -1, 2 -1, 2 1, -2 1, -2 -1))", "POINT (0 0.5)")
    assert contact.points[0].separation == -0.5
    with pytest.raises(NotConvexError, match="a contact manifold needs convex shapes"):
        gjkcli.manifold("POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))", "POINT (1 1)")
    assert "manifold" in gjkcli.__all__


def test_touching_within_rounding_far_out_still_gives_a_point() -> None:
    # gjk generate's extreme/79: a point on the corner of a rectangle 2.4e13 long, placed
    # there by transforms; GJK's distance of the cores is 1.6e-4, rounding at this scale
    # (the touching slack is about 0.4): they touch, so the manifold has a point
    corner = {
        "type": "point",
        "at": [0.0, 0.0],
        "transform": {
            "scale": [0.8500327789986438, 0.7427442710911857],
            "rotate": 287.7875298802132,
            "translate": [346809778.93154085, 153579911.24445218],
        },
    }
    slab = {
        "type": "rectangle",
        "center": [0.0, 0.0],
        "size": [24096598315944.19, 578072597.7591226],
        "rotation": 316.947925288514,
        "transform": {"translate": [-8803552270081.135, 8225290276354.178]},
    }
    contact = gjkcli.manifold(corner, slab)
    assert len(contact.points) == 1
    assert abs(contact.points[0].separation) < 1e-3
