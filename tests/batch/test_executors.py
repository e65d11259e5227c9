"""A batch on any ``concurrent.futures.Executor``: the same records as the local pool, in
input order, with bounded read-ahead; a lost chunk checked again pair by pair; an executor
that cannot go on ends the run with one line."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import pytest

from gjkcli.batch import runner
from gjkcli.batch.executor import ExecutorTasks
from gjkcli.batch.pool import WorkersFailedError
from gjkcli.batch.runner import CHUNK, Row, run_batch
from gjkcli.io.discover import Item
from gjkcli.verify.tally import Summary
from tests.batch.test_runner import (
    GOOD,
    WRONG_EXPECT,
    _row,
    chunks_of,
    die_on_deadly_chunks,
    lines_of,
    posix_only,
)
from tests.helpers import Records

T = TypeVar("T")

MIXED = [GOOD.replace("[3, 0]", f"[{3 + k % 7}, {k % 5}]") for k in range(2 * CHUNK + 9)]
MIXED[7], MIXED[300], MIXED[301] = WRONG_EXPECT, '{"a": 1,', '{"a": "POINT (0 0)"}'


def records(executor: Executor | None, workers: int) -> tuple[list[str], Summary]:
    written = Records()
    summary = run_batch(
        lines_of(MIXED), workers=workers, fail_fast=False, write=written.write, executor=executor
    )
    return written, summary


@pytest.fixture(scope="module")
def in_this_process() -> tuple[list[str], Summary]:
    return records(None, 1)


def test_a_thread_pool_gives_the_same_records_in_order(
    in_this_process: tuple[list[str], Summary],
) -> None:
    with ThreadPoolExecutor(3) as pool:
        written, summary = records(pool, 3)
    assert written == in_this_process[0]
    assert summary.errors == 2 and summary.failed_expectations == 1
    assert summary.failures == in_this_process[1].failures


def test_a_process_pool_gives_the_same_records_in_order(
    in_this_process: tuple[list[str], Summary],
) -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        written, _ = records(pool, 2)
    assert written == in_this_process[0]


class DyingWorkers(Executor):
    """Runs each task at once in this thread, except that a chunk of several items holding
    "deadly" (or with ``always``, any chunk holding it) fails as a dead process pool's
    task does, with :class:`BrokenProcessPool`."""

    def __init__(self, always: bool = False) -> None:
        self.always = always

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        chunk = args[0]
        if any(item.text == "deadly" for item in chunk) and (self.always or len(chunk) > 1):
            future.set_exception(BrokenProcessPool("a worker was terminated abruptly"))
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def echo(chunk: list[Item]) -> list[Row]:
    return [_row(item) for item in chunk]


def run_on(executor: Executor, texts: list[str], warnings: list[str]) -> list[str]:
    rows = runner._in_executor(chunks_of(texts, 4), echo, executor, 2, warnings.append)
    return [line for chunk in rows for line, _ in chunk]


def test_a_chunk_whose_task_failed_is_checked_again_one_pair_at_a_time() -> None:
    texts = [f"p{k}" for k in range(12)]
    texts[5] = "deadly"
    warnings: list[str] = []
    lines = run_on(DyingWorkers(), texts, warnings)
    assert lines == texts  # every pair's own row, in order, once
    assert warnings == [
        "a worker process died (BrokenProcessPool: a worker was terminated abruptly) while "
        "checking stream.jsonl:5 to stream.jsonl:8 (4 pairs); its pairs are checked again, "
        "one by one"
    ]


def test_a_pair_lost_twice_is_an_error_row_and_the_rest_still_run() -> None:
    texts = [f"p{k}" for k in range(12)]
    texts[5] = "deadly"
    lines = run_on(DyingWorkers(always=True), texts, [])
    assert lines[:5] + lines[6:] == texts[:5] + texts[6:]
    assert json.loads(lines[5])["error"] == (
        "stream.jsonl:6: internal error: its worker process died (BrokenProcessPool: a "
        "worker was terminated abruptly) while checking this pair (tried twice)"
    )


@posix_only
def test_a_process_pool_broken_by_a_dead_worker_ends_the_run_with_one_line() -> None:
    # A process pool refuses all work once one of its workers has died: the run cannot go
    # on there, and says so rather than turning every pair left into an error row.
    texts = ["deadly", *(f"p{k}" for k in range(40))]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool, pytest.raises(WorkersFailedError) as e:
        list(runner._in_executor(chunks_of(texts, 4), die_on_deadly_chunks, pool, 2, print))
    assert str(e.value).startswith("the executor keeps failing: 8 tasks in a row")
    assert "BrokenProcessPool" in str(e.value) and "\n" not in str(e.value)


def test_closing_cancels_the_tasks_not_started() -> None:
    with ThreadPoolExecutor(1) as pool:
        tasks: ExecutorTasks[float, None] = ExecutorTasks(pool, _sleep, 3)
        for key in range(3):
            tasks.submit(key, 0.2)
        waiting = list(tasks._futures)
        tasks.close()
        assert not tasks.busy and [future.cancelled() for future in waiting][1:] == [True, True]


def _sleep(seconds: float) -> None:
    import time

    time.sleep(seconds)
