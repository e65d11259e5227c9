"""Pictures of moving shapes: the ray, the sweep, the manifold; the right marks on each."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

pytest.importorskip("matplotlib")

from gjkcli.algorithms.cast import cast
from gjkcli.algorithms.manifold import Manifold, manifold
from gjkcli.algorithms.poses import STILL, Motion, Move, Pose, posed
from gjkcli.algorithms.raycast import raycast
from gjkcli.algorithms.toi import time_of_impact
from gjkcli.render.motion_plot import (
    cast_figure,
    draw_manifold,
    save_cast_plot,
    save_ray_plot,
)
from gjkcli.render.numbers import compact
from gjkcli.render.plot import draw_shape, new_figure
from gjkcli.shapes import Polytope, capsule, circle, rectangle
from gjkcli.shapes.base import ConvexShape

BOX = rectangle((0.0, 0.0), (2.0, 2.0))
BALL = circle((5.0, 0.0), 1.0)


def moving_b(dx: float, dy: float, target: float = 0.0) -> Motion:
    return Motion(Move(), Move(STILL, Pose(dx, dy, 0.0)), target)


def linear(a: ConvexShape, b: ConvexShape, motion: Motion) -> Any:
    pa, pb = posed(a, motion.a.start), posed(b, motion.b.start)
    return cast(pa, pb, motion.b.translation, motion.a.translation, target_distance=motion.target)


def ids(svg: Path) -> set[str]:
    tree = ElementTree.parse(svg)  # also proves the SVG is well-formed XML
    return {element.get("id", "") for element in tree.iter()} - {""}


def texts(figure: Any) -> list[str]:
    return [text.get_text() for text in figure.texts]


def gids(figure: Any) -> set[str]:
    return {artist.get_gid() for artist in figure.axes[0].get_children()} - {None}


def test_a_hit_is_drawn_at_its_time_with_one_contact_marker_and_the_normal(
    tmp_path: Path,
) -> None:
    motion = moving_b(-6.0, 0.0)
    result = linear(BOX, BALL, motion)
    assert (result.status, result.time) == ("hit", 0.5)
    figure = cast_figure(BOX, BALL, motion, result, name="box-ball")
    path = tmp_path / "hit.svg"
    figure.savefig(path)
    found = ids(path)
    assert {"still-a", "start-b", "sweep-b", "impact-b", "contact-0", "normal"} <= found
    assert "contact-1" not in found  # A's and B's points meet: one marker
    assert "end-b" not in found  # a hit's path ends at the impact
    title, caption = texts(figure)
    assert title == "box-ball: hit at t = 0.5 (linear cast)"
    lines = caption.replace("\n    ", " ").splitlines()
    assert lines[0] == "first contact at t = 0.5"
    assert lines[2] == "contact: on A (1, 0), on B (1, 0); normal (1, 0) (from A towards B)"


def test_a_target_distance_marks_both_points_and_the_gap_between() -> None:
    motion = moving_b(-6.0, 0.0, target=0.3)
    result = linear(BOX, BALL, motion)
    assert result.status == "hit"
    found = gids(cast_figure(BOX, BALL, motion, result))
    assert {"contact-0", "contact-1", "contact-gap"} <= found


def test_a_miss_draws_the_whole_sweep_and_no_contact(tmp_path: Path) -> None:
    motion = moving_b(0.0, 6.0)
    result = linear(BOX, BALL, motion)
    assert result.status == "miss"
    figure = cast_figure(BOX, BALL, motion, result)
    found = gids(figure)
    assert {"start-b", "sweep-b", "end-b"} <= found
    assert not found & {"impact-b", "contact-0", "normal"}
    assert "no contact for t in [0, 1]" in texts(figure)[1]
    (x0, x1), (y0, y1) = figure.axes[0].get_xlim(), figure.axes[0].get_ylim()
    assert x0 < -1.0 and x1 > 6.0 and y0 < -1.0 and y1 > 7.0  # A, and B from start to end


def test_touching_and_receding_says_no_hit() -> None:
    ball = circle((2.0, 0.0), 1.0)
    motion = moving_b(3.0, 1.0)
    result = linear(BOX, ball, motion)
    assert result.status == "touching-receding"
    figure = cast_figure(BOX, ball, motion, result, name="receding")
    assert texts(figure)[0] == "receding: touching-receding (linear cast)"
    assert "moves them apart or slides them along: no hit" in texts(figure)[1]
    assert "impact-b" not in gids(figure)


def test_a_rotation_draws_the_shape_on_its_way_instead_of_a_swept_region() -> None:
    bar = rectangle((0.0, 0.0), (4.0, 0.4))
    turn = Move(Pose(2.5, 4.0, 0.0), Pose(2.5, -2.0, 90.0))
    result = time_of_impact(BOX, bar, Move(), turn)
    assert result.status == "hit" and result.bracket is not None
    figure = cast_figure(BOX, bar, Motion(Move(), turn), result)
    found = gids(figure)
    assert {f"ghost-b-{k}" for k in range(1, 6)} <= found
    assert {"impact-b", "contact-0", "normal"} <= found
    assert "sweep-b" not in found
    assert texts(figure)[0].endswith("(rotating time of impact)")
    assert "apart (proven) at every time before" in texts(figure)[1]
    # the contact points and normal are the verdict's at t_hi, so the pose is drawn there
    # (the result's time is t_lo, just before) and the caption says so
    high = compact(result.bracket[1], 12)
    assert texts(figure)[1].startswith(f"first contact drawn at t_hi = {high}, ")


def test_a_long_thin_target_far_out_keeps_the_contact_in_a_view_of_the_motion() -> None:
    # a wall 10,000 long a million from the origin, and a box of 0.5 falling on it: a
    # view of the whole wall would make the box and its contact a speck
    wall = rectangle((1e6, 0.0), (1e4, 0.1))
    small = rectangle((1e6 + 10.0, 5.0), (0.5, 0.5))
    motion = moving_b(0.0, -10.0)
    result = linear(wall, small, motion)
    assert result.status == "hit" and result.points is not None
    figure = cast_figure(wall, small, motion, result)
    (x0, x1), (y0, y1) = figure.axes[0].get_xlim(), figure.axes[0].get_ylim()
    (cx, cy), _ = result.points
    assert x0 < cx < x1 and y0 < cy < y1
    assert x1 - x0 < 50.0  # the view is of the motion, not of the wall
    assert texts(figure)[1].endswith(
        "the view is around the motion and the contact; A is cut to its part nearest them"
    )


def test_a_miss_far_out_keeps_the_part_of_the_target_nearest_the_motion_in_view() -> None:
    # gjk generate --family cast-far-thin --seed 7, pair 0: a bar 1e6 long and 0.001 thick
    # at y = 999999661 (its top edge), and a 3 x 3 box 7 above it falling by 1: a miss.
    # The view of B's motion alone (y from 667 to 671, widened) left A out of it.
    top = 999999661.0
    bar = Polytope(
        (
            (999499461.0, top - 0.0009765625),
            (1000499461.0, top - 0.0009765625),
            (1000499461.0, top),
            (999499461.0, top),
        )
    )
    box = rectangle((999999755.5, top + 8.5), (3.0, 3.0))
    motion = moving_b(0.0, -1.0)
    result = linear(bar, box, motion)
    assert result.status == "miss"
    figure = cast_figure(bar, box, motion, result)
    (x0, x1), (y0, y1) = figure.axes[0].get_xlim(), figure.axes[0].get_ylim()
    assert y0 < top < y1 and x0 < 999999755.5 < x1  # the part of A below the box is seen
    assert x1 - x0 < 100.0  # still a view of the motion, not of the whole bar
    assert texts(figure)[1].endswith("A is cut to its part nearest them")


@pytest.mark.parametrize(
    ("origin", "direction", "answer"),
    [
        (
            (-5.0, 1.0),
            (10.0, -1.0),
            ("hit", {"hit", "normal", "ray-to-hit"}, "hit at fraction 0.4"),
        ),
        ((-5.0, 3.0), (10.0, 0.0), ("miss", set(), "miss: no point of the ray")),
        ((0.2, 0.1), (3.0, 1.0), ("inside", set(), "the ray starts inside the shape")),
    ],
)
def test_the_ray_shows_its_answer(
    tmp_path: Path,
    origin: tuple[float, float],
    direction: tuple[float, float],
    answer: tuple[str, set[str], str],
) -> None:
    status, marks, words = answer
    hit = raycast(BOX, origin, direction)
    assert hit.status == status
    path = tmp_path / "ray.svg"
    save_ray_plot(BOX, origin, direction, hit, path)
    found = ids(path)
    assert {"shape", "ray", "origin"} <= found
    assert found & {"hit", "normal", "ray-to-hit"} == marks
    assert words in path.read_text()  # SVG keeps each text as a comment


def test_png_is_written(tmp_path: Path) -> None:
    motion = moving_b(-6.0, 0.0)
    save_cast_plot(BOX, BALL, motion, linear(BOX, BALL, motion), tmp_path / "cast.png")
    assert (tmp_path / "cast.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


A_BOX = rectangle((0.0, 0.0), (4.0, 2.0))


def manifold_axes(a: ConvexShape, b: ConvexShape) -> tuple[Any, Any, Manifold]:
    """A figure whose panel shows A and B, and the manifold drawn on it."""
    figure = new_figure((5.0, 5.0))
    axes = figure.subplots()
    for shape in (a, b):
        draw_shape(axes, shape, "grey", None)
    axes.set_aspect("equal", adjustable="datalim")
    figure.canvas.draw()
    axes.set_autoscale_on(False)
    return figure, axes, manifold(a, b)


def separations(drawn: list[Any]) -> list[Any]:
    return [artist for artist in drawn if (artist.get_gid() or "").startswith("separation")]


def test_a_two_point_manifold_marks_its_points_normal_and_reference_edge(tmp_path: Path) -> None:
    b = rectangle((0.5, 1.9), (2.0, 2.0))
    figure, axes, contact = manifold_axes(A_BOX, b)
    assert len(contact.points) == 2 and contact.reference == "a"
    drawn = draw_manifold(axes, contact, (A_BOX, b))
    path = tmp_path / "manifold.svg"
    figure.savefig(path)
    found = ids(path)
    assert {"manifold-point-0", "manifold-point-1", "manifold-normal", "reference-edge"} <= found
    (edge,) = [artist for artist in drawn if artist.get_gid() == "reference-edge"]
    assert list(zip(*edge.get_data(), strict=True)) == [(2.0, 1.0), (-2.0, 1.0)]  # A's top
    assert [label.get_text() for label in separations(drawn)] == ["s = -0.1", "s = -0.1"]
    renderer = figure.canvas.get_renderer()
    marks = [a for a in drawn if (a.get_gid() or "").startswith(("separation", "manifold-p"))]
    for one, two in itertools.combinations(marks, 2):  # no label covers a label or a point
        assert not one.get_window_extent(renderer).overlaps(two.get_window_extent(renderer))


def test_manifold_points_closer_than_a_label_share_one_label() -> None:
    b = rectangle((0.0, 1.99), (0.02, 2.0))
    figure, axes, contact = manifold_axes(A_BOX, b)
    assert len(contact.points) == 2
    drawn = draw_manifold(axes, contact, (A_BOX, b))
    (label,) = separations(drawn)
    assert label.get_text() == "s = -0.01, -0.01"
    renderer = figure.canvas.get_renderer()
    markers = [a for a in drawn if (a.get_gid() or "").startswith("manifold-point")]
    for marker in markers:  # the label covers neither point
        assert not label.get_window_extent(renderer).overlaps(marker.get_window_extent(renderer))


def test_a_rounded_reference_face_is_its_cores_edge_moved_out_by_the_radius() -> None:
    a = capsule((-2.0, 0.0), (2.0, 0.0), 0.5)
    b = rectangle((0.0, 0.9), (1.0, 1.0))
    _, axes, contact = manifold_axes(a, b)
    assert contact.reference == "a"
    drawn = draw_manifold(axes, contact, (a, b))
    (edge,) = [artist for artist in drawn if artist.get_gid() == "reference-edge"]
    assert sorted(zip(*edge.get_data(), strict=True)) == [(-2.0, 0.5), (2.0, 0.5)]


def test_a_manifold_with_no_points_draws_nothing() -> None:
    _, axes, _ = manifold_axes(A_BOX, rectangle((0.0, 5.0), (2.0, 2.0)))
    assert draw_manifold(axes, Manifold((0.0, 1.0), (), "a")) == []


def test_shapes_that_stand_still_away_from_where_they_are_written_are_in_view() -> None:
    # both shapes written at the origin and placed by their poses (nothing moves): the
    # view is of where they stand, not of where they are written
    ball = circle((0.0, 0.0), 1.0)
    here = Move(Pose(30.0, 0.0, 0.0), Pose(30.0, 0.0, 0.0))
    there = Move(Pose(0.0, 50.0, 0.0), Pose(0.0, 50.0, 0.0))
    result = cast(posed(BOX, here.start), posed(ball, there.start), (0.0, 0.0))
    figure = cast_figure(BOX, ball, Motion(here, there), result)
    (x0, x1), (y0, y1) = figure.axes[0].get_xlim(), figure.axes[0].get_ylim()
    assert x0 < -1.0 and x1 > 31.0 and y0 < -1.0 and y1 > 51.0
