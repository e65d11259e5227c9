"""The ``extreme`` family: every shape type at the edges of the input limits.

Each pair is two random shapes of any type (points, segments, convex and
non-convex polygons, hulls, circles, ellipses, rectangles, capsules, compounds,
with or without a transform and a margin), each with a length and a width
drawn from 1e-6 to 1e14 (so aspect ratios up to 1e20), placed at an offset
from 0 to 1e12 from the origin, with B touching A, or a gap of up to 1 away
(from 1e-12 to 1 on a log scale), along a random direction: B is moved so
that its farthest point against the direction lands on A's farthest point
along it, plus the gap. Floating point rounds that placement (by about 1e-4
at 1e12), so no expectation is given: the exact arbiter (polygons) and
Shapely are the referees, and the certificate's proof. This is the corpus of
the differential run in ``tests/test_extremes.py``.
"""

from __future__ import annotations

import math
import random
from typing import Any

from gjkcli.corpus.compounds import star_polygon
from gjkcli.corpus.families import Json, make_pair
from gjkcli.io.errors import InputError
from gjkcli.io.node import Node
from gjkcli.io.shape import shape_from_node

__all__ = ["EXTREME_FAMILIES", "extreme", "extreme_shape"]

_KINDS = (
    "point",
    "segment",
    "polygon",
    "hull",
    "circle",
    "ellipse",
    "rectangle",
    "capsule",
    "nonconvex",
    "compound",
    "multipoint",
    "linestring",
)


def extreme(rng: random.Random) -> Json:
    """Two shapes of extreme sizes, far out, touching or up to 1 apart (see the notes)."""
    offset = 0.0 if rng.random() < 0.2 else 10.0 ** rng.uniform(0.0, 12.0)
    angle = rng.uniform(0.0, 2.0 * math.pi)
    a = extreme_shape(rng, (offset * math.cos(angle), offset * math.sin(angle)))
    for _ in range(_DRAWS):
        b = extreme_shape(rng, (0.0, 0.0))
        draw = rng.random()
        gap = 0.0 if draw < 0.25 else 10.0 ** rng.uniform(-12, 0) if draw < 0.6 else rng.random()
        turn = rng.uniform(0.0, 2.0 * math.pi)
        n = (math.cos(turn), math.sin(turn))
        far_a = _support(a, n)
        near_b = _support(b, (-n[0], -n[1]))
        _move(b, (far_a[0] + gap * n[0] - near_b[0], far_a[1] + gap * n[1] - near_b[1]))
        if _valid(b):  # moved far out, a thin shape may round into invalid input
            return make_pair(a, b)
    raise RuntimeError(f"no valid pair in {_DRAWS} draws: the family is broken")


def extreme_shape(rng: random.Random, at: tuple[float, float]) -> Json:
    """A random shape of any type, ``1e-6`` to ``1e14`` long and wide, centred near ``at``.

    Drawn again when rounding leaves it invalid input (a thin ring turned so far
    that it crosses itself is an input error, and rightly so).
    """
    for _ in range(_DRAWS):
        shape = _draw(rng)
        _move(shape, at)
        if _valid(shape):
            return shape
    raise RuntimeError(f"no valid shape in {_DRAWS} draws: the family is broken")


_DRAWS = 100
"""Draws allowed for one shape; only the thinnest turned rings ever need a second."""


def _draw(rng: random.Random) -> Json:
    """A random shape around the origin (see :func:`extreme_shape`)."""
    length, width = (10.0 ** rng.uniform(-6.0, 14.0) for _ in range(2))
    kind = rng.choice(_KINDS)
    turn = rng.uniform(0.0, 360.0)
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))

    def spot(u: float, v: float) -> list[float]:
        """``(u, v)`` in the shape's own frame, turned by ``turn``."""
        return [c * u - s * v, s * u + c * v]

    shape: Json
    if kind == "point":
        shape = {"type": "point", "at": [0.0, 0.0]}
    elif kind == "segment":
        shape = {"type": "segment", "points": [spot(-length / 2, 0.0), spot(length / 2, 0.0)]}
    elif kind == "polygon":
        ring = _ellipse_ring(rng, rng.randint(3, 12), length, width)
        shape = {"type": "polygon", "points": [spot(u, v) for u, v in ring]}
    elif kind == "hull":
        corners = [(rng.uniform(-1, 1) * length, rng.uniform(-1, 1) * width) for _ in range(12)]
        shape = {"type": "hull", "points": [spot(u, v) for u, v in corners[: rng.randint(1, 12)]]}
    elif kind == "circle":
        shape = {"type": "circle", "center": [0.0, 0.0], "radius": length}
    elif kind == "ellipse":
        shape = {
            "type": "ellipse",
            "center": [0.0, 0.0],
            "radii": [length, width],
            "rotation": turn,
        }
    elif kind == "rectangle":
        shape = {
            "type": "rectangle",
            "center": [0.0, 0.0],
            "size": [length, width],
            "rotation": turn,
        }
    elif kind == "capsule":
        ends = [spot(-length / 2, 0.0), spot(length / 2, 0.0)]
        shape = {"type": "capsule", "points": ends, "radius": width}
    elif kind == "nonconvex":
        star, holes = star_polygon(rng, 1.0, rng.choice([0, 1]))
        shape = {"type": "polygon", "points": [spot(u * length, v * width) for u, v in star]}
        if holes:
            shape["holes"] = [[spot(u * length, v * width) for u, v in hole] for hole in holes]
    elif kind == "compound":
        shape = {
            "type": "compound",
            "parts": [_part(rng, length, width) for _ in range(rng.randint(2, 3))],
        }
    elif kind == "multipoint":
        corners = [(rng.uniform(-1, 1) * length, rng.uniform(-1, 1) * width) for _ in range(4)]
        shape = {"type": "MultiPoint", "coordinates": [spot(u, v) for u, v in corners]}
    else:
        corners = [((k / 2 - 1) * length, rng.uniform(-1, 1) * width) for k in range(5)]
        shape = {"type": "LineString", "coordinates": [spot(u, v) for u, v in corners]}
    if kind in _NATIVE and rng.random() < 0.25:
        scale = [10.0 ** rng.uniform(-1, 1), 10.0 ** rng.uniform(-1, 1)]
        shape["transform"] = {"scale": scale, "rotate": rng.uniform(0.0, 360.0)}
    if kind in _NATIVE and rng.random() < 0.2:
        shape["margin"] = min(length, width) * rng.uniform(0.0, 1.0)
    return shape


_NATIVE = _KINDS[:10]
"""The kinds written as native shapes, which take a transform and a margin."""


def _part(rng: random.Random, length: float, width: float) -> Json:
    """A convex part of a native compound, within its length and width of the origin."""
    x, y = rng.uniform(-1, 1) * length, rng.uniform(-1, 1) * width
    if rng.random() < 0.5:
        return {"type": "circle", "center": [x, y], "radius": min(length, width)}
    size = [length, width]
    return {"type": "rectangle", "center": [x, y], "size": size, "rotation": rng.uniform(0, 360)}


def _ellipse_ring(
    rng: random.Random, count: int, length: float, width: float
) -> list[tuple[float, float]]:
    """A convex ring: one point in each of ``count`` sectors of an ellipse."""
    ring = []
    for k in range(count):
        angle = (k + 0.2 + 0.6 * rng.random()) * 2.0 * math.pi / count
        ring.append((length * math.cos(angle), width * math.sin(angle)))
    return ring


def _valid(shape: Json) -> bool:
    """Whether a shape is valid input (within the limits, rings simple...)."""
    try:
        shape_from_node(Node(shape, "extreme", ""))
    except InputError:
        return False
    return True


def _support(shape: Json, d: tuple[float, float]) -> tuple[float, float]:
    """The farthest point of a shape along ``d``: of its convex parts, the farthest."""
    from gjkcli.shapes.compound import parts_of

    loaded = shape_from_node(Node(shape, "extreme", "")).shape
    return max(
        (part.support(d) for part in parts_of(loaded)), key=lambda p: d[0] * p[0] + d[1] * p[1]
    )


def _move(shape: Json, by: tuple[float, float]) -> None:
    """Add ``by`` to a shape's translation (a GeoJSON geometry moves its coordinates)."""
    if shape["type"][0].isupper():
        shape["coordinates"] = _shifted(shape["coordinates"], by)
        return
    transform: dict[str, Any] = shape.setdefault("transform", {})
    tx, ty = transform.get("translate", [0.0, 0.0])
    transform["translate"] = [tx + by[0], ty + by[1]]


def _shifted(coordinates: Any, by: tuple[float, float]) -> Any:
    if coordinates and isinstance(coordinates[0], float | int):
        return [coordinates[0] + by[0], coordinates[1] + by[1]]
    return [_shifted(item, by) for item in coordinates]


EXTREME_FAMILIES = {"extreme": extreme}
"""The family by name."""
