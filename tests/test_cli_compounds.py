"""The installed ``gjk`` on compound shapes: the table, the JSON, the trace, pictures, batch."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import assert_input_error, run_gjk

HOLE = "samples/compound/hole-separated.json"
BRIDGE = "samples/compound/hole-bridging.json"
NOTCH = "samples/compound/notch.json"


def test_table_names_the_parts_and_the_deciding_pair() -> None:
    result = run_gjk("check", NOTCH)
    assert result.returncode == 0, result.stderr
    assert "U (polygon, 3 convex parts)" in result.stdout
    assert "deciding pair" in result.stdout and "skipped by the" in result.stdout


def test_json_reports_parts_and_a_null_penetration_with_its_reason() -> None:
    apart = json.loads(run_gjk("check", HOLE, "--json").stdout)
    gjk = apart["gjk"]
    assert (gjk["verdict"], gjk["distance"], gjk["penetration"]) == ("separated", 0.5, None)
    assert gjk["penetration_reason"] is None
    assert (gjk["parts"]["a"], gjk["parts"]["b"]) == (4, 1)
    assert gjk["parts"]["pairs"] == 4 * 1
    # the part below the hole is 0.5 away, the others at least 1: only it is tested
    assert (gjk["parts"]["tested"], gjk["parts"]["skipped"]) == (1, 3)
    assert [(pair["a"], pair["b"]) for pair in gjk["parts"]["tested_pairs"]] == [(1, 0)]
    assert gjk["certificate"]["kind"] == "part-pairs"
    assert gjk["certificate"]["lower"] <= 0.5 <= gjk["certificate"]["upper"]
    assert gjk["certificate_check"]["ok"] is True
    assert apart["exact"] is None and apart["agree"] is True
    bridged = json.loads(run_gjk("check", BRIDGE, "--json").stdout)
    assert bridged["gjk"]["intersects"] is True
    assert bridged["gjk"]["penetration"] is None
    assert "not defined for compound shapes" in bridged["gjk"]["penetration_reason"]
    assert bridged["shapely"]["penetration"] is None
    proof = bridged["gjk"]["certificate"]
    assert [item["certificate"]["kind"] for item in proof["proofs"]] == ["enclosing-simplex"]


def test_json_of_a_convex_pair_has_null_parts() -> None:
    record = json.loads(run_gjk("check", "samples/seed-example.json", "--json").stdout)
    assert record["gjk"]["parts"] is None and record["gjk"]["penetration_reason"] is None


def test_trace_lists_the_part_pairs_then_the_deciding_run() -> None:
    text = run_gjk("check", NOTCH, "--trace").stdout
    pairs, deciding = text.index("Pairs of convex parts"), text.index("Deciding pair")
    assert pairs < deciding < text.index("Boolean GJK") < text.index("GJK distance (how far")
    traced = json.loads(run_gjk("check", NOTCH, "--trace", "--json").stdout)
    assert traced["trace"]["distance"] and traced["trace"]["boolean"]


def test_expect_penetration_on_a_compound_fails_clearly(tmp_path: Path) -> None:
    pair = json.loads(Path(BRIDGE).read_text())
    pair["expect"] = {"penetration": 1.0}
    path = tmp_path / "pair.json"
    path.write_text(json.dumps(pair))
    result = run_gjk("check", str(path))
    assert result.returncode == 1
    words = "expect.depth: expected 1, reference none "
    words += "(gjkcli has no depth for compound shapes that intersect)"
    assert words in " ".join(result.stdout.split())


def test_minkowski_refuses_compounds_in_one_line(tmp_path: Path) -> None:
    assert_input_error(
        run_gjk("minkowski", NOTCH), f"{NOTCH}: a: gjk minkowski needs convex shapes"
    )
    # two shape files: the message names the compound one
    polyline = tmp_path / "polyline.wkt"
    polyline.write_text("LINESTRING (0 0, 4 0, 4 4)\n")
    assert_input_error(
        run_gjk("minkowski", "samples/formats/shape-circle.json", str(polyline)),
        f"{polyline}: gjk minkowski needs convex shapes, and B is a compound",
    )


def test_plot_of_a_compound_pair(tmp_path: Path) -> None:
    picture = tmp_path / "notch.svg"
    result = run_gjk("plot", NOTCH, "-o", str(picture))
    assert result.returncode == 0, result.stderr
    svg = picture.read_text()
    assert "part 0 of A and part 0 of B" in svg and "3 parts" in svg


def test_batch_over_the_compound_samples() -> None:
    result = run_gjk("batch", "samples/compound", "--json", "--quiet")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 7
    assert all(record["agree"] for record in records)
    assert all(record["expect"] is None or record["expect"]["ok"] for record in records)
    assert sum(record["expect"] is not None for record in records) >= 5


def test_json_for_many_long_parts_stays_small(tmp_path: Path) -> None:
    # 200 long diagonal segments beside 200 others 0.5 further: 40,000 pairs of parts whose
    # bounding boxes all meet; the record used to list every one of them (19 MB)
    a = ", ".join(f"({i} 0, {1000 + i} 1000)" for i in range(200))
    b = ", ".join(f"({i + 0.5} 0, {1000.5 + i} 1000)" for i in range(200))
    path = tmp_path / "side-by-side.json"
    path.write_text(json.dumps({"a": f"MULTILINESTRING ({a})", "b": f"MULTILINESTRING ({b})"}))
    result = run_gjk("check", str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout) < 20_000
    record = json.loads(result.stdout)
    parts, proof = record["gjk"]["parts"], record["gjk"]["certificate"]
    assert (parts["pairs"], parts["tested"] + parts["skipped"]) == (40_000, 40_000)
    assert len(parts["tested_pairs"]) == 20 and len(proof["proofs"]) + proof["more_proofs"] == 1
    assert proof["lower"] <= 2**0.5 / 4 <= proof["upper"]
    assert record["gjk"]["certificate_check"]["ok"] and record["agree"]
