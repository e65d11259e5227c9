"""End-to-end throughput and memory of ``gjk batch``, every check on, in one run.

Usage::

    python benchmarks/batch.py [--pairs 100000] [--workers N] [--memory-pairs 1000000]
                               [--dask] [--baseline PATH_TO_ANOTHER_GJK] [--repeat R]

Every row is a fresh process (``gjk batch FILE --output OUT --quiet``), timed
from start to exit, on the same files, in the same run, so that the ratios
mean something on any machine. With ``--repeat R`` each table's rows are timed
in R rounds, one row after another in every round, and each row shows the
median of its R times (and their spread): a machine whose speed drifts over
minutes (a shared virtual machine) then slows every row alike, rather than
whichever ran while it was slow.

* **random 8-gon pairs** (``--pairs`` of them): ``gjk batch`` on the columnar
  path (the default) and on the per-pair path (``GJKCLI_BATCH=per-pair``),
  against a plain script that reads the same JSON Lines with the standard
  library and calls Shapely's vectorized ``intersects`` and ``distance`` on
  them (no cross-check, no certificate, no exact verdict, no record);
* **pairs from ``gjk generate``** (as many): the two paths; with
  ``--baseline``, another installation's ``gjk`` too (for instance one built
  from an earlier commit in its own virtual environment), for "today's"
  throughput measured beside the new one;
* with ``--dask``: the same 8-gon run on a local Dask cluster
  (``--scheduler local``) against the local process pool;
* with ``--memory-pairs N``: the resident memory of ``gjk batch`` and its
  worker processes together, sampled from ``/proc`` every 0.2 s on N 8-gon
  pairs (Linux only); the peak of each quarter of the run shows whether it
  stays flat.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

PLAIN_SCRIPT = """
import json, sys
import numpy as np
import shapely
pairs = [json.loads(line) for line in open(sys.argv[1])]
a = shapely.polygons(np.array([p["a"]["points"] for p in pairs]))
b = shapely.polygons(np.array([p["b"]["points"] for p in pairs]))
intersects = shapely.intersects(a, b)
distance = shapely.distance(a, b)
print(int(intersects.sum()), float(distance.sum()))
"""


def octagon(rng: random.Random, center: tuple[float, float], radius: float) -> list[list[float]]:
    """A random convex 8-gon: one vertex in each eighth of a circle."""
    angles = [(k + 0.2 + 0.6 * rng.random()) * math.pi / 4 for k in range(8)]
    return [[center[0] + radius * math.cos(t), center[1] + radius * math.sin(t)] for t in angles]


def write_pairs(path: Path, count: int, seed: int) -> None:
    rng = random.Random(seed)
    with path.open("w") as stream:
        for index in range(count):
            a = octagon(rng, (0.0, 0.0), rng.uniform(0.5, 2.0))
            b = octagon(rng, (rng.uniform(-4, 4), rng.uniform(-4, 4)), rng.uniform(0.5, 2.0))
            pair = {
                "name": f"octagons/{index}",
                "a": {"type": "polygon", "points": a},
                "b": {"type": "polygon", "points": b},
            }
            stream.write(json.dumps(pair) + "\n")


def timed(command: list[str], environment: dict[str, str] | None = None) -> float:
    """Seconds ``command`` took; it must exit 0 or 1 (pairs that failed their checks):
    anything else, a usage error or a crash, stops the benchmark rather than timing it."""
    start = time.perf_counter()
    done = subprocess.run(
        command,
        check=False,
        stdout=subprocess.DEVNULL,
        env=None if environment is None else {**os.environ, **environment},
    )
    seconds = time.perf_counter() - start
    ran(command, done.returncode)
    return seconds


def ran(command: list[str], status: int) -> None:
    """Stop the benchmark if ``command`` did not run to its end (exit status 0 or 1)."""
    if status not in (0, 1):
        raise SystemExit(f"benchmark stopped: {' '.join(command)} exited with status {status}")


def tree_rss(pid: int) -> int:
    """Resident memory in bytes of a process and all its descendants (Linux /proc)."""
    total, pending = 0, [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += next(
                int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")
            )
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except (OSError, StopIteration):
            continue
        pending.extend(int(child) for child in children)
    return total * 1024


def sampled_memory(command: list[str]) -> tuple[float, list[tuple[float, int]]]:
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    samples = []
    while process.poll() is None:
        samples.append((time.perf_counter() - start, tree_rss(process.pid)))
        time.sleep(0.2)
    ran(command, process.returncode)
    return time.perf_counter() - start, samples


class Runs:
    """A throughput table: each row a command timed on ``pairs`` pairs (the median of
    ``repeat`` times, the rows taken in turn in each round), and its ratio to the
    first row."""

    def __init__(self, title: str, pairs: int, repeat: int) -> None:
        self.title, self.pairs, self.repeat = title, pairs, repeat
        self.rows: list[tuple[str, list[str], dict[str, str] | None]] = []

    def add(
        self, label: str, command: list[str], environment: dict[str, str] | None = None
    ) -> None:
        self.rows.append((label, command, environment))

    def table(self) -> Table:
        """Time every row, ``repeat`` rounds, and the table of their medians."""
        times: list[list[float]] = [[] for _ in self.rows]
        for _ in range(self.repeat):
            for found, (_, command, environment) in zip(times, self.rows, strict=True):
                found.append(timed(command, environment))
        table = Table(title=self.title)
        columns = ["", "seconds", "pairs per second", "throughput vs first row"]
        if self.repeat > 1:
            columns.insert(2, f"spread of {self.repeat}")
        for column in columns:
            table.add_column(column, justify="left" if not column else "right")
        first = statistics.median(times[0])
        for (label, _, _), found in zip(self.rows, times, strict=True):
            seconds = statistics.median(found)
            cells = [
                label,
                f"{seconds:.1f}",
                f"{self.pairs / seconds:,.0f}",
                f"{first / seconds:.2f}x",
            ]
            if self.repeat > 1:
                cells.insert(2, f"{min(found):.1f}-{max(found):.1f}")
            table.add_row(*cells)
        return table


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pairs", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--memory-pairs", type=int, default=0)
    parser.add_argument("--dask", action="store_true", help="also run on a local Dask cluster")
    parser.add_argument("--baseline", help="another gjk executable to time on the same files")
    parser.add_argument(
        "--repeat",
        type=lambda text: max(1, int(text)),
        default=1,
        help="time each row this many times, in turn (median; at least 1)",
    )
    args = parser.parse_args()
    gjk = str(Path(sysconfig.get_path("scripts")) / "gjk")
    console = Console()
    # every gjk here imports from byte code, as an installed package does: an editable
    # checkout run with PYTHONDONTWRITEBYTECODE=1 would compile each module in every
    # fresh process (about a second of the three processes' time)
    import gjkcli

    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(gjkcli.__file__).parent)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    per_pair = {"GJKCLI_BATCH": "per-pair"}
    with tempfile.TemporaryDirectory() as folder:
        octagons, generated = Path(folder) / "octagons.jsonl", Path(folder) / "generated.jsonl"
        results = str(Path(folder) / "results.jsonl")
        write_pairs(octagons, args.pairs, seed=1)
        subprocess.run(
            [gjk, "generate", str(generated), "--count", str(args.pairs), "--seed", "1"],
            check=True,
            stderr=subprocess.DEVNULL,
        )

        def batch(path: Path, *more: str) -> list[str]:
            options = ["--quiet", "--workers", str(args.workers), "--output", results, *more]
            return [gjk, "batch", str(path), *options]

        workers = f"--workers {args.workers}"
        runs = Runs(
            f"{args.pairs:,} random 8-gon pairs, every check on, fresh processes",
            args.pairs,
            args.repeat,
        )
        runs.add(
            "stdlib json + Shapely vectorized", [sys.executable, "-c", PLAIN_SCRIPT, str(octagons)]
        )
        runs.add(f"gjk batch {workers}, columnar", batch(octagons))
        runs.add(f"gjk batch {workers}, per pair", batch(octagons), per_pair)
        if args.dask:
            runs.add(
                f"gjk batch {workers} --scheduler local", batch(octagons, "--scheduler", "local")
            )
        console.print(runs.table())

        runs = Runs(f"{args.pairs:,} pairs from gjk generate --seed 1", args.pairs, args.repeat)
        if args.baseline:
            runs.add(
                f"{args.baseline} batch {workers}", [args.baseline, *batch(generated)[1:]], per_pair
            )
        runs.add(f"gjk batch {workers}, columnar", batch(generated))
        runs.add(f"gjk batch {workers}, per pair", batch(generated), per_pair)
        console.print(runs.table())

        if args.memory_pairs:
            big = Path(folder) / "big.jsonl"
            write_pairs(big, args.memory_pairs, seed=2)
            command = [*batch(big)[:-2], "--output", os.devnull]
            elapsed, samples = sampled_memory(command)
            memory = Table(
                title=f"gjk batch on {args.memory_pairs:,} pairs: resident memory, all processes"
            )
            memory.add_column("part of the run")
            memory.add_column("peak", justify="right")
            for quarter in range(4):
                part = [rss for t, rss in samples if quarter / 4 <= t / elapsed < (quarter + 1) / 4]
                memory.add_row(f"quarter {quarter + 1}", f"{max(part, default=0) / 2**20:,.0f} MiB")
            memory.add_row("whole run", f"{max(rss for _, rss in samples) / 2**20:,.0f} MiB")
            memory.add_row(
                "elapsed", f"{elapsed:,.0f} s ({args.memory_pairs / elapsed:,.0f} pairs/s)"
            )
            console.print(memory)


if __name__ == "__main__":
    main()
