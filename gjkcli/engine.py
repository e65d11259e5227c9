"""Which engine answers the GJK queries: the compiled core, or the pure-Python reference.

The pure-Python algorithms in :mod:`gjkcli.algorithms` are the reference: they
are what ``--trace`` runs and what the tests hold the compiled core to. The
core, the C extension ``gjkcli._engine``, is built at install time when a
compiler is there, and gives the same answers to the last bit. Setting the
environment variable ``GJKCLI_ENGINE=python`` before gjkcli is imported makes
every query take the pure-Python path.

The core carries its own copy of CPython's ``math.hypot`` algorithm (the C
library's rounds differently); it is checked against this Python's on import,
and a core that disagrees is not used.

>>> describe() in (COMPILED, PURE_FORCED, PURE_MISSING, PURE_HYPOT)
True
"""

from __future__ import annotations

import importlib
import math
import os
from types import ModuleType

__all__ = [
    "COMPILED",
    "ENVIRONMENT",
    "PURE_FORCED",
    "PURE_HYPOT",
    "PURE_MISSING",
    "compiled",
    "describe",
    "hypot_agrees",
]

ENVIRONMENT = "GJKCLI_ENGINE"
"""The environment variable that chooses the engine: ``python`` forces the pure path."""

COMPILED = "compiled (C)"
PURE_FORCED = f"pure Python ({ENVIRONMENT}=python)"
PURE_MISSING = "pure Python (the compiled core is not installed)"
PURE_HYPOT = "pure Python (the compiled core's hypot differs from this Python's math.hypot)"


def hypot_agrees(module: ModuleType, count: int = 64) -> bool:
    """Whether ``module.hypot`` gives ``math.hypot``'s result, to the bit: on ``count``
    pseudo-random pairs spread over every exponent (subnormal ones included), and on
    ``count`` multiples of Pythagorean triples a unit in the last place off, where the
    sum of squares lies near a rounding tie and CPython's versions part ways.

    >>> hypot_agrees(math)
    True
    """
    state = 0x9E3779B97F4A7C15
    for k in range(2 * count):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        if k % 2:
            a, b = _TRIPLES[state % len(_TRIPLES)]
            scale = math.ldexp(1.0 + (state >> 11) / 2**53, (state >> 8) % 200 - 100)
            values = [math.nextafter(a * scale, math.inf), b * scale]
        else:
            values = []
            for _ in range(2):
                state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
                exponent = (state >> 40) % 2098 - 1074
                values.append(math.ldexp(1.0 + (state % 2**40) / 2**40, exponent))
        try:
            expected = math.hypot(*values)
        except OverflowError:
            continue
        if module.hypot(*values).hex() != expected.hex():
            return False
    return True


_TRIPLES = ((3, 4), (5, 12), (8, 15), (7, 24), (20, 21), (9, 40), (12, 35), (28, 45))


def _load() -> tuple[ModuleType | None, str]:
    if os.environ.get(ENVIRONMENT, "").strip().lower() == "python":
        return None, PURE_FORCED
    try:
        core = importlib.import_module("gjkcli._engine")
    except ModuleNotFoundError:
        return None, PURE_MISSING
    except ImportError as error:  # built, but refused: compiled with contraction on
        return None, f"pure Python (the compiled core was refused: {error})"
    if not hypot_agrees(core):
        return None, PURE_HYPOT
    return core, COMPILED


_MODULE, _DESCRIPTION = _load()


def compiled() -> ModuleType | None:
    """The compiled core, or ``None`` when the pure-Python engine is active."""
    return _MODULE


def describe() -> str:
    """Which engine is active, in words, for ``gjk --version``."""
    return _DESCRIPTION
