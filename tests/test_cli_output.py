"""What the commands print, through the installed ``gjk`` (issue 17): lines without
trailing spaces, ``--query`` only where it is used, ``--version`` naming what the answers
depend on, records with a schema and only their own pair's tolerances (the named
constants reported once per run), and ``--frames`` leaving no earlier run's frames."""

from __future__ import annotations

import json
import platform
from pathlib import Path

import numpy
import pytest
import shapely

from gjkcli import engine, tolerances
from gjkcli._version import __version__
from tests.helpers import ROOT, assert_input_error, run_gjk

SEED = "samples/seed-example.json"
NAMED = {name.lower(): getattr(tolerances, name) for name in dir(tolerances) if name.isupper()}
"""Every named constant of gjkcli/tolerances.py, by its name in lower case."""


@pytest.mark.parametrize(
    "args",
    [
        ("check", SEED),
        ("check", SEED, "--trace"),
        ("check", "samples/capsule/separated.json"),
        ("check", "samples/ellipse/touching.json", "--trace", "--query", "distance"),
        ("check", "samples/compound/notch.json", "--trace"),
        ("minkowski", SEED),
        ("minkowski", "samples/circle/overlapping.json"),
        ("batch", "samples/capsule", "--quiet"),
        ("batch", "samples/capsule", "--json", "--quiet"),  # the summary on standard error
    ],
)
def test_no_line_of_piped_output_ends_in_a_space(args: tuple[str, ...]) -> None:
    run = run_gjk(*args)
    assert run.returncode == 0, run.stderr
    lines = [*run.stdout.splitlines(), *run.stderr.splitlines()]
    assert len(lines) > 5
    assert [line for line in lines if line.endswith(" ")] == []


@pytest.mark.parametrize("extra", [(), ("--json",), ("--query", "both", "--strict")])
def test_query_without_trace_or_plot_is_a_usage_error(extra: tuple[str, ...]) -> None:
    query = () if "--query" in extra else ("--query", "boolean")
    run = run_gjk("check", SEED, *query, *extra)
    assert_input_error(run, "--query", "--trace", "--plot")
    assert run.stdout == ""


def test_query_with_trace_chooses_the_run() -> None:
    run = run_gjk("check", SEED, "--trace", "--query", "boolean")
    assert run.returncode == 0, run.stderr
    assert "Boolean GJK" in run.stdout and "GJK distance" not in run.stdout
    assert run_gjk("check", SEED).returncode == 0  # the default is no usage error


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_names_the_engine_python_shapely_geos_and_numpy(flag: str) -> None:
    run = run_gjk(flag)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        f"gjk {__version__}",
        f"engine: {engine.describe()}",
        f"Python {platform.python_version()} ({platform.python_implementation()})",
        f"Shapely {shapely.__version__} (GEOS {shapely.geos_version_string})",
        f"NumPy {numpy.__version__}",
    ]


def test_version_as_json_gives_the_schema_and_every_named_constant() -> None:
    for args in (("--version", "--json"), ("--json", "-V")):
        run = run_gjk(*args)
        assert run.returncode == 0, run.stderr
        about = json.loads(run.stdout)
        assert about == {
            "gjkcli": __version__,
            "engine": engine.describe(),
            "python": f"{platform.python_version()} ({platform.python_implementation()})",
            "shapely": shapely.__version__,
            "geos": shapely.geos_version_string,
            "numpy": numpy.__version__,
            "schema": 2,
            "constants": NAMED,
        }


def test_json_before_a_command_is_a_usage_error() -> None:
    run = run_gjk("--json", "check", SEED)
    assert_input_error(run, "--json", "--version", "gjk check PAIR --json")
    assert run.stdout == ""


def records_of(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_records_carry_a_schema_and_only_their_pairs_tolerances(tmp_path: Path) -> None:
    stream = tmp_path / "pairs.jsonl"
    good = (ROOT / SEED).read_text().replace("\n", " ")
    stream.write_text(good + "\n" + '{"a": {"type": "circle"}, "b": "POINT (0 0)"}\n')
    summary = tmp_path / "summary.json"
    run = run_gjk("batch", str(stream), "--json", "--quiet", "--summary-json", str(summary))
    assert run.returncode == 2, run.stderr  # the second pair is an error row
    checked, broken = records_of(run.stdout)
    assert list(checked)[:2] == ["schema", "name"] and checked["schema"] == 2
    assert checked["tolerances"].keys() == {"scale", "depth", "touch_band"}  # type: ignore[attr-defined]
    assert list(broken)[:3] == ["schema", "name", "source"] and broken["status"] == "error"
    one = json.loads(run_gjk("check", SEED, "--json").stdout)
    assert one["schema"] == 2 and one["tolerances"].keys() == {"scale", "depth", "touch_band"}
    reported = json.loads(summary.read_text())
    assert (reported["gjkcli"], reported["schema"], reported["constants"]) == (
        __version__,
        2,
        NAMED,
    )


def test_the_output_dir_manifest_reports_the_constants_once(tmp_path: Path) -> None:
    out = tmp_path / "results"
    run = run_gjk("batch", "samples/capsule", "--output-dir", str(out), "--quiet")
    assert run.returncode == 0, run.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["version"] == 3
    assert manifest["command"]["constants"] == NAMED
    for line in (out / "part-000000.jsonl").read_text().splitlines():
        record = json.loads(line)
        assert record["schema"] == 2 and "touch_relative" not in record["tolerances"]


def test_the_parquet_table_has_a_schema_column(tmp_path: Path) -> None:
    parquet = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "results.parquet"
    run = run_gjk("batch", "samples/capsule", "--output", str(out), "--quiet")
    assert run.returncode == 0, run.stderr
    table = parquet.read_table(out)
    assert table.column_names[0] == "schema"
    assert set(table.column("schema").to_pylist()) == {2}


def test_the_fuzz_summary_reports_the_constants(tmp_path: Path) -> None:
    out = tmp_path / "fuzz"
    engine = "examples/toy_engine/toy_engine.py:answer"
    args = ("--types", "polygon,point", "--count", "5", "--max-calls", "0", "--quiet")
    run = run_gjk("fuzz", "--impl", engine, *args, "--out", str(out))
    assert run.returncode in (0, 1), run.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["gjkcli"], summary["constants"]) == (__version__, NAMED)


def test_formats_documents_the_schema_and_where_the_constants_are() -> None:
    formats = (ROOT / "docs" / "FORMATS.md").read_text()
    assert '"schema": 2' in formats and "gjk --version --json" in formats


def test_frames_of_an_earlier_longer_run_are_removed_and_nothing_else(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    frames = tmp_path / "frames"
    long = run_gjk("plot", "samples/ellipse/separated.json", "--frames", str(frames))
    assert long.returncode == 0, long.stderr
    assert len(list(frames.glob("step-*.png"))) > 3
    keep = ["step-notes.txt", "mine.png", "step-1.png", "step-05.png.bak"]
    for name in keep:
        (frames / name).write_text("the user's")
    (frames / "step-77.png").mkdir()  # named as a frame, but not a file gjk wrote
    short = run_gjk("plot", SEED, "--frames", str(frames), "--query", "boolean")
    assert short.returncode == 0, short.stderr
    frame_files = sorted(p.name for p in frames.iterdir() if p.name not in keep)
    # the seed's boolean run: three steps of GJK and one of EPA
    assert frame_files == [
        "step-01.png",
        "step-02.png",
        "step-03.png",
        "step-04.png",
        "step-77.png",
    ]
    assert all((frames / name).read_text() == "the user's" for name in keep)


def test_the_picture_this_run_writes_among_the_frames_stays(tmp_path: Path) -> None:
    # the picture was written first, then removed with the earlier runs' frames, since its
    # name had their form: "gjk: wrote frames/step-09.png", and no such file
    pytest.importorskip("matplotlib")
    frames = tmp_path / "frames"
    frames.mkdir()
    picture = frames / "step-09.png"
    run = run_gjk("plot", SEED, "-o", str(picture), "--frames", str(frames))
    assert run.returncode == 0, run.stderr
    assert f"gjk: wrote {picture}" in run.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in frames.iterdir()) == [f"step-0{k}.png" for k in (1, 2, 3, 4, 9)]
