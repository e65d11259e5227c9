"""``gjk batch`` as a process: readers that go away, SIGTERM, progress, where output goes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.batch.processes import (
    PATIENCE,
    all_gone,
    children,
    needs_proc,
    read_terminal,
    start_gjk,
    stop,
)
from tests.helpers import ROOT, assert_input_error, gjk_executable, run_gjk

GOOD = (
    '{"a": {"type": "circle", "center": [0, 0], "radius": 1}, "b": {"type": "point", "at": [3, 0]}}'
)

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="signals and /proc are POSIX")


def stream_of(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "pairs.jsonl"
    path.write_text((GOOD + "\n") * count)
    return path


@needs_proc
def test_a_reader_that_goes_away_ends_the_run_quietly_with_the_sigpipe_status(
    tmp_path: Path,
) -> None:
    source = stream_of(tmp_path, 20_000)
    run = start_gjk(
        ["batch", str(source), "--json", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert run.stdout is not None and run.stderr is not None
    try:
        first = run.stdout.readline()
        started = children(run.pid)
        run.stdout.close()  # like `| head -1`
        status = run.wait(timeout=PATIENCE)
    finally:
        stop(run)
    assert json.loads(first)["agree"] is True
    assert status == 128 + signal.SIGPIPE
    assert run.stderr.read() == b""  # no traceback, no 'internal error', no summary
    assert all_gone(started)  # the worker processes are gone too


@posix_only
def test_the_progress_bar_shows_pairs_done_of_the_total_on_a_terminal(tmp_path: Path) -> None:
    source = stream_of(tmp_path, 600)
    controller, terminal = os.openpty()
    run = subprocess.Popen(
        [gjk_executable(), "batch", str(source), "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=terminal,
        env={**os.environ, "COLUMNS": "100", "TERM": "xterm"},
    )
    os.close(terminal)
    text = read_terminal(controller, run)
    os.close(controller)
    assert run.wait(timeout=PATIENCE) == 0
    assert "━" in text  # a bar, not only a counter
    assert "/600" in text  # pairs done out of the total


def test_a_quiet_run_or_a_pipe_shows_no_progress(tmp_path: Path) -> None:
    source = stream_of(tmp_path, 10)
    for options in ([], ["--quiet"]):
        run = run_gjk("batch", str(source), "--json", *options)
        assert run.returncode == 0
        assert "━" not in run.stderr and "pairs checked" not in run.stderr


def test_with_json_the_summary_never_goes_to_standard_output(tmp_path: Path) -> None:
    source = stream_of(tmp_path, 3)
    output = tmp_path / "results.jsonl"
    run = run_gjk("batch", str(source), "--json", "-o", str(output))
    assert run.returncode == 0
    assert run.stdout == ""
    assert "agreed" in run.stderr
    assert len(output.read_text().splitlines()) == 3


def test_output_files_are_checked_before_the_run(tmp_path: Path) -> None:
    source = stream_of(tmp_path, 3)
    output = tmp_path / "results.jsonl"
    missing = tmp_path / "no-such-folder" / "summary.json"
    run = run_gjk("batch", str(source), "-o", str(output), "--summary-json", str(missing))
    assert run.returncode == 2
    assert run.stderr.startswith(f"gjk: error: {missing}: cannot write")
    assert "agreed" not in run.stderr + run.stdout  # nothing ran
    assert not output.exists()


def test_finding_no_pairs_fails_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "cases").mkdir()
    for arguments in (["batch", str(tmp_path / "cases")], ["batch", "-", "--glob", "*x*"]):
        run = run_gjk(*arguments, stdin="")
        assert run.returncode == 2
        assert run.stderr.strip().splitlines()[-1].startswith("gjk: error: no pairs found in")


def test_an_output_that_would_replace_an_input_is_refused(tmp_path: Path) -> None:
    stream = tmp_path / "pairs.jsonl"
    stream.write_text(GOOD + "\n")
    for option in ("--output", "--summary-json"):
        result = run_gjk("batch", str(stream), option, str(tmp_path / "." / "pairs.jsonl"))
        assert_input_error(result, f"would replace the input {stream}")
    assert stream.read_text() == GOOD + "\n"


def test_generate_files_to_standard_output_is_refused() -> None:
    result = run_gjk("generate", "-", "--files", "--count", "2")
    assert_input_error(result, "--files writes one file per pair into a folder")
    assert not (ROOT / "-").exists()


def test_output_and_summary_in_one_file_is_refused(tmp_path: Path) -> None:
    # The summary used to replace the records silently, exit status 0.
    source = stream_of(tmp_path, 3)
    same = tmp_path / "out.json"
    result = run_gjk("batch", str(source), "-o", str(same), "--summary-json", str(same))
    assert_input_error(result, "--output and --summary-json name the same file")
    assert not same.exists()


def test_an_output_inside_a_searched_folder_is_refused(tmp_path: Path) -> None:
    # A second run used to read the first run's results (and summary) as pairs.
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "pair.json").write_text(GOOD)
    for option, name in (("-o", "results.jsonl"), ("--summary-json", "summary.json")):
        result = run_gjk("batch", str(cases), option, str(cases / "sub" / name))
        assert_input_error(result, f"is inside the folder {cases}, which is searched for pairs")
    assert sorted(path.name for path in cases.iterdir()) == ["pair.json"]
    narrowed = run_gjk("batch", str(cases), "--glob", "pair*", "-o", str(cases / "results.jsonl"))
    assert narrowed.returncode == 0  # the search would not find it
    assert len((cases / "results.jsonl").read_text().splitlines()) == 1


SURROGATE_PAIR = (
    '{"name": "odd \\ud800 name", "a": {"type": "point", "at": [0, 0]}, '
    '"b": {"type": "point", "at": [1, 0]}, "expect": {"distance": 2}}'
)


def test_a_name_that_is_a_lone_surrogate_is_printed_as_its_escape(tmp_path: Path) -> None:
    # Table mode, --json and the batch's failure list all used to fail to encode it.
    pair = tmp_path / "pair.json"
    pair.write_text(SURROGATE_PAIR)
    table = run_gjk("check", str(pair))
    assert table.returncode == 1  # the expectation fails: a verdict, not an internal error
    assert "odd \\ud800 name" in table.stdout and "internal error" not in table.stderr
    record = run_gjk("check", str(pair), "--json")
    assert record.returncode == 1
    assert json.loads(record.stdout)["name"] == "odd \\ud800 name"
    batch = run_gjk("batch", str(pair), "--workers", "1")
    assert batch.returncode == 1 and batch.stderr == ""
    assert "odd \\ud800 name (" in batch.stdout


def test_a_record_json_cannot_hold_is_an_error_record_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import typer

    from gjkcli import cli

    with pytest.raises(typer.Exit) as caught:
        cli._print_json({"name": "p", "gjk": {"distance": float("nan")}})
    assert caught.value.exit_code == 2
    out, err = capsys.readouterr()
    message = "internal error: NaN at gjk.distance cannot be written as JSON (please report it)"
    assert json.loads(out) == {
        "schema": 2,
        "name": "p",
        "status": "error",
        "reasons": [message],
        "error": message,
    }
    assert err == f"gjk: {message}\n"


def test_check_json_of_a_curved_pair_far_away_prints_one_json_object(tmp_path: Path) -> None:
    # The reproducer of issue 13: 'internal error: ValueError: Out of range float values
    # are not JSON compliant', and no JSON. Whatever the record says, it is strict JSON.
    pair = tmp_path / "far.json"
    pair.write_text(
        '{"a": {"type": "ellipse", "center": [1e11, 0], "radii": [1, 0.01], "rotation": 30}, '
        '"b": {"type": "circle", "center": [1e11, 5], "radius": 1}}'
    )
    result = run_gjk("check", str(pair), "--json")

    def refuse(constant: str) -> None:
        raise ValueError(constant)

    assert json.loads(result.stdout, parse_constant=refuse)["name"] == "far"
    assert "ValueError" not in result.stderr and len(result.stderr.splitlines()) <= 1


def test_python_m_gjkcli_runs_a_batch_in_worker_processes(tmp_path: Path) -> None:
    # Workers start a fresh interpreter, which imports the main module again: running the
    # batch a second time inside each worker would never end.
    source = stream_of(tmp_path, 300)
    run = subprocess.run(
        [sys.executable, "-m", "gjkcli", "batch", str(source), "--workers", "2", "--json"],
        capture_output=True,
        timeout=PATIENCE,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.splitlines()) == 300


@pytest.mark.skipif(not Path("/dev/stdin").exists(), reason="needs /dev/stdin")
def test_dev_stdin_and_process_substitution_are_read_once_by_the_main_process(
    tmp_path: Path,
) -> None:
    # A worker process, started fresh, cannot read the main process's standard input.
    pair = tmp_path / "pair.json"
    pair.write_text(GOOD)
    with pair.open("rb") as redirected:  # gjk batch /dev/stdin < pair.json
        from_file = subprocess.run(
            [gjk_executable(), "batch", "/dev/stdin", "--workers", "2", "--json"],
            stdin=redirected,
            capture_output=True,
            timeout=PATIENCE,
            check=False,
        )
    substituted = subprocess.run(  # gjk batch <(cat pair.json)
        ["bash", "-c", f"'{gjk_executable()}' batch <(cat '{pair}') --workers 2 --json"],
        capture_output=True,
        timeout=PATIENCE,
        check=False,
    )
    for run in (from_file, substituted):
        assert run.returncode == 0, run.stderr
        assert json.loads(run.stdout)["agree"] is True
