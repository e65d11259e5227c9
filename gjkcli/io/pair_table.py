"""Pair tables: Parquet files (GeoParquet included) whose every row is one pair to check.

The two shapes of a row come from two geometry columns: the columns ``a``
and ``b`` when the table has both, otherwise the two geometry columns that
the file's GeoParquet metadata (the ``geo`` key) names, its primary column
being A. A geometry column holds WKB (binary; GeoParquet's ``WKB``
encoding) or text (a string holding a shape as FORMATS section 1 writes it:
native or GeoJSON JSON, or WKT). Optional columns: ``name`` (text or an
integer), ``id`` (text or an integer, carried into the record as the pair's
``id``), and the expectation, either as JSON text in a column ``expect`` or as
the plain columns ``intersects`` (boolean), ``verdict`` (text), ``distance``,
``depth``, ``penetration`` and ``tolerance`` (numbers); a null cell is a key
left out. Other columns are ignored.

Each row becomes the text of a pair object, ``{"a": ..., "b": ..., "name":
..., "id": ..., "expect": ...}``, which the batch reads as it reads a line of JSON
Lines, so every check and every message is the same (places in messages
name ``a`` and ``b``). A WKB geometry is written as GeoJSON with its
coordinates exactly (:mod:`gjkcli.io.wkb`). A cell that cannot be decoded (a
null geometry, bad WKB, malformed JSON) makes its row an error naming the
column; a table whose columns do not fit makes the file one error.

Rows are read a record batch at a time (:data:`BATCH_ROWS`), one row group
after another, so memory stays flat however many rows there are. A row group
that cannot be read (a damaged file) is one error for its rows, and the
next row group is read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from gjkcli.io.arrow import ParquetUnavailableError, pyarrow
from gjkcli.io.discover import Item
from gjkcli.io.errors import InputError
from gjkcli.io.source import open_binary
from gjkcli.io.wkb import WKBError, wkb_geojson

__all__ = ["BATCH_ROWS", "EXPECT_COLUMNS", "pair_items", "pair_rows"]

BATCH_ROWS = 1024
"""Rows read from the file at a time."""

EXPECT_COLUMNS = ("intersects", "verdict", "distance", "depth", "penetration", "tolerance")
"""The plain expectation columns, named after the keys of ``expect``."""

_JSON_STARTS = ("{", "[", '"')
"""How a text cell that is JSON starts; any other text is WKT."""


class _TableError(Exception):
    """The table as a whole cannot be read as pairs; the message says why."""


@dataclass(frozen=True)
class _Layout:
    """Which columns of a table hold what, and how each cell becomes JSON text."""

    a: str
    b: str
    wkb_a: bool
    wkb_b: bool
    name: str | None
    expect: str | None
    plain: tuple[str, ...]
    own_id: str | None = None

    @property
    def columns(self) -> list[str]:
        """The columns to read, each once."""
        wanted = [self.a, self.b, self.name, self.own_id, self.expect, *self.plain]
        return list(dict.fromkeys(column for column in wanted if column is not None))


def pair_items(path: str) -> Iterator[Item]:
    """One :class:`~gjkcli.io.discover.Item` per row of the table at ``path``, lazily: a
    pair object's text (``line``: the 1-based row), or the row's problem; or one item
    with the problem of the whole file.
    """
    try:
        pa = pyarrow(f"reading {path}")
        stream = open_binary(path)
    except ParquetUnavailableError as error:
        yield Item(path, error=str(error))
        return
    except InputError as error:
        yield Item(path, error=error.message)
        return
    with stream:
        try:
            table = _open(pa, stream)
            layout = _layout(pa, table.schema_arrow)
        except _TableError as error:
            yield Item(path, error=str(error))
            return
        row = 0
        for group in range(table.num_row_groups):
            end = row + table.metadata.row_group(group).num_rows
            batches = table.iter_batches(BATCH_ROWS, [group], layout.columns)
            while row < end:
                try:
                    batch = next(batches, None)
                except (OSError, pa.ArrowException) as error:  # a damaged row group
                    where = f"rows {row + 1} to {end} (row group {group + 1})"
                    yield Item(path, error=f"{where}: cannot read: {_first_line(error)}")
                    break
                if batch is None:
                    break
                yield from _items(pa, path, row, batch, layout)
                row += batch.num_rows
            row = end


def pair_rows(path: str) -> int:
    """How many items :func:`pair_items` gives for ``path``, from the file's footer alone
    (without reading a row): its rows, or 1 for a file that cannot be read as pairs.
    """
    try:
        pa = pyarrow(f"reading {path}")
        with open_binary(path) as stream:
            table = _open(pa, stream)
            _layout(pa, table.schema_arrow)
            return int(table.metadata.num_rows)
    except (ParquetUnavailableError, InputError, _TableError):
        return 1


def _open(pa: Any, stream: BinaryIO) -> Any:
    try:
        return pa.parquet.ParquetFile(stream)
    except (OSError, pa.ArrowException) as error:
        raise _TableError(f"not a readable Parquet file: {_first_line(error)}") from None


def _layout(pa: Any, schema: Any) -> _Layout:
    """Where the pair is in a table of this schema (see the module's description)."""
    geo = _geo_columns(schema)
    names = schema.names
    if "a" in names and "b" in names:
        a, b = "a", "b"
    elif geo is not None and len(geo[1]) == 2:
        primary, columns = geo
        if primary not in columns:
            raise _TableError(
                f"the GeoParquet metadata's primary column {primary!r} is not one of "
                f"its geometry columns ({', '.join(columns)})"
            )
        a, b = primary, next(column for column in columns if column != primary)
    else:
        found = f"; its GeoParquet metadata names {len(geo[1])}" if geo is not None else ""
        raise _TableError(
            "a pair table needs two geometry columns: columns 'a' and 'b', or GeoParquet "
            f"metadata naming exactly two{found} (columns: {_listed(names)})"
        )
    for column in (a, b):
        if column not in names:
            raise _TableError(f"the GeoParquet metadata names column {column!r}, which is absent")
    expect = "expect" if "expect" in names else None
    plain = tuple(column for column in EXPECT_COLUMNS if column in names)
    if expect is not None and plain:
        raise _TableError(
            f"both a column 'expect' and the expectation column{'s' if len(plain) > 1 else ''} "
            f"{', '.join(plain)}: give the expectation one way"
        )
    name = "name" if "name" in names else None
    if name is not None and not (_is_text(pa, schema, name) or _is(pa, schema, name, "integer")):
        raise _TableError(f"column name: expected text or integers, got {_type(schema, name)}")
    if expect is not None and not _is_text(pa, schema, expect):
        raise _TableError(f"column expect: expected JSON text, got {_type(schema, expect)}")
    own_id = "id" if "id" in names else None
    if own_id is not None and not (
        _is_text(pa, schema, own_id) or _is(pa, schema, own_id, "integer")
    ):
        raise _TableError(f"column id: expected text or integers, got {_type(schema, own_id)}")
    for column in plain:
        kind = {"intersects": "boolean", "verdict": "text"}.get(column, "number")
        fits = _is_text(pa, schema, column) if kind == "text" else _is(pa, schema, column, kind)
        if not fits:
            raise _TableError(f"column {column}: expected {kind}s, got {_type(schema, column)}")
    geo_columns = geo[1] if geo is not None else {}
    return _Layout(
        a,
        b,
        _is_wkb(pa, schema, a, geo_columns.get(a)),
        _is_wkb(pa, schema, b, geo_columns.get(b)),
        name,
        expect,
        plain,
        own_id,
    )


def _geo_columns(schema: Any) -> tuple[str, dict[str, dict[str, Any]]] | None:
    """``(primary column, {column: its metadata})`` from the GeoParquet metadata, if any."""
    metadata = schema.metadata or {}
    if b"geo" not in metadata:
        return None
    try:
        geo = json.loads(metadata[b"geo"])
    except (ValueError, RecursionError):
        raise _TableError("the GeoParquet metadata ('geo') is not valid JSON") from None
    columns = geo.get("columns") if isinstance(geo, dict) else None
    primary = geo.get("primary_column") if isinstance(geo, dict) else None
    if (
        not isinstance(columns, dict)
        or not all(isinstance(value, dict) for value in columns.values())
        or not isinstance(primary, str)
    ):
        raise _TableError(
            "the GeoParquet metadata ('geo') needs 'primary_column' (a column name) and "
            "'columns' (an object of column objects)"
        )
    return primary, columns


def _is_wkb(pa: Any, schema: Any, column: str, geo: dict[str, Any] | None) -> bool:
    """Whether a geometry column holds WKB (else text), checking what the metadata says."""
    if geo is not None:
        encoding, edges = geo.get("encoding"), geo.get("edges", "planar")
        if encoding != "WKB":
            raise _TableError(
                f"column {column}: GeoParquet encoding {encoding!r} is not supported: write "
                "the geometries as WKB (GeoPandas: to_parquet(..., geometry_encoding='WKB'))"
            )
        if edges != "planar":
            raise _TableError(
                f"column {column}: its edges are {edges!r}, and gjkcli measures in the plane"
            )
    if _is(pa, schema, column, "binary"):
        return True
    if geo is None and _is_text(pa, schema, column):
        return False
    raise _TableError(
        f"column {column}: expected WKB (binary){'' if geo else ' or shape text (strings)'}, "
        f"got {_type(schema, column)}"
    )


_KINDS = {
    "binary": ("is_binary", "is_large_binary", "is_binary_view"),
    "text": ("is_string", "is_large_string", "is_string_view"),
    "integer": ("is_integer",),
    "number": ("is_integer", "is_floating"),
    "boolean": ("is_boolean",),
}


def _is(pa: Any, schema: Any, column: str, kind: str) -> bool:
    """Whether ``column`` holds values of ``kind`` (an extension type by its storage)."""
    kind_of = _storage(schema.field(column).type)
    return any(getattr(pa.types, test)(kind_of) for test in _KINDS[kind])


def _is_text(pa: Any, schema: Any, column: str) -> bool:
    return _is(pa, schema, column, "text")


def _storage(kind: Any) -> Any:
    """The type of a column's values (GeoPandas tags WKB as the extension 'geoarrow.wkb')."""
    return getattr(kind, "storage_type", kind)


def _type(schema: Any, column: str) -> str:
    return str(schema.field(column).type)


def _items(pa: Any, path: str, before: int, batch: Any, layout: _Layout) -> Iterator[Item]:
    """The items of one record batch, whose first row is row ``before + 1``."""
    cells = {column: _values(pa, batch.column(column)) for column in layout.columns}
    a, b = cells[layout.a], cells[layout.b]
    names = cells[layout.name] if layout.name is not None else None
    ids = cells[layout.own_id] if layout.own_id is not None else None
    expects = cells[layout.expect] if layout.expect is not None else None
    plain = [(column, cells[column]) for column in layout.plain]
    shape_a = _wkb_json if layout.wkb_a else _text_json
    shape_b = _wkb_json if layout.wkb_b else _text_json
    for index in range(batch.num_rows):
        row = before + index + 1
        try:
            parts = [
                '{"a": ',
                shape_a(layout.a, a[index]),
                ', "b": ',
                shape_b(layout.b, b[index]),
            ]
            if names is not None and names[index] is not None:
                parts += [', "name": ', _name_json(names[index])]
            if ids is not None and ids[index] is not None:
                own = ids[index]
                parts += [
                    ', "id": ',
                    json.dumps(own if isinstance(own, int) else _decoded("id", own)),
                ]
            if expects is not None and expects[index] is not None:
                parts += [', "expect": ', _text_json("expect", expects[index], json_only=True)]
            given = [
                (column, values[index]) for column, values in plain if values[index] is not None
            ]
            if given:
                parts += [', "expect": ', _expect_json(given)]
        except _CellError as error:
            yield Item(path, row, error=str(error))
            continue
        yield Item(path, row, "".join(parts) + "}")


def _values(pa: Any, column: Any) -> list[Any]:
    """A column's cells as Python values; text as UTF-8 bytes, decoded cell by cell."""
    column = getattr(column, "storage", column)
    kind = column.type
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        column = column.view(pa.large_binary() if pa.types.is_large_string(kind) else pa.binary())
    elif pa.types.is_string_view(kind):
        column = column.view(pa.binary_view())
    values: list[Any] = column.to_pylist()
    return values


class _CellError(Exception):
    """A cell that cannot be read: its row is an error, named after the column."""


def _wkb_json(column: str, value: bytes | None) -> str:
    if value is None:
        raise _CellError(f"column {column}: null, not a geometry")
    try:
        return json.dumps(wkb_geojson(value))
    except WKBError as error:
        raise _CellError(f"column {column}: invalid WKB: {error}") from None


def _text_json(column: str, value: bytes | None, json_only: bool = False) -> str:
    """A text cell as JSON text: JSON as it is (checked to be one value), WKT as a string."""
    if value is None:
        raise _CellError(f"column {column}: null, not a geometry")
    text = _decoded(column, value)
    if not text.lstrip().startswith(_JSON_STARTS):
        if json_only:
            raise _CellError(f"column {column}: expected a JSON object, got {_start(text)}")
        return json.dumps(text)  # WKT, which the loader reads from a JSON string
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        raise _CellError(
            f"column {column}: invalid JSON: {error.msg} (character {error.pos + 1})"
        ) from None
    except RecursionError:
        raise _CellError(f"column {column}: invalid JSON: nested too deeply") from None
    return text


def _name_json(value: bytes | int) -> str:
    """A name cell as a JSON string: text as it is, an integer in decimal."""
    return json.dumps(str(value) if isinstance(value, int) else _decoded("name", value))


def _expect_json(given: list[tuple[str, Any]]) -> str:
    """The ``expect`` object of the plain expectation columns; a ``NaN`` stays ``NaN``, for
    the loader to refuse with its place (``expect.distance``)."""
    return json.dumps(
        {key: _decoded(key, value) if isinstance(value, bytes) else value for key, value in given}
    )


def _decoded(column: str, value: bytes) -> str:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _CellError(
            f"column {column}: not UTF-8 text (byte 0x{value[error.start]:02x} at "
            f"offset {error.start})"
        ) from None


def _start(text: str) -> str:
    shown = text.strip()
    return repr(shown if len(shown) <= 20 else shown[:17] + "...")


def _listed(names: list[str], most: int = 8) -> str:
    """Column names for a message, the first ``most`` of them.

    >>> _listed(["a", "b"]), _listed([str(k) for k in range(10)], 3)
    ('a, b', '0, 1, 2 and 7 more')
    """
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
