"""WKB decoding: every geometry type in both flavours and byte orders, coordinates exact,
and a message with the byte for each kind of damage."""

from __future__ import annotations

import json
import math
import random
import struct

import numpy as np
import pytest
import shapely

from gjkcli.io.wkb import MAX_NESTING, WKBError, wkb_geojson

GEOMETRIES = [
    "POINT (1 2)",
    "LINESTRING (0 0, 1 1, 2 0)",
    "POLYGON ((0 0, 4 0, 0 4, 0 0), (1 1, 2 1, 1 2, 1 1))",
    "MULTIPOINT ((0 0), (3 4))",
    "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",
    "MULTIPOLYGON (((0 0, 1 0, 0 1, 0 0)), ((5 5, 6 5, 5 6, 5 5)))",
    "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1), "
    "GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 0 1, 0 0))))",
]


@pytest.mark.parametrize("wkt", GEOMETRIES)
@pytest.mark.parametrize("flavor", ["iso", "extended"])
@pytest.mark.parametrize("byte_order", [0, 1])
def test_every_geometry_type_reads_as_shapely_writes_it(
    wkt: str, flavor: str, byte_order: int
) -> None:
    geometry = shapely.from_wkt(wkt)
    data = shapely.to_wkb(geometry, flavor=flavor, byte_order=byte_order)
    decoded = json.loads(json.dumps(wkb_geojson(data)))
    assert decoded == json.loads(shapely.to_geojson(geometry))


def test_coordinates_come_through_exactly() -> None:
    rng = random.Random(15)
    values = [struct.unpack("<d", rng.randbytes(8))[0] for _ in range(4000)]
    values = [value for value in values if math.isfinite(value)]
    values += [0.1, 1 / 3, 5e-324, -0.0, 1.7976931348623157e308, 2.2250738585072014e-308]
    values = values[: len(values) // 2 * 2]
    line = shapely.linestrings(np.array(values).reshape(-1, 2))
    text = json.dumps(wkb_geojson(shapely.to_wkb(line)))
    back = [value for point in json.loads(text)["coordinates"] for value in point]
    assert [struct.pack("<d", value) for value in back] == [
        struct.pack("<d", value) for value in values
    ]


def test_z_is_kept_for_the_loader_to_refuse_and_m_is_dropped() -> None:
    z = shapely.to_wkb(shapely.from_wkt("POINT Z (1 2 3)"))
    m = shapely.to_wkb(shapely.from_wkt("POINT M (1 2 3)"), output_dimension=4)
    zm = shapely.to_wkb(shapely.from_wkt("LINESTRING ZM (1 2 3 4, 5 6 7 8)"), output_dimension=4)
    assert wkb_geojson(z)["coordinates"] == (1.0, 2.0, 3.0)
    assert wkb_geojson(m)["coordinates"] == (1.0, 2.0)
    assert wkb_geojson(zm)["coordinates"] == [(1.0, 2.0, 3.0), (5.0, 6.0, 7.0)]


def test_an_srid_is_skipped_and_an_empty_point_has_no_coordinates() -> None:
    located = shapely.to_wkb(
        shapely.set_srid(shapely.Point(1, 2), 4326), flavor="extended", include_srid=True
    )
    assert wkb_geojson(located) == {"type": "Point", "coordinates": (1.0, 2.0)}
    empty = shapely.to_wkb(shapely.from_wkt("POINT EMPTY"))
    assert wkb_geojson(empty) == {"type": "Point", "coordinates": ()}


POINT = bytes.fromhex("0101000000000000000000f03f9a9999999999b93f")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "no bytes at all"),
        (POINT[:-1], "it ends at byte 20, in the middle of a point (16 bytes from byte 5)"),
        (POINT + b"\0", "1 byte left over after the geometry (from byte 21)"),
        (b"POINT (0 0)", "byte 0: the byte order must be 0 or 1, got 80 (WKT text, not WKB?)"),
        (bytes.fromhex("0163000000"), "byte 1: geometry type 99 is not one gjkcli reads"),
        (bytes.fromhex("0108000000"), "byte 1: geometry type 8 is not one gjkcli reads"),
        (
            bytes.fromhex("0104000000010000000102000000"),
            "byte 9: a MultiPoint holds a LineString, not a Point",
        ),
        (
            bytes.fromhex("0103000000ffffffff"),
            "byte 5: a count of 4,294,967,295 rings, more than the 0 bytes left could hold",
        ),
    ],
)
def test_damage_is_named_with_its_byte(data: bytes, message: str) -> None:
    with pytest.raises(WKBError) as raised:
        wkb_geojson(data)
    assert str(raised.value).startswith(message)


def test_collections_nested_too_deeply_are_refused() -> None:
    data = POINT
    for _ in range(MAX_NESTING + 1):
        data = bytes.fromhex("010700000001000000") + data
    with pytest.raises(WKBError, match="nested too deeply"):
        wkb_geojson(data)
