"""GeoJSON shapes (RFC 7946): geometries, Features, and one-feature collections.

Foreign members (keys GeoJSON does not define) are allowed, as the RFC says.
A position must be ``[x, y]``: gjkcli is two-dimensional. Every geometry type
is a shape: a LineString is the union of its segments, a multi-part geometry
or a GeometryCollection the union of its parts (a compound shape), and a
non-convex Polygon or one with holes is cut into convex parts. A multi-part
geometry with a single convex part is just that part.
"""

from __future__ import annotations

import itertools

from gjkcli.io.node import Node, unknown
from gjkcli.io.rings import polygon_shape
from gjkcli.pair import ShapeInput
from gjkcli.shapes import primitives
from gjkcli.shapes.compound import Shape, union_of

__all__ = ["GEOJSON_TYPES", "NESTING", "features", "geojson_shape"]

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
    """One shape from a GeoJSON geometry, Feature or one-feature FeatureCollection.

    >>> point = Node({"type": "Point", "coordinates": [1, 2]}, "x.json")
    >>> geojson_shape(point).shape.support((1.0, 0.0))
    (1.0, 2.0)
    >>> line = Node({"type": "LineString", "coordinates": [[0, 0], [1, 0], [1, 1]]}, "x.json")
    >>> len(geojson_shape(line).shape.parts)
    2
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


def _geometry(node: Node) -> Shape:
    node.mapping("a GeoJSON geometry")
    if "type" not in node.value:
        raise node.error("missing key 'type' for a GeoJSON geometry")
    kind = node.key("type").string()
    if kind not in _GEOMETRIES:
        raise node.key("type").error(
            f"unknown GeoJSON geometry type '{kind}'{unknown(kind, _GEOMETRIES, 'types')}"
        )
    if kind == "GeometryCollection":
        if "geometries" not in node.value:
            raise node.error("missing key 'geometries' for a GeometryCollection")
        return union_of([_geometry(g) for g in _parts(node.key("geometries"), kind)])
    if "coordinates" not in node.value:
        raise node.error(f"missing key 'coordinates' for a {kind}")
    coordinates = node.key("coordinates")
    _check_nesting(kind, coordinates)
    if kind.startswith("Multi"):
        single = kind[len("Multi") :]
        return union_of([_simple(single, part) for part in _parts(coordinates, kind)])
    return _simple(kind, coordinates)


NESTING = {
    "Point": (1, "a position", "[x, y]"),
    "MultiPoint": (2, "a list of positions", "[[x, y], ...]"),
    "LineString": (2, "a list of positions", "[[x, y], ...]"),
    "MultiLineString": (3, "a list of lines", "[[[x, y], ...], ...]"),
    "Polygon": (3, "a list of rings", "[[[x, y], ...], ...]"),
    "MultiPolygon": (4, "a list of polygons", "[[[[x, y], ...], ...], ...]"),
}
"""For each geometry type: how deep its coordinates nest lists, what they are, their form
(WKT's messages name them the same way)."""


def _check_nesting(kind: str, coordinates: Node) -> None:
    """Refuse coordinates nested one level too deep or too shallow for ``kind``, judged
    along the first item of each list down to the first number (other mistakes are
    reported where they are, by the readers of points and rings).

    >>> _check_nesting("Polygon", Node([[0, 0], [1, 0], [0, 1]], "x.json", "coordinates"))
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.json: coordinates: coordinates must be a list of rings \
(a Polygon's coordinates are [[[x, y], ...], ...]), got a list of positions
    """
    depth, value = 0, coordinates.value
    while isinstance(value, list) and value:
        depth, value = depth + 1, value[0]
    wanted, noun, form = NESTING[kind]
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and depth not in (0, wanted):
        got = {1: "a position", 2: "a list of positions", 3: "a list of lists of positions"}
        raise coordinates.error(
            f"coordinates must be {noun} (a {kind}'s coordinates are {form}), got "
            + got.get(depth, f"lists nested {depth} deep")
        )


def _parts(node: Node, kind: str) -> list[Node]:
    parts = node.sequence("parts")
    if not parts:
        raise node.error(f"empty geometry: the {kind} has no parts")
    return parts


def _simple(kind: str, coordinates: Node) -> Shape:
    if kind == "Point":
        if coordinates.value == []:  # WKT's POINT EMPTY inside a collection
            raise coordinates.error("empty geometry: the Point has no coordinates")
        return primitives.point(coordinates.xy())
    if kind == "LineString":
        return _polyline(coordinates.points(2))
    rings = coordinates.sequence("rings")
    if not rings:
        raise coordinates.error("empty geometry: the Polygon has no rings")
    return polygon_shape(rings, coordinates)


def _polyline(points: list[tuple[float, float]]) -> Shape:
    """A polyline as the union of its segments (a repeated point adds none)."""
    segments = [primitives.segment(p, q) for p, q in itertools.pairwise(points) if p != q]
    return union_of(segments or [primitives.point(points[0])])
