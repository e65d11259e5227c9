"""Poses and moves: interpolation exact at the ends, quarter turns exact, shapes posed."""

from __future__ import annotations

import math

import pytest

from gjkcli.algorithms.poses import STILL, Motion, Move, Pose, posed
from gjkcli.shapes import Polytope, capsule, ellipse, rectangle
from gjkcli.shapes.affine import Transformed
from gjkcli.shapes.rounded import Rounded


def test_a_move_is_exactly_at_its_poses_at_both_ends() -> None:
    start, end = Pose(0.1, -0.7, 13.0), Pose(0.3, 0.2, 71.3)
    move = Move(start, end)
    assert move.at(0.0) == start
    assert move.at(1.0) == end


def test_a_coordinate_that_does_not_change_stays_exact_along_the_move() -> None:
    move = Move(Pose(0.1, 0.3, 17.0), Pose(0.1, 5.0, 17.0))
    for k in range(11):
        pose = move.at(k / 10)
        assert pose.x == 0.1
        assert pose.angle == 17.0


def test_translation_and_rotates() -> None:
    assert Move(Pose(1.0, 2.0, 0.0), Pose(4.0, 0.0, 0.0)).translation == (3.0, -2.0)
    assert not Move(Pose(1.0, 2.0, 30.0), Pose(4.0, 0.0, 30.0)).rotates
    assert Move(Pose(1.0, 2.0, 30.0), Pose(1.0, 2.0, 30.5)).rotates


def test_a_square_turned_by_a_quarter_turn_stays_axis_aligned() -> None:
    square = rectangle((0.0, 0.0), (2.0, 2.0))
    turned = posed(square, Pose(10.0, 0.0, 90.0))
    assert isinstance(turned, Polytope)
    assert sorted(turned.vertices) == [(9.0, -1.0), (9.0, 1.0), (11.0, -1.0), (11.0, 1.0)]


def test_the_shape_turns_about_its_own_origin_then_moves() -> None:
    bar = Polytope(((1.0, 0.0), (3.0, 0.0)))
    turned = posed(bar, Pose(0.0, 0.0, 30.0))
    assert isinstance(turned, Polytope)
    for (x, y), radius in zip(turned.vertices, (1.0, 3.0), strict=True):
        assert math.isclose(math.hypot(x, y), radius, rel_tol=1e-15)
        assert math.isclose(math.atan2(y, x), math.radians(30.0), rel_tol=1e-15)


def test_rounded_shapes_stay_rounded_and_ellipses_compose() -> None:
    stick = posed(capsule((0.0, 0.0), (2.0, 0.0), 0.5), Pose(1.0, 1.0, 90.0))
    assert stick == Rounded(Polytope(((1.0, 1.0), (1.0, 3.0))), 0.5)
    oval = posed(ellipse((0.0, 0.0), (3.0, 1.0)), Pose(0.0, 0.0, 90.0))
    assert isinstance(oval, Transformed)
    assert oval.support((0.0, 1.0)) == (0.0, 3.0)


def test_the_still_pose_leaves_the_shape_as_it_is() -> None:
    shape = rectangle((1.0, 1.0), (2.0, 3.0))
    assert posed(shape, STILL) is shape
    assert Motion().a.at(0.5) == STILL


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_pose_refuses_numbers_that_are_not_finite(bad: float) -> None:
    with pytest.raises(ValueError, match="three finite numbers"):
        Pose(0.0, 0.0, bad)
