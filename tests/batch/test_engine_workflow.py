"""Issue 16's engineer workflow, end to end on 1,000 pairs: an engine's answers in
``expect`` and in a separate answers file; every wrong row is caught by the filter that
``gjk batch --help`` shows; the summary adds up; the JUnit file is valid XML
with the same counts; a float32 engine's answers pass with ``--precision single``."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gjkcli.corpus import generate
from gjkcli.corpus.families import CONVEX_FAMILIES
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.verify.check import Check, check_pairs
from tests.helpers import documented_jq_filters, run_gjk

COUNT = 1000
(FILTER,) = [text for place, text in documented_jq_filters() if place == "gjk batch --help"]
"""The filter ``gjk batch --help`` shows (the README's too: all of them are run by
``test_documented_filters``)."""


def engine_answer(check: Check) -> dict[str, Any]:
    """What a correct engine would answer: gjkcli's own best-proven values."""
    gjk, overlap = check.answer.gjk, check.answer.penetration
    answer: dict[str, Any] = {
        "intersects": check.ruling.verdict != "separated",
        "verdict": check.ruling.verdict,
        "distance": check.exact.distance if check.exact is not None else gjk.distance,
    }
    if gjk.closest is not None:
        answer["closest"] = [list(point) for point in gjk.closest]
    if overlap is not None and check.ruling.verdict != "separated":
        answer |= {
            "depth": overlap.depth,
            "normal": list(overlap.normal),
            "contact": [list(point) for point in overlap.contact],
        }
    return answer


def wrong(answer: dict[str, Any], family: str, rng: random.Random) -> dict[str, Any]:
    """The answer with one realistic bug planted, always beyond any tolerance: a distance
    1% off; contact flipped where the shapes are clearly apart or clearly overlap; the
    normal reversed where the overlap is deep and not symmetric."""
    bug = rng.choice(["distance", "intersects", "normal"])
    clear = answer["distance"] > 1e-3 or answer.get("depth", 0.0) > 1e-3
    if bug == "intersects" and clear:
        return {**answer, "intersects": not answer["intersects"]}
    symmetric = family in ("nested", "identical")
    if bug == "normal" and answer.get("depth", 0.0) > 1e-3 and not symmetric:
        return {**answer, "normal": [-answer["normal"][0], -answer["normal"][1]]}
    return {**answer, "distance": answer["distance"] * 1.01 + 0.01}


def single(value: Any) -> Any:
    """A value as a float32 engine writes it: every float rounded to single precision."""
    if isinstance(value, float):
        return float(np.float32(value))
    if isinstance(value, list):
        return [single(item) for item in value]
    if isinstance(value, dict):
        return {key: single(item) for key, item in value.items()}
    return value


@cache
def corpus() -> tuple[tuple[dict[str, Any], dict[str, Any]], ...]:
    """1,000 convex pairs (ids 0...) and a correct engine's answer to each."""
    pairs = []
    for index, pair in enumerate(generate(COUNT, seed=16, families=tuple(CONVEX_FAMILIES))):
        pair.pop("expect", None)
        pairs.append({**pair, "id": index})
    loaded = [pair_from_node(Node(pair, "corpus"), pair["name"]) for pair in pairs]
    checks = check_pairs(loaded)
    assert all(check.agree for check in checks)
    return tuple((pair, engine_answer(check)) for pair, check in zip(pairs, checks, strict=True))


def planted(rate: float = 0.05) -> tuple[list[dict[str, Any]], list[dict[str, Any]], set[str]]:
    """The pairs, the answers with a few bugs planted, and the names of those pairs."""
    rng = random.Random(7)
    pairs, answers, bad = [], [], set()
    for pair, answer in corpus():
        if rng.random() < rate:
            answers.append(wrong(answer, pair["name"].split("/")[0], rng))
            bad.add(pair["name"])
        else:
            answers.append(answer)
        pairs.append(pair)
    return pairs, answers, bad


def write_lines(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))


def batch(tmp_path: Path, pairs: Path, *options: str) -> tuple[int, list[dict[str, Any]], Any]:
    out, summary, junit = tmp_path / "out.jsonl", tmp_path / "summary.json", tmp_path / "r.xml"
    run = run_gjk(
        "batch",
        str(pairs),
        "--quiet",
        "--output",
        str(out),
        "--summary-json",
        str(summary),
        "--junit",
        str(junit),
        *options,
        timeout=600,
    )
    assert "Traceback" not in run.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    return run.returncode, records, (json.loads(summary.read_text()), ET.parse(junit), run)


def filtered(records_file: Path) -> set[str]:
    """The names the documented filter keeps: with jq where it is installed, and always
    with what it means in Python."""
    records = [json.loads(line) for line in records_file.read_text().splitlines()]
    names = {record["name"] for record in records if record["status"] != "pass"}
    if shutil.which("jq"):
        run = subprocess.run(
            ["jq", "-r", f"{FILTER} | .name", str(records_file)],
            capture_output=True,
            text=True,
            check=True,
        )
        assert set(run.stdout.splitlines()) == names
    return names


def adds_up(summary: dict[str, Any]) -> None:
    assert summary["passed"] + summary["failed"] + summary["errors"] == summary["pairs"]
    parts = summary["disagreed"] + summary["failed_expectations"] + summary["warned"]
    assert parts == summary["failed"]


def junit_counts(tree: ET.ElementTree, summary: dict[str, Any], extra: int = 0) -> set[str]:
    """Check the JUnit document's counts and shape; the names of its failing cases."""
    root = tree.getroot()
    assert root is not None
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert int(suite.get("tests", "")) == len(cases) == summary["pairs"] + extra
    failing = {case.get("name", "") for case in cases if case.find("failure") is not None}
    assert int(suite.get("failures", "")) == len(failing) == summary["failed"] + extra
    assert int(suite.get("errors", "")) == summary["errors"]
    for case in cases:
        assert case.get("classname") and case.get("name")
        failure = case.find("failure")
        if failure is not None:
            assert failure.get("message") and failure.text
    return failing


@pytest.mark.parametrize("where", ["expect", "answers"])
def test_every_wrong_row_is_caught_by_the_documented_filter(tmp_path: Path, where: str) -> None:
    pairs, answers, bad = planted()
    assert 30 < len(bad) < 80
    path = tmp_path / "pairs.jsonl"
    options: list[str] = []
    if where == "expect":
        write_lines(
            path, [{**pair, "expect": answer} for pair, answer in zip(pairs, answers, strict=True)]
        )
    else:
        write_lines(path, pairs)
        shuffled = [
            {"id": pair["id"], **answer} for pair, answer in zip(pairs, answers, strict=True)
        ]
        random.Random(3).shuffle(shuffled)  # joined by id, not by position
        write_lines(tmp_path / "engine.jsonl", shuffled)
        options = ["--answers", str(tmp_path / "engine.jsonl")]
    status, records, (summary, junit, _) = batch(tmp_path, path, *options)
    assert status == 1
    assert len(records) == COUNT == summary["pairs"]
    assert filtered(tmp_path / "out.jsonl") == bad
    adds_up(summary)
    assert (summary["failed"], summary["failed_expectations"], summary["errors"]) == (
        len(bad),
        len(bad),
        0,
    )
    assert junit_counts(junit, summary) == bad
    prefix = "expect." if where == "expect" else "answer."
    for record in records:
        assert record["id"] == int(record["name"].split("/")[1])  # carried through
        assert all(reason.startswith(prefix) for reason in record["reasons"])


def test_single_precision_answers_pass_with_the_preset(tmp_path: Path) -> None:
    pairs = [pair for pair, _ in corpus()]
    answers = [{"id": pair["id"], **single(answer)} for pair, answer in corpus()]
    write_lines(tmp_path / "pairs.jsonl", pairs)
    write_lines(tmp_path / "engine.jsonl", answers)
    options = ("--answers", str(tmp_path / "engine.jsonl"))
    status, _, (summary, _, _) = batch(tmp_path, tmp_path / "pairs.jsonl", *options)
    assert status == 1 and summary["failed_expectations"] > COUNT // 4  # double precision
    status, _, (summary, _, _) = batch(
        tmp_path, tmp_path / "pairs.jsonl", *options, "--precision", "single"
    )
    assert (status, summary["passed"]) == (0, COUNT)


def test_missing_and_unmatched_answers_do_not_pass(tmp_path: Path) -> None:
    pairs = [pair for pair, _ in corpus()][:20]
    answers = [{"id": pair["id"], **answer} for pair, answer in corpus()][:20]
    answers[5] = {**answers[5], "id": "ghost"}  # pair 5 has no answer; "ghost" no pair
    write_lines(tmp_path / "pairs.jsonl", pairs)
    write_lines(tmp_path / "engine.jsonl", answers)
    options = ("--answers", str(tmp_path / "engine.jsonl"))
    status, records, (summary, junit, run) = batch(tmp_path, tmp_path / "pairs.jsonl", *options)
    assert status == 1
    assert [record["status"] for record in records].count("fail") == 1
    assert records[5]["reasons"] == [
        f"answer: no answer in {tmp_path / 'engine.jsonl'} has id 5",
    ]
    assert summary["answers_without_pair"] == 1
    assert 'engine.jsonl:6 (id "ghost"): this answer matched no pair' in run.stderr
    assert "answers without a pair" in junit_counts(junit, summary, extra=1)


def test_a_pair_past_the_last_answer_by_position_says_so(tmp_path: Path) -> None:
    write_lines(tmp_path / "pairs.jsonl", [pair for pair, _ in corpus()][:3])
    write_lines(tmp_path / "a_pos.jsonl", [answer for _, answer in corpus()][:2])
    status, records, _ = batch(
        tmp_path, tmp_path / "pairs.jsonl", "--answers", str(tmp_path / "a_pos.jsonl")
    )
    assert status == 1 and [record["status"] for record in records] == ["pass", "pass", "fail"]
    assert records[2]["reasons"] == [
        f"answer: no answer in {tmp_path / 'a_pos.jsonl'} for pair 3: answers are joined by "
        "position, and it has only 2"
    ]


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (['{"id": 1}', "not json"], "engine.jsonl:2: column 1: invalid JSON"),
        (['{"id": 1}', '{"distance": 1}'], "engine.jsonl:2: no 'id': answers are joined by id"),
        (['{"id": 1}', '{"id": 1}'], "engine.jsonl:2: a second answer for id 1"),
        (['{"name": "x"}', "[1]"], "engine.jsonl:2: expected an answer (a JSON object)"),
    ],
)
def test_an_answers_file_that_cannot_be_joined_is_a_usage_error(
    tmp_path: Path, lines: list[str], words: str
) -> None:
    write_lines(tmp_path / "pairs.jsonl", [pair for pair, _ in corpus()][:2])
    (tmp_path / "engine.jsonl").write_text("\n".join(lines) + "\n")
    run = run_gjk(
        "batch", str(tmp_path / "pairs.jsonl"), "--answers", str(tmp_path / "engine.jsonl")
    )
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert words in run.stderr and "Traceback" not in run.stderr


def test_a_wrong_value_in_one_answer_is_that_pairs_error_row(tmp_path: Path) -> None:
    write_lines(tmp_path / "pairs.jsonl", [pair for pair, _ in corpus()][:3])
    write_lines(tmp_path / "engine.jsonl", [{}, {"distance": "far"}, {"verdict": "apart"}])
    status, records, (summary, junit, _) = batch(
        tmp_path, tmp_path / "pairs.jsonl", "--answers", str(tmp_path / "engine.jsonl")
    )
    assert status == 2 and [record["status"] for record in records] == ["pass", "error", "error"]
    assert junit_counts(junit, summary) == set()
    errors = [case.find("error") for case in junit.getroot().iter("testcase")]
    assert [error is not None and error.get("message") for error in errors] == [
        False,
        records[1]["error"],
        records[2]["error"],
    ]
    assert records[1]["error"].endswith(
        'engine.jsonl:2: distance: expected a number, got a string ("far")'
    )
    assert "engine.jsonl:3: verdict: expected one of separated" in records[2]["error"]
    adds_up(summary)


def test_an_answer_is_taken_once_and_a_position_join_refuses_folders(tmp_path: Path) -> None:
    pair, answer = corpus()[0]
    write_lines(tmp_path / "pairs.jsonl", [pair, pair])  # two pairs with one id
    write_lines(tmp_path / "engine.jsonl", [{"id": pair["id"], **answer}])
    status, records, _ = batch(
        tmp_path, tmp_path / "pairs.jsonl", "--answers", str(tmp_path / "engine.jsonl")
    )
    assert status == 1 and [record["status"] for record in records] == ["pass", "fail"]
    assert "an earlier pair took the answer for it" in records[1]["reasons"][0]
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "pair.json").write_text(json.dumps(pair))
    (tmp_path / "by-position.jsonl").write_text(json.dumps(answer) + "\n")
    run = run_gjk("batch", str(folder), "--answers", str(tmp_path / "by-position.jsonl"))
    assert run.returncode == 2 and "by position" in run.stderr and run.stderr.count("\n") == 1
    run = run_gjk("batch", "-", "--answers", "-", stdin=json.dumps(pair))
    assert run.returncode == 2 and "both read standard input" in run.stderr
    run = run_gjk("batch", "/dev/stdin", "--answers", "-", stdin=json.dumps(pair))
    assert run.returncode == 2 and "both read standard input" in run.stderr


def test_a_feature_collections_name_is_not_its_pairs(tmp_path: Path) -> None:
    features = [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}},
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [3, 4]}},
    ]
    collection = {"type": "FeatureCollection", "name": "ignored", "features": features}
    write_lines(tmp_path / "fc.jsonl", [collection])
    write_lines(tmp_path / "engine.jsonl", [{"name": "fc:1", "distance": 5.0}])
    status, records, _ = batch(
        tmp_path, tmp_path / "fc.jsonl", "--answers", str(tmp_path / "engine.jsonl")
    )
    assert (status, records[0]["name"], records[0]["status"]) == (0, "fc:1", "pass")
