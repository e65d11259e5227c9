"""A pair's ``motion`` key: every form it takes, and every error naming file and place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gjkcli.algorithms.poses import Motion, Move, Pose
from gjkcli.io import InputError, load_pair
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from tests.helpers import Records

A = {"type": "polygon", "points": [[0, 0], [1, 0], [1, 1], [0, 1]]}
B = {"type": "circle", "center": [4, 0.5], "radius": 0.5}


def pair_file(tmp_path: Path, motion: Any) -> str:
    path = tmp_path / "pair.json"
    path.write_text(json.dumps({"a": A, "b": B, "motion": motion}))
    return str(path)


def test_a_pair_without_motion_has_none(tmp_path: Path) -> None:
    path = tmp_path / "still.json"
    path.write_text(json.dumps({"a": A, "b": B}))
    assert load_pair(str(path)).motion is None


def test_a_translation_of_b_alone(tmp_path: Path) -> None:
    motion = load_pair(pair_file(tmp_path, {"b": [-3, 0.25]})).motion
    assert motion == Motion(
        Move(Pose(0, 0, 0), Pose(0, 0, 0)), Move(Pose(0, 0, 0), Pose(-3, 0.25, 0))
    )
    assert motion.b.translation == (-3.0, 0.25)
    assert not motion.a.rotates and not motion.b.rotates
    assert motion.target == 0.0


def test_both_translations_and_a_target(tmp_path: Path) -> None:
    motion = load_pair(pair_file(tmp_path, {"a": [1, 0], "b": [-2, 0], "target": 0.1})).motion
    assert motion is not None
    assert (motion.a.translation, motion.b.translation, motion.target) == ((1, 0), (-2, 0), 0.1)


def test_poses_with_from_defaulting_to_the_shape_as_written(tmp_path: Path) -> None:
    written = {"a": {"to": [0, 0, 45]}, "b": {"from": [1, 2, 10], "to": [-1, 2, 10]}}
    motion = load_pair(pair_file(tmp_path, written)).motion
    assert motion is not None
    assert motion.a == Move(Pose(0, 0, 0), Pose(0, 0, 45))
    assert motion.a.rotates
    assert motion.b == Move(Pose(1, 2, 10), Pose(-1, 2, 10))
    assert not motion.b.rotates and motion.b.translation == (-2.0, 0.0)


def test_a_motion_in_a_json_lines_record() -> None:
    line = {"name": "slide", "a": A, "b": B, "motion": {"b": [-3, 0]}}
    pair = pair_from_node(Node(line, "cast.jsonl:4"), "cast:4")
    assert pair.motion is not None and pair.motion.b.translation == (-3.0, 0.0)
    with pytest.raises(InputError) as caught:
        pair_from_node(Node({**line, "motion": {"b": [-3]}}, "cast.jsonl:4"), "cast:4")
    assert str(caught.value).startswith("cast.jsonl:4: motion.b: expected a translation")


BAD_MOTIONS = [
    ("not-an-object", [1, 0], "motion", "expected a motion (a JSON object), got a list of 2"),
    ("empty", {}, "motion", "a motion needs 'a' or 'b' (or both): the shape that moves"),
    (
        "unknown-key",
        {"b": [1, 0], "targte": 1},
        "motion.targte",
        "unknown key for a motion (did you mean 'target'?); valid keys: a, b, target",
    ),
    (
        "translation-of-three",
        {"b": [1, 0, 0]},
        "motion.b",
        'expected a translation [dx, dy] or poses {"from": [x, y, angle], "to": [x, y, '
        "angle]}, got a list of 3 items",
    ),
    ("string-move", {"a": "east"}, "motion.a", 'got a string ("east")'),
    ("bad-number", {"b": [1, True]}, "motion.b[1]", "expected a number, got true"),
    ("non-finite", {"b": [1, float("nan")]}, "motion.b[1]", "NaN is not allowed"),
    ("missing-to", {"b": {"from": [0, 0, 0]}}, "motion.b", "missing key 'to' for a move"),
    (
        "misspelt-from",
        {"b": {"form": [0, 0, 0], "to": [1, 0, 0]}},
        "motion.b.form",
        "unknown key for a move (did you mean 'from'?); valid keys: from, to",
    ),
    (
        "short-pose",
        {"a": {"to": [1, 0]}},
        "motion.a.to",
        "expected a pose [x, y, angle in degrees], got a list of 2 items",
    ),
    ("pose-number", {"a": {"to": [1, 0, None]}}, "motion.a.to[2]", "expected a number, got null"),
    ("negative-target", {"b": [1, 0], "target": -0.5}, "motion.target", "must be >= 0, got -0.5"),
    (
        "target-with-rotation",
        {"b": {"to": [1, 0, 30]}, "target": 0.5},
        "motion.target",
        "a target distance goes with translations only, and B rotates (its angle goes "
        "from 0 to 30 degrees)",
    ),
    (
        "huge-angle",
        {"b": {"from": [0, 0, -1e308], "to": [0, 0, 1e308]}},
        "motion.b.from[2]",
        "the angle -1e+308 degrees is beyond the limit: at most 1e+06 in absolute value",
    ),
    (
        "angle-past-the-limit",
        {"a": {"to": [0, 0, 1e20]}},
        "motion.a.to[2]",
        "the angle 1e+20 degrees is beyond the limit",
    ),
    (
        "too-far",
        {"b": [2e150, 0]},
        "motion.b",
        "the moved shape's coordinates reach 2e+150; at most 1e+150",
    ),
]


@pytest.mark.parametrize(
    ("motion", "place", "words"),
    [case[1:] for case in BAD_MOTIONS],
    ids=[case[0] for case in BAD_MOTIONS],
)
def test_every_bad_motion_names_file_place_and_problem(
    tmp_path: Path, motion: Any, place: str, words: str
) -> None:
    path = pair_file(tmp_path, motion)
    with pytest.raises(InputError) as caught:
        load_pair(path)
    error = caught.value
    assert (error.file, error.place) == (path, place)
    assert words in error.message, error.message
    assert "\n" not in str(error)


def test_angles_up_to_the_limit_are_read() -> None:
    turn = {"a": A, "b": B, "motion": {"b": {"from": [0, 0, -1e6], "to": [0, 0, 1e6]}}}
    motion = pair_from_node(Node(turn, "p.json"), "p").motion
    assert motion is not None and (motion.b.start.angle, motion.b.end.angle) == (-1e6, 1e6)


FEATURES = [
    {
        "type": "Feature",
        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]},
    },
    {"type": "Feature", "geometry": {"type": "Point", "coordinates": [4, 0.5]}},
]


def test_a_feature_collection_pair_carries_its_motion() -> None:
    collection = {"type": "FeatureCollection", "features": FEATURES, "motion": {"b": [-3, 0]}}
    pair = pair_from_node(Node(collection, "fc.geojson"), "fc")
    assert pair.motion is not None and pair.motion.b.translation == (-3.0, 0.0)
    bad = {**collection, "motion": {"b": [-3]}}
    with pytest.raises(InputError) as caught:
        pair_from_node(Node(bad, "fc.geojson"), "fc")
    assert str(caught.value).startswith("fc.geojson: motion.b: expected a translation")


def test_a_turning_shape_may_reach_farther_than_its_box() -> None:
    # B's farthest corner is sqrt(2) * 1e149 from the origin: turned by 45 degrees, and
    # moved by 9e149, it would reach past the limit that the unturned move stays within
    corner = {"type": "point", "at": [1e149, 1e149]}
    still = {"a": A, "b": corner, "motion": {"b": {"to": [9e149, 0, 0]}}}
    assert pair_from_node(Node(still, "p.json"), "p").motion is not None
    turned = {"a": A, "b": corner, "motion": {"b": {"to": [9e149, 0, 45]}}}
    with pytest.raises(InputError, match=r"coordinates reach 1\.04e\+150"):
        pair_from_node(Node(turned, "p.json"), "p")


def test_a_batch_reads_motions_and_reports_a_bad_one_as_its_row() -> None:
    from gjkcli.batch.runner import run_batch
    from gjkcli.io.discover import Item

    lines = [
        json.dumps({"name": "good", "a": A, "b": B, "motion": {"b": [-3, 0]}}),
        json.dumps({"name": "bad", "a": A, "b": B, "motion": {"b": {"to": [1, 0]}}}),
    ]
    written = Records()
    items = (Item("cast.jsonl", number, text) for number, text in enumerate(lines, 1))
    summary = run_batch(items, workers=1, fail_fast=False, write=written.write)
    good, bad = (json.loads(line) for line in written)
    assert good["status"] == "pass"
    assert bad["status"] == "error"
    assert bad["error"] == (
        "cast.jsonl:2: motion.b.to: expected a pose [x, y, angle in degrees], got a list of 2 items"
    )
    assert summary.errors == 1


def test_an_unknown_key_of_a_cast_expectation_lists_each_valid_key_once(tmp_path: Path) -> None:
    path = tmp_path / "pair.json"
    path.write_text(
        json.dumps({"a": A, "b": B, "motion": {"b": [-3, 0]}, "expect": {"cast": {"hit": 1}}})
    )
    with pytest.raises(InputError) as caught:
        load_pair(str(path))
    assert str(caught.value).endswith("valid keys: status, time")
