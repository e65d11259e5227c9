"""Strict JSON parsing: line and column on syntax errors, no NaN, no duplicate keys.

Python's ``json`` module accepts ``NaN``, ``Infinity`` and ``1e999`` (which
becomes infinity) and silently keeps the last of two equal keys. Here such
values parse into markers instead, so that the validation in
:mod:`gjkcli.io.node` can reject them *with the place they occur*.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from gjkcli.io.errors import InputError

__all__ = ["JsonObject", "NonFinite", "parse_json"]


@dataclass(frozen=True)
class NonFinite:
    """A number that is not finite, as written in the input (``NaN``, ``1e999``...)."""

    text: str


class JsonObject(dict[str, Any]):
    """A JSON object that remembers the keys it saw twice."""

    duplicates: tuple[str, ...] = ()


def parse_json(text: str, file: str) -> Any:
    """Parse JSON text; raise :class:`InputError` with line and column on a syntax error.

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
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as error:
        message = f"invalid JSON: {error.msg}"
        if error.msg == "Extra data":
            message += " (a second value follows the first; JSON Lines go in a .jsonl file or '-')"
        raise InputError(file, f"line {error.lineno}, column {error.colno}", message) from None
    except RecursionError:
        raise InputError(file, "", "invalid JSON: nested too deeply") from None


def _parse_float(text: str) -> float | NonFinite:
    value = float(text)
    return value if math.isfinite(value) else NonFinite(text)


def _object(pairs: list[tuple[str, Any]]) -> JsonObject:
    result = JsonObject(pairs)
    if len(result) != len(pairs):
        keys = [key for key, _ in pairs]
        result.duplicates = tuple(key for i, key in enumerate(keys) if key in keys[:i])
    return result
