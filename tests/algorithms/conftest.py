"""Lowering the loops' iteration caps for one test, on whichever engine is active."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from gjkcli import tolerances
from gjkcli.algorithms import distance, epa, intersect
from gjkcli.algorithms.compiled import configured, core

Cap = Callable[..., None]


@pytest.fixture
def cap(monkeypatch: pytest.MonkeyPatch) -> Iterator[Cap]:
    """``cap(MAX_ITERATIONS=3)`` lowers a cap for the rest of the test: in the Python
    loops (their modules' copies) and in the compiled core (configured again from the
    lowered tolerances), both put back afterwards."""

    def lower(**caps: int) -> None:
        for name, value in caps.items():
            monkeypatch.setattr(tolerances, name, value)
            for module in (distance, intersect, epa):
                if hasattr(module, name):
                    monkeypatch.setattr(module, name, value)
        if (fast := core()) is not None:
            configured(fast)

    yield lower
    monkeypatch.undo()
    if (fast := core()) is not None:
        configured(fast)
