"""The cast's cross-check: the float cast against the exact, analytic and Shapely answers,
on hand-derived cases and on seeded random pairs (the issue's "Done when")."""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction
from typing import Any

import pytest

from gjkcli.algorithms import cast as cast_module
from gjkcli.algorithms.cast import CastResult
from gjkcli.algorithms.poses import Motion, Move, Pose
from gjkcli.shapes import (
    Polytope,
    capsule,
    circle,
    convex_polygon,
    point,
    rectangle,
    segment,
)
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import shape_bounds
from gjkcli.tolerances import CAST_TIME_RELATIVE, cast_time_tolerance, difference_scale
from gjkcli.verify import cast_check as cast_check_module
from gjkcli.verify.cast_check import CastCheck, check_cast
from tests.verify.cast_pairs import aimed_pair, grid_pair

BOX = rectangle((0.0, 0.0), (2.0, 2.0))


def moving_b(dx: float, dy: float, target: float = 0.0) -> Motion:
    """B moves by ``(dx, dy)``, A stays."""
    return Motion(b=Move(end=Pose(dx, dy, 0.0)), target=target)


def test_box_hits_box() -> None:
    check = check_cast(BOX, rectangle((5.0, 0.5), (2.0, 2.0)), moving_b(-6.0, 0.0))
    assert check.agree, check.problems
    assert check.exact is not None and check.exact.time == Fraction(1, 2)
    assert check.result.time == 0.5 and check.result.normal == (1.0, 0.0)
    assert check.shapely is not None and check.shapely.consistent
    assert check.time_tolerance == 0.5 * CAST_TIME_RELATIVE


def test_both_shapes_moving_from_their_start_poses() -> None:
    # A starts at (10, 0) and moves right by 1, B starts at (15, 0.5) and moves left by 5:
    # the gap of 3 closes at 1/2
    motion = Motion(
        a=Move(Pose(10.0, 0.0, 0.0), Pose(11.0, 0.0, 0.0)),
        b=Move(Pose(15.0, 0.5, 0.0), Pose(10.0, 0.5, 0.0)),
    )
    check = check_cast(BOX, BOX, motion)
    assert check.agree, check.problems
    assert check.exact is not None and check.exact.time == Fraction(1, 2)


@pytest.mark.parametrize(
    ("b", "move", "status", "time"),
    [
        (rectangle((2.0, 0.0), (2.0, 2.0)), (1.0, 0.0), "touching-receding", None),
        (rectangle((2.0, 0.0), (2.0, 2.0)), (0.0, 1.0), "touching-receding", None),
        (rectangle((2.0, 0.0), (2.0, 2.0)), (-1.0, 0.3), "touching-approaching", 0.0),
        (rectangle((2.0, 2.0), (2.0, 2.0)), (-1.0, 0.0), "touching-receding", None),
        (rectangle((2.0, 2.0), (2.0, 2.0)), (-1.0, -1.0), "touching-approaching", 0.0),
        (rectangle((1.0, 0.0), (2.0, 2.0)), (5.0, 0.0), "overlapping", 0.0),
        (rectangle((5.0, 0.0), (2.0, 2.0)), (0.0, 0.0), "miss", None),
        (rectangle((2.0, 0.0), (2.0, 2.0)), (0.0, 0.0), "touching-receding", None),
    ],
)
def test_statuses_at_the_start(b: ConvexShape, move: Vec, status: str, time: float | None) -> None:
    check = check_cast(BOX, b, moving_b(*move))
    assert check.exact is not None and check.exact.status == status
    assert (check.result.status, check.result.time) == (status, time)
    assert check.agree, check.problems


def test_point_and_segment_differences() -> None:
    hit = check_cast(point((0.0, 0.0)), segment((2.0, -1.0), (2.0, 1.0)), moving_b(-4.0, 0.0))
    assert hit.agree, hit.problems
    assert hit.exact is not None and hit.exact.time == Fraction(1, 2)
    dots = check_cast(point((0.0, 0.0)), point((3.0, 4.0)), moving_b(-6.0, -8.0))
    assert dots.agree, dots.problems
    assert dots.result.time == 0.5


def test_long_thin_target_far_from_the_origin() -> None:
    # a segment 1e6 long near (1e9, 1e9), where Box2D's and parry's errors grow with scale:
    # the float time is the exact one to within 1e-12 relative, tighter than the tolerance,
    # which here is the rounding of A - B's reach of 8.8e5 (the motion covers only 3 of it)
    base = 1e9
    a = segment((base, base), (base + 1e6, base + 1.0))
    b = rectangle((base + 123457.0, base + 3.75), (1.0, 1.0))
    check = check_cast(a, b, moving_b(0.75, -6.5))
    assert check.agree, check.problems
    assert check.exact is not None and check.exact.time is not None
    assert check.result.time is not None
    off = abs(Fraction(check.result.time) - check.exact.time) / check.exact.time
    assert off <= CAST_TIME_RELATIVE
    reach = difference_scale(shape_bounds(a), shape_bounds(b))
    assert reach == 876543.5  # A's far end less B's left side
    speed = math.hypot(0.75, -6.5)
    assert check.time_tolerance == cast_time_tolerance(float(check.exact.time), reach, speed)
    assert check.time_tolerance > CAST_TIME_RELATIVE * float(check.exact.time)


def test_circles_and_capsules_against_hand_solved_roots() -> None:
    # centres (5 - 6t, 1) and the origin are 1.5 apart at t = (5 - sqrt(1.25)) / 6
    circles = check_cast(circle((0.0, 0.0), 1.0), circle((5.0, 1.0), 0.5), moving_b(-6.0, 0.0))
    assert circles.analytic == pytest.approx((5.0 - math.sqrt(1.25)) / 6.0, rel=1e-15)
    assert circles.analytic_status == "hit" and circles.exact is None
    # the capsule's flat side meets the point at t = 1/2
    side = check_cast(capsule((0.0, 0.0), (4.0, 0.0), 1.0), point((2.0, 5.0)), moving_b(0.0, -8.0))
    assert side.analytic == 0.5
    for check in (circles, side):
        assert check.agree, check.problems


def test_a_target_distance_on_polygons_goes_to_the_analytic_cast() -> None:
    check = check_cast(BOX, rectangle((5.0, 0.0), (2.0, 2.0)), moving_b(-6.0, 0.0, target=1.0))
    assert check.exact is None and check.analytic == 1.0 / 3.0
    assert check.agree, check.problems


def test_trace_keeps_the_steps() -> None:
    b = rectangle((5.0, 0.5), (2.0, 2.0))
    assert check_cast(BOX, b, moving_b(-6.0, 0.0), trace=True).result.steps
    assert not check_cast(BOX, b, moving_b(-6.0, 0.0)).result.steps


def test_rotating_motions_are_refused() -> None:
    turning = Motion(b=Move(end=Pose(1.0, 0.0, 90.0)))
    with pytest.raises(ValueError, match="rotating motion"):
        check_cast(BOX, BOX, turning)


# --- the checker catches a wrong cast --------------------------------------------------


def _with_cast(monkeypatch: pytest.MonkeyPatch, change: dict[str, Any]) -> None:
    """Make check_cast see the real cast's result with some fields changed."""

    def changed(*args: Any, **kwargs: Any) -> CastResult:
        return dataclasses.replace(cast_module.cast(*args, **kwargs), **change)

    monkeypatch.setattr(cast_check_module, "cast", changed)


def _checked() -> CastCheck:
    return check_cast(BOX, rectangle((5.0, 0.5), (2.0, 2.0)), moving_b(-6.0, 0.0))


def _referees(check: CastCheck) -> tuple[str, ...]:
    """The problems found by the referees (a changed time also breaks the certificate,
    which names it: what its re-check says is cast-core's to test; and it moves the
    reported points off the shapes at that time, which the contact check names)."""
    own = ("certificate:", "contact:")
    return tuple(problem for problem in check.problems if not problem.startswith(own))


def test_a_time_off_by_more_than_the_tolerance_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_cast(monkeypatch, {"time": 0.5 + 1e-11})
    assert _referees(_checked()) == (
        "time: the cast says 0.50000000001, the exact cast 1/2^1 = 0.5 "
        "(off by 1e-11, 2e-11 relative; tolerance 5e-13)",
    )


def test_a_wrong_status_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_cast(monkeypatch, {"status": "miss", "time": None})
    problems = _referees(_checked())
    assert problems[0] == "status: the cast says miss, the exact cast hit"
    assert problems[1] == "Shapely: B's whole sweep meets A, but the cast claims a miss"


def test_a_wrong_normal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_cast(monkeypatch, {"normal": (0.6, 0.8)})
    assert _referees(_checked()) == (
        "normal: (0.6, 0.8) is not an outward normal of A - B at the contact: "
        "a corner of A - B lies 1.2 beyond it",  # the corner (-3, 1.5), from (-3, 0)
    )


def test_an_analytic_time_off_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_cast(monkeypatch, {"time": 0.5 - 1e-6})
    check = check_cast(circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0), moving_b(-6.0, 0.0))
    assert _referees(check)[0] == (
        "time: the cast says 0.499999, the analytic cast 0.5 "
        "(off by 1e-06, 2e-06 relative; tolerance 5e-13; the shapes are 6e-06 from "
        "touching then)"
    )


def test_a_grazing_contact_early_within_the_touching_band_is_accepted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the point (3, 1) moving by (-8, 0) grazes the unit circle at (0, 1) at t = 3/8: the
    # distance grows with the square of the time there, so a time early by 1e-8 (as the
    # GJK ray loop gave before it was solved in closed form) leaves the shapes 2.6e-15
    # from touching: within the band, though 2.7e-8 off in relative time
    unit, grazing, move = circle((0.0, 0.0), 1.0), point((3.0, 1.0)), moving_b(-8.0, 0.0)
    assert check_cast(unit, grazing, move).analytic == 0.375
    _with_cast(monkeypatch, {"time": 0.37499999090175995})
    assert _referees(check_cast(unit, grazing, move)) == ()
    _with_cast(monkeypatch, {"time": 0.3749999})  # 3.2e-13 from touching: beyond the band
    assert _referees(check_cast(unit, grazing, move)) == (
        "time: the cast says 0.3749999, the analytic cast 0.375 (off by 1e-07, 2.67e-07 "
        "relative; tolerance 3.75e-13; the shapes are 3.2e-13 from touching then)",
    )


def test_a_late_time_while_sliding_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # B slides down the line x = 1 along A's side: first contact at 1/2, and still in
    # contact at 3/4, but 3/4 is not the first time
    _with_cast(monkeypatch, {"time": 0.75})
    unit = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    above = Polytope(((1.0, 2.0), (2.0, 2.0), (2.0, 3.0), (1.0, 3.0)))
    check = check_cast(unit, above, moving_b(0.0, -2.0))
    assert check.exact is not None and check.exact.time == Fraction(1, 2)
    assert _referees(check)[0] == (
        "time: the cast says 0.75, the exact cast 1/2^1 = 0.5 "
        "(off by 0.25, 0.5 relative; tolerance 5e-13)"
    )


# --- seeded random pairs: the "Done when" --------------------------------------


def run_random_casts(count: int, seed: int) -> tuple[float, dict[str, int]]:
    """Check ``count`` seeded random polygon pairs and translations (aimed pairs of random
    convex polygons, and grid pairs that touch, slide and graze exactly): every one must
    agree. Returns the largest relative error of a float time against the exact one, and
    how many ended in each status."""
    rng = random.Random(seed)
    worst = 0.0
    statuses: dict[str, int] = {}
    for index in range(count):
        a, b, move = (aimed_pair if index % 2 == 0 else grid_pair)(rng)
        check = check_cast(a, b, moving_b(*move))
        assert check.agree, (a, b, move, check.problems)
        assert check.exact is not None
        statuses[check.exact.status] = statuses.get(check.exact.status, 0) + 1
        if check.exact.time and check.result.time is not None:
            off = abs(Fraction(check.result.time) - check.exact.time) / check.exact.time
            worst = max(worst, float(off))
            reach = difference_scale(shape_bounds(a), shape_bounds(b))
            assert check.time_tolerance == cast_time_tolerance(
                float(check.exact.time), reach, math.hypot(*move)
            )
    return worst, statuses


def test_random_polygon_casts_agree_with_the_exact_answers() -> None:
    worst, statuses = run_random_casts(300, 18)
    assert worst <= CAST_TIME_RELATIVE
    assert statuses.keys() >= {"hit", "miss", "overlapping"}


@pytest.mark.slow
def test_thousands_of_random_polygon_casts_agree_with_the_exact_answers() -> None:
    worst, statuses = run_random_casts(6000, 1818)
    assert worst <= CAST_TIME_RELATIVE
    assert statuses.keys() >= {
        "hit",
        "miss",
        "overlapping",
        "touching-approaching",
        "touching-receding",
    }


def run_random_rounded_casts(count: int, seed: int) -> float:
    """Check ``count`` seeded circles, capsules and rounded polygons (some with a target
    distance) against their analytic answers; returns the largest relative time error."""
    rng = random.Random(seed)
    worst = 0.0
    for _ in range(count):
        shapes = []
        for _ in range(2):
            cx, cy = rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0)
            corners = [(cx + rng.uniform(-1, 1), cy + rng.uniform(-1, 1)) for _ in range(3)]
            shapes.append(
                rng.choice(
                    [
                        circle((cx, cy), rng.uniform(0.1, 1.0)),
                        capsule(corners[0], corners[1], rng.uniform(0.1, 1.0)),
                        Polytope(tuple(corners)),
                    ]
                )
            )
        a, b = shapes
        (ax, ay, _, _), (bx, by, _, _) = shape_bounds(a), shape_bounds(b)
        aim = rng.uniform(0.5, 2.5)
        move = ((ax - bx) * aim + rng.uniform(-1, 1), (ay - by) * aim + rng.uniform(-1, 1))
        target = rng.choice([0.0, 0.0, rng.uniform(0.0, 0.5)])
        check = check_cast(a, b, moving_b(*move, target=target))
        if check.analytic_status is None:
            continue
        assert check.agree, (a, b, move, target, check.problems)
        if check.analytic and check.result.time is not None:
            worst = max(worst, abs(check.result.time - check.analytic) / check.analytic)
    return worst


def test_random_rounded_casts_agree_with_the_analytic_answers() -> None:
    assert run_random_rounded_casts(100, 19) <= CAST_TIME_RELATIVE


@pytest.mark.slow
def test_thousands_of_rounded_casts_agree_with_the_analytic_answers() -> None:
    assert run_random_rounded_casts(3000, 1919) <= CAST_TIME_RELATIVE


# --- what the cross-check found in the float cast (regressions) --------------------------

FOUND = {
    # the ray loop's first step did not move it, and it stopped at time 0 as if inside:
    # the triangle lies at x <= -1, and B (the origin) moves straight up past it
    "a first step that does not advance": (
        Polytope(((-1.0, -1.0), (-1.0, 1.0), (-2.0, 0.0))),
        point((0.0, 0.0)),
        (0.0, 1.0),
        "miss",
    ),
    # the corners (-o - 12, 10) of A and (-o + 10, -8) of B meet at t = 1 exactly; in
    # floats the ray's fraction came out just past 1, and the float loop called it a miss
    "a hit at t = 1 far from the origin": (
        Polytope(((-2097164.0, 10.0), (-2097160.0, 8.0), (-2097154.0, 4.0))),
        Polytope(((-2097142.0, -8.0), (-2097150.0, -8.0), (-2097162.0, 4.0))),
        (-22.0, 18.0),
        "hit",
    ),
    # the certificate's apart_until fell 5e-7 short of the time, its separation bounded
    # with the rounding of coordinates of 1e9 rather than of the shapes' own size
    "a certificate near 1e9": (
        segment((1e9, 1e9), (1e9 + 1e6, 1e9 + 1.0)),
        rectangle((1e9 + 123457.0, 1e9 + 3.75), (1.0, 1.0)),
        (0.75, -6.5),
        "hit",
    ),
}


@pytest.mark.parametrize("name", list(FOUND))
def test_what_the_cross_check_found(name: str) -> None:
    a, b, move, status = FOUND[name]
    check = check_cast(a, b, moving_b(*move))
    assert check.exact is not None and check.exact.status == status
    assert check.agree, check.problems


def check_answering(
    monkeypatch: pytest.MonkeyPatch,
    changes: dict[str, Any],
    shapes: tuple[ConvexShape, ConvexShape],
    motion: Motion,
) -> tuple[str, ...]:
    """``check_cast``'s problems when the cast it checks answers with ``changes``."""

    def fake(*args: Any, **kwargs: Any) -> CastResult:
        return dataclasses.replace(cast_module.cast(*args, **kwargs), **changes)

    monkeypatch.setattr(cast_check_module, "cast", fake)
    return check_cast(*shapes, motion).problems


def test_contact_points_off_the_contact_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Box [-1, 1]^2 and box [4, 6] x [-0.5, 1.5] moving by (-6, 0): contact at t = 1/2 on
    # the segment x = 1, y in [-0.5, 1]. Points (0, 0) and (9, 9) are not a contact.
    shapes = (BOX, rectangle((5.0, 0.5), (2.0, 2.0)))
    assert check_answering(monkeypatch, {}, shapes, moving_b(-6.0, 0.0)) == ()
    wrong = {"points": ((0.0, 0.0), (9.0, 9.0))}
    problems = check_answering(monkeypatch, wrong, shapes, moving_b(-6.0, 0.0))
    assert any(problem.startswith("contact: the point on B") for problem in problems)
    assert any("apart, not 0.0" in problem for problem in problems), problems
    # on the shapes, but not the same point: (1, 0) on A and (1, 1) on B
    apart = {"points": ((1.0, 0.0), (1.0, 1.0))}
    problems = check_answering(monkeypatch, apart, shapes, moving_b(-6.0, 0.0))
    assert len(problems) == 1 and "apart, not 0.0" in problems[0], problems


def test_a_wrong_normal_for_circles_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Unit circles at (0, 0) and (5, 0), B moving by (-6, 0): the normal is (1, 0).
    shapes = (circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0))
    assert check_answering(monkeypatch, {}, shapes, moving_b(-6.0, 0.0)) == ()
    problems = check_answering(monkeypatch, {"normal": (0.0, 1.0)}, shapes, moving_b(-6.0, 0.0))
    assert any(problem.startswith("normal: (0.0, 1.0) does not support") for problem in problems)


def test_far_from_the_origin_a_right_contact_passes() -> None:
    # the same boxes moved out to 1e9: the contact's slack is the points' own spacing,
    # not a share of their coordinates
    far = (rectangle((1e9, 1e9), (2.0, 2.0)), rectangle((1e9 + 5.0, 1e9 + 0.5), (2.0, 2.0)))
    check = check_cast(*far, moving_b(-6.0, 0.0))
    assert check.result.status == "hit" and check.agree, check.problems


def test_a_miss_without_a_certificate_is_a_note_not_a_disagreement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _with_cast(monkeypatch, {"certificate": None})
    check = check_cast(BOX, circle((5.0, 0.0), 1.0), moving_b(6.0, 0.0))
    assert check.result.status == "miss" and check.agree, check.problems
    assert check.certificate_problems == ()
    assert len(check.notes) == 1 and check.notes[0].startswith("certificate: the miss carries no")


def test_a_touch_within_the_band_is_honest_against_an_exact_hair() -> None:
    # the disc rests on the box's top edge to rounding: exactly, 1.1 - 0.1 is 8e-17 above
    # it. "Touching" is floating point's honest answer, as gjk check's verdict is; the
    # analytic cast, exact, says apart (then meeting at once, or never)
    box, disc = rectangle((0.5, 0.5), (1.0, 1.0)), circle((0.5, 1.1), 0.1)
    sliding = check_cast(box, disc, moving_b(1.0, 0.0))
    assert (sliding.result.status, sliding.analytic_status) == ("touching-receding", "miss")
    pressing = check_cast(box, disc, moving_b(0.0, -1.0))
    assert (pressing.result.status, pressing.analytic_status) == ("touching-approaching", "hit")
    assert sliding.agree and pressing.agree, (sliding.problems, pressing.problems)


def test_a_touch_the_exact_gap_belies_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_cast(monkeypatch, {"status": "touching-receding", "time": None})
    check = check_cast(BOX, circle((5.0, 0.0), 1.0), moving_b(6.0, 0.0))  # 3 apart
    assert "status: the cast says touching-receding, the analytic cast miss" in check.problems


def test_the_float_answer_is_held_to_the_exact_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # the exact sweep decides a polygon cast's answer; what floating point alone said is
    # kept and compared with the exact answer, so that comparison is not by construction
    check = _checked()
    assert check.result.float_answer == ("hit", 0.5) and check.agree
    _with_cast(monkeypatch, {"float_answer": ("hit", 0.5 + 1e-11)})
    assert _checked().problems == (
        "float answer: time: the cast says 0.50000000001, the exact cast 1/2^1 = 0.5 "
        "(off by 1e-11, 2e-11 relative; tolerance 5e-13)",
    )
    _with_cast(monkeypatch, {"float_answer": ("miss", None)})
    assert _checked().problems == ("float answer: status: the cast says miss, the exact cast hit",)


def test_a_float_graze_a_hair_from_a_miss_is_honest() -> None:
    # B's corner passes a hair (exactly) outside A's side, near t = 0.36; floating point
    # calls it a touch there (the band), the exact sweep a miss: the answer is the miss,
    # and the float answer is within the band of it (the exact gap then is below it)
    a = convex_polygon(
        [
            (-4.325999396329776, -1.7449422739311613),
            (0.591018092118223, -4.723890647815399),
            (4.2117018179450945, -1.982138165176828),
        ]
    )
    b = convex_polygon(
        [
            (-4.822802021001766, 0.8315987055071914),
            (-5.450962396745943, 1.4453096122770417),
            (-4.4297769197521, -2.3130413230916678),
        ]
    )
    check = check_cast(a, b, moving_b(0.28761219697599477, 1.574447050196991))
    assert check.result.status == "miss"
    assert check.result.float_answer == ("hit", 0.3608244869774603)
    assert check.agree, check.problems
