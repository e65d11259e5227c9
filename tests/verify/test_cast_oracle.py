"""Shapely's swept-region check: it accepts the exact and analytic answers, and catches
claims that come too late, too early, or miss a contact."""

from __future__ import annotations

import random

import pytest

from gjkcli.algorithms.decompose import decompose
from gjkcli.shapes import Polytope, capsule, circle, ellipse, point, rectangle, segment, union_of
from gjkcli.shapes.base import Vec
from gjkcli.verify.cast_oracle import swept_check
from gjkcli.verify.exact_cast import analytic_cast, exact_cast
from tests.verify.cast_pairs import aimed_pair, grid_pair

STILL: Vec = (0.0, 0.0)
BOX = rectangle((0.0, 0.0), (2.0, 2.0))
OTHER = rectangle((5.0, 0.0), (2.0, 2.0))  # 3 to the right of BOX


def test_exact_answers_are_consistent_on_random_pairs() -> None:
    rng = random.Random(280)
    statuses = set()
    for make in [aimed_pair] * 120 + [grid_pair] * 120:
        a, b, move = make(rng)
        answer = exact_cast(a, b, STILL, move)
        assert answer is not None
        time = None if answer.time is None else float(answer.time)
        check = swept_check(a, b, move, answer.status, time)
        assert check.consistent, (a, b, move, answer.status, time, check.problems)
        statuses.add(answer.status)
    assert {"hit", "miss", "overlapping"} <= statuses


def test_a_late_time_is_caught() -> None:
    check = swept_check(BOX, OTHER, (-6.0, 0.0), "hit", 0.5 + 1e-6)
    assert check.before is not None and check.before > 0.5
    assert check.gap_before == 0.0
    assert check.problems == (
        f"B's sweep meets A by t = {check.before!r}, before the claimed time 0.500001",
    )


def test_an_early_time_is_caught() -> None:
    check = swept_check(BOX, OTHER, (-6.0, 0.0), "hit", 0.5 - 1e-6)
    assert not check.consistent
    assert check.gap_at == pytest.approx(6e-6)
    assert "stays 6e-06 from A" in check.problems[0]


def test_the_exact_time_of_a_far_long_target_is_consistent() -> None:
    # near 1e9 Shapely works on the pair moved by A's corner, exactly, so its resolution
    # is that of the shapes' own size (1e6), not of 1e9
    base = 1e9
    a = segment((base, base), (base + 1e6, base + 1.0))
    b = rectangle((base + 123457.0, base + 3.75), (1.0, 1.0))
    answer = exact_cast(a, b, STILL, (0.75, -6.5))
    assert answer is not None and answer.time is not None
    time = float(answer.time)
    check = swept_check(a, b, (0.75, -6.5), "hit", time)
    assert check.consistent
    assert check.allowance < 2e-3  # 1e-9 of the shapes' reach near the origin, not of 1e9
    # a time off by 1e-3 is 3e-3 from the contact along the motion: beyond that allowance
    assert not swept_check(a, b, (0.75, -6.5), "hit", time * (1 - 1e-3)).consistent
    assert not swept_check(a, b, (0.75, -6.5), "hit", time * (1 + 1e-3)).consistent


def test_a_miss_that_hits_and_a_hit_that_misses_are_caught() -> None:
    missed = swept_check(BOX, OTHER, (-6.0, 0.0), "miss", None)
    assert missed.problems == ("B's whole sweep meets A, but the cast claims a miss",)
    wrong = swept_check(BOX, OTHER, (0.0, 6.0), "hit", 0.5)
    assert not wrong.consistent


def test_contacts_at_the_start() -> None:
    touching = rectangle((2.0, 0.0), (2.0, 2.0))
    assert swept_check(BOX, touching, (1.0, 0.0), "touching-receding", None).consistent
    assert swept_check(BOX, touching, (-1.0, 0.0), "touching-approaching", 0.0).consistent
    assert swept_check(BOX, point((0.5, 0.5)), (1.0, 0.0), "overlapping", 0.0).consistent
    apart = swept_check(BOX, OTHER, (-1.0, 0.0), "overlapping", 0.0)
    assert apart.problems == (
        "A and B start 3 apart, beyond the allowance 8e-09, but the cast claims overlapping",
    )


def test_rounded_shapes_against_analytic_times() -> None:
    rng = random.Random(281)
    for _ in range(30):
        a = capsule((0.0, 0.0), (rng.uniform(0.5, 3.0), rng.uniform(-1.0, 1.0)), 0.5)
        b = circle((rng.uniform(4.0, 6.0), rng.uniform(-2.0, 2.0)), rng.uniform(0.2, 1.0))
        move = (-rng.uniform(3.0, 9.0), rng.uniform(-1.0, 1.0))
        answer = analytic_cast(a, b, STILL, move)
        assert answer is not None
        check = swept_check(a, b, move, answer.status, answer.time)
        assert check.consistent, (a, b, move, answer, check.problems)
        assert check.error > 0.0
    # 1e-3 early is far outside the stand-ins' error bound (about 2e-5 of a unit circle)
    unit, other = circle(STILL, 1.0), circle((5.0, 0.0), 1.0)
    assert swept_check(unit, other, (-6.0, 0.0), "hit", 0.5).consistent
    assert not swept_check(unit, other, (-6.0, 0.0), "hit", 0.5 - 1e-3).consistent
    assert not swept_check(unit, other, (-6.0, 0.0), "hit", 0.5 + 1e-3).consistent


def test_target_distances() -> None:
    # the gap of 3 is down to 1 at t = 1/3 of a move of 6
    assert swept_check(BOX, OTHER, (-6.0, 0.0), "hit", 1 / 3, target_distance=1.0).consistent
    early = swept_check(BOX, OTHER, (-6.0, 0.0), "hit", 0.3, target_distance=1.0)
    assert not early.consistent
    late = swept_check(BOX, OTHER, (-6.0, 0.0), "hit", 0.4, target_distance=1.0)
    assert late.problems == (
        f"B's sweep comes within the target distance 1.0 of A by t = {late.before!r}, "
        "before the claimed time 0.4",
    )
    assert swept_check(BOX, OTHER, (0.0, 0.0), "within-target", 0.0, target_distance=3.0).consistent
    assert not swept_check(
        BOX, OTHER, (0.0, 0.0), "within-target", 0.0, target_distance=2.0
    ).consistent


def test_ellipses_go_as_stand_ins() -> None:
    flat = ellipse((5.0, 0.0), (1.0, 0.5))  # its left end at x = 4, 3 from BOX
    assert swept_check(BOX, flat, (-6.0, 0.0), "hit", 0.5).consistent
    assert not swept_check(BOX, flat, (-6.0, 0.0), "hit", 0.45).consistent


def test_compound_shapes_are_their_geometry_and_a_compound_b_sweeps_its_boundary() -> None:
    pair = union_of([point((0.0, 0.0)), point((3.0, 0.0))])
    # A, two points 3 apart: BOX's sweep to the right meets the second, not the first
    assert swept_check(
        pair, rectangle((-3.0, 5.0), (2.0, 2.0)), (6.0, 0.0), "miss", None
    ).consistent
    assert not swept_check(
        pair, rectangle((-3.0, 0.0), (2.0, 2.0)), (9.0, 0.0), "miss", None
    ).consistent
    # B, a U open upwards, lowered over a post standing in its gap: the post is never met
    # (the hull of the U and the U moved would cover it)
    u_shape = decompose([(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])
    post = rectangle((1.5, 2.5), (0.5, 2.0))  # x in [1.25, 1.75], y in [1.5, 3.5]: in the gap
    assert swept_check(post, u_shape, (0.0, -0.5), "miss", None).consistent
    assert not swept_check(post, u_shape, (0.0, 0.5), "miss", None).consistent  # rises into it


def test_coordinates_beyond_geos_say_so() -> None:
    far = 1e140
    a = Polytope(((far, far), (1.1 * far, far), (far, 1.1 * far)))
    check = swept_check(a, circle((1.5 * far, far), far / 10), (-far, 0.0), "hit", 0.4)
    assert check.unavailable is not None and check.unavailable.startswith("Shapely could not")
    assert check.consistent  # nothing measured, nothing contradicted
