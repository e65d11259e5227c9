"""The array functions (gjkcli.vectorized) against Shapely's vectorized functions, on
geometry arrays built beforehand.

Usage: ``python benchmarks/vectorized.py [--pairs N] [--curved-pairs M] [--repeat R]``.

1. ``N`` random 8-gon pairs (radius 1, the second centred within 3 of the first):
   ``shapely.distance`` and ``shapely.intersects`` over the two geometry arrays,
   against ``vectorized.distance`` and ``vectorized.intersects`` over the same
   shapes as a ``ShapeArray`` (built once, outside the timing: the cost of
   building it from the Shapely arrays is a row of its own), on one thread and
   on two.
2. ``M`` pairs of circles and of ellipses: gjkcli answers them exactly, as
   curves. Shapely needs polygons standing in for them, and their error shrinks
   only with the square of their vertex count: the table gives, for each
   accuracy, the vertex count a regular polygon inscribed in the curve needs
   and Shapely's time on those stand-ins.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from functools import partial

import numpy as np
import numpy.typing as npt
import shapely
from rich.console import Console
from rich.table import Table

from gjkcli import engine, vectorized
from gjkcli.shape_array import ShapeArray


def best(run: Callable[[], object], repeat: int) -> float:
    """The least wall time of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def octagons(rng: np.random.Generator, centers: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """One random 8-gon of radius 1 around each centre: ``(n, 8, 2)``."""
    angles = np.sort(rng.uniform(0.0, 2.0 * np.pi, (len(centers), 8)), axis=1)
    return np.stack(
        [centers[:, None, 0] + np.cos(angles), centers[:, None, 1] + np.sin(angles)], axis=-1
    )


def sides_for(accuracy: float) -> int:
    """Vertices of a regular polygon inscribed in a circle whose error (the sagitta, as
    a fraction of the radius) is at most ``accuracy``."""
    return math.ceil(math.pi / math.acos(1.0 - accuracy))


def polygon_pairs(table: Table, pairs: int, repeat: int) -> None:
    rng = np.random.default_rng(1)
    first = octagons(rng, np.zeros((pairs, 2)))
    second = octagons(rng, rng.uniform(-3.0, 3.0, (pairs, 2)))
    geometries_a, geometries_b = shapely.polygons(first), shapely.polygons(second)
    start = time.perf_counter()
    shapes_a = ShapeArray.from_shapely(geometries_a)
    shapes_b = ShapeArray.from_shapely(geometries_b)
    built = time.perf_counter() - start
    table.add_row(
        f"{pairs:,} 8-gon pairs: ShapeArray.from_shapely (both arrays, once)",
        f"{built:.3f} s",
        "",
        "",
    )
    for name, ours, theirs in (
        ("distance", vectorized.distance, shapely.distance),
        ("intersects", vectorized.intersects, shapely.intersects),
    ):
        reference = best(partial(theirs, geometries_a, geometries_b), repeat)
        for threads in (1, 2):
            mine = best(partial(ours, shapes_a, shapes_b, threads=threads), repeat)
            table.add_row(
                f"{pairs:,} 8-gon pairs: {name}, {threads} thread{'s' * (threads > 1)}",
                f"{mine:.3f} s",
                f"{reference:.3f} s",
                f"{reference / mine:.1f}x",
            )
    agree = np.array_equal(
        ours_intersects := vectorized.intersects(shapes_a, shapes_b),
        shapely.intersects(geometries_a, geometries_b),
    )
    gap = float(
        np.max(
            np.abs(
                vectorized.distance(shapes_a, shapes_b)
                - shapely.distance(geometries_a, geometries_b)
            )
        )
    )
    table.add_row(
        f"  (verdicts equal to Shapely's: {agree}, {int(ours_intersects.sum()):,} overlapping; "
        f"largest distance difference {gap:.1e})",
        "",
        "",
        "",
    )


def curved_pairs(table: Table, pairs: int, repeat: int) -> None:
    rng = np.random.default_rng(2)
    centers_a = np.zeros((pairs, 2))
    centers_b = rng.uniform(2.5, 4.0, (pairs, 1)) * np.stack(
        [np.cos(angle := rng.uniform(0.0, 2.0 * np.pi, pairs)), np.sin(angle)], axis=1
    )
    radii_a, radii_b = rng.uniform(0.5, 1.0, pairs), rng.uniform(0.5, 1.0, pairs)
    axes_a = np.stack([radii_a, 0.5 * radii_a], axis=1)
    axes_b = np.stack([radii_b, 0.4 * radii_b], axis=1)
    turns_a, turns_b = rng.uniform(0.0, 180.0, pairs), rng.uniform(0.0, 180.0, pairs)
    kinds = {
        "circles": (ShapeArray.circles(centers_a, radii_a), ShapeArray.circles(centers_b, radii_b)),
        "ellipses": (
            ShapeArray.ellipses(centers_a, axes_a, turns_a),
            ShapeArray.ellipses(centers_b, axes_b, turns_b),
        ),
    }
    for kind, (shapes_a, shapes_b) in kinds.items():
        mine = best(partial(vectorized.distance, shapes_a, shapes_b), repeat)
        table.add_row(f"{pairs:,} {kind} pairs: gjkcli, exact", f"{mine:.3f} s", "", "")
        for accuracy in (1e-3, 1e-5):
            sides = sides_for(accuracy)
            stand_ins = []
            for centers, axes, turns in (
                (centers_a, axes_a, turns_a),
                (centers_b, axes_b, turns_b),
            ):
                angles = 2.0 * np.pi * np.arange(sides) / sides
                unit = np.stack([np.cos(angles), np.sin(angles)], axis=-1)
                if kind == "circles":
                    radii = radii_a if centers is centers_a else radii_b
                    rings = centers[:, None, :] + radii[:, None, None] * unit[None]
                else:
                    c, s = np.cos(np.radians(turns)), np.sin(np.radians(turns))
                    x = axes[:, None, 0] * unit[None, :, 0]
                    y = axes[:, None, 1] * unit[None, :, 1]
                    rings = np.stack(
                        [c[:, None] * x - s[:, None] * y, s[:, None] * x + c[:, None] * y], axis=-1
                    )
                    rings = rings + centers[:, None, :]
                stand_ins.append(shapely.polygons(rings))
            theirs = best(partial(shapely.distance, *stand_ins), max(1, repeat // 2))
            table.add_row(
                f"  Shapely on {sides:,}-gons (error {accuracy:g} of the size)",
                "",
                f"{theirs:.3f} s",
                f"{theirs / mine:.0f}x",
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=100_000)
    parser.add_argument("--curved-pairs", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    table = Table(title=f"Arrays of pairs: gjkcli.vectorized ({engine.describe()}) vs Shapely")
    for column in ("run", "gjkcli", "Shapely", "gjkcli faster by"):
        table.add_column(column, justify="left" if column == "run" else "right")
    polygon_pairs(table, args.pairs, args.repeat)
    curved_pairs(table, args.curved_pairs, args.repeat)
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
