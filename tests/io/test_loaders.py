"""Loading shapes and pairs: every format, and every class of bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gjkcli.io import InputError, load_pair, load_shape, load_two, source
from gjkcli.io.errors import NotAPairError
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.io.wkt import MAX_NESTING
from gjkcli.shapes import Compound, Polytope, Rounded, Transformed
from gjkcli.shapes.compound import shape_bounds
from tests.bad_inputs import BAD_INPUTS, BadInput
from tests.helpers import SAMPLES


def write(tmp_path: Path, name: str, content: str | bytes) -> str:
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return str(path)


@pytest.mark.parametrize("bad", BAD_INPUTS, ids=[bad.id for bad in BAD_INPUTS])
def test_bad_input_names_file_place_and_problem(tmp_path: Path, bad: BadInput) -> None:
    path = write(tmp_path, "pair" + bad.suffix, bad.content)
    with pytest.raises(InputError) as caught:
        load_pair(path)
    error = caught.value
    assert error.file == path
    assert error.place == bad.place
    assert bad.words in error.message
    assert "\n" not in str(error)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_pair(str(tmp_path / "nope.json"))
    with pytest.raises(InputError, match="is a directory, not a pair file: check the pairs"):
        load_pair(str(tmp_path))


def test_unreadable_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = write(tmp_path, "secret.json", "{}")

    def refuse(file: str, mode: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(source, "open", refuse, raising=False)  # found before the builtin
    with pytest.raises(InputError, match="cannot read: permission denied") as caught:
        load_pair(path)
    assert caught.value.file == path


def test_native_shapes_of_every_type(tmp_path: Path) -> None:
    shapes = {
        "point": {"type": "point", "at": [1, 2]},
        "segment": {"type": "segment", "points": [[0, 0], [1, 1]]},
        "polygon": {"type": "polygon", "points": [[0, 0], [1, 0], [0, 1], [0, 0]]},
        "hull": {"type": "hull", "points": [[0, 0], [1, 0], [0, 1], [0.2, 0.2]]},
        "circle": {"type": "circle", "center": [0, 0], "radius": 1},
        "ellipse": {"type": "ellipse", "center": [0, 0], "radii": [2, 1], "rotation": 30},
        "rectangle": {"type": "rectangle", "center": [0, 0], "size": [2, 1], "rotation": 30},
        "capsule": {"type": "capsule", "points": [[0, 0], [1, 0]], "radius": 0.5},
    }
    for kind, shape in shapes.items():
        loaded = load_shape(write(tmp_path, f"{kind}.json", json.dumps(shape)))
        assert loaded.kind == kind
        assert loaded.name == kind  # the file name, as no name was given


def test_transform_and_margin_are_applied_in_order() -> None:
    text = json.dumps(
        {
            "type": "segment",
            "points": [[0, 0], [1, 0]],
            "transform": {"scale": 2, "rotate": 90, "translate": [5, 0]},
            "margin": 0.5,
            "name": "arm",
        }
    )
    loaded = load_shape("-", io.BytesIO(text.encode()))
    assert loaded.name == "arm"
    assert loaded.shape == Rounded(Polytope(((5.0, 0.0), (5.0, 2.0))), 0.5)


def test_non_uniform_scale_of_a_circle_is_exact_through_the_support_function() -> None:
    text = '{"type": "circle", "center": [0, 0], "radius": 1, "transform": {"scale": [3, 1]}}'
    loaded = load_shape("-", io.BytesIO(text.encode()))
    assert isinstance(loaded.shape, Transformed)
    assert loaded.shape.support((1.0, 0.0)) == (3.0, 0.0)


def test_geojson_feature_collection_is_a_pair() -> None:
    pair = load_pair(str(SAMPLES / "formats" / "geojson-pair.geojson"))
    assert (pair.a.name, pair.b.name) == ("field", "well")
    assert pair.a.kind == "GeoJSON Polygon"


def test_the_same_pair_forms_are_read_from_a_file_a_line_and_standard_input(
    tmp_path: Path,
) -> None:
    point = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}}
    far = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [3, 4]}}
    forms = [
        {"type": "FeatureCollection", "features": [point, far]},
        {"a": point["geometry"], "b": far},
    ]
    for form in forms:
        text = json.dumps(form)
        from_file = load_pair(write(tmp_path, "pair.json", text))
        from_stdin = load_pair("-", io.BytesIO(text.encode()))
        from_line = pair_from_node(Node(json.loads(text), "s.jsonl:1"), "s:1")
        for pair in (from_file, from_stdin, from_line):
            assert shape_bounds(pair.b.shape) == (3.0, 4.0, 3.0, 4.0)
    one = {"type": "FeatureCollection", "features": [point]}
    with pytest.raises(NotAPairError, match="holds one shape"):  # a shape file: skipped
        load_pair(write(tmp_path, "one.geojson", json.dumps(one)))


def test_geojson_geometry_feature_and_single_part_multi(tmp_path: Path) -> None:
    geometry = {"type": "MultiPolygon", "coordinates": [[[[0, 0], [2, 0], [0, 2], [0, 0]]]]}
    feature = {"type": "Feature", "properties": {"name": "lot"}, "geometry": geometry}
    loaded = load_shape(write(tmp_path, "lot.geojson", json.dumps(feature)))
    assert loaded.name == "lot"
    assert isinstance(loaded.shape, Polytope)  # one convex part: just that part
    assert loaded.shape.support((1.0, 0.0)) == (2.0, 0.0)


def test_geojson_non_convex_polygon_is_cut_into_parts_not_hulled(tmp_path: Path) -> None:
    notched = {"type": "Polygon", "coordinates": [[[0, 0], [4, 0], [4, 4], [2, 1], [0, 4], [0, 0]]]}
    loaded = load_shape(write(tmp_path, "notched.json", json.dumps(notched)))
    assert isinstance(loaded.shape, Compound)
    # with diagonals only, the notch's bottom (2, 1) needs two cuts: three triangles
    assert len(loaded.shape.parts) == 3
    rings = [list(part.vertices) for part in loaded.shape.parts if isinstance(part, Polytope)]
    assert len(rings) == 3
    assert all((2.0, 1.0) in ring for ring in rings)
    areas = [
        sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(v, v[1:] + v[:1], strict=True)) / 2
        for v in rings
    ]
    assert sum(areas) == 10.0  # the square less the notch; its hull would cover 16
    bow_tie = {"type": "Polygon", "coordinates": [[[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]]}
    with pytest.raises(InputError) as caught:
        load_shape(write(tmp_path, "bow-tie.json", json.dumps(bow_tie)))
    assert caught.value.place == "coordinates[0]"
    assert "the ring crosses itself at (1, 1)" in str(caught.value)


def test_wkt_pair_file_and_shape_file(tmp_path: Path) -> None:
    pair = load_pair(str(SAMPLES / "formats" / "wkt-pair.wkt"))
    assert (pair.a.kind, pair.b.kind) == ("WKT POLYGON", "WKT POLYGON")
    shape = load_shape(str(SAMPLES / "formats" / "shape-triangle.wkt"))
    assert shape.kind == "WKT POLYGON"
    with pytest.raises(InputError, match="holds two geometries"):
        load_shape(str(SAMPLES / "formats" / "wkt-pair.wkt"))
    bow_tie = write(tmp_path, "bow-tie.wkt", "POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))\nPOINT (9 9)\n")
    with pytest.raises(InputError) as caught:
        load_pair(bow_tie)
    assert caught.value.place == "line 1 (WKT).coordinates[0]"


def test_wkt_rejects_3d_and_nan(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="3D coordinates"):
        load_pair(write(tmp_path, "z.wkt", "POINT Z (1 2 3)\nPOINT (0 0)\n"))
    with pytest.raises(InputError, match="must be finite"):
        load_pair(write(tmp_path, "nan.wkt", "POINT (nan 1)\nPOINT (0 0)\n"))


def test_wkt_nesting_is_limited_before_geos_writes_it_out(tmp_path: Path) -> None:
    def nested(levels: int) -> str:  # a POINT inside GEOMETRYCOLLECTIONs: levels parentheses
        return "GEOMETRYCOLLECTION (" * (levels - 1) + "POINT (1 1)" + ")" * (levels - 1)

    deepest = load_pair(write(tmp_path, "ok.wkt", f"POINT (0 0)\n{nested(MAX_NESTING)}\n"))
    assert deepest.b.kind == "WKT GEOMETRYCOLLECTION"
    # far deeper: refused at once (GEOS took seconds to turn 5,000 levels into GeoJSON)
    with pytest.raises(InputError, match=f"more than {MAX_NESTING} parentheses open"):
        load_pair(write(tmp_path, "deep.wkt", f"POINT (0 0)\n{nested(100_000)}\n"))


def test_wkt_lines_end_at_newlines_only(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:  # a vertical tab does not end the line
        load_pair(write(tmp_path, "v.wkt", "POINT (0 0)\vPOINT (1 1)\nPOINT (2 2)\n"))
    assert caught.value.place == "line 1"
    old_mac = load_pair(write(tmp_path, "mac.wkt", "POINT (0 0)\rPOINT (1 1)\r"))
    assert (old_mac.a.kind, old_mac.b.kind) == ("WKT POINT", "WKT POINT")


def test_two_file_form_and_stdin() -> None:
    circle = str(SAMPLES / "formats" / "shape-circle.json")
    triangle = SAMPLES / "formats" / "shape-triangle.wkt"
    pair = load_two(circle, "-", io.BytesIO(triangle.read_bytes()))
    assert pair.name == "shape-circle vs stdin"
    with pytest.raises(InputError, match="only one of the two shapes"):
        load_two("-", "-")
    with pytest.raises(InputError, match="holds a pair, not one shape"):
        load_two(str(SAMPLES / "seed-example.json"), circle)


def test_expect_block_is_validated(tmp_path: Path) -> None:
    base = {"a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [1, 0]}}
    ok = load_pair(
        write(
            tmp_path, "ok.json", json.dumps({**base, "expect": {"distance": 1, "tolerance": 1e-12}})
        )
    )
    assert ok.expect is not None and ok.expect.distance == 1.0
    with pytest.raises(InputError, match="did you mean 'distance'"):
        load_pair(write(tmp_path, "bad.json", json.dumps({**base, "expect": {"distanse": 1}})))
    with pytest.raises(InputError) as caught:
        load_pair(write(tmp_path, "bad2.json", json.dumps({**base, "expect": {"intersects": 1}})))
    assert caught.value.place == "expect.intersects"


def test_pair_metadata_keys_are_accepted_and_others_rejected(tmp_path: Path) -> None:
    base = {"a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [1, 0]}}
    load_pair(
        write(tmp_path, "meta.json", json.dumps({**base, "extra": {"any": 1}, "source": "x:1"}))
    )
    with pytest.raises(InputError, match="unknown key for a pair"):
        load_pair(write(tmp_path, "meta2.json", json.dumps({**base, "c": 1})))
