"""Shared test helpers: seeded random shapes and running the installed ``gjk``."""

from __future__ import annotations

import math
import os
import random
import re
import subprocess
import sys
import sysconfig
from collections.abc import Mapping
from pathlib import Path

from gjkcli.shapes.base import Vec

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
DATA = Path(__file__).resolve().parent / "data"


def random_convex_ring(rng: random.Random, count: int, center: Vec, radius: float) -> list[Vec]:
    """``count`` points on a circle in counter-clockwise order: a convex ring."""
    angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(count))
    return [
        (center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle))
        for angle in angles
    ]


def random_polygon_pair(rng: random.Random) -> tuple[list[Vec], list[Vec], float]:
    """Two random convex point sets (1 to 12 points) near each other, and their coordinate scale.

    Sizes range over six orders of magnitude and positions are offset by up to
    1e6, so that the relative tolerances are exercised.
    """
    size = 10.0 ** rng.uniform(-3.0, 3.0)
    offset = rng.choice([0.0, 1e3, 1e6]) * rng.choice([-1.0, 1.0])
    rings = []
    for _ in range(2):
        center = (offset + rng.uniform(-2.0, 2.0) * size, rng.uniform(-2.0, 2.0) * size)
        rings.append(
            random_convex_ring(rng, rng.randint(1, 12), center, rng.uniform(0.1, 2.0) * size)
        )
    scale = max(abs(c) for ring in rings for point in ring for c in point)
    return rings[0], rings[1], scale


def fenced_commands(text: str) -> list[str]:
    """The README's two set-up commands (each in a fence of its own, starting with a
    new virtual environment): the install and first run, then the tests."""
    return re.findall(r"```\n(python3 -m venv [^\n]+)\n```", text)


def gjk_executable() -> str:
    """The ``gjk`` console script installed for this interpreter."""
    name = "gjk.exe" if sys.platform == "win32" else "gjk"
    return str(Path(sysconfig.get_path("scripts")) / name)


def run_gjk(
    *args: str,
    stdin: str | bytes | None = None,
    timeout: float = 120,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run the installed ``gjk`` with ``args`` from the repository root, with ``env``
    added to this process's environment."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    completed = subprocess.run(
        [gjk_executable(), *args],
        input=data if data is not None else b"",
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
        env=None if env is None else {**os.environ, **env},
    )
    return subprocess.CompletedProcess(
        completed.args,
        completed.returncode,
        completed.stdout.decode("utf-8"),
        completed.stderr.decode("utf-8"),
    )


def assert_input_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit 2, exactly one line on standard error, no traceback, and the given words in it."""
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


JQ_FILTER = re.compile(r"\bjq(?:\s+-[-\w]+)*\s+'([^']*)'")
"""A jq command as the documents show one: ``jq -c 'select(.status != "pass")'``."""


def documented_jq_filters() -> list[tuple[str, str]]:
    """Every jq filter shown in the README, in FORMATS and in the help of ``gjk`` and each
    of its commands (description, options, epilog), with where it is
    (``README.md:474``, ``gjk batch --help``), in that order."""
    import typer.core
    import typer.main

    from gjkcli.cli import app

    found = []
    for name in ("README.md", "docs/FORMATS.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        for match in JQ_FILTER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append((f"{name}:{line}", match[1]))
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    for command, place in [
        (group, "gjk --help"),
        *((command, f"gjk {name} --help") for name, command in group.commands.items()),
    ]:
        texts = [command.help, command.epilog, *(getattr(p, "help", None) for p in command.params)]
        for text in filter(None, texts):
            found += [(place, match[1]) for match in JQ_FILTER.finditer(text)]
    return found


class Records(list[str]):
    """The records ``run_batch`` writes, one a line: its ``write`` is given a chunk's
    records at once, a line each (``Records.write`` keeps them one by one)."""

    def write(self, text: str) -> None:
        self.extend(text.split("\n"))
