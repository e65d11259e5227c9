"""The trace, in words and as data: the seed article's walk-through, and the documented record."""

from __future__ import annotations

import json

import jsonschema
import pytest
from rich.console import Console

from gjkcli.io import load_pair
from gjkcli.render.json_record import check_record
from gjkcli.render.trace import trace_text
from gjkcli.verify.check import check_pair
from tests.helpers import ROOT, SAMPLES

SCHEMA = json.loads((ROOT / "docs" / "trace.schema.json").read_text())


def test_seed_walk_through_in_words() -> None:
    """The boolean trace tells the article's steps, with its numbers (corrected, see the README)."""
    check = check_pair(load_pair(str(SAMPLES / "seed-example.json")), trace=True)
    console = Console(width=200, record=True)
    console.print(trace_text("boolean", check.answer))
    text = console.export_text()
    expected_in_order = [
        "1. search direction d = (0, 1)",
        "farthest point of A along d: (0, 1); of B against d: (0, -1)",
        "support point w = A - B = (0, 2); w.d = 2 >= 0: it reaches the origin",
        "first point: search the opposite way; next direction (0, -1)",
        "2. search direction d = (0, -1)",
        "support point w = A - B = (0, -2); w.d = 2 >= 0",
        "segment: search along its perpendicular towards the origin; next direction (-4, 0)",
        "3. search direction d = (-4, 0)",
        "support point w = A - B = (-2, -2); w.d = 8 >= 0",
        "simplex: (0, 2), (0, -2), (-2, -2)",
        "origin inside the triangle: A and B intersect",
    ]
    position = 0
    for fragment in expected_in_order:
        found = text.find(fragment, position)
        assert found >= 0, fragment
        position = found + len(fragment)
    assert "GJK distance" not in text  # --query boolean shows one run only


@pytest.mark.parametrize(
    "sample",
    [
        "seed-example.json",
        "circle/separated.json",
        "ellipse/touching.json",
        "capsule/overlapping.json",
    ],
)
def test_json_trace_validates_against_the_documented_record(sample: str) -> None:
    check = check_pair(load_pair(str(SAMPLES / sample)), trace=True)
    record = json.loads(json.dumps(check_record(check, "both")))
    jsonschema.validate(record["trace"], SCHEMA)
    assert len(record["trace"]["boolean"]) == check.answer.boolean.iterations
    assert len(record["trace"]["distance"]) == check.answer.gjk.iterations
    assert record["trace"]["distance"][-1]["outcome"] == check.answer.gjk.status


def test_json_trace_carries_full_precision_and_one_query_at_a_time() -> None:
    check = check_pair(load_pair(str(SAMPLES / "ellipse" / "separated.json")), trace=True)
    only_distance = check_record(check, "distance")["trace"]
    assert set(only_distance) == {"distance", "epa", "radii"}
    assert only_distance["epa"] == []  # apart: EPA ran no loop
    step = only_distance["distance"][1]
    assert step["support"] == list(check.answer.distance_trace[1].support.w)  # every digit
    assert "trace" not in check_record(check)


def test_schema_rejects_a_malformed_step() -> None:
    check = check_pair(load_pair(str(SAMPLES / "seed-example.json")), trace=True)
    record = check_record(check, "boolean")["trace"]
    del record["boolean"][0]["dot"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, SCHEMA)


def test_the_distance_trace_of_rounded_shapes_says_it_runs_on_the_cores() -> None:
    # a capsule of radius 1 on the segment (0, 0)-(4, 0), and a circle of radius 1 at (2, 4)
    check = check_pair(load_pair(str(SAMPLES / "capsule" / "separated.json")), trace=True)
    record = check_record(check, "distance")["trace"]
    jsonschema.validate(record, SCHEMA)
    assert record["radii"] == [1.0, 1.0]
    first = record["distance"][0]
    assert first["support_a"] == [4.0, 0.0]  # the end of the core, not (5, 0) on the capsule
    assert record["distance"][-1]["norm"] - sum(record["radii"]) == check.answer.gjk.distance
    console = Console(width=200, record=True)
    console.print(trace_text("distance", check.answer))
    text = console.export_text()
    assert "Rounded shapes (A by 1, B by 1): the run works on the cores" in text
    assert "farthest point of A's core along d: (4, 0); of B's core against d: (2, 4)" in text
    assert text.rstrip().endswith("Distance = |v| - 2 = 4 - 2 = 2")


def test_the_distance_trace_of_polygons_says_nothing_of_cores() -> None:
    check = check_pair(load_pair(str(SAMPLES / "polygon" / "separated.json")), trace=True)
    assert check_record(check, "distance")["trace"]["radii"] == [0.0, 0.0]
    console = Console(width=200, record=True)
    console.print(trace_text("distance", check.answer))
    assert "core" not in console.export_text()
