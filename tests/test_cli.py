"""The installed ``gjk`` command, run as a user runs it (a subprocess per call)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gjkcli import __version__
from tests.bad_inputs import BAD_INPUTS, BadInput
from tests.helpers import ROOT, SAMPLES, run_gjk

SEED = "samples/seed-example.json"


def assert_input_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit 2, exactly one line on standard error, no traceback, and the given words in it."""
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def test_table_for_the_seed_example() -> None:
    result = run_gjk("check", SEED)
    assert result.returncode == 0, result.stderr
    assert "seed-example" in result.stdout
    assert "agree" in result.stdout and "DISAGREE" not in result.stdout
    assert "contains-origin" in result.stdout
    assert result.stderr == ""


def test_json_output_is_one_object_and_nothing_else() -> None:
    result = run_gjk("check", SEED, "--json")
    assert result.returncode == 0
    record = json.loads(result.stdout)  # the whole of standard output is one JSON document
    assert record["name"] == "seed-example"
    assert record["gjk"]["intersects"] is True
    assert record["gjk"]["distance"] == 0.0
    assert record["gjk"]["closest"] is None
    assert record["gjk"]["iterations"] >= 1
    assert record["gjk"]["status"] == "contains-origin"
    depth = 2.0 / 5.0**0.5  # A - B is the triangle 2A; its nearest edge is 2 / sqrt(5) away
    assert record["shapely"] == {
        "intersects": True,
        "distance": 0.0,
        "closest": None,
        "approximation_error": 0.0,
        "penetration": pytest.approx(depth, rel=1e-15),
        "penetration_error": 0.0,
    }
    penetration = record["gjk"]["penetration"]
    assert penetration["depth"] == pytest.approx(depth, rel=1e-15)
    assert penetration["normal"] == pytest.approx([2.0 / 5.0**0.5, 1.0 / 5.0**0.5], rel=1e-15)
    assert len(penetration["contact"]) == 2
    assert penetration["status"] == "duplicate-support"
    assert record["agree"] is True
    assert record["expect"]["ok"] is True
    assert record["error"] is None
    assert record["tolerance"] > 0
    assert set(record["tolerances"]) >= {"touch_band", "agreement_relative", "max_iterations"}


def test_separated_pair_json_has_closest_points() -> None:
    record = json.loads(run_gjk("check", "samples/circle/separated.json", "--json").stdout)
    assert record["gjk"]["distance"] == 2.0
    assert record["gjk"]["closest"] == [[1.0, 0.0], [3.0, 0.0]]
    assert record["gjk"]["penetration"] is None
    assert record["shapely"]["penetration"] is None


def test_two_file_form() -> None:
    result = run_gjk(
        "check", "samples/formats/shape-circle.json", "samples/formats/shape-triangle.wkt", "--json"
    )
    assert result.returncode == 0
    record = json.loads(result.stdout)
    assert record["name"] == "shape-circle vs shape-triangle"
    assert record["gjk"]["distance"] == 2.0


def test_pair_from_standard_input() -> None:
    result = run_gjk("check", "-", "--json", stdin=(ROOT / SEED).read_text())
    assert result.returncode == 0
    assert json.loads(result.stdout)["name"] == "seed-example"


def test_one_shape_from_standard_input() -> None:
    wkt = (SAMPLES / "formats" / "shape-triangle.wkt").read_text()
    result = run_gjk("check", "samples/formats/shape-circle.json", "-", stdin=wkt)
    assert result.returncode == 0, result.stderr
    assert "shape-circle vs stdin" in result.stdout


def test_failed_expectation_exits_1(tmp_path: Path) -> None:
    pair = json.loads((SAMPLES / "circle" / "separated.json").read_text())
    pair["expect"] = {"distance": 2.5}
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(pair))
    result = run_gjk("check", str(path))
    assert result.returncode == 1
    assert "expect FAILED" in result.stdout
    assert "distance: expected 2.5, got 2" in result.stdout
    record = json.loads(run_gjk("check", str(path), "--json").stdout)
    assert record["agree"] is True and record["expect"]["ok"] is False


@pytest.mark.parametrize("bad", BAD_INPUTS, ids=[bad.id for bad in BAD_INPUTS])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, bad: BadInput) -> None:
    path = tmp_path / ("pair" + bad.suffix)
    path.write_bytes(bad.content)
    result = run_gjk("check", str(path))
    where = f"{path}: {bad.place}" if bad.place else str(path)
    assert_input_error(result, where, bad.words)
    assert result.stdout == ""


def test_bad_input_with_json_still_writes_json(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text("")
    result = run_gjk("check", str(path), "--json")
    assert_input_error(result, "file is empty")
    record = json.loads(result.stdout)
    assert record["error"].endswith("file is empty")
    assert "gjk" not in record


def test_missing_file_and_directory(tmp_path: Path) -> None:
    assert_input_error(run_gjk("check", str(tmp_path / "nope.json")), "nope.json", "no such file")
    assert_input_error(run_gjk("check", str(tmp_path)), str(tmp_path), "is a directory")


def test_unreadable_file(tmp_path: Path) -> None:
    # A socket cannot be opened for reading, even by root.
    path = tmp_path / "sock.json"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        assert_input_error(run_gjk("check", str(path)), str(path), "cannot read")
    finally:
        server.close()


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="root reads files whatever their mode"
)
def test_file_without_read_permission(tmp_path: Path) -> None:
    path = tmp_path / "secret.json"
    path.write_text("{}")
    path.chmod(0)
    assert_input_error(run_gjk("check", str(path)), str(path), "permission denied")


def test_usage_errors_exit_2() -> None:
    assert run_gjk("check").returncode == 2
    assert run_gjk("check", SEED, "--no-such-option").returncode == 2
    assert run_gjk("frobnicate").returncode == 2


def test_version_and_help() -> None:
    assert run_gjk("--version").stdout.strip() == f"gjk {__version__}"
    top = run_gjk("--help")
    assert top.returncode == 0 and "check" in top.stdout
    check = run_gjk("check", "--help")
    assert check.returncode == 0
    assert "Examples" in check.stdout and "gjk check samples/seed-example.json" in check.stdout


def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gjkcli", "--version"], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip() == f"gjk {__version__}"


def test_minkowski_table_json_and_wkt() -> None:
    table = run_gjk("minkowski", SEED)
    assert table.returncode == 0
    assert "A - B: seed-example" in table.stdout and "exact: 3 vertices" in table.stdout
    record = json.loads(run_gjk("minkowski", SEED, "--json").stdout)
    assert record["exact"] is True and record["error"] == 0.0
    assert record["vertices"] == [[-2.0, -2.0], [2.0, -2.0], [0.0, 2.0]]
    assert record["sources"] == [[2, 1], [1, 2], [0, 0]]
    wkt = run_gjk("minkowski", SEED, "--wkt")
    assert wkt.stdout == "POLYGON ((-2 -2, 2 -2, 0 2, -2 -2))\n"


def test_minkowski_of_curved_shapes_is_traced_with_its_bound() -> None:
    record = json.loads(run_gjk("minkowski", "samples/circle/overlapping.json", "--json").stdout)
    assert record["exact"] is False and record["sources"] is None
    assert 0.0 < record["error"] < 1e-4
    assert len(record["vertices"]) > 100


def test_minkowski_usage_and_input_errors() -> None:
    assert_input_error(
        run_gjk("minkowski", SEED, "--json", "--wkt"), "choose one of --json and --wkt"
    )
    assert_input_error(run_gjk("minkowski", "nope.json"), "nope.json", "no such file")


def test_trace_of_the_seed_example() -> None:
    result = run_gjk("check", SEED, "--trace", "--query", "boolean")
    assert result.returncode == 0
    walk = result.stdout[result.stdout.index("Boolean GJK") :]
    in_order = [
        "d = (0, 1)",
        "w = A - B = (0, 2)",
        "d = (0, -1)",
        "w = A - B = (0, -2)",
        "d = (-4, 0)",
        "w = A - B = (-2, -2)",
        "A and B intersect",
    ]
    positions = [walk.index(fragment) for fragment in in_order]
    assert positions == sorted(positions)
    assert "GJK distance" not in walk


def test_trace_json_has_both_runs_at_full_precision() -> None:
    record = json.loads(run_gjk("check", SEED, "--trace", "--json").stdout)
    boolean, steps = record["trace"]["boolean"], record["trace"]["distance"]
    assert [step["support"] for step in boolean] == [[0.0, 2.0], [0.0, -2.0], [-2.0, -2.0]]
    assert [step["direction"] for step in boolean] == [[0.0, 1.0], [0.0, -1.0], [-4.0, 0.0]]
    assert len(steps) == record["gjk"]["iterations"]


def test_plot_command_and_check_plot(tmp_path: Path) -> None:
    svg, gif, frames = tmp_path / "seed.svg", tmp_path / "seed.gif", tmp_path / "frames"
    result = run_gjk(
        "plot",
        SEED,
        "-o",
        str(svg),
        "--gif",
        str(gif),
        "--frames",
        str(frames),
        "--query",
        "boolean",
    )
    assert result.returncode == 0, result.stderr
    assert svg.read_text().lstrip().startswith("<?xml")
    assert gif.read_bytes()[:6] in (b"GIF87a", b"GIF89a")
    assert sorted(p.name for p in frames.iterdir()) == ["step-01.png", "step-02.png", "step-03.png"]
    png = tmp_path / "check.png"
    assert run_gjk("check", SEED, "--plot", str(png)).returncode == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_plot_usage_errors(tmp_path: Path) -> None:
    assert_input_error(run_gjk("plot", SEED), "nothing to draw to")
    assert_input_error(
        run_gjk("plot", SEED, "-o", "x.jpg"), "x.jpg", "must end in .svg, .png, .pdf"
    )
    assert_input_error(run_gjk("plot", SEED, "--gif", "x.png"), "x.png", "must end in .gif")
    unwritable = tmp_path / "no" / "such" / "folder" / "x.png"
    assert_input_error(
        run_gjk("plot", SEED, "-o", str(unwritable)), str(unwritable), "cannot write"
    )


IN_PROCESS = """
import sys
{prelude}
from gjkcli.cli import main
sys.argv = ["gjk", *{args!r}]
try:
    main()
except SystemExit as done:
    code = done.code
print("matplotlib" in sys.modules, code, file=sys.stderr)
"""


def run_in_process(*args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    script = IN_PROCESS.format(prelude=prelude, args=list(args))
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_check_without_plot_does_not_import_matplotlib() -> None:
    result = run_in_process("check", SEED, "--trace")
    assert result.stderr.strip().endswith("False 0")


def test_plotting_without_matplotlib_says_what_to_install(tmp_path: Path) -> None:
    hide = "sys.modules['matplotlib'] = None  # as if it were not installed"
    result = run_in_process("plot", SEED, "-o", str(tmp_path / "x.png"), prelude=hide)
    message, status = result.stderr.strip().splitlines()
    assert message == (
        "gjk: error: plotting needs matplotlib, which is not installed: pip install 'gjkcli[plot]'"
    )
    assert status.endswith(" 2")
