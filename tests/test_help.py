"""The help of ``gjk`` reads cleanly, its usage errors are one line, and the installed
tool shows its own reference (``gjk formats``, ``gjk example``); issue 17, part 3.

Everything runs through the installed ``gjk``, at the width of a terminal of 80
columns (and of 160: the help is never wider than 80).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
import typer.main

from gjkcli.cli import app
from gjkcli.reference import EXAMPLE_KINDS
from tests.helpers import ROOT, run_gjk

COMMANDS = list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
"""Every command of ``gjk``, by name."""

HELPS = [[], *([name] for name in COMMANDS)]
"""The group's help and each command's."""

NOISE = ("<bool>", "{A}", "{PATH", "<list[str]>", "<str>", "<int", "<float", "x>=", "Value error")
"""What Typer 0.29 drew into the help: types beside flags and values, braces, ranges."""

WIDE = {"COLUMNS": "80"}


def help_text(args: list[str], flag: str = "--help", columns: str = "80") -> str:
    """What ``gjk *args flag`` prints ``columns`` wide (it must exit 0, quietly)."""
    return _help_text(tuple(args), flag, columns)


@cache
def _help_text(args: tuple[str, ...], flag: str, columns: str) -> str:
    """Each help is run once for the tests of this module (the same text: the run reads
    nothing that changes); a failed run is not kept, so each test that asks fails."""
    result = run_gjk(*args, flag, env={"COLUMNS": columns})
    assert result.returncode == 0 and result.stderr == "", result
    return result.stdout


@pytest.mark.parametrize("args", HELPS, ids=lambda args: " ".join(["gjk", *args]))
def test_help_reads_cleanly_at_80_columns(args: list[str]) -> None:
    text = help_text(args)
    assert [noise for noise in NOISE if noise in text] == []
    lines = text.splitlines()
    assert [line for line in lines if len(line) > 80] == []
    assert [line for line in lines if line != line.rstrip()] == []
    assert lines[0].startswith("Usage: gjk ")
    assert "Examples:" in lines and "Exit status:" in lines
    status = lines[lines.index("Exit status:") + 1 :]
    for code in ("0", "2"):
        assert any(line.startswith(f"  {code}  ") for line in status), (code, text)
    # nothing a pip-installed user does not have
    assert "docs/" not in text and "samples/" not in text and "FORMATS.md section" not in text


@pytest.mark.parametrize("args", HELPS, ids=lambda args: " ".join(["gjk", *args]))
def test_dash_h_is_help_and_a_wide_terminal_changes_nothing(args: list[str]) -> None:
    text = help_text(args)
    assert help_text(args, "-h") == text
    assert help_text(args, columns="160") == text


def test_usage_lines_and_flags_read_as_they_are_typed() -> None:
    check = help_text(["check"])
    assert check.startswith("Usage: gjk check [OPTIONS] A [B]\n")
    assert re.search(r"^  --json {2,}Print one JSON object", check, re.MULTILINE)
    assert re.search(r"^  --query \[both\|boolean\|distance\]$", check, re.MULTILINE)
    assert re.search(r"^  --plot FILE {2,}Also draw", check, re.MULTILINE)
    assert "(default: both)" in check
    assert help_text(["batch"]).startswith("Usage: gjk batch [OPTIONS] PATH...\n")
    assert re.search(r"^  --workers N {2,}Worker processes, 1 or more", help_text(["batch"]), re.M)
    assert help_text([]).startswith("Usage: gjk [OPTIONS] COMMAND [ARGS]...\n")


def test_batch_help_has_the_statuses_of_a_run_cut_short() -> None:
    status = help_text(["batch"]).split("Exit status:\n")[1]
    for code in ("0", "1", "2", "130", "141", "143"):
        assert re.search(rf"^  {code} +\S", status, re.MULTILINE), code


def test_the_group_help_lists_every_command_and_says_how_to_complete() -> None:
    text = help_text([])
    for name in COMMANDS:
        assert re.search(rf"^  {name} +\S", text, re.MULTILINE), name
    assert "gjk --install-completion" in text and "--show-completion" in text


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["check", "x.json", "--query", "foo"],
            "gjk: error: --query: 'foo' is not one of: both, boolean, distance "
            "(see 'gjk check -h')",
        ),
        (["check"], "gjk: error: missing argument A (see 'gjk check -h')"),
        (
            ["check", "x.json", "--query"],
            "gjk: error: option '--query' requires an argument (see 'gjk check -h')",
        ),
        (["batch"], "gjk: error: missing argument PATH... (see 'gjk batch -h')"),
        (
            ["check", "x.json", "--jsn"],
            "gjk: error: no such option: --jsn (did you mean --json?) (see 'gjk check -h')",
        ),
        (["frobnicate"], "gjk: error: no such command 'frobnicate' (see 'gjk -h')"),
        (
            ["chek", "x.json"],
            "gjk: error: no such command 'chek' (did you mean 'check'?) (see 'gjk -h')",
        ),
        (
            ["batch", "samples", "--workers", "0"],
            "gjk: error: --workers: must be 1 or more (see 'gjk batch -h')",
        ),
        (
            ["check", "x.json", "--precision", "Single"],
            "gjk: error: --precision: 'Single' is not one of: double, single (see 'gjk check -h')",
        ),
    ],
)
def test_a_usage_error_is_one_plain_line(args: list[str], line: str) -> None:
    result = run_gjk(*args, env=WIDE)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", line + "\n")


def test_no_command_shows_the_help_on_standard_error() -> None:
    result = run_gjk(env=WIDE)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == help_text([]).strip()


def test_shell_completion_scripts_and_answers() -> None:
    script = run_gjk(env={"_GJK_COMPLETE": "source_bash"})
    assert script.returncode == 0
    assert "complete -o default -F _gjk_completion gjk" in script.stdout
    words = run_gjk(
        env={"_GJK_COMPLETE": "complete_bash", "COMP_WORDS": "gjk ch", "COMP_CWORD": "1"}
    )
    assert words.stdout.split() == ["check"]
    choices = {
        "_GJK_COMPLETE": "complete_bash",
        "COMP_WORDS": "gjk check --query ",
        "COMP_CWORD": "3",
    }
    assert run_gjk(env=choices).stdout.split() == ["both", "boolean", "distance"]
    kinds = {"_GJK_COMPLETE": "complete_bash", "COMP_WORDS": "gjk example c", "COMP_CWORD": "2"}
    assert run_gjk(env=kinds).stdout.split() == ["circle", "capsule", "compound"]


def test_formats_prints_the_contract_whole_or_in_part() -> None:
    whole = run_gjk("formats")
    contract = (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    assert (whole.returncode, whole.stdout) == (0, contract)
    exit_status = run_gjk("formats", "exit").stdout
    assert exit_status.startswith("## 5. Exit status\n") and "| 2 |" in exit_status
    assert exit_status.strip() in contract and "## 4." not in exit_status
    expect = run_gjk("formats", "expect").stdout
    assert expect.startswith("### Expectations\n") and "`intersects`" in expect
    assert run_gjk("formats", "5").stdout == exit_status
    listing = run_gjk("formats", "--list").stdout.splitlines()
    assert "5. Exit status" in listing and "   Expectations" in listing


def test_formats_prints_the_trace_schema_that_formats_names() -> None:
    printed = run_gjk("formats", "--trace-schema")
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout)["$schema"].startswith("https://json-schema.org/")
    assert "gjk formats --trace-schema" in run_gjk("formats", "json").stdout


def test_formats_of_no_such_section_is_a_usage_error() -> None:
    result = run_gjk("formats", "nothing-like-it")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "gjk: error: no section of FORMATS.md is titled 'nothing-like-it' "
        "(gjk formats --list lists them)\n"
    )


def test_an_example_is_input_that_gjk_check_accepts() -> None:
    example = run_gjk("example")
    assert example.returncode == 0 and '"expect"' in example.stdout
    checked = run_gjk("check", "-", "--json", stdin=example.stdout)
    assert checked.returncode == 0, checked
    record = json.loads(checked.stdout)
    assert record["status"] == "pass" and record["expect"]["ok"] is True


def test_every_kind_of_example_passes_gjk_batch(tmp_path: Path) -> None:
    suffixes = {"wkt": ".wkt", "geojson": ".geojson", "jsonl": ".jsonl"}
    for kind in EXAMPLE_KINDS:
        printed = run_gjk("example", kind)
        assert printed.returncode == 0 and printed.stderr == "", (kind, printed)
        (tmp_path / f"{kind}{suffixes.get(kind, '.json')}").write_text(printed.stdout)
    result = run_gjk("batch", str(tmp_path), "--json", "--workers", "1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert len(result.stdout.splitlines()) == len(EXAMPLE_KINDS) - 1 + 5  # jsonl: 5 pairs


def test_example_help_names_every_kind_and_refuses_others() -> None:
    text = help_text(["example"])
    assert [kind for kind in EXAMPLE_KINDS if kind not in text] == []
    result = run_gjk("example", "box")
    assert result.returncode == 2 and result.stderr.startswith("gjk: error: no example 'box': ")
