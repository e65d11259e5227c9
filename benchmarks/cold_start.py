"""Cold-start wall time of ``gjk check`` on a sample, next to Shapely answering the same pair.

Usage: ``python benchmarks/cold_start.py [--runs N] [PAIR_FILE]``. Each run is
a fresh process. The Shapely column is a fresh Python process that imports
Shapely, builds the two geometries from WKT and asks ``intersects`` and
``distance``: the least a script needs to get Shapely's answer.
"""

from __future__ import annotations

import argparse
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


def wall_times(command: list[str], runs: int) -> list[float]:
    """Seconds per run of ``command`` as a fresh process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


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
        "gjk --version (no Shapely import)": [gjk, "--version"],
        "python: import shapely, answer the pair": [sys.executable, "-c", shapely_script],
        "python: empty interpreter": [sys.executable, "-c", "pass"],
    }
    table = Table(title=f"Cold start, {args.runs} fresh processes each")
    for column in ("command", "median", "min", "max"):
        table.add_column(column, justify="left" if column == "command" else "right")
    for label, command in commands.items():
        times = wall_times(command, args.runs)
        table.add_row(
            label,
            f"{statistics.median(times) * 1e3:.0f} ms",
            f"{min(times) * 1e3:.0f} ms",
            f"{max(times) * 1e3:.0f} ms",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
