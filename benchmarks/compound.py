"""Compound shapes: a 1,000-vertex non-convex polygon against circles, gjkcli vs Shapely.

Usage: ``python benchmarks/compound.py [--vertices N] [--repeat N] [--side-by-side N ...]``.
Prints two tables. The first: the time to cut the polygon into convex parts,
then for each circle the time of gjkcli's answer (the broad phase and GJK on
the part pairs it keeps, both queries on the deciding pair, the verdict and
the certificate: what ``gjk check`` computes on its side), the part pairs
tested out of all of them,
and Shapely's ``distance`` plus ``intersects`` on geometries built beforehand
(the circle as its 1024-gon stand-in). The last rows are the whole check of
one pair from its file (reading, cutting, answering, Shapely's cross-check and
the certificate's re-check), in this process and as a ``gjk check`` process,
and the time to cut 10,000- and 40,000-gons whose parts keep growing as they
merge, next to GEOS's triangulation of them alone.

The second: two MultiLineStrings of ``n`` long diagonal segments side by side
(``(i, 0)`` to ``(1000 + i, 1000)``, and the same shifted by 0.5 across; by
default n = 600 and 5000), whose ``n^2`` pairs of parts all have the same
bounding box: gjkcli's answer (the part-pair search and the certificate) and
the certificate's re-check, timed once in this process, then a whole
``gjk check --json`` process: its time, its peak memory (the largest resident
set, as ``/usr/bin/time`` reports it) and the size of its JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

import shapely
from rich.console import Console
from rich.table import Table
from timing import per_call

from gjkcli import Answer, Compound, ConvexShape, circle, decompose, solve
from gjkcli.io import load_pair
from gjkcli.shapes.base import Vec
from gjkcli.verify.certificates import check_certificate
from gjkcli.verify.check import Check, check_pair
from gjkcli.verify.shapely_oracle import shapely_geometry


def star_ring(count: int, seed: int) -> list[Vec]:
    """A simple non-convex ring: one vertex per sector, at a random radius from 5 to 10."""
    rng = random.Random(seed)
    ring = []
    for k in range(count):
        angle = 2.0 * math.pi * (k + rng.uniform(0.1, 0.9)) / count
        reach = rng.uniform(5.0, 10.0)
        ring.append((reach * math.cos(angle), reach * math.sin(angle)))
    return ring


def notched_disc(count: int) -> list[Vec]:
    """A regular ``count``-gon with one vertex pulled halfway in: its convex parts keep
    growing as the triangles merge into them (the merge's worst case)."""
    ring = [
        (math.cos(2 * math.pi * k / count), math.sin(2 * math.pi * k / count)) for k in range(count)
    ]
    ring[0] = (0.5, 0.0)
    return ring


PROBES = {
    "circle inside": ((0.0, 0.0), 2.0),
    "circle across the boundary": ((8.0, 1.0), 1.5),
    "circle apart": ((20.0, 3.0), 4.0),
}


def fresh_solve(polygon: Compound, disc: ConvexShape) -> Answer:
    """``solve`` on a fresh copy of the polygon: nothing it caches (its parts' boxes) carries
    over from one call to the next."""
    return solve(Compound(polygon.parts, polygon.geometry), disc)


def shapely_queries(geometry: Any, other: Any) -> tuple[float, bool]:
    return float(shapely.distance(geometry, other)), bool(shapely.intersects(geometry, other))


def check_file(path: Path) -> Check:
    return check_pair(load_pair(str(path)))


def whole_check(ring: list[Vec], centre: Vec, radius: float, repeat: int) -> tuple[float, float]:
    """Seconds for the whole check of the pair from its file (read, cut, answer, Shapely,
    certificate re-check): in this process, and as a ``gjk check`` process (median of 5)."""
    pair = {
        "a": {"type": "polygon", "points": [list(p) for p in ring]},
        "b": {"type": "circle", "center": list(centre), "radius": radius},
    }
    gjk = str(Path(sysconfig.get_path("scripts")) / "gjk")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pair.json"
        path.write_text(json.dumps(pair))
        in_process = per_call(partial(check_file, path), repeat)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([gjk, "check", str(path), "--json"], capture_output=True, check=False)
            times.append(time.perf_counter() - start)
    return in_process, statistics.median(times)


def side_by_side(count: int) -> dict[str, str]:
    """The pair: ``count`` long diagonal segments, and as many 0.5 further across."""
    a = ", ".join(f"({i} 0, {1000 + i} 1000)" for i in range(count))
    b = ", ".join(f"({i + 0.5} 0, {1000.5 + i} 1000)" for i in range(count))
    return {"a": f"MULTILINESTRING ({a})", "b": f"MULTILINESTRING ({b})"}


def timed_process(command: list[str]) -> tuple[float, int | None, int]:
    """Seconds, peak resident memory (KiB, as ``/usr/bin/time`` reports it; ``None``
    without it) and bytes of standard output of a process."""
    timer = ["/usr/bin/time", "-f", "%M"] if Path("/usr/bin/time").is_file() else []
    start = time.perf_counter()
    done = subprocess.run([*timer, *command], capture_output=True, check=True)
    seconds = time.perf_counter() - start
    peak = int(done.stderr.decode().split()[-1]) if timer else None
    return seconds, peak, len(done.stdout)


def side_by_side_table(counts: list[int]) -> Table:
    """The second table: long diagonal segments side by side."""
    table = Table(title="n long diagonal segments beside n others, 0.5 apart across")
    columns = ("n", "answer", "re-check", "pairs tested", "gjk check --json", "peak", "JSON")
    for column in columns:
        table.add_column(column, justify="right")
    gjk = str(Path(sysconfig.get_path("scripts")) / "gjk")
    with tempfile.TemporaryDirectory() as folder:
        for count in counts:
            path = Path(folder) / f"side-by-side-{count}.json"
            path.write_text(json.dumps(side_by_side(count)))
            pair = load_pair(str(path))
            a, b = pair.a.shape, pair.b.shape
            start = time.perf_counter()
            answer = solve(a, b)
            solved = time.perf_counter()
            check = check_certificate(
                a, b, answer.certificate, answer.gjk.distance, answer.gjk.band
            )
            checked = time.perf_counter()
            assert answer.parts is not None and check.ok
            seconds, peak, size = timed_process([gjk, "check", str(path), "--json"])
            table.add_row(
                f"{count:,}",
                f"{solved - start:.2f} s",
                f"{checked - solved:.2f} s",
                f"{answer.parts.tested:,} of {answer.parts.total:,}",
                f"{seconds:.2f} s",
                "?" if peak is None else f"{peak / 1024:.0f} MiB",
                f"{size / 1024:.1f} KiB",
            )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--vertices", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--side-by-side", type=int, nargs="*", default=[600, 5000])
    args = parser.parse_args()
    ring = star_ring(args.vertices, seed=1000)
    polygon = decompose(ring)
    geometry = shapely.Polygon(ring)
    table = Table(title=f"A {args.vertices}-vertex non-convex polygon against circles")
    for column in ("case", "gjkcli", "part pairs tested", "Shapely", "ratio"):
        table.add_column(column, justify="left" if column == "case" else "right")
    cut = per_call(partial(decompose, ring), args.repeat)
    table.add_row(f"cut into {len(polygon.parts)} convex parts", f"{cut * 1e3:.1f} ms", "", "", "")
    for name, (centre, radius) in PROBES.items():
        disc = circle(centre, radius)
        disc_geometry, _ = shapely_geometry(disc)
        answer = solve(polygon, disc)
        assert answer.parts is not None
        ours = per_call(partial(fresh_solve, polygon, disc), args.repeat)
        theirs = per_call(partial(shapely_queries, geometry, disc_geometry), args.repeat)
        table.add_row(
            f"{name}: {answer.verdict}, distance {answer.gjk.distance:.6g}",
            f"{ours * 1e3:.2f} ms",
            f"{answer.parts.tested} of {answer.parts.total}",
            f"{theirs * 1e3:.2f} ms",
            f"{ours / theirs:.1f}x",
        )
    for count in (10_000, 40_000):
        notched = notched_disc(count)
        parts = len(decompose(notched).parts)
        ours = per_call(partial(decompose, notched), 1)
        triangulation = partial(shapely.constrained_delaunay_triangles, shapely.Polygon(notched))
        theirs = per_call(triangulation, 1)
        table.add_row(
            f"cut a {count:,}-gon with a notch into {parts} parts (Shapely: its triangulation)",
            f"{ours * 1e3:.0f} ms",
            "",
            f"{theirs * 1e3:.0f} ms",
            f"{ours / theirs:.1f}x",
        )
    centre, radius = PROBES["circle across the boundary"]
    in_process, process = whole_check(ring, centre, radius, args.repeat)
    table.add_row(
        "whole check from the file (circle across)", f"{in_process * 1e3:.0f} ms", "", "", ""
    )
    table.add_row("the same, a gjk check process", f"{process * 1e3:.0f} ms", "", "", "")
    console = Console(width=110)
    console.print(table)
    if sys.stdout.isatty():
        print("ratio: gjkcli's time divided by Shapely's (above 1: gjkcli is slower)")
    if args.side_by_side:
        console.print(side_by_side_table(args.side_by_side))


if __name__ == "__main__":
    main()
