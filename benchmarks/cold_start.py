"""Cold-start wall time of ``gjk check`` on a sample, against what any such program imports.

Usage: ``python benchmarks/cold_start.py [--runs N] [PAIR_FILE]``. Each run is
a fresh process. The reference is a fresh Python process that only imports
Shapely, Typer and Rich's tables (``python -c "import shapely, typer,
rich.table"``), what a command line like gjk's cannot do without; the ratio
column is each command's median over the reference's median, measured in the
same run. Also timed: a process that imports Shapely, builds the two
geometries from WKT and asks ``intersects`` and ``distance`` (the least a
script needs to get Shapely's answer), and an empty interpreter.

The commands take turns, run after run, so that a machine whose load drifts
slows them alike; each is run once untimed first. "Cold" means a fresh
process, with the bytecode caches written as an installation writes them:
the processes run without ``PYTHONDONTWRITEBYTECODE``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from gjkcli.io import load_pair
from gjkcli.verify.shapely_oracle import shapely_geometry

REFERENCE = "python: import shapely, typer, rich.table"


def wall_time(command: list[str], env: dict[str, str]) -> float:
    """Seconds taken by one run of ``command`` as a fresh process."""
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("pair", nargs="?", default="samples/polygon/separated.json")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()

    pair = load_pair(args.pair)
    wkt_a, wkt_b = (shapely_geometry(shape.shape)[0].wkt for shape in (pair.a, pair.b))
    shapely_script = (
        "import shapely\n"
        f"a = shapely.from_wkt({wkt_a!r})\n"
        f"b = shapely.from_wkt({wkt_b!r})\n"
        "print(shapely.intersects(a, b), shapely.distance(a, b))\n"
    )
    gjk = str(Path(sysconfig.get_path("scripts")) / "gjk")
    commands = {
        f"gjk check {args.pair}": [gjk, "check", args.pair],
        f"gjk check {args.pair} --json": [gjk, "check", args.pair, "--json"],
        "gjk --version": [gjk, "--version"],
        REFERENCE: [sys.executable, "-c", "import shapely, typer, rich.table"],
        "python: import shapely, answer the pair": [sys.executable, "-c", shapely_script],
        "python: empty interpreter": [sys.executable, "-c", "pass"],
    }
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    for command in commands.values():
        wall_time(command, env)
    times: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(args.runs):
        for label, command in commands.items():
            times[label].append(wall_time(command, env))

    reference = statistics.median(times[REFERENCE])
    table = Table(title=f"Cold start, {args.runs} fresh processes each")
    for column in ("command", "median", "min", "max", "ratio"):
        table.add_column(column, justify="left" if column == "command" else "right")
    for label, seconds in times.items():
        median = statistics.median(seconds)
        table.add_row(
            label,
            f"{median * 1e3:.0f} ms",
            f"{min(seconds) * 1e3:.0f} ms",
            f"{max(seconds) * 1e3:.0f} ms",
            f"{median / reference:.2f}x",
        )
    Console().print(table)
    Console().print(f"ratio: the median over the median of '{REFERENCE}', in this run")


if __name__ == "__main__":
    main()
