"""Families of generated pairs with compound shapes: non-convex polygons, holes, multi-parts.

* ``nonconvex``: a random star-shaped polygon (deep notches, 0 to 2 holes)
  against a random shape, a polyline, or a MultiPoint. No expectation: the
  referee is Shapely, on the polygon as written.
* ``pockets``: a small shape in the notch of an integer U or L, or in the
  hole of a square frame, at an exact integer gap (0: touching), or
  reaching across the edge (intersecting): the cases where the convex hull
  would say "intersecting". Turned by quarter turns and moved by integers, so
  every expected distance is exact.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from gjkcli.corpus.families import Json, Points, make_pair, random_shape, turned

__all__ = ["COMPOUND_FAMILIES", "star_polygon"]


def star_polygon(rng: random.Random, radius: float, holes: int) -> tuple[Points, list[Points]]:
    """A random simple polygon around the origin, visible from it (star-shaped), and holes.

    Vertex ``k`` lies in the ``k``-th of ``n >= 6`` equal sectors, at a random
    distance from 0.45 (sometimes 0.2) to 1 times ``radius``: every edge then
    passes at least ``0.1 * radius`` from the centre, where the holes (at
    most 0.08 * radius across, at most 0.1 * radius off centre) fit.
    """
    count = rng.randint(6, 40)
    deepest = 0.2 if rng.random() < 0.3 else 0.45
    ring = []
    for k in range(count):
        angle = (k + rng.uniform(0.1, 0.9)) * 2.0 * math.pi / count
        reach = radius * rng.uniform(deepest, 1.0)
        ring.append([reach * math.cos(angle), reach * math.sin(angle)])
    centres = [(0.0, 0.0)] if holes == 1 else [(-0.1, 0.0), (0.1, 0.0)][:holes]
    rings = []
    for cx, cy in centres:
        size = radius * rng.uniform(0.02, 0.08)
        corners = rng.randint(3, 8)
        hole = []
        for k in range(corners):
            angle = (k + rng.uniform(0.2, 0.8)) * 2.0 * math.pi / corners
            reach = size * rng.uniform(0.5, 1.0)
            x, y = cx * radius + reach * math.cos(angle), cy * radius + reach * math.sin(angle)
            hole.append([x, y])
        rings.append(hole)
    return ring, rings


def nonconvex(rng: random.Random) -> Json:
    radius = rng.uniform(2.0, 6.0)
    ring, holes = star_polygon(rng, radius, rng.choice([0, 0, 1, 2]))
    polygon: Json = {"type": "polygon", "points": ring}
    if holes:
        polygon["holes"] = holes
    at = (rng.uniform(-1.2, 1.2) * radius, rng.uniform(-1.2, 1.2) * radius)
    kind = rng.random()
    other: Json
    if kind < 0.15:
        other = {
            "type": "LineString",
            "coordinates": [
                [at[0] + rng.uniform(-2, 2), at[1] + rng.uniform(-2, 2)]
                for _ in range(rng.randint(3, 6))
            ],
        }
    elif kind < 0.25:
        other = {
            "type": "MultiPoint",
            "coordinates": [
                [at[0] + rng.uniform(-2, 2), at[1] + rng.uniform(-2, 2)]
                for _ in range(rng.randint(2, 6))
            ],
        }
    else:
        other = random_shape(rng, at)
    return make_pair(polygon, other) if rng.random() < 0.5 else make_pair(other, polygon)


def pockets(rng: random.Random) -> Json:
    builder = rng.choice([_in_notch, _in_hole])
    outer, inner, expect = builder(rng)
    turns, shift = rng.randrange(4), (rng.randint(-30, 30), rng.randint(-30, 30))
    outer_json = {"type": "polygon", "points": turned(outer[0], turns, shift)}
    if outer[1:]:
        outer_json["holes"] = [turned(hole, turns, shift) for hole in outer[1:]]
    inner_json = {"type": "polygon", "points": turned(inner, turns, shift)}
    return make_pair(outer_json, inner_json, expect)


def _in_notch(rng: random.Random) -> tuple[list[Points], Points, Json]:
    """A U (or an L: a U without its right arm) and a box in its notch."""
    x1, x2 = rng.randint(2, 4), rng.randint(9, 12)
    y1, top = rng.randint(2, 4), rng.randint(10, 14)
    width = x2 + rng.randint(2, 4)
    if rng.random() < 0.5:  # U: the notch is [x1, x2] x [y1, top]
        ring = [
            [0, 0],
            [width, 0],
            [width, top],
            [x2, top],
            [x2, y1],
            [x1, y1],
            [x1, top],
            [0, top],
        ]
        walls = 2
    else:  # L: the notch is everything right of x1 and above y1
        ring = [[0, 0], [width, 0], [width, y1], [x1, y1], [x1, top], [0, top]]
        walls = 1
    box, gaps = _inner_box(rng, x1, y1, x2 if walls == 2 else None)
    if rng.random() < 0.2:  # reach through the wall: intersecting
        box = [[x - (gaps[0] + 1), y] for x, y in box]
        return [_float(ring)], _float(box), {"intersects": True, "distance": 0}
    gap = min(gaps)
    return [_float(ring)], _float(box), {"intersects": gap == 0, "distance": gap}


def _inner_box(
    rng: random.Random, x1: int, y1: int, x2: int | None
) -> tuple[list[list[int]], list[int]]:
    """A box right of ``x1``, above ``y1`` (and left of ``x2``), and its gaps to those lines."""
    left = x1 + rng.randint(0, 2)
    right = left + rng.randint(1, 3)
    if x2 is not None:
        right = min(right, x2 - rng.randint(0, 2))
    bottom = y1 + rng.randint(0, 2)
    box = [[left, bottom], [right, bottom], [right, bottom + 2], [left, bottom + 2]]
    gaps = [left - x1, bottom - y1] + ([x2 - right] if x2 is not None else [])
    return box, gaps


def _in_hole(rng: random.Random) -> tuple[list[Points], Points, Json]:
    """A square frame with a square hole, and a box inside the hole (or across its edge)."""
    size, h0 = rng.randint(12, 20), rng.randint(2, 4)
    h1 = size - rng.randint(2, 4)
    frame = [[0, 0], [size, 0], [size, size], [0, size]]
    hole = [[h0, h0], [h0, h1], [h1, h1], [h1, h0]]
    left, bottom = h0 + rng.randint(0, 3), h0 + rng.randint(0, 3)
    right, top = left + rng.randint(1, 3), bottom + rng.randint(1, 3)
    if rng.random() < 0.2:  # across the hole's left edge: intersecting
        left = h0 - 1
    box = [[left, bottom], [right, bottom], [right, top], [left, top]]
    gap = max(0, min(left - h0, bottom - h0, h1 - right, h1 - top))
    return [_float(frame), _float(hole)], _float(box), {"intersects": gap == 0, "distance": gap}


def _float(points: list[list[int]]) -> Points:
    return [[float(x), float(y)] for x, y in points]


COMPOUND_FAMILIES: dict[str, Callable[[random.Random], Json]] = {
    "nonconvex": nonconvex,
    "pockets": pockets,
}
"""The compound families by name, after the convex ones in ``gjk generate``'s cycle."""
