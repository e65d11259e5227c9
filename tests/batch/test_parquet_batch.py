"""``gjk batch`` with Parquet: a GeoPandas file in, results out as a table whose records are
those of the same pairs as JSON Lines; bad rows as error rows; pyarrow missing."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import shapely

from tests.geoparquet import geoparquet, table
from tests.helpers import ROOT, assert_input_error, run_gjk


def polygons(rng: random.Random, count: int) -> list[Any]:
    shapes = []
    for _ in range(count):
        x, y, r = rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(0.2, 2)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(rng.randint(3, 8)))
        shapes.append(shapely.Polygon([(x + r * math.cos(t), y + r * math.sin(t)) for t in angles]))
    return shapes


def shapes_a_and_b() -> tuple[list[Any], list[Any]]:
    rng = random.Random(15)
    a = [
        *polygons(rng, 14),
        shapely.Point(0.1, 0.2),
        shapely.LineString([(0, 0), (1, 1), (2, 0)]),
        shapely.from_wkt("POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 3 1, 3 3, 1 3, 1 1))"),
        shapely.from_wkt("MULTIPOLYGON (((0 0, 1 0, 0 1, 0 0)), ((5 5, 6 5, 5 6, 5 5)))"),
    ]
    b = [*polygons(rng, 14), shapely.Point(1, 1), shapely.Point(1, 3), shapely.Point(2, 2)]
    b.append(shapely.from_wkt("LINESTRING (0.5 0.5, 5.5 5.5)"))
    return a, b


def records_of(path: Path) -> list[dict[str, Any]]:
    """The records a results table keeps, without their ``source``."""
    rows = pq.read_table(path, columns=["record"]).column("record").to_pylist()
    return [{k: v for k, v in json.loads(row).items() if k != "source"} for row in rows]


def test_a_geopandas_file_gives_the_records_of_the_same_pairs_as_json_lines(
    tmp_path: Path,
) -> None:
    a, b = shapes_a_and_b()
    names = [f"pair-{index}" for index in range(len(a))]
    intersects: list[bool | None] = [None] * len(a)
    intersects[-2] = True  # wrongly: the point (2, 2) is in the square's hole
    source = geoparquet(
        tmp_path / "pairs.parquet",
        {"name": names, "intersects": intersects},
        {"b": b, "geometry": a},
        primary="geometry",
        row_group_size=5,
    )
    stream = tmp_path / "pairs.jsonl"
    stream.write_text(
        "".join(
            json.dumps(
                {
                    "name": name,
                    "a": json.loads(shapely.to_geojson(shape_a)),
                    "b": json.loads(shapely.to_geojson(shape_b)),
                    **({"expect": {"intersects": flag}} if flag is not None else {}),
                }
            )
            + "\n"
            for name, shape_a, shape_b, flag in zip(names, a, b, intersects, strict=True)
        )
    )
    out = tmp_path / "out"
    out.mkdir()
    from_table = run_gjk(
        "batch", str(source), "--output", str(out / "r.parquet"), "--workers", "2", "--quiet"
    )
    from_lines = run_gjk("batch", str(stream), "--output", str(out / "r.jsonl"), "--quiet")
    assert from_table.returncode == from_lines.returncode == 1, from_table.stderr
    expected = [
        {k: v for k, v in json.loads(line).items() if k != "source"}
        for line in (out / "r.jsonl").read_text().splitlines()
    ]
    assert records_of(out / "r.parquet") == expected
    results = pq.read_table(out / "r.parquet").to_pylist()
    assert [row["source_line"] for row in results] == list(range(1, len(a) + 1))
    assert {row["source_file"] for row in results} == {str(source)}
    assert [row["expect_ok"] for row in results][-2] is False  # the point in the hole
    assert all(row["agree"] for row in results)


def test_bad_rows_are_error_rows_and_the_other_rows_run(tmp_path: Path) -> None:
    good = shapely.Point(0, 0)
    source = geoparquet(
        tmp_path / "pairs.parquet",
        {"name": ["ok", "null", "corrupt", "ok-too"]},
        {"other": [shapely.Point(1, 0)] * 4, "geometry": [good, None, good, good]},
        primary="geometry",
    )
    data = pq.read_table(source)
    corrupt = data.column("geometry").to_pylist()
    corrupt[2] = corrupt[2][:-4]
    index = data.schema.get_field_index("geometry")
    damaged = data.set_column(index, data.schema.field(index), pa.array(corrupt, pa.binary()))
    pq.write_table(damaged, source)
    run = run_gjk("batch", str(source), "--json", "--quiet")
    assert run.returncode == 2
    records = [json.loads(line) for line in run.stdout.splitlines()]
    # as for a line of JSON Lines, a row that cannot be read is named after its place
    assert [record["name"] for record in records] == ["ok", "pairs:2", "pairs:3", "ok-too"]
    assert records[0]["agree"] is True and records[3]["agree"] is True
    assert records[1]["error"] == f"{source}:2: column geometry: null, not a geometry"
    assert records[2]["error"].startswith(f"{source}:3: column geometry: invalid WKB: it ends")
    assert records[2]["source"] == {"file": str(source), "line": 3}
    assert "pairs:3 (" in run.stderr and "column geometry: invalid WKB" in run.stderr


def test_text_columns_and_an_expect_column_run_as_json_lines_would(tmp_path: Path) -> None:
    source = table(
        tmp_path / "pairs.parquet",
        {
            "a": ['{"type": "circle", "center": [0, 0], "radius": 1}', "POINT (0 0)"],
            "b": ["POINT (3 0)", '{"type": "Point", "coordinates": [0, 5]}'],
            "expect": ['{"distance": 2, "intersects": false}', '{"distance": 4}'],
        },
    )
    run = run_gjk("batch", str(source), "--json", "--quiet")
    assert run.returncode == 1
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert first["name"] == "pairs:1" and first["expect"]["ok"] is True
    assert second["expect"]["ok"] is False and second["gjk"]["distance"] == 5.0


def test_an_id_column_and_the_plain_expectation_columns(tmp_path: Path) -> None:
    source = table(
        tmp_path / "pairs.parquet",
        {
            "a": ["POLYGON ((-1 -1, 1 -1, 1 1, -1 1, -1 -1))"] * 3,
            "b": ["POINT (3 0)", "POINT (0.5 0)", "POINT (1 0)"],  # apart, inside, on an edge
            "id": ["first", None, "third"],
            "verdict": ["separated", "overlapping", "separated"],
            "depth": [None, 0.5, None],
        },
    )
    run = run_gjk("batch", str(source), "--json", "--quiet")
    assert run.returncode == 1
    records = [json.loads(line) for line in run.stdout.splitlines()]
    assert [record.get("id") for record in records] == ["first", None, "third"]
    assert [record["status"] for record in records] == ["pass", "pass", "fail"]
    assert records[2]["reasons"][0].startswith(
        "expect.verdict: expected separated, reference touching"
    )


def test_results_may_go_into_a_searched_folder_which_is_not_searched_for_tables(
    tmp_path: Path,
) -> None:
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "pair.json").write_text('{"a": "POINT (0 0)", "b": "POINT (1 0)"}')
    for _ in range(2):  # the second run finds the first run's table and leaves it be
        run = run_gjk("batch", str(cases), "--output", str(cases / "results.parquet"))
        assert run.returncode == 0, run.stderr
        assert pq.read_table(cases / "results.parquet").num_rows == 1


def without_pyarrow(*args: str) -> subprocess.CompletedProcess[str]:
    """``gjk`` run as if pyarrow were not installed."""
    code = (
        "import sys\n"
        "for name in ('pyarrow', 'pyarrow.parquet', 'pyarrow.json'):\n"
        "    sys.modules[name] = None\n"
        "from gjkcli.cli import main\n"
        f"sys.argv = ['gjk', *{list(args)!r}]\n"
        "main()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_without_pyarrow_a_table_in_or_out_says_what_to_install(tmp_path: Path) -> None:
    source = table(tmp_path / "pairs.parquet", {"a": ["POINT (0 0)"], "b": ["POINT (1 0)"]})
    reading = without_pyarrow("batch", str(source))
    assert_input_error(reading, f"reading {source} needs pyarrow", "pip install 'gjkcli[parquet]'")
    pair = tmp_path / "pair.json"
    pair.write_text('{"a": "POINT (0 0)", "b": "POINT (1 0)"}')
    writing = without_pyarrow("batch", str(pair), "--output", str(tmp_path / "r.parquet"))
    assert_input_error(writing, "writing", "r.parquet needs pyarrow", "gjkcli[parquet]")
    assert not (tmp_path / "r.parquet").exists()
    assert without_pyarrow("batch", str(pair), "--quiet").returncode == 0
