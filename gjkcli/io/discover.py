"""Finding the pairs a batch run checks: pair files, JSON Lines streams, folders.

Order is deterministic: the paths in the order given; inside a folder,
depth first, the entries of each folder sorted by name (files and
subfolders alike, by the code points of their names); inside a JSON Lines
file, line by line (blank lines are skipped). A folder contributes the files
ending in ``.json``, ``.geojson``, ``.wkt``, ``.jsonl`` and ``.ndjson``,
narrowed by ``glob``: a pattern without ``/`` is matched against the file's name
(``touching.json``, ``*touching*``), one with ``/`` against its path relative to that
folder (``circle/*.json``; there ``*`` also crosses ``/``). A Parquet pair table (``.parquet``,
:mod:`gjkcli.io.pair_table`) is read when it is named, one item per row;
folders are not searched for them (a results table written beside the inputs
would be read back as pairs).

A file found this way that holds a single shape rather than a pair is
skipped (it is a shape file, not a pair); named on the command line, it is
an error.

Listing never stops the run: a folder that cannot be read, a dangling link
or a line that is not UTF-8 becomes an item carrying its problem (so the pair
it may hold is reported, not silently lost), and a symbolic link back to a
folder already being walked (a loop) is skipped with a warning, and so is a
pipe, socket or device found in a folder (reading it could block forever).

JSON Lines are read one line at a time, so a file of any length costs the
same memory. Lines end at ``\n``, ``\r\n`` or ``\r`` (as in WKT files).

Every input is read once, by this module or (a pair file) by the worker
that checks it. A named file that is not a regular file (a named pipe, a
device, a shell's ``<(...)``), or that is named under ``/dev`` or ``/proc``
(``/dev/stdin``), is read here, once, in the main process: a worker could
not open it again, would open something else, or would find it drained.
:func:`count` says how many items there are only when reading the inputs
twice is harmless.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from gjkcli.io.answers import AnswerSlot
from gjkcli.io.errors import InputError
from gjkcli.io.source import (
    JSON_SUFFIXES,
    PARQUET_SUFFIX,
    STDIN,
    STDIN_NAME,
    STREAM_SUFFIXES,
    WKT_SUFFIX,
    open_binary,
    read_text,
)

__all__ = [
    "FOLDER_SUFFIXES",
    "Item",
    "count",
    "default_name",
    "is_pair_table",
    "items",
    "searched_files",
    "would_read",
]

FOLDER_SUFFIXES = (*JSON_SUFFIXES, WKT_SUFFIX, *STREAM_SUFFIXES)
"""The files a folder is searched for."""


@dataclass(frozen=True)
class Item:
    """One pair to check: a pair file, one line of a stream, or a problem met while listing.

    ``text`` is the line of a stream; ``document`` the whole text of a named
    file that is not a regular file (read here, once); ``searched`` marks a
    file found by searching a folder rather than named; ``answer`` is what an answers
    file holds for the pair (``gjk batch --answers``).
    """

    file: str
    line: int | None = None
    text: str | None = None
    error: str | None = None
    searched: bool = False
    document: str | None = None
    answer: AnswerSlot | None = None


def default_name(item: Item) -> str:
    """The name of an item's pair when it has none of its own: the file's stem, and the
    line in a stream.

    >>> default_name(Item("data/corpus.jsonl", 17)), default_name(Item("cases/touch.json"))
    ('corpus:17', 'touch')
    """
    stem = Path(item.file).stem
    return stem if item.line is None else f"{stem}:{item.line}"


def items(
    paths: Sequence[str],
    glob: str | None = None,
    stdin: BinaryIO | None = None,
    warn: Callable[[str], None] = lambda message: None,
) -> Iterator[Item]:
    """Every pair under ``paths``, lazily, in the documented order.

    >>> import io
    >>> [item.line for item in items(["-"], stdin=io.BytesIO(b'{"a": 1}\\n\\n{"b": 2}\\n'))]
    [1, 3]
    """
    for path in paths:
        if path == STDIN:
            yield from _stream(STDIN_NAME, stdin if stdin is not None else sys.stdin.buffer)
        elif os.path.isdir(path):
            yield from _folder(Path(path), Path(path), glob, set(), warn)
        elif path.lower().endswith(STREAM_SUFFIXES):
            yield from _stream_file(path)
        elif is_pair_table(path):
            from gjkcli.io.pair_table import pair_items

            yield from pair_items(path)
        elif _is_special_path(path):
            yield _read_once(path)
        else:
            yield Item(path)


def count(paths: Sequence[str], glob: str | None = None) -> int | None:
    """How many items :func:`items` will give, or ``None`` if finding out would read an
    input that cannot be read twice (standard input, a pipe, a device): a progress bar's
    total, which must not drain the input it counts.

    >>> count(["-"]) is None
    True
    """
    if any(path == STDIN or _is_special_path(path) for path in paths):
        return None
    return sum(_count(path, glob) for path in paths)


def is_pair_table(path: str) -> bool:
    """Whether :func:`items` reads ``path`` as a Parquet pair table: a ``.parquet`` file
    (named, as folders are not searched for them).

    >>> is_pair_table("pairs.parquet"), is_pair_table("pairs.jsonl")
    (True, False)
    """
    return path.lower().endswith(PARQUET_SUFFIX) and not os.path.isdir(path)


def _count(path: str, glob: str | None) -> int:
    if is_pair_table(path):
        from gjkcli.io.pair_table import pair_rows

        return pair_rows(path)  # from the file's footer, without reading its rows
    return sum(1 for _ in items([path], glob))


def would_read(paths: Sequence[str], glob: str | None, target: str) -> str | None:
    """The folder in ``paths`` whose search would find the file ``target`` (existing or
    not), or ``None``: an output written there would be read as input by the next run.

    >>> would_read(["cases"], None, "cases/deep/results.jsonl")
    'cases'
    >>> would_read(["cases"], "*touching*", "cases/results.jsonl") is None
    True
    """
    if not target.lower().endswith(FOLDER_SUFFIXES):
        return None
    # a link at the output's name is replaced, not written through: its folder counts
    where = Path(os.path.realpath(Path(os.path.abspath(target)).parent)) / Path(target).name
    home, rest = Path(os.path.abspath(target)).parent, [where.name]
    while not home.is_dir() and home != home.parent:  # it is made when it is written
        home, rest = home.parent, [home.name, *rest]
    real = os.path.realpath(home)
    for path in paths:
        if path == STDIN or (os.path.exists(path) and not os.path.isdir(path)):
            continue
        root = Path(os.path.realpath(path))
        if where.is_relative_to(root) and _matches(root, where, glob):
            return path
        # through a link to a folder elsewhere, which the search follows
        for folder in _subfolders(Path(path), set()):
            if os.path.realpath(folder) == real and _matches(
                Path(path), folder.joinpath(*rest), glob
            ):
                return path
    return None


def searched_files(folder: str) -> Iterator[Path]:
    """The files under ``folder`` that :func:`items` may read (its suffixes, before
    ``--glob``), in its order, through links, once round a loop."""
    for subfolder in _subfolders(Path(folder), set()):
        try:
            entries = sorted(os.scandir(subfolder), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.lower().endswith(FOLDER_SUFFIXES) and not _is_folder(entry):
                yield subfolder / entry.name


def _subfolders(folder: Path, walking: set[str]) -> Iterator[Path]:
    """``folder`` and the folders under it, as :func:`items` walks them (through links,
    once round a loop)."""
    real = os.path.realpath(folder)
    if real in walking:
        return
    walking.add(real)
    yield folder
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        entries = []
    for entry in entries:
        if _is_folder(entry):
            yield from _subfolders(folder / entry.name, walking)
    walking.discard(real)


_PER_PROCESS = ("/dev/", "/proc/")
"""Where a name may open something else in another process (``/dev/stdin``, ``/dev/fd/3``)."""


def _is_special_path(path: str) -> bool:
    """A named path that exists and is to be read once, here: neither a folder nor a
    regular file (a pipe, a device), or a name under :data:`_PER_PROCESS`.

    >>> _is_special_path("/dev/null"), _is_special_path("README.md"), _is_special_path("no")
    (True, False, False)
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    if stat.S_ISDIR(mode):
        return False
    return not stat.S_ISREG(mode) or os.path.abspath(path).startswith(_PER_PROCESS)


def _read_once(path: str) -> Item:
    try:
        file, text = read_text(path)
    except InputError as error:
        return Item(path, error=error.message)
    return Item(file, document=text)


def _stream_file(path: str) -> Iterator[Item]:
    try:
        stream = open_binary(path)
    except InputError as error:
        yield Item(path, error=error.message)
        return
    with stream:
        yield from _stream(path, stream)


def _stream(name: str, stream: BinaryIO) -> Iterator[Item]:
    for number, raw in enumerate(_lines(stream), 1):
        if not raw or raw.isspace():  # not raw.strip(), without copying the line
            continue
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            where = f"byte 0x{raw[error.start]:02x} at column {error.start + 1}"
            yield Item(name, number, error=f"not UTF-8 text ({where})")
            continue
        yield Item(name, number, text)


_LINE_END = re.compile(rb"\r\n|\r|\n")
_BLOCK = 1 << 16


def _lines(stream: BinaryIO) -> Iterator[bytes]:
    r"""The lines of ``stream`` without their ends (``\n``, ``\r\n`` or ``\r``), each as soon
    as it is complete: a block is whatever the stream has ready, so lines from a pipe are
    not held back until a block fills, and a long line costs time in proportion to it.

    >>> import io
    >>> list(_lines(io.BytesIO(b"a\r\nb\rc\n\nd")))
    [b'a', b'b', b'c', b'', b'd']
    """
    read = getattr(stream, "read1", stream.read)
    partial: list[bytes] = []  # the start of a line that has not ended yet
    after_cr = False  # the last block ended in "\r": a "\n" opening the next one is its end
    while block := read(_BLOCK):
        if after_cr and block.startswith(b"\n"):
            block = block[1:]
        after_cr = block.endswith(b"\r")
        # most text has no "\r": bytes.split is many times quicker than the expression
        *ended, rest = _LINE_END.split(block) if b"\r" in block else block.split(b"\n")
        for piece in ended:
            partial.append(piece)
            yield b"".join(partial)
            partial = []
        partial.append(rest)
    if last := b"".join(partial):
        yield last


def _folder(
    root: Path, folder: Path, glob: str | None, walking: set[str], warn: Callable[[str], None]
) -> Iterator[Item]:
    real = os.path.realpath(folder)
    if real in walking:
        warn(f"{folder}: symbolic link loop, skipped")
        return
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
        yield Item(str(folder), error=f"cannot read folder: {reason}")
        return
    walking.add(real)
    for entry in entries:
        path = folder / entry.name
        if _is_folder(entry):
            yield from _folder(root, path, glob, walking, warn)
        elif entry.name.lower().endswith(FOLDER_SUFFIXES) and _matches(root, path, glob):
            if _is_special(entry):
                warn(f"{path}: not a regular file (a pipe, socket or device), skipped")
            elif entry.name.lower().endswith(STREAM_SUFFIXES):
                yield from _stream_file(str(path))
            else:
                yield Item(str(path), searched=True)
    walking.discard(real)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=True)
    except OSError:
        return False


def _is_special(entry: os.DirEntry[str]) -> bool:
    """A pipe, socket or device: reading it could block forever. (A dangling link is not
    special: reading it fails, and the failure is reported as the item's error.)"""
    try:
        return not stat.S_ISREG(entry.stat(follow_symlinks=True).st_mode)
    except OSError:
        return False


def _matches(root: Path, path: Path, glob: str | None) -> bool:
    """Whether ``--glob`` keeps the file ``path`` found under the folder ``root``: a pattern
    without ``/`` is matched against the file's name (as ``find -name`` and ``.gitignore``
    do), one with ``/`` against its path relative to ``root``.

    >>> _matches(Path("cases"), Path("cases/circle/touching.json"), "touching.json")
    True
    >>> _matches(Path("cases"), Path("cases/circle/touching.json"), "circle/*")
    True
    >>> _matches(Path("cases"), Path("cases/touching/far.json"), "*touching*")
    False
    """
    if glob is None:
        return True
    name = path.relative_to(root).as_posix() if "/" in glob else path.name
    return fnmatch.fnmatchcase(name, glob)
