"""Engines that crash, hang, write garbage or raise are reported with the pair, and the
run goes on; an engine that is always right yields no findings."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.fuzz.engines import program_command, write_engines
from tests.helpers import gjk_executable, run_gjk

# circles and polygons, in turn: half the pairs have a circle
SOURCES = ("--families", "circles,polygons", "--types", "circle,polygon", "--seed", "3")


def _summary(out: Path) -> dict[str, Any]:
    summary: dict[str, Any] = json.loads((out / "summary.json").read_text())
    return summary


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("crash", "the program ended (exit status 3); its last words: boom"),
        ("garbage", "not JSON"),
        ("error", "the engine answered with an error: 'no circles'"),
    ],
)
def test_a_misbehaving_program_is_reported_and_fuzzing_goes_on(
    tmp_path: Path, mode: str, words: str
) -> None:
    program, _ = write_engines(tmp_path)
    out = tmp_path / "out"
    command = program_command(program, mode)
    result = run_gjk("fuzz", "--impl-cmd", command, *SOURCES, "--count", "12", "--out", str(out))
    assert result.returncode == 1, result.stderr
    summary = _summary(out)
    assert summary["pairs_tried"] == 12  # the program was started again each time
    [finding] = summary["findings"]
    assert finding["signature"] == [mode]
    assert finding["count"] >= 2  # every pair with a circle, not only the first
    assert words in finding["failures"][0]
    folder = out / finding["folder"]
    assert words in (folder / "engine.txt").read_text()
    original = json.loads((folder / "original.json").read_text())
    assert original["name"] == finding["first_pair"] and "circle" in json.dumps(original)
    shrunk = json.loads((folder / "pair.json").read_text())
    assert "circle" in json.dumps(shrunk) and "expect" in shrunk
    assert f"finding 1: {mode}" in result.stderr


def test_a_hanging_program_is_killed_and_started_again(tmp_path: Path) -> None:
    program, _ = write_engines(tmp_path)
    out = tmp_path / "out"
    command = program_command(program, "hang")
    result = run_gjk(
        "fuzz", "--impl-cmd", command, *SOURCES, "--count", "4", "--timeout", "0.5",
        "--max-calls", "2", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    summary = _summary(out)
    assert summary["pairs_tried"] == 4
    [finding] = summary["findings"]
    assert finding["signature"] == ["hang"]
    assert "no answer within 0.5 s" in finding["failures"][0]
    assert finding["shrink"]["engine_calls"] <= 2


@pytest.mark.parametrize(
    ("function", "words"),
    [("raising", "ZeroDivisionError: circles divide by zero"), ("exiting", "SystemExit: 3")],
)
def test_a_function_that_raises_is_reported(tmp_path: Path, function: str, words: str) -> None:
    _, module = write_engines(tmp_path)
    out = tmp_path / "out"
    result = run_gjk(
        "fuzz", "--impl", f"{module}:{function}", *SOURCES, "--count", "6", "--out", str(out)
    )
    assert result.returncode == 1, result.stderr
    [finding] = _summary(out)["findings"]
    assert finding["signature"] == ["raised"]
    assert finding["failures"] == [words]


def test_a_correct_engine_yields_no_findings(tmp_path: Path) -> None:
    _, module = write_engines(tmp_path)
    out = tmp_path / "out"
    result = run_gjk(
        "fuzz", "--impl", f"{module}:answer", "--seed", "5", "--count", "60", "--out", str(out)
    )
    assert result.returncode == 0, result.stdout + result.stderr
    summary = _summary(out)
    assert summary["findings"] == [] and summary["pairs_tried"] == 60
    assert "no findings" in result.stdout
    assert sorted(p.name for p in out.iterdir()) == ["summary.json"]


def test_an_answer_that_names_its_pair_still_fails_the_same_way_in_gjk_batch(
    tmp_path: Path,
) -> None:
    (tmp_path / "echo.py").write_text(
        "def answer(pair):\n    return {'name': pair['name'], 'id': 7, 'distance': 99.0}\n"
    )
    out = tmp_path / "out"
    result = run_gjk(
        "fuzz", "--impl", f"{tmp_path / 'echo.py'}:answer", *SOURCES, "--count", "3",
        "--out", str(out), "--quiet",
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    [folder] = sorted(out.glob("finding-*"))
    assert json.loads((folder / "answer.jsonl").read_text()) == {"distance": 99.0}
    command = (folder / "command.txt").read_text().split()
    again = subprocess.run(
        [gjk_executable(), *command[1:], "--json"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert again.returncode == 1, again.stderr
    reasons = json.loads(again.stdout)["reasons"]
    assert [reason.split(":")[0] for reason in reasons] == ["answer.distance"]
