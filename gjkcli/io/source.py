"""Reading an input file (or standard input) as text, with a clear error for every failure."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

from gjkcli.io.errors import InputError

__all__ = [
    "JSON_SUFFIXES",
    "PARQUET_SUFFIX",
    "STDIN",
    "STDIN_NAME",
    "STREAM_SUFFIXES",
    "WKT_SUFFIX",
    "open_binary",
    "read_text",
]

STDIN = "-"
"""The file name that means standard input."""

STDIN_NAME = "<stdin>"
"""How standard input is named in messages and in ``source``."""

JSON_SUFFIXES = (".json", ".geojson")
"""Files read as one JSON document (native or GeoJSON)."""

STREAM_SUFFIXES = (".jsonl", ".ndjson")
"""Files read as JSON Lines, one pair per line."""

WKT_SUFFIX = ".wkt"
"""Files read as WKT: one shape, or a pair on two lines."""

PARQUET_SUFFIX = ".parquet"
"""Parquet tables: pairs, one a row, read when named (:mod:`gjkcli.io.pair_table`); and
``gjk batch --output`` results as a table (:mod:`gjkcli.io.record_table`)."""


def read_text(path: str, stdin: BinaryIO | None = None) -> tuple[str, str]:
    """``(display name, text)`` of a file, or of standard input for ``"-"``.

    Raises :class:`InputError` for a missing, unreadable, empty or non-UTF-8
    file, or a directory. A UTF-8 byte-order mark is accepted.

    >>> read_text("no/such/file.json")
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: no/such/file.json: no such file
    """
    if path == STDIN:
        stream = stdin if stdin is not None else sys.stdin.buffer
        return STDIN_NAME, _decode(STDIN_NAME, stream.read())
    with open_binary(path) as file:
        try:
            data = file.read()
        except OSError as error:
            raise _unreadable(path, error) from None
    return path, _decode(path, data)


def open_binary(path: str) -> BinaryIO:
    """``path`` opened for reading bytes; :class:`InputError` if it cannot be.

    >>> open_binary(".")
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: .: is a directory, expected a file
    """
    try:
        if Path(path).is_dir():  # on some systems a directory opens, and fails on reading
            raise IsADirectoryError
        return open(path, "rb")
    except OSError as error:
        raise _unreadable(path, error) from None
    except ValueError:  # the one name no system accepts
        raise InputError(path, "", "not a file name: it holds a NUL character") from None


def _unreadable(path: str, error: OSError) -> InputError:
    if isinstance(error, IsADirectoryError):
        return InputError(path, "", "is a directory, expected a file")
    if isinstance(error, FileNotFoundError):
        return InputError(path, "", "no such file")
    if isinstance(error, PermissionError):
        return InputError(path, "", "cannot read: permission denied")
    return InputError(path, "", f"cannot read: {(error.strerror or str(error)).lower()}")


def _decode(name: str, data: bytes) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise InputError(
            name, f"line {line}", f"not UTF-8 text (byte 0x{byte:02x} at offset {error.start})"
        ) from None
    if not text.strip():
        raise InputError(name, "", "file is empty")
    return text
