"""GeoJSON shapes (RFC 7946): geometries, Features, and one-feature collections.

Foreign members (keys GeoJSON does not define) are allowed, as the RFC says.
A position must be ``[x, y]``: gjkcli is two-dimensional. A multi-part
geometry with a single part is that part; more parts are not one convex shape
and are reported as not supported yet.
"""

from __future__ import annotations

from gjkcli.io.node import Node, suggest
from gjkcli.io.rings import polygon_from_ring
from gjkcli.pair import ShapeInput
from gjkcli.shapes import primitives
from gjkcli.shapes.base import ConvexShape

__all__ = ["GEOJSON_TYPES", "features", "geojson_shape"]

_GEOMETRIES = (
    "Point",
    "MultiPoint",
    "LineString",
    "MultiLineString",
    "Polygon",
    "MultiPolygon",
    "GeometryCollection",
)
GEOJSON_TYPES = (*_GEOMETRIES, "Feature", "FeatureCollection")
"""The GeoJSON ``type`` values."""


def geojson_shape(node: Node) -> ShapeInput:
    """One convex shape from a GeoJSON geometry, Feature or one-feature FeatureCollection.

    >>> point = Node({"type": "Point", "coordinates": [1, 2]}, "x.json")
    >>> geojson_shape(point).shape.support((1.0, 0.0))
    (1.0, 2.0)
    """
    kind = node.key("type").string()
    if kind == "FeatureCollection":
        items = features(node)
        if len(items) != 1:
            raise node.error(
                f"a FeatureCollection of {len(items)} features is not one shape "
                "(a FeatureCollection of exactly two features is a pair)"
            )
        return _feature(items[0])
    if kind == "Feature":
        return _feature(node)
    return ShapeInput(_geometry(node), f"GeoJSON {kind}")


def features(node: Node) -> list[Node]:
    """The features of a FeatureCollection."""
    node.mapping("a FeatureCollection")
    if "features" not in node.value:
        raise node.error("missing key 'features' for a FeatureCollection")
    return node.key("features").sequence("features")


def _feature(node: Node) -> ShapeInput:
    node.mapping("a Feature")
    if node.key("type").value != "Feature":
        raise node.error(f"expected a Feature, got {node.key('type').value!r}")
    if "geometry" not in node.value:
        raise node.error("missing key 'geometry' for a Feature")
    geometry = node.key("geometry")
    if geometry.value is None:
        raise geometry.error("empty geometry: the Feature has a null geometry")
    name = None
    properties = node.get("properties")
    if properties is not None and isinstance(properties.value, dict):
        label = properties.value.get("name")
        name = label if isinstance(label, str) else None
    kind = geometry.mapping("a geometry").get("type", "?")
    return ShapeInput(_geometry(geometry), f"GeoJSON {kind}", name)


def _geometry(node: Node) -> ConvexShape:
    node.mapping("a GeoJSON geometry")
    if "type" not in node.value:
        raise node.error("missing key 'type' for a GeoJSON geometry")
    kind = node.key("type").string()
    if kind not in _GEOMETRIES:
        raise node.key("type").error(
            f"unknown GeoJSON geometry type '{kind}'{suggest(kind, _GEOMETRIES)}"
        )
    if kind == "GeometryCollection":
        if "geometries" not in node.value:
            raise node.error("missing key 'geometries' for a GeometryCollection")
        return _geometry(_single_part(node.key("geometries"), kind))
    if "coordinates" not in node.value:
        raise node.error(f"missing key 'coordinates' for a {kind}")
    coordinates = node.key("coordinates")
    if kind.startswith("Multi"):
        return _simple(kind[len("Multi") :], _single_part(coordinates, kind))
    return _simple(kind, coordinates)


def _single_part(node: Node, kind: str) -> Node:
    parts = node.sequence("parts")
    if not parts:
        raise node.error(f"empty geometry: the {kind} has no parts")
    if len(parts) > 1:
        raise node.error(
            f"a {kind} of {len(parts)} parts is not one convex shape "
            "(multi-part shapes are not supported yet)"
        )
    return parts[0]


def _simple(kind: str, coordinates: Node) -> ConvexShape:
    if kind == "Point":
        return primitives.point(coordinates.xy())
    if kind == "LineString":
        points = coordinates.points(2)
        if len(points) > 2:
            raise coordinates.error(
                f"a LineString of {len(points)} points is not convex in general "
                "(only 2-point LineStrings are supported yet)"
            )
        return primitives.segment(points[0], points[1])
    rings = coordinates.sequence("rings")
    if not rings:
        raise coordinates.error("empty geometry: the Polygon has no rings")
    if len(rings) > 1:
        raise rings[1].error(
            "polygons with holes are not supported yet (they need convex decomposition)"
        )
    exterior = rings[0]
    ring = exterior.points(3)
    return polygon_from_ring(ring, exterior, lambda i: exterior.items()[i])
