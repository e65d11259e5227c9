"""``gjk batch`` as a process: readers that go away, SIGTERM, progress, where output goes."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import ROOT, assert_input_error, gjk_executable, run_gjk

GOOD = (
    '{"a": {"type": "circle", "center": [0, 0], "radius": 1}, "b": {"type": "point", "at": [3, 0]}}'
)

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="signals and /proc are POSIX")


def stream_of(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "pairs.jsonl"
    path.write_text((GOOD + "\n") * count)
    return path


def processes_running(marker: str) -> list[int]:
    """The processes whose command line mentions ``marker`` (Linux: from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in command:
                found.append(int(entry.name))
    return found


def none_left(marker: str, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while processes_running(marker):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@posix_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the workers")
def test_a_reader_that_goes_away_ends_the_run_quietly_with_the_sigpipe_status(
    tmp_path: Path,
) -> None:
    source = stream_of(tmp_path, 20_000)
    run = subprocess.Popen(
        [gjk_executable(), "batch", str(source), "--json", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert run.stdout is not None and run.stderr is not None
    first = run.stdout.readline()
    run.stdout.close()  # like `| head -1`
    status = run.wait(timeout=60)
    assert json.loads(first)["agree"] is True
    assert status == 128 + signal.SIGPIPE
    assert run.stderr.read() == b""  # no traceback, no 'internal error', no summary
    assert none_left(str(source))  # the worker processes are gone too


@posix_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the workers")
def test_sigterm_stops_workers_and_leaves_no_partial_output(tmp_path: Path) -> None:
    source = stream_of(tmp_path, 50_000)
    output = tmp_path / "results.jsonl"
    run = subprocess.Popen(
        [gjk_executable(), "batch", str(source), "-o", str(output), "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while not list(tmp_path.glob(".results.jsonl.*.partial")):  # the run is under way
        assert time.monotonic() < deadline and run.poll() is None
        time.sleep(0.05)
    time.sleep(0.5)
    run.send_signal(signal.SIGTERM)
    assert run.wait(timeout=60) == 128 + signal.SIGTERM
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pairs.jsonl"]
    assert none_left(str(source))


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
    shown = b""
    while True:
        ready, _, _ = select.select([controller], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal closed: the run is over
                break
            if not chunk:
                break
            shown += chunk
        elif run.poll() is not None:
            break
    os.close(controller)
    assert run.wait(timeout=60) == 0
    text = shown.decode("utf-8", "replace")
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
