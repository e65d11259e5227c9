"""The cast families: well-formed, reproducible, loadable, and their hand-derived answers
true, as the exact and closed-form referees (and, for spinning shapes, the distance
query along the motion) confirm."""

from __future__ import annotations

import json
import math
from collections import Counter

from gjkcli.algorithms.answer import solve
from gjkcli.algorithms.poses import posed
from gjkcli.corpus import DEFAULT_FAMILIES, FAMILIES, generate
from gjkcli.corpus.casts import CAST_FAMILIES
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.pair import CAST_STATUSES, CastExpect, Pair
from gjkcli.shapes.base import ConvexShape
from gjkcli.shapes.compound import Compound, Shape
from gjkcli.verify.check import check_pairs
from gjkcli.verify.exact_cast import analytic_cast, exact_cast
from tests.helpers import run_gjk

CASTS = list(CAST_FAMILIES)


def _pairs(count: int, seed: int) -> list[Pair]:
    return [
        pair_from_node(Node(record, "corpus"), record["name"])
        for record in generate(count, seed, CASTS)
    ]


def _convex(shape: Shape) -> ConvexShape:
    assert not isinstance(shape, Compound)  # the cast families have convex shapes only
    return shape


def test_cast_families_are_named_on_purpose_and_reproducible() -> None:
    assert set(CASTS) <= set(FAMILIES)
    assert not set(CASTS) & set(DEFAULT_FAMILIES)
    first = list(generate(5 * len(CASTS), 4, CASTS))
    assert first == list(generate(5 * len(CASTS), 4, CASTS))
    assert first != list(generate(5 * len(CASTS), 5, CASTS))
    assert Counter(pair["name"].split("/")[0] for pair in first) == dict.fromkeys(CASTS, 5)


def test_every_cast_pair_is_well_formed_json_with_a_motion_and_a_cast_answer() -> None:
    for record in generate(20 * len(CASTS), 6, CASTS):
        assert json.loads(json.dumps(record, allow_nan=False)) == record
        assert {"a", "b", "motion", "expect"} <= record.keys(), record["name"]
        cast = record["expect"].get("cast")
        if cast is None:  # only a spinning bar grazing a corner states none (see casts.py)
            assert record["name"].startswith("cast-rotating/"), record
            continue
        assert cast["status"] in CAST_STATUSES
        assert cast.get("time") is None or 0.0 <= cast["time"] <= 1.0
        if record["name"].startswith("cast-peers/"):
            assert record["source"].startswith("https://github.com/"), record


def test_static_expectations_hold_for_the_shapes_as_written() -> None:
    for check in check_pairs(_pairs(12 * len(CASTS), 2026)):
        assert check.agree, (check.pair.name, check.disagreements)
        assert check.expect is not None and check.expect.ok, (
            check.pair.name,
            check.expect and check.expect.failures,
        )


def test_linear_answers_match_the_exact_and_closed_form_referees() -> None:
    """The answers are derived by hand; the rational arbiter (polygons) and the closed
    form (circles) must give the same status and time (rounded once)."""
    judged: Counter[str] = Counter()
    for pair in _pairs(30 * len(CASTS), 7):
        motion, expect = pair.motion, pair.expect
        assert motion is not None and expect is not None
        if motion.a.rotates or motion.b.rotates:
            continue
        stated = expect.cast
        assert stated is not None
        a, b = (
            posed(_convex(pair.a.shape), motion.a.start),
            posed(_convex(pair.b.shape), motion.b.start),
        )
        exact = exact_cast(a, b, motion.a.translation, motion.b.translation)
        if exact is not None:
            status, time = exact.status, None if exact.time is None else float(exact.time)
            judged["exact"] += 1
        else:
            closed = analytic_cast(a, b, motion.a.translation, motion.b.translation)
            assert closed is not None, pair.name
            status, time = closed.status, closed.time
            judged["closed form"] += 1
        assert status == stated.status, (pair.name, status, stated)
        if stated.time is not None:
            assert time is not None and math.isclose(time, stated.time, rel_tol=1e-15), pair.name
    assert judged["exact"] > 100 and judged["closed form"] > 5


def test_spinning_bar_answers_hold_along_the_motion() -> None:
    """Sampled along its motion, the bar stays apart from the box before the stated time
    (and by 1/2 throughout a stated miss); the bar that cuts into the box overlaps it
    just after."""
    for record in generate(24, 8, ["cast-rotating"]):
        pair = pair_from_node(Node(record, "corpus"), record["name"])
        assert pair.motion is not None and pair.expect is not None
        theta = record["motion"]["a"]["to"][2]  # a graze states no cast; it touches then
        stated = pair.expect.cast or CastExpect("hit", math.degrees(math.atan2(4, 3)) / theta)

        def gap(t: float, pair: Pair = pair) -> float:
            motion = pair.motion
            assert motion is not None
            a = posed(_convex(pair.a.shape), motion.a.at(t))
            return solve(a, posed(_convex(pair.b.shape), motion.b.at(t))).gjk.distance

        end = 1.0 if stated.time is None else stated.time
        samples = [end * k / 64 for k in range(64)]
        least = 0.5 - 1e-9 if stated.status == "miss" else 0.0
        assert all(gap(t) > least for t in samples), record["name"]
        if stated.time is not None:  # the tip reaches the box then (rounded rotations aside)
            assert gap(stated.time) < 1e-12 * 40, record["name"]


def test_gjk_generate_writes_the_cast_families() -> None:
    chosen = [option for family in CASTS for option in ("--family", family)]
    result = run_gjk("generate", "-", "--count", str(2 * len(CASTS)), "--seed", "1", *chosen)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines == list(generate(2 * len(CASTS), 1, CASTS))
