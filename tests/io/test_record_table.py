"""Records as a Parquet table: typed columns equal to the records' own values, the whole
record kept, row groups as records come, and a file that is complete or absent."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from gjkcli.batch.runner import check_chunk
from gjkcli.io import record_table as module
from gjkcli.io.discover import Item
from gjkcli.io.record_table import record_table, schema
from tests.helpers import ROOT

PAIRS = [
    '{"name": "apart", "a": "POLYGON ((0 0, 1 0, 0 1, 0 0))", "b": "POINT (3 0.1)", '
    '"expect": {"intersects": false}}',
    '{"name": "deep", "a": {"type": "circle", "center": [0, 0], "radius": 1}, '
    '"b": {"type": "rectangle", "center": [0.5, 0], "size": [1, 1]}}',
    '{"name": "notch", "a": "POLYGON ((0 0, 3 0, 3 3, 2 3, 2 1, 1 1, 1 3, 0 3, 0 0))", '
    '"b": "POINT (1.5 2)", "expect": {"distance": 0.4}}',
    '{"name": "broken", "a": {"type": "circle", "center": [0, 0], "radus": 1}, "b": "POINT (0 0)"}',
]

COLUMNS = {
    "schema": ("schema",),
    "name": ("name",),
    "source_file": ("source", "file"),
    "source_line": ("source", "line"),
    "status": ("status",),
    "reasons": ("reasons",),
    "verdict": ("verdict",),
    "verdict_source": ("verdict_source",),
    "agree": ("agree",),
    "error": ("error",),
    "expect_ok": ("expect", "ok"),
    "expect_failures": ("expect", "failures"),
    "gjk_verdict": ("gjk", "verdict"),
    "gjk_intersects": ("gjk", "intersects"),
    "gjk_distance": ("gjk", "distance"),
    "gjk_penetration_depth": ("gjk", "penetration", "depth"),
    "gjk_iterations": ("gjk", "iterations"),
    "gjk_status": ("gjk", "status"),
    "shapely_verdict": ("shapely", "verdict"),
    "shapely_intersects": ("shapely", "intersects"),
    "shapely_distance": ("shapely", "distance"),
    "shapely_penetration": ("shapely", "penetration"),
    "exact_verdict": ("exact", "verdict"),
    "exact_distance": ("exact", "distance"),
    "tolerance": ("tolerance",),
    "disagreements": ("disagreements",),
    "warnings": ("warnings",),
}


def records() -> list[str]:
    rows = check_chunk([Item("pairs.jsonl", line, text) for line, text in enumerate(PAIRS, 1)])
    return [line for line, _ in rows]


def value(record: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        record = record.get(key) if isinstance(record, dict) else None
    return record


def test_every_typed_column_holds_the_records_value(tmp_path: Path) -> None:
    lines = records()
    path = tmp_path / "results.parquet"
    with record_table(path) as table:
        for line in lines:
            table.write(line + "\n")
    rows = pq.read_table(path).to_pylist()
    assert set(COLUMNS) | {"record"} == set(schema().names)
    assert [row["record"] for row in rows] == lines
    for row, line in zip(rows, lines, strict=True):
        record = json.loads(line)
        for column, keys in COLUMNS.items():
            assert row[column] == value(record, keys), (column, row["name"])
    deep, broken = rows[1], rows[3]
    assert deep["gjk_penetration_depth"] is not None and deep["exact_verdict"] is None
    assert broken["error"] is not None and broken["agree"] is None


def test_row_groups_are_written_as_records_come_from_pieces_of_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(module, "ROW_GROUP", 3)
    lines = records() * 2
    text = "".join(line + "\n" for line in lines)
    path = tmp_path / "results.parquet"
    with record_table(path) as table:
        for start in range(0, len(text), 1000):  # pieces that cut records in two
            table.write(text[start : start + 1000])
    file = pq.ParquetFile(path)
    assert [file.metadata.row_group(k).num_rows for k in range(file.num_row_groups)] == [3, 3, 2]
    assert file.read().column("record").to_pylist() == lines


def test_no_records_make_an_empty_table_with_the_schema(tmp_path: Path) -> None:
    path = tmp_path / "results.parquet"
    with record_table(path):
        pass
    read = pq.read_table(path)
    assert read.num_rows == 0 and read.schema.names == schema().names


def test_an_interrupted_table_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "results.parquet"
    path.write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt), record_table(path) as table:
        table.write(records()[0] + "\n")
        raise KeyboardInterrupt
    assert path.read_bytes() == b"old"
    assert [entry.name for entry in tmp_path.iterdir()] == ["results.parquet"]


def test_formats_documents_every_column() -> None:
    formats = (ROOT / "docs" / "FORMATS.md").read_text()
    section = formats[formats.index("writes them as a Parquet table") :]
    section = section[: section.index("--summary-json FILE")]
    first_cells = [row.split("|")[1] for row in section.splitlines() if row.startswith("| `")]
    documented = [name for cell in first_cells for name in re.findall(r"`(\w+)`", cell)]
    assert documented == schema().names
