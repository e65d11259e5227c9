"""Every pair reproducer of the issue "Trust first", mixed into the differential corpus, in
one ``gjk batch`` run: exactly one record per pair, in order, with a summary, with one
worker or two, and the two runs alike."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from gjkcli.corpus import generate
from gjkcli.io.errors import encodable
from tests.helpers import run_gjk
from tests.test_cli_curve_bounds import FAR_ELLIPSE
from tests.verify.test_extreme_stand_ins import CROSSING_CAPSULES, HUGE_VERTEX

BELOW_ONE = math.nextafter(1.0, 0.0)

REPRODUCERS: list[dict[str, Any]] = [
    {"name": "ellipse-at-1e11", **FAR_ELLIPSE},  # NaN curve bound: the whole batch died
    {  # a curve bound of 4.25e9 for shapes 3.58 apart
        "name": "thin-ellipse-at-1e10",
        "a": {"type": "ellipse", "center": [1e10, 0], "radii": [1, 0.001]},
        "b": {"type": "circle", "center": [1e10, 5], "radius": 1},
    },
    {  # "the closest point lies beyond the shape"
        "name": "point-near-a-long-capsule",
        "a": {"type": "point", "at": [-1.439, 0.338]},
        "b": {
            "type": "capsule",
            "points": [[-0.788, -0.571], [467015.168, 884248.318]],
            "radius": 0.25,
        },
    },
    {  # "the axis does not separate the shapes (lower bound -7.9e-07)"
        "name": "point-below-a-tall-segment",
        "a": {"type": "segment", "points": [[0, 0], [0, 1e9]]},
        "b": {"type": "point", "at": [0, -1e-7]},
    },
    {  # touching within a band of 1, though 0.5 apart
        "name": "point-below-a-segment-1e14-long",
        "a": {"type": "segment", "points": [[0, 1], [1e14, 1]]},
        "b": {"type": "point", "at": [0, 0.5]},
        "expect": {"intersects": False, "distance": 0.5, "tolerance": 1e-15},
    },
    {
        "name": "point-above-an-ellipse-1e20-wide",
        "a": {"type": "ellipse", "center": [0, 0], "radii": [1e20, 1]},
        "b": {"type": "point", "at": [0, 2]},
        "expect": {"intersects": False, "distance": 1, "tolerance": 1e-12},
    },
    {  # the dyn4j near-zero case: a pentagon 1.1e-16 above a rectangle
        "name": "pentagon-a-hair-above-a-rectangle",
        "a": {"type": "polygon", "points": [[0, 0], [2, 0], [2, BELOW_ONE], [0, BELOW_ONE]]},
        "b": {
            "type": "polygon",
            "points": [[0.5, 1.0], [1.5, 1.0], [1.8, 1.6], [1.0, 2.2], [0.2, 1.6]],
        },
        "expect": {"intersects": False},
    },
    {"name": "polygon-with-a-1e148-vertex", **HUGE_VERTEX},  # an empty Shapely stand-in
    {
        "name": "flat-ellipse",
        "a": {"type": "ellipse", "center": [0, 0], "radii": [2, 0]},
        "b": {"type": "point", "at": [5, 0]},
        "expect": {"intersects": False, "distance": 3},
    },
    {"name": "\ud800", "a": "POINT (0 0)", "b": "POINT (3 4)"},  # a lone surrogate
    {"name": "capsules-crossing-at-1e120", **CROSSING_CAPSULES},  # GEOS overflow warnings
    {  # a pair in a file, but "holds one shape, not a pair" as a line
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [3, 4]}},
        ],
    },
    {  # GJK distance cycled to its cap on a sliver of A - B
        "name": "sliver",
        "a": {
            "type": "polygon",
            "points": [
                [-20.385203268193727, 11.460414927240366],
                [-30.538084844340126, 14.746794764544447],
                [-22.078776527762667, 12.00859099674273],
            ],
        },
        "b": {
            "type": "hull",
            "points": [
                [-4371697965.4612255, -1135928869.4338412],
                [-14828433490.418182, -3852975676.870226],
                [-14058423218.553343, -3652898516.478816],
                [-11697022132.927307, -3039319138.344734],
                [-30.538084030151367, 14.746794700622559],
            ],
        },
    },
    {  # quadratic in the number of parts: long diagonal segments side by side
        "name": "long-diagonals-side-by-side",
        "a": "MULTILINESTRING (" + ", ".join(f"({i} 0, {1000 + i} 1000)" for i in range(200)) + ")",
        "b": "MULTILINESTRING ("
        + ", ".join(f"({i + 0.5} 0, {1000.5 + i} 1000)" for i in range(200))
        + ")",
    },
]


def mixed_corpus(folder: Path, count: int) -> tuple[Path, list[str]]:
    """``count`` pairs of the extreme family with every reproducer spread among them;
    the file, and the name each record must carry, in order."""
    lines = [json.dumps(pair) for pair in generate(count, seed=2026, families=["extreme"])]
    step = max(1, len(lines) // len(REPRODUCERS))
    for k, pair in enumerate(REPRODUCERS):
        lines.insert(k * (step + 1), json.dumps(pair))
    path = folder / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    names = [  # a lone surrogate in a name is written as its escape: JSON cannot hold it
        encodable(json.loads(line).get("name", f"mixed:{number}"))
        for number, line in enumerate(lines, 1)
    ]
    return path, names


def batch_records(path: Path, workers: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    out, summary = path.with_suffix(f".{workers}.out"), path.with_suffix(f".{workers}.sum")
    run = run_gjk(
        "batch",
        str(path),
        "--workers",
        str(workers),
        "-o",
        str(out),
        "--summary-json",
        str(summary),
        "--quiet",
        timeout=3600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and "Warning" not in run.stderr, run.stderr[-2000:]
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return records, json.loads(summary.read_text())


def check_runs(tmp_path: Path, count: int) -> None:
    path, names = mixed_corpus(tmp_path, count)
    first = None
    for workers in (1, 2):
        records, summary = batch_records(path, workers)
        assert [record["name"] for record in records] == names
        assert [record["source"]["line"] for record in records] == list(range(1, len(names) + 1))
        assert summary["pairs"] == len(names) and summary["passed"] == len(names)
        assert summary["errors"] == summary["disagreed"] == summary["failed_expectations"] == 0
        assert all(record["error"] is None for record in records)
        if first is None:
            first = records
        else:
            assert records == first  # the same records, whatever the number of workers


def test_every_reproducer_among_extreme_pairs_gives_one_record_each_in_order(
    tmp_path: Path,
) -> None:
    check_runs(tmp_path, 60)


@pytest.mark.slow
def test_every_reproducer_among_twenty_thousand_extreme_pairs(tmp_path: Path) -> None:
    check_runs(tmp_path, 20_000)
