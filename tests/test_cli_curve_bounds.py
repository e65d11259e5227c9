"""``gjk check`` and ``gjk minkowski`` on curved shapes far out and flattened (issue 13)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from tests.helpers import run_gjk

FAR_ELLIPSE = {
    "a": {"type": "ellipse", "center": [1e11, 0], "radii": [1, 0.01], "rotation": 30},
    "b": {"type": "circle", "center": [1e11, 5], "radius": 1},
}


def write(folder: Path, name: str, document: object) -> str:
    path = folder / name
    path.write_text(json.dumps(document))
    return str(path)


def test_a_far_ellipse_gets_a_finite_curve_bound_in_the_table(tmp_path: Path) -> None:
    # the bound was NaN: "tolerance nan", labelled "exact polygons", DISAGREE, exit 1
    result = run_gjk("check", write(tmp_path, "far.json", FAR_ELLIPSE))
    assert result.returncode == 0, result.stdout
    assert "nan" not in result.stdout
    assert "curve error <=" in result.stdout and "exact polygons" not in result.stdout
    assert "agree" in result.stdout and "DISAGREE" not in result.stdout


def test_a_far_ellipse_gets_a_json_record(tmp_path: Path) -> None:
    # --json printed nothing: "Out of range float values are not JSON compliant"
    result = run_gjk("check", "--json", write(tmp_path, "far.json", FAR_ELLIPSE))
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    error = record["shapely"]["approximation_error"]
    assert math.isfinite(error) and 0.0 < error < 1e-4
    assert record["agree"] is True


def test_a_polygon_pair_is_labelled_exact_polygons(tmp_path: Path) -> None:
    pair = {
        "a": {"type": "point", "at": [0, 0]},
        "b": {"type": "segment", "points": [[1, 0], [1, 1]]},
    }
    result = run_gjk("check", write(tmp_path, "p.json", pair))
    assert "exact polygons" in result.stdout


def test_minkowski_of_a_flattened_ellipse_is_a_segment(tmp_path: Path) -> None:
    flat = write(tmp_path, "flat.json", {"type": "ellipse", "center": [0, 0], "radii": [2, 0]})
    squashed = write(
        tmp_path,
        "squashed.json",
        {"type": "circle", "center": [0, 0], "radius": 1, "transform": {"scale": [1, 0]}},
    )
    dot = write(tmp_path, "dot.json", {"type": "point", "at": [1, 1]})
    record = json.loads(run_gjk("minkowski", flat, dot, "--json").stdout)
    assert record["exact"] is False
    assert record["vertices"] == [[-3.0, -1.0], [1.0, -1.0]]
    assert run_gjk("minkowski", squashed, dot, "--wkt").stdout.strip() == (
        "LINESTRING (-2 -1, 0 -1)"
    )
    table = run_gjk("minkowski", flat, dot).stdout
    assert "2 vertices (no area: a segment)" in " ".join(table.split())
