"""Honest frames: each shows what is known after its step, EPA after GJK, the answer last.

The figures are inspected through their artists (tagged with gids), not their pixels.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

import gjkcli
from gjkcli.io import load_pair
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.render.plot import RunQuery, check_figure, save_steps
from gjkcli.verify.check import Check, check_pair
from tests.helpers import SAMPLES, assert_input_error, run_gjk


def traced(sample: str, direction: tuple[float, float] | None = None) -> Check:
    return check_pair(load_pair(str(SAMPLES / sample)), trace=True, direction=direction)


def tagged(figure: Any, gid: str) -> list[Any]:
    return list(figure.findobj(lambda artist: artist.get_gid() == gid))


def title(figure: Any) -> str:
    (text,) = tagged(figure, "title")
    return str(text.get_text())


def test_no_frame_before_the_last_shows_the_answer() -> None:
    # frame 1 used to show the overlap hatching, "move B by 0.894427" and the verdict
    check = traced("seed-example.json", direction=(0.0, 1.0))
    frames = len(check.answer.boolean_trace) + len(check.answer.epa_trace)
    for step in range(1, frames):
        figure = check_figure(check, "boolean", step)
        assert tagged(figure, "answer") == [], step
        assert "overlapping" not in title(figure) and "depth" not in title(figure)
        texts = [str(text.get_text()) for text in figure.findobj(Text)]
        assert not any("move B" in text or "0.894427" in text for text in texts), step
    last = check_figure(check, "boolean")
    assert title(last) == "seed-example: overlapping, depth 0.894427"
    answer = tagged(last, "answer")
    assert any(getattr(artist, "get_hatch", lambda: None)() == "///" for artist in answer)
    (legend,) = [artist for artist in answer if type(artist).__name__ == "Legend"]
    assert "move B by 0.894427" in [text.get_text() for text in legend.get_texts()]


def test_a_boolean_frame_draws_the_support_points_and_the_line_w_d_0() -> None:
    check = traced("seed-example.json", direction=(0.0, 1.0))
    step = check.answer.boolean_trace[1]  # d = (0, -1): a = (1, -1), b = (1, 1), w = (0, -2)
    figure = check_figure(check, "boolean", 2)
    world, difference = figure.axes
    ((a,), (b,)) = (tagged(figure, name) for name in ("a", "b"))
    assert a.axes is world and (a.get_xdata()[0], a.get_ydata()[0]) == step.support.a
    assert b.axes is world and (b.get_xdata()[0], b.get_ydata()[0]) == step.support.b
    for name, point in (("join-a", step.support.a), ("join-b", step.support.b)):
        (join,) = tagged(figure, name)  # from the point on A or B to w in A - B
        assert tuple(join.xy1) == point and tuple(join.xy2) == step.support.w
        assert join.axesA is None or join.axesA is world
    (support,) = tagged(figure, "support")
    assert support.axes is difference
    assert (support.get_xdata()[0], support.get_ydata()[0]) == step.support.w == (0.0, -2.0)
    (crossing,) = tagged(figure, "crossing")
    (x1, y1), (x2, y2) = crossing.get_xy1(), crossing.get_xy2()
    dx, dy = step.direction
    assert (x1, y1) == (0.0, 0.0) and (x2 - x1) * dx + (y2 - y1) * dy == 0.0
    assert tagged(check_figure(check, "distance", 1), "crossing") == []  # boolean run only


@pytest.mark.parametrize("query", ["boolean", "distance"])
def test_epa_frames_come_after_gjk_one_per_step(query: RunQuery) -> None:
    check = traced("polygon/overlapping.json")
    gjk = len(check.answer.boolean_trace if query == "boolean" else check.answer.distance_trace)
    epa = check.answer.epa_trace
    assert len(epa) >= 2
    assert tagged(check_figure(check, query, gjk), "epa-polygon") == []
    for index, step in enumerate(epa, start=1):
        figure = check_figure(check, query, gjk + index)
        (polygon,) = tagged(figure, "epa-polygon")
        corners = [tuple(float(c) for c in xy) for xy in polygon.get_xy()]
        assert corners[: len(step.polygon)] == list(step.polygon)
        (edge,) = tagged(figure, "epa-edge")
        assert list(zip(edge.get_xdata(), edge.get_ydata(), strict=True)) == list(step.edge)
        (a,) = tagged(figure, "a")
        assert (a.get_xdata()[0], a.get_ydata()[0]) == step.support.a
        last = index == len(epa)
        assert title(figure).endswith(f"EPA, step {index} of {len(epa)}") != last
        assert bool(tagged(figure, "answer")) == last
    with pytest.raises(ValueError, match=f"frames 1 to {gjk + len(epa)}"):
        check_figure(check, query, gjk + len(epa) + 1)


def long_run() -> Check:
    # a thin ellipse turned by a few degrees against a circle: GJK distance creeps along
    # the curve for many steps, its simplices' middles bunching up
    record = {
        "a": {"type": "ellipse", "center": [0, 0], "radii": [6, 0.4], "rotation": 3},
        "b": {"type": "circle", "center": [0.5, 2], "radius": 1},
    }
    return check_pair(pair_from_node(Node(record, "long.json"), "long"), trace=True)


def sample_run(name: str) -> Callable[[], Check]:
    return lambda: traced(f"ellipse/{name}.json")


CHECKS: dict[str, tuple[Callable[[], Check], RunQuery]] = {
    **{
        f"{name}/{query}": (sample_run(name), query)
        for name in ("separated", "touching", "overlapping")
        for query in ("boolean", "distance")
    },
    "long/distance": (long_run, "distance"),
}


@pytest.mark.parametrize("name", list(CHECKS))
def test_step_labels_never_overlap(name: str) -> None:
    make, query = CHECKS[name]
    check = make()
    run = check.answer.boolean_trace if query == "boolean" else check.answer.distance_trace
    if name.startswith("long"):
        assert len(run) >= 8
    figure = check_figure(check, query, len(run))  # GJK's last frame: every label
    canvas: Any = FigureCanvasAgg(figure)
    renderer = canvas.get_renderer()
    labels: list[Any] = figure.findobj(lambda a: str(a.get_gid()).startswith("step-label-"))
    numbers = [int(n) for label in labels for n in _numbers(label.get_text())]
    assert sorted(numbers) == [step.iteration for step in run]  # each step once
    boxes = [label.get_window_extent(renderer) for label in labels]
    for one, two in itertools.combinations(boxes, 2):
        assert not one.overlaps(two), name


def _numbers(text: str) -> list[int]:
    found: list[int] = []
    for part in text.split(", "):
        first, _, last = part.partition("-")
        found += range(int(first), int(last or first) + 1)
    return found


def test_the_figure_function_returns_a_figure_of_any_shapes() -> None:
    from matplotlib.figure import Figure

    figure = gjkcli.figure("POINT (0 0)", gjkcli.circle((3.0, 4.0), 1.0))
    assert isinstance(figure, Figure)
    assert title(figure) == "A and B: separated, distance 4"
    world, _ = figure.axes
    assert world.get_title() == "A and B"


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--seconds-per-step", "0", "--seconds-per-step: must be 0.1 or more"),
        ("--seconds-per-step", "61", "--seconds-per-step: must be 60 or less"),
        ("--seconds-per-step", "soon", "--seconds-per-step: expected a number"),
        ("--caption-size", "5", "--caption-size: must be 6 or more"),
        ("--caption-size", "25", "--caption-size: must be 24 or less"),
    ],
)
def test_frame_options_are_checked(tmp_path: Path, option: str, value: str, message: str) -> None:
    gif = tmp_path / "run.gif"
    result = run_gjk("plot", "samples/seed-example.json", "--gif", str(gif), option, value)
    assert_input_error(result, message, "gjk plot -h")
    assert not gif.exists()


def test_the_caption_size_is_the_option(tmp_path: Path) -> None:
    check = traced("seed-example.json")
    small, large = (check_figure(check, "boolean", 1, caption_size=size) for size in (8, 16))
    ((caption_small,), (caption_large,)) = (tagged(f, "caption") for f in (small, large))
    assert (caption_small.get_fontsize(), caption_large.get_fontsize()) == (8, 16)
    assert caption_small.get_text().split() == caption_large.get_text().split()
    assert large.get_figheight() > small.get_figheight()  # room for the larger caption


def test_epa_frames_of_the_boolean_run_draw_the_cores_difference() -> None:
    # the boolean run works on the whole capsules, EPA on their cores (two segments): its
    # frames used to show EPA's polygon against the whole A - B alone, the cores' A - B
    # its caption names (and on whose boundary it stops) nowhere drawn
    from gjkcli.algorithms.minkowski import minkowski_difference
    from gjkcli.shapes.base import ConvexShape
    from gjkcli.shapes.rounded import split_radius

    check = traced("capsule/overlapping.json")
    gjk, epa = len(check.answer.boolean_trace), len(check.answer.epa_trace)
    (caption,) = tagged(check_figure(check, "boolean", gjk + 1), "caption")
    assert epa >= 1 and "A's core - B's core" in " ".join(caption.get_text().split())

    def cores(figure: Any) -> list[Any]:
        return [artist for artist in tagged(figure, "difference-cores") if artist.get_visible()]

    assert cores(check_figure(check, "boolean", gjk)) == []  # GJK's frames: the whole A - B
    shape_a, shape_b = check.pair.a.shape, check.pair.b.shape
    assert isinstance(shape_a, ConvexShape) and isinstance(shape_b, ConvexShape)
    (core_a, _), (core_b, _) = split_radius(shape_a), split_radius(shape_b)
    expected = list(minkowski_difference(core_a, core_b).vertices)
    for step in range(gjk + 1, gjk + epa + 1):
        figure = check_figure(check, "boolean", step)
        (drawn,) = cores(figure)
        corners = list(zip(drawn.get_xdata(), drawn.get_ydata(), strict=True))
        assert corners == [*expected, expected[0]]
        (legend,) = tagged(figure, "legend-epa")
        assert "cores: A - B" in [text.get_text() for text in legend.get_texts()]


@pytest.mark.parametrize(
    ("sample", "query"),
    [
        ("compound/robot.json", "distance"),
        ("compound/robot.json", "boolean"),
        ("compound/notch.json", "boolean"),
        ("compound/l-shapes-touching.json", "distance"),
    ],
)
def test_titles_fit_in_the_figure(sample: str, query: RunQuery) -> None:
    # "A - B and the simplices of GJK distance for part 2 of A and part 0 of B" ran off
    # the figure's right edge
    check = traced(sample)
    assert check.answer.parts is not None
    frames = len(check.answer.boolean_trace if query == "boolean" else check.answer.distance_trace)
    frames += len(check.answer.epa_trace)
    for step in (1, frames):
        figure = check_figure(check, query, step)
        canvas: Any = figure.canvas
        renderer = canvas.get_renderer()
        page = figure.bbox
        (heading,) = tagged(figure, "title")
        boxes = [heading.get_window_extent(renderer)]
        boxes += [axes.title.get_window_extent(renderer) for axes in figure.axes]
        for box in boxes:
            assert page.x0 <= box.x0 and box.x1 <= page.x1 and box.y1 <= page.y1, (step, box)
        for one, two in itertools.combinations(boxes, 2):
            assert not one.overlaps(two), step
        assert "part" in figure.axes[1].get_title()


def test_a_long_name_is_cut_short_and_the_answer_kept(tmp_path: Path) -> None:
    # a generated pair's name of 150 letters pushed the verdict off both edges of the
    # last frame's title
    name = "a-very-long-pair-name-that-a-generator-made-" * 3 + "end"
    record = {
        "name": name,
        "a": {"type": "polygon", "points": [[0, 1], [1, -1], [-1, -1]]},
        "b": {"type": "polygon", "points": [[0, -1], [1, 1], [-1, 1]]},
    }
    check = check_pair(pair_from_node(Node(record, "long.json"), name), trace=True)
    last = check_figure(check, "boolean")
    canvas: Any = last.canvas
    renderer = canvas.get_renderer()
    (heading,) = tagged(last, "title")
    box, page = heading.get_window_extent(renderer), last.bbox
    assert page.x0 <= box.x0 and box.x1 <= page.x1
    assert title(last).startswith(name[:40]) and "end" not in title(last)
    assert title(last).endswith("...: overlapping, depth 0.894427")
    short = check_pair(load_pair(str(SAMPLES / "seed-example.json")), trace=True)
    assert title(check_figure(short, "boolean")) == "seed-example: overlapping, depth 0.894427"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("POINT (0 0)", "POINT (3 4)"),  # A - B is one point: its size was nought
        ("POINT (0 0)", "POINT (0 0)"),
        ("LINESTRING (0 0, 1 0)", "LINESTRING (1000000 0, 1000000 1)"),  # small, far off
    ],
)
def test_the_search_direction_is_drawn_long_enough_to_see(a: str, b: str) -> None:
    # the arrow was a quarter of A - B's size: nothing at all when A - B is a point, a
    # speck when A - B is small beside its distance from the origin, which the view holds
    for query in ("boolean", "distance"):
        figure = gjkcli.figure(a, b, query, step=1)
        (arrow,) = tagged(figure, "direction")
        difference = figure.axes[1]
        tip, origin = difference.transData.transform([arrow.xy, (0.0, 0.0)])
        length = float(((tip - origin) ** 2).sum() ** 0.5)
        assert 20.0 <= length <= difference.bbox.width, (query, length)


@pytest.mark.parametrize(
    ("keyword", "value", "message"),
    [
        ("caption_size", 0.0, "caption_size must be a number from 6 to 24, not 0.0"),
        ("caption_size", float("nan"), "caption_size must be a number from 6 to 24, not nan"),
        ("seconds_per_step", 0.0, "seconds_per_step must be a number from 0.1 to 60, not 0.0"),
        ("seconds_per_step", float("inf"), "seconds_per_step must be a number from 0.1 to 60"),
    ],
)
def test_the_python_functions_refuse_pacing_out_of_bounds(
    tmp_path: Path, keyword: str, value: float, message: str
) -> None:
    """As the command line does: a caption of size 0 divided by zero, and 0 seconds a step
    wrote frames of no length."""
    check = check_pair(load_pair(str(SAMPLES / "seed-example.json")), trace=True)
    pacing = {"seconds_per_step": 2.0, "caption_size": 11.0, keyword: value}
    with pytest.raises(ValueError, match=re.escape(message)):
        save_steps(
            check,
            "boolean",
            gif=tmp_path / "run.gif",
            seconds_per_step=pacing["seconds_per_step"],
            caption_size=pacing["caption_size"],
        )
    assert not (tmp_path / "run.gif").exists()
    if keyword == "caption_size":
        with pytest.raises(ValueError, match=re.escape(message)):
            check_figure(check, "boolean", caption_size=value)


@pytest.mark.parametrize(
    ("sample", "query", "words"),
    [
        ("seed-example.json", "boolean", "Depth = 0.894427: moving B by 0.894427 along n"),
        ("ellipse/overlapping.json", "distance", "Depth = 0.493749 + 1 (the radii) = 1.49375:"),
        ("capsule/separated.json", "distance", "Distance = |v| - 2 = 4 - 2 = 2"),
    ],
)
def test_the_last_frame_says_how_its_number_follows(
    sample: str, query: RunQuery, words: str
) -> None:
    # the curved pair's last frame used to be titled "depth 1.49375" under words that ended
    # on "depth 0.493749", the radii added nowhere
    check = traced(sample)
    answer = check.answer
    frames = len(answer.epa_trace) + len(
        answer.boolean_trace if query == "boolean" else answer.distance_trace
    )

    def caption(step: int | None) -> str:
        (text,) = tagged(check_figure(check, query, step), "caption")
        return " ".join(str(text.get_text()).split())

    assert words in caption(None)
    found = answer.penetration.depth if answer.penetration is not None else answer.gjk.distance
    assert title(check_figure(check, query)).endswith(f" {found:.6g}")
    assert f"= {found:.6g}" in words  # the words end on the title's number
    if answer.epa_trace:  # and wait for the last frame
        assert words not in caption(frames - 1)


@pytest.mark.parametrize("sample", ["seed-example.json", "ellipse/overlapping.json"])
def test_epa_s_normal_leaves_the_depth_clear(sample: str) -> None:
    # the normal n was drawn from the origin to the edge, and on the last frame the depth's
    # black arrow covered it exactly: the legend named a green arrow no one could see
    check = traced(sample)
    overlap, radii = check.answer.penetration, sum(check.answer.gjk.radii)
    assert overlap is not None
    gjk, epa = len(check.answer.distance_trace), len(check.answer.epa_trace)
    for index in sorted({1, epa}):  # the first and the last (a figure per frame is slow)
        step = check.answer.epa_trace[index - 1]
        figure = check_figure(check, "distance", gjk + index)
        (normal,) = tagged(figure, "epa-normal")
        start, tip = normal.xyann, normal.xy
        last = index == epa
        reach = step.height + (radii if last else 0.0)
        assert start == pytest.approx((step.normal[0] * reach, step.normal[1] * reach))
        along = (tip[0] - start[0]) * step.normal[0] + (tip[1] - start[1]) * step.normal[1]
        assert along > 0.0  # outwards
        (gap,) = tagged(figure, "epa-gap")
        assert list(zip(gap.get_xdata(), gap.get_ydata(), strict=True)) == [
            (0.0, 0.0),
            (step.normal[0] * step.height, step.normal[1] * step.height),
        ]
        (legend,) = tagged(figure, "legend-epa")
        assert "origin to the edge (last: the depth)" in [t.get_text() for t in legend.get_texts()]
    depth = [a for a in tagged(figure, "answer") if a.axes is figure.axes[1]]
    (arrow,) = depth
    assert arrow.xyann == (0.0, 0.0)
    assert arrow.xy == pytest.approx(normal.xyann)  # the normal starts where the depth ends


def test_the_distance_is_not_called_d() -> None:
    # d is the search direction everywhere else
    figure = check_figure(traced("capsule/separated.json"), "distance")
    texts = [str(text.get_text()) for text in figure.findobj(Text)]
    assert "distance 2" in texts and not any(text.startswith("d = ") for text in texts)
