"""The depth oracle's convex hulls: every Minkowski difference handed to GEOS (before)
against the differences left once those proven inside are dropped (now), on the
pairs of ``gjk generate``, in the same run.

Usage: ``python benchmarks/oracle.py [--count N] [--seed S] [--repeat R]``.

For the convex pairs of ``N`` generated pairs (the default mix, then the
``extreme`` family), each shape traced as the oracle traces it (outside the
timing), the table gives the points GEOS sorts and the time per pair of building
the differences and their hulls (the least of ``R`` runs), both ways; the hulls
are checked to be the same, to the bit.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import shapely
from rich.console import Console
from rich.table import Table

from gjkcli.corpus import DEFAULT_FAMILIES, generate
from gjkcli.io.errors import InputError
from gjkcli.io.pairs import pair_from_text
from gjkcli.shapes.compound import Compound
from gjkcli.tolerances import ORACLE_CURVE_MAX_POINTS, ORACLE_CURVE_POINTS
from gjkcli.verify import shapely_oracle
from gjkcli.verify.hull_points import hull_candidates

PointSets = list[tuple[Any, Any, int]]


def point_sets(count: int, seed: int, families: tuple[str, ...]) -> PointSets:
    """Each convex pair's traced points (or vertices), and its GEOS scaling exponent."""
    sets = []
    for record in generate(count, seed, families):
        try:
            pair = pair_from_text("pair.json", "pair.json", json.dumps(record))
        except InputError:
            continue
        a, b = pair.a.shape, pair.b.shape
        if isinstance(a, Compound) or isinstance(b, Compound):
            continue
        corners = shapely_oracle._all_corners((a, b), ORACLE_CURVE_POINTS, ORACLE_CURVE_MAX_POINTS)
        (points_a, _), (points_b, _) = corners
        sets.append((points_a, points_b, shapely_oracle._exponent((a, b))))
    return sets


def every_difference(sets: PointSets) -> list[Any]:
    return [
        np.ldexp((a[:, None, :] - b[None, :, :]).reshape(-1, 2), -exponent)
        for a, b, exponent in sets
    ]


def candidates(sets: PointSets) -> list[Any]:
    return [hull_candidates(a, b, exponent) for a, b, exponent in sets]


def hulls_of(build: Callable[[PointSets], list[Any]], sets: PointSets) -> tuple[Any, list[Any]]:
    """GEOS's hulls of the points ``build`` gives, and those points."""
    points = build(sets)
    return shapely_oracle._hulls(points), points


def same_answers(hulls: list[Any], points: list[list[Any]]) -> bool:
    """Whether both ways' hulls are the same to the bit, and so the depths measured on
    them and the oracle's checks of them (each hull against its own points)."""
    (old, new), (old_points, new_points) = hulls, points
    if not (shapely.to_wkb(old) == shapely.to_wkb(new)).all():
        return False
    if shapely_oracle._hull_depth(old) != shapely_oracle._hull_depth(new):
        return False
    return all(
        shapely_oracle._unfaithful_hull(a, p, 0.0) == shapely_oracle._unfaithful_hull(b, q, 0.0)
        for a, b, p, q in zip(old, new, old_points, new_points, strict=True)
    )


def best(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The least wall time of ``repeat`` runs, in seconds, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    table = Table(title=f"depth oracle hulls, {options.count} generated pairs per corpus")
    for column in ("corpus", "pairs", "way", "points", "ms / pair", "speed-up"):
        table.add_column(column, justify="left" if column in ("corpus", "way") else "right")
    for name, families in (("default mix", DEFAULT_FAMILIES), ("extreme", ("extreme",))):
        sets = point_sets(options.count, options.seed, families)
        ways = {"before: every difference": every_difference, "now: candidates": candidates}
        hulls, points, times = [], [], []
        for way, build in ways.items():
            seconds, (hull, handed) = best(partial(hulls_of, build, sets), options.repeat)
            hulls.append(hull)
            points.append(handed)
            times.append(seconds)
            ratio = f"{times[0] / seconds:.1f}x"
            per_pair = f"{1e3 * seconds / len(sets):.3f}"
            count = sum(len(p) for p in handed)
            table.add_row(name, str(len(sets)), way, f"{count:,}", per_pair, ratio)
        if not same_answers(hulls, points):
            raise SystemExit(f"{name}: the hulls, depths or checks differ")
    Console().print(table)


if __name__ == "__main__":
    main()
