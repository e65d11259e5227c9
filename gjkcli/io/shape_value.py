"""A shape from a Python value: text, a dict, a Shapely geometry, coordinates, or a shape.

The library's query functions and :func:`gjkcli.io.load_shape` accept a shape
however a user happens to hold it, and the command line accepts a shape
written in place of a file name. Every form goes through the loaders of
FORMATS section 1, so a value is checked (and a non-convex polygon cut into
parts) exactly as the same shape in a file would be:

* a gjkcli shape (convex, or a :class:`~gjkcli.shapes.compound.Compound`) as it is;
* a ``dict``: a native shape object or GeoJSON (a geometry or a Feature);
* anything with ``__geo_interface__`` (Shapely geometries, GeoPandas rows...),
  read as the GeoJSON it describes;
* text: JSON (a native object or GeoJSON) when it starts with ``{``, else WKT;
* coordinates, as a NumPy array or nested sequences: one ``(x, y)`` is a
  point, two rows a segment, three or more a polygon's ring (convex or not).

Anything else raises :class:`~gjkcli.io.errors.InputError` saying what a
shape can be.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from typing import Any

from gjkcli.io.errors import InputError
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.shape import shape_from_node
from gjkcli.pair import ShapeInput
from gjkcli.shapes.base import ConvexShape
from gjkcli.shapes.compound import Compound

__all__ = ["SHAPE_FORMS", "looks_like_shape_text", "shape_from_text", "shape_from_value"]

SHAPE_FORMS = (
    "a gjkcli shape, a Shapely geometry (or anything with __geo_interface__), "
    "a native or GeoJSON dict, JSON or WKT text, or (x, y) coordinates"
)
"""What a shape can be given as, for messages."""

_WKT_WORDS = (
    "POINT",
    "LINESTRING",
    "LINEARRING",
    "POLYGON",
    "MULTIPOINT",
    "MULTILINESTRING",
    "MULTIPOLYGON",
    "GEOMETRYCOLLECTION",
    "SRID=",
)


def looks_like_shape_text(text: str) -> bool:
    """Whether ``text`` is written as a shape (JSON or WKT) rather than as a file name.

    >>> looks_like_shape_text("POINT (0 0)"), looks_like_shape_text(' {"type": "point"}')
    (True, True)
    >>> looks_like_shape_text("pairs/box.json"), looks_like_shape_text("point.wkt")
    (False, False)
    """
    start = text.lstrip()
    if start.startswith("{"):
        return True
    head = start[:20].upper()
    return any(
        head.startswith(word) and head[len(word) : len(word) + 1] in ("", " ", "(", "Z", "M", "E")
        for word in _WKT_WORDS
    )


def shape_from_text(text: str, name: str) -> ShapeInput:
    """The shape written in ``text``: JSON if it starts with ``{``, else WKT; errors name
    the text as ``name``.

    >>> shape_from_text("POINT (3 4)", "A").kind
    'WKT POINT'
    >>> shape_from_text('{"type": "circle", "center": [0, 0], "radius": 1}', "B").kind
    'circle'
    """
    if text.lstrip().startswith("{"):
        return shape_from_node(Node(parse_json(text, name), name))
    return shape_from_node(Node(text, name))


def shape_from_value(value: object, name: str = "shape") -> ShapeInput:
    """The shape ``value`` stands for (the forms of the module docstring); errors name
    it as ``name``.

    >>> import shapely
    >>> shape_from_value(shapely.Point(1, 2)).kind
    'GeoJSON Point'
    >>> shape_from_value({"type": "segment", "points": [[0, 0], [1, 1]]}).kind
    'segment'
    >>> len(shape_from_value([[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]).shape.parts)  # not convex
    3
    >>> shape_from_value(7, "a")
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: a: not a shape: got int; a shape is a gjkcli shape, \
a Shapely geometry (or anything with __geo_interface__), a native or GeoJSON dict, \
JSON or WKT text, or (x, y) coordinates
    """
    if isinstance(value, (Compound, ConvexShape)):
        return ShapeInput(value, type(value).__name__)
    if isinstance(value, str):
        return shape_from_text(value, name)
    interface = getattr(value, "__geo_interface__", None)
    if isinstance(interface, Mapping):
        return shape_from_node(Node(_geojson(interface), name))
    if isinstance(value, Mapping):
        return shape_from_node(Node(_plain(value), name))
    coordinates = _coordinates(value)
    if coordinates is not None:
        return shape_from_node(Node(_from_coordinates(coordinates), name))
    raise InputError(name, "", f"not a shape: got {type(value).__name__}; a shape is {SHAPE_FORMS}")


def _geojson(interface: Mapping[str, Any]) -> Any:
    """The GeoJSON of a ``__geo_interface__``; Shapely's ``LinearRing`` is a closed LineString."""
    plain = _plain(interface)
    if isinstance(plain, dict) and plain.get("type") == "LinearRing":
        plain["type"] = "LineString"
    return plain


def _plain(value: Any) -> Any:
    """``value`` as parsed JSON would be: lists for tuples and arrays, Python numbers."""
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, str) or value is None or isinstance(value, bool):
        return value
    if hasattr(value, "tolist"):  # a NumPy array or scalar
        return _plain(value.tolist())
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, Sequence):
        return [_plain(item) for item in value]
    return value


def _coordinates(value: object) -> list[Any] | None:
    """``value`` as nested lists of numbers, if it is an array or a sequence of them."""
    if hasattr(value, "tolist") or isinstance(value, Sequence):
        plain = _plain(value)
        if isinstance(plain, list) and plain and _numeric_tree(plain):
            return plain
    return None


def _numeric_tree(value: Any) -> bool:
    if isinstance(value, list):
        return all(_numeric_tree(item) for item in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _from_coordinates(coordinates: list[Any]) -> dict[str, Any]:
    """The native shape for coordinates: a point, a segment, or a polygon's ring."""
    if all(isinstance(c, (int, float)) for c in coordinates):
        return {"type": "point", "at": coordinates}
    if len(coordinates) == 1:
        return {"type": "point", "at": coordinates[0]}
    if len(coordinates) == 2:
        return {"type": "segment", "points": coordinates}
    return {"type": "polygon", "points": coordinates}
