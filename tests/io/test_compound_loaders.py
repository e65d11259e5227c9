"""Loading compound shapes: non-convex polygons, holes, multi-part GeoJSON and WKT, ``compound``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import shapely

from gjkcli.io import InputError, load_pair, load_shape
from gjkcli.shapes import Compound, Polytope, Rounded
from gjkcli.shapes.compound import Shape, shape_bounds
from gjkcli.verify.shapely_oracle import shapely_geometry

L_RING = [[0, 0], [8, 0], [8, 2], [2, 2], [2, 8], [0, 8]]


def load(tmp_path: Path, shape: Any, name: str = "shape.json") -> Shape:
    path = tmp_path / name
    path.write_text(shape if isinstance(shape, str) else json.dumps(shape))
    return load_shape(str(path)).shape


def test_native_non_convex_polygon_with_holes(tmp_path: Path) -> None:
    shape = load(
        tmp_path,
        {"type": "polygon", "points": L_RING, "holes": [[[0.5, 0.5], [1.5, 0.5], [1.5, 1.5]]]},
    )
    assert isinstance(shape, Compound)
    geometry, error = shapely_geometry(shape)
    assert error == 0.0
    assert geometry.area == 28.0 - 0.5
    assert shape.geometry is not None and shape.geometry["type"] == "Polygon"
    assert len(shape.geometry["coordinates"]) == 2  # the exterior and the hole


def test_transform_maps_the_rings_before_they_are_cut(tmp_path: Path) -> None:
    moved = load(
        tmp_path,
        {"type": "polygon", "points": L_RING, "transform": {"rotate": 90, "translate": [10, 0]}},
    )
    assert isinstance(moved, Compound)
    assert shape_bounds(moved) == (2.0, 0.0, 10.0, 8.0)
    geometry, _ = shapely_geometry(moved)
    expected = shapely.Polygon([(10 - y, x) for x, y in L_RING])
    assert shapely.equals(geometry, expected)


def test_margin_on_a_compound_rounds_every_part(tmp_path: Path) -> None:
    grown = load(tmp_path, {"type": "polygon", "points": L_RING, "margin": 1})
    assert isinstance(grown, Compound)
    assert all(isinstance(part, Rounded) for part in grown.parts)
    assert shape_bounds(grown) == (-1.0, -1.0, 9.0, 9.0)
    assert grown.geometry is None  # no polygon describes it: Shapely gets the parts' union


def test_native_compound_nests_and_flattens(tmp_path: Path) -> None:
    shape = load(
        tmp_path,
        {
            "type": "compound",
            "name": "robot",
            "transform": {"translate": [1, 1]},
            "parts": [
                {"type": "circle", "center": [0, 0], "radius": 1},
                {
                    "type": "compound",
                    "parts": [
                        {"type": "polygon", "points": L_RING},
                        {"type": "segment", "points": [[10, 0], [12, 0]]},
                    ],
                },
            ],
        },
    )
    assert isinstance(shape, Compound)
    assert len(shape.parts) == 1 + 2 + 1
    assert shape_bounds(shape) == (0.0, 0.0, 13.0, 9.0)
    assert len(shape.members) == 2
    nested = shape.members[1]
    assert isinstance(nested, Compound)
    l_shape = nested.members[0]
    assert isinstance(l_shape, Compound) and l_shape.geometry is not None
    assert l_shape.geometry["type"] == "Polygon"


def test_a_compound_of_one_part_is_that_part(tmp_path: Path) -> None:
    shape = load(tmp_path, {"type": "compound", "parts": [{"type": "point", "at": [1, 2]}]})
    assert shape == Polytope(((1.0, 2.0),))


@pytest.mark.parametrize(
    ("geometry", "parts", "area"),
    [
        ({"type": "MultiPoint", "coordinates": [[0, 0], [1, 1], [2, 0]]}, 3, 0.0),
        ({"type": "LineString", "coordinates": [[0, 0], [1, 0], [1, 0], [1, 1]]}, 2, 0.0),
        (
            {
                "type": "MultiLineString",
                "coordinates": [[[0, 0], [1, 0]], [[0, 1], [1, 1], [2, 2]]],
            },
            3,
            0.0,
        ),
        (
            {
                "type": "MultiPolygon",
                "coordinates": [
                    [
                        [[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]],
                        [[1, 1], [3, 1], [3, 3], [1, 3], [1, 1]],
                    ],
                    [[[5, 0], [6, 0], [6, 1], [5, 0]]],
                ],
            },
            4 + 1,
            12.5,
        ),
        (
            {
                "type": "GeometryCollection",
                "geometries": [
                    {"type": "Point", "coordinates": [9, 9]},
                    {"type": "Polygon", "coordinates": [[*L_RING, [0, 0]]]},
                ],
            },
            1 + 2,
            28.0,
        ),
    ],
)
def test_geojson_multi_part_geometries(
    tmp_path: Path, geometry: dict[str, Any], parts: int, area: float
) -> None:
    shape = load(tmp_path, geometry)
    assert isinstance(shape, Compound)
    assert len(shape.parts) == parts
    stand_in, _ = shapely_geometry(shape)
    assert stand_in.area == area
    wkt = load(tmp_path, shapely.to_wkt(shapely.geometry.shape(geometry)), "shape.wkt")
    assert isinstance(wkt, Compound)
    assert len(wkt.parts) == parts


def test_errors_in_compounds_name_the_place(tmp_path: Path) -> None:
    pair = {
        "a": {"type": "point", "at": [0, 0]},
        "b": {
            "type": "compound",
            "parts": [
                {"type": "circle", "center": [0, 0], "radius": 1},
                {"type": "polygon", "points": [[0, 0], [2, 2], [2, 0], [0, 2]]},
            ],
        },
    }
    path = tmp_path / "pair.json"
    path.write_text(json.dumps(pair))
    with pytest.raises(InputError) as caught:
        load_pair(str(path))
    assert caught.value.place == "b.parts[1].points"
    assert "the ring crosses itself at (1, 1)" in str(caught.value)
    multi = {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], []]}
    with pytest.raises(InputError, match=r"coordinates\[1\]: empty geometry"):
        load(tmp_path, multi)
