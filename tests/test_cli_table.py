"""The table of ``gjk check`` reads for a learner (issue 17), through the installed
``gjk``, at 80 and 160 columns: each GJK row names its run, statuses are in words (the
JSON keeps the codes), the touching band is explained where it matters, and a boolean
run that answers otherwise than the distance run is explained, not left to contradict."""

from __future__ import annotations

import json
import os
import subprocess
from functools import cache
from pathlib import Path
from typing import Any, get_args

import pytest

from gjkcli.algorithms.distance import DistanceStatus
from gjkcli.algorithms.epa import PenetrationStatus
from gjkcli.algorithms.intersect import IntersectStatus
from gjkcli.render.table import BOOLEAN_RUN, DISTANCE_RUN, EPA_RUN
from tests.helpers import ROOT, gjk_executable, run_gjk

CODES = {
    *get_args(DistanceStatus),
    *get_args(IntersectStatus),
    *get_args(PenetrationStatus),
}
"""Every status code of the three runs."""
JARGON = CODES - {"converged"}
"""The codes that are not words of their own (``converged`` is, and the words use it)."""

SAMPLES = [
    "samples/seed-example.json",  # convex polygons, overlapping
    "samples/capsule/separated.json",  # curved, apart
    "samples/capsule/touching.json",  # curved, touching
    "samples/ellipse/overlapping.json",  # curved, overlapping
    "samples/compound/notch.json",  # compound, apart
    "samples/compound/l-shapes-touching.json",  # compound, touching
    "samples/precision/tilted-near-miss.json",  # the two runs answer differently
]


@cache
def table(sample: str, columns: int) -> str:
    """What ``gjk check`` prints for ``sample`` when piped, ``columns`` wide (run once per
    sample and width for the tests of this module; a failed run is not kept)."""
    run = subprocess.run(
        [gjk_executable(), "check", sample],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": str(columns)},
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


@cache
def check_record(sample: str) -> dict[str, Any]:
    """The record ``gjk check --json`` prints for ``sample`` (run once per sample)."""
    found: dict[str, Any] = json.loads(run_gjk("check", sample, "--json").stdout)
    return found


def row_labels(text: str) -> list[str]:
    """The first cell of each row of the table (continuation lines left out)."""
    cells = [line.split("│")[1].strip() for line in text.splitlines() if line.startswith("│")]
    return [cell for cell in cells if cell]


def words(text: str) -> str:
    """The text with the table's borders taken out and its wrapped lines joined."""
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize("columns", [80, 160])
@pytest.mark.parametrize("sample", SAMPLES)
def test_each_run_has_its_row_and_no_status_is_a_bare_code(sample: str, columns: int) -> None:
    text = table(sample, columns)
    labels = row_labels(text)
    assert {"distance run", "boolean run"} <= set(labels)
    assert not {"iterations", "status", "boolean GJK", "EPA"} & set(labels)
    gjk = check_record(sample)["gjk"]
    if gjk["penetration"] is not None:
        assert "depth run (EPA)" in labels
        assert EPA_RUN[gjk["penetration"]["status"]] in words(text)
    assert DISTANCE_RUN[gjk["status"]] in words(text)
    assert BOOLEAN_RUN[gjk["boolean"]["status"]] in words(text)
    assert [code for code in JARGON if code in text] == []  # the codes stay in the JSON
    assert {gjk["status"], gjk["boolean"]["status"]} <= CODES
    assert max(map(len, text.splitlines())) <= columns


def test_every_status_code_has_words() -> None:
    assert set(DISTANCE_RUN) == set(get_args(DistanceStatus))
    assert set(BOOLEAN_RUN) == set(get_args(IntersectStatus))
    assert set(EPA_RUN) == set(get_args(PenetrationStatus))
    assert DISTANCE_RUN["duplicate-support"] == "converged (support point repeated)"
    assert all(
        code not in text
        for text in (*DISTANCE_RUN.values(), *BOOLEAN_RUN.values(), *EPA_RUN.values())
        for code in JARGON
    )


@pytest.mark.parametrize("columns", [80, 160])
def test_touching_explains_the_band_and_apart_does_not(columns: int) -> None:
    touching = words(table("samples/capsule/touching.json", columns))
    assert "touching band a gap of at most 9e-14 counts as touching (distance 0)" in touching
    assert "unless a separating axis proves it" in touching
    apart = words(table("samples/capsule/separated.json", columns))
    assert "counts as touching" not in apart and "boolean run found" not in apart


@pytest.mark.parametrize("columns", [80, 160])
def test_a_boolean_run_that_answers_otherwise_is_explained(columns: int) -> None:
    sample = "samples/precision/tilted-near-miss.json"
    checked = check_record(sample)
    assert checked["agree"] and checked["gjk"]["intersects"]
    assert checked["gjk"]["boolean"]["intersects"] is False  # the case the note explains
    text = words(table(sample, columns))
    assert "intersects yes" in text and "boolean run no after 3 steps" in text
    assert (
        "boolean run found no contact, but the distance run puts the shapes within its "
        "touching band (touching counts as intersecting): this close, rounding can tip "
        "either run; GJK answers as the distance run does"
    ) in text
    assert "agree GJK's distance matches the exact answer to within its touching band" in text
    assert "their verdicts differ (below)" in text
    assert "counts as touching" in text


EXTREME_67 = {
    "name": "extreme/67",
    "a": {
        "type": "polygon",
        "points": [
            [2685404578643.9326, -1883289510137.0125],
            [7470378456761.266, -5224522014524.919],
            [6821867364355.653, -4766078141718.582],
            [-1676496054116.723, 1178191048070.6475],
            [-6465976019005.214, 4523965372594.958],
            [-7314471025601.347, 5111283887549.136],
            [-4528644856959.058, 3160855932277.3237],
        ],
        "transform": {"translate": [267915274.6473786, -16101389.036014661]},
    },
    "b": {
        "type": "rectangle",
        "center": [0.0, 0.0],
        "size": [7.085135571528293e-05, 81214752051010.19],
        "rotation": 353.39497374902436,
        "transform": {
            "scale": [0.18532935786927987, 0.3109889329549754],
            "rotate": 228.91514394660382,
            "translate": [16357116527640.066, -14121032625470.719],
        },
    },
}
"""``gjk generate --seed 2 --family extreme``'s pair 67: a sliver 1e13 long at 1e13,
apart from a polygon by less than rounding there; the boolean run finds the origin
enclosed, the distance run (and the exact arbiter) finds them apart."""


def test_a_boolean_run_that_finds_contact_the_distance_run_does_not_is_explained(
    tmp_path: Path,
) -> None:
    pair = tmp_path / "extreme-67.json"
    pair.write_text(json.dumps(EXTREME_67))
    record = json.loads(run_gjk("check", str(pair), "--json").stdout)
    assert record["agree"] and record["verdict"] == "separated"
    assert (record["gjk"]["intersects"], record["gjk"]["boolean"]["intersects"]) == (False, True)
    text = words(table(str(pair), 80))
    assert "intersects no" in text and "boolean run yes after 3 steps: origin enclosed" in text
    assert (
        "boolean run found the origin enclosed, but the distance run finds them apart: this "
        "close, rounding can tip either run; GJK answers as the distance run does"
    ) in text
    assert "touching band a gap of at most" in text
