"""Which engine answers the GJK queries: the compiled core, or the pure-Python reference.

The pure-Python algorithms in :mod:`gjkcli.algorithms` are the reference: they
are what ``--trace`` runs and what the tests hold the compiled core to. The
core, the C extension ``gjkcli._engine``, is built at install time when a
compiler is there, and gives the same answers to the last bit on the platform
CI runs on. Setting the environment variable ``GJKCLI_ENGINE=python`` before
gjkcli is imported makes every query take the pure-Python path.

>>> describe() in (COMPILED, PURE_FORCED, PURE_MISSING)
True
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["COMPILED", "ENVIRONMENT", "PURE_FORCED", "PURE_MISSING", "compiled", "describe"]

ENVIRONMENT = "GJKCLI_ENGINE"
"""The environment variable that chooses the engine: ``python`` forces the pure path."""

COMPILED = "compiled (C)"
PURE_FORCED = f"pure Python ({ENVIRONMENT}=python)"
PURE_MISSING = "pure Python (the compiled core is not installed)"


def _load() -> tuple[ModuleType | None, str]:
    if os.environ.get(ENVIRONMENT, "").strip().lower() == "python":
        return None, PURE_FORCED
    try:
        from gjkcli import _engine  # type: ignore[attr-defined]
    except ImportError:
        return None, PURE_MISSING
    return _engine, COMPILED


_MODULE, _DESCRIPTION = _load()


def compiled() -> ModuleType | None:
    """The compiled core, or ``None`` when the pure-Python engine is active."""
    return _MODULE


def describe() -> str:
    """Which engine is active, in words, for ``gjk --version``."""
    return _DESCRIPTION
