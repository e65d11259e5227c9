"""WKT shapes, parsed by Shapely (GEOS) and then read like GeoJSON."""

from __future__ import annotations

import json
import warnings

import numpy as np
import shapely

from gjkcli.io.geojson import geojson_shape
from gjkcli.io.node import Node
from gjkcli.pair import ShapeInput

__all__ = ["wkt_shape"]


def wkt_shape(text: str, file: str, place: str) -> ShapeInput:
    """One shape, convex or compound, from WKT text; errors name ``file`` and ``place``.

    >>> wkt_shape("POINT (1 2)", "x.wkt", "line 1").kind
    'WKT POINT'
    >>> wkt_shape("POINT (1 2", "x.wkt", "line 1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.wkt: line 1: invalid WKT: Expected ... end of stream
    """
    node = Node(text, file, place)
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            geometry = shapely.from_wkt(text.strip())
    except shapely.errors.ShapelyError as error:
        raise node.error(f"invalid WKT: {_first_line(str(error))}") from None
    kind = geometry.geom_type.upper()
    if geometry.is_empty:
        raise node.error(f"empty geometry: {kind} EMPTY")
    if shapely.has_z(geometry):
        raise node.error("3D coordinates are not supported (gjkcli is 2D)")
    if not np.isfinite(shapely.get_coordinates(geometry)).all():
        raise node.error("NaN or Infinity is not allowed: coordinates must be finite")
    as_geojson = Node(json.loads(shapely.to_geojson(geometry)), file, f"{place} (WKT)".lstrip())
    shape = geojson_shape(as_geojson).shape
    return ShapeInput(shape, f"WKT {kind}")


def _first_line(message: str) -> str:
    message = message.split("\n", 1)[0].strip()
    for prefix in ("ParseException: ", "IllegalArgumentException: "):
        message = message.removeprefix(prefix)
    return message
