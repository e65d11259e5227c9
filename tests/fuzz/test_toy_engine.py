"""``gjk fuzz`` against the toy engine (examples/toy_engine): both planted bugs found and
shrunk, in both forms (a Python function, a program), the same for the same seed."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gjkcli.fuzz.geometry import numbers
from gjkcli.fuzz.numbers import significant_bits
from tests.helpers import run_gjk

TYPES = "polygon,circle,point"
SEED, COUNT = "1", "60"
"""The budget within which both bugs are found (the first touching pair and the first
small one come within the first 20 pairs of seed 1; 60 leaves room)."""

FUNCTION = "examples/toy_engine/toy_engine.py:answer"
PROGRAM = f"{sys.executable} examples/toy_engine/program.py"


@cache
def fuzz_toy(form: str, out: str) -> tuple[int, dict[str, Any]]:
    """Run gjk fuzz on the toy engine once per form; its exit status and summary."""
    option = "--impl" if form == "function" else "--impl-cmd"
    engine = FUNCTION if form == "function" else PROGRAM
    result = run_gjk(
        "fuzz", option, engine, "--types", TYPES, "--seed", SEED, "--count", COUNT, "--out", out
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, json.loads((Path(out) / "summary.json").read_text())


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("toy")
    return {form: base / form for form in ("function", "program")}


def _pair(out: Path, finding: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((out / finding["folder"] / "pair.json").read_text())
    return loaded


def _touching_bug(out: Path, summary: dict[str, Any]) -> dict[str, Any]:
    finding: dict[str, Any]
    for finding in summary["findings"]:
        pair = _pair(out, finding)
        if {"answer.intersects", "answer.verdict"} <= set(finding["signature"]) and (
            pair["expect"]["verdict"] == "touching"
            and pair["a"]["type"] == pair["b"]["type"] == "polygon"
        ):
            return finding
    raise AssertionError(f"the touching-contact bug was not found: {summary['findings']}")


def _small_shapes_bug(out: Path, summary: dict[str, Any]) -> dict[str, Any]:
    finding: dict[str, Any]
    for finding in summary["findings"]:
        pair = _pair(out, finding)
        size = max(abs(x) for x in numbers([pair["a"], pair["b"]]))
        if finding["signature"][:2] == ["answer.closest", "answer.distance"] and size < 2**-8:
            return finding
    raise AssertionError(f"the absolute-termination bug was not found: {summary['findings']}")


@pytest.mark.parametrize("form", ["function", "program"])
def test_both_planted_bugs_are_found_and_shrunk(form: str, outputs: dict[str, Path]) -> None:
    out = outputs[form]
    status, summary = fuzz_toy(form, str(out))
    assert status == 1
    assert summary["pairs_tried"] == int(COUNT)
    for finding in (_touching_bug(out, summary), _small_shapes_bug(out, summary)):
        pair = _pair(out, finding)
        assert len(pair["a"]["points"]) <= 4 and len(pair["b"]["points"]) <= 4, pair
        assert all(significant_bits(x) <= 8 for x in numbers([pair["a"], pair["b"]])), pair
        assert finding["shrink"]["after"]["max_bits"] <= 8
        assert finding["shrink"]["engine_calls"] <= 2000
        folder = out / finding["folder"]
        for name in ("pair.json", "answer.jsonl", "original.json", "trace.txt"):
            assert (folder / name).is_file(), name
        answer = json.loads((folder / "answer.jsonl").read_text())
        if "answer.intersects" in finding["signature"]:
            assert answer["intersects"] is False and pair["expect"]["intersects"] is True
        else:
            assert not math.isclose(answer["distance"], pair["expect"]["distance"])
        if importlib.util.find_spec("matplotlib") is not None:
            assert (folder / "picture.png").stat().st_size > 0
        trace = (folder / "trace.txt").read_text()
        assert "Boolean GJK" in trace and "\x1b[" not in trace


def test_the_same_seed_gives_the_same_findings_in_both_forms(outputs: dict[str, Path]) -> None:
    _, by_function = fuzz_toy("function", str(outputs["function"]))
    _, by_program = fuzz_toy("program", str(outputs["program"]))
    assert [f["signature"] for f in by_function["findings"]] == [
        f["signature"] for f in by_program["findings"]
    ]
    for one, other in zip(by_function["findings"], by_program["findings"], strict=True):
        assert _pair(outputs["function"], one) == _pair(outputs["program"], other)
        assert one["count"] == other["count"]


def test_a_second_run_replaces_the_first(outputs: dict[str, Path]) -> None:
    out = outputs["function"]
    fuzz_toy("function", str(out))
    first = {p.name: p.read_text() for p in out.glob("finding-*/pair.json")}
    again = run_gjk(
        "fuzz", "--impl", FUNCTION, "--types", TYPES, "--seed", SEED, "--count", COUNT,
        "--out", str(out), "--quiet",
    )  # fmt: skip
    assert again.returncode == 1 and again.stdout == "" and again.stderr == ""
    assert {p.name: p.read_text() for p in out.glob("finding-*/pair.json")} == first


def test_batch_passes_the_pair_and_fails_the_answer(outputs: dict[str, Path]) -> None:
    out = outputs["function"]
    _, summary = fuzz_toy("function", str(out))
    for finding in (_touching_bug(out, summary), _small_shapes_bug(out, summary)):
        folder = out / finding["folder"]
        passed = run_gjk("batch", str(folder / "pair.json"))
        assert passed.returncode == 0, passed.stdout + passed.stderr
        command = (folder / "command.txt").read_text().split()
        assert command[:5] == ["gjk", "batch", "pair.json", "--answers", "answer.jsonl"]
        failed = run_gjk(
            "batch",
            str(folder / "pair.json"),
            "--answers",
            str(folder / "answer.jsonl"),
            *command[5:],
            "--json",
        )
        assert failed.returncode == 1, failed.stdout + failed.stderr
        record = json.loads(failed.stdout.splitlines()[0])
        keys = {sentence.split(":")[0] for sentence in record["reasons"]}
        assert record["status"] == "fail"
        assert set(finding["signature"]) <= keys, record["reasons"]


def test_the_pair_passes_gjk_batch(outputs: dict[str, Path]) -> None:
    out = outputs["function"]
    _, summary = fuzz_toy("function", str(out))
    files = [str(out / finding["folder"] / "pair.json") for finding in summary["findings"]]
    result = run_gjk("batch", *files)
    assert result.returncode == 0, result.stdout + result.stderr
