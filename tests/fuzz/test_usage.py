"""Usage errors of ``gjk fuzz``: one line on standard error, exit status 2."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.helpers import assert_input_error, run_gjk

TOY = "examples/toy_engine/toy_engine.py:answer"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--impl", "examples/toy_engine/toy_engine.py"], "expected module:function"),
        (["--impl", "no/such/file.py:answer"], "no such file"),
        (["--impl", "no_such_module_here:answer"], "cannot import no_such_module_here"),
        (["--impl", "examples/toy_engine/toy_engine.py:nothing"], "has no attribute 'nothing'"),
        (["--impl", "examples/toy_engine/toy_engine.py:MAX_ITERATIONS"], "is not callable"),
        (["--impl-cmd", "/no/such/program --flag"], "cannot start /no/such/program"),
        (["--impl-cmd", f"{sys.executable} no/such/script.py"], "the program ended"),
        ([], "exactly one of --impl and --impl-cmd"),
        (["--impl", TOY, "--impl-cmd", "cat"], "exactly one of --impl and --impl-cmd"),
        (["--impl", TOY, "--types", "polygn"], "did you mean 'polygon'"),
        (["--impl", TOY, "--families", "tiny,nope"], "--families: unknown name 'nope'"),
        (["--impl", TOY, "--types", "ellipse", "--families", "tiny"], "no pair of the types"),
    ],
)
def test_usage_errors(tmp_path: Path, args: list[str], words: str) -> None:
    result = run_gjk("fuzz", *args, "--count", "3", "--out", str(tmp_path / "out"))
    assert_input_error(result, words)


def test_an_output_folder_holding_other_things_is_refused(tmp_path: Path) -> None:
    (tmp_path / "precious.txt").write_text("keep me")
    result = run_gjk("fuzz", "--impl", TOY, "--count", "3", "--out", str(tmp_path))
    assert_input_error(result, "not the output of an earlier gjk fuzz run")
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_a_finding_folder_holding_more_is_refused_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_gjk("fuzz", "--impl", TOY, "--count", "40", "--out", str(out)).returncode == 1
    finding = sorted(out.glob("finding-*"))[0]
    (finding / "NOTES.md").write_text("my notes")
    result = run_gjk("fuzz", "--impl", TOY, "--count", "3", "--out", str(out))
    assert_input_error(result, f"{finding.name} is not a finding of gjk fuzz")
    assert (finding / "NOTES.md").read_text() == "my notes" and (finding / "pair.json").exists()
    (finding / "NOTES.md").unlink()
    (out / "finding-99-link").symlink_to(tmp_path)
    result = run_gjk("fuzz", "--impl", TOY, "--count", "3", "--out", str(out))
    assert_input_error(result, "finding-99-link is not a finding of gjk fuzz")
    assert (finding / "pair.json").exists()
