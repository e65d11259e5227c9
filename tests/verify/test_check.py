"""The verdict of a check: agreement with Shapely, with the boolean query, and with ``expect``."""

from __future__ import annotations

import dataclasses

import pytest

from gjkcli.algorithms import answer as answer_module
from gjkcli.algorithms.distance import DistanceResult, distance
from gjkcli.algorithms.epa import Penetration, penetration
from gjkcli.algorithms.intersect import intersects
from gjkcli.pair import Expect, Pair, ShapeInput
from gjkcli.shapes import circle, ellipse, rectangle
from gjkcli.shapes.base import ConvexShape
from gjkcli.verify.check import check_pair


def make_pair(a: ConvexShape, b: ConvexShape, expect: Expect | None = None) -> Pair:
    return Pair(ShapeInput(a, "a"), ShapeInput(b, "b"), "test", expect)


def test_agreeing_pair() -> None:
    result = check_pair(make_pair(rectangle((0.0, 0.0), (2.0, 2.0)), circle((4.0, 0.0), 1.0)))
    assert result.agree and result.ok
    assert result.disagreements == ()
    assert result.tolerance > 0.0


def test_curved_shapes_widen_the_tolerance_by_the_approximation_error() -> None:
    result = check_pair(make_pair(ellipse((0.0, 0.0), (3.0, 1.0), 20.0), circle((5.0, 3.0), 1.0)))
    assert result.shapely.approximation_error > 0.0
    assert result.tolerance >= result.shapely.approximation_error
    assert result.agree


def nudge_distance(monkeypatch: pytest.MonkeyPatch, by: float) -> None:
    """Make GJK's distance wrong by ``by``, as a bug would."""
    real = distance

    def off(
        a: ConvexShape, b: ConvexShape, recorder: object = None, direction: object = None
    ) -> DistanceResult:
        result = real(a, b)
        return dataclasses.replace(
            result, distance=result.distance + by, raw_distance=result.raw_distance + by
        )

    monkeypatch.setattr(answer_module, "distance", off)


def test_a_wrong_distance_on_polygons_is_caught_by_the_exact_arbiter_and_the_certificate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nudge_distance(monkeypatch, 1e-6)
    result = check_pair(
        make_pair(rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((5.0, 0.0), (2.0, 2.0)))
    )
    assert not result.agree and not result.ok
    assert result.disagreements == (
        "certificate fails: upper bound 3.0000000000000093 is below the distance "
        "3.0000010000000001",
        "distance: GJK 3.000001, exact 3 (distance^2 = 9)",
    )


def test_a_wrong_distance_on_curves_is_caught_by_shapely(monkeypatch: pytest.MonkeyPatch) -> None:
    nudge_distance(monkeypatch, -1e-3)
    result = check_pair(make_pair(circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)))
    assert result.exact is None
    assert not result.agree
    assert result.disagreements == (
        "certificate fails: lower bound 2.9999999999999849 exceeds the distance 2.9990000000000001",
        "distance: GJK 2.999, Shapely 3, differ by 0.001 (allowed 3.77e-05)",
    )


def test_a_boolean_query_at_odds_with_the_distance_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = intersects
    monkeypatch.setattr(
        answer_module,
        "intersects",
        lambda a, b, direction=None, recorder=None: dataclasses.replace(
            real(a, b), intersects=True
        ),
    )
    result = check_pair(make_pair(circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)))
    assert not result.agree
    assert "boolean GJK says intersecting" in result.disagreements[0]


def test_expectations_pass_and_fail() -> None:
    a, b = circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)
    good = check_pair(make_pair(a, b, Expect(intersects=False, distance=3.0)))
    assert good.expect is not None and good.expect.ok and good.ok
    bad = check_pair(make_pair(a, b, Expect(intersects=True, distance=2.0, tolerance=0.5)))
    assert bad.expect is not None and not bad.expect.ok and not bad.ok
    assert bad.expect.failures == (
        "expect.intersects: expected true, reference false "
        "(separating-axis; distance 3, tolerance 0.5)",
        "expect.distance: expected 2, reference 3 (difference 1, tolerance 0.5)",
    )
    deep = check_pair(make_pair(a, circle((1.5, 0.0), 1.0), Expect(depth=0.5)))
    assert deep.expect is not None and deep.expect.ok
    shallow = check_pair(make_pair(a, circle((1.5, 0.0), 1.0), Expect(depth=0.4)))
    assert shallow.expect is not None
    assert shallow.expect.failures == (
        "expect.depth: expected 0.4, reference 0.5 (difference 0.1, tolerance 3.5e-09)",
    )


def test_penetration_is_checked_against_the_minkowski_hull() -> None:
    result = check_pair(
        make_pair(rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((1.0, 0.5), (2.0, 2.0)))
    )
    assert result.answer.penetration is not None and result.shapely.penetration is not None
    assert result.answer.penetration.depth == result.shapely.penetration == 1.5
    assert result.agree


def test_a_wrong_depth_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = penetration

    def too_deep(
        a: ConvexShape, b: ConvexShape, gjk: object = None, recorder: object = None
    ) -> Penetration | None:
        result = real(a, b)
        return None if result is None else dataclasses.replace(result, depth=result.depth + 1e-6)

    monkeypatch.setattr(answer_module, "penetration", too_deep)
    result = check_pair(
        make_pair(rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((1.0, 0.5), (2.0, 2.0)))
    )
    assert not result.agree
    assert result.disagreements[0].startswith("penetration: EPA depth 1.500001, Minkowski hull 1.5")


def test_trace_is_recorded_only_when_asked() -> None:
    pair = make_pair(rectangle((0.0, 0.0), (2.0, 2.0)), circle((4.0, 0.0), 1.0))
    assert check_pair(pair).answer.distance_trace == ()
    traced = check_pair(pair, trace=True)
    assert len(traced.answer.distance_trace) == traced.answer.gjk.iterations
    assert len(traced.answer.boolean_trace) == traced.answer.boolean.iterations


def test_triage_explains_touching_against_overlapping_without_a_distance() -> None:
    from gjkcli.shapes import Polytope, point

    # two equal points: Shapely calls them overlapping, the exact answer touching
    same = check_pair(make_pair(point((1.0, 2.0)), point((1.0, 2.0))))
    assert same.agree
    (sentence,) = same.triage
    assert sentence.startswith("Shapely: overlapping; exact: touching, distance^2 = 0:")
    assert "a point on a point" in sentence and "off by" not in sentence
    # squares overlapping by 2^-20 near x = 2^30: GJK's final triangle holds the origin
    # strictly inside, decided exactly, so GJK calls them overlapping, as the exact answer
    big = 2.0**30
    a = Polytope(((big, 0.0), (big + 1.0, 0.0), (big + 1.0, 1.0), (big, 1.0)))
    b = Polytope(tuple((x + 1.0 - 2.0**-20, y) for x, y in a.vertices))
    deep = check_pair(make_pair(a, b))
    assert deep.answer.verdict == deep.ruling.verdict == "overlapping" and deep.agree
    # a point an ulp inside a triangle's tilted edge: GJK's boolean triangle holds it,
    # exactly, so GJK too calls them overlapping (with a depth of 0 to rounding)
    triangle = Polytope(
        (
            (-0.7446779203356333, 1.8346377056338201),
            (1.5866385657104063, -0.4888430423512693),
            (-0.158361468616381, 0.08029193837025561),
        )
    )
    proven = check_pair(make_pair(triangle, point((0.75643046402073, 0.3385746646151439))))
    assert proven.answer.verdict == "overlapping" and proven.agree
    assert proven.certificate_check.proves == "overlapping"
    # another, where GJK measures no depth beyond its band and proves nothing; the
    # exact answer says overlapping
    triangle = Polytope(
        (
            (1.3409299399162893, -0.9405662188009183),
            (1.9238264766598627, 0.8639411715821037),
            (1.8275417073234186, -0.639706443259354),
        )
    )
    close = check_pair(make_pair(triangle, point((1.4450640521424847, -0.6181920696029624))))
    assert close.answer.verdict == "touching" and close.exact is not None
    assert close.exact.verdict == "overlapping" and close.agree
    assert (close.ruling.verdict, close.ruling.source) == ("overlapping", "exact")
    gjk_line = next(line for line in close.triage if line.startswith("GJK:"))
    assert "GJK's depth is" in gjk_line
    assert gjk_line.endswith(f"(within the touching band, {close.answer.verdict_tolerance:.3g})")


@pytest.mark.parametrize(("run", "name"), [("gjk", "GJK distance"), ("boolean", "boolean GJK")])
@pytest.mark.parametrize("status", ["max-iterations", "degenerate"])
def test_strict_warns_when_a_run_did_not_finish(run: str, name: str, status: str) -> None:
    from gjkcli.algorithms.answer import solve
    from gjkcli.verify.agreement import strict_warnings

    answer = solve(rectangle((0.0, 0.0), (2.0, 2.0)), circle((4.0, 0.0), 1.0))
    assert strict_warnings(answer, 1e-9) == ()
    cut_short = dataclasses.replace(
        answer, **{run: dataclasses.replace(getattr(answer, run), status=status)}
    )
    assert strict_warnings(cut_short, 1e-9) == (f"{name} stopped on {status}",)
