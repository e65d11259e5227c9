"""Which GeoJSON shapes get the longitude/latitude note (gjkcli.io.geographic), read
through the public loaders."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from gjkcli.io import load_pair, load_shape


def _point(x: float, y: float) -> dict[str, Any]:
    return {"type": "Point", "coordinates": [x, y]}


def _notes(document: dict[str, Any]) -> tuple[str, ...]:
    return load_shape("-", io.BytesIO(json.dumps(document).encode())).notes


@pytest.mark.parametrize(
    ("document", "noted"),
    [
        (_point(2.3522, 48.8566), True),  # Paris, to 11 cm
        (_point(4, 3), False),  # hand-written plane coordinates
        (_point(0.5, 1.25), False),
        (_point(500000.125, 4649776.224), False),  # UTM metres: outside lon/lat bounds
        (_point(179.0001, -90.5), False),  # a latitude beyond the pole
        (
            {"type": "LineString", "coordinates": [[0, 0], [200.00001, 1]]},
            False,  # one position out of bounds is enough
        ),
        (
            {**_point(4, 3), "crs": {"type": "name", "properties": {"name": "EPSG:4326"}}},
            True,  # declared, whatever the digits
        ),
        (
            {
                **_point(2.3522, 48.8566),
                "crs": {"type": "name", "properties": {"name": "EPSG:2154"}},
            },
            False,  # declared projected
        ),
    ],
)
def test_the_note_follows_the_documented_rule(document: dict[str, Any], noted: bool) -> None:
    assert bool(_notes(document)) is noted


def test_wkt_and_native_shapes_get_no_note() -> None:
    assert load_shape("-", io.BytesIO(b"POINT (2.3522 48.8566)")).notes == ()
    native = b'{"type": "point", "at": [2.3522, 48.8566]}'
    assert load_shape("-", io.BytesIO(native)).notes == ()


def test_a_feature_collection_pair_s_crs_covers_its_features() -> None:
    collection = {
        "type": "FeatureCollection",
        "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}},
        "features": [
            {"type": "Feature", "geometry": _point(1, 2)},
            {"type": "Feature", "geometry": _point(3, 4)},
        ],
    }
    pair = load_pair("-", io.BytesIO(json.dumps(collection).encode()))
    assert [note.split(": ")[1] for note in pair.notes] == ["features[0]", "features[1]"]
    assert all("(its crs says so)" in note for note in pair.notes)


def test_geojson_inside_a_pair_object_gets_a_note_only_from_a_declared_crs() -> None:
    paris = _point(2.3522, 48.8566)
    declared = {**paris, "crs": {"type": "name", "properties": {"name": "EPSG:4326"}}}
    for a, noted in ((paris, False), (declared, True)):
        pair = {"a": a, "b": {"type": "point", "at": [0, 0]}}
        assert bool(load_pair("-", io.BytesIO(json.dumps(pair).encode())).notes) is noted
