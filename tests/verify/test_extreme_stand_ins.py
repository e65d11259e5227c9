"""Shapely's cross-check at the edges of the input limits: huge and tiny coordinates
together, GEOS overflowing, stand-ins that cannot be built faithfully.

A stand-in that cannot be trusted is reported (``unavailable``, one sentence),
never compared and never a crash; GEOS never prints a warning; pairs too
large for GEOS's products are scaled by a power of two, which changes nothing.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely
from rich.console import Console

from gjkcli.io.pairs import load_pair
from gjkcli.pair import Pair, ShapeInput
from gjkcli.render.json_record import check_record
from gjkcli.render.table import check_table
from gjkcli.shapes import Polytope, capsule, circle, ellipse, point, rectangle, union_of
from gjkcli.shapes.compound import round_shape
from gjkcli.verify import shapely_oracle
from gjkcli.verify.check import Check, check_pair
from gjkcli.verify.shapely_oracle import GEOS_REACH, shapely_answer, shapely_answers
from tests.helpers import ROOT

HUGE_VERTEX = {
    "a": {
        "type": "polygon",
        "points": [[0, 0.0007], [-4.7e19, 0], [-0.06, -0.7], [5.28e148, 6.35e59]],
        "transform": {"rotate": 30},
        "margin": 0.5,
    },
    "b": {"type": "point", "at": [0, -1]},
}
"""gjkcli issue 13: ``internal error: ValueError: not enough values to unpack`` (the union
of the rounded parts' stand-ins came back empty from GEOS)."""

CROSSING_CAPSULES = {
    "a": {
        "type": "capsule",
        "points": [[1e120, 1e120], [1.0000001e120, 1.0000002e120]],
        "radius": 1,
    },
    "b": {
        "type": "capsule",
        "points": [[1e120, 1.0000002e120], [1.0000002e120, 1e120]],
        "radius": 1,
    },
}
"""gjkcli issue 13: six multi-line GEOS "overflow encountered" warnings on standard error,
and Shapely called the overlapping capsules touching."""

UNSCALABLE = {
    "a": CROSSING_CAPSULES["a"],
    "b": {
        "type": "hull",
        "points": [[1e120, 1.0000002e120], [1.0000002e120, 1e120], [1.00000005e120, 1e-300]],
    },
}
"""As above, but with a coordinate so small that scaling the pair would round it: GEOS
gets the coordinates as they are, overflows, and the cross-check says it could not run."""


def write_pair(folder: Path, name: str, pair: dict[str, Any]) -> Path:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(pair))
    return path


def checked(folder: Path, pair: dict[str, Any]) -> Check:
    return check_pair(load_pair(str(write_pair(folder, "pair", pair))))


def table_text(check: Check) -> str:
    console = Console(width=80, record=True, file=open(__import__("os").devnull, "w"))  # noqa: SIM115
    console.print(check_table(check))
    return console.export_text()


def run_strictly(*args: str) -> subprocess.CompletedProcess[str]:
    """``gjk`` with every Python warning turned into an error, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-W", "error", "-m", "gjkcli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )


def test_the_huge_vertex_polygon_is_answered_without_a_crash(tmp_path: Path) -> None:
    check = checked(tmp_path, HUGE_VERTEX)
    json.dumps(check_record(check), allow_nan=False)
    result = run_strictly("check", str(write_pair(tmp_path, "huge", HUGE_VERTEX)))
    assert result.returncode in (0, 1), result.stderr
    assert result.stderr == ""
    assert "internal error" not in result.stdout


def test_the_huge_vertex_polygon_stand_in_keeps_its_small_corner(tmp_path: Path) -> None:
    # the point (0, -1) is inside the margin of the small corner near the origin; traced
    # around the centre of the bounding box (near 2.6e148) that corner was lost
    check = checked(tmp_path, HUGE_VERTEX)
    assert check.shapely.unavailable is None
    assert check.shapely.intersects


def test_crossing_capsules_far_out_print_no_warning_and_overlap(tmp_path: Path) -> None:
    path = write_pair(tmp_path, "capsules", CROSSING_CAPSULES)
    result = run_strictly("check", "--json", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    record = json.loads(result.stdout)
    assert record["shapely"]["unavailable"] is None
    assert record["shapely"]["verdict"] == "overlapping"  # GEOS, overflowing, said touching


def test_batch_of_extreme_pairs_prints_no_warning(tmp_path: Path) -> None:
    lines = [json.dumps(pair) for pair in (HUGE_VERTEX, CROSSING_CAPSULES, UNSCALABLE)]
    path = tmp_path / "extremes.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = run_strictly("batch", str(path), "--quiet", "--workers", "1", "--json")
    assert "Warning" not in result.stderr and "Traceback" not in result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 3 and all(record["error"] is None for record in records)
    strict = run_strictly("batch", str(path), "--quiet", "--workers", "1", "--strict")
    assert strict.returncode == 1  # the cross-check that could not run fails --strict
    assert "Warning" not in strict.stderr and "Traceback" not in strict.stderr


def test_a_geos_overflow_makes_the_cross_check_unavailable_not_wrong(tmp_path: Path) -> None:
    check = checked(tmp_path, UNSCALABLE)
    reason = check.shapely.unavailable
    assert reason is not None and "floating-point error" in reason and "1e+120" in reason
    assert check.agree  # no disagreement from a referee that did not run
    assert f"Shapely's cross-check could not run: {reason}" in check.warnings
    record = check_record(check)["shapely"]
    assert record["unavailable"] == reason
    assert all(value is None for key, value in record.items() if key != "unavailable")
    text = table_text(check)
    assert "not run" in text.splitlines()[4]  # the verdict row
    assert "shapely could not run: GEOS met a floating-point error" in " ".join(text.split())
    assert "matches Shapely" not in text


def test_a_union_that_loses_parts_gives_way_to_the_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    # a compound with a margin stands in as the union of its parts' stand-ins; GEOS
    # lost that union for parts spanning 1e-3 to 1e148 (empty, or parts missing):
    # then the parts go as a collection, the same set
    monkeypatch.setattr(shapely, "union_all", lambda geometries: shapely.Polygon())
    grown = round_shape(union_of([point((0.0, 0.0)), point((3.0, 0.0))]), 0.5)
    answer = shapely_answer(grown, circle((1.5, 3.0), 1.0))
    assert answer.unavailable is None
    true_distance = math.hypot(1.5, 3.0) - 1.5
    assert true_distance <= answer.distance <= true_distance + answer.approximation_error


def test_a_margin_polygon_whose_union_geos_loses_is_still_cross_checked(tmp_path: Path) -> None:
    # found by a random search: GEOS's union of the rounded parts' stand-ins kept
    # only one of the three parts (a bounding box 2.4e142 off): "could not run"
    spread = {
        "a": {
            "type": "polygon",
            "points": [
                [2.4553188305495605e142, -0.7012496737846843],
                [-19272.63680565294, 1.9033463469679327e116],
                [145981711.28124058, 0.3511960636155389],
                [-8.962529424892518e116, 0.276289508070493],
                [0.6458196637595566, -1.0236939317089097e69],
            ],
            "transform": {"rotate": 85.1961035968692},
            "margin": 0.0013445560309686677,
        },
        "b": {"type": "point", "at": [-0.5944443311142997, -1.839354998925089]},
    }
    check = checked(tmp_path, spread)
    assert check.shapely.unavailable is None
    assert not [found for found in check.disagreements if found.startswith("distance")]


def test_an_empty_stand_in_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        shapely_oracle, "_convex_hulls", lambda point_sets: [shapely.Polygon()] * len(point_sets)
    )
    answer = shapely_answer(rectangle((0.0, 0.0), (2.0, 2.0)), circle((5.0, 0.0), 1.0))
    assert answer.unavailable is not None
    assert answer.unavailable.startswith(
        "A's stand-in could not be built faithfully: GEOS returned an empty geometry"
    )
    assert (answer.intersects, answer.distance, answer.closest) == (False, 0.0, None)
    assert answer.approximation_error == 0.0 and answer.penetration is None


def _nan_line() -> Any:
    with np.errstate(invalid="ignore"):
        return shapely.linestrings([(0.0, 0.0), (2.0, math.nan)])


@pytest.mark.parametrize(
    ("build", "error", "problem"),
    [
        (lambda: None, 0.0, "GEOS met a floating-point error building it"),
        (shapely.Polygon, 0.0, "GEOS returned an empty geometry"),
        (lambda: shapely.MultiPoint([(0, 0), (2, 2)]), 0.0, "GEOS returned a MultiPoint for a"),
        (lambda: shapely.box(0, 0, 2, 2), math.nan, "its error bound is not finite"),
        (_nan_line, 0.0, "its coordinates are not finite"),
        (lambda: shapely.box(0, 0, 2, 1), 0.5, "its bounding box is 1 from the shape's"),
    ],
)
def test_unfaithful_stand_ins_are_named(
    build: Callable[[], Any], error: float, problem: str
) -> None:
    square = rectangle((1.0, 1.0), (2.0, 2.0))
    found = shapely_oracle._unfaithful("B", square, build(), error, 0)
    assert found is not None
    assert found.startswith(f"B's stand-in could not be built faithfully: {problem}")
    assert shapely_oracle._unfaithful("B", square, shapely.box(0, 0, 2, 2), 0.0, 0) is None


def test_an_unavailable_depth_oracle_is_reported_not_compared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shapely_oracle, "_unfaithful_hull", lambda *_: "lost some of its points")
    monkeypatch.setattr(shapely_oracle, "_faithful_hulls", lambda hulls, *_: [False] * len(hulls))
    pair = Pair(
        ShapeInput(circle((0.0, 0.0), 1.0), "circle"),
        ShapeInput(ellipse((1.0, 0.0), (1.0, 0.5)), "ellipse"),
        "overlap",
    )
    check = check_pair(pair)
    assert check.shapely.unavailable is None
    assert check.shapely.penetration_unavailable == "the Minkowski hull lost some of its points"
    assert check.shapely.penetration is None and check.agree
    assert check.warnings == (
        "Shapely's depth oracle could not run: the Minkowski hull lost some of its points",
    )
    record = check_record(check)["shapely"]
    assert record["penetration"] is None and record["penetration_error"] is None
    assert record["penetration_unavailable"] == check.shapely.penetration_unavailable
    text = " ".join(table_text(check).split())
    assert "depth oracle could not run: the Minkowski hull lost some of its points" in text


def test_faithful_hulls_are_those_unfaithful_hull_finds_nothing_wrong_with() -> None:
    rng = np.random.default_rng(42)
    hulls, point_sets, errors = [], [], []
    for _ in range(400):
        points = rng.normal(size=(int(rng.integers(1, 30)), 2)) * 10.0 ** rng.uniform(-5, 5)
        hull = shapely.convex_hull(shapely.multipoints(points))
        kind = rng.integers(0, 8)
        if kind == 1:
            hull = None
        elif kind == 2:
            hull = shapely.Polygon()
        elif kind == 3:  # lost a point
            hull = shapely.convex_hull(shapely.multipoints(points[1:])) if len(points) > 1 else hull
        elif kind == 4:
            points[rng.integers(0, len(points))] = rng.choice([np.nan, np.inf, -np.inf])
        elif kind == 5:
            points = np.where(points == points.min(axis=0), -0.0 * points, points)
        hulls.append(hull)
        point_sets.append(points)
        errors.append(float(rng.choice([0.0, 1e-9, np.inf, np.nan])) if kind == 6 else 0.0)
    with np.errstate(all="ignore"):
        found = shapely_oracle._faithful_hulls(np.array(hulls, dtype=object), point_sets, errors)
    expected = [
        shapely_oracle._unfaithful_hull(hull, points, error) is None
        for hull, points, error in zip(hulls, point_sets, errors, strict=True)
    ]
    assert found.tolist() == expected
    assert 100 < sum(expected) < 350


def test_unfaithful_hulls_are_named() -> None:
    points = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]])
    assert shapely_oracle._unfaithful_hull(shapely.Polygon(points), points, 0.0) is None
    lost = shapely_oracle._unfaithful_hull(shapely.LineString(points[:2]), points, 0.0)
    assert lost is not None and "lost some of its points" in lost
    assert "empty" in str(shapely_oracle._unfaithful_hull(shapely.Polygon(), points, 0.0))


def test_scaling_huge_pairs_by_a_power_of_two_changes_no_answer() -> None:
    rng = random.Random(13)
    for _ in range(60):
        corners = [
            [(float(rng.randint(-50, 50)), float(rng.randint(-50, 50))) for _ in range(6)][
                : rng.randint(1, 6)
            ]
            for _ in range(2)
        ]
        exponent = rng.randint(300, 490)
        shapes = [Polytope(tuple(points)) for points in corners]
        scaled = [
            Polytope(tuple((math.ldexp(x, exponent), math.ldexp(y, exponent)) for x, y in points))
            for points in corners
        ]
        assert shapely_oracle._exponent((scaled[0], scaled[1])) > 0
        small, large = shapely_answers(
            [(shapes[0], shapes[1]), (scaled[0], scaled[1])], [True, True]
        )
        assert large.unavailable is None and large.penetration_unavailable is None
        assert (large.intersects, large.touches) == (small.intersects, small.touches)
        assert large.distance == math.ldexp(small.distance, exponent)
        if small.penetration is not None:
            assert large.penetration == math.ldexp(small.penetration, exponent)
        if small.closest is not None:
            assert large.closest == tuple(
                (math.ldexp(x, exponent), math.ldexp(y, exponent)) for x, y in small.closest
            )


def test_pairs_below_the_reach_of_overflow_are_not_scaled() -> None:
    far = GEOS_REACH / 4
    assert shapely_oracle._exponent((capsule((0.0, 0.0), (far, far), 1.0), point((0.0, 0.0)))) == 0
    assert shapely_oracle._exponent((point((4 * far, 0.0)), point((0.0, 0.0)))) > 0
