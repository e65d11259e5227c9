"""The body of ``gjk fuzz``: options checked and turned into an engine and a run.

Usage problems (a bad ``--impl``, a program that cannot start, an unknown type or
family, an output folder that is not ours) raise :class:`UsageError`, which the command
line turns into one line and exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gjkcli.fuzz.engines import Engine, EngineError, ProgramEngine, load_callable
from gjkcli.fuzz.generation import FUZZ_SOURCES, NONCONVEX, NoPairsError
from gjkcli.fuzz.output import OutputError
from gjkcli.fuzz.run import FuzzOptions, FuzzResult, fuzz
from gjkcli.io.native import NATIVE_TYPES
from gjkcli.io.node import unknown

__all__ = [
    "TYPES",
    "UsageError",
    "default_out",
    "families_allowed",
    "make_engine",
    "parse_list",
    "run_fuzz",
]

TYPES = (*(kind for kind in NATIVE_TYPES if kind != "compound"), NONCONVEX)
"""The names ``--types`` takes: the native types but ``compound``, and ``nonconvex``
(polygons need not be convex)."""


class UsageError(Exception):
    """Bad usage: one line, exit status 2."""


def parse_list(option: str, text: str | None, allowed: tuple[str, ...]) -> tuple[str, ...] | None:
    """A comma-separated option's names, each one of ``allowed``.

    >>> parse_list("--types", "polygon, circle", TYPES)
    ('polygon', 'circle')
    >>> parse_list("--types", "polygn", TYPES)
    Traceback (most recent call last):
    ...
    gjkcli.fuzz.command.UsageError: --types: unknown name 'polygn' (did you mean 'polygon'?); \
valid names: point, segment, polygon, hull, circle, ellipse, rectangle, capsule, nonconvex
    """
    if text is None:
        return None
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not names:
        raise UsageError(f"{option}: name at least one")
    for name in names:
        if name not in allowed:
            raise UsageError(f"{option}: unknown name '{name}'{unknown(name, allowed, 'names')}")
    return names


def make_engine(impl: str | None, impl_cmd: str | None, timeout: float) -> Engine:
    """The engine ``--impl`` or ``--impl-cmd`` names (exactly one of them)."""
    if (impl is None) == (impl_cmd is None):
        raise UsageError("give exactly one of --impl and --impl-cmd")
    try:
        if impl is not None:
            return load_callable(impl)
        assert impl_cmd is not None
        return ProgramEngine(impl_cmd, timeout)
    except EngineError as error:
        raise UsageError(str(error)) from None


def run_fuzz(engine: Engine, options: FuzzOptions, quiet: bool) -> FuzzResult:
    """Run, print the summary table (unless ``quiet``) and return the result; progress
    lines go to standard error."""
    from gjkcli.fuzz.report import summary_table
    from gjkcli.render.console import TidyConsole

    def say(line: str) -> None:
        if not quiet:
            sys.stderr.write(f"gjk: {line}\n")
            sys.stderr.flush()

    try:
        result = fuzz(engine, options, say)
    except (EngineError, NoPairsError, OutputError) as error:
        raise UsageError(str(error)) from None
    finally:
        engine.close()
    if not quiet:
        TidyConsole().print(summary_table(result, options.out))
    return result


def families_allowed() -> tuple[str, ...]:
    """The names ``--families`` takes: the corpus families and ``random``, ``scaled``."""
    from gjkcli.corpus import FAMILIES

    return (*FAMILIES, *FUZZ_SOURCES)


def default_out() -> Path:
    """The output folder without ``--out``: ``gjk-fuzz`` in the working directory."""
    return Path("gjk-fuzz")
