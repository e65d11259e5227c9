"""Writing a record as JSON text that every parser accepts, or saying why it cannot be.

Every JSON object gjkcli prints or writes goes through :func:`json_text`.
Two things can stand between a record and strict JSON: a number that is not
finite (JSON has no NaN or infinity), and a lone surrogate in a string (a
name written as ``"\\ud800"`` in the input; JSON can carry it as an escape,
but it is not Unicode text, and strict parsers refuse it). A lone surrogate
is written as the text of its escape (see :func:`gjkcli.io.errors.encodable`);
a number that is not finite is refused with :class:`NotJSONError`, which says
where in the record it is, so that the caller can report that record as an
error rather than write a number that is not there.
"""

from __future__ import annotations

import json
import math
from typing import Any

from gjkcli.io.errors import encodable

__all__ = ["NotJSONError", "json_text"]


class NotJSONError(ValueError):
    """A record that JSON cannot represent; the message says what and where.

    >>> str(NotJSONError("NaN at gjk.distance"))
    'NaN at gjk.distance'
    """


def json_text(value: Any, indent: int | None = None) -> str:
    """``value`` as strict JSON text (ASCII only, one line unless ``indent``).

    >>> json_text({"name": "a\\ud800", "distance": 1.5})
    '{"name": "a\\\\\\\\ud800", "distance": 1.5}'
    >>> json_text({"name": "\\U0001f600"})  # a character beyond U+FFFF stays itself
    '{"name": "\\\\ud83d\\\\ude00"}'
    >>> json_text({"gjk": {"closest": [[0.0, float("nan")]]}})
    Traceback (most recent call last):
    ...
    gjkcli.render.json_text.NotJSONError: NaN at gjk.closest[0][1] cannot be written as JSON
    """
    try:
        text = json.dumps(value, allow_nan=False, indent=indent)
    except (ValueError, TypeError) as error:
        raise NotJSONError(_why_not(value, error)) from None
    # A lone surrogate comes out as "\udXXX", and so does each half of a character
    # beyond U+FFFF: only when one of them is there is the record walked and mended.
    if "\\ud" in text:
        text = json.dumps(_mended(value), allow_nan=False, indent=indent)
    return text


def _mended(value: Any) -> Any:
    """``value`` with every string (keys too) made :func:`encodable`."""
    if isinstance(value, str):
        return encodable(value)
    if isinstance(value, dict):
        return {_mended(key): _mended(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_mended(item) for item in value]
    return value


def _why_not(value: Any, error: Exception) -> str:
    """What in ``value`` JSON cannot hold, and where (a path like ``gjk.closest[0][1]``)."""
    found = _first_unwritable(value, "")
    if found is None:  # not a number or a type: a reference cycle, say
        return f"cannot be written as JSON: {error}"
    what, path = found
    return f"{what} at {path or 'the top'} cannot be written as JSON"


_NOT_FINITE = {"nan": "NaN", "inf": "infinity", "-inf": "-infinity"}


def _first_unwritable(value: Any, path: str) -> tuple[str, str] | None:
    if isinstance(value, float):
        # float(): a NumPy float's repr names its type ('np.float64(nan)')
        return None if math.isfinite(value) else (_NOT_FINITE[repr(float(value))], path)
    if value is None or isinstance(value, (str, int)):
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            found = _first_unwritable(item, f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
        return None
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            found = _first_unwritable(item, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    return f"a value of type {type(value).__name__}", path
