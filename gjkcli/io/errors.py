"""The one exception the loaders raise: a problem in the input, and where it is."""

from __future__ import annotations

__all__ = ["InputError", "NotAPairError"]


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
        return f"{where}: {self.message}"


class NotAPairError(InputError):
    """A file that holds one well-formed shape where a pair was expected.

    ``gjk check`` reports it like any bad input; ``gjk batch`` skips such
    files when it finds them by searching a folder (they are shape files,
    not pairs), and reports them when they are named on the command line.
    """
