"""End-to-end throughput and memory of ``gjk batch`` on random 8-gon pairs.

Usage::

    python benchmarks/batch.py [--pairs 100000] [--workers N] [--memory-pairs 1000000]

Throughput: ``gjk batch FILE --output OUT`` as a fresh process, against a
plain script that reads the same JSON Lines with the standard library and
calls Shapely's vectorized ``intersects`` and ``distance`` on them, also as a
fresh process, in the same run. gjkcli does far more per pair (both GJK
queries, EPA, the Shapely cross-check with closest points, the depth oracle,
a validated load, a JSON record), so the ratio is the price of all that.

Memory (with ``--memory-pairs``): the resident memory of ``gjk batch`` and
its worker processes together, sampled from ``/proc`` every 0.2 s while it
runs on that many pairs; the peak of each quarter of the run shows whether it
stays flat.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
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


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


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
    return time.perf_counter() - start, samples


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pairs", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--memory-pairs", type=int, default=0)
    args = parser.parse_args()
    gjk = str(Path(sysconfig.get_path("scripts")) / "gjk")
    console = Console()
    with tempfile.TemporaryDirectory() as folder:
        corpus, results = Path(folder) / "octagons.jsonl", Path(folder) / "results.jsonl"
        write_pairs(corpus, args.pairs, seed=1)
        ours = timed(
            [
                gjk,
                "batch",
                str(corpus),
                "--quiet",
                "--workers",
                str(args.workers),
                "--output",
                str(results),
            ]
        )
        plain = timed([sys.executable, "-c", PLAIN_SCRIPT, str(corpus)])
        table = Table(title=f"{args.pairs:,} random 8-gon pairs, end to end, fresh processes")
        for column in ("", "seconds", "pairs per second"):
            table.add_column(column, justify="left" if not column else "right")
        table.add_row(
            f"gjk batch --workers {args.workers}", f"{ours:.1f}", f"{args.pairs / ours:,.0f}"
        )
        table.add_row(
            "stdlib json + Shapely vectorized", f"{plain:.1f}", f"{args.pairs / plain:,.0f}"
        )
        table.add_row("ratio (gjkcli / plain)", f"{ours / plain:.1f}x", "")
        console.print(table)
        if args.memory_pairs:
            big = Path(folder) / "big.jsonl"
            write_pairs(big, args.memory_pairs, seed=2)
            elapsed, samples = sampled_memory(
                [
                    gjk,
                    "batch",
                    str(big),
                    "--quiet",
                    "--workers",
                    str(args.workers),
                    "--output",
                    os.devnull,
                ]
            )
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
