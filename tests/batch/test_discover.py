"""Finding pairs: folder order, globs, streams, loops and unreadable entries."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path
from typing import Any

from gjkcli.io.discover import count, items, would_read


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


class Trickle(io.RawIOBase):
    """A stream that hands out one byte per read, as a slow pipe may: a line end can be
    split between reads."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.data:
            return 0
        buffer[0], self.data = self.data[0], self.data[1:]
        return 1


def test_lines_end_at_cr_lf_or_cr_alone_even_split_between_reads(tmp_path: Path) -> None:
    # A file with old Mac line ends (CR only) used to be read as one line.
    data = b'{"a": 1}\r{"a": 2}\r\n{"a": 3}\n\r{"a": 4}\r'
    expected = [(1, '{"a": 1}'), (2, '{"a": 2}'), (3, '{"a": 3}'), (5, '{"a": 4}')]
    stream = touch(tmp_path / "mac.jsonl")
    stream.write_bytes(data)
    assert [(i.line, i.text) for i in items([str(stream)])] == expected
    trickled = items(["-"], stdin=io.BufferedReader(Trickle(data), buffer_size=1))
    assert [(i.line, i.text) for i in trickled] == expected


def test_a_named_pipe_or_device_is_read_once_here_not_by_a_worker(tmp_path: Path) -> None:
    fifo = tmp_path / "pair"
    os.mkfifo(fifo)
    pair = '{"a": {"type": "point", "at": [0, 0]}, "b": "POINT (1 0)"}'
    writer = subprocess.Popen(["sh", "-c", f"printf '%s' '{pair}' > '{fifo}'"])
    try:
        (found,) = items([str(fifo)])
    finally:
        writer.wait(timeout=60)
    assert (found.file, found.document, found.error) == (str(fifo), pair, None)


def test_inputs_that_cannot_be_read_twice_are_not_counted(tmp_path: Path) -> None:
    touch(tmp_path / "cases" / "a.json")
    touch(tmp_path / "cases" / "s.jsonl", '{"a": 1}\n{"a": 2}\n')
    os.mkfifo(tmp_path / "pipe.jsonl")
    assert count([str(tmp_path / "cases")]) == 3
    assert count([str(tmp_path / "cases"), "-"]) is None
    assert count([str(tmp_path / "pipe.jsonl")]) is None  # opening it would wait for a writer
    assert count(["/dev/null"]) is None


def test_an_output_is_found_by_the_search_when_its_suffix_and_the_glob_match(
    tmp_path: Path,
) -> None:
    cases = touch(tmp_path / "cases" / "a.json").parent
    assert would_read([str(cases)], None, str(cases / "results.jsonl")) == str(cases)
    assert would_read([str(cases)], None, str(cases / "deep" / "summary.json")) == str(cases)
    assert would_read([str(tmp_path / "." / "cases")], None, str(cases / "r.ndjson")) is not None
    assert would_read([str(cases)], None, str(cases / "results.txt")) is None
    assert would_read([str(cases)], "touching/*", str(cases / "results.jsonl")) is None
    assert would_read([str(cases)], None, str(tmp_path / "results.jsonl")) is None
    assert would_read([str(cases / "a.json"), "-"], None, str(cases / "results.jsonl")) is None


def test_an_output_reached_through_a_linked_subfolder_is_found_too(tmp_path: Path) -> None:
    # the search follows a link to a folder elsewhere, so an output written there is read
    cases, elsewhere = tmp_path / "cases", tmp_path / "elsewhere"
    touch(cases / "a.json")
    elsewhere.mkdir()
    (cases / "link").symlink_to(elsewhere)
    assert would_read([str(cases)], None, str(elsewhere / "results.jsonl")) == str(cases)
    assert would_read([str(cases)], None, str(elsewhere / "new" / "r.jsonl")) == str(cases)
    assert would_read([str(cases)], "link/*", str(elsewhere / "r.jsonl")) == str(cases)
    assert would_read([str(cases)], "other/*", str(elsewhere / "r.jsonl")) is None
    touch(elsewhere / "r.jsonl", '{"a": 1}\n')
    found = [item.file for item in items([str(cases)]) if item.file.endswith("r.jsonl")]
    assert found == [str(cases / "link" / "r.jsonl")]  # as the search does


def test_an_output_that_is_a_link_is_judged_where_the_link_is(tmp_path: Path) -> None:
    # the write replaces the link, not its target: a link in the folder is refused
    # whatever it points at, and a link outside pointing into the folder is allowed
    cases = tmp_path / "cases"
    touch(cases / "a.json")
    (tmp_path / "elsewhere").mkdir()
    (cases / "out.jsonl").symlink_to(tmp_path / "elsewhere" / "results.txt")
    assert would_read([str(cases)], "*.json*", str(cases / "out.jsonl")) == str(cases)
    (tmp_path / "out.jsonl").symlink_to(cases / "res.jsonl")
    assert would_read([str(cases)], None, str(tmp_path / "out.jsonl")) is None
