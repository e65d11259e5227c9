"""The worker pool: results by key, a dead worker's task lost (never a hang), signals in
workers, closing at once, and workers that keep dying."""

from __future__ import annotations

import gc
import os
import signal
import sys
import time
from typing import TypeVar

import pytest

from gjkcli.batch.pool import (
    COLLECT_EVERY,
    WORKER_THREADS,
    Lost,
    WorkerPool,
    WorkersFailedError,
    death_limit,
)

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

A = TypeVar("A")
R = TypeVar("R")


# The functions a worker runs are found by name, in a fresh interpreter: they live here,
# at the top of the module, not inside the tests.


def die_on_zero(value: int) -> int:
    """``100 // value``, except that 0 kills the worker (as the out-of-memory killer would)."""
    if value == 0:
        os.kill(os.getpid(), signal.SIGKILL)
    return 100 // value


def divide(value: int) -> int:
    return 100 // value


def always_die(value: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return value


def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def dispositions(value: int) -> tuple[object, object]:
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)


def settings(name: str) -> tuple[str | None, int]:
    """The worker's value of the environment variable ``name`` and its collector's first
    threshold."""
    return os.environ.get(name), gc.get_threshold()[0]


def collect(pool: WorkerPool[A, R], tasks: dict[int, A]) -> dict[int, R | Lost]:
    """Submit ``tasks`` (key: argument) as workers free up; every result, by key."""
    done: dict[int, R | Lost] = {}
    waiting = list(tasks.items())
    while len(done) < len(tasks):
        while waiting and pool.free:
            pool.submit(*waiting.pop(0))
        done.update(pool.finished())
    return done


@posix_only
def test_a_dead_worker_loses_only_its_task_and_is_replaced() -> None:
    with WorkerPool(die_on_zero, 2) as pool:
        done = collect(pool, {1: 5, 2: 0, 3: 20, 4: 50})
    assert done == {1: 20, 2: Lost("was killed by signal 9 (SIGKILL)"), 3: 5, 4: 2}


def test_a_task_that_raises_is_lost_with_what_it_raised_and_the_worker_lives_on() -> None:
    with WorkerPool(divide, 1) as pool:
        done = collect(pool, {1: 0, 2: 4})
    assert isinstance(done[1], Lost) and done[1].reason.startswith("raised ZeroDivisionError: ")
    assert done[2] == 25


@posix_only
def test_workers_that_keep_dying_end_the_run_with_a_clear_message() -> None:
    with pytest.raises(WorkersFailedError) as caught, WorkerPool(always_die, 2) as pool:
        collect(pool, dict.fromkeys(range(100), 1))
    assert str(caught.value) == (
        f"worker processes keep dying: {death_limit(2)} in a row with nothing finished "
        "in between (the last one was killed by signal 9 (SIGKILL))"
    )


@posix_only
def test_workers_ignore_ctrl_c_and_die_quietly_on_sigterm() -> None:
    # Ctrl-C and SIGTERM reach every process of the group: only the main process acts.
    with WorkerPool(dispositions, 1) as pool:
        done = collect(pool, {1: 0})
    assert done == {1: (signal.SIG_IGN, signal.SIG_DFL)}


def test_closing_early_stops_a_busy_worker_without_waiting_for_its_task() -> None:
    pool: WorkerPool[float, float] = WorkerPool(sleep, 1)
    pool.submit(1, 3600.0)
    started = time.monotonic()
    pool.close(now=True)
    assert time.monotonic() - started < 30.0  # not an hour: only a hang exceeds this bound
    assert not pool.busy and pool.free


def test_a_worker_has_one_blas_thread_unless_the_user_chose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, second = WORKER_THREADS[:2]
    monkeypatch.delenv(first, raising=False)
    monkeypatch.setenv(second, "3")  # the user's own choice is kept
    with WorkerPool(settings, 1) as pool:
        done = collect(pool, {1: first, 2: second})
    assert done == {1: ("1", COLLECT_EVERY), 2: ("3", COLLECT_EVERY)}
    assert first not in os.environ  # set for the worker's start alone
    assert gc.get_threshold()[0] != COLLECT_EVERY  # and the main process's collector as it was


class _Interrupting(dict[str, str]):
    """An environment in which setting ``name`` is interrupted (Ctrl-C where no signal
    can be held, as on Windows)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def __setitem__(self, key: str, value: str) -> None:
        if key == self.name:
            raise KeyboardInterrupt
        super().__setitem__(key, value)


def test_a_start_interrupted_while_setting_the_threads_leaves_none_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    environment = _Interrupting(WORKER_THREADS[1])
    monkeypatch.setattr(os, "environ", environment)
    pool: WorkerPool[int, int] = WorkerPool(abs, 1)
    with pytest.raises(KeyboardInterrupt), pool:
        pool.submit(1, -1)
    assert not set(WORKER_THREADS) & environment.keys()
