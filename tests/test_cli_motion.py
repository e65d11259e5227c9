"""``gjk raycast`` and ``gjk cast``: every status through the command line, the records
against FORMATS, the words of ``--trace``, and bad options as one line with exit 2.

Most cases run the command line in this process (a fresh interpreter per case would take
most of the suite's budget); one runs the installed ``gjk`` as a user does.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer.main

from gjkcli.cli import app
from tests.helpers import ROOT, run_gjk

BOX = "POLYGON ((2 -1, 4 -1, 4 1, 2 1, 2 -1))"
"""A square 2 wide whose left edge is at x = 2."""

CIRCLE = '{"type": "circle", "center": [4, 0.5], "radius": 1}'
"""A disc that a ray along the x axis from the origin meets at x = 4 - sqrt(0.75)."""

CAST = ROOT / "samples" / "cast"


class Ran:
    """What a command line printed, and its exit status."""

    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def record(self) -> dict[str, Any]:
        record: dict[str, Any] = json.loads(self.out)
        return record


@pytest.fixture
def gjk(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run ``gjk ARGS`` in this process at a terminal width of ``columns``."""
    command = typer.main.get_command(app)

    def run(*args: str, columns: int = 80) -> Ran:
        monkeypatch.setenv("COLUMNS", str(columns))
        with pytest.raises(SystemExit) as done:
            command.main(args=list(args), prog_name="gjk")
        out, err = capsys.readouterr()
        code = done.value.code
        return Ran(code if isinstance(code, int) else 0, out, err)

    return run


def one_line_error(ran: Ran, *fragments: str) -> None:
    """Exit 2, one line on standard error naming the problem, nothing on standard output."""
    assert ran.code == 2, (ran.code, ran.out, ran.err)
    lines = ran.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gjk: error: "), ran.err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def formats_example(title: str) -> dict[str, Any]:
    """The JSON example under a heading of FORMATS.md."""
    formats = (ROOT / "docs" / "FORMATS.md").read_text()
    section = formats[formats.index(title) :]
    start = section.index("```json\n") + len("```json\n")
    example: dict[str, Any] = json.loads(section[start : section.index("\n```", start)])
    return example


def assert_subset(shown: object, printed: object, where: str = "record") -> None:
    """Every key and value the example shows is in the record as shown."""
    if isinstance(shown, dict):
        assert isinstance(printed, dict), where
        for key, value in shown.items():
            assert key in printed, f"{where}.{key}"
            assert_subset(value, printed[key], f"{where}.{key}")
    else:
        assert shown == printed, (where, shown, printed)


# --- gjk raycast -----------------------------------------------------------------------


def test_raycast_hit_table_reads_at_80_and_160_columns(gjk: Any, tmp_path: Path) -> None:
    box = tmp_path / "box.wkt"
    box.write_text(BOX)
    for columns in (80, 160):
        ran = gjk(
            "raycast",
            str(box),
            "--origin",
            "0",
            "0",
            "--direction",
            "1",
            "0",
            "--max",
            "5",
            columns=columns,
        )
        assert ran.code == 0, ran.err
        lines = ran.out.splitlines()
        assert lines[0] == "box: hit at fraction 2, the point (2, 0) (exact: 2)"
        assert [line for line in lines if len(line) > columns] == []
        assert [line for line in lines if line != line.rstrip()] == []
        assert any(line.startswith("agree") for line in lines)
        assert ran.err == ""


@pytest.mark.parametrize(
    ("ray", "status", "fraction"),
    [
        (("0", "0", "1", "0", "5"), "hit", 2.0),
        (("0", "0", "1", "0", "1"), "miss", None),
        (("0", "3", "1", "0", "10"), "miss", None),
        (("3", "0", "1", "0", "1"), "inside", 0.0),
        (("2", "0", "-1", "0", "1"), "inside", 0.0),
    ],
    ids=["hit", "short", "passes-above", "inside", "on-the-edge"],
)
def test_raycast_statuses_in_json(
    gjk: Any, ray: tuple[str, ...], status: str, fraction: float | None
) -> None:
    x, y, dx, dy, reach = ray
    ran = gjk("raycast", BOX, "--origin", x, y, "--direction", dx, dy, "--max", reach, "--json")
    assert ran.code == 0, ran.err
    record = ran.record()
    assert (record["status"], record["agree"]) == ("pass", True)
    assert record["raycast"]["status"] == record["exact"]["status"] == status
    assert record["raycast"]["fraction"] == fraction


def test_raycast_record_is_the_formats_example(gjk: Any) -> None:
    example = formats_example("### `gjk raycast --json`")
    ran = gjk("raycast", BOX, "--origin", "0", "0", "--direction", "1", "0", "--max", "5", "--json")
    assert_subset(example, ran.record())


def test_raycast_trace_tells_each_step(gjk: Any) -> None:
    ran = gjk(
        "raycast", CIRCLE, "--origin", "0", "0", "--direction", "1", "0", "--max", "5", "--trace"
    )
    assert ran.code == 0, ran.err
    words = ran.out[ran.out.index("GJK ray cast, step by step:") :]
    steps = re.findall(r"^Step (\d+): the support point along v = ", words, re.MULTILINE)
    traced = gjk(
        "raycast",
        CIRCLE,
        "--origin",
        "0",
        "0",
        "--direction",
        "1",
        "0",
        "--max",
        "5",
        "--trace",
        "--json",
    ).record()
    assert [int(step) for step in steps] == list(range(1, len(steps) + 1))
    assert len(traced["trace"]) == len(steps) == traced["raycast"]["iterations"]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--origin", "0", "0", "--direction", "0", "0"), ("--direction 0 0", "not zero")),
        (("--origin", "nan", "0", "--direction", "1", "0"), ("--origin nan 0", "finite")),
        (("--origin", "0", "0", "--direction", "1", "0", "--max", "inf"), ("--max inf",)),
        (("--origin", "0", "0", "--direction", "1", "0", "--max", "-1"), ("--max -1", "0 or more")),
        (("--origin", "0", "0", "--direction", "1", "0", "--max", "nan"), ("--max nan", "finite")),
        (("--direction", "1", "0"), ("--origin",)),
        (("--origin", "1e200", "0", "--direction", "1", "0"), ("reaches coordinates of 1e+200",)),
        (("--origin", "0", "0", "--direction", "1", "0", "--plot", "ray.txt"), ("ray.txt",)),
    ],
    ids=[
        "zero-direction",
        "nan-origin",
        "infinite-max",
        "negative-max",
        "nan-max",
        "no-origin",
        "too-far",
        "picture-suffix",
    ],
)
def test_raycast_bad_options_are_one_line(
    gjk: Any, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    one_line_error(gjk("raycast", BOX, *args), *fragments)


def test_raycast_casts_at_a_compound_shape_part_by_part(gjk: Any) -> None:
    # a U: the ray from the left at height 2 meets the left arm at x = 0, and from inside
    # the gap between the arms (x = 1.5) going right, the right arm's inner side at x = 2
    u_shape = "POLYGON ((0 0, 3 0, 3 3, 2 3, 2 1, 1 1, 1 3, 0 3, 0 0))"
    ran = gjk("raycast", u_shape, "--origin", "-1", "2", "--direction", "1", "0", "--json")
    assert ran.code == 0, ran.err
    record = ran.record()
    assert (record["raycast"]["status"], record["raycast"]["fraction"]) == ("hit", 1.0)
    assert record["raycast"]["part"] is not None and record["exact"]["fraction"] == "1/1"
    assert record["shapely"]["consistent"] is True and record["agree"] is True
    inner = gjk("raycast", u_shape, "--origin", "1.5", "2", "--direction", "1", "0", "--json")
    assert inner.record()["raycast"]["point"] == [2.0, 2.0]
    table = gjk("raycast", u_shape, "--origin", "-1", "2", "--direction", "1", "0")
    assert re.search(r"│ part +│ part \d of \d", table.out)


def test_raycast_refuses_bad_input(gjk: Any) -> None:
    ray = ("--origin", "-1", "0.5", "--direction", "1", "0")
    one_line_error(gjk("raycast", "POLYGON ((0 0, 1 0", *ray), "POLYGON ((0 0, 1 0")


# --- gjk cast --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sample", "extra", "status", "time"),
    [
        ("slide-hit.json", (), "hit", 2.0 / 3.0),
        ("miss.json", (), "miss", None),
        ("touching-approaching.json", (), "touching-approaching", 0.0),
        ("touching-receding.json", (), "touching-receding", None),
        ("slide-hit.json", ("--translation", "-6", "0", "--target", "3.5"), "within-target", 0.0),
        ("touching-approaching.json", ("--translation", "-1", "0"), "touching-approaching", 0.0),
    ],
    ids=["hit", "miss", "approaching", "receding", "within-target", "override"],
)
def test_cast_statuses_in_json(
    gjk: Any, sample: str, extra: tuple[str, ...], status: str, time: float | None
) -> None:
    ran = gjk("cast", str(CAST / sample), *extra, "--json")
    assert ran.code == 0, ran.err
    record = ran.record()
    assert (record["status"], record["agree"], record["method"]) == ("pass", True, "linear")
    assert record["cast"]["status"] == status
    assert record["cast"]["time"] == time
    assert record["cast"]["certificate_check"]["ok"] is True


def test_cast_overlapping_at_the_start(gjk: Any) -> None:
    a, b = "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))", "POLYGON ((1 1, 3 1, 3 3, 1 3, 1 1))"
    record = gjk("cast", a, b, "--translation", "1", "0", "--json").record()
    assert (record["cast"]["status"], record["cast"]["time"]) == ("overlapping", 0.0)
    assert record["exact"]["status"] == "overlapping" and record["agree"]


def test_cast_record_is_the_formats_example(gjk: Any) -> None:
    example = formats_example("### `gjk cast --json`")
    assert_subset(example, gjk("cast", str(CAST / "slide-hit.json"), "--json").record())


def test_cast_circles_with_a_target_meet_the_analytic_time(gjk: Any) -> None:
    record = gjk("cast", str(CAST / "circles-target.json"), "--json").record()
    assert record["cast"]["status"] == "hit" and record["exact"] is None
    assert record["analytic"]["status"] == "hit"
    assert record["analytic"]["time"] == pytest.approx(record["cast"]["time"], rel=1e-12)
    assert record["cast"]["target_distance"] == 0.25 and record["agree"]


def test_cast_table_reads_at_80_and_160_columns(gjk: Any) -> None:
    for columns in (80, 160):
        ran = gjk("cast", str(CAST / "slide-hit.json"), columns=columns)
        assert ran.code == 0, ran.err
        lines = ran.out.splitlines()
        assert lines[0] == "slide-hit: hit at t = 0.666666666667 (exact: 2/3)"
        assert [line for line in lines if len(line) > columns] == []
        assert [line for line in lines if line != line.rstrip()] == []
        assert "motion: B moves by (-4.5, 0)" in ran.out


def test_cast_trace_tells_each_step(gjk: Any) -> None:
    ran = gjk("cast", str(CAST / "slide-hit.json"), "--trace")
    words = ran.out[ran.out.index("Linear cast (GJK ray cast on A - B along r)") :]
    steps = re.findall(r"^Step \d+: the support point of A - B along v = ", words, re.MULTILINE)
    record = gjk("cast", str(CAST / "slide-hit.json"), "--trace", "--json").record()
    assert len(record["trace"]) == len(steps) == record["cast"]["iterations"] > 0
    assert set(record["trace"][0]) == {
        "iteration",
        "fraction",
        "point",
        "search",
        "support",
        "simplex",
        "advanced",
        "outcome",
    }


def test_a_rotating_motion_runs_the_time_of_impact(gjk: Any) -> None:
    ran = gjk("cast", str(CAST / "spinning-bar.json"), "--json", "--trace")
    assert ran.code == 0, ran.err
    record = ran.record()
    assert (record["method"], record["cast"]["status"], record["agree"]) == (
        "rotating",
        "hit",
        True,
    )
    low, high = record["cast"]["bracket"]
    assert 0.0 < record["cast"]["time"] == low <= high  # the time is the last proven apart
    assert high - low <= record["cast"]["tolerance"]
    assert low <= record["sampled"]["time"]
    assert set(record["trace"][0]) == {"iteration", "time", "gap", "advance", "outcome"}
    table = gjk("cast", str(CAST / "spinning-bar.json"), "--trace")
    assert table.out.startswith("spinning-bar: hit at t = ")
    assert "Time of impact (conservative advancement), step by step:" in table.out
    assert "A moves from (0, 0) at 0 degrees to (0, 0) at 90 degrees" in table.out


@pytest.mark.parametrize(
    ("motion", "status", "time"),
    [
        ({"b": {"from": [0, 4, 0], "to": [0, 4, 180]}}, "miss", None),
        ({"b": {"from": [0.5, 0, 0], "to": [0.5, 0, 45]}}, "overlapping", 0.0),
    ],
    ids=["miss", "overlapping"],
)
def test_rotating_statuses(
    gjk: Any, motion: dict[str, Any], status: str, time: float | None
) -> None:
    box = {"type": "rectangle", "center": [0, 0], "size": [2, 2]}
    pair = json.dumps({"a": box, "b": box, "motion": motion})
    record = gjk("cast", pair, "--json").record()
    assert (record["method"], record["cast"]["status"], record["cast"]["time"]) == (
        "rotating",
        status,
        time,
    )
    assert record["agree"] and record["sampled"]["time"] == time


def test_cast_casts_compound_shapes_pair_of_parts_by_pair(gjk: Any) -> None:
    # a small box lowered into a U between its arms meets the bottom, y = 1, at t = 0.75
    u_shape = "POLYGON ((0 0, 3 0, 3 3, 2 3, 2 1, 1 1, 1 3, 0 3, 0 0))"
    box = '{"type": "rectangle", "center": [1.5, 5], "size": [0.5, 0.5]}'
    ran = gjk("cast", u_shape, box, "--translation", "0", "-5", "--json")
    assert ran.code == 0, ran.err
    record = ran.record()
    cast = record["cast"]
    assert (cast["status"], cast["time"], cast["normal"]) == ("hit", 0.75, [0.0, 1.0])
    assert len(cast["parts"]) == 2 and len(cast["certificate"]["pairs"]) == 1
    assert record["exact"]["time"] == "3/4" and record["agree"] is True
    table = gjk("cast", u_shape, box, "--translation", "0", "-5")
    assert re.search(r"│ parts +│ A's \d, B's 0", table.out)


def test_a_rotating_touch_that_moves_apart_is_no_hit(gjk: Any) -> None:
    # the audit's pair: B on A's right side, moving off to the right while turning 10 degrees
    pair = json.dumps(
        {
            "a": {"type": "polygon", "points": [[0, 0], [2, 0], [2, 2], [0, 2]]},
            "b": {"type": "polygon", "points": [[2, 0], [3, 0], [3, 1], [2, 1]]},
            "motion": {"b": {"from": [0, 0, 0], "to": [5, 0, 10]}},
        }
    )
    ran = gjk("cast", pair, "--json")
    assert ran.code == 0, ran.err
    record = ran.record()
    cast = record["cast"]
    assert (cast["status"], cast["time"], cast["bracket"]) == ("touching-receding", None, None)
    assert cast["receding"] > 0.0 and cast["normal"] == [1.0, 0.0]
    assert record["sampled"] == {"time": None, "samples": 1000, "from": 0.001}
    assert ": touching at t = 0, moving apart: no hit" in gjk("cast", pair).out


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("samples/seed-example.json",), ("the pair has no motion", "--translation DX DY")),
        (("samples/cast/spinning-bar.json", "--target", "0.5"), ("--target 0.5", "rotates")),
        (("samples/cast/slide-hit.json", "--translation", "inf", "0"), ("--translation inf 0",)),
        (("samples/cast/slide-hit.json", "--target", "-1"), ("--target -1", "0 or more")),
        (("samples/cast/slide-hit.json", "--target", "nan"), ("--target nan", "finite")),
        (("samples/cast/slide-hit.json", "--translation", "1e151", "0"), ("reach 1e+151",)),
        (
            (
                '{"a": {"type": "polygon", "points": [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]}, '
                '"b": {"type": "circle", "center": [9, 9], "radius": 1}, '
                '"motion": {"b": {"to": [-3, 0, 45]}}}',
            ),
            ("a turning motion needs convex shapes", "compound"),
        ),
        (("samples/cast/nosuch.json",), ("nosuch.json",)),
    ],
    ids=[
        "no-motion",
        "target-rotating",
        "infinite",
        "negative-target",
        "nan-target",
        "too-far",
        "compound",
        "missing-file",
    ],
)
def test_cast_bad_input_is_one_line(
    gjk: Any, args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    one_line_error(gjk("cast", *args), *fragments)


def test_cast_refuses_a_huge_turn_naming_its_place(gjk: Any, tmp_path: Path) -> None:
    # Poses at -1e308 and 1e308 degrees: the speed of turning overflowed to infinity,
    # an internal error; 1e20 degrees was taken and stalled the time of impact.
    pair = {
        "a": {"type": "rectangle", "center": [0, 0], "size": [2, 2]},
        "b": {"type": "rectangle", "center": [5, 0], "size": [2, 2]},
        "motion": {"b": {"from": [0, 0, -1e308], "to": [0, 0, 1e308]}},
    }
    path = tmp_path / "spin.json"
    path.write_text(json.dumps(pair))
    ran = gjk("cast", str(path), "--json")
    one_line_error(ran, f"{path}: motion.b.from[2]: the angle -1e+308 degrees", "1e+06")


def test_cast_reads_the_motion_of_a_feature_collection_pair(gjk: Any, tmp_path: Path) -> None:
    # A unit square and a point at (4, 0.5) moving by (-6, 0): the point meets the
    # square's right edge x = 1 after 3 of its 6, at t = 1/2.
    collection = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]],
                },
            },
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [4, 0.5]}},
        ],
        "motion": {"b": [-6, 0]},
    }
    path = tmp_path / "pair.geojson"
    path.write_text(json.dumps(collection))
    record = gjk("cast", str(path), "--json").record()
    assert (record["cast"]["status"], record["exact"]["time"]) == ("hit", "1/2")


def test_a_disagreement_exits_1_and_says_why(gjk: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from fractions import Fraction

    from gjkcli.verify import ray_check
    from gjkcli.verify.exact_cast import ExactRay

    late = ExactRay("hit", Fraction(3), (Fraction(3), Fraction(0)))
    monkeypatch.setattr(ray_check, "exact_raycast", lambda *args: late)
    ray = ("--origin", "0", "0", "--direction", "1", "0", "--max", "5")
    ran = gjk("raycast", BOX, *ray)
    assert ran.code == 1
    assert "DISAGREE" in ran.out and "differs from the exact ray cast's 3.0" in ran.out
    record = gjk("raycast", BOX, *ray, "--json").record()
    assert (record["status"], record["agree"]) == ("fail", False)
    assert record["reasons"] == record["disagreements"] != []


def test_the_installed_command_casts_a_pair(tmp_path: Path) -> None:
    ran = run_gjk("cast", "samples/cast/slide-hit.json", "--json")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["exact"]["time"] == "2/3"


def test_plot_draws_the_ray_and_the_cast(gjk: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    ray, cast = tmp_path / "ray.svg", tmp_path / "cast.svg"
    ran = gjk(
        "raycast",
        BOX,
        "--origin",
        "0",
        "0",
        "--direction",
        "1",
        "0.2",
        "--max",
        "5",
        "--plot",
        str(ray),
    )
    assert (ran.code, ran.err) == (0, f"gjk: wrote {ray}\n")
    assert ray.read_text().startswith("<?xml")
    ran = gjk("cast", str(CAST / "spinning-bar.json"), "--plot", str(cast), "--json")
    assert (ran.code, ran.err) == (0, f"gjk: wrote {cast}\n")
    assert ran.record()["method"] == "rotating" and cast.read_text().startswith("<?xml")
    unwritable = tmp_path / "no" / "such" / "folder" / "cast.svg"
    one_line_error(
        gjk("cast", str(CAST / "slide-hit.json"), "--plot", str(unwritable)), "cannot write"
    )


@pytest.mark.parametrize(
    "command",
    [
        "gjk cast samples/cast/slide-hit.json",
        "gjk cast samples/cast/spinning-bar.json | head -1",
        'gjk raycast \'{"type": "circle", "center": [4, 0.5], "radius": 1}\' \\\n'
        "    --origin 0 0 --direction 1 0 --max 5",
    ],
    ids=["cast", "rotating", "raycast"],
)
def test_the_readme_shows_what_the_commands_print(gjk: Any, command: str) -> None:
    readme = (ROOT / "README.md").read_text()
    start = readme.index(f"$ {command}\n") + len(f"$ {command}\n")
    shown = readme[start : readme.index("\n```", start)]
    words = shlex.split(command.split(" | ", maxsplit=1)[0].replace("\\\n", ""))[1:]
    ran = gjk(*words)
    printed = ran.out.splitlines()[:1] if "| head -1" in command else ran.out.splitlines()
    assert shown.splitlines() == printed


def test_gjk_check_says_it_leaves_a_motion_aside(gjk: Any) -> None:
    ran = gjk("check", str(CAST / "slide-hit.json"), "--json")
    assert ran.code == 0, ran.err
    assert ran.err == (
        "gjk: note: slide-hit: gjk check leaves the motion aside and checks the shapes as "
        "written; gjk cast casts it\n"
    )
    assert json.loads(ran.out)["verdict"] == "separated"
    still = gjk("check", str(ROOT / "samples" / "seed-example.json"), "--json")
    assert still.err == ""
