"""Strict JSON parsing: line and column on syntax errors, no NaN, no duplicate keys.

Python's ``json`` module accepts ``NaN``, ``Infinity`` and ``1e999`` (which
becomes infinity) and silently keeps the last of two equal keys. Here such
values parse into markers instead, so that the validation in
:mod:`gjkcli.io.node` can reject them *with the place they occur*.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from gjkcli.io.errors import InputError
from gjkcli.io.source import STDIN_NAME, STREAM_SUFFIXES

__all__ = ["JsonObject", "NonFinite", "parse_json", "stays_integer"]


@dataclass(frozen=True)
class NonFinite:
    """A number that is not finite, as written in the input (``NaN``, ``1e999``...)."""

    text: str


class JsonObject(dict[str, Any]):
    """A JSON object that remembers the keys it saw twice."""

    duplicates: tuple[str, ...] = ()


def parse_json(text: str, file: str, one_line: bool = False) -> Any:
    """Parse JSON text; raise :class:`InputError` with line and column on a syntax error
    (only the column for ``one_line`` text, a line of JSON Lines whose file and line
    ``file`` already names).

    >>> parse_json('{"r": NaN}', "x.json")
    {'r': NonFinite(text='NaN')}
    >>> parse_json('{"r": 1,}', "x.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.json: line 1, column 9: invalid JSON: Expecting property name...
    """
    try:
        return json.loads(
            text,
            parse_constant=NonFinite,
            parse_float=_parse_float,
            parse_int=_parse_int,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as error:
        message = f"invalid JSON: {error.msg}"
        if error.msg.startswith("Unexpected UTF-8 BOM"):  # Python's advice is for Python
            message = "invalid JSON: a byte order mark (U+FEFF), allowed only where a file starts"
        if error.msg == "Extra data" and not one_line and _json_lines(file, text, error.pos):
            raise InputError(file, "", _JSON_LINES.format(_batch_command(file))) from None
        if error.msg == "Extra data":
            message += " (a second value follows the first)"
        place = (
            f"column {error.pos + 1}" if one_line else f"line {error.lineno}, column {error.colno}"
        )
        raise InputError(file, place, message) from None
    except RecursionError:
        raise InputError(file, "", "invalid JSON: nested too deeply") from None


_JSON_LINES = (
    "this is JSON Lines, a stream of pairs (one JSON value a line), not one pair: "
    "check them with {}"
)


def _json_lines(file: str, text: str, extra: int) -> bool:
    r"""Whether ``text``, whose second JSON value starts at ``extra``, is JSON Lines: it is
    named so (``.jsonl``, ``.ndjson``), or its first value fills its first line, and the
    line the second starts is a JSON value too.

    >>> _json_lines("p.txt", '{"a": 1}\n{"a": 2}\n', 9)
    True
    >>> _json_lines("p.txt", '{"a": 1}\n}\n', 9)
    False
    """
    if file.lower().endswith(STREAM_SUFFIXES):
        return True
    first = text[:extra].strip()
    if "\n" in first or "\r" in first or text[:extra].rstrip(" \t")[-1:] not in ("\n", "\r"):
        return False
    try:
        json.loads(re.split(r"\r\n|\r|\n", text[extra:], maxsplit=1)[0])
    except (json.JSONDecodeError, RecursionError):
        return False
    return True


def _batch_command(file: str) -> str:
    """The ``gjk batch`` command that reads the JSON Lines in ``file`` (standard input for
    ``<stdin>``, and through it for a file whose name ``gjk batch`` would read otherwise).

    >>> _batch_command("runs/out.jsonl"), _batch_command("<stdin>"), _batch_command("my p.txt")
    ('gjk batch runs/out.jsonl', 'gjk batch -', "gjk batch - < 'my p.txt'")
    """
    if file == STDIN_NAME:
        return "gjk batch -"
    import shlex

    if file.lower().endswith(STREAM_SUFFIXES):
        return f"gjk batch {shlex.quote(file)}"
    return f"gjk batch - < {shlex.quote(file)}"


def _parse_float(text: str) -> float | NonFinite:
    value = float(text)
    return value if math.isfinite(value) else NonFinite(_shortened(text))


def _parse_int(text: str) -> int | float | NonFinite:
    """A long integer literal is read as a float: Python refuses to turn more than
    4300 digits into an int, and beyond about 309 digits the float is infinite."""
    if len(text) <= _INT_DIGITS:
        return int(text)
    return _parse_float(text)


_INT_DIGITS = 20
"""Integer literals up to this long stay integers (every coordinate becomes a float
later); longer ones are read as floats at once."""


def stays_integer(value: int) -> bool:
    """Whether :func:`parse_json` reads this integer's literal as an integer (a longer one
    is read as a float).

    >>> stays_integer(10**19), stays_integer(-(10**19))
    (True, False)
    """
    return len(str(value)) <= _INT_DIGITS


def _shortened(text: str) -> str:
    """A literal short enough to quote in a one-line message.

    >>> _shortened("1" + "0" * 400)
    '1000000000... (401 digits)'
    """
    if len(text) <= 24:
        return text
    return f"{text[:10]}... ({sum(c.isdigit() for c in text)} digits)"


def _object(pairs: list[tuple[str, Any]]) -> JsonObject:
    result = JsonObject(pairs)
    if len(result) != len(pairs):
        keys = [key for key, _ in pairs]
        result.duplicates = tuple(key for i, key in enumerate(keys) if key in keys[:i])
    return result
