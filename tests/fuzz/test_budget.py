"""The search budget: --time ends a run that --count would not."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fuzz.engines import write_engines
from tests.helpers import run_gjk


def test_time_ends_the_search(tmp_path: Path) -> None:
    _, module = write_engines(tmp_path)
    out = tmp_path / "out"
    result = run_gjk(
        "fuzz", "--impl", f"{module}:answer", "--count", "1000000", "--time", "0.5",
        "--out", str(out), "--quiet",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    summary = json.loads((out / "summary.json").read_text())
    assert 0 < summary["pairs_tried"] < 1000000
    assert summary["seconds"] < 5
    assert summary["budget"] == {"count": 1000000, "seconds": 0.5}
