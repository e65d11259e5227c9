"""Pictures: valid SVG, PNG, PDF and GIF, with one simplex marker per step."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from gjkcli.io import load_pair
from gjkcli.render.plot import RunQuery, save_animation, save_frames, save_plot
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


def test_animation_has_one_frame_per_step(tmp_path: Path) -> None:
    from PIL import Image

    check = traced("seed-example.json")
    path = tmp_path / "run.gif"
    save_animation(check, "boolean", path)
    with Image.open(path) as animation:
        assert animation.format == "GIF"
        assert animation.n_frames == len(check.answer.boolean_trace)


def test_frames_are_one_png_per_step(tmp_path: Path) -> None:
    check = traced("ellipse/separated.json")
    written = save_frames(check, "distance", tmp_path / "steps")
    assert [p.name for p in written] == [
        f"step-{k:02d}.png" for k in range(1, check.answer.gjk.iterations + 1)
    ]
    assert all(p.read_bytes()[:4] == b"\x89PNG" for p in written)
