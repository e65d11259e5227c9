"""pytest's settings for the whole repository: the examples that draw need matplotlib.

matplotlib is optional (``pip install 'gjkcli[plot]'``); without it, the doctests of
:func:`gjkcli.figure`, of :mod:`gjkcli.render.plot` and of :mod:`gjkcli.render.motion_plot`
are skipped rather than failed.
"""

from __future__ import annotations

import importlib.util

import pytest

_DRAWING = ("gjkcli.queries.figure", "gjkcli.render.plot.", "gjkcli.render.motion_plot.")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the drawing doctests when matplotlib is not installed."""
    if importlib.util.find_spec("matplotlib") is not None:
        return
    skip = pytest.mark.skip(reason="needs matplotlib: pip install 'gjkcli[plot]'")
    for item in items:
        if type(item).__name__ == "DoctestItem" and item.name.startswith(_DRAWING):
            item.add_marker(skip)
