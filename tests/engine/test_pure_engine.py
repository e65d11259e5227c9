"""The pure-Python engine, forced with GJKCLI_ENGINE=python, is tested too: the engine
tests of the algorithms and the array functions run again on it, in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys

from gjkcli import engine
from tests.helpers import ROOT


def _pure(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, engine.ENVIRONMENT: "python"},
        check=False,
        timeout=900,
    )


def test_the_switch_forces_the_pure_engine() -> None:
    run = _pure("-c", "from gjkcli import engine; print(engine.compiled(), engine.describe())")
    assert run.stdout.strip() == f"None {engine.PURE_FORCED}", run.stderr
    version = _pure("-m", "gjkcli", "--version")
    assert version.stdout.splitlines()[1] == f"engine: {engine.PURE_FORCED}"


def test_version_names_the_compiled_engine_where_it_is_built() -> None:
    if engine.compiled() is None:
        return  # the pure engine's line is checked above
    run = subprocess.run(
        [sys.executable, "-m", "gjkcli", "--version"], capture_output=True, text=True, check=False
    )
    assert run.stdout.splitlines()[1] == f"engine: {engine.COMPILED}"


def test_the_algorithm_and_array_tests_pass_on_the_pure_engine() -> None:
    run = _pure(
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-n",
        "0",  # in this one process: the suite around it already has a worker per core
        "tests/algorithms",
        "tests/engine/test_vectorized.py",
        "gjkcli/algorithms",
        "gjkcli/vectorized.py",
        "gjkcli/shape_array.py",
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
