"""Per-call time of GJK distance, intersection and EPA depth against Shapely, on the same pairs.

Usage: ``python benchmarks/distance.py [--repeat N]``. Prints one table; the
ratio column is gjkcli's time divided by Shapely's (above 1: gjkcli is slower).
Shapely's time is for the query alone, on geometries built beforehand, which
is the most favourable setting for it. Shapely has no penetration depth; its
row there is the oracle gjkcli checks EPA against (the hull of all vertex
differences, then the distance from the origin to its boundary).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from functools import partial

import shapely
from rich.console import Console
from rich.table import Table
from timing import per_call

from gjkcli import circle, convex_polygon, distance, ellipse, intersects, penetration
from gjkcli.shapes.base import ConvexShape
from gjkcli.verify.shapely_oracle import shapely_geometry, shapely_penetration


def regular_polygon(
    count: int, center: tuple[float, float], radius: float, turn: float
) -> ConvexShape:
    """A regular ``count``-gon, turned by ``turn`` radians."""
    angles = [turn + 2 * math.pi * k / count for k in range(count)]
    return convex_polygon(
        [(center[0] + radius * math.cos(t), center[1] + radius * math.sin(t)) for t in angles]
    )


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


def queries(
    a: ConvexShape, b: ConvexShape
) -> list[tuple[str, Callable[[], object], Callable[[], object], int]]:
    """``(query, gjkcli call, Shapely call, iterations)`` for one pair."""
    geometry_a, _ = shapely_geometry(a)
    geometry_b, _ = shapely_geometry(b)
    found: list[tuple[str, Callable[[], object], Callable[[], object], int]] = [
        (
            "distance",
            partial(distance, a, b),
            partial(shapely.distance, geometry_a, geometry_b),
            distance(a, b).iterations,
        ),
        (
            "intersects",
            partial(intersects, a, b),
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
                partial(shapely_penetration, a, b),
                overlap.iterations,
            )
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    table = Table(title="Per-call time (median), gjkcli vs Shapely on the same pair")
    for column in ("pair", "query", "gjkcli", "Shapely", "ratio", "iterations"):
        table.add_column(column, justify="left" if column in ("pair", "query") else "right")
    for name, (a, b) in PAIRS.items():
        for query, ours, theirs, steps in queries(a, b):
            mine, reference = per_call(ours, args.repeat), per_call(theirs, args.repeat)
            table.add_row(
                name,
                query,
                f"{mine * 1e6:.1f} us",
                f"{reference * 1e6:.1f} us",
                f"{mine / reference:.2f}x",
                str(steps),
            )
    Console(width=100).print(table)


if __name__ == "__main__":
    main()
