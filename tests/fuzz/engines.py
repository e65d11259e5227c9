"""Small engines for the tests of ``gjk fuzz``: scripts that crash, hang or write garbage,
and an engine that is always right (gjkcli's own answer)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

MISBEHAVING = textwrap.dedent(
    """
    import sys, time
    mode = sys.argv[1]
    while line := sys.stdin.readline():
        if '"circle"' in line:
            if mode == "crash":
                sys.stderr.write("boom: circles are not my thing\\n")
                sys.exit(3)
            if mode == "hang":
                time.sleep(60)
            if mode == "garbage":
                sys.stdout.write("this is not JSON\\n")
                sys.stdout.flush()
                continue
            if mode == "error":
                sys.stdout.write('{"error": "no circles"}\\n')
                sys.stdout.flush()
                continue
        sys.stdout.write("{}\\n")  # states nothing: nothing can fail
        sys.stdout.flush()
    """
)
"""A program that answers ``{}`` to every pair, except pairs with a circle, on which it
does what its first argument says: ``crash``, ``hang``, ``garbage`` or ``error``."""

CORRECT = textwrap.dedent(
    """
    from gjkcli.fuzz.output import reference_expect
    from gjkcli.io.node import Node
    from gjkcli.io.pairs import pair_from_node
    from gjkcli.verify.check import check_pair


    def answer(pair):
        return reference_expect(check_pair(pair_from_node(Node(pair, "engine"), "engine")))


    def raising(pair):
        if pair["a"]["type"] == "circle" or pair["b"]["type"] == "circle":
            raise ZeroDivisionError("circles divide by zero")
        return {}


    def exiting(pair):
        if pair["a"]["type"] == "circle" or pair["b"]["type"] == "circle":
            raise SystemExit(3)
        return {}
    """
)
"""An engine that answers with gjkcli's own reference (never wrong), one that raises on
circles, and one that calls ``sys.exit`` on them."""


def write_engines(folder: Path) -> tuple[Path, Path]:
    """Write the two engines into ``folder``: the program, and the Python file."""
    program = folder / "misbehaving.py"
    program.write_text(MISBEHAVING)
    module = folder / "correct.py"
    module.write_text(CORRECT)
    return program, module


def program_command(program: Path, mode: str) -> str:
    """The ``--impl-cmd`` that runs ``program`` in ``mode`` with this interpreter."""
    return f"{sys.executable} {program} {mode}"
