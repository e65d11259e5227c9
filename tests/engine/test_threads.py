"""The array functions release the GIL: while the compiled core answers a chunk of pairs,
other Python threads run.

A counting thread shows it, with no clock: it counts only while it holds the GIL, and
the switch interval is made so long that no thread is made to give the GIL up during
a test, so it can count during a call only if that call lets the GIL go. Each call of
the core is watched from the thread that makes it (what the counter said just before
and just after), so the GIL that ``threads=2`` frees while the caller waits for its
workers proves nothing here. A call into C that keeps the GIL (``math.factorial``) is
watched the same way and must see no count, which shows the watching is sound.
"""

from __future__ import annotations

import math
import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest
import shapely

from gjkcli import vectorized
from gjkcli.algorithms.compiled import core
from tests.engine.pairs import ngons

NO_PREEMPTION = 10.0
"""The switch interval during the test, in seconds: longer than any one watched call, so
that within one no waiting thread asks for the GIL (it asks only after waiting this long)."""

TICK = 1e-4
"""How long the counter sleeps, GIL released, between counts, in seconds."""

ATTEMPTS = 50
"""Calls of the array function before giving up: the counter, awake and free to count,
may still find no CPU during one call on a busy machine, but not during 50."""


class Counter(threading.Thread):
    """Counts, sleeping briefly between counts, until told to stop."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.count = 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.wait(TICK):
            self.count += 1

    def counts_during(self, call: Callable[[], object]) -> int:
        """How far the counter got while ``call`` ran in this thread."""
        before = self.count
        call()
        return self.count - before


@contextmanager
def counting() -> Iterator[Counter]:
    """A running counter, with preemption put off while it runs."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(NO_PREEMPTION)
    counter = Counter()
    counter.start()
    try:
        yield counter
    finally:
        counter.stop.set()
        counter.join()
        sys.setswitchinterval(interval)


class Watched:
    """The compiled core, with what the counter did during each of its ``many`` calls."""

    def __init__(self, module: ModuleType, counter: Counter) -> None:
        self.module, self.counter = module, counter
        self.counts: list[int] = []

    def many(self, *args: Any) -> None:
        self.counts.append(self.counter.counts_during(lambda: self.module.many(*args)))


def test_other_threads_run_while_the_core_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    module = core()
    if module is None:
        pytest.skip("the compiled core is not active (the pure-Python engine keeps the GIL)")
    if not getattr(sys, "_is_gil_enabled", lambda: True)():
        pytest.skip("this Python runs without a GIL")
    polygons = shapely.polygons(ngons(random.Random(11), 260))
    a, b = polygons[:160, None], polygons[None, 160:]  # 16,000 pairs: chunks for both threads
    expected = vectorized.distance(a, b)

    with counting() as counter:
        assert counter.counts_during(lambda: math.factorial(30_000)) == 0
        watched = Watched(module, counter)
        monkeypatch.setattr("gjkcli.vectorized.core", lambda: watched)
        for _ in range(ATTEMPTS):
            found = vectorized.distance(a, b, threads=2)
            if any(watched.counts):
                break
    assert (found == expected).all()  # the watched core answered, the same
    assert any(watched.counts), f"no count during any of {len(watched.counts)} calls"
