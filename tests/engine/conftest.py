"""The compiled core, reached whichever engine is active (the identity tests compare it
with the pure-Python reference directly)."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

from gjkcli import engine
from gjkcli.algorithms.compiled import configured


@pytest.fixture(scope="session")
def fast() -> ModuleType:
    """The configured extension; a skip where it is not built (never on CI, where a
    missing core is a failure: the build must not have gone quietly wrong)."""
    try:
        module = importlib.import_module("gjkcli._engine")
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("the compiled core is not built on CI")
        pytest.skip("the compiled core is not built here")
    assert engine.hypot_agrees(module, 4096), "the core's hypot differs from math.hypot"
    return configured(module)
