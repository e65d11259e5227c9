"""The rotating time of impact: hand-derived contacts, proven misses, the start, and never a
time later than dense sampling plus bisection finds on seeded random motions."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import cast

import pytest

import gjkcli
from gjkcli.algorithms.answer import solve
from gjkcli.algorithms.poses import Move, Pose, posed
from gjkcli.algorithms.toi import ToiResult, ToiStep, posing_error, speed_bound, time_of_impact
from gjkcli.shapes import ConvexShape, Polytope, circle, point, rectangle, segment, union_of
from gjkcli.tolerances import TOI_TOLERANCE
from gjkcli.verify.toi_oracle import sampled_first_contact
from tests.algorithms.toi_cases import MovingPair, random_pair

BAR = rectangle((2.0, 0.0), (4.0, 0.2))  # from its pivot at the origin to x = 4, 0.2 thick
POST = rectangle((0.0, 3.0), (0.2, 0.2))  # a quarter turn on, 2.9 to 3.1 from the pivot


def bar_meets_post_degrees() -> float:
    """The angle at which the post's corner (0.1, 2.9) meets the bar's top side, 0.1 above
    its axis: in the bar's frame the corner is at height 2.9 cos(a) - 0.1 sin(a)."""
    r, tilt = math.hypot(2.9, 0.1), math.atan2(0.1, 2.9)
    return math.degrees(math.acos(0.1 / r) - tilt)


def assert_bracketed(result: ToiResult, first: float) -> None:
    assert result.status == "hit"
    assert result.bracket is not None
    t_lo, t_hi = result.bracket
    assert t_lo <= first <= t_hi
    assert t_hi - t_lo <= result.tolerance
    assert result.time == t_lo  # the time reported is the last one proven apart


def test_a_turning_bar_meets_a_post_at_the_hand_derived_angle() -> None:
    result = time_of_impact(BAR, POST, Move(end=Pose(0.0, 0.0, 90.0)), Move())
    assert_bracketed(result, bar_meets_post_degrees() / 90.0)
    assert result.normal is not None and result.points is not None
    # from the bar towards the post: the bar's top side's outward normal, at about 176 degrees
    assert math.isclose(
        math.degrees(math.atan2(result.normal[1], result.normal[0])), 176.05, abs_tol=0.01
    )
    on_bar, on_post = result.points
    assert math.dist(on_post, (0.1, 2.9)) < 1e-6
    assert math.dist(on_bar, on_post) < 1e-6


def test_the_bracket_holds_what_it_claims_at_its_ends() -> None:
    move_bar = Move(end=Pose(0.0, 0.0, 90.0))
    result = time_of_impact(BAR, POST, move_bar, Move())
    assert result.bracket is not None
    t_lo, t_hi = result.bracket
    assert solve(posed(BAR, move_bar.at(t_hi)), POST).verdict != "separated"
    assert solve(posed(BAR, move_bar.at(t_lo)), POST).verdict == "separated"


@pytest.mark.parametrize("tolerance", [1e-3, 1e-6, 1e-12])
def test_the_bracket_is_never_wider_than_the_tolerance_asked(tolerance: float) -> None:
    result = time_of_impact(BAR, POST, Move(end=Pose(0.0, 0.0, 90.0)), Move(), tolerance=tolerance)
    assert_bracketed(result, bar_meets_post_degrees() / 90.0)
    assert result.tolerance == tolerance


def test_a_translation_agrees_with_the_linear_time() -> None:
    # a triangle's tip at (3, 0.5) moves by (-4, -1): it reaches the square's side x = 1 at
    # t = 1/2, at height 0
    square = rectangle((0.0, 0.0), (2.0, 2.0))
    triangle = Polytope(((0.0, 0.0), (1.0, 1.0), (1.0, -1.0)))
    result = time_of_impact(
        square, triangle, Move(), Move(Pose(3.0, 0.5, 0.0), Pose(-1.0, -0.5, 0.0))
    )
    assert_bracketed(result, 0.5)
    assert result.normal == (1.0, 0.0)


@pytest.mark.parametrize("seed", range(8))
def test_translations_agree_with_the_exact_linear_time(seed: int) -> None:
    # a circle of radius r centred on the x axis, moving along it towards a still square
    # [-1, 1]^2 at speed v, first touches it when its leftmost point reaches x = 1
    rng = random.Random(seed)
    radius, start, stop = rng.uniform(0.1, 1.0), rng.uniform(3.0, 9.0), rng.uniform(-2.0, 0.0)
    result = time_of_impact(
        rectangle((0.0, 0.0), (2.0, 2.0)),
        circle((0.0, 0.0), radius),
        Move(),
        Move(Pose(start, 0.0, 0.0), Pose(stop, 0.0, 0.0)),
    )
    first = (Fraction(start) - 1 - Fraction(radius)) / (Fraction(start) - Fraction(stop))
    assert_bracketed(result, float(first))


def test_a_spinning_bar_that_just_misses_is_a_proven_miss() -> None:
    # the bar reaches hypot(2.9, 0.1) = 2.9017 from its pivot; the post's nearest corner is
    # 3 away: a whole turn passes 0.098 short of it
    short_bar = rectangle((1.45, 0.0), (2.9, 0.2))
    post = rectangle((0.0, 3.1), (0.2, 0.2))
    result = time_of_impact(short_bar, post, Move(end=Pose(0.0, 0.0, 360.0)), Move())
    assert result.status == "miss"
    assert result.bracket is None and result.time is None
    assert (
        sampled_first_contact(short_bar, post, Move(end=Pose(0.0, 0.0, 360.0)), Move(), 400) is None
    )


def test_a_fast_spin_is_caught_where_ten_samples_see_nothing() -> None:
    # ten whole turns: at t = k / 10 the bar is back along the x axis every time
    spin = Move(end=Pose(0.0, 0.0, 3600.0))
    assert sampled_first_contact(BAR, POST, spin, Move(), 10) is None
    result = time_of_impact(BAR, POST, spin, Move())
    assert_bracketed(result, bar_meets_post_degrees() / 3600.0)


def test_both_shapes_moving_and_turning() -> None:
    # the same contact seen from a frame that moves and turns: both poses carried along
    def carried(pose: Pose) -> Pose:
        c, s = math.cos(math.radians(40.0)), math.sin(math.radians(40.0))
        return Pose(c * pose.x - s * pose.y + 7.0, s * pose.x + c * pose.y - 3.0, pose.angle + 40.0)

    frame_end = Pose(1.0, 2.0, 10.0)
    # the frame itself moves: still, the post turns with it by 10 degrees and the bar by 100
    move_post = Move(carried(Pose(0.0, 0.0, 0.0)), carried(frame_end))
    result = time_of_impact(
        BAR, POST, Move(carried(Pose(0.0, 0.0, 0.0)), carried(Pose(1.0, 2.0, 100.0))), move_post
    )
    # relative to the post the bar turns 90 degrees about a pivot fixed in the post's frame:
    # the same first contact
    assert_bracketed(result, bar_meets_post_degrees() / 90.0)


def test_overlapping_at_the_start() -> None:
    result = time_of_impact(
        BAR, rectangle((3.0, 0.0), (1.0, 1.0)), Move(end=Pose(0.0, 0.0, 90.0)), Move()
    )
    assert result.status == "overlapping"
    assert (result.time, result.bracket, result.iterations) == (0.0, (0.0, 0.0), 1)


def test_touching_at_the_start_is_a_hit_at_time_zero() -> None:
    touching = rectangle((5.0, 0.0), (2.0, 2.0))  # its left side is the bar's end, x = 4
    result = time_of_impact(BAR, touching, Move(end=Pose(0.0, 0.0, 45.0)), Move())
    assert (result.status, result.time, result.bracket) == ("hit", 0.0, (0.0, 0.0))
    assert result.stop == "touching at t = 0"


SQUARE = rectangle((1.0, 1.0), (2.0, 2.0))  # [0, 2] x [0, 2]
BESIDE = rectangle((2.5, 1.0), (1.0, 1.0))  # [2, 3] x [0.5, 1.5]: on the square's right side


def test_touching_at_the_start_and_moving_apart_is_no_hit() -> None:
    # turning clockwise about the origin, the side x = 2 of B moves right (a point (2, y)
    # at the speed (y, -2) per radian): apart at once, and apart for the rest of 30 degrees
    result = time_of_impact(SQUARE, BESIDE, Move(), Move(end=Pose(0.0, 0.0, -30.0)))
    assert (result.status, result.time, result.bracket) == ("touching-receding", None, None)
    assert result.receding is not None and result.receding > 0.0
    assert result.normal == (1.0, 0.0) and result.points is not None
    assert result.stop == "touching at t = 0, then apart at every later time"
    # the audit's case: B on the square's side, moving off to the right while turning
    beside = rectangle((2.5, 0.5), (1.0, 1.0))
    off = time_of_impact(SQUARE, beside, Move(), Move(end=Pose(5.0, 0.0, 10.0)))
    assert off.status == "touching-receding"


def test_touching_and_turning_into_the_other_shape_is_a_hit_at_time_zero() -> None:
    # counter-clockwise, the side x = 2 of B moves left, into the square
    result = time_of_impact(SQUARE, BESIDE, Move(), Move(end=Pose(0.0, 0.0, 30.0)))
    assert (result.status, result.bracket, result.receding) == ("hit", (0.0, 0.0), None)


def test_a_contact_after_a_touch_that_recedes_is_the_hit() -> None:
    # clockwise nearly a whole turn about the origin: B leaves the square's side, goes
    # round, and comes into the square's top from the left, near 298 degrees; the touch at
    # t = 0 is not the hit, and sampling from just after it finds the same contact
    motion = (Move(), Move(end=Pose(0.0, 0.0, -350.0)))
    result = time_of_impact(SQUARE, BESIDE, *motion)
    assert result.status == "hit" and result.bracket is not None
    assert result.receding is not None and result.receding < result.bracket[0]
    sampled = sampled_first_contact(SQUARE, BESIDE, *motion, 1000, start=0.001)
    assert sampled is not None and result.bracket[0] <= sampled
    assert sampled - result.bracket[0] < 1e-8 and 290.0 < 350.0 * sampled < 300.0


def test_nothing_moving_and_apart_is_a_miss_at_once() -> None:
    result = time_of_impact(BAR, POST, Move(), Move())
    assert (result.status, result.speed_bound, result.iterations) == ("miss", 0.0, 1)


@pytest.mark.parametrize("miss_by", [1e-3, 1e-6, 1e-9, 1e-12])
def test_passing_close_by_is_a_proven_miss_in_few_steps(miss_by: float) -> None:
    # the speed bound alone would take of the order of 1 / sqrt(miss_by) steps: a disc
    # passing another 1e-6 apart, or a bar's corner passing a post, ran into the cap
    ball = circle((0.0, 0.0), 1.0)
    past = Move(Pose(-5.0, 2.0 + miss_by, 0.0), Pose(5.0, 2.0 + miss_by, 0.0))
    passing = time_of_impact(ball, ball, Move(), past)
    post = rectangle((0.0, math.hypot(4.0, 0.1) + miss_by + 0.1), (0.2, 0.2))
    sweeping = time_of_impact(BAR, post, Move(end=Pose(0.0, 0.0, 180.0)), Move())
    for result in (passing, sweeping):
        assert result.status == "miss"
        assert result.iterations <= 100


@pytest.mark.parametrize(
    ("a", "b", "move_a", "move_b", "touch"),
    [
        # a disc passing another exactly tangent at t = 1/2
        (
            circle((0.0, 0.0), 1.0),
            circle((0.0, 0.0), 1.0),
            Move(),
            Move(Pose(-5.0, 2.0, 0.0), Pose(5.0, 2.0, 0.0)),
            0.5,
        ),
        # the bar's corner (4, 0.1) passing under a post's side at its farthest, its top
        (
            BAR,
            rectangle((0.0, math.hypot(4.0, 0.1) + 0.1), (0.2, 0.2)),
            Move(end=Pose(0.0, 0.0, 180.0)),
            Move(),
            (90.0 - math.degrees(math.atan2(0.1, 4.0))) / 180.0,
        ),
    ],
)
def test_a_graze_ends_at_the_rounding_floor_with_a_proven_lower_end(
    a: ConvexShape, b: ConvexShape, move_a: Move, move_b: Move, touch: float
) -> None:
    result = time_of_impact(a, b, move_a, move_b)
    assert result.status == "iteration-cap"
    assert result.stop.startswith("stalled at the rounding floor")
    assert result.iterations < 100
    assert result.time is None
    assert result.bracket is not None
    assert touch - 1e-6 < result.bracket[0] <= touch


def test_closer_than_the_rounding_of_posing_stalls_and_says_so() -> None:
    # proven apart (exactly, 1e-16) but not by more than posing the point can round
    result = time_of_impact(
        segment((0.0, 0.0), (1.0, 0.0)),
        point((0.0, 0.0)),
        Move(),
        Move(Pose(0.5, 1e-16, 0.0), Pose(0.5, 1.0, 0.0)),
    )
    assert result.status == "iteration-cap"
    assert result.bracket == (0.0, 1.0)
    assert result.stop.startswith("stalled at the rounding floor")


def test_the_recorder_keeps_every_step() -> None:
    steps: list[ToiStep] = []
    result = time_of_impact(BAR, POST, Move(end=Pose(0.0, 0.0, 90.0)), Move(), recorder=steps)
    assert result.steps == tuple(steps)
    assert [step.iteration for step in steps] == list(range(1, result.iterations + 1))
    assert all(step.outcome == "advanced" for step in steps[:-1])
    assert steps[-1].outcome == "contact"
    times = [step.time for step in steps]
    assert times == sorted(times)
    assert all(step.gap > 0.0 and step.advance > 0.0 for step in steps)


def test_compound_shapes_are_refused() -> None:
    two_boxes = union_of([rectangle((0.0, 0.0), (1.0, 1.0)), rectangle((5.0, 0.0), (1.0, 1.0))])
    with pytest.raises(ValueError, match="casts need convex shapes"):
        time_of_impact(cast("ConvexShape", two_boxes), POST, Move(), Move())
    with pytest.raises(ValueError, match="a time of impact needs convex shapes"):
        gjkcli.time_of_impact(two_boxes, POST, Move(), Move())


def test_the_public_query_takes_shapes_in_any_form() -> None:
    bar = "POLYGON ((0 -0.1, 4 -0.1, 4 0.1, 0 0.1, 0 -0.1))"
    result = gjkcli.time_of_impact(bar, POST, Move(end=Pose(0.0, 0.0, 90.0)), Move())
    assert_bracketed(result, bar_meets_post_degrees() / 90.0)


@pytest.mark.parametrize("tolerance", [0.0, -1e-9, math.nan, math.inf])
def test_a_tolerance_that_is_not_a_positive_number_is_refused(tolerance: float) -> None:
    with pytest.raises(ValueError, match="tolerance"):
        time_of_impact(BAR, POST, Move(), Move(), tolerance=tolerance)


@pytest.mark.parametrize("seed", range(20))
def test_no_point_moves_faster_than_the_speed_bound(seed: int) -> None:
    pair = random_pair(random.Random(seed))
    for shape, move in ((pair.a, pair.move_a), (pair.b, pair.move_b)):
        bound = speed_bound(shape, move)
        for k in range(50):
            direction = (math.cos(k), math.sin(k))
            t0, t1 = k / 50, (k + 1) / 50
            p0 = posed(shape, move.at(t0)).support(direction)
            # the same material point: posed at t0 then carried to t1
            q = _unposed(p0, move.at(t0))
            p1 = _posed_point(q, move.at(t1))
            moved = math.dist(p0, p1)
            assert moved <= bound * (t1 - t0) + 2.0 * posing_error(shape, move)


def _posed_point(q: tuple[float, float], pose: Pose) -> tuple[float, float]:
    c, s = math.cos(math.radians(pose.angle)), math.sin(math.radians(pose.angle))
    return (c * q[0] - s * q[1] + pose.x, s * q[0] + c * q[1] + pose.y)


def _unposed(p: tuple[float, float], pose: Pose) -> tuple[float, float]:
    c, s = math.cos(math.radians(pose.angle)), math.sin(math.radians(pose.angle))
    x, y = p[0] - pose.x, p[1] - pose.y
    return (c * x + s * y, -s * x + c * y)


def check_against_sampling(pair: MovingPair, samples: int) -> ToiResult:
    """The Done-when, for one pair: a hit's bracket is within the tolerance and its lower
    end never after the contact sampling plus bisection finds; a miss is never
    contradicted by a sample."""
    result = time_of_impact(pair.a, pair.b, pair.move_a, pair.move_b)
    found = sampled_first_contact(pair.a, pair.b, pair.move_a, pair.move_b, samples)
    assert result.status != "iteration-cap", result.stop
    if result.status == "miss":
        assert found is None
        return result
    assert result.bracket is not None and result.time is not None
    t_lo, t_hi = result.bracket
    assert 0.0 <= t_lo <= t_hi <= 1.0
    assert t_hi - t_lo <= TOI_TOLERANCE
    assert result.time == t_lo
    if found is not None:
        assert result.time <= found  # never later than the sampled first contact
    return result


@pytest.mark.parametrize("seed", range(100))
def test_never_later_than_sampling_plus_bisection(seed: int) -> None:
    check_against_sampling(random_pair(random.Random(seed)), 100)


@pytest.mark.slow
def test_never_later_than_sampling_plus_bisection_on_thousands_of_motions() -> None:
    statuses: dict[str, int] = {}
    for seed in range(100, 3100):
        result = check_against_sampling(random_pair(random.Random(seed)), 400)
        statuses[result.status] = statuses.get(result.status, 0) + 1
    assert statuses.get("hit", 0) > 500 and statuses.get("miss", 0) > 500
