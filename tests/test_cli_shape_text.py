"""Issue 17: a command-line argument that is not a file but reads as a shape is that shape."""

from __future__ import annotations

import json

from tests.helpers import assert_input_error, run_gjk

CIRCLE = '{"type": "circle", "center": [3, 4], "radius": 1}'


def test_wkt_and_json_text_stand_for_shapes() -> None:
    result = run_gjk("check", "POINT (0 0)", CIRCLE, "--json")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["gjk"]["distance"] == 4.0
    assert record["name"] == "POINT (0 0) vs circle"
    assert record["status"] == "pass" and record["verdict"] == "separated"
    table = run_gjk("check", "POINT (0 0)", "POINT (3 4)")
    assert table.returncode == 0, table.stderr
    assert "POINT (0 0) vs POINT (3 4): separated" in table.stdout


def test_a_text_shape_can_stand_beside_a_file_and_in_every_command() -> None:
    mixed = run_gjk("check", "samples/seed-example.json", "--json")
    assert mixed.returncode == 0
    beside = run_gjk("check", "samples/formats/shape-triangle.wkt", CIRCLE, "--json")
    assert beside.returncode == 0, beside.stderr
    assert json.loads(beside.stdout)["name"] == "shape-triangle vs circle"
    minkowski = run_gjk("minkowski", "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))", "POINT (5 0)", "--wkt")
    assert minkowski.returncode == 0, minkowski.stderr
    assert minkowski.stdout.startswith("POLYGON ((-5 0, -3 0, -3 2, -5 2, -5 0))")


def test_a_whole_pair_can_be_written_as_json_text() -> None:
    pair = json.dumps(
        {"a": "POINT (0 0)", "b": {"type": "point", "at": [3, 4]}, "expect": {"distance": 5}}
    )
    result = run_gjk("check", pair, "--json")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["gjk"]["distance"] == 5.0 and record["expect"]["ok"] is True
    failing = run_gjk("check", pair.replace('"distance": 5', '"distance": 6'))
    assert failing.returncode == 1


def test_an_argument_that_is_neither_a_file_nor_a_shape_gets_one_line_saying_why() -> None:
    neither = run_gjk("check", "box 1 2", "POINT (0 0)")
    assert_input_error(neither, "box 1 2: no such file, and not a shape", "WKT")
    broken_wkt = run_gjk("check", "POINT (0 0", CIRCLE)
    assert_input_error(broken_wkt, "POINT (0 0: not a file; as text: invalid WKT")
    broken_json = run_gjk("check", "POINT (0 0)", '{"type": "circle", "radus": 1}')
    assert_input_error(broken_json, "not a file; as text:", "radus", "did you mean 'radius'")
    one_shape = run_gjk("check", "POINT (0 0)")
    assert_input_error(one_shape, "holds one shape, not a pair")
    missing_file = run_gjk("check", "nosuch.json", CIRCLE)
    assert_input_error(missing_file, "nosuch.json: no such file")
    assert "not a shape" not in missing_file.stderr  # a file name is plainly a file name
    pair_as_shape = run_gjk("check", '{"a": "POINT (0 0)", "b": "POINT (1 1)"}', "POINT (1 1)")
    assert_input_error(pair_as_shape, "this is a pair, not one shape: give it alone")
    assert_input_error(run_gjk("check", "", "POINT (1 1)"), "'': an empty name")
    article = run_gjk("check", '{"type": "ellipse", "center": [0, 0], "radius": 1}', "POINT (9 9)")
    assert_input_error(article, "unknown key for an ellipse (did you mean 'radii'?)")
    long_text = "POLYGON ((" + ", ".join(f"{i} {i * i}" for i in range(200)) + "))"
    long_error = run_gjk("check", long_text, CIRCLE)
    assert_input_error(long_error, "POLYGON ((0 0, 1 1, 2 4, 3 9, 4 16, 5...")


def test_a_mistyped_file_name_is_a_missing_file_not_bad_wkt() -> None:
    for name in ("pointer.json", "Pointz-data.wkt", "polygons.jsonl", "POINT (0 0).json"):
        result = run_gjk("check", name, "POINT (1 1)")
        assert_input_error(result, f"{name}: no such file")
        assert "WKT" not in result.stderr, result.stderr


def test_a_text_shape_with_an_error_inside_says_where() -> None:
    crossing = run_gjk("check", "POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))", CIRCLE)
    assert_input_error(
        crossing, "POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0)): not a file; as text: ", "crosses itself"
    )
