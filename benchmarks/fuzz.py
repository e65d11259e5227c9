"""``gjk fuzz`` against the toy engine (examples/toy_engine): pairs per second of the
search, in process (``--impl``) and through the line protocol (``--impl-cmd``), and the
time and engine calls each finding took to shrink; then the smallest ``--count`` at which
both planted bugs are found, for a few seeds.

    python benchmarks/fuzz.py --count 1000 --seeds 1 2 3
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table

from gjkcli.fuzz.engines import Engine, ProgramEngine, load_callable
from gjkcli.fuzz.run import FuzzOptions, FuzzResult, fuzz

TYPES = ("polygon", "circle", "point")
ROOT = Path(__file__).resolve().parent.parent
TOY = ROOT / "examples" / "toy_engine"


def _engine(form: str) -> Engine:
    if form == "function":
        return load_callable(f"{TOY / 'toy_engine.py'}:answer")
    return ProgramEngine(f"{sys.executable} {TOY / 'program.py'}", timeout=10.0)


def _run(form: str, seed: int, count: int, max_calls: int = 2000) -> FuzzResult:
    engine = _engine(form)
    with tempfile.TemporaryDirectory() as folder:
        options = FuzzOptions(
            seed=seed, count=count, types=TYPES, out=Path(folder) / "out", max_calls=max_calls
        )
        try:
            return fuzz(engine, options)
        finally:
            engine.close()


def _both_bugs(result: FuzzResult) -> bool:
    signatures = [set(finding.signature) for finding in result.findings]
    touching = any({"answer.intersects", "answer.verdict"} <= s for s in signatures)
    small = any({"answer.distance"} <= s and "answer.intersects" not in s for s in signatures)
    return touching and small


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()
    console = Console()
    speed = Table(title=f"search: {args.count} pairs, seed {args.seeds[0]}")
    for column in ("engine", "pairs/s", "findings", "shrink seconds (each)", "engine calls"):
        speed.add_column(column)
    for form in ("function", "program"):
        result = _run(form, args.seeds[0], args.count)
        shrinks = [f.shrunk for f in result.findings if f.shrunk is not None]
        speed.add_row(
            form,
            f"{result.pairs_per_second:,.0f}",
            str(len(result.findings)),
            " ".join(f"{s.seconds:.2f}" for s in shrinks),
            " ".join(str(s.calls) for s in shrinks),
        )
    console.print(speed)
    budget = Table(title="smallest --count that finds both planted bugs")
    for column in ("seed", "function", "program"):
        budget.add_column(column)
    for seed in args.seeds:
        found = []
        for form in ("function", "program"):
            count = next(
                (n for n in range(5, 205, 5) if _both_bugs(_run(form, seed, n, max_calls=0))),
                None,
            )
            found.append("> 200" if count is None else str(count))
        budget.add_row(str(seed), *found)
    console.print(budget)


if __name__ == "__main__":
    main()
