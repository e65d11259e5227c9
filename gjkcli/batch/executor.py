"""Tasks on any :class:`concurrent.futures.Executor`: a thread or process pool, a Dask cluster.

:class:`ExecutorTasks` gives an executor the interface that
:func:`gjkcli.batch.order.in_order` drives (the one
:class:`~gjkcli.batch.pool.WorkerPool` has), so that the order of the
results and what happens to lost work are decided in one place, wherever
the work runs.

A task whose future fails, for whatever reason (its worker died:
:class:`~concurrent.futures.process.BrokenProcessPool`, Dask's
``KilledWorker``; the function raised; the future was cancelled), comes back
as :class:`~gjkcli.batch.pool.Lost`, and so does one the executor refuses to
take. Failures that nothing explains end the run as the pool's do: after
:func:`~gjkcli.batch.pool.death_limit` failed tasks in a row with none
finished in between, :class:`~gjkcli.batch.pool.WorkersFailedError`. That
is how a run ends on an executor that cannot go on (a process pool is broken
for good once one of its workers dies; Dask replaces dead workers).

The executor belongs to the caller: closing an :class:`ExecutorTasks`
cancels the tasks still waiting, and leaves the executor running.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Generic, TypeVar

from gjkcli.batch.pool import Lost, WorkersFailedError, death_limit

__all__ = ["ExecutorTasks", "failure_reason"]

A = TypeVar("A")
R = TypeVar("R")


class ExecutorTasks(Generic[A, R]):
    """``function`` on one argument at a time, up to ``capacity`` tasks at once on
    ``executor``, each result reported once under its key.

    Use as a context manager: leaving the block cancels the tasks still waiting.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool, ExecutorTasks(pool, abs, 4) as tasks:
    ...     tasks.submit(1, -4)
    ...     tasks.submit(2, "x")
    ...     done = {}
    ...     while tasks.busy:
    ...         done.update(tasks.finished())
    >>> done[1], done[2]
    (4, Lost(reason="raised TypeError: bad operand type for abs(): 'str'"))
    """

    def __init__(self, executor: Executor, function: Callable[[A], R], capacity: int) -> None:
        self._executor = executor
        self._function = function
        self._capacity = max(1, capacity)
        self._limit = death_limit(self._capacity)
        self._futures: dict[Future[R], int] = {}  # in flight: the key of each
        self._done: list[tuple[int, R | Lost]] = []  # refused at once, not yet reported
        self._failures_in_a_row = 0

    def __enter__(self) -> ExecutorTasks[A, R]:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    @property
    def free(self) -> bool:
        """Whether fewer than ``capacity`` tasks are in flight."""
        return len(self._futures) < self._capacity

    @property
    def busy(self) -> bool:
        """Whether a task is in flight, or ended and not yet reported."""
        return bool(self._futures or self._done)

    def submit(self, key: int, argument: A) -> None:
        """Start ``function(argument)``; a task the executor refuses is :class:`Lost`."""
        try:
            future = self._executor.submit(self._function, argument)
        except Exception as error:  # shut down, or broken (a process pool whose worker died)
            self._report(key, Lost(failure_reason(error)))
            return
        self._futures[future] = key

    def finished(self, timeout: float | None = None) -> list[tuple[int, R | Lost]]:
        """The tasks ended since the last call, waiting up to ``timeout`` seconds
        (``None``: until one ends) if none has.

        Raises :class:`~gjkcli.batch.pool.WorkersFailedError` when tasks keep failing.
        """
        if not self._done:
            ended, _ = concurrent.futures.wait(
                self._futures, timeout, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in ended:
                key = self._futures.pop(future)
                if future.cancelled():
                    self._report(key, Lost("had its task cancelled"))
                elif (error := future.exception()) is not None:
                    self._report(key, Lost(failure_reason(error)))
                else:
                    self._report(key, future.result())
        done, self._done = self._done, []
        return done

    def close(self) -> None:
        """Cancel the tasks that have not started (a task running goes on, on the executor)."""
        for future in self._futures:
            future.cancel()
        self._futures.clear()
        self._done.clear()

    def _report(self, key: int, result: R | Lost) -> None:
        self._done.append((key, result))
        if not isinstance(result, Lost):
            self._failures_in_a_row = 0
            return
        self._failures_in_a_row += 1
        if self._failures_in_a_row >= self._limit:
            raise WorkersFailedError(
                f"the executor keeps failing: {self._failures_in_a_row} tasks in a row "
                f"with nothing finished in between (the last one's worker {result.reason})"
            )


def failure_reason(error: BaseException) -> str:
    """Why a task failed, in words to follow "its worker" (as :class:`Lost` has them).

    >>> from concurrent.futures.process import BrokenProcessPool
    >>> failure_reason(BrokenProcessPool("A process in the pool was\\nterminated abruptly"))
    'died (BrokenProcessPool: A process in the pool was terminated abruptly)'
    >>> failure_reason(ValueError("no"))
    'raised ValueError: no'
    """
    what = " ".join(f"{type(error).__name__}: {error}".split())
    died = type(error).__name__ in ("BrokenProcessPool", "BrokenExecutor", "KilledWorker")
    return f"died ({what})" if died else f"raised {what}"
