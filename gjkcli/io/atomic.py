"""Writing a file so that it is either complete or not there at all."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

__all__ = ["atomic_text"]


@contextmanager
def atomic_text(path: Path) -> Iterator[TextIO]:
    """A text stream whose content replaces ``path`` only when the block ends normally.

    The text goes to a hidden temporary file beside ``path`` (same folder, so
    the final rename is atomic). If the block raises, the temporary file is
    removed and ``path`` is left as it was; if the process is killed, what
    remains is the temporary file, named ``.NAME.*.partial``, never ``NAME``.
    The file gets the permissions of the one it replaces, or those a new file
    would get (``0666`` less the umask).

    A ``path`` that exists and is not a regular file (``/dev/null``, a pipe,
    a terminal) is written directly: it cannot be replaced, and must not be.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with atomic_text(folder / "out.jsonl") as stream:
    ...     _ = stream.write("{}\\n")
    >>> (folder / "out.jsonl").read_text()
    '{}\\n'
    """
    if path.exists() and not path.is_file():
        with path.open("w", encoding="utf-8", newline="\n") as stream:
            yield stream
        return
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".partial", dir=path.parent or Path(".")
    )
    try:
        os.chmod(temporary, _mode_for(path))  # mkstemp makes it private (0600)
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The permission bits of ``path`` if it exists, else those the umask leaves a new file."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
