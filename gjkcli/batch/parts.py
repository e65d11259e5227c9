"""A batch's records as numbered part files with a manifest, so that a long run can be
resumed where it stopped (``gjk batch --output-dir DIR [--resume]``).

Part ``k`` (``part-00000k.jsonl``) holds the records of the input items
``k * part_size`` to ``(k + 1) * part_size - 1`` (a file found in a folder
that holds one shape is an item without a record), in input order. Each
part is written to a temporary name and renamed when it is complete; the
manifest (``manifest.json``, written atomically after each part) records
the command (inputs and the options that change records), the parts
finished, and for each its summary counts and the failures the summary of
the whole run lists. The manifest is the truth: a part file it does not
list is not finished, and is written again. ``docs/FORMATS.md`` (section
4, ``gjk batch --output-dir``) is the contract.

A resumed run skips the items of the finished parts (they are listed again,
not checked), so every record is written exactly once, and its summary is
the whole run's, built from the manifest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import os
import re
import stat
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from gjkcli import tolerances
from gjkcli._version import __version__
from gjkcli.io.atomic import atomic_text
from gjkcli.io.discover import Item, searched_files
from gjkcli.verify.expect import ExpectSettings
from gjkcli.verify.tally import FAILURES_SHOWN, Failure, Summary

__all__ = [
    "DEFAULT_PART_SIZE",
    "FORMAT",
    "MANIFEST",
    "OutputDirError",
    "PartFolder",
    "command_key",
    "part_name",
]

MANIFEST = "manifest.json"
FORMAT = "gjk batch --output-dir"
VERSION = 3
DEFAULT_PART_SIZE = 100_000
"""Items per part file: a part is some tens of seconds of work on one machine."""

_COUNTS = (
    "pairs",
    "passed",
    "failed",
    "disagreed",
    "failed_expectations",
    "warned",
    "errors",
    "skipped",
)
_OURS = re.compile(r"part-\d{6,}\.jsonl|\.(part-\d{6,}\.jsonl|manifest\.json)\..*\.partial")


class OutputDirError(Exception):
    """The folder cannot hold this run, or the run to resume there differs (one line)."""


def part_name(index: int) -> str:
    """The file name of part ``index``.

    >>> part_name(0), part_name(1234567)
    ('part-000000.jsonl', 'part-1234567.jsonl')
    """
    return f"part-{index:06d}.jsonl"


def command_key(
    paths: Iterable[str],
    glob: str | None,
    strict: bool,
    part_size: int,
    *,
    answers: str | None = None,
    settings: ExpectSettings | None = None,
) -> dict[str, Any]:
    """What a resumed run must share with the run it resumes: the gjkcli version, the
    inputs (as given, where they are, and a regular file's size and modification time),
    and the options that change the records or the parts: the answers file and the
    tolerances stated answers are judged with; and gjkcli's named constants, which the
    records no longer repeat.

    >>> key = command_key(["-"], "*.json", False, 1000)
    >>> key["inputs"], key["glob"], key["part_size"], key["answers"]
    ([{'path': '-'}], '*.json', 1000, None)
    >>> key["judging"]
    {'rtol': 1e-09, 'atol': 1e-09, 'angle': 1e-06, 'normal_sign': 1}
    """
    return {
        "gjkcli": __version__,
        "inputs": [_input(path) for path in paths],
        "glob": glob,
        "strict": strict,
        "part_size": part_size,
        "answers": None if answers is None else _input(answers),
        "judging": dataclasses.asdict(settings or ExpectSettings()),
        "constants": tolerances.constants(),
    }


def _input(path: str) -> dict[str, Any]:
    if path == "-":
        return {"path": path}
    entry: dict[str, Any] = {"path": path, "absolute": os.path.abspath(path)}
    try:
        status = os.stat(path)
    except OSError:
        return entry
    if stat.S_ISREG(status.st_mode):
        entry.update(size=status.st_size, modified_ns=status.st_mtime_ns)
    elif stat.S_ISDIR(status.st_mode):
        entry.update(listing=_listing(path))
    return entry


def _listing(folder: str) -> str:
    """A digest of every file under ``folder`` a batch may read (its suffix is one searched
    for), with its size and modification time: a file added, removed or changed shifts
    the pairs, so a resumed run must see the same listing.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     before = _listing(folder)
    ...     _ = (pathlib.Path(folder) / "pair.json").write_text("{}")
    ...     before == _listing(folder)
    False
    """
    digest = hashlib.sha256()
    for file in searched_files(folder):
        try:
            status = file.stat()
        except OSError:
            continue
        relative = file.relative_to(folder).as_posix()
        digest.update(f"{relative}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
    return digest.hexdigest()


class PartFolder:
    """An ``--output-dir`` folder: the parts already finished, and the next ones written
    as a run goes.

    Use as a context manager around the run, giving :func:`run_batch
    <gjkcli.batch.runner.run_batch>` :meth:`remaining` items, :meth:`write`,
    :meth:`progress` and ``part_size``; then :meth:`finish`. Leaving the block
    removes a part begun and not finished (a run killed leaves it as a hidden
    ``.part-*.partial`` file, which resuming removes). A new run may use a
    folder that is empty, or that holds only what a run that finished no part
    left.

    >>> import tempfile
    >>> from gjkcli.verify.tally import Outcome
    >>> folder = Path(tempfile.mkdtemp()) / "out"
    >>> command = command_key(["in.jsonl"], None, False, part_size=2)
    >>> with PartFolder(folder, command, resume=False) as parts:
    ...     summary = Summary()
    ...     for line in (1, 2, 3):
    ...         parts.write(f'{{"line": {line}}}')
    ...         summary.add(Outcome("agree", False, "p", "in.jsonl", line))
    ...         parts.progress(summary)
    ...     whole = parts.finish(summary)
    >>> sorted(path.name for path in folder.iterdir())
    ['manifest.json', 'part-000000.jsonl', 'part-000001.jsonl']
    >>> (folder / "part-000001.jsonl").read_text(), whole.pairs
    ('{"line": 3}\\n', 3)
    >>> PartFolder(folder, command, resume=True).complete
    True
    """

    def __init__(self, folder: Path, command: dict[str, Any], resume: bool) -> None:
        self.folder = folder
        self.part_size: int = command["part_size"]
        self._command = command
        self._manifest = folder / MANIFEST
        self._parts: list[dict[str, Any]] = []
        self.complete = False
        if resume:
            self._resume()
        else:
            self._start()
        self._stream: TextIO | None = None
        self._closing: Any = None  # the open part file's context manager
        self._before = Summary()  # the session's summary at the end of the last part
        self._started = time.perf_counter()

    @property
    def done_items(self) -> int:
        """How many input items the finished parts hold (a resumed run skips them)."""
        return sum(part["pairs"] + part["skipped"] for part in self._parts)

    def __enter__(self) -> PartFolder:
        return self

    def __exit__(self, *exception: object) -> None:
        """A part begun and not finished is removed, never renamed into place."""
        self._close_part(finished=False)

    def remaining(self, items: Iterable[Item]) -> Iterator[Item]:
        """``items`` without those of the finished parts; raises :class:`OutputDirError`
        if there are fewer of them than the finished parts hold (the inputs changed)."""
        iterator = iter(items)
        skip = self.done_items
        skipped = sum(1 for _ in itertools.islice(iterator, skip))
        if skipped < skip:
            raise OutputDirError(
                f"{self._manifest}: the finished parts hold {skip:,} pairs, but the inputs "
                f"now have only {skipped:,}: they changed since the run began"
            )
        yield from iterator

    def write(self, line: str) -> None:
        """Write one record to the part under way."""
        stream = self._stream or self._open_part()
        stream.write(line + "\n")

    def progress(self, summary: Summary) -> None:
        """Hear of the run's progress (after each chunk); a part that is complete is
        renamed into place and recorded in the manifest."""
        done = summary.pairs + summary.skipped - self._before.pairs - self._before.skipped
        if done >= self.part_size and not summary.stopped_early:
            self._finish_part(summary)

    def finish(self, summary: Summary) -> Summary:
        """Record the last part and mark the run complete, unless it stopped early (then
        its last part is not finished); the summary of the whole run, over every part."""
        if not summary.stopped_early:
            if summary.pairs + summary.skipped > self._before.pairs + self._before.skipped:
                self._finish_part(summary)
            self.complete = True
            self._save()
        whole = whole_summary(self._parts)
        whole.stopped_early = summary.stopped_early
        return whole

    def _start(self) -> None:
        if self.folder.exists() and not self.folder.is_dir():
            raise OutputDirError(f"--output-dir {self.folder}: not a folder")
        if self.folder.is_dir() and not self._unused():
            raise OutputDirError(
                f"--output-dir {self.folder} is not empty: choose a new or empty folder, "
                "or add --resume to go on with the run in it"
            )
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputDirError(
                f"--output-dir {self.folder}: cannot create it: {error.strerror or error}"
            ) from None
        self._remove_unfinished()
        self._save()

    def _unused(self) -> bool:
        """Whether the folder holds nothing, or only what a run that finished no part left
        (which a new run may replace)."""
        names = {path.name for path in self.folder.iterdir()}
        if not names:
            return True
        if MANIFEST not in names or not all(_OURS.fullmatch(name) for name in names - {MANIFEST}):
            return False
        try:
            return not json.loads(self._manifest.read_text(encoding="utf-8"))["parts"]
        except (OSError, ValueError, TypeError, KeyError):
            return False

    def _resume(self) -> None:
        try:
            text = self._manifest.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise OutputDirError(
                f"--resume: {self.folder} has no {MANIFEST}, so there is no run to resume "
                "there (start one without --resume)"
            ) from None
        except OSError as error:
            raise OutputDirError(f"{self._manifest}: {error.strerror or error}") from None
        manifest = _checked(text, self._manifest)
        difference = _difference(manifest["command"], self._command)
        if difference:
            raise OutputDirError(
                f"--resume: not the same command as the run in {self.folder} "
                f"(it differs in {difference}): resume it with the same inputs and options, "
                "or start a new run in another folder"
            )
        self._parts = manifest["parts"]
        self.complete = manifest["complete"]
        missing = [
            part["file"] for part in self._parts if not (self.folder / part["file"]).is_file()
        ]
        if missing:
            raise OutputDirError(
                f"--resume: {self.folder / missing[0]}, a finished part, is missing: "
                "the run cannot be completed there (start a new run in another folder)"
            )
        self._remove_unfinished()

    def _remove_unfinished(self) -> None:
        """Remove what a run that was killed left: partial files, parts not recorded."""
        finished = {part["file"] for part in self._parts}
        for path in self.folder.iterdir():
            if _OURS.fullmatch(path.name) and path.name not in finished:
                path.unlink(missing_ok=True)

    def _open_part(self) -> TextIO:
        self._closing = atomic_text(self.folder / part_name(len(self._parts)))
        self._stream = self._closing.__enter__()
        return self._stream

    def _close_part(self, finished: bool = True) -> None:
        """Rename the part under way into place, or (not ``finished``) remove it."""
        closing, self._closing, self._stream = self._closing, None, None
        if closing is None:
            return
        if finished:
            closing.__exit__(None, None, None)
        else:  # atomic_text removes its temporary file when its block raises
            unfinished = OutputDirError("unfinished part")
            closing.__exit__(OutputDirError, unfinished, None)

    def _finish_part(self, summary: Summary) -> None:
        if self._stream is None:  # every item of the part was skipped: an empty part
            self._open_part()
        self._close_part()
        now = time.perf_counter()
        listed = sum(len(part["failures"]) for part in self._parts)
        entry = _part_entry(summary, self._before, now - self._started, FAILURES_SHOWN - listed)
        self._parts.append({"file": part_name(len(self._parts)), **entry})
        self._save()
        self._before = dataclasses.replace(summary, failures=list(summary.failures))
        self._started = now

    def _save(self) -> None:
        manifest = {
            "format": FORMAT,
            "version": VERSION,
            "command": self._command,
            "complete": self.complete,
            "parts": self._parts,
        }
        with atomic_text(self._manifest) as stream:
            stream.write(json.dumps(manifest, indent=1) + "\n")


def _part_entry(now: Summary, before: Summary, elapsed: float, room: int) -> dict[str, Any]:
    """A part's counts (the run's summary ``now`` less ``before`` it began), and the first
    of its failures, as many as the whole run's summary still has ``room`` to list."""
    counts = {name: getattr(now, name) - getattr(before, name) for name in _COUNTS}
    failing = now.failing - before.failing
    failures = now.failures[len(before.failures) :][: max(0, room)]
    return {
        **counts,
        "elapsed_seconds": elapsed,
        "failures": [dataclasses.asdict(failure) for failure in failures],
        "more_failures": failing - len(failures),
    }


def whole_summary(parts: list[dict[str, Any]]) -> Summary:
    """The summary of a run over its finished parts, as the manifest records them.

    >>> part = {"pairs": 2, "passed": 1, "failed": 1, "disagreed": 1,
    ...         "failed_expectations": 0, "warned": 0, "errors": 0, "skipped": 0,
    ...         "elapsed_seconds": 0.5,
    ...         "failures": [{"name": "p", "file": "a.jsonl", "line": 2, "reason": "r"}],
    ...         "more_failures": 0}
    >>> summary = whole_summary([part, part])
    >>> summary.pairs, summary.failing, len(summary.failures), summary.elapsed
    (4, 2, 2, 1.0)
    """
    summary = Summary(**{name: sum(part[name] for part in parts) for name in _COUNTS})
    summary.failures = [Failure(**failure) for part in parts for failure in part["failures"]]
    summary.more_failures = sum(part["more_failures"] for part in parts)
    summary.elapsed = sum(part["elapsed_seconds"] for part in parts)
    return summary


def _checked(text: str, path: Path) -> dict[str, Any]:
    """The manifest in ``text``, checked enough to be used; :class:`OutputDirError` if not."""
    try:
        manifest = json.loads(text)
        if manifest["format"] != FORMAT or manifest["version"] != VERSION:
            raise ValueError(f"format {manifest['format']!r}, version {manifest['version']!r}")
        if not isinstance(manifest["command"], dict) or manifest["complete"] not in (True, False):
            raise TypeError("command or complete")
        whole_summary(manifest["parts"])  # every part has what the summary needs
        if not all(isinstance(part["file"], str) for part in manifest["parts"]):
            raise TypeError("file")
    except (ValueError, TypeError, KeyError) as error:
        raise OutputDirError(
            f"{path}: not a manifest of gjk batch --output-dir, or damaged ({error})"
        ) from None
    return manifest  # type: ignore[no-any-return]


_WHAT = {
    "gjkcli": "the gjkcli version",
    "inputs": "the inputs",
    "glob": "--glob",
    "strict": "--strict",
    "part_size": "--part-size",
    "answers": "--answers",
    "judging": "the tolerances (--precision, --rtol, --atol, --angle, --normal-convention)",
    "constants": "gjkcli's named constants (gjkcli/tolerances.py)",
}


def _difference(was: dict[str, Any], now: dict[str, Any]) -> str:
    """What differs between the command of a run and that of its resumption, in words.

    >>> _difference({"inputs": [], "strict": True}, {"inputs": [], "strict": False})
    '--strict'
    >>> _difference({"gjkcli": "1", "glob": None}, {"gjkcli": "2", "glob": "*"})
    'the gjkcli version, --glob'
    """
    keys = [*_WHAT, *sorted((set(was) | set(now)) - set(_WHAT))]
    return ", ".join(_WHAT.get(key, key) for key in keys if was.get(key) != now.get(key))
