"""pytest's settings for the whole repository: the examples that draw need matplotlib,
and the tests run in worker processes (pytest-xdist, ``-n logical --dist loadgroup`` in
pyproject.toml), the sensitive ones one after another.

matplotlib is optional (``pip install 'gjkcli[plot]'``); without it, the doctests of
:func:`gjkcli.figure`, of :mod:`gjkcli.render.plot` and of :mod:`gjkcli.render.motion_plot`
are skipped rather than failed.

Each test is sent to whichever worker is free, except the tests of the modules below,
which are sent as groups (``xdist_group``): a group runs in one worker, in order.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile

import pytest

_DRAWING = ("gjkcli.queries.figure", "gjkcli.render.plot.", "gjkcli.render.motion_plot.")

SERIAL = (
    "tests/batch/test_cast_batch.py",
    "tests/batch/test_cli_batch.py",
    "tests/batch/test_dask.py",
    "tests/batch/test_executors.py",
    "tests/batch/test_output_dir.py",
    "tests/batch/test_pool.py",
    "tests/batch/test_runner.py",
    "tests/batch/test_signals.py",
    "tests/fuzz/test_engine_failures.py",
    "tests/render/test_explain_browser.py",
)
"""Modules whose tests start worker processes or a Dask cluster, signal process groups,
read a terminal, kill a program that overran a timeout, or drive a browser: they run in
one group, never two of them at once (the other worker runs the rest of the suite)."""

SHARED = (
    "tests/batch/test_engine_workflow.py",
    "tests/fuzz/test_toy_engine.py",
    "tests/test_cli_table.py",
    "tests/test_help.py",
    "tests/test_install.py",
)
"""Modules whose tests share a costly module-scoped fixture or cached run (an install,
a corpus of 1,000 checked pairs, a fuzz run, the help and the tables ``gjk`` prints):
each runs as a group of its own, so that it is built once, not once in each worker.
(The modules in :data:`SERIAL` are grouped already.)"""


def pytest_configure(config: pytest.Config) -> None:
    """Where ``PYTHONDONTWRITEBYTECODE`` is set, let the processes this run starts (the
    workers, and the hundreds of ``gjk`` runs, each a fresh interpreter) keep their
    bytecode in a folder of their own, removed at the end, rather than compile
    gjkcli's modules from source again in each one; the checkout stays as clean.

    Only what a module is compiled to changes, never what it does. Set
    ``PYTHONPYCACHEPREFIX`` to choose the folder (it is then kept)."""
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
        folder = tempfile.mkdtemp(prefix="gjkcli-tests-bytecode-")
        os.environ["PYTHONPYCACHEPREFIX"] = folder
        del os.environ["PYTHONDONTWRITEBYTECODE"]
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the drawing doctests when matplotlib is not installed; group the tests of
    :data:`SERIAL` and of each module of :data:`SHARED` for the worker processes."""
    drawing = importlib.util.find_spec("matplotlib") is not None
    skip = pytest.mark.skip(reason="needs matplotlib: pip install 'gjkcli[plot]'")
    for item in items:
        module = item.nodeid.split("::")[0]
        if module in SERIAL:
            item.add_marker(pytest.mark.xdist_group("serial"))
        elif module in SHARED:
            item.add_marker(pytest.mark.xdist_group(module))
        if not drawing and type(item).__name__ == "DoctestItem" and item.name.startswith(_DRAWING):
            item.add_marker(skip)
