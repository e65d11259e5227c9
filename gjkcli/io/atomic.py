"""Writing a file so that it is either complete or not there at all."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, BinaryIO, TextIO, TypeVar

__all__ = ["atomic_binary", "atomic_text"]


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
    with _atomic(path, lambda file: open(file, "w", encoding="utf-8", newline="\n")) as stream:
        yield stream


@contextmanager
def atomic_binary(path: Path) -> Iterator[BinaryIO]:
    """A byte stream that replaces ``path`` only when the block ends normally, as
    :func:`atomic_text` does.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with atomic_binary(folder / "out.bin") as stream:
    ...     _ = stream.write(b"PAR1")
    >>> (folder / "out.bin").read_bytes()
    b'PAR1'
    """
    with _atomic(path, lambda file: open(file, "wb")) as stream:
        yield stream


_Stream = TypeVar("_Stream", bound=IO[Any])


@contextmanager
def _atomic(path: Path, opener: Callable[[int | Path], _Stream]) -> Iterator[_Stream]:
    """The stream ``opener`` opens on a temporary file (a descriptor), which replaces
    ``path`` when the block ends normally; ``path`` itself, opened, if it is not a
    regular file."""
    if path.exists() and not path.is_file():
        stream = opener(path)
        with stream:
            yield stream
        return
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".partial", dir=path.parent or Path(".")
    )
    try:
        os.chmod(temporary, _mode_for(path))  # mkstemp makes it private (0600)
        stream = opener(descriptor)
        with stream:
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
