"""Shapes as JSON (FORMATS section 1, native objects): measures, and the edits a shrinker
makes to them.

Every function takes and returns plain JSON values and never changes its argument.
A shape this module cannot edit (GeoJSON, WKT text) gives ``None`` for an edit and
is left as it is; the loader remains the judge of what is valid.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator
from typing import Any

from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.fuzz.numbers import significant_bits

__all__ = [
    "Json",
    "complexity",
    "magnitude",
    "map_numbers",
    "numbers",
    "plain_type",
    "scaled",
    "simpler_shapes",
    "total_bits",
    "translated",
    "vertex_count",
    "without_vertex",
]

Json = dict[str, Any]

_POINT_LISTS = ("points",)
_BASE = {
    "point": 1,
    "segment": 2,
    "circle": 2,
    "polygon": 3,
    "capsule": 4,
    "hull": 4,
    "ellipse": 6,
    "rectangle": 8,
    "compound": 2,
}
"""How involved each native type is, before its vertices: a rectangle is worth more
than the polygon of its corners, an ellipse more than a circle, a capsule more than its
segment, so that replacing one by the other is a step down."""


def _native(shape: Any) -> bool:
    return isinstance(shape, dict) and shape.get("type") in _BASE


def plain_type(shape: Any) -> str | None:
    """The native type of a shape with no ``transform``, ``margin``, ``holes`` or
    ``name`` (what a simple engine reads), else ``None``.

    >>> plain_type({"type": "circle", "center": [0, 0], "radius": 1})
    'circle'
    >>> plain_type({"type": "polygon", "points": [[0, 0], [1, 0], [0, 1]], "margin": 0.5})
    >>> plain_type("POINT (1 2)")
    """
    if not _native(shape) or shape["type"] == "compound":
        return None
    if any(key in shape for key in ("transform", "margin", "holes", "name")):
        return None
    return str(shape["type"])


def numbers(value: Any) -> Iterator[float]:
    """Every number in a JSON value (booleans aside), depth first.

    >>> list(numbers({"type": "circle", "center": [1, 2.5], "radius": 3}))
    [1.0, 2.5, 3.0]
    """
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield float(value)
    elif isinstance(value, dict):
        for item in value.values():
            yield from numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from numbers(item)


def map_numbers(value: Any, change: Callable[[float], float]) -> Any:
    """A copy of a JSON value with ``change`` applied to every number (booleans aside).

    >>> map_numbers({"type": "point", "at": [1.25, -3]}, lambda x: 2 * x)
    {'type': 'point', 'at': [2.5, -6.0]}
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return change(float(value))
    if isinstance(value, dict):
        return {key: map_numbers(item, change) for key, item in value.items()}
    if isinstance(value, list):
        return [map_numbers(item, change) for item in value]
    return value


def total_bits(value: Any) -> int:
    """The significant bits of all the numbers in a JSON value, added up.

    >>> total_bits({"type": "point", "at": [3, 0.1]})
    54
    """
    return sum(significant_bits(x) for x in numbers(value))


def magnitude(value: Any) -> int:
    """How far the numbers of a JSON value are from 1, in binary orders of magnitude
    (0 for 0, 1 and the numbers in [1, 2)), added up.

    >>> magnitude({"type": "point", "at": [1, 0]}), magnitude({"type": "point", "at": [8, 0.25]})
    (0, 5)
    """
    return sum(abs(math.frexp(x)[1] - 1) for x in numbers(value) if x != 0.0)


def vertex_count(shape: Any) -> int:
    """The vertices of a shape: the points of its rings and point lists, one for a centre
    or a point, the parts' added up for a compound (0 for a shape that is not native).

    >>> vertex_count({"type": "polygon", "points": [[0, 0], [1, 0], [0, 1], [0, 0]]})
    4
    >>> vertex_count({"type": "circle", "center": [0, 0], "radius": 1})
    1
    """
    if not _native(shape):
        return 0
    if shape["type"] == "compound":
        return sum(vertex_count(part) for part in shape.get("parts", []))
    if "points" in shape:
        holes = shape.get("holes") or []
        return len(shape["points"]) + sum(len(ring) for ring in holes)
    return 1


def complexity(shape: Any) -> int:
    """How involved a shape is: its type (:data:`_BASE`), its vertices, and what it
    carries (transform, margin, holes, rotation, name). Every simplification lowers it.

    >>> triangle = {"type": "polygon", "points": [[0, 0], [1, 0], [0, 1]]}
    >>> complexity(triangle), complexity({**triangle, "margin": 0.5})
    (6, 8)
    """
    if not _native(shape):
        return 100
    score = _BASE[shape["type"]] + vertex_count(shape)
    if shape["type"] == "compound":
        score += sum(complexity(part) for part in shape.get("parts", []))
    score += 3 * ("transform" in shape) + 2 * ("margin" in shape) + ("name" in shape)
    score += 2 * len(shape.get("holes") or []) + ("rotation" in shape)
    return score


def _moved(point: list[Any], by: tuple[float, float]) -> list[float]:
    return [float(point[0]) + by[0], float(point[1]) + by[1]]


def translated(shape: Any, by: tuple[float, float]) -> Json | None:
    """The shape moved by ``by`` (``None`` for a shape that is not native).

    >>> translated({"type": "circle", "center": [1, 2], "radius": 1}, (-1.0, 0.5))
    {'type': 'circle', 'center': [0.0, 2.5], 'radius': 1}
    >>> translated({"type": "point", "at": [0, 0], "transform": {"rotate": 90}}, (1.0, 1.0))
    {'type': 'point', 'at': [0, 0], 'transform': {'rotate': 90, 'translate': [1.0, 1.0]}}
    """
    if not _native(shape):
        return None
    moved: Json = copy.deepcopy(shape)
    if "transform" in moved and isinstance(moved["transform"], dict):
        moved["transform"]["translate"] = _moved(moved["transform"].get("translate", [0, 0]), by)
        return moved
    kind = moved["type"]
    if kind == "compound":
        parts = [translated(part, by) for part in moved.get("parts", [])]
        if any(part is None for part in parts):
            return None
        moved["parts"] = parts
    elif kind == "point":
        moved["at"] = _moved(moved["at"], by)
    elif kind in ("circle", "ellipse", "rectangle"):
        moved["center"] = _moved(moved["center"], by)
    else:
        moved["points"] = [_moved(p, by) for p in moved["points"]]
        if moved.get("holes"):
            moved["holes"] = [[_moved(p, by) for p in ring] for ring in moved["holes"]]
    return moved


def scaled(shape: Any, factor: float) -> Json | None:
    """The shape scaled by ``factor`` about the origin: its positions, its lengths
    (radius, radii, size, margin) and its transform's translation (``None`` for a shape
    that is not native). By a power of two this is exact.

    >>> scaled({"type": "capsule", "points": [[1, 0], [3, 0]], "radius": 0.5}, 0.5)
    {'type': 'capsule', 'points': [[0.5, 0.0], [1.5, 0.0]], 'radius': 0.25}
    """
    if not _native(shape):
        return None
    grown: Json = copy.deepcopy(shape)

    def point(p: list[Any]) -> list[float]:
        return [float(p[0]) * factor, float(p[1]) * factor]

    for key in ("at", "center"):
        if key in grown:
            grown[key] = point(grown[key])
    for key in ("radius", "margin"):
        if key in grown:
            grown[key] = float(grown[key]) * factor
    for key in ("radii", "size"):
        if key in grown:
            grown[key] = [float(x) * factor for x in grown[key]]
    if "points" in grown:
        grown["points"] = [point(p) for p in grown["points"]]
    if grown.get("holes"):
        grown["holes"] = [[point(p) for p in ring] for ring in grown["holes"]]
    if isinstance(grown.get("transform"), dict) and "translate" in grown["transform"]:
        grown["transform"]["translate"] = point(grown["transform"]["translate"])
    if grown["type"] == "compound":
        parts = [scaled(part, factor) for part in grown.get("parts", [])]
        if any(part is None for part in parts):
            return None
        grown["parts"] = parts
    return grown


def without_vertex(shape: Any, index: int) -> Json | None:
    """A polygon or hull without its vertex ``index`` (``None`` when it would keep fewer
    than three, or the shape has no such vertex list).

    >>> square = {"type": "polygon", "points": [[0, 0], [1, 0], [1, 1], [0, 1]]}
    >>> without_vertex(square, 2)
    {'type': 'polygon', 'points': [[0, 0], [1, 0], [0, 1]]}
    >>> without_vertex(without_vertex(square, 2), 0)
    """
    if not _native(shape) or shape["type"] not in ("polygon", "hull"):
        return None
    points = shape["points"]
    if len(points) <= 3 or not 0 <= index < len(points):
        return None
    smaller: Json = {**shape, "points": points[:index] + points[index + 1 :]}
    return smaller


def _rectangle_corners(shape: Json) -> list[list[float]]:
    cx, cy = (float(v) for v in shape["center"])
    w, h = (float(v) / 2.0 for v in shape["size"])
    turn = math.radians(float(shape.get("rotation", 0.0)))
    c, s = math.cos(turn), math.sin(turn)
    if float(shape.get("rotation", 0.0)) % 90.0 == 0.0:  # exact quarter turns
        c, s = round(c), round(s)
    corners = ((-w, -h), (w, -h), (w, h), (-w, h))
    return [[cx + c * x - s * y, cy + s * x + c * y] for x, y in corners]


def simpler_shapes(shape: Any) -> Iterator[Json]:
    """Shapes simpler than ``shape`` that an engine bug might survive in: without its
    name, transform, margin, holes or rotation; a compound's parts; an ellipse's circles;
    a capsule's segment and end circles; a rectangle's polygon; a hull's polygon; a
    circle's centre; a segment's ends.

    >>> [s["type"] for s in simpler_shapes({"type": "capsule", "points": [[0, 0], [2, 0]],
    ...                                      "radius": 1, "margin": 0.5})]
    ['capsule', 'segment', 'circle', 'circle']
    """
    if not _native(shape):
        return
    for key in ("name", "transform", "margin", "holes", "rotation"):
        if key in shape:
            yield {k: v for k, v in shape.items() if k != key}
    kind = shape["type"]
    if kind == "compound":
        yield from (part for part in shape.get("parts", []) if isinstance(part, dict))
    elif kind == "ellipse":
        for radius in dict.fromkeys(shape["radii"]):
            yield {"type": "circle", "center": shape["center"], "radius": radius}
    elif kind == "capsule":
        yield {"type": "segment", "points": shape["points"]}
        for end in shape["points"]:
            yield {"type": "circle", "center": end, "radius": shape["radius"]}
    elif kind == "rectangle":
        yield {"type": "polygon", "points": _rectangle_corners(shape)}
    elif kind == "hull":
        points = [(float(x), float(y)) for x, y in shape["points"]]
        corners = [shape["points"][i] for i in convex_hull_indices(points)]
        if len(corners) >= 3:
            yield {"type": "polygon", "points": corners}
    elif kind == "circle":
        yield {"type": "point", "at": shape["center"]}
    elif kind == "segment":
        for end in shape["points"]:
            yield {"type": "point", "at": end}
