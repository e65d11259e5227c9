"""Timing shared by the benchmark scripts (run them from the repository root)."""

from __future__ import annotations

import statistics
import timeit
from collections.abc import Callable


def per_call(function: Callable[[], object], repeat: int) -> float:
    """Median seconds per call over ``repeat`` timing runs (each long enough to be reliable)."""
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    return statistics.median(t / number for t in timer.repeat(repeat, number))
