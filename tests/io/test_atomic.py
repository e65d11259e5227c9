"""Atomic output: complete or absent, and devices are written in place, never replaced."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from gjkcli.io.atomic import atomic_text


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_text(target) as stream:
        stream.write("half of the new\n")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_a_device_is_written_in_place_not_replaced(tmp_path: Path) -> None:
    with atomic_text(Path(os.devnull)) as stream:
        stream.write("discarded\n")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_named_pipe_is_written_in_place(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with atomic_text(pipe) as stream:
            stream.write("through\n")
        assert os.read(reader, 100) == b"through\n"
        assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    finally:
        os.close(reader)


def test_a_new_file_gets_the_umask_permissions_and_a_replaced_one_keeps_its_own(
    tmp_path: Path,
) -> None:
    previous = os.umask(0o022)
    try:
        with atomic_text(tmp_path / "new.jsonl") as stream:
            stream.write("{}\n")
        assert (tmp_path / "new.jsonl").stat().st_mode & 0o777 == 0o644
        kept = tmp_path / "kept.jsonl"
        kept.write_text("old\n")
        kept.chmod(0o640)
        with atomic_text(kept) as stream:
            stream.write("new\n")
        assert kept.read_text() == "new\n" and kept.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(previous)
