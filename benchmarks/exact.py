"""The cost of the exact arbiter (rational arithmetic) against GJK and Shapely, same pairs.

Usage: ``python benchmarks/exact.py [--repeat N]``. Two random convex n-gons
(n = 8, 64, 256), apart and overlapping: the exact verdict and squared
distance (``gjkcli.verify.exact.exact_answer``), GJK's distance query, and
Shapely's ``distance``, each timed per call (median).
"""

from __future__ import annotations

import argparse
import math
import random
from functools import partial

import shapely
from rich.console import Console
from rich.table import Table
from timing import per_call

from gjkcli import distance
from gjkcli.shapes import Polytope
from gjkcli.verify.exact import exact_answer


def ngon(rng: random.Random, count: int, center: tuple[float, float]) -> Polytope:
    angles = [(k + 0.2 + 0.6 * rng.random()) * 2 * math.pi / count for k in range(count)]
    return Polytope(tuple((center[0] + math.cos(t), center[1] + math.sin(t)) for t in angles))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
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


if __name__ == "__main__":
    main()
