"""Per-call time of GJK distance, intersection and EPA depth against Shapely, on the same pairs.

Usage: ``python benchmarks/distance.py [--repeat N]``. Prints one table; the
ratio column is gjkcli's time divided by Shapely's (above 1: gjkcli is slower).
gjkcli runs on the active engine (the compiled core when it is built; the
title says which), and the pure-Python reference is timed beside it.
Shapely's time is for the query alone, on geometries built beforehand, which
is the most favourable setting for it. Shapely has no penetration depth; its
row there is the oracle gjkcli checks EPA against (the hull of all vertex
differences, then the distance from the origin to its boundary).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import shapely
from polygons import regular_polygon
from rich.console import Console
from rich.table import Table
from timing import per_call

from gjkcli import circle, convex_polygon, distance, ellipse, engine, intersects, penetration
from gjkcli.algorithms.distance import reference_distance
from gjkcli.algorithms.epa import reference_penetration
from gjkcli.algorithms.intersect import reference_intersects
from gjkcli.shapes.base import ConvexShape
from gjkcli.verify.shapely_oracle import shapely_geometry, shapely_penetration

PAIRS: dict[str, tuple[ConvexShape, ConvexShape]] = {
    "8-gons, separated": (
        regular_polygon(8, (0.0, 0.0), 1.0, 0.1),
        regular_polygon(8, (3.0, 0.5), 1.0, 0.3),
    ),
    "8-gons, overlapping": (
        regular_polygon(8, (0.0, 0.0), 1.0, 0.1),
        regular_polygon(8, (1.2, 0.5), 1.0, 0.3),
    ),
    "circles, separated": (circle((0.0, 0.0), 1.0), circle((3.0, 0.5), 1.0)),
    "ellipses, separated": (
        ellipse((0.0, 0.0), (2.0, 1.0), 20.0),
        ellipse((4.0, 1.5), (1.5, 0.5), 70.0),
    ),
    "ellipses, overlapping": (
        ellipse((0.0, 0.0), (2.0, 1.0), 20.0),
        ellipse((2.0, 1.0), (1.5, 0.5), 70.0),
    ),
}


def random_octagons(count: int, seed: int) -> list[tuple[ConvexShape, ConvexShape]]:
    """``count`` pairs of random 8-gons of radius 1, the second centred anywhere within 3 of
    the first (about a quarter of them overlap)."""
    rng = random.Random(seed)

    def octagon(cx: float, cy: float) -> ConvexShape:
        angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(8))
        return convex_polygon([(cx + math.cos(t), cy + math.sin(t)) for t in angles])

    return [
        (octagon(0.0, 0.0), octagon(rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0)))
        for _ in range(count)
    ]


Query = tuple[str, Callable[[], object], Callable[[], object], Callable[[], object], int]


def queries(a: ConvexShape, b: ConvexShape) -> list[Query]:
    """``(query, gjkcli call, pure-Python call, Shapely call, iterations)`` for one pair."""
    geometry_a, _ = shapely_geometry(a)
    geometry_b, _ = shapely_geometry(b)
    found: list[Query] = [
        (
            "distance",
            partial(distance, a, b),
            partial(reference_distance, a, b),
            partial(shapely.distance, geometry_a, geometry_b),
            distance(a, b).iterations,
        ),
        (
            "intersects",
            partial(intersects, a, b),
            partial(reference_intersects, a, b),
            partial(shapely.intersects, geometry_a, geometry_b),
            intersects(a, b).iterations,
        ),
    ]
    overlap = penetration(a, b)
    if overlap is not None:
        found.append(
            (
                "depth (EPA)",
                partial(penetration, a, b),
                partial(reference_penetration, a, b),
                partial(shapely_penetration, a, b),
                overlap.iterations,
            )
        )
    return found


def each(
    function: Callable[[ConvexShape, ConvexShape], object], pairs: list[Any]
) -> Callable[[], object]:
    """One call of ``function`` on every pair (the per-call time is this over ``len(pairs)``)."""
    return lambda: [function(a, b) for a, b in pairs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    table = Table(
        title=f"Per-call time (median), gjkcli ({engine.describe()}) vs Shapely on the same pair"
    )
    for column in ("pair", "query", "gjkcli", "pure Python", "Shapely", "ratio", "iterations"):
        table.add_column(column, justify="left" if column in ("pair", "query") else "right")
    octagons = random_octagons(300, seed=1)
    geometries = [(shapely_geometry(a)[0], shapely_geometry(b)[0]) for a, b in octagons]
    rows = [
        (
            "random 8-gons (300 pairs, mean)",
            "distance",
            each(distance, octagons),
            each(reference_distance, octagons),
            each(shapely.distance, geometries),
            len(octagons),
        )
    ]
    rows += [
        (name, query, ours, pure, theirs, 1)
        for name, (a, b) in PAIRS.items()
        for query, ours, pure, theirs, _ in queries(a, b)
    ]
    steps = {
        (name, query): count for name, (a, b) in PAIRS.items() for query, *_, count in queries(a, b)
    }
    for name, query, ours, pure, theirs, calls in rows:
        mine, reference = per_call(ours, args.repeat) / calls, per_call(theirs, args.repeat) / calls
        python = per_call(pure, max(1, args.repeat // 2)) / calls
        table.add_row(
            name,
            query,
            f"{mine * 1e6:.1f} us",
            f"{python * 1e6:.1f} us",
            f"{reference * 1e6:.1f} us",
            f"{mine / reference:.2f}x",
            str(steps.get((name, query), "")),
        )
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
