"""Every key of ``expect`` (issue 16, part 3), judged against analytic answers: each one
passes where the stated value is right (or valid), and fails, naming the key, where
it is wrong."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]

from gjkcli.config import ConfigError, _may_hold_table, find_table
from gjkcli.pair import Expect, Pair, ShapeInput
from gjkcli.shapes import circle
from gjkcli.shapes import convex_polygon as polygon
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Shape, union_of
from gjkcli.verify.check import check_pair
from gjkcli.verify.expect import PRECISIONS, ExpectSettings

SQUARE = polygon([(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])


def box(x0: float, y0: float, x1: float, y1: float) -> Shape:
    return polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def failures(
    b: Shape, expect: Expect, settings: ExpectSettings | None = None, a: Shape = SQUARE
) -> list[str]:
    pair = Pair(ShapeInput(a, "polygon"), ShapeInput(b, "polygon"), "p", expect)
    check = check_pair(pair, settings=settings or ExpectSettings())
    assert check.agree  # the reference itself is sound
    assert check.expect is not None
    return [failure.split(":")[0] for failure in check.expect.failures]


APART = box(3.0, 0.0, 5.0, 2.0)  # parallel edges 1 apart: closest points are not unique


def test_closest_points_are_judged_by_validity() -> None:
    for y in (0.0, 0.5, 2.0):  # anywhere along the parallel edges
        assert failures(APART, Expect(distance=1.0, closest=((2.0, y), (3.0, y)))) == []
    assert failures(APART, Expect(closest=((2.0, 0.5), (3.0, 1.5)))) == ["expect.closest"]
    assert failures(APART, Expect(closest=((2.5, 0.5), (3.0, 0.5)))) == ["expect.closest"]
    assert failures(APART, Expect(distance=1.5)) == ["expect.distance"]


TOUCHING = box(2.0, 0.0, 4.0, 2.0)  # a shared edge: touching, proven exactly


def test_a_missed_touching_contact_fails_and_a_claimed_one_passes() -> None:
    assert failures(TOUCHING, Expect(intersects=True, verdict="touching", depth=0.0)) == []
    assert failures(TOUCHING, Expect(verdict="overlapping")) == []  # contact, within tolerance
    assert failures(TOUCHING, Expect(intersects=False, verdict="separated")) == [
        "expect.intersects",
        "expect.verdict",
    ]


def test_touching_accepts_either_side_within_the_tolerance() -> None:
    gap = box(2.0 + 1e-12, 0.0, 4.0, 2.0)
    assert failures(gap, Expect(verdict="touching", intersects=True)) == []
    assert failures(gap, Expect(verdict="separated", intersects=False, distance=1e-12)) == []
    loose = ExpectSettings(rtol=0.0, atol=1e-13)  # a tolerance below the gap
    assert failures(gap, Expect(verdict="touching"), loose) == ["expect.verdict"]
    assert failures(box(1.0, 0.0, 4.0, 2.0), Expect(verdict="touching")) == ["expect.verdict"]


def test_without_a_proof_touching_leaves_the_side_open() -> None:
    a, b = circle((0.0, 0.0), 1.0), circle((2.0, 0.0), 1.0)  # touching, within the band
    for verdict in ("separated", "touching", "overlapping"):
        pair = Pair(ShapeInput(a, "circle"), ShapeInput(b, "circle"), "p", Expect(verdict=verdict))
        check = check_pair(pair)
        assert check.ruling.source == "touching-band"
        assert check.expect is not None and check.expect.ok


OVERLAP = box(1.5, 0.0, 3.5, 2.0)  # overlaps SQUARE by 0.5 along x


def test_depth_normal_and_contact() -> None:
    good = Expect(depth=0.5, normal=(1.0, 0.0), contact=((2.0, 1.0), (1.5, 1.0)))
    assert failures(OVERLAP, good) == []
    assert failures(OVERLAP, Expect(depth=0.4)) == ["expect.depth"]
    assert failures(OVERLAP, Expect(normal=(-1.0, 0.0))) == ["expect.normal"]
    assert failures(OVERLAP, Expect(normal=(0.0, 1.0))) == ["expect.normal"]
    flipped = ExpectSettings(normal_sign=-1)
    assert failures(OVERLAP, Expect(normal=(-3.0, 0.0)), flipped) == []  # any length
    pair = Pair(ShapeInput(SQUARE, "p"), ShapeInput(OVERLAP, "p"), "p", Expect(normal=(1.0, 0.0)))
    outcome = check_pair(pair, settings=flipped).expect
    assert outcome is not None  # both normals in the engine's own convention
    assert outcome.failures[0].startswith("expect.normal: expected [1, 0], reference [-1, 0] (")
    off_b = ((2.0, 1.0), (1.0, 1.0))  # B's point is 0.5 outside B
    assert failures(OVERLAP, Expect(contact=off_b)) == ["expect.contact"]
    slanted = ((2.0, 1.0), (1.5, 0.5))  # on both shapes, but not a move that clears A
    assert failures(OVERLAP, Expect(contact=slanted)) == ["expect.contact"]


def test_two_normals_that_tie_both_pass() -> None:
    corner = box(1.5, 1.5, 3.5, 3.5)  # depth 0.5 along x and along y
    for normal in ((1.0, 0.0), (0.0, 1.0)):
        assert failures(corner, Expect(depth=0.5, normal=normal)) == []
    assert failures(corner, Expect(normal=(1.0, 1.0))) == ["expect.normal"]  # needs 1 / sqrt 2


def test_a_zero_normal_is_right_only_where_the_shapes_touch() -> None:
    assert failures(TOUCHING, Expect(normal=(0.0, 0.0))) == []
    assert failures(OVERLAP, Expect(normal=(0.0, 0.0))) == ["expect.normal"]
    assert failures(APART, Expect(normal=(0.0, 0.0))) == ["expect.normal"]


def test_a_normal_for_shapes_all_but_touching_is_judged_by_their_projections() -> None:
    # gjkcli's own direction between closest points 1e-11 apart turns with their rounding
    a = polygon([(1.5, -0.75), (-0.25, -0.75), (-1.0, -1.25)])
    b = polygon([(1.25, -0.75 + 2.0**-35), (1.5, 1.5), (-0.25, 1.25)])
    assert failures(b, Expect(normal=(0.0, 1.0)), a=a) == []
    assert failures(b, Expect(normal=(1e-3, 1.0)), a=a) == ["expect.normal"]


def test_separated_shapes_have_depth_zero_and_no_contact() -> None:
    assert failures(APART, Expect(depth=0.0, normal=(1.0, 0.0))) == []
    assert failures(APART, Expect(depth=0.25)) == ["expect.depth"]
    assert failures(APART, Expect(contact=((2.0, 0.0), (3.0, 0.0)))) == ["expect.contact"]
    assert failures(APART, Expect(normal=(0.0, 1.0))) == ["expect.normal"]


def test_compound_shapes_have_no_depth() -> None:
    compound = union_of([box(0.0, 0.0, 1.0, 1.0), box(1.0, 0.0, 2.0, 3.0)])
    assert failures(box(0.5, 0.5, 1.5, 1.5), Expect(depth=0.5), a=compound) == ["expect.depth"]


ELL = union_of([box(0.0, 0.0, 4.0, 1.0), box(0.0, 1.0, 1.0, 4.0)])  # an L: arms along x and y


def unjudged(b: Shape, expect: Expect) -> tuple[str, ...]:
    pair = Pair(ShapeInput(ELL, "compound"), ShapeInput(b, "polygon"), "p", expect)
    check = check_pair(pair)
    assert check.expect is not None
    return check.expect.unjudged


def test_compound_shapes_apart_take_any_closest_direction() -> None:
    corner = box(2.0, 2.0, 3.0, 3.0)  # 1 from both arms: two closest directions
    for normal in ((1.0, 0.0), (0.0, 1.0)):
        assert failures(corner, Expect(distance=1.0, normal=normal), a=ELL) == []
    assert failures(corner, Expect(normal=(1.0, 1.0)), a=ELL) == ["expect.normal"]
    assert failures(corner, Expect(closest=((2.0, 1.0), (2.0, 2.0))), a=ELL) == []


def test_compound_shapes_that_touch_have_depth_zero() -> None:
    on_arm = box(2.0, 1.0, 3.0, 3.0)  # resting on the bottom arm
    assert failures(on_arm, Expect(verdict="touching", depth=0.0), a=ELL) == []
    assert failures(on_arm, Expect(depth=0.5), a=ELL) == ["expect.depth"]


def test_normals_of_shapes_apart_are_judged_by_angle_to_the_first_order() -> None:
    apart = polygon([(3.0, -1.0), (4.0, 0.0), (3.0, 1.0), (2.0, 0.0)])  # vertex to vertex
    diamond = polygon([(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)])
    assert failures(apart, Expect(normal=(1.0, 0.0)), a=diamond) == []
    assert failures(apart, Expect(normal=(1.0, 1e-4)), a=diamond) == ["expect.normal"]
    notch = box(2.0, 2.0, 3.0, 3.0)
    assert failures(notch, Expect(normal=(1.0, 1e-4)), a=ELL) == ["expect.normal"]
    assert failures(notch, Expect(normal=(1e-4, 1.0)), a=ELL) == ["expect.normal"]


def test_compound_shapes_overlapping_within_the_tolerance_are_not_judged_touching() -> None:
    shallow = box(2.0, 1.0 - 1e-12, 3.0, 3.0)  # into the bottom arm by 1e-12
    stated = Expect(verdict="touching", normal=(0.0, 0.0))
    assert unjudged(shallow, stated) == ("expect.verdict", "expect.normal")


def test_compound_shapes_that_overlap_are_never_touching() -> None:
    inside = box(2.0, 0.25, 3.0, 0.75)  # inside the bottom arm
    stated = Expect(verdict="touching", intersects=True)
    assert failures(inside, stated, a=ELL) == ["expect.verdict"]
    assert failures(inside, Expect(normal=(0.0, 0.0)), a=ELL) == ["expect.normal"]
    assert unjudged(inside, Expect(depth=0.25, normal=(0.0, 1.0))) == (
        "expect.depth",
        "expect.normal",
    )
    assert unjudged(inside, Expect(verdict="touching", depth=0.25)) == ("expect.depth",)


def test_single_precision_answers_pass_only_with_the_preset() -> None:
    stated = Expect(distance=1.0000001, closest=((2.0, 1.0000001), (3.0000001, 1.0)))
    assert failures(APART, stated) == ["expect.distance", "expect.closest"]
    assert failures(APART, stated, PRECISIONS["single"]) == []
    normal: Vec = (1.0, 1e-4)  # 1e-4 radians off
    assert failures(APART, Expect(normal=normal)) == ["expect.normal"]
    assert failures(APART, Expect(normal=normal), PRECISIONS["single"]) == []


def test_per_pair_tolerance_wins() -> None:
    assert failures(APART, Expect(distance=1.25, tolerance=0.5)) == []


GJK = [sys.executable, "-m", "gjkcli"]
PAIR = '{"a": {"type": "circle", "center": [0, 0], "radius": 1}, '
PAIR += '"b": {"type": "point", "at": [3, 0]}, "expect": {"distance": 2.0000001}}'


def gjk_check(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GJK, "check", "pair.json", "--json", *options],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )


def test_pyproject_table_sets_the_defaults_and_options_win(tmp_path: Path) -> None:
    (tmp_path / "pair.json").write_text(PAIR)
    assert gjk_check(tmp_path).returncode == 1  # double precision: 1e-7 off fails
    (tmp_path / "pyproject.toml").write_text('[tool.gjkcli]\nprecision = "single"\n')
    nested = tmp_path / "deeper" / "still"
    nested.mkdir(parents=True)
    (nested / "pair.json").write_text(PAIR)
    assert gjk_check(nested).returncode == 0  # found from a folder below
    assert gjk_check(nested, "--precision", "double").returncode == 1
    assert gjk_check(nested, "--rtol", "0", "--atol", "0").returncode == 1


def test_a_precision_option_sets_the_tolerances_afresh(tmp_path: Path) -> None:
    (tmp_path / "pair.json").write_text(PAIR)
    (tmp_path / "pyproject.toml").write_text("[tool]\nother = 1\n[tool.gjkcli]\nrtol = 1e-3\n")
    assert gjk_check(tmp_path).returncode == 0  # the table's rtol: 1e-7 off passes
    assert gjk_check(tmp_path, "--precision", "double").returncode == 1  # not the table's
    (tmp_path / "pyproject.toml").write_text("tool = 1\n")  # no table there: no problem
    assert gjk_check(tmp_path).returncode == 1
    bad = gjk_check(tmp_path, "--angle", "inf")
    assert bad.returncode == 2 and "pyproject.toml" not in bad.stderr


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ("precision = 'half'", "precision must be one of double, single, got 'half'"),
        ("rtol = -1", "rtol must be a finite number >= 0, got -1"),
        ("tolerance = 1", "unknown key 'tolerance'"),
        ("normal-convention = 'up'", "normal-convention must be one of a-to-b, b-to-a"),
    ],
)
def test_a_bad_table_is_a_usage_error_naming_the_file(
    tmp_path: Path, table: str, words: str
) -> None:
    (tmp_path / "pair.json").write_text(PAIR)
    (tmp_path / "pyproject.toml").write_text(f"[tool.gjkcli]\n{table}\n")
    result = gjk_check(tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "pyproject.toml" in result.stderr and words in result.stderr


@pytest.mark.parametrize(
    "document",
    [
        "[tool.gjkcli]\nrtol = 1e-3\n",
        "[ tool . 'gjkcli' ]\nrtol = 1e-3\n",
        '["tool"."gjkcli"]\nrtol = 1e-3\n',
        "tool.gjkcli.rtol = 1e-3\n",
        "tool = { gjkcli = { rtol = 1e-3 } }\n",
        "[tool]\nother = 1\ngjkcli = { rtol = 1e-3 }\n",
        "[tool]\ngjkcli.rtol = 1e-3\n",
        '"t\\u006fol".gjkcli.rtol = 1e-3\n',
    ],
)
def test_the_table_is_found_however_toml_writes_it(tmp_path: Path, document: str) -> None:
    # A pyproject.toml is parsed only where a [tool.gjkcli] table may be written in it: each
    # way of writing one is found (the parser agrees it is the table), and a file that only
    # names gjkcli, as a dependency, is passed over.
    assert tomllib.loads(document)["tool"]["gjkcli"] == {"rtol": 1e-3}
    (tmp_path / "pyproject.toml").write_text(document)
    assert find_table(tmp_path) == (tmp_path / "pyproject.toml", {"rtol": 1e-3})
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "mine"\ndependencies = ["gjkcli>=0.1"]\n'
        '[tool.setuptools.package-data]\ngjkcli = ["py.typed"]\n'
    )
    assert not _may_hold_table((tmp_path / "pyproject.toml").read_text())
    assert find_table(tmp_path) is None


def test_a_table_spelled_with_a_toml_1_1_escape_may_be_there() -> None:
    # TOML 1.1 (tomli 2.3 and later, which Python 3.10 installs) reads "\x74ool" as "tool":
    # such a file is parsed rather than passed over, whatever the parser here reads.
    assert _may_hold_table('["\\x74ool".gjkcli]\nrtol = 1e-3\n')
    assert _may_hold_table("[tool.'gjkc\\x6ci']\nrtol = 1e-3\n")


def test_a_pyproject_starting_with_a_byte_order_mark_is_still_read(tmp_path: Path) -> None:
    # The parser refuses the mark: a [tool] table on the first line is a usage error naming
    # the file, as for any file it cannot read, and not a table passed over in silence.
    (tmp_path / "pyproject.toml").write_text("\ufeff[tool]\ngjkcli = { rtol = 1e-3 }\n")
    with pytest.raises(ConfigError, match=r"pyproject\.toml: cannot read it"):
        find_table(tmp_path)


def test_invalid_toml_is_an_error_only_where_the_table_may_be(tmp_path: Path) -> None:
    # FORMATS section 2: a file that may hold the table must parse; one that cannot hold it
    # is passed over unread, so a broken pyproject.toml of another tool's stops nothing.
    inner, outer = tmp_path / "project", tmp_path
    inner.mkdir()
    (outer / "pyproject.toml").write_text("[tool.gjkcli]\nrtol = 1e-3\n")
    (inner / "pyproject.toml").write_text('[project]\nname = "x\n')  # an unclosed string
    assert find_table(inner) == (outer / "pyproject.toml", {"rtol": 1e-3})
    (inner / "pyproject.toml").write_text('[tool.gjkcli]\nrtol = "x\n')
    with pytest.raises(ConfigError, match=r"project/pyproject\.toml: cannot read it"):
        find_table(inner)
