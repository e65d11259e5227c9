"""A JSON value together with where it sits, for validation messages that point at it.

Every loader walks the parsed document through :class:`Node`, so that any
problem becomes an :class:`~gjkcli.io.errors.InputError` naming the file and
the place (``b.points[3]``) in one line.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain
from typing import Any

from gjkcli.io.errors import InputError
from gjkcli.io.jsondoc import JsonObject, NonFinite
from gjkcli.shapes.base import Vec

__all__ = ["SUGGEST_CUTOFF", "Node", "describe", "plain_points", "suggest", "unknown"]


def describe(value: Any) -> str:
    """A short description of a JSON value, for "expected X, got Y" messages.

    >>> describe(True), describe("3"), describe([1, 2]), describe(None)
    ('true', 'a string ("3")', 'a list of 2 items', 'null')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, NonFinite):
        return value.text
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        shown = value if len(value) <= 20 else value[:17] + "..."
        return f'a string ("{shown}")'
    if isinstance(value, list):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    return "an object"


SUGGEST_CUTOFF = 0.7
"""How alike (:class:`difflib.SequenceMatcher` ratio, ignoring case) a mistyped name and a
valid one must be for "did you mean" to name it: ``radus`` and ``radius`` (0.91) are, and
``rotation`` and ``rotate`` (0.71); ``min`` and ``margin`` (0.67) are not."""


def suggest(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the valid choice closest to ``word``, ignoring case,
    when it is close (:data:`SUGGEST_CUTOFF`), or else for the only choice that
    ``word``, three letters or more, begins (an abbreviation); else an empty string.

    >>> suggest("radus", ["center", "radius"])
    " (did you mean 'radius'?)"
    >>> suggest("Circl", ["point", "circle"])
    " (did you mean 'circle'?)"
    >>> suggest("dist", ["intersects", "distance", "depth"])
    " (did you mean 'distance'?)"
    >>> suggest("min", ["transform", "margin"])
    ''
    """
    by_lower = {option.lower(): option for option in choices}
    lower = word.lower()
    close = difflib.get_close_matches(lower, by_lower, n=1, cutoff=SUGGEST_CUTOFF)
    if not close and len(lower) >= 3:
        close = [option for option in by_lower if option.startswith(lower)]
    return f" (did you mean '{by_lower[close[0]]}'?)" if len(close) == 1 else ""


def unknown(word: str, choices: Iterable[str], noun: str) -> str:
    """The end of a message about an unknown name: a "did you mean" when one is close
    (:func:`suggest`), then every valid choice, ``noun`` naming them.

    >>> "unknown key for a circle" + unknown("radus", ["center", "radius"], "keys")
    "unknown key for a circle (did you mean 'radius'?); valid keys: center, radius"
    >>> "unknown key for a circle" + unknown("min", ["center", "radius", "margin"], "keys")
    'unknown key for a circle; valid keys: center, radius, margin'
    """
    options = list(choices)
    return f"{suggest(word, options)}; valid {noun}: {', '.join(options)}"


@dataclass(frozen=True)
class Node:
    """A value in a parsed document, its file, and its place (``b.points[3]``)."""

    value: Any
    file: str
    place: str = ""

    def error(self, message: str) -> InputError:
        """An :class:`InputError` at this place."""
        return InputError(self.file, self.place, message)

    def key(self, name: str) -> Node:
        """The child at key ``name`` (which must exist)."""
        place = f"{self.place}.{name}" if self.place else name
        return Node(self.value[name], self.file, place)

    def get(self, name: str) -> Node | None:
        """The child at key ``name``, or ``None`` if absent."""
        return self.key(name) if name in self.value else None

    def items(self) -> list[Node]:
        """The children of a list, each with its index in the place."""
        return [Node(item, self.file, f"{self.place}[{i}]") for i, item in enumerate(self.value)]

    def mapping(self, what: str) -> JsonObject:
        """The value as a JSON object without duplicate keys."""
        if not isinstance(self.value, dict):
            raise self.error(f"expected {what} (a JSON object), got {describe(self.value)}")
        duplicates = getattr(self.value, "duplicates", ())
        if duplicates:
            raise self.key(duplicates[0]).error("this key appears more than once")
        return self.value if isinstance(self.value, JsonObject) else JsonObject(self.value)

    def check_keys(self, what: str, required: Iterable[str], optional: Iterable[str]) -> None:
        """Require the ``required`` keys and reject any key outside ``required | optional``."""
        mapping = self.mapping(what)
        required = list(required)
        allowed = list(dict.fromkeys([*required, *optional]))  # a key named in both: once
        for name in mapping:
            if name not in allowed:
                raise self.key(name).error(
                    f"unknown key for {what}{unknown(name, allowed, 'keys')}"
                )
        for name in required:
            if name not in mapping:
                raise self.error(f"missing key '{name}' for {what}")

    def sequence(self, noun: str, min_items: int = 0, max_items: int | None = None) -> list[Node]:
        """The value as a list of ``min_items`` to ``max_items`` items (``noun`` names them)."""
        if not isinstance(self.value, list):
            raise self.error(f"expected a list of {noun}, got {describe(self.value)}")
        count = len(self.value)
        if min_items == max_items and count != min_items:
            raise self.error(f"expected exactly {min_items} {noun}, got {count}")
        if count < min_items:
            raise self.error(f"too few {noun}: expected at least {min_items}, got {count}")
        if max_items is not None and count > max_items:
            raise self.error(f"too many {noun}: expected at most {max_items}, got {count}")
        return self.items()

    def number(self) -> float:
        """The value as a finite number (booleans, strings and NaN are errors)."""
        value = self.value
        if isinstance(value, NonFinite):
            raise self.error(f"{value.text} is not allowed: numbers must be finite")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(f"expected a number, got {describe(value)}")
        try:
            number = float(value)
        except OverflowError:
            raise self.error("number too large for a float") from None
        if not math.isfinite(number):
            raise self.error("numbers must be finite")
        return number

    def non_negative(self) -> float:
        """The value as a finite number ``>= 0``."""
        number = self.number()
        if number < 0.0:
            raise self.error(f"must be >= 0, got {_short(number)}")
        return number

    def boolean(self) -> bool:
        """The value as ``true`` or ``false``."""
        if not isinstance(self.value, bool):
            raise self.error(f"expected true or false, got {describe(self.value)}")
        return self.value

    def string(self) -> str:
        """The value as a string."""
        if not isinstance(self.value, str):
            raise self.error(f"expected a string, got {describe(self.value)}")
        return self.value

    def xy(self) -> Vec:
        """The value as a point ``[x, y]`` of two finite numbers."""
        if not isinstance(self.value, list) or len(self.value) != 2:
            raise self.error(f"expected a point [x, y], got {describe(self.value)}")
        x, y = self.items()
        return (x.number(), y.number())

    def points(self, min_items: int, max_items: int | None = None) -> list[Vec]:
        """The value as a list of points ``[[x, y], ...]``: read at once when it is plainly
        one (:func:`plain_points`), else point by point, which says what is wrong and where.

        >>> Node([[0, 0], [2.5, 0]], "x.json", "a.points").points(2)
        [(0.0, 0.0), (2.5, 0.0)]
        >>> Node([[0, 0], [2.5, True]], "x.json", "a.points").points(2)
        Traceback (most recent call last):
        ...
        gjkcli.io.errors.InputError: x.json: a.points[1][1]: expected a number, got true
        """
        points = plain_points(self.value, min_items, max_items)
        if points is not None:
            return points
        return [node.xy() for node in self.sequence("points", min_items, max_items)]


def plain_points(value: Any, least: int, most: int | None = None) -> list[Vec] | None:
    """``value``'s points if it is plainly a list of ``least`` to ``most`` points: each a
    list ``[x, y]`` of two floats or integers (not booleans) that are finite as floats;
    ``None`` for anything else, which :meth:`Node.points` reads point by point (the
    same points, or the error).

    >>> plain_points([[0, 1], [2.5, -0.0]], 2)
    [(0.0, 1.0), (2.5, -0.0)]
    >>> plain_points([[0, 1], [10**400, 0]], 2), plain_points([[0, 1]], 2)
    (None, None)
    >>> plain_points([[True, 0]], 1), plain_points([[0, 1], [0, float("nan")]], 2)
    (None, None)
    """
    if type(value) is not list or len(value) < least or (most is not None and len(value) > most):
        return None
    if set(map(type, value)) != {list} or set(map(len, value)) != {2}:
        return None
    numbers = set(map(type, chain.from_iterable(value)))
    if numbers == {float}:
        points: list[Vec] = list(map(tuple, value))
    elif numbers <= _NUMBERS:
        try:
            points = [(float(x), float(y)) for x, y in value]
        except OverflowError:  # an integer too large for a float
            return None
    else:
        return None
    if not all(map(math.isfinite, chain.from_iterable(points))):
        return None
    return points


_NUMBERS = frozenset((int, float))
"""The types a plain coordinate has (``bool`` is a subclass of ``int``, not ``int``)."""


def _short(number: float) -> str:
    return str(int(number)) if number.is_integer() else repr(number)
