"""Running a batch: chunks of pairs through worker processes, results back in input order.

Each chunk (:data:`CHUNK` pairs) is loaded, checked with one vectorized
Shapely call, and turned into JSON Lines records by :func:`check_chunk`. The
chunk is the unit of work, and where it runs is a choice: in this process
(one worker), in local worker processes (:mod:`gjkcli.batch.pool`, the
default), or on any :class:`concurrent.futures.Executor` (a thread or
process pool, a Dask cluster: :mod:`gjkcli.batch.executor`). The main
process writes the records in input order and keeps the summary. At most two
chunks per worker are in flight or waiting to be written at any time, so
memory stays flat however long the input is (:mod:`gjkcli.batch.order`).

No pair can end the run. Everything one pair's work does (reading it,
checking it, turning the check into a record, writing that record as JSON)
is guarded: a failure becomes that pair's error row, and the rest of the
chunk runs. If checking the whole chunk at once fails, its pairs are checked
one by one, so that only the one that fails is an error row. If a worker
dies (killed from outside, or a crash in a C library), its chunk is tried
again one pair at a time, so that a pair that kills its worker a second time
is known: that pair alone becomes an error row, and every other pair gets
its real record. Each pair is tried at most twice, so the run always ends.

A pair with a ``motion`` is also cast along it, in the same worker, after the
chunk's static checks (:mod:`gjkcli.verify.pair_cast`): its record gains the
``cast`` object of ``gjk cast --json``, and its status and ``agree`` follow the
cast's cross-check as well as the static one. A compound shape that turns cannot be
cast: that pair is an error row naming its ``motion``. Such pairs are never plain
(:mod:`gjkcli.batch.plain`), so they are read, one by one, the general way.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import os
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor

from gjkcli.batch.executor import ExecutorTasks
from gjkcli.batch.lane import lane_rows
from gjkcli.batch.memo import Memo, Recall
from gjkcli.batch.order import in_order
from gjkcli.batch.plain import read_plain
from gjkcli.batch.pool import Lost, WorkerPool
from gjkcli.io.answers import AnswerSlot
from gjkcli.io.discover import Item, default_name
from gjkcli.io.errors import InputError, NotAPairError
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.pairs import load_pair, pair_from_node, pair_from_text
from gjkcli.pair import Pair
from gjkcli.render.cast_record import cast_fields
from gjkcli.render.json_record import Source, check_record_text, error_record
from gjkcli.render.json_text import NotJSONError, json_text
from gjkcli.verify.check import Check, check_pair, check_pairs, check_status
from gjkcli.verify.expect import ExpectSettings
from gjkcli.verify.pair_cast import CastRefusedError, PairCast, cast_pair, with_cast
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
    note: Callable[[str], None] = lambda message: None,
    columnar: bool | None = None,
    executor: Executor | None = None,
    part_size: int | None = None,
    settings: ExpectSettings | None = None,
    observe: Callable[[Outcome], None] = lambda outcome: None,
) -> Summary:
    """Check every item, ``write`` each record in input order, and return the summary.

    With ``strict``, a pair with warnings (a run cut short, a loose
    certificate) fails like a disagreement. Without ``executor``, with one
    worker the pairs are checked in this process; with more, in that many
    worker processes (:class:`~gjkcli.batch.pool.WorkerPool`), which are
    stopped at once if the run ends early (an exception, or ``fail_fast``).
    With ``executor`` (any :class:`concurrent.futures.Executor`: its
    function and arguments must pickle for a process pool or a cluster),
    the chunks are checked there, ``workers`` saying how many it runs at
    once: up to twice as many are submitted, and the chunks not started are
    cancelled if the run ends early; the executor itself is left running.
    ``warn`` hears of each chunk whose worker died, or whose task failed
    (its pairs are then checked one by one); ``note`` of the first pair's note
    (GeoJSON in longitude/latitude), which is not a warning and fails nothing.
    ``columnar`` (by default, unless :data:`ENVIRONMENT` is ``per-pair``) reads the
    plain pairs of each chunk together (:func:`check_chunk`). ``write`` is given a
    chunk's records at once, one a line (``\\n`` between them, none after the last).
    ``progress`` hears of the summary after each chunk; with ``part_size``, no chunk spans two parts
    of that many items (pairs, and files skipped), so that ``progress`` also
    hears of the end of each part. ``settings`` say how the pairs' expectations and
    answers are judged (:mod:`gjkcli.verify.expect`; ``--precision double`` by
    default); ``observe`` hears of each pair's outcome, in input order.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> pair = '{"a": "POINT (0 0)", "b": "POINT (3 4)"}'
    >>> lines = [Item("in.jsonl", 1, pair), Item("in.jsonl", 2, "{")]
    >>> written = []
    >>> with ThreadPoolExecutor(2) as pool:
    ...     summary = run_batch(
    ...         lines, workers=2, fail_fast=False, write=written.append, executor=pool
    ...     )
    >>> summary.pairs, summary.passed, summary.errors, len("\\n".join(written).split("\\n"))
    (2, 1, 1, 2)
    """
    if columnar is None:
        columnar = os.environ.get(ENVIRONMENT, "").strip().lower() != "per-pair"
    summary = Summary()
    start = time.perf_counter()
    chunks = _chunks(items, CHUNK, part_size)
    rows = _rows(
        chunks,
        functools.partial(
            check_chunk, strict=strict, columnar=columnar, settings=settings, run=uuid.uuid4().hex
        ),
        workers,
        executor,
        warn,
    )
    noted = False
    try:
        for chunk_rows in rows:
            lines = []  # the chunk's records, written at once
            for line, outcome in chunk_rows:
                if outcome.kind != "skipped":
                    lines.append(line)
                    observe(outcome)
                if outcome.notes and not noted:  # once a run: each record has its own
                    noted = True
                    note(f"{outcome.notes[0]} (further notes are in the records' notes)")
                summary.add(outcome)
                if fail_fast and outcome.failed:
                    summary.stopped_early = True
                    break
            if lines:
                write("\n".join(lines))
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


def check_chunk(
    chunk: list[Item],
    strict: bool = False,
    columnar: bool = True,
    settings: ExpectSettings | None = None,
    run: str | None = None,
) -> list[Row]:
    """Load and check a chunk of items; one row per item, in order (runs in a worker).

    With ``columnar``, the plain pairs of JSON Lines are read together
    (:mod:`gjkcli.batch.plain`), and the rest one by one; with ``columnar`` and ``run``
    (a name for the run, fresh for each), a pair checked in an earlier chunk of that
    run gets its row from that one's (:mod:`gjkcli.batch.memo`). The records are the
    same either way. It does not raise: whatever fails for one item is that item's
    error row.
    """
    rows: list[Row | None] = [None] * len(chunk)
    pairs: list[Pair] = []
    places: list[int] = []
    settings = settings or ExpectSettings()
    recalls: dict[int, Recall] = {}  # the pairs to remember, by place
    if columnar:
        rows = _lane(chunk, settings)
    rest = [index for index, row in enumerate(rows) if row is None]
    if columnar and run is not None:
        rest = _recalled(chunk, rest, rows, recalls, settings=settings, strict=strict, run=run)
    plain = _read_plain([chunk[index] for index in rest]) if columnar else [None] * len(chunk)
    for index, read in zip(rest, plain, strict=True):
        item = chunk[index]
        try:
            pair = read or _load(item)
            pairs.append(pair if item.answer is None else _answered(pair, item.answer))
            places.append(index)
        except NotAPairError as error:
            rows[index] = (
                (
                    "",
                    Outcome(
                        "skipped", False, default_name(item), item.file, item.line, (error.message,)
                    ),
                )
                if item.searched
                else _error_row(item, default_name(item), error)
            )
        except InputError as error:
            rows[index] = _error_row(item, default_name(item), error)
        except Exception as error:  # a bug in the loaders: this pair's row, not the run's end
            rows[index] = _internal_error_row(item, default_name(item), "while reading", error)
    try:
        checks: list[Check | Exception] = list(check_pairs(pairs, settings=settings))
    except Exception:  # a bug in one pair: find it, keep the others
        checks = [_check_alone(pair, settings) for pair in pairs]
    for index, pair, check in zip(places, pairs, checks, strict=True):
        item = chunk[index]
        if isinstance(check, Exception):
            rows[index] = _internal_error_row(item, pair.name, "", check)
            continue
        try:
            cast = None if pair.motion is None else cast_pair(pair, settings)
        except CastRefusedError as error:
            rows[index] = _error_row(
                item, pair.name, InputError(_where(item), "motion", str(error))
            )
            continue
        except Exception as error:  # a bug in the cast: this pair's row, not the run's end
            rows[index] = _internal_error_row(item, pair.name, "while casting", error)
            continue
        try:
            row = _check_row(item, check, strict, cast)
        except Exception as error:  # the record could not be made, or written as JSON
            rows[index] = _internal_error_row(item, pair.name, "in its record", error)
            continue
        rows[index] = row
        if index in recalls and cast is None:
            MEMO.put(recalls[index], item, row)
    return [row for row in rows if row is not None]


MEMO = Memo()
"""This process's memory of the pairs it has checked (:mod:`gjkcli.batch.memo`)."""


def _recalled(
    chunk: list[Item],
    rest: list[int],
    rows: list[Row | None],
    recalls: dict[int, Recall],
    *,
    settings: ExpectSettings,
    strict: bool,
    run: str,
) -> list[int]:
    """Of the places ``rest``, those still to check: a pair checked before (in an
    earlier chunk of the run ``run``) gets its row from that one's; what the memory
    knows each other pair by, if it may be remembered, is put in ``recalls``."""
    left = []
    for index in rest:
        item = chunk[index]
        recall = MEMO.recall(item, settings, strict, run)
        row = None if recall is None else MEMO.row(recall, item)
        if row is not None:
            rows[index] = row
            continue
        if recall is not None:
            recalls[index] = recall
        left.append(index)
    return left


def _lane(chunk: list[Item], settings: ExpectSettings) -> list[Row | None]:
    """The rows of the pairs the columnar lane answers (:mod:`gjkcli.batch.lane`), ``None``
    for the rest (and for every pair, should the lane meet anything unexpected: the
    general way then checks them all)."""
    try:
        answered = lane_rows(chunk, settings)
    except Exception:  # a bug in the lane: the general way still checks every pair
        return [None] * len(chunk)
    return [
        None
        if found is None
        else (found[0], Outcome("agree", False, found[1], item.file, item.line, (), False, ()))
        for found, item in zip(answered, chunk, strict=True)
    ]


def _read_plain(chunk: list[Item]) -> list[Pair | None]:
    """The plain pairs of a chunk, read together; ``None`` where the general way must read
    (and anything unexpected sends every pair the general way)."""
    try:
        return read_plain(chunk, [default_name(item) for item in chunk])
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
    return pair_from_node(
        Node(parse_json(item.text, where, one_line=True), where), default_name(item)
    )


def _answered(pair: Pair, slot: AnswerSlot) -> Pair:
    """The pair with its engine's answer (or why it has none); an answer that cannot be
    read makes the pair an error row naming the answers file."""
    if slot.problem is not None:
        raise InputError(*slot.problem)
    return dataclasses.replace(pair, answer=slot.answer, answer_missing=slot.missing)


def _check_alone(pair: Pair, settings: ExpectSettings) -> Check | Exception:
    try:
        return check_pair(pair, settings=settings)
    except Exception as error:
        return error


def _check_row(item: Item, check: Check, strict: bool, cast: PairCast | None = None) -> Row:
    """The row of a checked pair, written straight from the check
    (:func:`~gjkcli.render.json_record.check_record_text`); a moving pair's ``cast`` is
    folded into its check (its status, ``agree`` and reasons follow both) and its record
    gains the ``cast`` object that ``gjk cast --json`` prints after its start (FORMATS
    section 4, ``gjk batch --json``)."""
    fields = None
    if cast is not None:
        check = with_cast(check, cast)
        motion = check.pair.motion
        assert motion is not None  # a cast is made only for a pair with a motion
        fields = cast_fields(cast.check, motion)
    line = check_record_text(check, _source(item), strict, fields)
    _, reasons = check_status(check, strict)
    expect_failed = check.expect is not None and not check.expect.ok
    warned = strict and bool(check.warnings)
    outcome = Outcome(
        "agree" if check.agree else "disagree",
        expect_failed,
        check.pair.name,
        item.file,
        item.line,
        reasons,
        warned,
        check.pair.notes,
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
    pair's file already, only the place and the problem (and the file, when the problem
    is in another: an answers file)."""
    line = json_text(error_record(name, str(error), _source(item)))
    reason = f"{error.place}: {error.message}" if error.place else error.message
    if error.file != _where(item):
        reason = str(error)
    return line, Outcome("error", False, name, item.file, item.line, (reason,))


def _source(item: Item) -> Source:
    return Source(item.file, item.line)


def _where(item: Item) -> str:
    return item.file if item.line is None else f"{item.file}:{item.line}"


def _chunks(items: Iterable[Item], size: int, part_size: int | None = None) -> Iterator[list[Item]]:
    """Chunks of ``size`` items; none spans two parts of ``part_size`` items.

    >>> [len(chunk) for chunk in _chunks([Item("a.json")] * 7, 2, part_size=5)]
    [2, 2, 1, 2]
    """
    iterator = iter(items)
    left = part_size or 0  # items left in the part (0: no parts)
    while chunk := list(itertools.islice(iterator, min(size, left) if left else size)):
        yield chunk
        if part_size:
            left = left - len(chunk) or part_size


def _rows(
    chunks: Iterator[list[Item]],
    work: Callable[[list[Item]], list[Row]],
    workers: int,
    executor: Executor | None,
    warn: Callable[[str], None],
) -> Iterator[list[Row]]:
    """Each chunk's rows in input order: on ``executor`` if given, else in this process
    (one worker) or in a :class:`~gjkcli.batch.pool.WorkerPool`."""
    if executor is not None:
        return _in_executor(chunks, work, executor, workers, warn)
    return _in_workers(chunks, work, workers, warn) if workers > 1 else map(work, chunks)


def _in_workers(
    chunks: Iterator[list[Item]],
    work: Callable[[list[Item]], list[Row]],
    workers: int,
    warn: Callable[[str], None],
) -> Iterator[list[Row]]:
    """Each chunk's rows, in input order, computed by up to ``workers`` processes
    (:func:`~gjkcli.batch.order.in_order`: at most ``2 * workers`` chunks read ahead, lost
    chunks tried again one pair at a time). Closing the generator (or an exception)
    stops the workers at once.
    """
    with WorkerPool(work, workers) as pool:
        yield from in_order(chunks, pool, 2 * workers, _warner(warn), _lost_row)


def _in_executor(
    chunks: Iterator[list[Item]],
    work: Callable[[list[Item]], list[Row]],
    executor: Executor,
    workers: int,
    warn: Callable[[str], None],
) -> Iterator[list[Row]]:
    """Each chunk's rows, in input order, computed on ``executor``, with up to
    ``2 * workers`` chunks submitted (:func:`~gjkcli.batch.order.in_order`). Closing the
    generator cancels the chunks that have not started."""
    with ExecutorTasks(executor, work, 2 * workers) as tasks:
        yield from in_order(chunks, tasks, 2 * workers, _warner(warn), _lost_row)


def _warner(warn: Callable[[str], None]) -> Callable[[list[Item], Lost], None]:
    """What ``warn`` hears of a chunk whose work was lost."""

    def lost_chunk(chunk: list[Item], lost: Lost) -> None:
        warn(
            f"a worker process {lost.reason} while checking {_span(chunk)}; "
            "its pairs are checked again, one by one"
        )

    return lost_chunk


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
    return _error_row(
        item, default_name(item), InputError(_where(item), "", f"internal error: {reason}")
    )
