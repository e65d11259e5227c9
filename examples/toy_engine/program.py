#!/usr/bin/env python3
"""The toy engine (toy_engine.py, beside this file) as a program speaking the line protocol.

It reads one pair per line on standard input (JSON: ``{"a": SHAPE, "b": SHAPE, ...}``)
and, for each, writes exactly one line of compact JSON to standard output, the answer of
``toy_engine.answer``, then flushes, as the caller keeps the program running and waits for
each line. Blank lines are skipped; it ends at the end of its input. A line it cannot
handle (bad JSON, an unsupported shape) gets ``{"error": "<message>"}`` and it carries on.

    printf '%s\\n' '{"a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [3, 4]}}' \\
        | python examples/toy_engine/program.py

The engine has two planted bugs, described in toy_engine.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from toy_engine import answer


def reply(line: str) -> str:
    """The one line of output for one line of input."""
    try:
        return json.dumps(answer(json.loads(line)), separators=(",", ":"), allow_nan=False)
    except Exception as error:  # one bad pair must not end the program
        return json.dumps({"error": str(error) or type(error).__name__})


def main() -> int:
    while line := sys.stdin.readline():
        if line.strip():
            sys.stdout.write(reply(line) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
