"""EPA told step by step: the records follow the loop, tell the depth, and match the words.

Each step's polygon is the last one with the new corner put between the ends of the edge
it split; the edge is the polygon's nearest to the origin; the last step's outcome is the
penetration's status and gives its depth. Recording changes no answer.
"""

from __future__ import annotations

import itertools
import json
import math
import random

import jsonschema
import pytest
from rich.console import Console

from gjkcli.algorithms.epa import EpaStep, penetration, reference_penetration
from gjkcli.io import load_pair
from gjkcli.render.json_record import check_record
from gjkcli.render.narration import epa_step_lines
from gjkcli.render.trace import trace_text
from gjkcli.shapes import ConvexShape, convex_polygon, ellipse, rectangle
from gjkcli.shapes.base import Vec
from gjkcli.verify.check import check_pair
from tests.helpers import ROOT, SAMPLES, run_gjk

SCHEMA = json.loads((ROOT / "docs" / "trace.schema.json").read_text())

OVERLAPPING = [
    "seed-example.json",
    "polygon/overlapping.json",
    "ellipse/overlapping.json",
    "capsule/overlapping.json",
    "rectangle/overlapping.json",
]


def _edge_height(start: Vec, end: Vec) -> float:
    """The distance of the line through a counter-clockwise polygon's edge, outwards."""
    ex, ey = end[0] - start[0], end[1] - start[1]
    length = math.hypot(ex, ey)
    return (ey * start[0] - ex * start[1]) / length


def _follows_the_loop(steps: list[EpaStep]) -> None:
    for step in steps:
        corners = list(step.polygon)
        edges = list(zip(corners, corners[1:] + corners[:1], strict=True))
        assert step.edge in edges
        heights = [_edge_height(s, e) for s, e in edges if s != e]
        assert all(h >= -1e-9 * max(1.0, abs(step.height)) for h in heights)  # holds the origin
        assert step.height == pytest.approx(min(heights), rel=1e-12, abs=1e-300)
        assert step.reach == pytest.approx(
            step.normal[0] * step.support.w[0] + step.normal[1] * step.support.w[1], rel=1e-15
        )
    for before, after in itertools.pairwise(steps):
        assert before.outcome == "added"
        corners = list(before.polygon)
        at = corners.index(before.edge[0]) + 1
        assert list(after.polygon) == [*corners[:at], before.support.w, *corners[at:]]
    assert steps[-1].outcome != "added"


@pytest.mark.parametrize("sample", OVERLAPPING)
def test_the_steps_follow_the_loop_and_end_at_the_depth(sample: str) -> None:
    check = check_pair(load_pair(str(SAMPLES / sample)), trace=True)
    overlap = check.answer.penetration
    assert overlap is not None
    steps = list(check.answer.epa_trace)
    assert len(steps) == overlap.iterations >= 1
    _follows_the_loop(steps)
    last = steps[-1]
    assert last.outcome == overlap.status
    core_depth = last.height if last.outcome == "duplicate-support" else last.reach
    assert core_depth + sum(check.answer.gjk.radii) == overlap.depth
    record = json.loads(json.dumps(check_record(check, "both")))
    jsonschema.validate(record["trace"], SCHEMA)
    epa = record["trace"]["epa"]
    assert [step["outcome"] for step in epa] == [step.outcome for step in steps]
    assert epa[-1]["support"] == list(last.support.w)  # every digit
    assert epa[0]["polygon"] == [list(p) for p in steps[0].polygon]


def test_the_seed_example_has_one_step_on_the_edge_nearest_the_origin() -> None:
    check = check_pair(load_pair(str(SAMPLES / "seed-example.json")), trace=True)
    (step,) = check.answer.epa_trace
    assert set(step.polygon) == {(2.0, -2.0), (0.0, 2.0), (-2.0, -2.0)}
    assert step.edge == ((2.0, -2.0), (0.0, 2.0))
    assert step.height == pytest.approx(2.0 / math.sqrt(5.0), rel=1e-15)
    assert (step.support.a, step.support.b) == ((0.0, 1.0), (0.0, -1.0))
    assert step.outcome == "duplicate-support"


def _random_polygon(rng: random.Random, center: Vec, radius: float) -> ConvexShape:
    count = rng.randint(3, 9)
    angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(count))
    ring = [(center[0] + radius * math.cos(t), center[1] + radius * math.sin(t)) for t in angles]
    return convex_polygon(ring)


def test_recording_changes_no_answer_on_random_overlapping_pairs() -> None:
    rng = random.Random(19)
    recorded = 0
    for _ in range(400):
        a = _random_polygon(rng, (0.0, 0.0), rng.uniform(0.5, 2.0))
        b: ConvexShape = (
            _random_polygon(rng, (rng.uniform(-2, 2), rng.uniform(-2, 2)), rng.uniform(0.5, 2.0))
            if rng.random() < 0.7
            else ellipse((rng.uniform(-2, 2), rng.uniform(-2, 2)), (1.5, 0.5), rng.uniform(0, 180))
        )
        steps: list[EpaStep] = []
        traced = reference_penetration(a, b, recorder=steps)
        assert traced == penetration(a, b)
        if traced is not None and steps:
            _follows_the_loop(steps)
            recorded += 1
    assert recorded > 100


def test_the_words_say_how_each_step_ends() -> None:
    steps: list[EpaStep] = []
    reference_penetration(
        rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((3.0, 0.5), (4.0, 2.0)), recorder=steps
    )
    added = epa_step_lines(steps[0])
    assert added[-1].startswith("w lies 3.88057 beyond the edge")
    assert "it becomes a corner between (-7, 1.5) and (1, -0.5)" in added[-1]
    cored = epa_step_lines(steps[-1], cores=True)
    assert cored[0].startswith("polygon inside A's core - B's core: 5 corners")


@pytest.mark.parametrize("query", ["both", "boolean", "distance"])
def test_the_terminal_trace_ends_with_epa_and_the_depth(query: str) -> None:
    check = check_pair(load_pair(str(SAMPLES / "capsule" / "overlapping.json")), trace=True)
    console = Console(width=200, record=True)
    console.print(trace_text(query, check.answer))  # type: ignore[arg-type]
    text = console.export_text()
    assert "EPA (how deeply do they overlap?): 1 step" in text
    assert "inside the cores' A - B" in text
    assert text.rstrip().endswith("leaves the shapes just touching.")
    assert "Depth = 1.41421 + 2 (the radii) = 3.41421" in text


def test_the_trace_says_why_epa_had_no_loop_to_run() -> None:
    check = check_pair(load_pair(str(SAMPLES / "circle" / "overlapping.json")), trace=True)
    assert check.answer.epa_trace == ()
    console = Console(width=200, record=True)
    console.print(trace_text("both", check.answer))
    text = console.export_text()
    assert "EPA (how deeply do they overlap?): 0 steps" in text
    assert "The cores are apart, so EPA has no loop to run" in text
    separated = check_pair(load_pair(str(SAMPLES / "circle" / "separated.json")), trace=True)
    console = Console(width=200, record=True)
    console.print(trace_text("both", separated.answer))
    assert "EPA" not in console.export_text()


def test_direction_sets_the_first_search_direction_of_both_runs() -> None:
    run = run_gjk(
        "check", str(SAMPLES / "seed-example.json"), "--trace", "--json", "--direction", "1", "0"
    )
    assert run.returncode == 0, run.stderr
    trace = json.loads(run.stdout)["trace"]
    assert trace["boolean"][0]["direction"] == [1.0, 0.0]
    assert trace["distance"][0]["direction"] == [1.0, 0.0]
    assert trace["boolean"][0]["support"] == [2.0, -2.0]
    upward = run_gjk(
        "check", str(SAMPLES / "seed-example.json"), "--trace", "--json", "--direction", "0", "1"
    )
    assert json.loads(upward.stdout)["trace"]["distance"][0]["direction"] == [0.0, 1.0]


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (
            ["0", "0"],
            "--direction 0 0: the first search direction must be a finite, non-zero vector",
        ),
        (["1", "nan"], "--direction 1 nan: the first search direction must be a finite"),
        (["1", "inf"], "--direction 1 inf: the first search direction must be a finite"),
        (["1"], "option '--direction' requires 2 arguments"),
        (["1", "up"], "--direction: expected a number"),
    ],
)
def test_a_bad_direction_is_a_one_line_usage_error(given: list[str], message: str) -> None:
    run = run_gjk("check", str(SAMPLES / "seed-example.json"), "--direction", *given)
    assert run.returncode == 2
    assert message in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert "Traceback" not in run.stderr


def test_any_first_direction_gives_the_same_verdicts_on_random_pairs() -> None:
    """GJK is right from any first direction: the verdicts and distances of the default runs
    and of runs from a random direction agree (the referees check both)."""
    from gjkcli.algorithms.answer import solve

    rng = random.Random(7)
    for _ in range(300):
        a = _random_polygon(rng, (0.0, 0.0), rng.uniform(0.5, 2.0))
        b = _random_polygon(rng, (rng.uniform(-4, 4), rng.uniform(-4, 4)), rng.uniform(0.5, 2.0))
        angle = rng.uniform(0.0, 2.0 * math.pi)
        turned = solve(a, b, direction=(math.cos(angle), math.sin(angle)))
        usual = solve(a, b)
        assert turned.verdict == usual.verdict
        assert turned.boolean.intersects == usual.boolean.intersects
        assert turned.gjk.distance == pytest.approx(usual.gjk.distance, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize(
    "first",
    [(1e308, 1e308), (-1e308, 0.0), (5e-324, 5e-324), (1e-310, 0.0), (0.0, -1e-320)],
)
def test_a_direction_of_any_finite_length_gives_the_usual_answer(first: Vec) -> None:
    """A direction's length means nothing: one near the largest float (whose support points
    overflow to NaN) or of subnormal length (whose rounding moves a curve's support point
    off the curve) must still give the verdict, the depth and a certificate that holds."""
    for name in ("ellipse/overlapping.json", "circle/overlapping.json", "capsule/overlapping.json"):
        pair = load_pair(str(SAMPLES / name))
        usual = check_pair(pair)
        turned = check_pair(pair, trace=True, direction=first)
        assert turned.ok, (name, first)
        assert turned.answer.verdict == usual.answer.verdict
        assert turned.answer.penetration is not None and usual.answer.penetration is not None
        assert turned.answer.penetration.depth == pytest.approx(
            usual.answer.penetration.depth, rel=1e-9
        )


def test_an_a_minus_b_with_no_interior_is_told_without_cores_for_shapes_without_radii() -> None:
    """Two points at one place: EPA runs no loop, and the words name no cores (the shapes
    have none); rounded shapes with collinear cores do say the cores' depth is 0."""
    check = check_pair(load_pair(str(SAMPLES / "point" / "touching.json")), trace=True)
    console = Console(width=200, record=True)
    console.print(trace_text("both", check.answer))
    text = console.export_text()
    assert "A - B has no interior (points on one line), so EPA has no loop to run: " in text
    assert "the depth is 0." in text
    assert "cores" not in text
    from gjkcli.algorithms.answer import solve
    from gjkcli.render.narration import epa_notes
    from gjkcli.shapes import capsule

    rounded = solve(capsule((0.0, 0.0), (2.0, 0.0), 0.5), capsule((1.0, 0.0), (3.0, 0.0), 0.5))
    assert "the cores' depth is 0" in epa_notes(rounded)[0]
