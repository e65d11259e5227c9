"""Per-call time of the queries about moving shapes against Shapely's nearest equivalents.

Usage: ``python benchmarks/motion.py [--repeat N]``. Prints one table; the
ratio column is gjkcli's time divided by Shapely's (above 1: gjkcli is slower).
Shapely has none of these queries, so each row times what a Shapely user would
write instead, on geometries built beforehand:

* ``raycast``: the intersection of the ray's segment with the shape (the first
  point along it is then one projection away, not timed);
* ``cast`` (a translation): bisection to 1e-12 on whether the swept region, the
  hull of B and of B moved by ``s r``, meets A (monotone in ``s`` for convex
  shapes), about 40 swept hulls and predicates;
* ``time_of_impact`` (a turning motion): Shapely's distance at 200 evenly spaced
  poses, then bisection to 1e-12 between the last apart one and the first
  touching one (which, unlike gjkcli's, can step over a brief contact).

gjkcli's times are for the whole answer: the state at t = 0 settled by its
verdict, the loop, the refinement and the certificate (the cast), or the chain
of proven steps (the time of impact). The contact manifold has its own script,
``benchmarks/manifold.py``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from functools import partial

import shapely
from polygons import regular_polygon
from rich.console import Console
from rich.table import Table
from shapely import affinity
from timing import per_call

from gjkcli import capsule, cast, circle, convex_polygon, ellipse, raycast, time_of_impact
from gjkcli.algorithms.poses import STILL, Move, Pose
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.verify.shapely_oracle import shapely_geometry

BISECTIONS = 40  # 2^-40 is about 1e-12
SAMPLES = 200


def geometry(shape: ConvexShape) -> shapely.Geometry:
    """The Shapely geometry gjkcli's own cross-checks use for a shape."""
    return shapely_geometry(shape)[0]


def shapely_ray(target: shapely.Geometry, origin: Vec, direction: Vec) -> object:
    """The ray's segment cut by the shape."""
    end = (origin[0] + direction[0], origin[1] + direction[1])
    return shapely.intersection(shapely.linestrings([origin, end]), target)


def shapely_cast(a: shapely.Geometry, b: shapely.Geometry, r: Vec) -> float | None:
    """The first ``s`` in [0, 1] at which hull(B, B + s r) meets A, by bisection."""

    def meets(s: float) -> bool:
        moved = affinity.translate(b, r[0] * s, r[1] * s)
        return bool(shapely.intersects(a, shapely.convex_hull(shapely.union(b, moved))))

    if not meets(1.0):
        return None
    low, high = 0.0, 1.0
    if meets(0.0):
        return 0.0
    for _ in range(BISECTIONS):
        middle = 0.5 * (low + high)
        low, high = (low, middle) if meets(middle) else (middle, high)
    return high


def shapely_turning(a: shapely.Geometry, b: shapely.Geometry, move_b: Move) -> float | None:
    """First contact of B turning and moving past a still A: samples, then bisection."""

    def apart(t: float) -> bool:
        pose = move_b.at(t)
        placed = affinity.translate(
            affinity.rotate(b, pose.angle, origin=(0.0, 0.0)), pose.x, pose.y
        )
        return bool(shapely.distance(a, placed) > 0.0)

    previous = 0.0
    for k in range(SAMPLES + 1):
        t = k / SAMPLES
        if not apart(t):
            low, high = previous, t
            for _ in range(BISECTIONS):
                middle = 0.5 * (low + high)
                low, high = (middle, high) if apart(middle) else (low, middle)
            return high
        previous = t
    return None


def rows() -> list[tuple[str, Callable[[], object], Callable[[], object]]]:
    """Each row: its name, gjkcli's call and Shapely's nearest equivalent."""
    octagon = regular_polygon(8, (0.0, 0.0), 1.0, 0.1)
    other = regular_polygon(8, (4.0, 0.5), 1.0, 0.3)
    oval = ellipse((0.0, 0.0), (2.0, 1.0), 20.0)
    disc = circle((5.0, 0.5), 1.0)
    bar = convex_polygon([(0.0, -0.1), (4.0, -0.1), (4.0, 0.1), (0.0, 0.1)])
    post = regular_polygon(4, (0.0, 3.0), 0.15, math.pi / 4)
    turn = Move(STILL, Pose(0.0, 0.0, 90.0))
    still = Move(STILL, STILL)
    g = {id(s): geometry(s) for s in (octagon, other, oval, disc, bar, post)}
    hit: Vec = (-4.0, 0.0)
    miss: Vec = (0.0, 4.0)
    return [
        (
            "raycast, 8-gon, hit",
            partial(raycast, octagon, (-3.0, 0.2), (6.0, 0.0)),
            partial(shapely_ray, g[id(octagon)], (-3.0, 0.2), (6.0, 0.0)),
        ),
        (
            "raycast, ellipse, hit",
            partial(raycast, oval, (-4.0, 0.2), (8.0, 0.0)),
            partial(shapely_ray, g[id(oval)], (-4.0, 0.2), (8.0, 0.0)),
        ),
        (
            "cast, two 8-gons, hit",
            partial(cast, octagon, other, hit),
            partial(shapely_cast, g[id(octagon)], g[id(other)], hit),
        ),
        (
            "cast, two 8-gons, miss",
            partial(cast, octagon, other, miss),
            partial(shapely_cast, g[id(octagon)], g[id(other)], miss),
        ),
        (
            "cast, circle into ellipse, hit",
            partial(cast, oval, disc, (-5.0, 0.0)),
            partial(shapely_cast, g[id(oval)], g[id(disc)], (-5.0, 0.0)),
        ),
        (
            "cast, capsule along a box, miss",
            partial(
                cast,
                regular_polygon(4, (0.0, 0.0), 1.0, math.pi / 4),
                capsule((-3.0, 1.5), (-2.0, 1.5), 0.25),
                (5.0, 0.0),
            ),
            partial(
                shapely_cast,
                geometry(regular_polygon(4, (0.0, 0.0), 1.0, math.pi / 4)),
                geometry(capsule((-3.0, 1.5), (-2.0, 1.5), 0.25)),
                (5.0, 0.0),
            ),
        ),
        (
            "time_of_impact, a turning bar into a post",
            partial(time_of_impact, post, bar, still, turn),
            partial(shapely_turning, g[id(post)], g[id(bar)], turn),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timing runs per row (median)")
    repeat = parser.parse_args().repeat
    table = Table(title="queries about moving shapes, microseconds per call")
    for column in ("query", "gjkcli", "Shapely's nearest equivalent", "ratio"):
        table.add_column(column, justify="right" if column != "query" else "left")
    for name, ours, theirs in rows():
        mine = per_call(ours, repeat)
        shapely_time = per_call(theirs, repeat)
        table.add_row(
            name, f"{mine * 1e6:,.0f}", f"{shapely_time * 1e6:,.0f}", f"{mine / shapely_time:.2f}"
        )
    Console().print(table)


if __name__ == "__main__":
    main()
