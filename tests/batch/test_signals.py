"""``gjk batch`` under signals: SIGTERM and Ctrl-C, to the main process or its whole group,
a worker killed from outside, and a named pipe with the progress bar on.

Each test acts while the run is under way, with a chunk of slow pairs in a
worker, and checks what the issue promised: the run ends promptly with the
signal's status, prints no traceback, leaves no partial output file and no
process behind, and the rows written before the end are whole, in order,
and written once. Only hangs are bounded in time (a generous bound).
"""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.batch.processes import (
    PATIENCE,
    all_gone,
    children,
    needs_proc,
    read_terminal,
    star_pair,
    start_gjk,
    stop,
    wait_for,
    workers,
)

GOOD = (
    '{"a": {"type": "circle", "center": [0, 0], "radius": 1}, "b": {"type": "point", "at": [3, 0]}}'
)

PROMPT = 20.0
"""Seconds within which a signal must end a run whose chunk in flight takes over a minute."""

pytestmark = needs_proc


def quick_then_slow(tmp_path: Path) -> Path:
    """A first chunk of 256 quick pairs, then four pairs of 20,000-vertex star polygons
    (over ten seconds each, all in one chunk): once the quick chunk's rows are written,
    one worker is idle and the other is busy for a minute."""
    path = tmp_path / "pairs.jsonl"
    path.write_text((GOOD + "\n") * 256 + (star_pair(20_000) + "\n") * 4)
    return path


def written_rows(path: Path) -> list[int]:
    """The ``source.line`` of each record in a JSON Lines output (each must be whole)."""
    return [json.loads(line)["source"]["line"] for line in path.read_text().splitlines()]


def has_rows(folder: Path, pattern: str, rows: int = 1) -> bool:
    """Whether a file matching ``pattern`` in ``folder`` has ``rows`` whole rows in it."""
    return any(
        path.read_bytes().count(b"\n") >= rows for path in folder.glob(pattern) if path.is_file()
    )


@pytest.mark.parametrize(
    ("signum", "status", "target", "output"),
    [
        (signal.SIGTERM, 143, "main", "-o"),
        (signal.SIGTERM, 143, "group", "--json"),
        (signal.SIGINT, 130, "main", "--json"),
        (signal.SIGINT, 130, "group", "--json"),
    ],
    ids=["sigterm-main", "sigterm-group", "sigint-main", "sigint-group"],
)
def test_a_signal_ends_the_run_at_once_quietly_and_keeps_what_was_written(
    tmp_path: Path, signum: signal.Signals, status: int, target: str, output: str
) -> None:
    # SIGTERM to the main process used to wait for the chunk in flight (a minute here); to
    # the whole group (a cancelled CI job, or Ctrl-C at a terminal) it printed a traceback
    # from each worker. Rows go to a file (-o), or to standard output (here a file too).
    source = quick_then_slow(tmp_path)
    stdout = tmp_path / "stdout.jsonl"
    options = ["-o", "results.jsonl"] if output == "-o" else ["--json"]
    with stdout.open("wb") as sink:
        run = start_gjk(
            ["batch", str(source), *options, "--summary-json", "summary.json", "--workers", "2"],
            stdout=sink,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )
    written = ".results.jsonl.*.partial" if output == "-o" else "stdout.jsonl"
    try:
        # The quick chunk's rows are written in one go; all but the last few are flushed.
        wait_for(lambda: has_rows(tmp_path, written, 240) and len(workers(run.pid)) == 2, run)
        time.sleep(0.5)  # the rest of them written, and well into the slow chunk
        started = children(run.pid)
        if target == "main":
            os.kill(run.pid, signum)
        else:
            os.killpg(run.pid, signum)
        _, errors = run.communicate(timeout=PROMPT)
    finally:
        stop(run)
    assert run.returncode == status
    assert errors == b""  # no traceback, from the main process or any worker
    assert all_gone(started)  # the workers, and multiprocessing's resource tracker
    # no partial output file (-o, --summary-json) is left behind
    assert sorted(path.name for path in tmp_path.iterdir()) == ["pairs.jsonl", "stdout.jsonl"]
    if output == "--json":  # the rows written before the signal: whole, once, in order
        assert written_rows(stdout) == list(range(1, 257))


def test_a_worker_killed_from_outside_is_replaced_and_every_pair_still_has_its_row(
    tmp_path: Path,
) -> None:
    # As the out-of-memory killer would: the run used to wait for the dead worker forever.
    source = tmp_path / "pairs.jsonl"
    source.write_text((GOOD + "\n") * 256 + (star_pair(12) + "\n") * (2 * 256))
    stdout = tmp_path / "stdout.jsonl"
    with stdout.open("wb") as sink:
        run = start_gjk(
            ["batch", str(source), "--json", "--workers", "2"],
            stdout=sink,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )
    try:
        wait_for(lambda: has_rows(tmp_path, "stdout.jsonl") and len(workers(run.pid)) == 2, run)
        victim = workers(run.pid)[0]
        os.kill(victim[0], signal.SIGKILL)
        _, errors = run.communicate(timeout=PATIENCE)
    finally:
        stop(run)
    assert run.returncode == 0, errors
    records = [json.loads(line) for line in stdout.read_text().splitlines()]
    assert [record["source"]["line"] for record in records] == list(range(1, 3 * 256 + 1))
    assert all(record["error"] is None and record["agree"] for record in records)
    text = errors.decode()
    assert "768" in text and "Traceback" not in text  # the summary, on standard error
    for line in text.splitlines():  # at most a one-line warning about the lost chunk
        if line.startswith("gjk: warning:"):
            assert "was killed by signal 9 (SIGKILL)" in line and "checked again" in line


def test_a_named_pipe_is_read_once_even_with_the_progress_bar_on(tmp_path: Path) -> None:
    # Counting the pairs for the progress bar used to drain the pipe, and the run then
    # waited for input that would never come.
    fifo = tmp_path / "pairs.jsonl"
    os.mkfifo(fifo)
    writer = subprocess.Popen(
        ["sh", "-c", f"cat > '{fifo}'"], stdin=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    controller, terminal = pty.openpty()
    run = start_gjk(
        ["batch", str(fifo), "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=terminal,
        env={**os.environ, "COLUMNS": "100", "TERM": "xterm"},
    )
    os.close(terminal)
    assert writer.stdin is not None
    writer.stdin.write((GOOD + "\n").encode() * 50)
    writer.stdin.close()
    try:
        shown = read_terminal(controller, run)
        status = run.wait(timeout=PATIENCE)
    finally:
        os.close(controller)
        stop(run)
        writer.kill()
        writer.wait()
    assert status == 0
    assert run.stdout is not None and b"50" in run.stdout.read()  # the summary: 50 pairs
    assert "50 pairs" in shown  # a count: the total was not known
