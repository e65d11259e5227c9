"""Reading an input file (or standard input) as text, with a clear error for every failure."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

from gjkcli.io.errors import InputError

__all__ = ["STDIN", "read_text"]

STDIN = "-"
"""The file name that means standard input."""

_STDIN_NAME = "<stdin>"


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
        return _STDIN_NAME, _decode(_STDIN_NAME, stream.read())
    file = Path(path)
    try:
        data = file.read_bytes()
    except IsADirectoryError:
        raise InputError(path, "", "is a directory, expected a file") from None
    except FileNotFoundError:
        raise InputError(path, "", "no such file") from None
    except PermissionError:
        raise InputError(path, "", "cannot read: permission denied") from None
    except OSError as error:
        raise InputError(path, "", f"cannot read: {error.strerror or error}") from None
    return path, _decode(path, data)


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
