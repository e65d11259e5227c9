"""WKT shapes, parsed by Shapely (GEOS) and then read like GeoJSON."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

import numpy as np
import shapely

from gjkcli.io.geojson import NESTING, geojson_shape
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
    problem = _unreadable(text)
    if problem:
        raise node.error(f"invalid WKT: {problem}")
    if _CURVED.search(text):  # GEOS reads arcs; Shapely, GeoJSON and gjkcli cannot use them
        raise node.error(
            "curved WKT geometry (arcs) is not supported: give curved shapes natively "
            "(circle, ellipse, capsule)"
        )
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            geometry = shapely.from_wkt(text.strip())
    except shapely.errors.ShapelyError as error:
        message = _first_line(str(error))
        raise node.error(f"invalid WKT: {message}{_nesting_hint(text, message)}") from None
    kind = geometry.geom_type.upper()
    if geometry.is_empty:
        raise node.error(f"empty geometry: {kind} EMPTY")
    if _holds_an_empty_point(geometry):  # GeoJSON cannot carry it: Shapely would drop it
        raise node.error("empty geometry: a MULTIPOINT holds an EMPTY point")
    if shapely.has_z(geometry):
        raise node.error("3D coordinates are not supported (gjkcli is 2D)")
    if not np.isfinite(shapely.get_coordinates(geometry)).all():
        raise node.error("NaN or Infinity is not allowed: coordinates must be finite")
    value = json.loads(shapely.to_geojson(geometry))
    as_geojson = Node(value, file, f"{place} (WKT)".lstrip())
    shape = geojson_shape(as_geojson).shape
    return ShapeInput(shape, f"WKT {kind}")


MAX_NESTING = 256
"""Most parentheses WKT may open inside one another (GEOS's GeoJSON of deeper nesting
takes seconds to write, and is too deep to read back)."""

_CURVED = re.compile(r"CIRCULARSTRING|COMPOUNDCURVE|CURVEPOLYGON|MULTICURVE|MULTISURFACE", re.I)


def _unreadable(text: str) -> str:
    """What GEOS would misread in ``text``, or ``""``: it stops at a NUL character
    (ignoring the rest), reads ``0x10`` as 16, and chokes on lone surrogates; also
    nesting deeper than :data:`MAX_NESTING`, which it would be slow to write out.

    >>> _unreadable("POINT (0 0)"), _unreadable("POINT (0x10 0)")
    ('', 'a hexadecimal number at position 7')
    """
    for position, character in enumerate(text):
        if character == "\0":
            return f"a NUL character at position {position}"
        if "\ud800" <= character <= "\udfff":
            return (
                f"a character that is not valid Unicode (a lone surrogate) at position {position}"
            )
    hexadecimal = re.search(r"(?<![\w.])[-+]?0[xX]", text)
    if hexadecimal:
        return f"a hexadecimal number at position {hexadecimal.start()}"
    depth = 0
    for found in re.finditer(r"[()]", text):
        depth += 1 if found.group() == "(" else -1
        if depth > MAX_NESTING:
            return (
                f"nested too deeply: more than {MAX_NESTING} parentheses open "
                f"at position {found.start()}"
            )
    return ""


_FORMS = {
    "POINT": "POINT (x y)",
    "MULTIPOINT": "MULTIPOINT ((x y), ...)",
    "LINESTRING": "LINESTRING (x y, ...)",
    "MULTILINESTRING": "MULTILINESTRING ((x y, ...), ...)",
    "POLYGON": "POLYGON ((x y, ...), ...)",
    "MULTIPOLYGON": "MULTIPOLYGON (((x y, ...), ...), ...)",
}
"""For each WKT geometry type, its form (what it holds: GeoJSON's :data:`NESTING`)."""

_NESTING_ERRORS = ("Expected word but encountered number", "Expected number but encountered '('")
"""How GEOS's errors begin when a parenthesis is missing, or one too many is opened."""


def _nesting_hint(text: str, message: str) -> str:
    """For a GEOS error that a parenthesis too many or too few causes, how the
    geometry that ``text`` starts with nests; else ``""``.

    >>> _nesting_hint("POLYGON (0 0, 1 0, 0 1, 0 0)", "Expected word but encountered number: '0'")
    ' (a POLYGON is a list of rings: POLYGON ((x y, ...), ...))'
    """
    if not message.startswith(_NESTING_ERRORS):
        return ""
    found = re.match(r"\s*([A-Za-z]+)", text)
    kind = found.group(1).upper() if found else ""
    if kind not in _FORMS:
        return ""
    noun = next(noun for name, (_, noun, _) in NESTING.items() if name.upper() == kind)
    return f" (a {kind} is {noun}: {_FORMS[kind]})"


def _holds_an_empty_point(geometry: Any) -> bool:
    """Whether a MultiPoint in ``geometry`` (or in its collections) has an empty member.

    >>> _holds_an_empty_point(shapely.from_wkt("MULTIPOINT (EMPTY, (0 0))"))
    True
    """
    if geometry.geom_type == "GeometryCollection":
        return any(_holds_an_empty_point(part) for part in shapely.get_parts(geometry))
    return geometry.geom_type == "MultiPoint" and bool(
        shapely.is_empty(shapely.get_parts(geometry)).any()
    )


def _first_line(message: str) -> str:
    message = message.split("\n", 1)[0].strip()
    for prefix in ("ParseException: ", "IllegalArgumentException: "):
        message = message.removeprefix(prefix)
    return message
