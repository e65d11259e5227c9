"""The installed ``gjk`` command, run as a user runs it (a subprocess per call)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gjkcli import __version__, engine
from tests.bad_inputs import BAD_INPUTS, BadInput
from tests.helpers import ROOT, SAMPLES, assert_input_error, run_gjk

SEED = "samples/seed-example.json"


def test_table_for_the_seed_example() -> None:
    result = run_gjk("check", SEED)
    assert result.returncode == 0, result.stderr
    assert "seed-example" in result.stdout
    assert "agree" in result.stdout and "DISAGREE" not in result.stdout
    assert "origin enclosed" in result.stdout
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
        "verdict": "overlapping",
        "approximation_error": 0.0,
        "penetration": pytest.approx(depth, rel=1e-15),
        "penetration_error": 0.0,
        "unavailable": None,
        "penetration_unavailable": None,
    }
    assert record["exact"] == {"verdict": "overlapping", "distance_squared": "0/1", "distance": 0.0}
    assert record["gjk"]["verdict"] == "overlapping"
    assert record["gjk"]["certificate"]["kind"] == "enclosing-simplex"
    assert record["gjk"]["certificate_check"] == {
        "ok": True,
        "problems": [],
        "proves": "overlapping",
    }
    assert record["triage"] == [] and record["warnings"] == []
    assert (record["verdict"], record["verdict_source"]) == ("overlapping", "exact")
    assert list(record)[:6] == [
        "schema",
        "name",
        "status",
        "reasons",
        "verdict",
        "verdict_source",
    ]
    assert record["schema"] == 2
    assert (record["status"], record["reasons"]) == ("pass", [])
    penetration = record["gjk"]["penetration"]
    assert penetration["depth"] == pytest.approx(depth, rel=1e-15)
    assert penetration["normal"] == pytest.approx([2.0 / 5.0**0.5, 1.0 / 5.0**0.5], rel=1e-15)
    assert len(penetration["contact"]) == 2
    assert penetration["status"] == "duplicate-support"
    assert record["agree"] is True
    assert record["expect"]["ok"] is True
    assert record["error"] is None
    assert record["tolerance"] > 0
    from gjkcli import tolerances

    named = {name.lower(): getattr(tolerances, name) for name in dir(tolerances) if name.isupper()}
    assert set(record["tolerances"]) == {"scale", "depth", "touch_band"}  # this pair's own
    about = json.loads(run_gjk("--version", "--json").stdout)
    assert about["constants"] == named  # every named tolerance, reported once
    formats = (ROOT / "docs" / "FORMATS.md").read_text()
    assert [name for name in named if f"`{name}`" not in formats] == []  # and documented


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
    assert "expect.distance: expected 2.5, reference 2 (difference 0.5" in result.stdout
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
    assert run_gjk("--version").stdout.splitlines()[:2] == [
        f"gjk {__version__}",
        f"engine: {engine.describe()}",
    ]
    top = run_gjk("--help")
    assert top.returncode == 0 and "check" in top.stdout
    check = run_gjk("check", "--help")
    assert check.returncode == 0
    assert "Examples:" in check.stdout and "gjk example | gjk check -" in check.stdout


def test_the_cli_copies_of_the_run_choices_match_the_renderers() -> None:
    # the CLI spells them out to keep its start light; they must not drift apart
    from typing import get_args

    from gjkcli import cli
    from gjkcli.render import plot, trace

    assert get_args(cli.TraceQuery) == get_args(trace.Query)
    assert get_args(cli.PictureQuery) == get_args(plot.RunQuery)


def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gjkcli", "--version"], capture_output=True, text=True, check=False
    )
    assert result.stdout.splitlines()[0] == f"gjk {__version__}"


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
    # boolean GJK's three steps, then EPA's one (the triangles overlap)
    assert sorted(p.name for p in frames.iterdir()) == [f"step-0{k}.png" for k in range(1, 5)]
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


def mixed_folder(root: Path) -> Path:
    """Good pairs, a corrupt JSON file, a file with NaN, an empty file, a wrong expectation."""
    folder = root / "cases"
    (folder / "more").mkdir(parents=True)
    for name in ["circle/separated.json", "polygon/touching.json", "seed-example.json"]:
        (folder / name.replace("/", "-")).write_bytes((SAMPLES / name).read_bytes())
    (folder / "more" / "stream.jsonl").write_text(
        (SAMPLES / "point" / "separated.json").read_text().replace("\n", "")
        + "\n"
        + (SAMPLES / "capsule" / "touching.json").read_text().replace("\n", "")
        + "\n"
    )
    (folder / "corrupt.json").write_text('{"a": {"type": "point", "at": [0, 0]}, "b": ')
    (folder / "nan.json").write_text(
        '{"a": {"type": "circle", "center": [0, 0], "radius": NaN}, "b": "POINT (1 1)"}'
    )
    (folder / "empty.json").write_text("")
    wrong = json.loads((SAMPLES / "circle" / "separated.json").read_text())
    wrong["expect"]["distance"] = 3
    (folder / "wrong-expect.json").write_text(json.dumps(wrong))
    return folder


def test_batch_over_a_mixed_folder(tmp_path: Path) -> None:
    folder = mixed_folder(tmp_path)
    result = run_gjk("batch", str(folder), "--json", "--workers", "2")
    assert result.returncode == 2
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 9  # one line per pair: 4 files, 2 stream lines, 3 bad files
    by_file = {
        Path(r["source"]["file"]).name
        + (f":{r['source']['line']}" if r["source"]["line"] else ""): r
        for r in records
    }
    assert set(by_file) == {
        "circle-separated.json",
        "polygon-touching.json",
        "seed-example.json",
        "stream.jsonl:1",
        "stream.jsonl:2",
        "corrupt.json",
        "nan.json",
        "empty.json",
        "wrong-expect.json",
    }
    for name in [
        "circle-separated.json",
        "polygon-touching.json",
        "seed-example.json",
        "stream.jsonl:1",
        "stream.jsonl:2",
    ]:
        assert by_file[name]["agree"] is True and by_file[name]["error"] is None
    assert "line 1, column 45: invalid JSON" in by_file["corrupt.json"]["error"]
    assert "radius: NaN is not allowed" in by_file["nan.json"]["error"]
    assert by_file["empty.json"]["error"].endswith("empty.json: file is empty")
    assert by_file["wrong-expect.json"]["expect"]["failures"] == [
        "expect.distance: expected 3, reference 2 (difference 1, tolerance 8e-09)"
    ]
    # The summary went to standard error, as text.
    assert "errors" in result.stderr and "failing pairs" in result.stderr
    assert "corrupt" in result.stderr and "wrong-expect" in result.stderr


def test_batch_table_output_file_and_summary_json(tmp_path: Path) -> None:
    folder = mixed_folder(tmp_path)
    out, summary = tmp_path / "results.jsonl", tmp_path / "summary.json"
    result = run_gjk(
        "batch", str(folder), "--output", str(out), "--summary-json", str(summary), "--workers", "1"
    )
    assert result.returncode == 2
    assert "pairs per second" in result.stdout  # the table, on standard output this time
    assert len(out.read_text().splitlines()) == 9
    assert not list(tmp_path.glob(".results.jsonl.*"))  # no temporary file left behind
    counts = json.loads(summary.read_text())
    assert (counts["pairs"], counts["passed"], counts["failed"], counts["errors"]) == (9, 5, 1, 3)
    assert (counts["failed_expectations"], counts["disagreed"], counts["warned"]) == (1, 0, 0)
    assert counts["exit_status"] == 2


def test_batch_is_the_same_with_one_or_two_workers(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    assert run_gjk("generate", str(corpus), "--count", "700", "--seed", "9").returncode == 0
    one = run_gjk("batch", str(corpus), "--json", "--workers", "1")
    two = run_gjk("batch", str(corpus), "--json", "--workers", "2")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == 700


def test_generate_to_standard_output_piped_into_batch() -> None:
    generated = run_gjk("generate", "-", "--count", "30", "--seed", "1", "--family", "tiny")
    assert generated.returncode == 0 and len(generated.stdout.splitlines()) == 30
    checked = run_gjk("batch", "-", "--json", "--workers", "1", stdin=generated.stdout)
    assert checked.returncode == 0
    assert [json.loads(line)["name"] for line in checked.stdout.splitlines()][:2] == [
        "tiny/0",
        "tiny/1",
    ]


def test_generate_files_and_errors(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    assert (
        run_gjk("generate", str(folder), "--count", "3", "--seed", "1", "--files").returncode == 0
    )
    assert sorted(p.name for p in folder.iterdir()) == [
        "000000-polygons.json",
        "000001-mixed.json",
        "000002-circles.json",
    ]
    assert run_gjk("batch", str(folder), "--workers", "1", "--quiet").returncode == 0
    assert_input_error(
        run_gjk("generate", str(tmp_path / "x.jsonl"), "--family", "tinny"), "did you mean 'tiny'"
    )


def test_batch_fail_fast() -> None:
    result = run_gjk("batch", "-", "--json", "--fail-fast", "--workers", "1", stdin="{}\n{}\n{}\n")
    assert result.returncode == 2
    assert len(result.stdout.splitlines()) == 1
    assert "stopped at the first failure" in result.stderr


def test_generate_help_names_every_family() -> None:
    from gjkcli.corpus import FAMILIES

    text = run_gjk("generate", "--help").stdout
    assert [name for name in FAMILIES if name not in text] == []


NEARLY_ROUND = json.dumps(
    {
        "name": "nearly-round",
        "a": {"type": "ellipse", "center": [0, 0], "radii": [1.5, 1.49999999]},
        "b": {"type": "ellipse", "center": [0, 0], "radii": [1.5, 1.49999999]},
    }
)


def test_strict_fails_on_warnings(tmp_path: Path) -> None:
    """Nearly round identical ellipses: EPA reaches its cap, which is a warning."""
    path = tmp_path / "round.json"
    path.write_text(NEARLY_ROUND)
    relaxed = run_gjk("check", str(path))
    assert relaxed.returncode == 0
    assert "EPA stopped on max-iterations" in relaxed.stdout
    assert run_gjk("check", str(path), "--strict").returncode == 1
    assert run_gjk("batch", "-", "--workers", "1", stdin=NEARLY_ROUND + "\n").returncode == 0
    strict = run_gjk("batch", "-", "--workers", "1", "--strict", stdin=NEARLY_ROUND + "\n")
    assert strict.returncode == 1 and "warnings (--strict)" in strict.stdout


def test_exact_answer_and_triage_in_the_table() -> None:
    proven = run_gjk("check", "samples/precision/near-miss.json")
    assert proven.returncode == 0
    assert "1/2^120" in proven.stdout and "who is right" not in proven.stdout
    assert proven.stdout.startswith("point-2^-60-off-an-edge: separated (proven in exact")
    result = run_gjk("check", "samples/precision/tilted-near-miss.json")
    assert result.returncode == 0
    assert "who is right" in result.stdout and "GJK: touching; exact: separated" in result.stdout
    assert result.stdout.startswith("point-1.8e-16-off-a-tilted-segment: separated (proven")
    record = json.loads(
        run_gjk("check", "samples/precision/tilted-near-miss.json", "--json").stdout
    )
    assert (record["verdict"], record["verdict_source"]) == ("separated", "exact")
    assert record["gjk"]["verdict"] == "touching"


def test_the_formats_example_is_what_gjk_check_prints() -> None:
    formats = (ROOT / "docs" / "FORMATS.md").read_text()
    section = formats[formats.index("## 4. JSON output") :]
    start = section.index("```json\n") + len("```json\n")
    example = json.loads(section[start : section.index("\n```", start)])
    record = json.loads(run_gjk("check", SEED, "--json").stdout)

    def subset(shown: object, printed: object, where: str) -> None:
        if isinstance(shown, dict):
            assert isinstance(printed, dict), where
            for key, value in shown.items():
                assert key in printed, f"{where}.{key}"
                subset(value, printed[key], f"{where}.{key}")
        else:
            assert shown == printed, where

    subset(example, record, "record")


def test_control_characters_from_the_input_are_shown_as_escapes(tmp_path: Path) -> None:
    # a name or a value from the input can neither split a line nor steer the terminal
    record = {
        "name": "two\nlines \x1b[2J",
        "a": {"type": "point", "at": [0, 0]},
        "b": {"type": "point", "at": [1, 0]},
        "expect": {"distance": 2},
    }
    pair = tmp_path / "pair.json"
    pair.write_text(json.dumps(record))
    checked = run_gjk("check", str(pair))
    assert "two\\nlines \\x1b[2J" in checked.stdout and "\x1b" not in checked.stdout
    stream = tmp_path / "pairs.jsonl"
    stream.write_text(json.dumps(record) + "\n")
    batch = run_gjk("batch", str(stream))
    failing = [line for line in batch.stdout.splitlines() if "pairs.jsonl:1" in line]
    assert len(failing) == 1 and "two\\nlines \\x1b[2J" in failing[0]
    record["b"] = {"type": "circ\x1ble"}
    pair.write_text(json.dumps(record))
    assert_input_error(run_gjk("check", str(pair)), "unknown shape type 'circ\\x1ble'")
    assert "\x1b" not in run_gjk("check", str(pair)).stderr
