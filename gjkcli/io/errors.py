"""The one exception the loaders raise: a problem in the input, and where it is."""

from __future__ import annotations

import re

__all__ = ["InputError", "NotAPairError", "printable"]

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    r"""``text`` with control characters written as escapes, so that a name or a value
    from the input can neither break a one-line message nor steer the terminal.

    >>> printable("two\nlines \x1b[2J")
    'two\\nlines \\x1b[2J'
    """
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], text)


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
