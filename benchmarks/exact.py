"""The cost of the exact arbiter (rational arithmetic) against GJK and Shapely, same pairs;
and of the arbiter behind its floating-point filter, over many pairs at once.

Usage: ``python benchmarks/exact.py [--repeat N] [--pairs N]``. Two random
convex n-gons (n = 8, 64, 256), apart and overlapping: the exact verdict and
squared distance (``gjkcli.verify.exact.exact_answer``), GJK's distance query,
and Shapely's ``distance``, each timed per call (median). Then, per pair, the
same arbiter pair by pair against ``gjkcli.verify.exact_filter.exact_answers``
on chunks of 256 pairs (as ``gjk batch`` checks them), on ``--pairs`` random
8-gon pairs and on the polygonal pairs among ``--pairs`` pairs of
``gjk generate`` (seed 1) and of its ``extreme`` family: identical answers,
checked.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from functools import partial

import shapely
from rich.console import Console
from rich.table import Table
from timing import per_call

from gjkcli import distance
from gjkcli.corpus import generate
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.shapes import Polytope
from gjkcli.verify.exact import ExactAnswer, exact_answer
from gjkcli.verify.exact_filter import exact_answers

CHUNK = 256
"""Pairs per call of the filtered arbiter: the chunk ``gjk batch`` checks."""


def ngon(rng: random.Random, count: int, center: tuple[float, float]) -> Polytope:
    angles = [(k + 0.2 + 0.6 * rng.random()) * 2 * math.pi / count for k in range(count)]
    return Polytope(tuple((center[0] + math.cos(t), center[1] + math.sin(t)) for t in angles))


def generated(count: int, families: Sequence[str] | None = None) -> list[tuple[Polytope, Polytope]]:
    """The polygonal pairs among ``count`` pairs of ``gjk generate --seed 1``."""
    records = generate(count, 1) if families is None else generate(count, 1, families)
    pairs = [pair_from_node(Node(record, "corpus"), record["name"]) for record in records]
    return [
        (pair.a.shape, pair.b.shape)
        for pair in pairs
        if isinstance(pair.a.shape, Polytope) and isinstance(pair.b.shape, Polytope)
    ]


def pair_by_pair(pairs: list[tuple[Polytope, Polytope]]) -> list[ExactAnswer | None]:
    return [exact_answer(a, b) for a, b in pairs]


def in_chunks(pairs: list[tuple[Polytope, Polytope]]) -> list[ExactAnswer | None]:
    answers: list[ExactAnswer | None] = []
    for start in range(0, len(pairs), CHUNK):
        answers.extend(exact_answers(pairs[start : start + CHUNK]))
    return answers


def filtered_table(count: int, repeat: int) -> Table:
    """Per-pair time of the arbiter, pair by pair and filtered in chunks, same pairs."""
    rng = random.Random(5)
    sets = {
        f"{count:,} random 8-gon pairs": [
            (ngon(rng, 8, (0.0, 0.0)), ngon(rng, 8, (rng.uniform(-2.5, 2.5), 0.3)))
            for _ in range(count)
        ],
        "gjk generate (polygonal)": generated(count),
        "gjk generate --family extreme (polygonal)": generated(count, ["extreme"]),
    }
    table = Table(
        title=f"Per pair (median): the exact arbiter, alone and filtered ({CHUNK} a call)"
    )
    for column in ("pairs", "count", "exact_answer", "exact_answers", "speed-up"):
        table.add_column(column, justify="left" if column == "pairs" else "right")
    for label, pairs in sets.items():
        if pair_by_pair(pairs) != in_chunks(pairs):
            raise SystemExit(f"{label}: the filtered answers differ")
        alone = per_call(partial(pair_by_pair, pairs), repeat) / len(pairs)
        filtered = per_call(partial(in_chunks, pairs), repeat) / len(pairs)
        table.add_row(
            label,
            f"{len(pairs):,}",
            f"{alone * 1e6:.1f} us",
            f"{filtered * 1e6:.1f} us",
            f"{alone / filtered:.1f}x",
        )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=2048)
    args = parser.parse_args()
    rng = random.Random(3)
    table = Table(title="Per-call time (median): exact arbiter, GJK, Shapely")
    for column in ("pair", "exact (rational)", "GJK distance", "Shapely distance", "exact / GJK"):
        table.add_column(column, justify="left" if column == "pair" else "right")
    for count in (8, 64, 256):
        for label, offset in (("apart", 2.5), ("overlapping", 1.2)):
            a, b = ngon(rng, count, (0.0, 0.0)), ngon(rng, count, (offset, 0.3))
            geometry_a = shapely.Polygon(a.vertices)
            geometry_b = shapely.Polygon(b.vertices)
            exact = per_call(partial(exact_answer, a, b), args.repeat)
            gjk = per_call(partial(distance, a, b), args.repeat)
            reference = per_call(partial(shapely.distance, geometry_a, geometry_b), args.repeat)
            table.add_row(
                f"two {count}-gons, {label}",
                f"{exact * 1e3:.2f} ms",
                f"{gjk * 1e3:.3f} ms",
                f"{reference * 1e3:.3f} ms",
                f"{exact / gjk:,.0f}x",
            )
    Console().print(table)
    Console().print(filtered_table(args.pairs, args.repeat))


if __name__ == "__main__":
    main()
