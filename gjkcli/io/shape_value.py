"""A shape from a Python value: text, a dict, a Shapely geometry, coordinates, or a shape.

The library's query functions and :func:`gjkcli.io.load_shape` accept a shape
however a user happens to hold it, and the command line accepts a shape
written in place of a file name. Every form goes through the loaders of
FORMATS section 1, so a value is checked (and a non-convex polygon cut into
parts) exactly as the same shape in a file would be:

* a gjkcli shape (convex, or a :class:`~gjkcli.shapes.compound.Compound`) as it is,
  and a shape already loaded (a :class:`~gjkcli.pair.ShapeInput`);
* a ``dict``: a native shape object or GeoJSON (a geometry or a Feature);
* anything with ``__geo_interface__`` (Shapely geometries, GeoPandas rows...),
  read as the GeoJSON it describes;
* text: JSON (a native object or GeoJSON) when it starts with ``{``, else WKT;
* coordinates, as a NumPy array or nested lists and tuples: one ``(x, y)`` is
  a point, two rows a segment, three or more a polygon's ring (convex or not).

Anything else raises :class:`~gjkcli.io.errors.InputError` saying what a
shape can be.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Mapping
from typing import Any

from gjkcli.io.errors import InputError
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node, describe
from gjkcli.io.shape import shape_from_node
from gjkcli.pair import ShapeInput
from gjkcli.shapes.base import ConvexShape
from gjkcli.shapes.compound import Compound

__all__ = [
    "SHAPE_FORMS",
    "looks_like_shape_text",
    "plain_json",
    "shape_from_text",
    "shape_from_value",
]

SHAPE_FORMS = (
    "a gjkcli shape, a Shapely geometry (or anything with __geo_interface__), "
    "a native or GeoJSON dict, JSON or WKT text, or (x, y) coordinates"
)
"""What a shape can be given as, for messages."""

_WKT_START = re.compile(
    r"\s*(POINT|LINESTRING|LINEARRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON"
    r"|GEOMETRYCOLLECTION|CIRCULARSTRING|COMPOUNDCURVE|CURVEPOLYGON|MULTICURVE"
    r"|MULTISURFACE|TRIANGLE|TIN|POLYHEDRALSURFACE)\s*(ZM|Z|M)?\s*(\(|EMPTY\b)",
    re.IGNORECASE,
)
"""The start of WKT text: a geometry type, perhaps its dimensions, then ``(`` or ``EMPTY``."""

_NESTING_LIMIT = 64
"""How deeply a Python value's lists may nest (a MultiPolygon needs 4 levels)."""


def looks_like_shape_text(text: str) -> bool:
    """Whether ``text`` is written as a shape (JSON or WKT) rather than as a file name.

    >>> looks_like_shape_text("POINT (0 0)"), looks_like_shape_text(' {"type": "point"}')
    (True, True)
    >>> looks_like_shape_text("polygon z ((0 0 1, 1 0 1, 0 1 1, 0 0 1))")
    True
    >>> looks_like_shape_text("pairs/box.json"), looks_like_shape_text("pointer.wkt")
    (False, False)
    """
    return text.lstrip().startswith("{") or _WKT_START.match(text) is not None


def shape_from_text(text: str, name: str) -> ShapeInput:
    """The shape written in ``text``: JSON if it starts with ``{``, else WKT; errors name
    the text as ``name``.

    >>> shape_from_text("POINT (3 4)", "A").kind
    'WKT POINT'
    >>> shape_from_text('{"type": "circle", "center": [0, 0], "radius": 1}', "B").kind
    'circle'
    """
    if text.lstrip().startswith("{"):
        return _shape_object(parse_json(text, name), name)
    if not looks_like_shape_text(text):
        raise InputError(
            name,
            "",
            'not a shape: shape text is JSON, as in \'{"type": "point", "at": [0, 0]}\', '
            "or WKT, as in 'POINT (0 0)' (a file is read from a pathlib.Path, or by load_shape)",
        )
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
    if isinstance(value, ShapeInput):
        return value
    if isinstance(value, str):
        return shape_from_text(value, name)
    interface = getattr(value, "__geo_interface__", None)
    if isinstance(interface, Mapping):
        return shape_from_node(Node(_geojson(interface, name), name))
    if isinstance(value, Mapping):
        return _shape_object(plain_json(value, name), name)
    if isinstance(value, (list, tuple)) or hasattr(value, "__array__"):
        coordinates = plain_json(value, name)
        if not _numeric_tree(coordinates):
            raise InputError(
                name, "", f"not a shape: coordinates are numbers, got {_describe(value)}"
            )
        return shape_from_node(Node(_from_coordinates(coordinates, name), name))
    raise InputError(name, "", f"not a shape: got {type(value).__name__}; a shape is {SHAPE_FORMS}")


def _shape_object(value: Any, name: str) -> ShapeInput:
    """The shape a JSON object describes; a pair object is pointed to where pairs go."""
    if isinstance(value, dict) and "a" in value and "b" in value and "type" not in value:
        raise InputError(
            name,
            "",
            "this is a pair, not one shape: give it alone (gjk check PAIR), or in Python "
            "to load_pair",
        )
    return shape_from_node(Node(value, name))


def plain_json(value: object, name: str) -> Any:
    """``value`` as parsed JSON would hold it: dicts, lists for tuples and arrays, Python
    numbers; :class:`InputError` naming it as ``name`` if it nests too deeply.

    >>> import numpy as np
    >>> plain_json({"at": (np.int64(1), np.float32(0.5))}, "shape")
    {'at': [1, 0.5]}
    """
    return _plain(value, name, 0)


def _plain(value: Any, name: str, depth: int) -> Any:
    if depth > _NESTING_LIMIT:
        raise InputError(name, "", f"nested more than {_NESTING_LIMIT} levels deep")
    if isinstance(value, Mapping):
        return {str(key): _plain(item, name, depth + 1) for key, item in value.items()}
    if isinstance(value, (str, bool)) or value is None:
        return value
    if hasattr(value, "__array__") and hasattr(value, "tolist"):  # a NumPy array or scalar
        value = value.tolist()
        if not isinstance(value, list):
            return _plain(value, name, depth)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, (list, tuple)):
        return [_plain(item, name, depth + 1) for item in value]
    return value


def _describe(value: object) -> str:
    shape = getattr(value, "shape", None)
    if shape is not None:
        return f"an array of shape {tuple(shape)} and type {getattr(value, 'dtype', '?')}"
    return describe(plain_json(value, "shape"))


def _geojson(interface: Mapping[str, Any], name: str) -> Any:
    """The GeoJSON of a ``__geo_interface__``; Shapely's ``LinearRing`` is a closed LineString."""
    plain = plain_json(interface, name)
    if isinstance(plain, dict) and plain.get("type") == "LinearRing":
        plain["type"] = "LineString"
    return plain


def _numeric_tree(value: Any) -> bool:
    """Whether ``value`` is a number, or a non-empty list of such trees."""
    if isinstance(value, list):
        return bool(value) and all(_numeric_tree(item) for item in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _from_coordinates(coordinates: Any, name: str) -> dict[str, Any]:
    """The native shape for coordinates: a point, a segment, or a polygon's ring."""
    if not isinstance(coordinates, list):
        raise InputError(name, "", "not a shape: a single number is not coordinates")
    if all(isinstance(c, (int, float)) for c in coordinates):
        return {"type": "point", "at": coordinates}
    if len(coordinates) == 1:
        return {"type": "point", "at": coordinates[0]}
    if len(coordinates) == 2:
        return {"type": "segment", "points": coordinates}
    return {"type": "polygon", "points": coordinates}
