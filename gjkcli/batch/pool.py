"""Worker processes for a batch: one task at a time each, and every death seen at once.

A :class:`WorkerPool` runs one function over many arguments in ``size``
processes. Each worker gets one task at a time over its own pipe; the main
process waits on those pipes and on the processes themselves
(:func:`multiprocessing.connection.wait`), so a worker that dies (killed by
the out-of-memory killer, a crash in a C library) is noticed the moment it
happens: its task comes back as :class:`Lost`, never as a hang. What the
caller does with a lost task (try it again, report it) is its own business.

The choices, and why:

- Workers are started with ``spawn``, on every platform: a fresh
  interpreter, so nothing of the main process leaks into them (its threads,
  such as the BLAS library's or the progress bar's, which make ``fork``
  unsafe; its unflushed standard output, which a forked child would write a
  second time when it exits; its signal handlers). It is the one start method
  that works, and behaves the same, on Linux, macOS and Windows, under every
  Python from 3.10 on (3.14 changed the Linux default to ``forkserver``). The
  price is a fresh import in each worker, about half a second, paid once per
  worker: workers are started only when there is work for them.
- Ctrl-C and SIGTERM belong to the main process. A worker ignores SIGINT
  (Ctrl-C at a terminal reaches the whole process group, and the main
  process stops the workers itself) and dies at once, quietly, on SIGTERM
  (no traceback, whether the signal comes from the main process or from a
  ``kill`` of the whole group). A worker is born ignoring SIGINT: the main
  process ignores SIGINT while it starts one, and the new program inherits
  that, so no Ctrl-C can reach a worker that still has Python's default
  handler. Meanwhile the main process holds SIGINT and SIGTERM (blocked):
  its own handlers cannot interrupt a start half done (a worker started but
  not recorded would be left behind), and a signal that arrives then is
  handled as soon as the worker is recorded. (On Linux a blocked signal is
  kept even while ignored; a Ctrl-C that arrives in the few instructions
  between checking for one and ignoring SIGINT, or elsewhere than Linux
  while a worker starts, may be lost: press it again.)
- Closing the pool at the end of a run tells idle workers to exit; closing
  it early (an exception: Ctrl-C, SIGTERM, a reader gone, ``--fail-fast``)
  terminates every worker at once, never waiting for a task in flight, then
  kills any still there after :data:`TERMINATE_GRACE` seconds. Either way
  every worker has been waited for when :meth:`WorkerPool.close` returns.
  Signals are held while closing, so a second Ctrl-C cannot leave workers
  behind; they are handled as soon as the pool is closed.
- A worker does one thing at a time, on one core: its BLAS library gets one thread
  (``OPENBLAS_NUM_THREADS`` and the like, unless the user set them; NumPy's wheels
  carry OpenBLAS, except on Apple silicon, whose Accelerate does not read them), where
  by default it starts one per core whose waiting took processor time from the other
  workers. The variables are set in the main process's environment while a worker
  starts (the one way to hand them to a new program before it loads NumPy): a
  thread of the main process reading the environment from C then could see them.
  A worker's garbage collector runs less often (:data:`COLLECT_EVERY`) over less
  (what the imports made is frozen, :func:`gc.freeze`), where the checks' many
  short-lived objects set off a collection every few hundred microseconds.
  Together they save about 3% (100,000 pairs of ``gjk generate --seed 1`` on two
  workers, in alternating runs: 19.6 s on average without them, 19.0 s with them); no
  answer depends on them.
- Deaths are bounded by the caller (which tries each piece of work at most
  twice); deaths that no task explains (a worker that cannot start, or that
  something outside keeps killing) end the run with
  :class:`WorkersFailedError` after :func:`death_limit` deaths in a row with
  no task finished in between.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

__all__ = ["TERMINATE_GRACE", "Lost", "WorkerPool", "WorkersFailedError", "death_limit"]

A = TypeVar("A")
R = TypeVar("R")

TERMINATE_GRACE = 1.0
"""Seconds a worker has to end after SIGTERM (or, at a normal end, after being told to
exit) before it is killed. A worker dies at once on SIGTERM once it runs; the grace is
for one still starting, whose signals are held until its handlers are in place."""

COLLECT_EVERY = 50_000
"""A worker's first-generation threshold of the garbage collector (Python's default: 700
allocations). The checks make few reference cycles, and the objects of a chunk are gone
when its rows are sent: collecting a little less often frees the same memory."""

WORKER_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The environment variables that give a worker's BLAS library one thread (each ``1``
unless already set): read once, as NumPy loads the library in the new worker."""

_HELD = (signal.SIGINT, signal.SIGTERM)
_CAN_HOLD = hasattr(signal, "pthread_sigmask")  # POSIX; Windows has no signal masks


def death_limit(size: int) -> int:
    """How many worker deaths in a row, with no task finished in between, end a run of
    ``size`` workers: more than one round of deaths of every worker, with room for the
    deaths that tasks explain (a pair that kills its worker is tried twice).

    >>> death_limit(1), death_limit(2), death_limit(16)
    (8, 8, 32)
    """
    return max(8, 2 * size)


@dataclass(frozen=True)
class Lost:
    """A task that did not finish: its worker died, or the function raised. ``reason``
    says what the worker did, in words to follow "its worker process" (``"was killed
    by signal 9 (SIGKILL)"``, ``"exited with code 1"``, ``"raised ValueError: ..."``)."""

    reason: str


class WorkersFailedError(RuntimeError):
    """Workers cannot be started, or keep dying with no task finished: the run cannot go on."""


@dataclass
class _Worker:
    process: BaseProcess
    connection: Connection
    task: int | None = None  # the key of the task it is working on, if any


class WorkerPool(Generic[A, R]):
    """Up to ``size`` worker processes that run ``function`` on one argument at a time.

    ``function`` (and its arguments and results) must pickle: a function
    defined at the top of a module, or a :func:`functools.partial` of one.
    Use as a context manager: leaving the block closes the pool, at once if
    it is left by an exception.

    >>> with WorkerPool(abs, 2) as pool:
    ...     pool.submit(1, -4)
    ...     pool.submit(2, -5)
    ...     done = {}
    ...     while len(done) < 2:
    ...         done.update(pool.finished())
    >>> sorted(done.items())
    [(1, 4), (2, 5)]
    """

    def __init__(self, function: Callable[[A], R], size: int) -> None:
        self._function = function
        self._size = max(1, size)
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._done: list[tuple[int, R | Lost]] = []  # ended, not yet reported
        self._deaths_in_a_row = 0

    def __enter__(self) -> WorkerPool[A, R]:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.close(now=kind is not None)

    @property
    def free(self) -> bool:
        """Whether a task submitted now starts at once (a worker is idle, or may be started)."""
        return len(self._workers) < self._size or any(w.task is None for w in self._workers)

    @property
    def busy(self) -> bool:
        """Whether a task is in flight (or lost and not yet reported by :meth:`finished`)."""
        return bool(self._done) or any(w.task is not None for w in self._workers)

    def submit(self, key: int, argument: A) -> None:
        """Start ``function(argument)`` on an idle worker (starting one if needed); its
        result comes back from :meth:`finished` under ``key``. Requires :attr:`free`."""
        idle = [worker for worker in self._workers if worker.task is None]
        worker = idle[0] if idle else self._start()
        worker.task = key
        try:
            worker.connection.send((key, argument))
        except OSError:  # it died before it could take the task (a broken pipe)
            self._bury(worker)

    def finished(self, timeout: float | None = None) -> list[tuple[int, R | Lost]]:
        """The tasks that have ended since the last call, as ``(key, result)``, waiting up
        to ``timeout`` seconds (``None``: until one ends) if none has. A task whose worker
        died, or whose function raised, ends as :class:`Lost`. Requires :attr:`busy`.

        Raises :class:`WorkersFailedError` when workers keep dying (:func:`death_limit`).
        """
        if not self._done:
            waiting: list[Any] = [w.connection for w in self._workers if w.task is not None]
            waiting += [w.process.sentinel for w in self._workers]
            ready = set(wait(waiting, timeout))
            for worker in list(self._workers):
                if worker.connection in ready:
                    self._receive(worker)
                elif worker.process.sentinel in ready:  # died idle, or after its last answer
                    self._bury(worker)
        done, self._done = self._done, []
        return done

    def close(self, now: bool = False) -> None:
        """Stop every worker and wait for it: idle ones are told to exit; with ``now``, or
        for a worker still busy, SIGTERM at once and SIGKILL after :data:`TERMINATE_GRACE`.
        """
        with _signals_held():
            workers, self._workers = self._workers, []
            if not now:
                for worker in workers:
                    with contextlib.suppress(OSError):
                        if worker.task is None:
                            worker.connection.send(None)
                _join(workers, TERMINATE_GRACE)
            for worker in workers:
                if worker.process.exitcode is None:
                    worker.process.terminate()
            _join(workers, TERMINATE_GRACE)
            for worker in workers:
                if worker.process.exitcode is None:
                    worker.process.kill()
            for worker in workers:
                worker.process.join()
                worker.connection.close()
                worker.process.close()

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(theirs, self._function), name="gjk-worker", daemon=True
        )
        try:
            with _quiet_start(), _one_thread_each():
                process.start()
                worker = _Worker(process, ours)
                self._workers.append(worker)
        except OSError as error:
            ours.close()
            raise WorkersFailedError(
                f"cannot start a worker process: {(error.strerror or str(error)).lower()}"
            ) from None
        finally:
            theirs.close()  # the worker's end: kept open here, its death would not be seen
        return worker

    def _receive(self, worker: _Worker) -> None:
        try:
            key, ok, value = worker.connection.recv()
        except Exception:  # the pipe closed, or closed mid-answer: the worker died
            self._bury(worker)
            return
        worker.task = None
        if ok:
            self._deaths_in_a_row = 0
            self._done.append((key, value))
        else:
            self._done.append((key, Lost(f"raised {value}")))

    def _bury(self, worker: _Worker) -> None:
        """A worker that died (or is dying): wait for it, report its task as lost, and stop
        the run if workers keep dying."""
        self._workers.remove(worker)
        worker.connection.close()
        worker.process.join(TERMINATE_GRACE)
        if worker.process.exitcode is None:  # its pipe broke but it lives on: end it
            worker.process.kill()
            worker.process.join()
        reason = _exit_reason(worker.process.exitcode)
        worker.process.close()
        if worker.task is not None:
            self._done.append((worker.task, Lost(reason)))
        self._deaths_in_a_row += 1
        if self._deaths_in_a_row >= death_limit(self._size):
            raise WorkersFailedError(
                f"worker processes keep dying: {self._deaths_in_a_row} in a row with "
                f"nothing finished in between (the last one {reason})"
            )


def _serve(connection: Connection, function: Callable[[Any], Any]) -> None:
    """A worker's life: take a task, send back ``(key, True, result)`` or ``(key, False,
    what it raised)``; end when told (``None``) or when the main process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if _CAN_HOLD:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)  # a held SIGTERM ends it here
    gc.freeze()  # the modules, imported by now: never garbage, so never scanned again
    gc.set_threshold(COLLECT_EVERY, *gc.get_threshold()[1:])
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        key, argument = task
        try:
            answer = (key, True, function(argument))
        except Exception as error:
            answer = (key, False, f"{type(error).__name__}: {error}")
        try:
            connection.send(answer)
        except OSError:  # the main process is gone
            return
        except Exception as error:  # the result would not pickle
            with contextlib.suppress(OSError):
                connection.send((key, False, f"{type(error).__name__}: {error}"))


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM blocked in this thread for the block; any that arrive meanwhile
    are delivered (to the usual handlers) when it ends."""
    if not _CAN_HOLD:
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def _quiet_start() -> Iterator[None]:
    """Signals held while a worker starts, and SIGINT ignored, which the new program
    inherits: it ignores Ctrl-C from its first instruction."""
    if not _CAN_HOLD:
        yield
        return
    # Spawning starts the resource tracker the first time, and that unblocks SIGINT and
    # SIGTERM as it ends: start it first, so that it cannot undo the hold below.
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    with _signals_held():
        previous = signal.getsignal(signal.SIGINT)
        ignore = (
            threading.current_thread() is threading.main_thread()  # where handlers are set
            and previous is not None  # a handler set outside Python could not be put back
            and signal.SIGINT not in signal.sigpending()  # one arrived: let it stop the run
        )
        if ignore:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            yield
        finally:
            if ignore:
                signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def _one_thread_each() -> Iterator[None]:
    """The environment a worker starts with: :data:`WORKER_THREADS` set to ``1`` where the
    user has not set them, for the start alone (the main process's library is loaded)."""
    added = [name for name in WORKER_THREADS if name not in os.environ]
    try:  # the setting too: an interruption halfway (Windows holds no signals) undoes it
        for name in added:
            os.environ[name] = "1"
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


def _join(workers: list[_Worker], seconds: float) -> None:
    """Wait until every worker has ended, or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while alive := [w.process.sentinel for w in workers if w.process.exitcode is None]:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        wait(alive, left)


def _exit_reason(code: int | None) -> str:
    """How a process ended, in words.

    >>> _exit_reason(-9), _exit_reason(1)
    ('was killed by signal 9 (SIGKILL)', 'exited with code 1')
    """
    if code is not None and code < 0:
        try:
            name = f" ({signal.Signals(-code).name})"
        except ValueError:
            name = ""
        return f"was killed by signal {-code}{name}"
    return f"exited with code {code}"
