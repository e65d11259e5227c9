"""Wall time of ``gjk plot PAIR --gif F --frames D``: today's code against an earlier commit's.

Usage::

    python benchmarks/plot.py [--baseline c18a8e2] [--repeats 3] [PAIR ...]

Each row is a fresh process, timed from start to exit, the best of ``--repeats``:
its wall time, and its processor time (user and system), which a machine shared
with other work disturbs less.
The baseline is the same command run by the code of another commit: its tree is
exported (``git archive``) into a temporary folder and run as ``python -m gjkcli``
with that folder first on ``PYTHONPATH``, in the same run, on the same pairs, so
that the ratio means something on any machine. (The export has no compiled engine:
both sides are told ``GJKCLI_ENGINE=python``, which changes nothing visible in a
run of ten steps, and keeps the comparison fair.)

The default pair is ``samples/ellipse/separated.json``, a turned ellipse and a
segment whose GJK distance run takes 10 steps (no EPA: they are apart), and
``samples/ellipse/overlapping.json`` (3 steps of GJK distance, then 27 of EPA).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
PAIRS = ("samples/ellipse/separated.json", "samples/ellipse/overlapping.json")


def export(commit: str, into: Path) -> None:
    """The tree of ``commit`` in the folder ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def timed(code: Path, pair: str, out: Path, repeats: int) -> tuple[float, float]:
    """The best wall time and the best processor time (user and system) of ``gjk plot
    pair --gif --frames`` run by the code in ``code``."""
    environment = {**os.environ, "PYTHONPATH": str(code), "GJKCLI_ENGINE": "python"}
    command = [sys.executable, "-m", "gjkcli", "plot", str(ROOT / pair)]
    command += ["--gif", str(out / "run.gif"), "--frames", str(out / "frames")]
    wall = cpu = float("inf")
    for _ in range(repeats):
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=environment, cwd=out)
        wall = min(wall, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pairs", nargs="*", default=list(PAIRS), help="pair files to draw")
    parser.add_argument("--baseline", default="c18a8e2", help="the commit to compare with")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, the best kept")
    args = parser.parse_args()
    table = Table(title=f"gjk plot PAIR --gif F --frames D, best of {args.repeats} (seconds)")
    table.add_column("pair")
    for column in ("frames", f"wall {args.baseline}", "wall today", "ratio"):
        table.add_column(column, justify="right")
    for column in (f"cpu {args.baseline}", "cpu today", "ratio"):
        table.add_column(column, justify="right")
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) / "baseline"
        old.mkdir()
        export(args.baseline, old)
        for pair in args.pairs:
            out = Path(folder) / "out"
            out.mkdir(exist_ok=True)
            (wall_before, cpu_before) = timed(old, pair, out, args.repeats)
            (wall_now, cpu_now) = timed(ROOT, pair, out, args.repeats)
            frames = len(list((out / "frames").glob("step-*.png")))
            table.add_row(
                Path(pair).name,
                str(frames),
                f"{wall_before:.1f}",
                f"{wall_now:.1f}",
                f"{wall_now / wall_before:.2f}",
                f"{cpu_before:.1f}",
                f"{cpu_now:.1f}",
                f"{cpu_now / cpu_before:.2f}",
            )
    Console().print(table)


if __name__ == "__main__":
    main()
