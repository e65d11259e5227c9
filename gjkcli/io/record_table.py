"""``gjk batch`` records as a Parquet table: typed columns for the main fields, and the
whole record as JSON text, so that nothing is lost.

The records arrive as JSON Lines text, exactly as ``--json`` prints them. They
are gathered :data:`ROW_GROUP` at a time and each group is parsed in one call
by Arrow's JSON reader into the typed columns of :func:`schema` (keys that are
absent or null, as in an error record, are null cells), then written as one
row group, so memory stays flat however many records there are. The file is
written atomically (:mod:`gjkcli.io.atomic`).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from gjkcli.io.arrow import pyarrow
from gjkcli.io.atomic import atomic_binary

__all__ = ["ROW_GROUP", "RecordTable", "record_table", "schema"]

ROW_GROUP = 4096
"""Records per row group."""

_MIN_BLOCK = 1 << 20
"""The least block of text Arrow's JSON reader parses at a time (a block must hold a
whole record, so it grows to the longest record of a group)."""


def _fields(pa: Any) -> list[Any]:
    """The typed fields of a record, nested as in the record (FORMATS section 4)."""
    text, number, flag, count = pa.string(), pa.float64(), pa.bool_(), pa.int64()
    texts = pa.list_(pa.string())
    return [
        pa.field("schema", count),
        pa.field("name", text),
        pa.field("source", pa.struct([("file", text), ("line", count)])),
        pa.field("status", text),
        pa.field("reasons", texts),
        pa.field("verdict", text),
        pa.field("verdict_source", text),
        pa.field("agree", flag),
        pa.field("error", text),
        pa.field("expect", pa.struct([("ok", flag), ("failures", texts)])),
        pa.field(
            "gjk",
            pa.struct(
                [
                    ("verdict", text),
                    ("intersects", flag),
                    ("distance", number),
                    ("penetration", pa.struct([("depth", number)])),
                    ("iterations", count),
                    ("status", text),
                ]
            ),
        ),
        pa.field(
            "shapely",
            pa.struct(
                [
                    ("verdict", text),
                    ("intersects", flag),
                    ("distance", number),
                    ("penetration", number),
                ]
            ),
        ),
        pa.field("exact", pa.struct([("verdict", text), ("distance", number)])),
        pa.field("tolerance", number),
        pa.field("disagreements", texts),
        pa.field("warnings", texts),
    ]


def schema() -> Any:
    """The table's schema: the typed fields, flattened (``gjk.distance`` is the column
    ``gjk_distance``), then ``record``, the whole JSON record.

    >>> schema().names  # doctest: +NORMALIZE_WHITESPACE
    ['schema', 'name', 'source_file', 'source_line', 'status', 'reasons', 'verdict',
     'verdict_source', 'agree', 'error', 'expect_ok', 'expect_failures', 'gjk_verdict',
     'gjk_intersects', 'gjk_distance', 'gjk_penetration_depth', 'gjk_iterations', 'gjk_status',
     'shapely_verdict', 'shapely_intersects', 'shapely_distance', 'shapely_penetration',
     'exact_verdict', 'exact_distance', 'tolerance', 'disagreements', 'warnings', 'record']
    """
    pa = pyarrow("writing Parquet")
    typed = _flatten(pa, pa.schema(_fields(pa)).empty_table()).schema
    return pa.schema(
        [
            *(field.with_name(field.name.replace(".", "_")) for field in typed),
            pa.field("record", pa.large_string()),
        ]
    )


def _flatten(pa: Any, table: Any) -> Any:
    """``table`` with every struct column replaced by its fields (``gjk.distance``)."""
    while any(pa.types.is_struct(field.type) for field in table.schema):
        table = table.flatten()
    return table


class RecordTable:
    """A text stream of JSON Lines records that become the rows of a Parquet table.

    :meth:`write` takes any text (whole lines, or pieces of them); :meth:`close`
    writes what is left and the file's footer.
    """

    def __init__(self, pa: Any, stream: Any) -> None:
        self._pa = pa
        self._schema = schema()
        self._nested = pa.schema(_fields(pa))
        self._writer = pa.parquet.ParquetWriter(stream, self._schema, compression="zstd")
        self._lines: list[str] = []
        self._partial = ""

    def write(self, text: str) -> int:
        """Take JSON Lines text; a row group is written whenever :data:`ROW_GROUP` records
        have come."""
        *lines, self._partial = (self._partial + text).split("\n")
        self._lines += (line for line in lines if line.strip())
        while len(self._lines) >= ROW_GROUP:
            self._write_group(self._lines[:ROW_GROUP])
            del self._lines[:ROW_GROUP]
        return len(text)

    def close(self) -> None:
        """Write the records still gathered (and an unfinished last line) and the footer."""
        if self._partial.strip():
            self._lines.append(self._partial)
        if self._lines:
            self._write_group(self._lines)
        self._lines, self._partial = [], ""
        self._writer.close()

    def discard(self) -> None:
        """Stop writing, leaving the records still gathered out (the file is to be removed)."""
        self._lines, self._partial = [], ""
        self._writer.close()

    def _write_group(self, lines: list[str]) -> None:
        """Parse ``lines`` (records, one a line) into the typed columns, and write them, with
        the lines themselves, as one row group."""
        pa = self._pa
        texts = [line.encode("utf-8") for line in lines]
        longest = max(map(len, texts))
        parsed = pa.json.read_json(
            io.BytesIO(b"\n".join(texts)),
            read_options=pa.json.ReadOptions(block_size=max(_MIN_BLOCK, longest + 1)),
            parse_options=pa.json.ParseOptions(
                explicit_schema=self._nested, unexpected_field_behavior="ignore"
            ),
        )
        offsets = np.zeros(len(texts) + 1, dtype=np.int64)
        np.cumsum(np.fromiter(map(len, texts), np.int64, len(texts)), out=offsets[1:])
        records = pa.LargeStringArray.from_buffers(
            len(texts), pa.py_buffer(offsets), pa.py_buffer(b"".join(texts))
        )
        self._writer.write_table(
            pa.Table.from_arrays([*_flatten(pa, parsed).columns, records], schema=self._schema),
            row_group_size=len(texts),
        )


@contextmanager
def record_table(path: Path) -> Iterator[RecordTable]:
    """A :class:`RecordTable` writing to ``path``, atomically: the file appears, complete,
    when the block ends normally, and not at all otherwise.

    >>> import json, tempfile
    >>> path = Path(tempfile.mkdtemp()) / "results.parquet"
    >>> with record_table(path) as table:
    ...     _ = table.write('{"name": "p", "source": {"file": "p.json", "line": null}, '
    ...                     '"error": "p.json: file is empty"}\\n')
    >>> row = pyarrow("").parquet.read_table(path).to_pylist()[0]
    >>> row["name"], row["source_line"], row["error"], json.loads(row["record"])["name"]
    ('p', None, 'p.json: file is empty', 'p')
    """
    pa = pyarrow(f"writing {path}")
    with atomic_binary(path) as stream:
        table = RecordTable(pa, stream)
        try:
            yield table
        except BaseException:
            with contextlib.suppress(Exception):  # the error that ended the block matters
                table.discard()
            raise
        table.close()
