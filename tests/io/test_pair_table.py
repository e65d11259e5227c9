"""Pair tables: which columns hold the pair, each row as the text of a pair object, every
problem of a cell its row's error and every problem of the table the file's."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import shapely

from gjkcli.io import pair_table
from gjkcli.io.discover import Item, count, items
from gjkcli.io.errors import InputError
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.pair_table import pair_items
from gjkcli.io.pairs import pair_from_node
from tests.geoparquet import geoparquet, table

CIRCLE = '{"type": "circle", "center": [0, 0], "radius": 1}'
TRIANGLE = shapely.Polygon([(0, 0), (1, 0), (0, 1)])


def documents(path: Path) -> list[dict[str, object] | str | None]:
    """Each item's pair object, or its error."""
    return [
        json.loads(item.text) if item.text is not None else item.error
        for item in pair_items(str(path))
    ]


def test_a_geopandas_file_reads_primary_column_as_a_and_the_other_as_b(tmp_path: Path) -> None:
    path = geoparquet(
        tmp_path / "pairs.parquet",
        {"name": ["x", None], "distance": [2.0, None]},
        {"other": [shapely.Point(3, 0), shapely.Point(0.1, 0.2)], "geometry": [TRIANGLE] * 2},
        primary="geometry",
    )
    first, second = documents(path)
    assert first == {
        "a": json.loads(shapely.to_geojson(TRIANGLE)),
        "b": {"type": "Point", "coordinates": [3.0, 0.0]},
        "name": "x",
        "expect": {"distance": 2.0},
    }
    assert second == {
        "a": json.loads(shapely.to_geojson(TRIANGLE)),
        "b": {"type": "Point", "coordinates": [0.1, 0.2]},
    }
    assert [item.line for item in pair_items(str(path))] == [1, 2]
    assert {item.file for item in pair_items(str(path))} == {str(path)}


def test_text_columns_hold_native_json_geojson_or_wkt(tmp_path: Path) -> None:
    geojson = '{"type": "Point", "coordinates": [5, 0]}'
    path = table(
        tmp_path / "pairs.parquet",
        {"a": [CIRCLE, " POINT (0 0)"], "b": [geojson, '"POINT (1 1)"'], "name": [7, 8]},
    )
    first, second = documents(path)
    assert first == {"a": json.loads(CIRCLE), "b": json.loads(geojson), "name": "7"}
    assert second == {"a": " POINT (0 0)", "b": "POINT (1 1)", "name": "8"}


def test_columns_a_and_b_win_over_the_geoparquet_metadata(tmp_path: Path) -> None:
    path = geoparquet(
        tmp_path / "pairs.parquet",
        {},
        {"b": [shapely.Point(1, 0)], "a": [shapely.Point(0, 0)], "c": [shapely.Point(9, 9)]},
        primary="c",
    )
    [document] = documents(path)
    assert isinstance(document, dict)
    assert document["a"] == {"type": "Point", "coordinates": [0.0, 0.0]}


def test_plain_expectation_columns_and_an_expect_column(tmp_path: Path) -> None:
    plain = table(
        tmp_path / "plain.parquet",
        {
            "a": [CIRCLE] * 3,
            "b": [CIRCLE] * 3,
            "intersects": [True, None, None],
            "distance": pa.array([None, 1, None], pa.int32()),
            "penetration": [2.0, None, None],
            "tolerance": [1e-6, None, math.nan],
        },
    )
    first, second, _ = (json.loads(item.text or "") for item in pair_items(str(plain)))
    assert first["expect"] == {"intersects": True, "penetration": 2.0, "tolerance": 1e-6}
    assert second["expect"] == {"distance": 1}
    # a NaN stays NaN, for the loader to refuse with its place
    [item] = list(pair_items(str(plain)))[2:]
    assert item.text is not None
    with pytest.raises(InputError, match=r"expect\.tolerance: NaN is not allowed"):
        pair_from_node(Node(parse_json(item.text, "p:3"), "p:3"), "p:3")
    as_json = table(
        tmp_path / "json.parquet",
        {"a": [CIRCLE] * 2, "b": [CIRCLE] * 2, "expect": ['{"intersects": true}', None]},
    )
    assert documents(as_json) == [
        {"a": json.loads(CIRCLE), "b": json.loads(CIRCLE), "expect": {"intersects": True}},
        {"a": json.loads(CIRCLE), "b": json.loads(CIRCLE)},
    ]


def test_a_bad_cell_is_its_rows_error_naming_the_column(tmp_path: Path) -> None:
    good = shapely.to_wkb(shapely.Point(0, 0))
    wkb = table(
        tmp_path / "wkb.parquet",
        {"a": [good, None, good[:-1], b"POINT (0 0)", good], "b": [good] * 5},
    )
    assert documents(wkb)[1:4] == [
        "column a: null, not a geometry",
        "column a: invalid WKB: it ends at byte 20, in the middle of a point "
        "(16 bytes from byte 5)",
        "column a: invalid WKB: byte 0: the byte order must be 0 or 1, got 80 (WKT text, not WKB?)",
    ]
    assert [item.line for item in pair_items(str(wkb))] == [1, 2, 3, 4, 5]
    text = table(
        tmp_path / "text.parquet",
        {"a": [CIRCLE, "{bad", CIRCLE], "b": [CIRCLE] * 3, "expect": [None, None, "oops"]},
    )
    assert documents(text)[1:] == [
        "column a: invalid JSON: Expecting property name enclosed in double quotes (character 2)",
        "column expect: expected a JSON object, got 'oops'",
    ]


def test_text_that_is_not_utf8_is_its_rows_error(tmp_path: Path) -> None:
    raw = pa.array([CIRCLE.encode(), b"POINT (0 0) \xff"], pa.binary())
    path = table(tmp_path / "pairs.parquet", {"a": [CIRCLE] * 2, "b": raw.view(pa.string())})
    assert documents(path)[1] == "column b: not UTF-8 text (byte 0xff at offset 12)"


@pytest.mark.parametrize(
    ("columns", "message"),
    [
        ({"x": [1]}, "a pair table needs two geometry columns: columns 'a' and 'b'"),
        ({"a": [1], "b": [CIRCLE]}, "column a: expected WKB (binary) or shape text (strings)"),
        (
            {"a": [CIRCLE], "b": [CIRCLE], "expect": ["{}"], "distance": [1.0]},
            "both a column 'expect' and the expectation column distance",
        ),
        ({"a": [CIRCLE], "b": [CIRCLE], "intersects": [1]}, "column intersects: expected boolean"),
        ({"a": [CIRCLE], "b": [CIRCLE], "distance": ["1"]}, "column distance: expected numbers"),
        ({"a": [CIRCLE], "b": [CIRCLE], "name": [1.5]}, "column name: expected text or integers"),
        ({"a": [CIRCLE], "b": [CIRCLE], "expect": [1]}, "column expect: expected JSON text"),
    ],
)
def test_a_table_that_does_not_fit_is_one_error(
    tmp_path: Path, columns: dict[str, list[object]], message: str
) -> None:
    path = table(tmp_path / "pairs.parquet", columns)
    [item] = list(pair_items(str(path)))
    assert item.line is None and item.error is not None and item.error.startswith(message)
    assert count([str(path)]) == 1


def geo_file(tmp_path: Path, change: dict[str, object]) -> Path:
    path = geoparquet(
        tmp_path / "pairs.parquet",
        {},
        {"other": [shapely.Point(1, 1)], "geometry": [shapely.Point(0, 0)]},
        primary="geometry",
    )
    metadata = pq.read_schema(path).metadata
    geo = json.loads(metadata[b"geo"])
    geo["columns"]["other"].update(change)
    data = pq.read_table(path)
    pq.write_table(
        data.replace_schema_metadata({b"geo": json.dumps(geo).encode()}), tmp_path / "x.parquet"
    )
    return tmp_path / "x.parquet"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"encoding": "point"}, "column other: GeoParquet encoding 'point' is not supported"),
        ({"edges": "spherical"}, "column other: its edges are 'spherical'"),
    ],
)
def test_geoparquet_that_is_not_planar_wkb_is_refused(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    [item] = list(pair_items(str(geo_file(tmp_path, change))))
    assert item.error is not None and item.error.startswith(message)


def test_a_file_that_is_not_parquet_or_missing_is_one_error(tmp_path: Path) -> None:
    fake = tmp_path / "fake.parquet"
    fake.write_text("a,b\n")
    [item] = list(pair_items(str(fake)))
    assert item.error is not None and item.error.startswith("not a readable Parquet file")
    [missing] = list(pair_items(str(tmp_path / "missing.parquet")))
    assert missing.error == "no such file"


def test_rows_are_numbered_across_row_groups_and_record_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pair_table, "BATCH_ROWS", 2)
    names = [f"p{index}" for index in range(10)]
    path = table(
        tmp_path / "pairs.parquet",
        {"a": [CIRCLE] * 10, "b": [CIRCLE] * 10, "name": names},
        row_group_size=3,
    )
    assert pq.ParquetFile(path).metadata.num_row_groups == 4
    found = list(pair_items(str(path)))
    assert [item.line for item in found] == list(range(1, 11))
    assert [json.loads(item.text or "")["name"] for item in found] == names
    assert count([str(path)]) == 10


def test_wkb_coordinates_reach_the_pair_exactly(tmp_path: Path) -> None:
    rng = random.Random(7)
    shapes = [
        shapely.Polygon([(rng.uniform(-1e6, 1e6), rng.uniform(-1e-6, 1e-6)) for _ in range(6)])
        for _ in range(50)
    ]
    path = table(
        tmp_path / "pairs.parquet", {"a": shapely.to_wkb(shapes), "b": shapely.to_wkb(shapes)}
    )
    for shape, document in zip(shapes, documents(path), strict=True):
        assert isinstance(document, dict)
        assert document["a"]["coordinates"] == [list(map(list, shape.exterior.coords))]  # type: ignore[index]


def test_folders_are_not_searched_for_parquet_files(tmp_path: Path) -> None:
    table(tmp_path / "pairs.parquet", {"a": [CIRCLE], "b": [CIRCLE]})
    (tmp_path / "pair.json").write_text(json.dumps({"a": json.loads(CIRCLE), "b": "POINT (5 0)"}))
    assert list(items([str(tmp_path)])) == [Item(str(tmp_path / "pair.json"), searched=True)]


def test_without_pyarrow_the_file_is_one_error_saying_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = table(tmp_path / "pairs.parquet", {"a": [CIRCLE], "b": [CIRCLE]})
    for module in ("pyarrow", "pyarrow.parquet", "pyarrow.json"):
        monkeypatch.setitem(sys.modules, module, None)
    [item] = list(pair_items(str(path)))
    assert item.error == (
        f"reading {path} needs pyarrow, which is not installed: pip install 'gjkcli[parquet]'"
    )


def test_a_damaged_row_group_is_one_error_and_the_next_ones_are_read(tmp_path: Path) -> None:
    shapes = [f"POLYGON (({k} 0, 1 0, 0 1, {k} 0))" for k in range(300)]
    path = table(tmp_path / "pairs.parquet", {"a": shapes, "b": shapes}, row_group_size=100)
    data = bytearray(path.read_bytes())
    start = pq.ParquetFile(path).metadata.row_group(1).column(0).data_page_offset
    data[start + 40 : start + 240] = b"\xab" * 200  # the page headers of the second group
    path.write_bytes(data)
    found = list(pair_items(str(path)))
    assert [item.line for item in found] == [*range(1, 101), None, *range(201, 301)]
    assert (found[100].error or "").startswith("rows 101 to 200 (row group 2): cannot read: ")
