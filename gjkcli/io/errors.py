"""The one exception the loaders raise: a problem in the input, and where it is."""

from __future__ import annotations

import re

__all__ = ["InputError", "NotAPairError", "encodable", "printable"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def printable(text: str) -> str:
    r"""``text`` with every character that is not printable written as its Python escape,
    so that a name or a value from the input can neither break a one-line message, nor
    steer the terminal, nor fail to be encoded.

    Not printable are the characters that Python's ``repr`` escapes
    (:meth:`str.isprintable`): control characters, line and paragraph separators,
    format characters such as bidirectional overrides, spaces other than U+0020,
    unassigned code points, and lone surrogates (which no encoding can write; JSON
    may name one in a string whose bytes were not UTF-8).

    >>> printable("two\nlines \x1b[2J")
    'two\\nlines \\x1b[2J'
    >>> printable("café \u202e \ud800")
    'café \\u202e \\ud800'
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or char == " " else _escape(char) for char in text)


def encodable(text: str) -> str:
    r"""``text`` with each lone surrogate written as its escape: the text can then be
    encoded (as UTF-8, and as JSON that every parser accepts); all else is kept.

    >>> encodable("tab\there \ud800")
    'tab\there \\ud800'
    """
    return _SURROGATE.sub(lambda found: _escape(found.group()), text)


def _escape(char: str) -> str:
    """A character as Python writes it in a string literal, without the quotes."""
    return repr(char)[1:-1]


class InputError(Exception):
    """Bad input: which file, where in it, and what is wrong.

    ``str()`` gives the one-line message the command-line tool prints.

    >>> str(InputError("pair.json", "b.points[3]", "expected a number, got true"))
    'pair.json: b.points[3]: expected a number, got true'
    >>> str(InputError("pair.json", "", "file is empty"))
    'pair.json: file is empty'
    """

    def __init__(self, file: str, place: str, message: str) -> None:
        super().__init__(message)
        self.file = file
        self.place = place
        self.message = message

    def __str__(self) -> str:
        where = f"{self.file}: {self.place}" if self.place else self.file
        return printable(f"{where}: {self.message}")


class NotAPairError(InputError):
    """A file that holds one well-formed shape where a pair was expected.

    ``gjk check`` reports it like any bad input; ``gjk batch`` skips such
    files when it finds them by searching a folder (they are shape files,
    not pairs), and reports them when they are named on the command line.
    """
