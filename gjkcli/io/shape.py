"""One shape from a JSON value: a native object, GeoJSON, or a WKT string."""

from __future__ import annotations

import dataclasses

from gjkcli.io.geographic import lonlat_note
from gjkcli.io.geojson import GEOJSON_TYPES, geojson_shape
from gjkcli.io.limits import within_limits
from gjkcli.io.native import NATIVE_TYPES, native_shape
from gjkcli.io.node import Node, unknown
from gjkcli.pair import ShapeInput

__all__ = ["shape_from_node"]


def shape_from_node(node: Node, holder: Node | None = None) -> ShapeInput:
    """The shape written at ``node``, in any of the three forms of FORMATS section 1
    (``holder``: the FeatureCollection that holds it, for its ``crs`` member).

    >>> shape_from_node(Node("POINT (0 0)", "x.json", "a")).kind
    'WKT POINT'
    >>> shape_from_node(Node({"type": "Circl"}, "x.json", "a"))
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.json: a.type: unknown shape type 'Circl' (did you mean \
'circle'?); valid types: point, segment, polygon, hull, circle, ellipse, rectangle, capsule, \
compound, Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, \
GeometryCollection, Feature, FeatureCollection
    """
    shape = _shape(node, holder)
    within_limits(shape.shape, node)
    return shape


def _shape(node: Node, holder: Node | None) -> ShapeInput:
    if isinstance(node.value, str):
        from gjkcli.io.wkt import wkt_shape  # imported for WKT only: JSON input needs none of it

        return wkt_shape(node.value, node.file, node.place)
    mapping = node.mapping("a shape")
    if "type" not in mapping:
        raise node.error(
            "missing key 'type' for a shape (one of " + ", ".join(NATIVE_TYPES) + ", or GeoJSON)"
        )
    kind = node.key("type").string()
    if kind in NATIVE_TYPES:
        return native_shape(node)
    if kind in GEOJSON_TYPES:
        shape = geojson_shape(node)
        note = lonlat_note(node, holder)
        return shape if note is None else dataclasses.replace(shape, notes=(note,))
    raise node.key("type").error(
        f"unknown shape type '{kind}'{unknown(kind, (*NATIVE_TYPES, *GEOJSON_TYPES), 'types')}"
    )
