"""Pictures: valid SVG, PNG, PDF and GIF, with one simplex marker per step."""

from __future__ import annotations

import math
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from gjkcli.io import load_pair
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.render.plot import RunQuery, save_plot, save_steps
from gjkcli.render.table import verdict_text
from gjkcli.verify.check import Check, check_pair
from tests.helpers import SAMPLES

PAIRS = {
    "polygons": "polygon/separated.json",
    "circle-ellipse": "mixed/circle-ellipse.json",
    "capsule-segment": "mixed/capsule-segment.json",
    "overlapping": "seed-example.json",
}


def traced(sample: str) -> Check:
    return check_pair(load_pair(str(SAMPLES / sample)), trace=True)


def simplex_ids(svg: Path) -> list[str]:
    tree = ElementTree.parse(svg)  # also proves the SVG is well-formed XML
    return [
        element.get("id", "")
        for element in tree.iter()
        if element.get("id", "").startswith("simplex-")
    ]


@pytest.mark.parametrize("name", list(PAIRS))
@pytest.mark.parametrize("query", ["distance", "boolean"])
def test_svg_has_one_simplex_marker_per_step(tmp_path: Path, name: str, query: RunQuery) -> None:
    check = traced(PAIRS[name])
    path = tmp_path / f"{name}.svg"
    save_plot(check, query, path)
    steps = check.answer.distance_trace if query == "distance" else check.answer.boolean_trace
    assert simplex_ids(path) == [f"simplex-{step.iteration}" for step in steps]


@pytest.mark.parametrize("name", list(PAIRS))
def test_png_and_pdf_are_written(tmp_path: Path, name: str) -> None:
    check = traced(PAIRS[name])
    save_plot(check, "distance", tmp_path / "picture.png")
    save_plot(check, "distance", tmp_path / "picture.pdf")
    assert (tmp_path / "picture.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    pdf = (tmp_path / "picture.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")


def test_animation_has_one_frame_per_step_of_gjk_then_epa(tmp_path: Path) -> None:
    from PIL import Image

    check = traced("seed-example.json")
    path = tmp_path / "run.gif"
    save_steps(check, "boolean", gif=path, seconds_per_step=0.5)
    steps = len(check.answer.boolean_trace) + len(check.answer.epa_trace)
    assert check.answer.epa_trace
    with Image.open(path) as animation:
        assert animation.format == "GIF"
        assert animation.n_frames == steps
        durations = []
        for index in range(animation.n_frames):
            animation.seek(index)
            durations.append(animation.info["duration"])
    assert durations == [500] * (steps - 1) + [1000]  # the last step is held twice as long


def test_frames_are_one_png_per_step(tmp_path: Path) -> None:
    check = traced("ellipse/separated.json")
    save_steps(check, "distance", frames=tmp_path / "steps")
    written = sorted((tmp_path / "steps").iterdir())
    assert [p.name for p in written] == [
        f"step-{k:02d}.png" for k in range(1, check.answer.gjk.iterations + 1)
    ]
    assert all(p.read_bytes()[:4] == b"\x89PNG" for p in written)


def test_a_boolean_run_that_stops_at_its_first_point_is_drawn(tmp_path: Path) -> None:
    # B above A: the first support point along (0, 1) already falls short of the origin,
    # so the run ends with an empty simplex; its support point stands in for it
    record = {
        "a": {"type": "rectangle", "center": [0, 0], "size": [2, 2]},
        "b": {"type": "circle", "center": [0, 5], "radius": 1},
    }
    check = check_pair(pair_from_node(Node(record, "above.json"), "above"), trace=True)
    assert [step.simplex for step in check.answer.boolean_trace] == [()]
    save_plot(check, "boolean", tmp_path / "above.svg")
    assert simplex_ids(tmp_path / "above.svg") == ["simplex-1"]
    save_steps(check, "boolean", gif=tmp_path / "above.gif", frames=tmp_path / "steps")
    assert list((tmp_path / "steps").iterdir()) == [tmp_path / "steps/step-01.png"]


def test_the_title_gives_the_verdict_of_the_table(tmp_path: Path) -> None:
    # a circle resting on a face of a rotated box: EPA's depth is a rounding error
    # (about 1.7e-16), inside the touching band, so the verdict is touching, not overlap
    angle = math.radians(17)
    record = {
        "a": {"type": "rectangle", "center": [0, 0], "size": [2, 2], "rotation": 17},
        "b": {
            "type": "circle",
            "center": [1.5 * math.cos(angle), 1.5 * math.sin(angle)],
            "radius": 0.5,
        },
    }
    check = check_pair(pair_from_node(Node(record, "resting.json"), "resting"), trace=True)
    assert check.answer.verdict == "touching"
    assert check.answer.penetration is not None and check.answer.penetration.depth > 0.0
    save_plot(check, "distance", tmp_path / "resting.svg")
    titles = re.findall(r"<!-- (resting: [^>]*) -->", (tmp_path / "resting.svg").read_text())
    assert titles == [f"resting: {verdict_text(check.answer)}"]
    assert titles[0].startswith("resting: touching (within ")


def test_a_check_without_its_steps_is_refused(tmp_path: Path) -> None:
    check = check_pair(load_pair(str(SAMPLES / "seed-example.json")))
    with pytest.raises(ValueError, match="trace=True"):
        save_plot(check, "boolean", tmp_path / "seed.svg")
