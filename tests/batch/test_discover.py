"""Finding pairs: folder order, globs, streams, loops and unreadable entries."""

from __future__ import annotations

import io
import os
from pathlib import Path

from gjkcli.io.discover import items


def touch(path: Path, text: str = "{}") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_folders_are_walked_depth_first_in_name_order(tmp_path: Path) -> None:
    for name in ["b.json", "a/z.wkt", "a/b.json", "c.txt", "B.json", "a/x/y.geojson", "s.jsonl"]:
        touch(tmp_path / name, '{"a": 1}\n{"a": 2}\n' if name.endswith("jsonl") else "{}")
    found = [
        (Path(i.file).relative_to(tmp_path).as_posix(), i.line) for i in items([str(tmp_path)])
    ]
    assert found == [
        ("B.json", None),
        ("a/b.json", None),
        ("a/x/y.geojson", None),
        ("a/z.wkt", None),
        ("b.json", None),
        ("s.jsonl", 1),
        ("s.jsonl", 2),
    ]


def test_glob_narrows_files_found_in_folders(tmp_path: Path) -> None:
    for name in ["touching/a.json", "apart/b.json", "touching/c.wkt"]:
        touch(tmp_path / name)
    found = [Path(i.file).name for i in items([str(tmp_path)], glob="touching/*.json")]
    assert found == ["a.json"]


def test_a_symbolic_link_loop_is_skipped_with_a_warning(tmp_path: Path) -> None:
    touch(tmp_path / "cases" / "a.json")
    os.symlink(tmp_path / "cases", tmp_path / "cases" / "again")
    warnings: list[str] = []
    found = list(items([str(tmp_path)], warn=warnings.append))
    assert [Path(i.file).name for i in found] == ["a.json"]
    assert len(warnings) == 1 and "symbolic link loop" in warnings[0]


def test_a_dangling_link_is_an_item_that_fails_to_load(tmp_path: Path) -> None:
    os.symlink(tmp_path / "gone.json", tmp_path / "link.json")
    (found,) = items([str(tmp_path)])
    assert found.file.endswith("link.json") and found.searched


def test_json_lines_from_standard_input_skip_blank_lines() -> None:
    found = list(items(["-"], stdin=io.BytesIO(b'{"a": 1}\n\n   \n{"a": 2}\r\n')))
    assert [(i.file, i.line, i.text) for i in found] == [  # without their line endings
        ("<stdin>", 1, '{"a": 1}'),
        ("<stdin>", 4, '{"a": 2}'),
    ]


def test_undecodable_lines_and_missing_streams_become_error_items(tmp_path: Path) -> None:
    stream = tmp_path / "s.jsonl"
    stream.write_bytes(b'{"a": 1}\n{"a": "\xff"}\n')
    found = list(items([str(stream), str(tmp_path / "missing.jsonl")]))
    assert found[0].error is None
    assert found[1].error == "not UTF-8 text (byte 0xff at column 8)"
    assert found[2].error == "no such file"


def test_a_pipe_in_a_folder_is_skipped_with_a_warning_not_read(tmp_path: Path) -> None:
    touch(tmp_path / "a.json")
    os.mkfifo(tmp_path / "pipe.json")  # opening it to read would wait for a writer forever
    warnings: list[str] = []
    found = list(items([str(tmp_path)], warn=warnings.append))
    assert [Path(i.file).name for i in found] == ["a.json"]
    assert len(warnings) == 1 and "pipe.json: not a regular file" in warnings[0]
