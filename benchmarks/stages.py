"""Per-pair time of the Python stages of a check: ``solve``, Shapely's answers,
``check_certificate`` and ``_compare``'s own work, on random 8-gon pairs and on a
``gjk generate`` corpus.

Usage::

    python benchmarks/stages.py [--pairs 4096] [--repeat 5] [--corpus FILE.jsonl ...]

Each repeat loads the pairs afresh (so nothing a shape caches survives from one
repeat to the next, as in a batch, where each shape is checked once), then runs the
stages in the order a batch does: ``solve`` on every pair, Shapely's answers for all
of them (``shapely_answers``: the stand-ins, curves traced, GEOS, the depth oracle),
``check_certificate`` on every answer, and ``_compare``. The ``_compare``
column is its own work only: the exact arbiter and the certificate re-check it calls
are handed their answers, computed beforehand, and the exact arbiter (the filtered
one, 256 pairs a call, as a batch calls it) is shown on its own. The table gives the
least, over the repeats, of the microseconds of processor time per pair (the run
least disturbed by anything else on the machine), on the active engine
(``GJKCLI_ENGINE=python`` for the pure-Python one)."""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from batch import octagon
from rich.console import Console
from rich.table import Table

from gjkcli import engine
from gjkcli.algorithms.answer import solve
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.pair import Pair
from gjkcli.verify import check
from gjkcli.verify.certificates import check_certificate
from gjkcli.verify.exact_filter import exact_answers
from gjkcli.verify.expect import ExpectSettings
from gjkcli.verify.shapely_oracle import shapely_answers

STAGES = ("solve", "shapely_answers", "check_certificate", "_compare (own)", "exact arbiter")


def octagon_lines(count: int, seed: int) -> list[str]:
    """JSON Lines of random 8-gon pairs, as ``benchmarks/batch.py`` writes them."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        a = octagon(rng, (0.0, 0.0), rng.uniform(0.5, 2.0))
        b = octagon(rng, (rng.uniform(-4, 4), rng.uniform(-4, 4)), rng.uniform(0.5, 2.0))
        pair = {"a": {"type": "polygon", "points": a}, "b": {"type": "polygon", "points": b}}
        lines.append(json.dumps(pair))
    return lines


def generated_lines(count: int) -> list[str]:
    """JSON Lines of ``gjk generate --count COUNT --seed 0``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pairs.jsonl"
        command = [sys.executable, "-m", "gjkcli", "generate", str(path), "--count", str(count)]
        subprocess.run(command, check=True, capture_output=True)
        return path.read_text().splitlines()


def load(lines: list[str]) -> list[Pair]:
    """Fresh pairs from JSON Lines, through the loaders a batch uses."""
    return [
        pair_from_node(Node(parse_json(line, f"pairs:{k}", True), f"pairs:{k}"), f"pairs:{k}")
        for k, line in enumerate(lines)
    ]


def timed(work: Callable[[], object]) -> float:
    """The processor time ``work`` takes: on a shared machine, what other processes run
    in the meantime distorts it less than the wall time."""
    start = time.process_time()
    work()
    return time.process_time() - start


@contextmanager
def handed(name: str, answers: list[Any]) -> Iterator[None]:
    """``check.<name>`` replaced by one that returns ``answers`` in order."""
    original = getattr(check, name)
    given = iter(answers)
    setattr(check, name, lambda *args: next(given))
    try:
        yield
    finally:
        setattr(check, name, original)


def one_run(lines: list[str]) -> dict[str, float]:
    """Seconds per pair of each stage, on pairs loaded afresh."""
    pairs = load(lines)
    count = len(pairs)
    seconds: dict[str, float] = {}
    answers: list[Any] = []
    seconds["solve"] = timed(lambda: answers.extend(solve(p.a.shape, p.b.shape) for p in pairs))
    referees: list[Any] = []
    seconds["shapely_answers"] = timed(
        lambda: referees.extend(
            shapely_answers(
                [(p.a.shape, p.b.shape) for p in pairs],
                [answer.gjk.intersects for answer in answers],
            )
        )
    )
    checks: list[Any] = []
    seconds["check_certificate"] = timed(
        lambda: checks.extend(
            check_certificate(p.a.shape, p.b.shape, s.certificate, s.gjk.distance, s.gjk.band)
            for p, s in zip(pairs, answers, strict=True)
        )
    )
    exacts: list[Any] = []
    shapes = [(p.a.shape, p.b.shape) for p in pairs]
    seconds["exact arbiter"] = timed(
        lambda: exacts.extend(
            answer for k in range(0, count, 256) for answer in exact_answers(shapes[k : k + 256])
        )
    )
    with handed("check_certificate", checks):
        seconds["_compare (own)"] = timed(
            lambda: [
                check._compare(p, s, r, e, ExpectSettings())
                for p, s, r, e in zip(pairs, answers, referees, exacts, strict=True)
            ]
        )
    return {stage: value / count for stage, value in seconds.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=4096)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--corpus", type=Path, nargs="*", default=[], help="more JSON Lines")
    args = parser.parse_args()
    corpora = {
        f"random 8-gon pairs ({args.pairs:,})": octagon_lines(args.pairs, 0),
        f"gjk generate ({args.pairs:,})": generated_lines(args.pairs),
    }
    for path in args.corpus:
        corpora[path.name] = path.read_text().splitlines()[: args.pairs]
    table = Table(title=f"Microseconds per pair, best of {args.repeat} ({engine.describe()})")
    table.add_column("corpus")
    for stage in STAGES:
        table.add_column(stage, justify="right")
    for name, lines in corpora.items():
        runs = [one_run(lines) for _ in range(args.repeat)]
        table.add_row(name, *(f"{min(run[s] for run in runs) * 1e6:.1f}" for s in STAGES))
    Console().print(table)


if __name__ == "__main__":
    main()
