"""The batch runner: order, errors as rows, fail-fast, bounded memory, vectorized Shapely."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import shapely

from gjkcli.batch import runner
from gjkcli.batch.runner import CHUNK, Row, run_batch
from gjkcli.io.discover import Item
from gjkcli.verify.check import check_pair, check_pairs
from gjkcli.verify.tally import Outcome, Summary
from tests.helpers import Records

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

GOOD = (
    '{"a": {"type": "circle", "center": [0, 0], "radius": 1}, "b": {"type": "point", "at": [3, 0]}}'
)
WRONG_EXPECT = (
    '{"name": "wrong", "a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [1, 0]},'
    ' "expect": {"distance": 2}}'
)


def lines_of(texts: list[str]) -> Iterator[Item]:
    return (Item("stream.jsonl", number, text) for number, text in enumerate(texts, 1))


def run(
    items: Iterator[Item], workers: int = 1, fail_fast: bool = False
) -> tuple[list[dict[str, Any]], Summary]:
    written = Records()
    summary = run_batch(items, workers=workers, fail_fast=fail_fast, write=written.write)
    return [json.loads(line) for line in written], summary


def test_errors_are_rows_and_the_rest_still_runs() -> None:
    records, summary = run(
        lines_of(
            [
                GOOD,
                '{"a": 1,',
                GOOD,
                '{"a": {"type": "point", "at": [NaN, 0]}, "b": "POINT (0 0)"}',
                WRONG_EXPECT,
            ]
        )
    )
    assert [r.get("error") is None for r in records] == [True, False, True, False, True]
    assert records[1]["error"].startswith("stream.jsonl:2: column 9: invalid JSON")
    assert (
        records[3]["error"] == "stream.jsonl:4: a.at[0]: NaN is not allowed: numbers must be finite"
    )
    assert [r["source"] for r in records][:2] == [
        {"file": "stream.jsonl", "line": 1},
        {"file": "stream.jsonl", "line": 2},
    ]
    counts = (summary.pairs, summary.passed, summary.failed, summary.errors)
    assert counts == (5, 2, 1, 2)  # every pair once: passed + failed + errors == pairs
    assert (summary.failed_expectations, summary.disagreed) == (1, 0)
    assert summary.exit_status == 2
    assert [f.name for f in summary.failures] == ["stream:2", "stream:4", "wrong"]


def test_fail_fast_stops_at_the_first_failure() -> None:
    records, summary = run(lines_of([GOOD, GOOD, WRONG_EXPECT, GOOD, GOOD]), fail_fast=True)
    assert len(records) == 3 and records[-1]["name"] == "wrong"
    assert summary.stopped_early and summary.pairs == 3


def test_workers_keep_input_order_and_content() -> None:
    texts = [GOOD.replace("[3, 0]", f"[{3 + k % 7}, {k % 5}]") for k in range(3 * CHUNK + 17)]
    texts[100] = WRONG_EXPECT
    one, _ = run(lines_of(texts), workers=1)
    two, _ = run(lines_of(texts), workers=2)
    assert one == two
    assert [r["source"]["line"] for r in two] == list(range(1, len(texts) + 1))


@pytest.mark.parametrize("executor", [None, ThreadPoolExecutor])
def test_input_is_consumed_only_a_few_chunks_ahead(
    executor: type[ThreadPoolExecutor] | None,
) -> None:
    """With the local pool, or any executor: at most two chunks per worker in flight."""
    consumed = 0

    def endless() -> Iterator[Item]:
        nonlocal consumed
        while True:
            consumed += 1
            yield Item("endless.jsonl", consumed, GOOD)

    written = 0
    workers = 2

    def write(text: str) -> None:  # a chunk's records, a line each
        nonlocal written
        written += text.count("\n") + 1

    def stop_after_first_chunks(summary: Summary) -> None:
        if summary.pairs >= 2 * CHUNK:
            raise KeyboardInterrupt  # stands for the user stopping a long run

    with contextlib.ExitStack() as stack, pytest.raises(KeyboardInterrupt):
        pool = None if executor is None else stack.enter_context(executor(workers))
        run_batch(
            endless(),
            workers=workers,
            fail_fast=False,
            write=write,
            progress=stop_after_first_chunks,
            executor=pool,
        )
    # Bounded read-ahead: what was read is what was written plus the chunks in flight.
    assert written == 2 * CHUNK
    assert consumed <= written + (2 * workers + 1) * CHUNK


def test_shapely_is_called_once_per_chunk_not_once_per_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = shapely.intersects

    def counting(a: Any, b: Any, **kwargs: Any) -> Any:
        calls.append(len(a))
        return real(a, b, **kwargs)

    monkeypatch.setattr(shapely, "intersects", counting)
    run(lines_of([GOOD] * (CHUNK + 10)))
    assert calls == [CHUNK, 10]


def test_a_bug_in_one_pair_is_an_error_row_for_that_pair_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = check_pair

    def fragile(pair: Any, trace: bool = False, **more: Any) -> Any:
        if pair.name == "wrong":
            raise ZeroDivisionError("boom")
        return real(pair, trace, **more)

    def always_fails(pairs: Any, trace: bool = False) -> Any:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(runner, "check_pairs", always_fails)
    monkeypatch.setattr(runner, "check_pair", fragile)
    records, summary = run(lines_of([GOOD, WRONG_EXPECT, GOOD]))
    assert records[1]["error"] == "stream.jsonl:2: internal error: ZeroDivisionError: boom"
    assert records[0]["error"] is None and records[2]["error"] is None
    assert summary.errors == 1 and summary.pairs == 3


def test_files_found_in_folders_that_hold_one_shape_are_skipped(tmp_path: Path) -> None:
    shape = tmp_path / "circle.json"
    shape.write_text('{"type": "circle", "center": [0, 0], "radius": 1}')
    searched, summary = run(iter([Item(str(shape), searched=True), *lines_of([GOOD])]))
    assert len(searched) == 1 and summary.skipped == 1 and summary.exit_status == 0
    named, summary = run(iter([Item(str(shape))]))
    assert "holds one shape, not a pair" in named[0]["error"] and summary.exit_status == 2


def test_a_run_that_finds_no_pairs_fails() -> None:
    # a mistyped path or --glob must not pass a CI job
    records, summary = run(iter([]))
    assert records == [] and summary.pairs == 0 and summary.exit_status == 2


def test_a_shape_on_a_line_of_a_stream_is_an_error_that_says_so() -> None:
    records, summary = run(lines_of(['{"type": "circle", "center": [0, 0], "radius": 1}', GOOD]))
    assert records[0]["error"].startswith("stream.jsonl:1: holds one shape, not a pair")
    assert summary.errors == 1 and summary.pairs == 2


def test_a_byte_order_mark_after_the_first_line_is_named_as_such() -> None:
    records, summary = run(lines_of([GOOD, "\ufeff" + GOOD]))
    assert records[1]["error"] == (
        "stream.jsonl:2: column 1: invalid JSON: a byte order mark (U+FEFF), "
        "allowed only where a file starts"
    )
    assert summary.errors == 1


def test_every_bad_input_class_is_a_row_in_a_stream() -> None:
    from tests.bad_inputs import BAD_INPUTS

    lines = [bad.content.decode("utf-8", "replace") for bad in BAD_INPUTS if bad.suffix == ".json"]
    lines = [line for line in lines if "\n" not in line.strip()]  # one record per line
    records, summary = run(lines_of([GOOD, *lines, GOOD]))
    assert len(records) == len(lines) + 2
    assert records[0]["error"] is None and records[-1]["error"] is None
    assert summary.errors == len(lines)
    assert not [r["error"] for r in records[1:-1] if r["error"] and "internal" in r["error"]]


def test_a_loader_bug_is_a_row_not_the_end_of_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from gjkcli.io.pairs import pair_from_node as real

    def fragile(node: Any, name: str) -> Any:
        if isinstance(node.value, dict) and node.value.get("name") == "wrong":
            raise ValueError("boom")
        return real(node, name)

    monkeypatch.setattr(runner, "pair_from_node", fragile)
    monkeypatch.setenv(runner.ENVIRONMENT, "per-pair")  # plain lines do not need that loader
    records, summary = run(lines_of([GOOD, WRONG_EXPECT, GOOD]))
    assert [r["error"] is None for r in records] == [True, False, True]
    assert "internal error while reading: ValueError: boom" in records[1]["error"]
    assert summary.errors == 1 and summary.pairs == 3


# A worker that dies: the functions a worker runs are found by name in a fresh
# interpreter, so they live at the top of this module.


def _row(item: Item) -> Row:
    return (item.text or "", Outcome("agree", False, item.text or "", item.file, item.line))


def die_on_deadly_chunks(chunk: list[Item]) -> list[Row]:
    """Kill the worker (as the out-of-memory killer would) for a chunk of several items
    that holds "deadly"; alone, every item is fine."""
    if len(chunk) > 1 and any(item.text == "deadly" for item in chunk):
        os.kill(os.getpid(), signal.SIGKILL)
    return [_row(item) for item in chunk]


def die_on_deadly_items(chunk: list[Item]) -> list[Row]:
    """Kill the worker whenever "deadly" is in the chunk, even alone."""
    if any(item.text == "deadly" for item in chunk):
        os.kill(os.getpid(), signal.SIGKILL)
    return [_row(item) for item in chunk]


def chunks_of(texts: list[str], size: int) -> Iterator[list[Item]]:
    items = list(lines_of(texts))
    return iter([items[start : start + size] for start in range(0, len(items), size)])


@posix_only
def test_a_chunk_whose_worker_died_is_checked_again_one_pair_at_a_time() -> None:
    texts = [f"p{k}" for k in range(12)]
    texts[5] = "deadly"
    warnings: list[str] = []
    rows = runner._in_workers(chunks_of(texts, 4), die_on_deadly_chunks, 2, warnings.append)
    lines = [line for chunk in rows for line, _ in chunk]
    assert lines == texts  # every pair's own row, in order, once
    assert warnings == [
        "a worker process was killed by signal 9 (SIGKILL) while checking stream.jsonl:5 "
        "to stream.jsonl:8 (4 pairs); its pairs are checked again, one by one"
    ]


@posix_only
def test_a_pair_that_kills_its_worker_twice_is_an_error_row_and_the_rest_still_run() -> None:
    texts = [f"p{k}" for k in range(12)]
    texts[5] = "deadly"
    rows = runner._in_workers(chunks_of(texts, 4), die_on_deadly_items, 2, lambda message: None)
    lines = [line for chunk in rows for line, _ in chunk]
    assert lines[:5] + lines[6:] == texts[:5] + texts[6:]
    message = (
        "stream.jsonl:6: internal error: its worker process was killed by signal 9 "
        "(SIGKILL) while checking this pair (tried twice)"
    )
    assert json.loads(lines[5]) == {
        "schema": 2,
        "name": "stream:6",
        "source": {"file": "stream.jsonl", "line": 6},
        "status": "error",
        "reasons": [message],
        "error": message,
    }


NAN_PAIR = (
    '{"a": {"type": "ellipse", "center": [1e11, 0], "radii": [1, 0.01], "rotation": 30}, '
    '"b": {"type": "circle", "center": [1e11, 5], "radius": 1}}'
)


def strict_json(line: str) -> dict[str, Any]:
    """A record parsed as strict JSON: no NaN or infinity, no lone surrogate."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    line.encode("utf-8")  # a lone surrogate would not encode
    record: dict[str, Any] = json.loads(line, parse_constant=refuse)
    return record


def test_a_record_that_json_cannot_hold_is_that_pairs_error_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A NaN in one record used to end the whole run (json.dumps raising in the worker).
    # The NaN is put in the check itself, where the record is written from.
    def with_nan(pairs: Any, *args: Any, **kwargs: Any) -> list[Any]:
        checks = check_pairs(pairs, *args, **kwargs)
        return [
            dataclasses.replace(
                check, shapely=dataclasses.replace(check.shapely, approximation_error=math.nan)
            )
            if check.pair.name == "wrong"
            else check
            for check in checks
        ]

    monkeypatch.setattr(runner, "check_pairs", with_nan)
    written = Records()
    summary = run_batch(
        lines_of([GOOD, WRONG_EXPECT, GOOD]), workers=1, fail_fast=False, write=written.write
    )
    records = [strict_json(line) for line in written]
    message = (
        "stream.jsonl:2: internal error in its record: NaN at "
        "shapely.approximation_error cannot be written as JSON"
    )
    assert records[1] == {
        "schema": 2,
        "name": "wrong",
        "source": {"file": "stream.jsonl", "line": 2},
        "status": "error",
        "reasons": [message],
        "error": message,
    }
    assert records[0]["agree"] and records[2]["agree"]
    assert (summary.pairs, summary.errors, summary.passed) == (3, 1, 2)


def test_any_failure_in_one_pairs_record_is_that_pairs_row_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gjkcli.render.json_record import check_record_text as real

    def fragile(check: Any, *args: Any, **kwargs: Any) -> str:
        if check.pair.name == "wrong":
            raise RuntimeError("boom")
        return real(check, *args, **kwargs)

    monkeypatch.setattr(runner, "check_record_text", fragile)
    records, summary = run(lines_of([GOOD, WRONG_EXPECT, GOOD]))
    assert records[1]["error"] == "stream.jsonl:2: internal error in its record: RuntimeError: boom"
    assert records[0]["error"] is None and records[2]["error"] is None
    assert summary.errors == 1 and summary.pairs == 3


@pytest.mark.parametrize("workers", [1, 2])
def test_a_curved_pair_far_from_the_origin_does_not_end_the_run(workers: int) -> None:
    # The real reproducer of issue 13: its curve bound came out NaN. Whatever its record
    # says, it is strict JSON, and every other pair still has its row.
    texts = [GOOD] * 3 + [NAN_PAIR] + [GOOD] * 3
    written = Records()
    summary = run_batch(lines_of(texts), workers=workers, fail_fast=False, write=written.write)
    records = [strict_json(line) for line in written]
    assert [r["source"]["line"] for r in records] == list(range(1, 8))
    assert all(r["agree"] for k, r in enumerate(records) if k != 3)
    assert summary.pairs == 7


def test_lone_surrogates_in_names_and_keys_give_strict_json_rows() -> None:
    texts = [
        '{"name": "a\\ud800b", "a": {"type": "point", "at": [0, 0]}, "b": "POINT (1 0)"}',
        '{"name": "c", "a": {"type": "point", "at": [0, 0]}, "\\udcff": 1}',
    ]
    written = Records()
    summary = run_batch(lines_of(texts), workers=1, fail_fast=False, write=written.write)
    first, second = (strict_json(line) for line in written)
    assert first["name"] == "a\\ud800b" and first["agree"]
    valid = "; valid keys: a, b, name, expect, motion, extra, source, id, meta"
    assert second["error"] == "stream.jsonl:2: \\udcff: unknown key for a pair" + valid
    assert [failure.reason for failure in summary.failures] == [
        "\udcff: unknown key for a pair" + valid
    ]


def test_a_feature_collection_of_two_is_a_pair_on_a_line_too() -> None:
    def feature(x: int) -> dict[str, Any]:
        return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [x, 0]}}

    def collection(*features: dict[str, Any]) -> str:
        return json.dumps({"type": "FeatureCollection", "features": list(features)})

    records, summary = run(lines_of([collection(feature(0), feature(3)), collection(feature(0))]))
    assert records[0]["agree"] and records[0]["gjk"]["distance"] == 3.0
    assert records[1]["error"].startswith("stream.jsonl:2: holds one shape (a FeatureCollection")
    assert summary.errors == 1
