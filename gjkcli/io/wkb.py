"""Well-known binary (WKB) geometries, decoded into GeoJSON geometry objects.

GeoParquet stores geometries as WKB. Decoding only restructures the bytes: the
coordinates are the very doubles of the input (nothing is parsed from text or
rounded), and every check of the geometry itself (finite numbers, enough
points, simple rings, two dimensions) is left to the GeoJSON loader, which
names the place of a problem (``a.coordinates[0][2]``). So a ``NaN`` or a
third (Z) coordinate is kept, for the loader to refuse; an M (measure) value
is not a coordinate and is dropped, as for WKT. ``POINT EMPTY``, which WKB
writes as two NaNs, becomes a Point without coordinates.

Both the ISO flavour (type codes 1-7, plus 1000 for Z, 2000 for M, 3000 for
ZM) and PostGIS's extended WKB (flag bits for Z, M and an SRID, which is
skipped) are read, in either byte order. Anything else is a :class:`WKBError`
that says what is wrong and at which byte.
"""

from __future__ import annotations

import math
import struct
from typing import Any

__all__ = ["MAX_NESTING", "WKBError", "wkb_geojson"]

MAX_NESTING = 64
"""Most multi-part geometries and collections a WKB geometry may hold inside one another."""

_KINDS = {
    1: "Point",
    2: "LineString",
    3: "Polygon",
    4: "MultiPoint",
    5: "MultiLineString",
    6: "MultiPolygon",
    7: "GeometryCollection",
}
_PART_KIND = {4: 1, 5: 2, 6: 3}
"""The kind of every part of a multi-part kind."""

_EWKB_Z, _EWKB_M, _EWKB_SRID = 0x80000000, 0x40000000, 0x20000000


class WKBError(ValueError):
    """A byte string that is not a WKB geometry gjkcli reads; the message says why."""


def wkb_geojson(data: bytes) -> dict[str, Any]:
    """The GeoJSON geometry object of one WKB geometry, with its coordinates exactly (a
    position is a tuple, which ``json.dumps`` writes as an array).

    >>> point = bytes.fromhex("0101000000000000000000f03f9a9999999999b93f")
    >>> wkb_geojson(point)
    {'type': 'Point', 'coordinates': (1.0, 0.1)}
    >>> wkb_geojson(point[:-1])
    Traceback (most recent call last):
    ...
    gjkcli.io.wkb.WKBError: it ends at byte 20, in the middle of a point (16 bytes from byte 5)
    """
    if not data:
        raise WKBError("no bytes at all")
    reader = _Reader(data)
    geometry = reader.geometry(0, None)
    if reader.offset != len(data):
        left = len(data) - reader.offset
        raise WKBError(
            f"{left} byte{'s' if left > 1 else ''} left over after the geometry "
            f"(from byte {reader.offset})"
        )
    return geometry


_HEADER = {order: struct.Struct(f"{endian}I") for order, endian in ((0, ">"), (1, "<"))}
"""A geometry type code or a count, in each byte order (0: big-endian, 1: little-endian)."""


class _Reader:
    """A position in WKB bytes, and how to read what comes next."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.offset = 0

    def geometry(self, depth: int, expected: int | None) -> dict[str, Any]:
        """The geometry starting here (a part of a multi-part one must be of ``expected`` kind)."""
        if depth > MAX_NESTING:
            raise WKBError(f"nested too deeply: more than {MAX_NESTING} collections in one another")
        start = self.offset
        self.need(1, "a byte order")
        order = self.data[start]
        self.offset += 1
        if order not in _HEADER:
            hint = " (WKT text, not WKB?)" if chr(order).isalpha() else ""
            raise WKBError(f"byte {start}: the byte order must be 0 or 1, got {order}{hint}")
        code = self.number(order, "a geometry type")
        kind, dimensions, width = _kind(code, start)
        if code & _EWKB_SRID:
            self.number(order, "an SRID")
        if expected is not None and kind != expected:
            raise WKBError(
                f"byte {start}: a {_KINDS[expected + 3]} holds a {_KINDS[kind]}, "
                f"not a {_KINDS[expected]}"
            )
        if kind == 1:
            point = self.points(order, 1, dimensions, width, "a point")[0]
            empty = all(math.isnan(value) for value in point)
            return {"type": "Point", "coordinates": () if empty else point}
        if kind == 2:
            return {"type": "LineString", "coordinates": self.sequence(order, dimensions, width)}
        if kind == 3:
            count = self.count(order, "rings")
            rings = [self.sequence(order, dimensions, width) for _ in range(count)]
            return {"type": "Polygon", "coordinates": rings}
        count = self.count(order, "geometries" if kind == 7 else "parts")
        if kind == 7:
            geometries = [self.geometry(depth + 1, None) for _ in range(count)]
            return {"type": "GeometryCollection", "geometries": geometries}
        parts = [self.geometry(depth + 1, _PART_KIND[kind])["coordinates"] for _ in range(count)]
        return {"type": _KINDS[kind], "coordinates": parts}

    def sequence(self, order: int, dimensions: int, width: int) -> list[tuple[float, ...]]:
        """A counted sequence of points (a line string, a ring)."""
        count = self.count(order, "points")
        return self.points(order, count, dimensions, width, f"{count} points")

    def points(
        self, order: int, count: int, dimensions: int, width: int, what: str
    ) -> list[tuple[float, ...]]:
        """``count`` points of ``width`` numbers each, of which the first ``dimensions`` are
        coordinates (the one after them, if any, is an M value)."""
        size = 8 * width * count
        self.need(size, what)
        layout = f"{'<' if order else '>'}{width * count}d"
        values = struct.unpack_from(layout, self.data, self.offset)
        self.offset += size
        return list(zip(*(values[k::width] for k in range(dimensions)), strict=True))

    def count(self, order: int, what: str) -> int:
        """A count of ``what``, refused if the bytes left could not hold that many."""
        start = self.offset
        count = self.number(order, f"a count of {what}")
        if count > len(self.data) - self.offset:  # each one takes at least a byte
            raise WKBError(
                f"byte {start}: a count of {count:,} {what}, more than the "
                f"{len(self.data) - self.offset:,} bytes left could hold"
            )
        return count

    def number(self, order: int, what: str) -> int:
        """A 4-byte unsigned integer."""
        self.need(4, what)
        value: int = _HEADER[order].unpack_from(self.data, self.offset)[0]
        self.offset += 4
        return value

    def need(self, size: int, what: str) -> None:
        if self.offset + size > len(self.data):
            raise WKBError(
                f"it ends at byte {len(self.data)}, in the middle of {what} "
                f"({size} byte{'s' if size > 1 else ''} from byte {self.offset})"
            )


def _kind(code: int, start: int) -> tuple[int, int, int]:
    """``(kind, dimensions, width)`` of a geometry type code, ISO or extended: the
    coordinates of a point, and the numbers stored for it (an M value adds one).

    >>> _kind(3, 0), _kind(1003, 0), _kind(3003, 0), _kind(0x80000003, 0), _kind(2001, 0)
    ((3, 2, 2), (3, 3, 3), (3, 3, 4), (3, 3, 3), (1, 2, 3))
    """
    flags = code & (_EWKB_Z | _EWKB_M | _EWKB_SRID)
    iso, kind = divmod(code & ~flags, 1000)
    if iso > 3 or kind not in _KINDS or (flags and iso):
        raise WKBError(
            f"byte {start + 1}: geometry type {code} is not one gjkcli reads (points, "
            "line strings, polygons, their multi-part forms and geometry collections)"
        )
    has_z = iso in (1, 3) or bool(code & _EWKB_Z)
    measured = iso in (2, 3) or bool(code & _EWKB_M)
    dimensions = 3 if has_z else 2
    return kind, dimensions, dimensions + measured
