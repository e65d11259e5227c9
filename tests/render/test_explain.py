"""gjk explain's page without a browser: every step drawn with the trace's points, told
with the trace's words, the answer held back to the last step; and the command's errors.

(tests/render/test_explain_browser.py opens the page in Chromium.)
"""

from __future__ import annotations

import itertools
import re
from html import unescape
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from gjkcli.io import load_pair
from gjkcli.render.explain import explain_page, step_lines
from gjkcli.render.json_record import check_record
from gjkcli.render.scene import run_steps
from gjkcli.render.svg import walkthrough_svg
from gjkcli.verify.check import Check, check_pair
from tests.helpers import SAMPLES, assert_input_error, run_gjk

PAIRS = {
    "seed, first direction (0, 1)": ("seed-example.json", (0.0, 1.0)),
    "polygons apart": ("polygon/separated.json", None),
    "curves overlapping": ("ellipse/overlapping.json", None),
    "capsule and segment": ("mixed/capsule-segment.json", None),
    "compound": ("compound/notch.json", None),
}

Marks = dict[str, list[list[float]]]
"""The points a step's picture holds, by the class of their marks."""


def traced(sample: str, direction: tuple[float, float] | None = None) -> Check:
    return check_pair(load_pair(str(SAMPLES / sample)), trace=True, direction=direction)


def marks_of(elements: list[tuple[str, dict[str, str]]]) -> Marks:
    """The points of a step's marks, each given as its class and its data attributes."""
    found: Marks = {}
    for css, data in elements:
        name = css.split()[0]
        if "data-x" in data:
            found.setdefault(name, []).append([float(data["data-x"]), float(data["data-y"])])
        if "data-dx" in data and name != "plane":
            found.setdefault(name, []).append([float(data["data-dx"]), float(data["data-dy"])])
        if "data-start-x" in data:
            found.setdefault(name, []).extend(
                [float(data[f"data-{end}-x"]), float(data[f"data-{end}-y"])]
                for end in ("start", "end")
            )
    return found


def expected_marks(run: str, step: dict[str, Any]) -> Marks:
    """What the trace's JSON record of a step says its picture must hold."""
    supports = {
        "support-a": [step["support_a"]],
        "support-b": [step["support_b"]],
        "support": [step["support"]],
    }
    if run == "epa":
        return {
            **supports,
            "epa-corner": step["polygon"],
            "epa-edge": step["edge"],
            "normal": [step["normal"]],
        }
    expected: Marks = {**supports, "direction": [step["direction"]]}
    if step["simplex"]:
        expected["simplex-point"] = step["simplex"]
    if step["dropped"]:
        expected["dropped"] = step["dropped"]
    if run == "distance":
        expected["closest"] = [step["closest"]]
    return expected


def step_elements(group: ElementTree.Element) -> list[tuple[str, dict[str, str]]]:
    return [
        (
            element.get("class", ""),
            {k: v for k, v in element.attrib.items() if k.startswith("data-")},
        )
        for element in group.iter()
        if element is not group and element.get("class")
    ]


@pytest.mark.parametrize("sample, direction", PAIRS.values(), ids=PAIRS.keys())
def test_each_step_draws_the_points_of_the_trace(
    sample: str, direction: tuple[float, float] | None
) -> None:
    check = traced(sample, direction)
    picture = ElementTree.fromstring(walkthrough_svg(check))  # well-formed XML, too
    groups = [g for g in picture.iter() if (g.get("class") or "").startswith("step")]
    trace = check_record(check, "both")["trace"]
    steps = run_steps(check)
    assert (
        len(groups) == len(steps) == sum(len(trace[run]) for run in ("boolean", "distance", "epa"))
    )
    for index, (group, (run, step)) in enumerate(zip(groups, steps, strict=True)):
        assert group.get("data-index") == str(index)
        assert (group.get("data-run"), group.get("data-step")) == (run, str(step.iteration))
        assert group.get("class") == ("step" if index == 0 else "step off")
        record = trace[run][step.iteration - 1]
        assert marks_of(step_elements(group)) == expected_marks(run, record), (run, index)


def test_the_answer_waits_for_the_last_step() -> None:
    check = traced("seed-example.json", (0.0, 1.0))
    page = explain_page(check)
    hidden = re.findall(r'class="(answer[^"]*)"', page)
    assert hidden and all(css.endswith(" off") for css in hidden), hidden
    assert 'id="verdict" class="answer-only off"' in page
    assert 'id="answer" class="answer-only off"' in page
    first = page.index('data-index="0"')
    assert "move B by" not in page[first : page.index('data-index="1"')]
    answer = page[page.index('<g class="answer off">') :]
    assert "move B by 0.894427" in answer[: answer.index("</g>")]


@pytest.mark.parametrize("sample, direction", PAIRS.values(), ids=PAIRS.keys())
def test_each_step_is_told_in_the_words_of_the_trace(
    sample: str, direction: tuple[float, float] | None
) -> None:
    check = traced(sample, direction)
    page = explain_page(check)
    items = re.findall(r'<li class="narration[^"]*" (.*?)</li>', page)
    steps = run_steps(check)
    assert len(items) == len(steps)
    for index, (item, step) in enumerate(zip(items, steps, strict=True)):
        assert f'data-index="{index}"' in item
        lines = re.findall(r'<p class="line">(.*?)</p>', item)
        assert [unescape(line) for line in lines] == step_lines(check, step)


def test_the_words_of_a_step_are_those_of_gjk_check_trace() -> None:
    result = run_gjk(
        "check", str(SAMPLES / "seed-example.json"), "--trace", "--direction", "0", "1"
    )
    check = traced("seed-example.json", (0.0, 1.0))
    told = " ".join(result.stdout.split())
    for step in run_steps(check):
        for line in step_lines(check, step):
            assert " ".join(line.split()) in told


def test_the_page_fetches_nothing() -> None:
    page = explain_page(traced("ellipse/overlapping.json"))
    without_namespace = page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"https?:|//[a-z]|<link|@import|@font-face|\bsrc=", without_namespace)
    assert page.count("<script>") == 1 and "<script src" not in page


def test_gjk_explain_writes_the_page(tmp_path: Path) -> None:
    target = tmp_path / "seed.html"
    result = run_gjk(
        "explain", str(SAMPLES / "seed-example.json"), "-o", str(target), "--direction", "0", "1"
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == f"gjk: wrote {target}\n" and result.stdout == ""
    page = target.read_text(encoding="utf-8")
    assert page.count('<li class="narration') == 6
    assert "search direction d = (0, 1)" in page


@pytest.mark.parametrize(
    "arguments, fragments",
    [
        (["-o", "{tmp}/run.svg"], ["run.svg", "must end in .html"]),
        ([], ["missing option --output"]),
        (["-o", "{tmp}/missing/run.html"], ["cannot write"]),
        (["-o", "{tmp}/run.html", "--direction", "0", "0"], ["--direction 0 0"]),
    ],
)
def test_bad_usage_is_one_line(tmp_path: Path, arguments: list[str], fragments: list[str]) -> None:
    given = [argument.replace("{tmp}", str(tmp_path)) for argument in arguments]
    result = run_gjk("explain", str(SAMPLES / "seed-example.json"), *given)
    assert_input_error(result, *fragments)
    assert not (tmp_path / "run.html").exists()


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": {"type": "circle", "center": [0, 0]}, "b": "POINT (1 1)"}')
    result = run_gjk("explain", str(broken), "-o", str(tmp_path / "run.html"))
    assert_input_error(result, "broken.json", "radius")


@pytest.mark.parametrize(
    "sample, told",
    [
        ("circle/overlapping.json", ["EPA (how deeply do they overlap?): 0 steps",
                                     "The cores are apart, so EPA has no loop to run",
                                     "Depth = 1: moving B by 1 along n = (1, 0)"]),
        ("point/touching.json", ["A - B has no interior (points on one line)"]),
        ("compound/hole-bridging.json", ["EPA (how deeply do they overlap?): not run: "
                                         "not defined for compound shapes"]),
    ],
)  # fmt: skip
def test_the_last_step_tells_how_the_depth_was_found_when_epa_ran_no_loop(
    sample: str, told: list[str]
) -> None:
    """EPA with no steps of its own still has words in gjk check --trace (the depth from the
    radii, an A - B with no interior, or why it was not run): the page tells them at its
    last step, with the answer, and nowhere before."""
    check = traced(sample)
    assert check.answer.epa_trace == ()
    page = explain_page(check)
    items = re.findall(r'<li class="narration[^"]*" (.*?)</li>', page)
    last = unescape(re.sub(r"<[^>]+>", " ", items[-1]))
    earlier = unescape(re.sub(r"<[^>]+>", " ", " ".join(items[:-1])))
    for words in told:
        assert words in " ".join(last.split())
        assert words.split(":")[0] not in earlier


def test_shapes_far_from_the_origin_are_drawn_moved_beside_a_minus_b() -> None:
    """A and B 1e9 from the origin, A - B near it: both are drawn big enough to read (every
    dot inside the picture, A's and A - B's outlines each spanning a good part of it), the
    page says how far the shapes were moved, and the marks still hold the true points."""
    from gjkcli.io import load_two

    pair = load_two(
        '{"type": "circle", "center": [1e9, 0], "radius": 1}',
        '{"type": "polygon", "points": [[1e9, 3], [1e9, 5], [1000000002, 4]]}',
    )
    check = check_pair(pair, trace=True)
    page = explain_page(check)
    assert "they are drawn moved by (-1000000000, -5)" in page
    svg = ElementTree.fromstring(walkthrough_svg(check))
    width, height = float(svg.get("width", "0")), float(svg.get("height", "0"))
    dots = [e for e in svg.iter() if e.tag.endswith("circle") and e.get("cx") is not None]
    assert dots
    for dot in dots:
        assert 0.0 <= float(dot.get("cx", "nan")) <= width
        assert 0.0 <= float(dot.get("cy", "nan")) <= height
    for css in ("shape-a", "difference"):
        path = next(e for e in svg.iter() if e.get("class") == css)
        xs = [float(x) for x in re.findall(r"[ML](-?[\d.]+) ", path.get("d", ""))]
        assert max(xs) - min(xs) > 0.1 * width, css  # not a dot in a corner
    steps = [g for g in svg.iter() if (g.get("class") or "").split()[0:1] == ["step"]]
    record = check_record(check, "both")["trace"]
    for group in steps:
        run, number = group.get("data-run", ""), int(group.get("data-step", "0"))
        expected = expected_marks(run, record[run][number - 1])
        found = marks_of(step_elements(group))
        assert {name: found[name] for name in expected} == expected
    near = explain_page(traced("polygon/separated.json"))
    assert "drawn moved" not in near


Box = tuple[float, float, float, float]


def _label_boxes(group: ElementTree.Element) -> list[tuple[str, Box]]:
    """The box each label of ``group`` covers: as :class:`gjkcli.render.svg.Labels` sizes
    it (a character 0.62 of the font size wide, the text's middle 0.35 of it above y)."""
    boxes = []
    for text in group.iter("{http://www.w3.org/2000/svg}text"):
        words, size = "".join(text.itertext()), float(text.get("font-size", "nan"))
        x, y = float(text.get("x", "nan")), float(text.get("y", "nan")) - 0.35 * size
        half_width, half_height = (0.62 * size * len(words) + 2.0) / 2.0, (size + 2.0) / 2.0
        boxes.append((words, (x - half_width, y - half_height, x + half_width, y + half_height)))
    return boxes


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] < point[0] < box[2] and box[1] < point[1] < box[3]


def _drawn_points(group: ElementTree.Element) -> list[tuple[str, tuple[float, float]]]:
    """The marked points of ``group``, and points every 4 pixels along its lines (the
    arrows of the search direction, of ``w = a - b`` and of EPA's normal, and EPA's edge)."""
    found = []
    for element in group.iter():
        css = (element.get("class") or "").split()
        if element.tag.endswith("circle"):
            found.append(
                (css[0], (float(element.get("cx", "nan")), float(element.get("cy", "nan"))))
            )
        if (
            element.tag.endswith("line")
            and css
            and css[0] in ("join", "direction", "normal", "epa-edge")
        ):
            x1, y1, x2, y2 = (float(element.get(k, "nan")) for k in ("x1", "y1", "x2", "y2"))
            pieces = max(1, int(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 / 4.0))
            found += [
                (css[0], (x1 + (x2 - x1) * i / pieces, y1 + (y2 - y1) * i / pieces))
                for i in range(pieces + 1)
            ]
    return found


@pytest.mark.parametrize("sample, direction", PAIRS.values(), ids=PAIRS.keys())
def test_no_label_sits_on_a_mark_or_a_line_of_its_step(
    sample: str, direction: tuple[float, float] | None
) -> None:
    # "w1" used to sit on its own dashed line, "nearest edge" on the new point w, and the
    # name of A - B on the points of later steps
    picture = ElementTree.fromstring(walkthrough_svg(traced(sample, direction)))
    groups = [g for g in picture.iter() if (g.get("class") or "").startswith("step")]
    backgrounds = {
        g.get("data-run"): g for g in picture.iter() if "run-bg" in (g.get("class") or "")
    }
    for group in groups:
        labels = _label_boxes(group) + _label_boxes(backgrounds[group.get("data-run")])
        for words, box in labels:
            for kind, point in _drawn_points(group):
                assert not _inside(point, box), (group.get("data-index"), words, kind, point)
        for (one, first), (other, second) in itertools.combinations(labels, 2):
            apart = (
                first[2] <= second[0] or second[2] <= first[0]
                or first[3] <= second[1] or second[3] <= first[1]
            )  # fmt: skip
            assert apart, (group.get("data-index"), one, other)
