"""Running a batch: chunks of pairs through worker processes, results back in input order.

Each chunk (:data:`CHUNK` pairs) is loaded, checked with one vectorized
Shapely call, and turned into JSON Lines records by a worker
(:mod:`gjkcli.batch.pool`); the main process writes the records in input
order and keeps the summary. At most two chunks per worker are in flight or
waiting to be written at any time, so memory stays flat however long the
input is.

No pair can end the run. Everything one pair's work does (reading it,
checking it, turning the check into a record, writing that record as JSON)
is guarded: a failure becomes that pair's error row, and the rest of the
chunk runs. If checking the whole chunk at once fails, its pairs are checked
one by one, so that only the one that fails is an error row. If a worker
dies (killed from outside, or a crash in a C library), its chunk is tried
again one pair at a time, so that a pair that kills its worker a second time
is known: that pair alone becomes an error row, and every other pair gets
its real record. Each pair is tried at most twice, so the run always ends.
"""

from __future__ import annotations

import functools
import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from gjkcli.batch.plain import read_plain
from gjkcli.batch.pool import Lost, WorkerPool
from gjkcli.io.discover import Item
from gjkcli.io.errors import InputError, NotAPairError
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.pairs import load_pair, pair_from_node, pair_from_text
from gjkcli.pair import Pair
from gjkcli.render.json_record import check_record, error_record
from gjkcli.render.json_text import NotJSONError, json_text
from gjkcli.verify.check import Check, check_pair, check_pairs
from gjkcli.verify.tally import Outcome, Summary

__all__ = ["CHUNK", "ENVIRONMENT", "Row", "check_chunk", "run_batch"]

CHUNK = 256
"""Pairs per unit of work: large enough for Shapely's vectorized calls to pay off."""

ENVIRONMENT = "GJKCLI_BATCH"
"""The environment variable that can send every pair the general way: ``per-pair``
(for comparing the two ways; the records are the same)."""

Row = tuple[str, Outcome]
"""One pair's JSON Lines record (without the newline) and its outcome."""


def run_batch(
    items: Iterable[Item],
    *,
    workers: int,
    fail_fast: bool,
    write: Callable[[str], None],
    strict: bool = False,
    progress: Callable[[Summary], None] = lambda summary: None,
    warn: Callable[[str], None] = lambda message: None,
    columnar: bool | None = None,
) -> Summary:
    """Check every item, ``write`` each record in input order, and return the summary.

    With ``strict``, a pair with warnings (a run cut short, a loose
    certificate) fails like a disagreement. With one worker the pairs are
    checked in this process; with more, in that many worker processes
    (:class:`~gjkcli.batch.pool.WorkerPool`), which are stopped at once if
    the run ends early (an exception, or ``fail_fast``). ``warn`` hears of
    each chunk whose worker died (its pairs are then checked one by one).
    ``columnar`` (by default, unless :data:`ENVIRONMENT` is ``per-pair``) reads the
    plain pairs of each chunk together (:func:`check_chunk`).
    """
    if columnar is None:
        columnar = os.environ.get(ENVIRONMENT, "").strip().lower() != "per-pair"
    summary = Summary()
    start = time.perf_counter()
    chunks = _chunks(items, CHUNK)
    work = functools.partial(check_chunk, strict=strict, columnar=columnar)
    rows = _in_workers(chunks, work, workers, warn) if workers > 1 else map(work, chunks)
    try:
        for chunk_rows in rows:
            for line, outcome in chunk_rows:
                if outcome.kind != "skipped":
                    write(line)
                summary.add(outcome)
                if fail_fast and outcome.failed:
                    summary.stopped_early = True
                    break
            summary.elapsed = time.perf_counter() - start
            progress(summary)
            if summary.stopped_early:
                break
    finally:
        close = getattr(rows, "close", None)
        if close is not None:
            close()
    summary.elapsed = time.perf_counter() - start
    return summary


def check_chunk(chunk: list[Item], strict: bool = False, columnar: bool = True) -> list[Row]:
    """Load and check a chunk of items; one row per item, in order (runs in a worker).

    With ``columnar``, the plain pairs of JSON Lines are read together
    (:mod:`gjkcli.batch.plain`), and the rest one by one; the records are the same
    either way. It does not raise: whatever fails for one item is that item's error row.
    """
    rows: list[Row | None] = [None] * len(chunk)
    pairs: list[Pair] = []
    places: list[int] = []
    plain = _read_plain(chunk) if columnar else [None] * len(chunk)
    for index, item in enumerate(chunk):
        try:
            pairs.append(plain[index] or _load(item))
            places.append(index)
        except NotAPairError as error:
            rows[index] = (
                ("", Outcome("skipped", False, _name(item), item.file, item.line, error.message))
                if item.searched
                else _error_row(item, _name(item), error)
            )
        except InputError as error:
            rows[index] = _error_row(item, _name(item), error)
        except Exception as error:  # a bug in the loaders: this pair's row, not the run's end
            rows[index] = _internal_error_row(item, _name(item), "while reading", error)
    try:
        checks: list[Check | Exception] = list(check_pairs(pairs))
    except Exception:  # a bug in one pair: find it, keep the others
        checks = [_check_alone(pair) for pair in pairs]
    for index, pair, check in zip(places, pairs, checks, strict=True):
        item = chunk[index]
        if isinstance(check, Exception):
            rows[index] = _internal_error_row(item, pair.name, "", check)
            continue
        try:
            rows[index] = _check_row(item, check, strict)
        except Exception as error:  # the record could not be made, or written as JSON
            rows[index] = _internal_error_row(item, pair.name, "in its record", error)
    return [row for row in rows if row is not None]


def _read_plain(chunk: list[Item]) -> list[Pair | None]:
    """The plain pairs of a chunk, read together; ``None`` where the general way must read
    (and anything unexpected sends every pair the general way)."""
    try:
        return read_plain(chunk, [_name(item) for item in chunk])
    except Exception:  # a bug in the fast way: the general way still reads every pair
        return [None] * len(chunk)


def _load(item: Item) -> Pair:
    if item.error is not None:
        raise InputError(_where(item), "", item.error)
    if item.document is not None:
        return pair_from_text(item.file, item.file, item.document)
    if item.text is None:
        return load_pair(item.file)
    where = _where(item)
    return pair_from_node(Node(parse_json(item.text, where, one_line=True), where), _name(item))


def _check_alone(pair: Pair) -> Check | Exception:
    try:
        return check_pair(pair)
    except Exception as error:
        return error


def _check_row(item: Item, check: Check, strict: bool) -> Row:
    line = json_text(check_record(check, source=_source(item)))
    expect_failed = check.expect is not None and not check.expect.ok
    warned = strict and bool(check.warnings)
    reasons = [
        *check.disagreements,
        *(check.expect.failures if check.expect else ()),
        *(check.warnings if warned else ()),
    ]
    outcome = Outcome(
        "agree" if check.agree else "disagree",
        expect_failed,
        check.pair.name,
        item.file,
        item.line,
        "; ".join(reasons),
        warned,
    )
    return line, outcome


def _internal_error_row(item: Item, name: str, when: str, error: Exception) -> Row:
    """The row of a pair whose work failed unexpectedly (a bug, not bad input)."""
    when = f" {when}" if when else ""
    what = str(error) if isinstance(error, NotJSONError) else f"{type(error).__name__}: {error}"
    message = f"internal error{when}: {what}"
    return _error_row(item, name, InputError(_where(item), "", message))


def _error_row(item: Item, name: str, error: InputError) -> Row:
    """The record carries the full one-line message; the summary, which names the
    file already, only the place and the problem."""
    line = json_text(_with_source(error_record(name, str(error)), item))
    reason = f"{error.place}: {error.message}" if error.place else error.message
    return line, Outcome("error", False, name, item.file, item.line, reason)


def _with_source(record: dict[str, object], item: Item) -> dict[str, object]:
    """The record with ``source`` right after ``name``."""
    name = record.pop("name")
    return {"name": name, "source": _source(item), **record}


def _source(item: Item) -> dict[str, object]:
    return {"file": item.file, "line": item.line}


def _name(item: Item) -> str:
    stem = Path(item.file).stem
    return stem if item.line is None else f"{stem}:{item.line}"


def _where(item: Item) -> str:
    return item.file if item.line is None else f"{item.file}:{item.line}"


def _chunks(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    iterator = iter(items)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


@dataclass
class _Slot:
    """A chunk on its way: its items, and its rows once they are all known.

    A chunk whose worker died is tried again one item at a time; ``alone``
    then holds each item's rows as they come.
    """

    items: list[Item]
    rows: list[Row] | None = None
    alone: list[list[Row] | None] = field(default_factory=list)

    def split(self) -> list[int]:
        """Try the items one by one from now on; their indices."""
        self.alone = [None] * len(self.items)
        return list(range(len(self.items)))

    def settle(self, index: int, rows: list[Row]) -> None:
        """One item's rows, tried alone; the chunk's rows once every item has them."""
        self.alone[index] = rows
        if all(part is not None for part in self.alone):
            self.rows = [row for part in self.alone if part is not None for row in part]


def _in_workers(
    chunks: Iterator[list[Item]],
    work: Callable[[list[Item]], list[Row]],
    workers: int,
    warn: Callable[[str], None],
) -> Iterator[list[Row]]:
    """Each chunk's rows, in input order, computed by up to ``workers`` processes.

    At most ``2 * workers`` chunks are read ahead of the one to be written
    next, which bounds memory. A chunk whose worker died (or raised) is tried
    again one item at a time, before any new chunk; an item that is lost
    again is an error row. Closing the generator (or an exception) stops the
    workers at once.
    """
    slots: deque[_Slot] = deque()
    retries: deque[tuple[_Slot, int]] = deque()  # items to try alone, before new chunks
    tasks: dict[int, tuple[_Slot, int | None]] = {}  # index None: the whole chunk
    keys = itertools.count()
    more = True
    with WorkerPool(work, workers) as pool:
        while True:
            # hand out work first, so that no worker waits while rows are written
            while pool.free and (retries or (more and len(slots) < 2 * workers)):
                if retries:
                    slot, alone = retries.popleft()
                    tasks[key := next(keys)] = (slot, alone)
                    pool.submit(key, [slot.items[alone]])
                elif (chunk := next(chunks, None)) is None:
                    more = False
                else:
                    slots.append(slot := _Slot(chunk))
                    tasks[key := next(keys)] = (slot, None)
                    pool.submit(key, chunk)
            while slots and (rows := slots[0].rows) is not None:
                slots.popleft()
                yield rows
            if not pool.busy:
                # Nothing in flight means every chunk read so far has its rows (a chunk
                # without them has a task in flight, or items waiting in retries, which
                # are handed out whenever a worker is free): all were written above.
                if not more:
                    return
                continue
            for key, result in pool.finished():
                slot, index = tasks.pop(key)
                if not isinstance(result, Lost):
                    if index is None:
                        slot.rows = result
                    else:
                        slot.settle(index, result)
                elif index is None:
                    retries.extend((slot, k) for k in slot.split())
                    warn(
                        f"a worker process {result.reason} while checking {_span(slot.items)}; "
                        "its pairs are checked again, one by one"
                    )
                else:
                    slot.settle(index, [_lost_row(slot.items[index], result)])


def _span(chunk: list[Item]) -> str:
    """Where a chunk's items are, in a few words.

    >>> _span([Item("a.jsonl", 1), Item("a.jsonl", 2), Item("b.json")])
    'a.jsonl:1 to b.json (3 pairs)'
    """
    first, last = _where(chunk[0]), _where(chunk[-1])
    return first if len(chunk) == 1 else f"{first} to {last} ({len(chunk)} pairs)"


def _lost_row(item: Item, lost: Lost) -> Row:
    """The error row of an item whose work was lost twice: its chunk's worker died, and
    so did (or failed) the worker that then checked it alone."""
    reason = f"its worker process {lost.reason} while checking this pair (tried twice)"
    return _error_row(item, _name(item), InputError(_where(item), "", f"internal error: {reason}"))
