"""``gjk batch --output-dir DIR [--resume]``: part files and a manifest; a run stopped by
Ctrl-C, SIGTERM or SIGKILL and resumed gives every record exactly once, as an uninterrupted
run does, without checking the finished parts again; and what cannot be resumed is refused.

The interrupted runs read standard input, which the test writes, and check the pairs in
their own process (one worker: each chunk is written before the next is read): the run is
signalled while it waits for more input, with its first parts finished and the next one
begun, so that nothing depends on how fast the machine is. They are resumed with two
workers (the number of workers is not part of the command).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gjkcli.batch.parts import OutputDirError, PartFolder, command_key
from tests.batch.processes import PATIENCE, all_gone, children, needs_proc, start_gjk, stop
from tests.batch.processes import wait_for as wait_while_running
from tests.batch.test_runner import GOOD, WRONG_EXPECT
from tests.helpers import ROOT, assert_input_error, run_gjk

PART = 512
"""Pairs per part: two chunks."""

LINES = [GOOD.replace("[3, 0]", f"[{3 + k % 7}, {k % 5}]") for k in range(1800)]
for _k in range(40, len(LINES), 97):  # failures in every part, more than the summary lists
    LINES[_k] = '{"a": 1,' if _k % 2 else WRONG_EXPECT
STREAM = "".join(line + "\n" for line in LINES).encode()
FIRST = "".join(line + "\n" for line in LINES[: 2 * PART + 256]).encode()
"""What the interrupted run gets: two whole parts, and the first chunk of the third."""


def summary_of(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text())
    del record["elapsed_seconds"], record["pairs_per_second"]
    return record


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, Any]]:
    """The records and summary of a run that nothing interrupts."""
    folder = tmp_path_factory.mktemp("uninterrupted")
    out, summary = folder / "records.jsonl", folder / "summary.json"
    args = ["-o", str(out), "--summary-json", str(summary)]
    run = run_gjk("batch", "-", "--workers", "2", "--quiet", *args, stdin=STREAM)
    assert run.returncode == 2, run.stderr  # the corrupt lines
    return out.read_bytes(), summary_of(summary)


def manifest_of(folder: Path) -> dict[str, Any]:
    try:
        manifest: dict[str, Any] = json.loads((folder / "manifest.json").read_text())
    except (OSError, ValueError):  # not there yet
        return {"parts": [], "complete": False}
    return manifest


def third_part_begun(folder: Path) -> bool:
    if len(manifest_of(folder)["parts"]) < 2:
        return False
    partial = list(folder.glob(".part-000002.jsonl.*.partial"))
    return bool(partial) and b"\n" in partial[0].read_bytes()


@needs_proc
@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGKILL, -9)],
    ids=["ctrl-c", "sigterm", "kill-9"],
)
def test_an_interrupted_run_resumed_gives_every_record_once(
    tmp_path: Path,
    uninterrupted: tuple[bytes, dict[str, Any]],
    signum: signal.Signals,
    status: int,
) -> None:
    out = tmp_path / "out"
    options = ["--output-dir", str(out), "--part-size", str(PART), "--quiet"]
    run = start_gjk(
        ["batch", "-", *options, "--workers", "1"],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert run.stdin is not None
    try:
        run.stdin.write(FIRST)
        run.stdin.flush()
        wait_while_running(lambda: third_part_begun(out), run)
        started = children(run.pid)
        os.killpg(run.pid, signum)
        _, errors = run.communicate(timeout=PATIENCE)
    finally:
        stop(run)
    assert run.returncode == status
    assert all_gone(started)
    partial = list(out.glob(".*.partial"))
    if signum == signal.SIGKILL:  # the part begun is left under a temporary name
        assert [path.name.split(".")[1] for path in partial] == ["part-000002"]
    else:  # quietly, and without the part begun
        assert errors == b"" and partial == []
    manifest = manifest_of(out)
    assert not manifest["complete"] and len(manifest["parts"]) == 2
    finished = {name: os.stat(out / name) for name in ("part-000000.jsonl", "part-000001.jsonl")}

    summary = tmp_path / "summary.json"
    resumed = run_gjk(
        "batch",
        "-",
        *options,
        "--workers",
        "2",
        "--resume",
        "--summary-json",
        str(summary),
        stdin=STREAM,
    )
    assert resumed.returncode == 2, resumed.stderr  # the corrupt lines
    assert "Traceback" not in resumed.stderr
    parts = sorted(out.glob("part-*.jsonl"))
    assert [path.name for path in parts] == [f"part-{k:06d}.jsonl" for k in range(4)]
    assert sorted(path.name for path in out.iterdir()) == [
        "manifest.json",
        *(p.name for p in parts),
    ]
    assert b"".join(path.read_bytes() for path in parts) == uninterrupted[0]
    assert summary_of(summary) == uninterrupted[1]  # over the whole run, failures listed too
    for name, before in finished.items():  # kept as they were, not checked again
        after = os.stat(out / name)
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    manifest = manifest_of(out)
    assert manifest["complete"] and [part["pairs"] for part in manifest["parts"]] == [
        PART,
        PART,
        PART,
        len(LINES) - 3 * PART,
    ]


def small_run(tmp_path: Path, *options: str) -> tuple[Path, Path]:
    """A finished --output-dir run over a few pairs: the input and the folder."""
    pairs, out = tmp_path / "pairs.jsonl", tmp_path / "out"
    pairs.write_text("\n".join([GOOD] * 5 + [WRONG_EXPECT] + [GOOD] * 4) + "\n")
    run = run_gjk("batch", str(pairs), "--output-dir", str(out), "--workers", "1", *options)
    assert run.returncode == 1, run.stderr  # a wrong expectation among them
    return pairs, out


def test_resuming_a_finished_run_checks_nothing_and_gives_its_summary(tmp_path: Path) -> None:
    pairs, out = small_run(tmp_path, "--part-size", "4")
    before = {path.name: path.stat().st_mtime_ns for path in out.iterdir()}
    assert len(before) > 3
    again = run_gjk("batch", str(pairs), "--output-dir", str(out), "--part-size", "4", "--resume")
    assert again.returncode == 1
    assert "wrong" in again.stdout  # the failure listed under the summary
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir() if p.name != "manifest.json"} == {
        name: time for name, time in before.items() if name != "manifest.json"
    }


def test_what_cannot_be_resumed_is_refused_in_one_line(tmp_path: Path) -> None:
    pairs, out = small_run(tmp_path)
    again = ("batch", str(pairs), "--output-dir", str(out))
    assert_input_error(run_gjk(*again), f"--output-dir {out} is not empty", "--resume")
    assert_input_error(run_gjk(*again, "--resume", "--strict"), "differs in --strict")
    assert_input_error(run_gjk(*again, "--resume", "--part-size", "7"), "differs in --part-size")
    assert_input_error(
        run_gjk("batch", "samples", "--output-dir", str(out), "--resume"), "differs in the inputs"
    )
    original, status = pairs.read_text(), pairs.stat()
    pairs.write_text(original + GOOD + "\n")  # the input changed since
    assert_input_error(run_gjk(*again, "--resume"), "differs in the inputs")
    empty = tmp_path / "empty"
    assert_input_error(
        run_gjk("batch", str(pairs), "--output-dir", str(empty), "--resume"),
        f"--resume: {empty} has no manifest.json",
    )
    (out / "part-000000.jsonl").unlink()
    pairs.write_text(original)
    os.utime(pairs, ns=(status.st_atime_ns, status.st_mtime_ns))  # as it was
    assert_input_error(
        run_gjk(*again, "--resume"), "part-000000.jsonl, a finished part, is missing"
    )
    (out / "manifest.json").write_text("{}")
    assert_input_error(run_gjk(*again, "--resume"), "not a manifest of gjk batch --output-dir")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--output-dir", "{out}", "--json"], "cannot be combined with --output or --json"),
        (["--output-dir", "{out}", "-o", "x.jsonl"], "cannot be combined with --output or --json"),
        (["--output-dir", "{out}", "--fail-fast"], "--fail-fast cannot be combined"),
        (["--resume"], "--resume goes on with an --output-dir run"),
        (["--part-size", "10"], "--part-size is the size of the part files of --output-dir"),
        (["--output-dir", "samples/out"], "--output-dir samples/out is inside the folder samples"),
    ],
)
def test_options_that_do_not_go_with_output_dir_are_refused(
    tmp_path: Path, options: list[str], words: str
) -> None:
    options = [option.replace("{out}", str(tmp_path / "out")) for option in options]
    assert_input_error(run_gjk("batch", "samples", *options), words)
    if "--output-dir" in options:  # refused before the folder is made
        assert not (ROOT / options[options.index("--output-dir") + 1]).exists()


def test_a_folder_where_no_part_was_finished_may_be_used_again(tmp_path: Path) -> None:
    # A run stopped before its first part (a cluster that could not be reached, Ctrl-C)
    # leaves a manifest without parts: the same command, without --resume, may start over.
    folder = tmp_path / "out"
    command = command_key([str(tmp_path / "in.jsonl")], None, False, 10)
    with PartFolder(folder, command, resume=False) as parts:
        parts.write("{}")  # a part begun, never finished: removed, not renamed into place
    assert [path.name for path in folder.iterdir()] == ["manifest.json"]
    PartFolder(folder, command, resume=False)
    (folder / "notes.txt").write_text("someone else's")
    with pytest.raises(OutputDirError, match="is not empty"):
        PartFolder(folder, command, resume=False)


def test_a_folder_whose_files_changed_cannot_be_resumed(tmp_path: Path) -> None:
    """A file added to or removed from an input folder shifts the pairs: the parts already
    written would no longer line up, so resuming is refused."""
    folder, out = tmp_path / "pairs", tmp_path / "out"
    folder.mkdir()
    for number in range(6):
        (folder / f"{number}.json").write_text(GOOD)
    again = ("batch", str(folder), "--output-dir", str(out), "--part-size", "2")
    assert run_gjk(*again).returncode == 0
    assert run_gjk(*again, "--resume").returncode == 0  # nothing changed: its summary
    (folder / "0.json").unlink()
    assert_input_error(run_gjk(*again, "--resume"), "differs in the inputs")
    (folder / "0.json").write_text(GOOD)
    (folder / "extra.json").write_text(GOOD)
    assert_input_error(run_gjk(*again, "--resume"), "differs in the inputs")
