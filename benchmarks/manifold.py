"""Per-call time of the contact manifold against Shapely's intersection, on the same pairs.

Usage: ``python benchmarks/manifold.py [--repeat N]``. Prints one table; the
ratio column is gjkcli's time divided by Shapely's (above 1: gjkcli is slower).
Shapely has no contact manifold: its nearest equivalent is the intersection of
the two shapes (the region the manifold's points bound), timed on geometries
built beforehand, the most favourable setting for it. The manifold's own
cross-check (``manifold_problems``, Shapely all through) is timed too.
"""

from __future__ import annotations

import argparse
from functools import partial

import shapely
from polygons import regular_polygon
from rich.console import Console
from rich.table import Table
from timing import per_call

from gjkcli import capsule, circle, manifold, rectangle
from gjkcli.shapes.base import ConvexShape
from gjkcli.verify.manifold_oracle import manifold_problems
from gjkcli.verify.shapely_oracle import shapely_geometry

PAIRS: dict[str, tuple[ConvexShape, ConvexShape]] = {
    "8-gons, overlapping": (
        regular_polygon(8, (0.0, 0.0), 1.0, 0.1),
        regular_polygon(8, (1.2, 0.5), 1.0, 0.3),
    ),
    "box on box": (rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((0.0, 1.9), (2.0, 2.0))),
    "capsule on box": (
        rectangle((0.0, 0.0), (4.0, 2.0)),
        capsule((-1.0, 1.2), (1.0, 1.2), 0.25),
    ),
    "circle on box": (rectangle((0.0, 0.0), (4.0, 2.0)), circle((0.5, 1.8), 1.0)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timing runs per row (median)")
    repeat = parser.parse_args().repeat
    table = Table(title="gjkcli.manifold and shapely.intersection, microseconds per call")
    for column in ("pair", "manifold", "intersection", "ratio", "cross-check"):
        table.add_column(column, justify="right" if column != "pair" else "left")
    for name, (a, b) in PAIRS.items():
        geometry_a, geometry_b = shapely_geometry(a)[0], shapely_geometry(b)[0]
        ours = per_call(partial(manifold, a, b), repeat)
        theirs = per_call(partial(shapely.intersection, geometry_a, geometry_b), repeat)
        check = per_call(partial(manifold_problems, a, b, manifold(a, b)), repeat)
        table.add_row(
            name,
            f"{ours * 1e6:.1f}",
            f"{theirs * 1e6:.1f}",
            f"{ours / theirs:.2f}",
            f"{check * 1e6:.0f}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
