"""Running a batch: chunks of pairs through worker processes, results back in input order.

Each chunk (:data:`CHUNK` pairs) is loaded, checked with one vectorized
Shapely call, and turned into JSON Lines records by a worker; the main
process writes the records in input order and keeps the summary. At most two
chunks per worker are in flight at any time, so memory stays flat however
long the input is.

A pair that cannot be read becomes an error row, and so does one whose
reading fails unexpectedly (a bug). If checking a chunk fails (a bug, not
bad input), its pairs are checked one by one, and the one that fails becomes
an error row too: nothing else is lost.
"""

from __future__ import annotations

import functools
import itertools
import json
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from gjkcli.io.discover import Item
from gjkcli.io.errors import InputError, NotAPairError
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.pairs import load_pair, pair_from_node
from gjkcli.pair import Pair
from gjkcli.render.json_record import check_record, error_record
from gjkcli.verify.check import Check, check_pair, check_pairs
from gjkcli.verify.tally import Outcome, Summary

__all__ = ["CHUNK", "Row", "check_chunk", "run_batch"]

CHUNK = 256
"""Pairs per unit of work: large enough for Shapely's vectorized calls to pay off."""

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
) -> Summary:
    """Check every item, ``write`` each record in input order, and return the summary.

    With ``strict``, a pair with warnings (a run cut short, a loose
    certificate) fails like a disagreement.
    """
    summary = Summary()
    start = time.perf_counter()
    chunks = _chunks(items, CHUNK)
    work = functools.partial(check_chunk, strict=strict)
    rows = _ordered(chunks, work, workers) if workers > 1 else map(work, chunks)
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


def check_chunk(chunk: list[Item], strict: bool = False) -> list[Row]:
    """Load and check a chunk of items; one row per item, in order (runs in a worker)."""
    rows: list[Row | None] = [None] * len(chunk)
    pairs: list[Pair] = []
    places: list[int] = []
    for index, item in enumerate(chunk):
        try:
            pairs.append(_load(item))
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
            message = f"internal error while reading: {type(error).__name__}: {error}"
            rows[index] = _error_row(item, _name(item), InputError(_where(item), "", message))
    try:
        checks: list[Check | Exception] = list(check_pairs(pairs))
    except Exception:  # a bug in one pair: find it, keep the others
        checks = [_check_alone(pair) for pair in pairs]
    for index, pair, check in zip(places, pairs, checks, strict=True):
        item = chunk[index]
        if isinstance(check, Exception):
            message = f"internal error: {type(check).__name__}: {check}"
            rows[index] = _error_row(item, pair.name, InputError(_where(item), "", message))
        else:
            rows[index] = _check_row(item, check, strict)
    return [row for row in rows if row is not None]


def _load(item: Item) -> Pair:
    if item.error is not None:
        raise InputError(_where(item), "", item.error)
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
    record = _with_source(check_record(check), item)
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
    return json.dumps(record, allow_nan=False), outcome


def _error_row(item: Item, name: str, error: InputError) -> Row:
    """The record carries the full one-line message; the summary, which names the
    file already, only the place and the problem."""
    record = _with_source(error_record(name, str(error)), item)
    reason = f"{error.place}: {error.message}" if error.place else error.message
    outcome = Outcome("error", False, name, item.file, item.line, reason)
    return json.dumps(record, allow_nan=False), outcome


def _with_source(record: dict[str, object], item: Item) -> dict[str, object]:
    """The record with ``source`` right after ``name``."""
    name = record.pop("name")
    return {"name": name, "source": {"file": item.file, "line": item.line}, **record}


def _name(item: Item) -> str:
    stem = Path(item.file).stem
    return stem if item.line is None else f"{stem}:{item.line}"


def _where(item: Item) -> str:
    return item.file if item.line is None else f"{item.file}:{item.line}"


def _chunks(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    iterator = iter(items)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def _ordered(
    chunks: Iterator[list[Item]], work: Callable[[list[Item]], list[Row]], workers: int
) -> Iterator[list[Row]]:
    """Chunks checked by ``workers`` processes, results yielded in input order.

    At most ``2 * workers`` chunks are submitted ahead of the one being
    written, which bounds memory; closing the generator cancels the rest.
    """
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: deque[Future[list[Row]]] = deque()
        try:
            for chunk in chunks:
                pending.append(pool.submit(work, chunk))
                if len(pending) >= 2 * workers:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
