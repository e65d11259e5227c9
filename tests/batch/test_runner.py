"""The batch runner: order, errors as rows, fail-fast, bounded memory, vectorized Shapely."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shapely

from gjkcli.batch import runner
from gjkcli.batch.runner import CHUNK, run_batch
from gjkcli.io.discover import Item
from gjkcli.verify.check import check_pair
from gjkcli.verify.tally import Summary

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
    written: list[str] = []
    summary = run_batch(items, workers=workers, fail_fast=fail_fast, write=written.append)
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
    assert (summary.pairs, summary.agreed, summary.errors, summary.failed_expectations) == (
        5,
        3,
        2,
        1,
    )
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


def test_input_is_consumed_only_a_few_chunks_ahead() -> None:
    consumed = 0

    def endless() -> Iterator[Item]:
        nonlocal consumed
        while True:
            consumed += 1
            yield Item("endless.jsonl", consumed, GOOD)

    written = 0
    workers = 2

    def write(line: str) -> None:
        nonlocal written
        written += 1

    def stop_after_first_chunks(summary: Summary) -> None:
        if summary.pairs >= 2 * CHUNK:
            raise KeyboardInterrupt  # stands for the user stopping a long run

    with pytest.raises(KeyboardInterrupt):
        run_batch(
            endless(),
            workers=workers,
            fail_fast=False,
            write=write,
            progress=stop_after_first_chunks,
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

    def fragile(pair: Any, trace: bool = False) -> Any:
        if pair.name == "wrong":
            raise ZeroDivisionError("boom")
        return real(pair, trace)

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
    records, summary = run(lines_of([GOOD, WRONG_EXPECT, GOOD]))
    assert [r["error"] is None for r in records] == [True, False, True]
    assert "internal error while reading: ValueError: boom" in records[1]["error"]
    assert summary.errors == 1 and summary.pairs == 3
