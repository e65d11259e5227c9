"""``gjk check --manifold``: the contact manifold in the table and in the JSON record."""

from __future__ import annotations

import json

import pytest

from tests.helpers import ROOT, run_gjk

# a capsule lying 0.05 into a 4 x 2 floor (top at y = 1), running past its left side
CAPSULE_ON_FLOOR = json.dumps(
    {
        "name": "capsule-on-floor",
        "a": {"type": "rectangle", "center": [0, 0], "size": [4, 2]},
        "b": {"type": "capsule", "points": [[-3, 1.2], [1, 1.2]], "radius": 0.25},
    }
)


def test_table_shows_the_points_and_shapely_s_word() -> None:
    result = run_gjk("check", "-", "--manifold", stdin=CAPSULE_ON_FLOOR)
    assert result.returncode == 0, result.stderr
    assert "contact manifold: 2 points, normal (0, 1), on A's face" in result.stdout
    assert "(-2, 0.95)" in result.stdout and "vertex 3" in result.stdout
    assert "Shapely: agrees" in result.stdout


def test_json_record_gains_a_manifold_object() -> None:
    result = run_gjk("check", "-", "--manifold", "--json", stdin=CAPSULE_ON_FLOOR)
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    contact = record["manifold"]
    assert contact["normal"] == [0.0, 1.0] and contact["reference"] == "a"
    assert contact["margin"] == 0.0
    assert [p["feature"] for p in contact["points"]] == [
        ["vertex", 3, "edge", 0],
        ["edge", 2, "vertex", 1],
    ]
    assert [p["point"] for p in contact["points"]] == [[-2.0, 0.95], [1.0, 0.95]]
    assert [p["separation"] for p in contact["points"]] == pytest.approx([-0.05, -0.05], abs=1e-15)
    assert contact["agree"] is True and contact["problems"] == [] and contact["unavailable"] is None
    formats = (ROOT / "docs" / "FORMATS.md").read_text()
    section = formats[formats.index("### Contact manifolds") :]
    start = section.index("```json\n") + len("```json\n")
    assert json.loads(section[start : section.index("\n```", start)]) == {"manifold": contact}


def test_compound_shapes_say_why_there_is_none() -> None:
    result = run_gjk("check", "samples/compound/notch.json", "--manifold", "--json")
    assert result.returncode == 0, result.stderr
    contact = json.loads(result.stdout)["manifold"]
    assert contact["points"] == [] and contact["normal"] is None
    assert contact["unavailable"].startswith(
        "contact manifolds need convex shapes, and A is made of"
    )


# a 2 x 2 box hovering 0.1 above the floor's top edge (y = 1), over x in [-1, 1]
HOVERING = json.dumps(
    {
        "name": "hovering",
        "a": {"type": "rectangle", "center": [0, 0], "size": [4, 2]},
        "b": {"type": "rectangle", "center": [0, 2.1], "size": [2, 2]},
    }
)


def test_a_speculative_margin_gives_the_points_of_shapes_not_yet_touching() -> None:
    plain = json.loads(run_gjk("check", "-", "--manifold", "--json", stdin=HOVERING).stdout)
    assert plain["manifold"]["points"] == [] and plain["manifold"]["margin"] == 0.0
    result = run_gjk("check", "-", "--manifold-margin", "0.25", "--json", stdin=HOVERING)
    assert result.returncode == 0, result.stderr
    contact = json.loads(result.stdout)["manifold"]  # --manifold-margin implies --manifold
    assert contact["margin"] == 0.25 and contact["normal"] == [0.0, 1.0]
    # B's bottom corners, 0.1 above A's top edge (edge 2 of the rectangle's corners)
    assert sorted(p["point"] for p in contact["points"]) == [[-1.0, 1.1], [1.0, 1.1]]
    assert [p["separation"] for p in contact["points"]] == pytest.approx([0.1, 0.1], abs=1e-15)
    assert contact["agree"] is True
    # closer than the margin asks: no points
    short = run_gjk("check", "-", "--manifold-margin", "0.05", "--json", stdin=HOVERING)
    assert json.loads(short.stdout)["manifold"]["points"] == []


def test_the_table_says_the_manifold_is_speculative() -> None:
    result = run_gjk("check", "-", "--manifold-margin", "0.25", stdin=HOVERING)
    assert result.returncode == 0, result.stderr
    assert "contact manifold: 2 points, normal (0, 1), on A's face\n" in result.stdout
    assert "speculative: the points of shapes up to 0.25 apart\n" in result.stdout


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("-0.5", "gjk: error: --manifold-margin -0.5: the margin must be 0 or more\n"),
        ("inf", "gjk: error: --manifold-margin inf: the margin must be a finite number\n"),
    ],
)
def test_a_bad_margin_is_one_line_and_exit_status_2(given: str, message: str) -> None:
    result = run_gjk("check", "-", "--manifold-margin", given, stdin=HOVERING)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", message)
