"""Per-call time of GJK distance and intersection against Shapely, on the same pairs.

Usage: ``python benchmarks/distance.py [--repeat N]``. Prints one table; the
ratio column is GJK's time divided by Shapely's (above 1: GJK is slower).
Shapely's time is for the query alone, on geometries built beforehand, which
is the most favourable setting for it.
"""

from __future__ import annotations

import argparse
import math
import statistics
import timeit
from collections.abc import Callable
from functools import partial

import shapely
from rich.console import Console
from rich.table import Table

from gjkcli import circle, convex_polygon, distance, ellipse, intersects
from gjkcli.shapes.base import ConvexShape
from gjkcli.verify.shapely_oracle import shapely_geometry


def regular_polygon(
    count: int, center: tuple[float, float], radius: float, turn: float
) -> ConvexShape:
    """A regular ``count``-gon, turned by ``turn`` radians."""
    return convex_polygon(
        [
            (
                center[0] + radius * math.cos(turn + 2 * math.pi * k / count),
                center[1] + radius * math.sin(turn + 2 * math.pi * k / count),
            )
            for k in range(count)
        ]
    )


def per_call(function: Callable[[], object], repeat: int) -> float:
    """Median seconds per call over ``repeat`` timing runs (each long enough to be reliable)."""
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    return statistics.median(t / number for t in timer.repeat(repeat, number))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    pairs: dict[str, tuple[ConvexShape, ConvexShape]] = {
        "8-gons, separated": (
            regular_polygon(8, (0.0, 0.0), 1.0, 0.1),
            regular_polygon(8, (3.0, 0.5), 1.0, 0.3),
        ),
        "8-gons, overlapping": (
            regular_polygon(8, (0.0, 0.0), 1.0, 0.1),
            regular_polygon(8, (1.2, 0.5), 1.0, 0.3),
        ),
        "circle - circle, separated": (circle((0.0, 0.0), 1.0), circle((3.0, 0.5), 1.0)),
        "ellipse - ellipse, separated": (
            ellipse((0.0, 0.0), (2.0, 1.0), 20.0),
            ellipse((4.0, 1.5), (1.5, 0.5), 70.0),
        ),
    }
    table = Table(title="Per-call time (median), GJK vs Shapely on the same pair")
    for column in ("pair", "query", "gjkcli", "Shapely", "ratio", "iterations"):
        table.add_column(column, justify="right" if column not in ("pair", "query") else "left")
    for name, (a, b) in pairs.items():
        geometry_a, _ = shapely_geometry(a)
        geometry_b, _ = shapely_geometry(b)
        points = len(shapely.get_coordinates(geometry_a)) + len(shapely.get_coordinates(geometry_b))
        queries: tuple[tuple[str, Callable[[], object], Callable[[], object]], ...] = (
            (
                "distance",
                partial(distance, a, b),
                partial(shapely.distance, geometry_a, geometry_b),
            ),
            (
                "intersects",
                partial(intersects, a, b),
                partial(shapely.intersects, geometry_a, geometry_b),
            ),
        )
        for query, ours, theirs in queries:
            mine, reference = per_call(ours, args.repeat), per_call(theirs, args.repeat)
            steps = (
                distance(a, b).iterations if query == "distance" else intersects(a, b).iterations
            )
            table.add_row(
                f"{name} ({points} Shapely vertices)",
                query,
                f"{mine * 1e6:.1f} us",
                f"{reference * 1e6:.1f} us",
                f"{mine / reference:.1f}x",
                str(steps),
            )
    Console().print(table)


if __name__ == "__main__":
    main()
