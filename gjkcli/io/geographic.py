"""Whether a GeoJSON shape is in longitude/latitude, so that its answers are in degrees.

RFC 7946 GeoJSON is longitude/latitude on WGS 84 (CRS84) unless agreed otherwise,
but many people write plane coordinates in it. gjkcli measures in the units of the
coordinates, whatever they are; for a shape that is geographic, distances and
depths therefore come out in degrees, which are not a length (a degree of
longitude shrinks towards the poles). Such a shape gets a *note* saying so
(FORMATS section 4, ``notes``), when

1. its ``crs`` member (GeoJSON 2008; on the object, or on the FeatureCollection
   that holds it) names a geographic CRS: CRS84, or EPSG 4326, 4269 or 4258; or
2. it has no ``crs`` member, it is a GeoJSON *document* (the whole of a file or
   of a JSON Lines line, or a feature of the FeatureCollection that is: what GIS
   tools export; not a geometry written inside a pair object ``{"a": ..., "b":
   ...}`` or a table's row, which were written for gjkcli), every position lies
   within longitude/latitude bounds (``|x| <= 180``, ``|y| <= 90``), and some
   coordinate has more than three decimal places: geographic data is kept to a
   ten-thousandth of a degree (about 11 m) or finer, while plane coordinates
   written by hand (``[4, 3]``, ``[0.5, 1.25]``) have few.

A ``crs`` member that names anything else (a projected CRS) means no note.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from gjkcli.io.node import Node

__all__ = ["GEOGRAPHIC_DECIMALS", "UNITS", "lonlat_note"]

GEOGRAPHIC_DECIMALS = 3
"""Coordinates with more decimal places than this (and within longitude/latitude
bounds) mark GeoJSON without a ``crs`` member as geographic."""

_GEOGRAPHIC_CODES = ("4326", "4269", "4258")
"""The EPSG codes of the geographic CRSs: WGS 84, NAD83, ETRS89."""

_GEOGRAPHIC_CRS = re.compile(
    rf"(CRS:?84|EPSG(:+|/0/)({'|'.join(_GEOGRAPHIC_CODES)}))$", re.IGNORECASE
)
"""The names of the geographic CRSs: ``urn:ogc:def:crs:OGC:1.3:CRS84``,
``EPSG:4326``, ``urn:ogc:def:crs:EPSG::4326``,
``http://www.opengis.net/def/crs/EPSG/0/4326``..."""

UNITS = "distances and depths are in degrees, not metres"
"""What a note says of the answers."""


def lonlat_note(node: Node, holder: Node | None = None) -> str | None:
    """The note for the GeoJSON shape at ``node`` (held by the FeatureCollection
    ``holder``, if any) when it is geographic by the rules above, else ``None``.

    >>> lonlat_note(Node({"type": "Point", "coordinates": [2.3522, 48.8566]}, "paris.json"))
    "paris.json: GeoJSON whose coordinates look like longitude/latitude (RFC 7946's default): \
distances and depths are in degrees, not metres"
    >>> lonlat_note(Node({"type": "Point", "coordinates": [4, 3]}, "plane.json")) is None
    True
    >>> lonlat_note(Node({"type": "Point", "coordinates": [2.3522, 48.8566]}, "p.json", "a"))
    """
    crs = _crs(node.value)
    if crs is None and holder is not None:
        crs = _crs(holder.value)
    if crs is not None:
        if not _names_geographic(crs):
            return None
        return str(node.error(f"GeoJSON in longitude/latitude (its crs says so): {UNITS}"))
    if node.place and holder is None:  # a shape inside a pair object, or a table's cell
        return None
    coordinates = list(_coordinates(node.value))
    inside = all(abs(x) <= 180.0 and abs(y) <= 90.0 for x, y in coordinates)
    if not inside or all(
        round(c, GEOGRAPHIC_DECIMALS) == c for point in coordinates for c in point
    ):
        return None
    return str(
        node.error(
            f"GeoJSON whose coordinates look like longitude/latitude (RFC 7946's default): {UNITS}"
        )
    )


def _crs(value: Any) -> Any:
    return value.get("crs") if isinstance(value, dict) else None


def _names_geographic(crs: Any) -> bool:
    """Whether a GeoJSON 2008 ``crs`` member names a geographic CRS (by name, or by
    EPSG code).

    >>> _names_geographic({"type": "name", "properties": {"name": "EPSG:3857"}})
    False
    >>> _names_geographic({"type": "EPSG", "properties": {"code": 4326}})
    True
    """
    properties = crs.get("properties") if isinstance(crs, dict) else None
    if not isinstance(properties, dict):
        return False
    name, code = properties.get("name"), properties.get("code")
    if isinstance(name, str) and _GEOGRAPHIC_CRS.search(name.strip()):
        return True
    return str(code) in _GEOGRAPHIC_CODES


def _coordinates(value: Any) -> Iterator[tuple[float, float]]:
    """Every position of a GeoJSON object that has been read as a shape (so that its
    structure is known to be sound)."""
    if not isinstance(value, dict):
        return
    if value.get("type") == "FeatureCollection":
        for feature in value["features"]:
            yield from _coordinates(feature)
    elif value.get("type") == "Feature":
        yield from _coordinates(value["geometry"])
    elif value.get("type") == "GeometryCollection":
        for geometry in value["geometries"]:
            yield from _coordinates(geometry)
    else:
        yield from _positions(value["coordinates"])


def _positions(value: Any) -> Iterator[tuple[float, float]]:
    if value and isinstance(value[0], list):
        for item in value:
            yield from _positions(item)
    elif value:
        yield float(value[0]), float(value[1])
