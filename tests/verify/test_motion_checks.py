"""The referees of a ray cast (:mod:`gjkcli.verify.ray_check`) and of a rotating time of
impact (:mod:`gjkcli.verify.toi_check`): each catches the wrong answer it is there for."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import pytest

from gjkcli.algorithms.poses import STILL, Motion, Move, Pose
from gjkcli.algorithms.raycast import RayHit
from gjkcli.algorithms.toi import ToiResult
from gjkcli.shapes import Polytope, capsule, circle, ellipse, hull, rectangle
from gjkcli.verify import ray_check, toi_check
from gjkcli.verify.ray_check import check_ray

BOX = rectangle((3.0, 0.0), (2.0, 2.0))


@pytest.mark.parametrize(
    ("shape", "origin", "direction", "reach"),
    [
        (BOX, (0.0, 0.0), (1.0, 0.0), 5.0),
        (BOX, (0.0, 0.5), (1.0, 0.0), 1.0),
        (BOX, (3.0, 0.0), (0.0, 1.0), 1.0),
        (circle((0.0, 4.0), 1.0), (0.0, 0.0), (0.1, 1.0), 10.0),
        (capsule((3.0, -1.0), (3.0, 1.0), 0.5), (0.0, 1.3), (1.0, 0.0), 10.0),
        (ellipse((5.0, 0.0), (2.0, 1.0), 30.0), (0.0, 0.0), (1.0, 0.1), 10.0),
        (rectangle((1e9, 0.0), (2.0, 2.0)), (0.0, 0.0), (1.0, 0.0), 2e9),
    ],
    ids=["box-hit", "box-short", "inside", "circle", "capsule", "ellipse", "far"],
)
def test_right_answers_agree(
    shape: object, origin: tuple[float, float], direction: tuple[float, float], reach: float
) -> None:
    checked = check_ray(shape, origin, direction, reach)  # type: ignore[arg-type]
    assert checked.agree, checked.problems


def wrong(checked: ray_check.RayCheck, **changes: object) -> tuple[str, ...]:
    """The problems the referees find with the ray cast's answer changed so."""

    def cast(*args: object, **kwargs: object) -> RayHit:
        return dataclasses.replace(checked.hit, **changes)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ray_check, "raycast", cast)
        return check_ray(
            checked.shape, checked.origin, checked.direction, checked.max_fraction
        ).problems


def test_a_late_hit_is_caught_by_the_exact_ray_cast_and_shapely() -> None:
    checked = check_ray(BOX, (0.0, 0.0), (1.0, 0.0), 5.0)
    problems = wrong(checked, fraction=2.0 + 1e-9, point=(2.0 + 1e-9, 0.0))
    assert any("differs from the exact ray cast's 2.0" in problem for problem in problems)
    late = wrong(checked, fraction=2.1, point=(2.1, 0.0))
    assert any(
        problem.startswith("Shapely (the ray's origin as B") and "B's sweep meets A by" in problem
        for problem in late
    ), late


def test_a_hit_within_the_tolerance_passes() -> None:
    checked = check_ray(BOX, (0.0, 0.0), (1.0, 0.0), 5.0)
    assert wrong(checked, fraction=math.nextafter(2.0, 3.0)) == ()


def test_a_missed_hit_and_a_false_inside_are_caught() -> None:
    checked = check_ray(circle((0.0, 4.0), 1.0), (0.0, 0.0), (0.0, 1.0), 5.0)
    assert checked.analytic is not None and checked.analytic.fraction == 3.0
    missed = wrong(checked, status="miss", fraction=None, point=None, normal=None)
    assert "the ray cast says miss, the analytic ray cast says hit" in missed
    inside = wrong(checked, status="inside", fraction=0.0, point=(0.0, 0.0), normal=None)
    assert "the ray cast says inside, the analytic ray cast says hit" in inside


def test_a_wrong_normal_is_caught() -> None:
    checked = check_ray(BOX, (0.0, 0.0), (1.0, 0.0), 5.0)
    tilted = wrong(checked, normal=(-0.8, 0.6))
    assert tilted == (
        "the shape's supporting line along the normal misses the hit point by 0.6, beyond the "
        "allowance 5e-09",
    )
    assert "is not a unit vector" in wrong(checked, normal=(-2.0, 0.0))[0]
    assert "the ray leaves through the normal" in wrong(checked, normal=(1.0, 0.0))[-1]


HEXAGON = hull(
    [
        (1.4241600595658186, 1.0271191679188787),
        (-2.7469660052930167, 1.9269240200793032),
        (-2.3592593279565066, -0.17201329680886968),
        (2.200322776068683, -0.013084254748632063),
        (3.315281298437746, 1.2019900293039578),
        (4.010080214483853, 2.2675933018932284),
    ]
)


def test_a_ray_passing_a_corner_closer_than_its_end_rounds_agrees() -> None:
    # Aimed at the corner (4.01..., 2.27...), the ray passes it 1.1e-16 outside (exactly: a
    # miss), but its end o + d rounds 2.2e-16 sideways, onto the corner: Shapely's segment
    # met the hexagon, and the miss was called a disagreement (6 of 1,500 such rays).
    origin, direction = (
        (4.418343052590685, -2.715710968871397),
        (-0.816525676213663, 9.96660854152925),
    )
    checked = check_ray(HEXAGON, origin, direction, 1.0)
    assert checked.exact is not None and checked.exact.status == "miss"
    assert checked.hit.status == "miss" and checked.agree, checked.problems
    assert checked.shapely is not None and checked.shapely.gap_at == 0.0  # it does meet there
    # a miss claimed for a ray through the hexagon is still caught by Shapely, whether its
    # end o + d is exact (0.5 + 0.25) or rounded (0.1 + 0.3)
    for through, along in (((0.5, -5.0), (0.25, 10.0)), ((0.1, -5.0), (0.3, 10.0))):
        crossing = check_ray(HEXAGON, through, along, 1.0)
        missed = wrong(crossing, status="miss", fraction=None, point=None, normal=None)
        assert any("B's whole sweep meets A, but the cast claims a miss" in p for p in missed)


@pytest.mark.slow
def test_thousands_of_rays_aimed_at_corners_agree_with_every_referee() -> None:
    # random hexagons 0, 1e3 or 1e6 from the origin, rays through one of their corners or
    # 1e-13 of the offset beside it: the exact ray cast, Shapely (its sweep's rounded end
    # allowed for) and the normal all agree with the ray cast
    rng = random.Random(3)
    statuses: Counter[str] = Counter()
    for _ in range(1500):
        far = rng.choice([0.0, 1e3, 1e6])
        shape = hull([(far + rng.uniform(-5, 5), far + rng.uniform(-5, 5)) for _ in range(6)])
        assert isinstance(shape, Polytope)
        cx, cy = rng.choice(shape.vertices)
        turn = rng.uniform(0.0, 2.0 * math.pi)
        dx, dy = 10.0 * math.cos(turn), 10.0 * math.sin(turn)
        origin = (cx - 0.5 * dx + rng.choice([0.0, 1e-13, -1e-13]) * far, cy - 0.5 * dy)
        checked = check_ray(shape, origin, (dx, dy), 1.0)
        assert checked.agree, (shape, origin, (dx, dy), checked.problems)
        statuses[checked.hit.status] += 1
    assert statuses["hit"] > 500 and statuses["miss"] > 100, statuses


SPIN = Motion(Move(), Move(Pose(5.0, 0.0, 0.0), Pose(0.0, 0.0, 90.0)))
BALL = circle((0.0, 0.0), 1.0)


def judged(**changes: object) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The problems and notes that sampling finds with the time of impact changed so."""
    checked = toi_check.check_toi(BALL, BALL, SPIN)
    assert checked.agree and checked.sampled is not None
    result: ToiResult = dataclasses.replace(checked.result, **changes)  # type: ignore[arg-type]
    return toi_check._judge(result, checked.sampled)


def test_the_time_of_impact_and_sampling_agree_on_a_spinning_hit() -> None:
    checked = toi_check.check_toi(BALL, BALL, SPIN)
    assert checked.result.status == "hit" and checked.result.bracket is not None
    assert checked.sampled is not None
    assert checked.result.bracket[0] <= checked.sampled <= checked.result.bracket[1] + 1e-9


def test_sampling_catches_a_late_bracket_a_false_miss_and_a_false_overlap() -> None:
    problems, _ = judged(bracket=(0.7, 0.7), time=0.7)
    assert problems[0].startswith("the time of impact proves the shapes apart before t = 0.7, ")
    problems, _ = judged(status="miss", bracket=None, time=None)
    assert problems[0].startswith("the time of impact proves a miss, but sampling finds")
    problems, _ = judged(status="overlapping", bracket=(0.0, 0.0), time=0.0)
    assert problems[0].startswith("the time of impact says the shapes overlap at t = 0")


def test_sampling_that_finds_nothing_proves_nothing() -> None:
    apart = Motion(Move(), Move(Pose(5.0, 0.0, 0.0), Pose(5.0, 9.0, 90.0)))
    checked = toi_check.check_toi(BALL, BALL, apart)
    assert (checked.result.status, checked.sampled, checked.agree) == ("miss", None, True)
    result = dataclasses.replace(checked.result, status="hit", bracket=(0.5, 0.5), time=0.5)
    problems, notes = toi_check._judge(result, None)
    assert problems == () and notes[0].startswith("sampling found no contact")


def test_a_turning_box_against_a_box() -> None:
    bar = rectangle((0.0, 0.0), (8.0, 0.5))
    turn = Motion(Move(STILL, Pose(0.0, 0.0, 90.0)), Move())
    checked = toi_check.check_toi(bar, rectangle((0.0, 3.0), (1.0, 1.0)), turn)
    assert checked.result.status == "hit" and checked.agree, checked.problems
