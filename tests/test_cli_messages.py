"""Messages that point the right way (issue 17, parts 4 and 5): JSON Lines and folders
given to ``gjk check`` send the user to ``gjk batch``; unknown keys and types list the
valid ones (with "did you mean" only when close); coordinates nested one level off say
how they nest; a named path that does not exist stops ``gjk batch`` before any pair;
``--glob`` matches file names; GeoJSON in longitude/latitude gets a note on its units."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers import SAMPLES, assert_input_error, gjk_executable, run_gjk

POINT = '{"type": "point", "at": [0, 0]}'
CIRCLE = '{"type": "circle", "center": [5, 0], "radius": 1}'


def _pair_file(tmp_path: Path, a: str, b: str = CIRCLE, extra: str = "") -> str:
    path = tmp_path / "pair.json"
    path.write_text(f'{{"a": {a}, "b": {b}{extra}}}')
    return str(path)


def _json_lines(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text("".join(f'{{"a": {POINT}, "b": {CIRCLE}}}\n' for _ in range(3)))
    return path


def test_check_on_a_json_lines_file_points_to_gjk_batch(tmp_path: Path) -> None:
    stream = _json_lines(tmp_path, "results.jsonl")
    assert_input_error(
        run_gjk("check", str(stream)), "JSON Lines, a stream of pairs", f"gjk batch {stream}"
    )


def test_check_on_json_lines_under_another_name_or_from_stdin_points_to_gjk_batch(
    tmp_path: Path,
) -> None:
    text = _json_lines(tmp_path, "pairs.txt")
    assert_input_error(run_gjk("check", str(text)), "JSON Lines", f"gjk batch - < {text}")
    assert_input_error(run_gjk("check", "-", stdin=text.read_text()), "gjk batch -")
    broken = tmp_path / "pair.json"  # a second value on a line of its own, but no JSON
    broken.write_text(f'{{"a": {POINT}, "b": {CIRCLE}}}\n}}\n')
    result = run_gjk("check", str(broken))
    assert_input_error(result, "line 2, column 1: invalid JSON: Extra data")
    assert "gjk batch" not in result.stderr


def test_check_on_a_folder_points_to_gjk_batch() -> None:
    assert_input_error(
        run_gjk("check", "samples/circle"), "samples/circle: is a directory", "gjk batch samples/"
    )


def test_an_unknown_key_lists_the_valid_keys_without_a_far_fetched_guess(tmp_path: Path) -> None:
    result = run_gjk("check", _pair_file(tmp_path, '{"type": "point", "point": [0, 0]}'))
    assert_input_error(
        result,
        "a.point: unknown key for a point; valid keys: type, at, transform, margin, name",
    )
    assert "did you mean" not in result.stderr
    far = run_gjk("check", _pair_file(tmp_path, POINT, CIRCLE[:-1] + ', "min": 2}'))
    assert_input_error(far, "b.min: unknown key for a circle; valid keys: type, center, radius")
    assert "did you mean" not in far.stderr


def test_a_close_unknown_key_is_suggested_and_the_valid_keys_listed(tmp_path: Path) -> None:
    result = run_gjk(
        "check", _pair_file(tmp_path, '{"type": "circle", "center": [0, 0], "radus": 1}')
    )
    assert_input_error(
        result, "a.radus: unknown key for a circle (did you mean 'radius'?); valid keys: type,"
    )


def test_an_unknown_shape_type_lists_the_types(tmp_path: Path) -> None:
    result = run_gjk("check", _pair_file(tmp_path, '{"type": "box", "center": [0, 0]}'))
    assert_input_error(
        result,
        "a.type: unknown shape type 'box'; valid types: point, segment, polygon, hull, circle,",
        "rectangle, capsule, compound, Point, MultiPoint,",
    )
    assert "did you mean" not in result.stderr


@pytest.mark.parametrize(
    ("a", "extra", "words"),
    [
        (POINT, ', "c": 1', "c: unknown key for a pair; valid keys: a, b, name, expect,"),
        (
            POINT,
            ', "expect": {"dist": 1}',
            "expect.dist: unknown key for an expectation (did you mean 'distance'?); valid keys:",
        ),
        (
            POINT,
            ', "expect": {"distanse": 1}',
            "expect.distanse: unknown key for an expectation (did you mean 'distance'?); "
            "valid keys: intersects, verdict, distance,",
        ),
        (
            '{"type": "point", "at": [0, 0], "transform": {"rotation": 9}}',
            "",
            "a.transform.rotation: unknown key for a transform (did you mean 'rotate'?); "
            "valid keys: scale, rotate, translate",
        ),
        (
            '{"type": "Polgon", "coordinates": []}',
            "",
            "a.type: unknown shape type 'Polgon' (did you mean 'Polygon'?); valid types: point,",
        ),
        (
            '{"type": "GeometryCollection", "geometries": [{"type": "Box"}]}',
            "",
            "a.geometries[0].type: unknown GeoJSON geometry type 'Box'; valid types: Point,",
        ),
        (
            '{"type": "compound", "parts": [{"type": "Point", "coordinates": [0, 0]}]}',
            "",
            "a.parts[0].type: a compound's parts are native shapes, and 'Point' is not a "
            "native type (did you mean 'point'?); valid types: point, segment,",
        ),
    ],
)
def test_every_loader_lists_the_valid_keys_or_types(
    tmp_path: Path, a: str, extra: str, words: str
) -> None:
    assert_input_error(run_gjk("check", _pair_file(tmp_path, a, extra=extra)), words)


def test_an_answers_file_key_lists_the_valid_keys(tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(f'{{"name": "p", "a": {POINT}, "b": {CIRCLE}}}\n')
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"name": "p", "distanse": 4}\n')
    result = run_gjk("batch", str(pairs), "--answers", str(answers), "--json", "--quiet")
    record = json.loads(result.stdout)
    assert (
        "distanse: unknown key for an answer (did you mean 'distance'?); valid keys:"
        in (record["error"])
    )


def test_option_names_list_the_valid_names(tmp_path: Path) -> None:
    assert_input_error(
        run_gjk("generate", str(tmp_path / "x.jsonl"), "--family", "nope"),
        "--family: unknown family 'nope'; valid families: ",
    )
    assert_input_error(
        run_gjk("fuzz", "--impl", "x:y", "--types", "box", "--out", str(tmp_path / "out")),
        "--types: unknown name 'box'; valid names: point, segment,",
    )


def test_a_config_key_lists_the_valid_keys(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.gjkcli]\nprecison = 'single'\n")
    (tmp_path / "pair.json").write_text(f'{{"a": {POINT}, "b": {CIRCLE}}}')
    result = subprocess.run(
        [gjk_executable(), "check", "pair.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert_input_error(
        result,
        "unknown key 'precison' (did you mean 'precision'?); valid keys: precision, rtol, atol,",
    )


def test_tolerances_that_would_accept_anything_or_overflow_are_refused(tmp_path: Path) -> None:
    """A relative tolerance above 1, or an absolute one above the largest coordinate,
    accepts any answer, and together they overflowed atol + rtol * scale into an error row
    for every pair (review finding): they are usage errors, on the command line and in a
    pyproject.toml alike."""
    pair = tmp_path / "pair.json"
    pair.write_text(f'{{"a": {POINT}, "b": {CIRCLE}, "expect": {{"intersects": false}}}}')
    assert_input_error(run_gjk("batch", str(pair), "--rtol", "1e308"), "--rtol: must be 1 or less")
    assert_input_error(
        run_gjk("batch", str(pair), "--atol", "1e308"), "--atol 1e+308: must be at most 1e+150"
    )
    (tmp_path / "pyproject.toml").write_text("[tool.gjkcli]\nrtol = 2\n")
    result = subprocess.run(
        [gjk_executable(), "check", "pair.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert_input_error(result, "rtol must be at most 1, got 2")


@pytest.mark.parametrize(
    ("geometry", "words"),
    [
        (
            '{"type": "Polygon", "coordinates": [[0, 0], [1, 0], [0, 1]]}',
            "a.coordinates: coordinates must be a list of rings "
            "(a Polygon's coordinates are [[[x, y], ...], ...]), got a list of positions",
        ),
        (
            '{"type": "MultiPolygon", "coordinates": [[[0, 0], [1, 0], [0, 1]]]}',
            "coordinates must be a list of polygons (a MultiPolygon's coordinates are "
            "[[[[x, y], ...], ...], ...])",
        ),
        (
            '{"type": "LineString", "coordinates": [[[0, 0], [1, 0]]]}',
            "coordinates must be a list of positions "
            "(a LineString's coordinates are [[x, y], ...])",
        ),
        (
            '{"type": "MultiLineString", "coordinates": [[0, 0], [1, 0]]}',
            "coordinates must be a list of lines",
        ),
        ('{"type": "MultiPoint", "coordinates": [0, 0]}', "got a position"),
        ('{"type": "Point", "coordinates": [[0, 0]]}', "coordinates must be a position"),
    ],
)
def test_geojson_coordinates_nested_one_level_off_say_how_they_nest(
    tmp_path: Path, geometry: str, words: str
) -> None:
    assert_input_error(run_gjk("check", _pair_file(tmp_path, geometry)), words)


@pytest.mark.parametrize(
    ("wkt", "words"),
    [
        (
            "POLYGON (0 0, 1 0, 0 1, 0 0)",
            "(a POLYGON is a list of rings: POLYGON ((x y, ...), ...))",
        ),
        ("LINESTRING ((0 0, 1 0))", "(a LINESTRING is a list of positions: LINESTRING (x y, ...))"),
        ("MULTIPOLYGON ((0 0, 1 0, 0 1, 0 0))", "a MULTIPOLYGON is a list of polygons"),
    ],
)
def test_wkt_nested_one_level_off_says_how_it_nests(tmp_path: Path, wkt: str, words: str) -> None:
    path = tmp_path / "pair.wkt"
    path.write_text(f"{wkt}\nPOINT (5 5)\n")
    assert_input_error(run_gjk("check", str(path)), "line 1: invalid WKT", words)


def test_batch_on_a_path_that_does_not_exist_is_a_usage_error(tmp_path: Path) -> None:
    assert_input_error(run_gjk("batch", "nosuch/"), "nosuch/: no such file or folder")


def test_batch_with_one_missing_path_among_others_checks_nothing(tmp_path: Path) -> None:
    output = tmp_path / "results.jsonl"
    missing = tmp_path / "gone.parquet"
    result = run_gjk("batch", "samples/circle", "-", str(missing), "--json", "-o", str(output))
    assert_input_error(result, f"{missing}: no such file or folder")
    assert result.stdout == "" and not output.exists()


def _found(*glob: str) -> list[str]:
    result = run_gjk("batch", "samples", *glob, "--json", "--quiet")
    return sorted(json.loads(line)["source"]["file"] for line in result.stdout.splitlines())


def test_a_glob_without_a_slash_matches_file_names_and_one_with_a_slash_paths() -> None:
    expected = sorted(str(p.relative_to(SAMPLES.parent)) for p in SAMPLES.rglob("touching.json"))
    assert len(expected) > 1
    assert _found("--glob", "touching.json") == expected
    assert _found("--glob", "circle/*.json") == sorted(
        str(p.relative_to(SAMPLES.parent)) for p in (SAMPLES / "circle").glob("*.json")
    )


PARIS_LONDON = {
    "type": "FeatureCollection",
    "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.3522, 48.8566]}},
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-0.1276, 51.5072]}},
    ],
}


def test_geojson_in_longitude_latitude_gets_a_note_that_fails_nothing(tmp_path: Path) -> None:
    path = tmp_path / "cities.geojson"
    path.write_text(json.dumps(PARIS_LONDON))
    result = run_gjk("check", str(path), "--json", "--strict")
    assert result.returncode == 0, result
    record = json.loads(result.stdout)
    assert record["status"] == "pass" and record["warnings"] == []
    assert len(record["notes"]) == 2
    assert record["notes"][0].startswith(f"{path}: features[0]: GeoJSON whose coordinates look")
    assert "distances and depths are in degrees" in record["notes"][0]
    lines = result.stderr.splitlines()
    assert lines == [f"gjk: note: {note}" for note in record["notes"]]


def test_a_declared_crs_decides_whether_there_is_a_note(tmp_path: Path) -> None:
    path = tmp_path / "declared.geojson"
    for name, noted in (("urn:ogc:def:crs:OGC:1.3:CRS84", True), ("EPSG:32633", False)):
        collection = {**PARIS_LONDON, "crs": {"type": "name", "properties": {"name": name}}}
        path.write_text(json.dumps(collection))
        record = json.loads(run_gjk("check", str(path), "--json").stdout)
        assert bool(record["notes"]) is noted, name
        if noted:
            assert "(its crs says so)" in record["notes"][0]


def test_the_samples_plane_geojson_gets_no_note() -> None:
    result = run_gjk("check", "samples/formats/geojson-pair.geojson", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout)["notes"] == []


def test_batch_says_once_that_pairs_are_in_degrees(tmp_path: Path) -> None:
    stream = tmp_path / "cities.jsonl"
    stream.write_text((json.dumps(PARIS_LONDON) + "\n") * 3)
    result = run_gjk("batch", str(stream), "--json", "--quiet")
    assert result.returncode == 0, result
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [len(record["notes"]) for record in records] == [2, 2, 2]
    notes = [line for line in result.stderr.splitlines() if "degrees" in line]
    assert notes == [
        f"gjk: note: {records[0]['notes'][0]} (further notes are in the records' notes)"
    ]


def test_a_generated_corpus_gets_no_note(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    families = ("--family", "pockets", "--family", "extreme", "--family", "nonconvex")
    assert run_gjk("generate", str(corpus), "--count", "150", *families).returncode == 0
    assert "coordinates" in corpus.read_text()  # it holds GeoJSON, written for gjkcli
    result = run_gjk("batch", str(corpus), "--json", "--quiet")
    assert "degrees" not in result.stderr
    assert all(json.loads(line)["notes"] == [] for line in result.stdout.splitlines())


def test_an_unknown_option_gets_close_suggestions_only_and_the_command_that_has_it() -> None:
    far = run_gjk("check", "pair.json", "--glob", "x")
    assert_input_error(far, "no such option: --glob; --glob is an option of gjk batch")
    assert "did you mean" not in far.stderr  # --angle and --plot are not close to --glob
    near = run_gjk("check", "pair.json", "--trac")
    assert_input_error(near, "no such option: --trac (did you mean --trace?)")
    assert "--strict" not in near.stderr
    frames = run_gjk("batch", "pair.json", "--frames", "x")
    assert_input_error(frames, "--frames is an option of gjk plot")


def test_ranges_and_numbers_are_said_plainly() -> None:
    assert_input_error(run_gjk("check", "pair.json", "--rtol", "-1"), "--rtol: must be 0 or more")
    assert_input_error(run_gjk("check", "pair.json", "--rtol", "abc"), "--rtol: expected a number")
    workers = run_gjk("batch", "pair.json", "--workers", "0")
    assert_input_error(workers, "--workers: must be 1 or more")
    assert "Input should" not in workers.stderr and "input should" not in workers.stderr
