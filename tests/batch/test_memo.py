"""Repeated pairs (gjkcli.batch.memo): a line that repeats an earlier pair under another
name gets the record checking it again would write, without checking it again.

Each stream here is checked chunk by chunk both ways: with the memory (``check_chunk``
as ``gjk batch`` calls it) and without (``columnar=False``, the per-pair reference,
which remembers nothing), and the rows compared; the pairs actually checked are counted,
so that a memory that never answers fails too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence

import pytest

from gjkcli.batch import memo, runner
from gjkcli.corpus import generate
from gjkcli.io.discover import Item
from gjkcli.pair import Pair
from gjkcli.verify.check import check_pairs
from gjkcli.verify.expect import ExpectSettings
from gjkcli.verify.tally import Outcome


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """A fresh memory for the test, and the count of pairs checked, call by call."""
    monkeypatch.setattr(runner, "MEMO", memo.Memo())
    counts: list[int] = []

    def counting(pairs: Sequence[Pair], **options: object) -> object:
        counts.append(len(pairs))
        return check_pairs(pairs, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "check_pairs", counting)
    yield counts


def both_ways(
    lines: list[str], counts: list[int], **options: object
) -> tuple[list[runner.Row], list[runner.Row], int, int]:
    """The rows with the memory and without, and how many pairs each way checked."""
    items = [Item("repeats.jsonl", number, line) for number, line in enumerate(lines, 1)]
    remembered: list[runner.Row] = []
    general: list[runner.Row] = []
    checked_remembering = checked_general = 0
    for start in range(0, len(items), runner.CHUNK):
        chunk = items[start : start + runner.CHUNK]
        before = sum(counts)
        remembered += runner.check_chunk(chunk, run="both ways", **options)  # type: ignore[arg-type]
        checked_remembering += sum(counts) - before
        before = sum(counts)
        general += runner.check_chunk(chunk, columnar=False, **options)  # type: ignore[arg-type]
        checked_general += sum(counts) - before
    return remembered, general, checked_remembering, checked_general


def repeated(seed: int, count: int) -> list[str]:
    """Generated pairs of every family, then each again in some disguise: another plain
    name, the same name, a name with an escape, a named shape, a name written last, a
    pair with an expectation that fails; a motion; lines that are errors."""
    rng = random.Random(seed)
    pairs = list(generate(count, seed))
    lines = [json.dumps(pair) for pair in pairs]
    errors = ['{"name": "bad", "a": {"type": "circle", "radius": -1}, "b": "POINT (0 0)"}']
    motion = {
        "name": "moving",
        "a": {"type": "circle", "center": [0, 0], "radius": 1},
        "b": {"type": "circle", "center": [5, 0], "radius": 1},
        "motion": {"b": [-4, 0]},
    }
    lines += [*errors, json.dumps(motion)]
    for number, pair in enumerate(pairs):
        again = dict(pair)
        disguise = rng.randrange(7)
        if disguise == 0:
            again["name"] = f"again/{number}"
        elif disguise == 1:
            again["name"] = f'say "again" {number}'  # an escape: not remembered
        elif disguise == 2:
            again["name"] = f"shape named/{number}"
            again["a"] = (
                {**again["a"], "name": "named"} if isinstance(again["a"], dict) else again["a"]
            )
        elif disguise == 3:
            name = again.pop("name")
            again["name"] = name  # written last: not remembered
        elif disguise == 4:
            again["name"] = f"failing/{number}"
            again["expect"] = {"intersects": True, "distance": 123.0}
        lines.append(json.dumps(again))
    lines += [*errors, json.dumps({**motion, "name": "moving again"})]
    rng.shuffle(lines)
    return lines + lines[: len(lines) // 2]  # and half of it all again, in the same order


def test_repeated_pairs_get_the_records_of_checking_them_again(checked: list[int]) -> None:
    remembered, general, fewer, every = both_ways(repeated(seed=5, count=300), checked)
    assert remembered == general
    assert every - fewer >= 200  # the memory answered that many pairs


@pytest.mark.parametrize("strict", [False, True])
def test_the_memory_keeps_strict_runs_and_settings_apart(checked: list[int], strict: bool) -> None:
    lines = [json.dumps(pair) for pair in generate(64, seed=9)]
    items = [Item("repeats.jsonl", 1, line) for line in lines]
    runner.check_chunk(items, strict=not strict, run="both ways")
    loose = ExpectSettings(rtol=0.5, atol=0.5)
    for settings in (None, loose):
        remembered, general, _, _ = both_ways(lines, checked, strict=strict, settings=settings)
        assert remembered == general


def test_the_memory_forgets_the_oldest_when_full() -> None:
    remembering = memo.Memo(size=2)
    settings = ExpectSettings()
    items = [
        Item("m.jsonl", k, f'{{"name": "p{k}", "a": "POINT ({k} 0)", "b": "POINT (0 0)"}}')
        for k in range(3)
    ]
    for item in items:
        source = f'{{"file": "m.jsonl", "line": {item.line}}}'
        record = f'{{"schema": 2, "name": "p{item.line}", "source": {source}}}'
        outcome = Outcome("agree", False, f"p{item.line}", "m.jsonl", item.line)
        recall = remembering.recall(item, settings, False, "r")
        assert recall is not None
        remembering.put(recall, item, (record, outcome))
    recalls = [remembering.recall(item, settings, False, "r") for item in items]
    found = [
        None if r is None else remembering.row(r, item)
        for r, item in zip(recalls, items, strict=True)
    ]
    assert [row is not None for row in found] == [False, True, True]


def test_only_plain_names_written_first_are_remembered() -> None:
    settings = ExpectSettings()
    assert memo.plain_name('{"name": "a/1", "a": 1}') == ("a/1", '"a": 1}')
    for text in (
        '{"name": "tab\\there", "a": 1}',
        '{"name":"tight", "a": 1}',
        '{"a": 1, "name": "last"}',
        '{"name": "one", "a": {"type": "point", "name": "two"}}',
    ):
        assert memo.Memo.recall(Item("m.jsonl", 1, text), settings, False, "r") is None, text


def test_a_name_that_is_not_read_is_not_taken_for_the_pairs(checked: list[int]) -> None:
    # A FeatureCollection's "name" member is not read: the pair has its default name.
    # Written as that default name on one line, the record must not lend it to the next.
    point = (
        '{{"type": "Feature", "properties": {{}}, '
        '"geometry": {{"type": "Point", "coordinates": [{}, 0]}}}}'
    )
    pair = f'"type": "FeatureCollection", "features": [{point.format(0)}, {point.format(3)}]}}'
    filler = '{"a": {"type": "circle", "center": [0, 0], "radius": 1}, "b": "POINT (5 0)"}'
    lines = [f'{{"name": "repeats:1", {pair}', *[filler] * (runner.CHUNK - 1)]
    lines.append(f'{{"name": "zzz", {pair}')
    remembered, general, _, _ = both_ways(lines, checked)
    assert json.loads(general[-1][0])["name"] == "repeats:257"
    assert remembered == general


def test_a_run_is_not_answered_from_an_earlier_runs_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The memory outlives a run (a worker process, a thread pool, a test session): a
    # later run, here one whose records cannot be made, must check its pairs itself.
    monkeypatch.setattr(runner, "MEMO", memo.Memo())
    circle = '{"type": "circle", "center": [0, 0], "radius": 1}'
    line = f'{{"name": "p", "a": {circle}, "b": "POINT (3 0)"}}'
    items = [Item("runs.jsonl", 1, line)]
    first: list[str] = []
    runner.run_batch(items, workers=1, fail_fast=False, write=first.append)

    def broken(*args: object, **options: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(runner, "check_record_text", broken)
    second: list[str] = []
    summary = runner.run_batch(items, workers=1, fail_fast=False, write=second.append)
    assert json.loads(first[0])["error"] is None
    assert "RuntimeError: boom" in json.loads(second[0])["error"] and summary.errors == 1
