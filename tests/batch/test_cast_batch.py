"""gjk batch casts the pairs that have a motion: their records gain the cast, their status
follows it, bad motions are error rows, and the records stay in input order."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gjkcli.algorithms.toi import ToiResult
from gjkcli.batch.plain import read_plain
from gjkcli.batch.runner import run_batch
from gjkcli.corpus import generate
from gjkcli.corpus.casts import CAST_FAMILIES
from gjkcli.io import pair_from_node
from gjkcli.io.discover import Item, items
from gjkcli.io.node import Node
from gjkcli.verify.check import check_pair, check_status
from gjkcli.verify.pair_cast import PairCast, with_cast
from gjkcli.verify.toi_check import ToiCheck
from tests.helpers import Records

BOX = {"type": "rectangle", "center": [0, 0], "size": [2, 2]}
FAR_BOX = {"type": "rectangle", "center": [5, 0], "size": [2, 2]}
STATIC = {"a": BOX, "b": FAR_BOX, "expect": {"distance": 3}}
# B's gap of 3 closes at 1/2 when B moves 6 towards A: a hit at exactly 1/2
LINEAR = {**STATIC, "motion": {"b": [-6, 0]}, "expect": {"cast": {"status": "hit", "time": 0.5}}}
# B moving away from A while touching it: no hit (the shapes share the edge x = 1)
RECEDING = {
    "a": BOX,
    "b": {"type": "rectangle", "center": [2, 0], "size": [2, 2]},
    "motion": {"b": [1, 1]},
    "expect": {"cast": {"status": "touching-receding"}},
}
# A bar from (-5, 0) to (5, 0) turning a quarter turn about its middle reaches the box
# [3, 5] x [4, 6] at its corner (3, 4) when its angle is atan2(4, 3): see casts.py
SPINNING = {
    "a": {"type": "segment", "points": [[-5, 0], [5, 0]]},
    "b": {"type": "polygon", "points": [[2, 4], [5, 4], [5, 6], [2, 6]]},
    "motion": {"a": {"to": [0, 0, 90]}},
    "expect": {"cast": {"status": "hit", "time": 0.5903344706017332}},
}
WRONG_TIME = {**LINEAR, "name": "late", "expect": {"cast": {"status": "hit", "time": 0.75}}}
BAD_MOTION = {**STATIC, "motion": {"b": {"to": [1, 2]}}}
COMPOUND = {
    "a": {"type": "polygon", "points": [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]},
    "b": FAR_BOX,
    "motion": {"b": [-1, 0]},
}
CAST_WITHOUT_MOTION = {**STATIC, "expect": {"cast": {"status": "miss"}}}


def _folder(tmp_path: Path, pairs: list[dict[str, Any]]) -> Path:
    folder = tmp_path / "pairs"
    folder.mkdir()
    for index, pair in enumerate(pairs):
        (folder / f"{index:02d}.json").write_text(json.dumps(pair))
    return folder


def _batch(folder: Path, workers: int) -> list[dict[str, Any]]:
    written = Records()
    run_batch(items([str(folder)]), workers=workers, fail_fast=False, write=written.write)
    return [json.loads(line) for line in written]


def test_a_folder_of_moving_and_still_pairs_gives_their_records_in_order(tmp_path: Path) -> None:
    pairs = [STATIC, LINEAR, RECEDING, STATIC, SPINNING]
    folder = _folder(tmp_path, pairs)
    one = _batch(folder, 1)
    assert one == _batch(folder, 2)  # in two worker processes
    assert [Path(r["source"]["file"]).name for r in one] == [f"0{i}.json" for i in range(5)]
    assert [r["status"] for r in one] == ["pass"] * 5, [r["reasons"] for r in one]
    assert ["cast" in r for r in one] == [False, True, True, False, True]
    linear, receding, spinning = one[1]["cast"], one[2]["cast"], one[4]["cast"]
    assert (linear["method"], linear["cast"]["status"], linear["cast"]["time"]) == (
        "linear",
        "hit",
        0.5,
    )
    assert linear["exact"]["time"] == "1/2"
    assert (receding["cast"]["status"], receding["cast"]["time"]) == ("touching-receding", None)
    assert spinning["method"] == "rotating" and spinning["cast"]["status"] == "hit"
    assert list(one[1])[-2:] == ["cast", "error"]


def test_every_key_of_a_batch_cast_is_in_the_formats_table(tmp_path: Path) -> None:
    # The linear record's "tolerance" was missing from the table of FORMATS section 4.
    formats = (Path(__file__).parents[2] / "docs" / "FORMATS.md").read_text()
    section = formats[formats.index("**Moving pairs.**") :]
    table = section[: section.index("\n\n", section.index("| key | meaning |"))]
    listed = set(re.findall(r"`cast\.(\w+)`", table))
    linear, spinning = _batch(_folder(tmp_path, [LINEAR, SPINNING]), 1)
    for record in (linear, spinning):
        assert set(record["cast"]) <= listed, set(record["cast"]) - listed


def test_a_cast_that_does_not_meet_its_expectation_fails_the_pair() -> None:
    records = Records()
    lines = [Item("s.jsonl", 1, json.dumps(WRONG_TIME)), Item("s.jsonl", 2, json.dumps(LINEAR))]
    summary = run_batch(lines, workers=1, fail_fast=False, write=records.write)
    late, right = (json.loads(line) for line in records)
    assert (late["status"], right["status"]) == ("fail", "pass")
    assert late["reasons"] == [
        "expect.cast.time: expected 0.75, cast 0.5 (difference 0.25, tolerance 2e-09)"
    ]
    assert late["agree"] and not late["expect"]["ok"]
    assert (summary.passed, summary.failed, summary.failed_expectations) == (1, 1, 1)


def test_bad_motions_are_error_rows_naming_the_place_and_the_rest_still_run() -> None:
    lines = [LINEAR, BAD_MOTION, COMPOUND, CAST_WITHOUT_MOTION, RECEDING]
    items = [Item("s.jsonl", n, json.dumps(pair)) for n, pair in enumerate(lines, 1)]
    records = Records()
    summary = run_batch(items, workers=1, fail_fast=False, write=records.write)
    rows = [json.loads(line) for line in records]
    assert [r["status"] for r in rows] == ["pass", "error", "error", "error", "pass"]
    assert rows[1]["error"] == (
        "s.jsonl:2: motion.b.to: expected a pose [x, y, angle in degrees], got a list of 2 items"
    )
    assert rows[2]["error"] == (
        "s.jsonl:3: motion: casts need convex shapes, and A is a compound shape "
        "(non-convex or multi-part)"
    )
    assert rows[3]["error"].startswith(
        "s.jsonl:4: expect.cast: a cast's expectation needs a motion"
    )
    assert (summary.pairs, summary.errors) == (5, 3)


def test_a_feature_collection_pair_is_cast_and_a_huge_angle_is_an_error_row() -> None:
    # The boxes of LINEAR as GeoJSON, with the same motion: B meets A at t = 1/2.
    square = [[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, -1]]
    far = [[x + 5, y] for x, y in square]
    collection = {
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [ring]}}
            for ring in (square, far)
        ],
        "motion": {"b": [-6, 0]},
    }
    spin = {**STATIC, "motion": {"b": {"from": [0, 0, -1e308], "to": [0, 0, 1e308]}}}
    lines = [Item("s.jsonl", n, json.dumps(pair)) for n, pair in enumerate((collection, spin), 1)]
    records = Records()
    run_batch(lines, workers=1, fail_fast=False, write=records.write)
    cast_row, spin_row = (json.loads(line) for line in records)
    assert cast_row["status"] == "pass" and cast_row["cast"]["exact"]["time"] == "1/2"
    assert spin_row["status"] == "error"
    assert spin_row["error"].startswith(
        "s.jsonl:2: motion.b.from[2]: the angle -1e+308 degrees is beyond the limit"
    )


def test_moving_pairs_take_the_per_pair_way_and_give_the_same_records() -> None:
    still = {"a": BOX, "b": FAR_BOX}
    texts = [json.dumps(still), json.dumps({**still, "motion": {"b": [-6, 0]}})]
    items = [Item("s.jsonl", n, text) for n, text in enumerate(texts, 1)]
    plain = read_plain(items, ["s:1", "s:2"])
    assert plain[0] is not None and plain[1] is None
    cast_only = Item("s.jsonl", 3, json.dumps(CAST_WITHOUT_MOTION))  # the loader refuses it
    assert read_plain([cast_only], ["s:3"]) == [None]
    ways = []
    for columnar in (True, False):
        written = Records()
        run_batch(items, workers=1, fail_fast=False, write=written.write, columnar=columnar)
        ways.append(written)
    assert ways[0] == ways[1]


def _generated_pairs_pass(count: int, seed: int, families: list[str]) -> None:
    items = [
        Item("corpus.jsonl", n, json.dumps(pair))
        for n, pair in enumerate(generate(count, seed, families), 1)
    ]
    written = Records()
    run_batch(items, workers=1, fail_fast=False, write=written.write)
    failed = [r for r in map(json.loads, written) if r["status"] != "pass"]
    assert not failed, [(r["name"], r["reasons"]) for r in failed]


@pytest.mark.parametrize("family", list(CAST_FAMILIES))
def test_the_generated_cast_families_pass_in_a_batch(family: str) -> None:
    """Their hand-derived answers are exact: gjkcli's casts and cross-checks must meet them."""
    _generated_pairs_pass(6, 2026, [family])


@pytest.mark.slow
def test_many_generated_cast_pairs_pass_in_a_batch() -> None:
    _generated_pairs_pass(100 * len(CAST_FAMILIES), 7, list(CAST_FAMILIES))


def test_a_cast_cut_short_by_its_cap_is_a_warning_that_strict_fails() -> None:
    pair = pair_from_node(Node(SPINNING, "spin.json"), "spin")
    capped = ToiResult("iteration-cap", (0.25, 1.0), None, 1e-9, 8.0, 2000, "the cap", None, None)
    cast = PairCast(ToiCheck(capped, None, 1000, (), ()), ())
    check = with_cast(check_pair(pair), cast)
    assert check.warnings == ("cast: the cast stopped at its iteration cap (the cap)",)
    assert check_status(check) == ("pass", ())
    assert check_status(check, strict=True) == ("fail", check.warnings)
