"""The exact cast, ray cast and analytic cast on hand-derived cases, and against brute force."""

from __future__ import annotations

import math
import random
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import NamedTuple

import pytest

from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.algorithms.raycast import raycast
from gjkcli.shapes import Polytope, capsule, circle, ellipse, point, rounded, segment
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import CAST_TIME_RELATIVE
from gjkcli.verify.exact_cast import analytic_cast, exact_cast, exact_gap, exact_raycast
from tests.verify.cast_pairs import (
    aimed_pair,
    difference_points,
    grid_pair,
    relative_motion,
    separated,
    squared_distance,
)

STILL: Vec = (0.0, 0.0)


def square(x0: float, y0: float, side: float = 1.0) -> Polytope:
    """The axis-aligned square with lower-left corner ``(x0, y0)``."""
    return Polytope(((x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)))


UNIT = square(0.0, 0.0)


class Case(NamedTuple):
    a: ConvexShape
    b: ConvexShape
    move: Vec
    status: str
    time: str | None = None  # a fraction's text, "1/2"


# (A, B, B's translation, status, time): each time worked out by hand in the comment
HAND = {
    # a gap of 3 between [0, 2] and [5, 7], closed by a move of 6: t = 1/2
    "box hits box": Case(square(0.0, 0.0, 2.0), square(5.0, 0.0, 2.0), (-6.0, 0.0), "hit", "1/2"),
    # B = [3, 4] x [0.5, 1.5] moving by (-4, 1): at t = 1/2 its corner (1, 1) is A's corner
    "corner meets corner": Case(UNIT, square(3.0, 0.5), (-4.0, 1.0), "hit", "1/2"),
    # the point moves along x + y = 2, which touches the square only at its corner (1, 1)
    "grazing a corner": Case(UNIT, point((2.0, 0.0)), (-2.0, 2.0), "hit", "1/2"),
    # the same line moved out by 2^-40: it passes the corner, never touching
    "missing a corner by 2^-40": Case(
        UNIT, point((2.0 + 2.0**-40, 0.0)), (-2.0, 2.0), "miss", None
    ),
    # B slides down the line x = 1 from above; its bottom edge y = 2 - 2t meets y = 1 at 1/2
    "parallel edges sliding into contact": Case(UNIT, square(1.0, 2.0), (0.0, -2.0), "hit", "1/2"),
    # B's left edge on A's right edge
    "touching, sliding along the edge": Case(
        UNIT, square(1.0, 0.0), (0.0, 1.0), "touching-receding"
    ),
    "touching, moving apart": Case(UNIT, square(1.0, 0.0), (1.0, 0.0), "touching-receding"),
    "touching, moving in": Case(UNIT, square(1.0, 0.0), (-1.0, 0.0), "touching-approaching", "0"),
    "touching, moving in at a slant": Case(
        UNIT,
        square(1.0, 0.0),
        (-1.0, 5.0),
        "touching-approaching",
        "0",
    ),
    # corner to corner at (1, 1): along either edge slides, between them goes in
    "corners, sliding along A's top": Case(
        UNIT, square(1.0, 1.0), (-1.0, 0.0), "touching-receding"
    ),
    "corners, sliding along A's side": Case(
        UNIT, square(1.0, 1.0), (0.0, -1.0), "touching-receding"
    ),
    "corners, moving in": Case(UNIT, square(1.0, 1.0), (-1.0, -1.0), "touching-approaching", "0"),
    "corners, moving past": Case(UNIT, square(1.0, 1.0), (-1.0, 1.0), "touching-receding"),
    "overlapping": Case(UNIT, square(0.5, 0.5), (5.0, 5.0), "overlapping", "0"),
    "no motion, apart": Case(UNIT, square(3.0, 0.0), STILL, "miss", None),
    "no motion, touching": Case(UNIT, square(1.0, 0.0), STILL, "touching-receding"),
    "no motion, overlapping": Case(UNIT, square(0.5, 0.0), STILL, "overlapping", "0"),
    # points: (3, 4) - t (6, 8) is the origin at t = 1/2, and never with (6, 7.9)
    "point hits point": Case(point((0.0, 0.0)), point((3.0, 4.0)), (-6.0, -8.0), "hit", "1/2"),
    "point misses point": Case(point((0.0, 0.0)), point((3.0, 4.0)), (-6.0, -7.9), "miss", None),
    "point on point": Case(point((1.0, 1.0)), point((1.0, 1.0)), (-6.0, -8.0), "touching-receding"),
    # collinear segments: B's left end 3 meets A's right end 1 after a move of 2 of 4
    "collinear segments": Case(
        segment((0.0, 0.0), (1.0, 0.0)),
        segment((3.0, 0.0), (4.0, 0.0)),
        (-4.0, 0.0),
        "hit",
        "1/2",
    ),
    # a point crossing a segment's middle: x = 2 - 4t is 0 at 1/2
    "point crosses segment": Case(
        point((0.0, 0.0)),
        segment((2.0, -1.0), (2.0, 1.0)),
        (-4.0, 0.0),
        "hit",
        "1/2",
    ),
    "point passes segment's end": Case(
        point((0.0, 0.0)),
        segment((2.0, 1.0), (2.0, 3.0)),
        (-4.0, 0.0),
        "miss",
        None,
    ),
    # D is a segment with no area: touching, whichever way B moves
    "point on segment, moving across": Case(
        point((0.0, 0.0)),
        segment((0.0, -1.0), (0.0, 1.0)),
        (-1.0, 0.0),
        "touching-receding",
    ),
    "segment on segment, moving along": Case(
        segment((0.0, 0.0), (2.0, 0.0)),
        segment((1.0, 0.0), (3.0, 0.0)),
        (-1.0, 0.0),
        "touching-receding",
    ),
    # the hit is at t = 1 exactly, and at t = 1 + 2^-50 just out of reach
    "hit at the end": Case(UNIT, square(3.0, 0.0), (-2.0, 0.0), "hit", "1"),
    "just out of reach": Case(UNIT, square(3.0 + 2.0**-50, 0.0), (-2.0, 0.0), "miss", None),
}


@pytest.mark.parametrize("name", list(HAND))
def test_hand_derived_casts(name: str) -> None:
    case = HAND[name]
    answer = exact_cast(case.a, case.b, STILL, case.move)
    assert answer is not None
    assert answer.status == case.status
    expected = None if case.time is None else Fraction(case.time)
    assert answer.time == expected
    if expected is None:
        assert answer.point is None
    else:
        move = case.move
        assert answer.point == (expected * Fraction(move[0]), expected * Fraction(move[1]))


def test_both_shapes_moving_is_their_relative_motion() -> None:
    # A moves right by 3 and B left by 3: the gap of 3 closes at 1/2, as for B alone by 6
    answer = exact_cast(square(0.0, 0.0, 2.0), square(5.0, 0.0, 2.0), (3.0, 0.0), (-3.0, 0.0))
    assert answer is not None and answer.time == Fraction(1, 2)


def test_the_relative_motion_is_exact_not_rounded() -> None:
    # A moves by 1 and B by 2^-60 towards it: r = 2^-60 - 1, which rounds to -1 as a float.
    # B, 1 away, would then arrive at t = 1 exactly; it is in fact 2^-60 short of A at t = 1.
    a, b = point((0.0, 0.0)), point((1.0, 0.0))
    assert 2.0**-60 - 1.0 == -1.0
    short = exact_cast(a, b, (1.0, 0.0), (2.0**-60, 0.0))
    assert short is not None and short.status == "miss"
    rounded_motion = exact_cast(a, b, STILL, (2.0**-60 - 1.0, 0.0))
    assert rounded_motion is not None and rounded_motion.time == 1


def test_long_thin_target_far_from_the_origin() -> None:
    # A: a segment 1e6 long rising by 1 over its length, from (1e9, 1e9); B: a unit square
    # above it near its middle, falling while drifting right. B's lower right corner
    # (x0, y0) + t (dx, dy) meets the line y = 1e9 + (x - 1e9) / 1e6 at
    # t = (1e9 + (x0 - 1e9) / 1e6 - y0) / (dy - dx / 1e6).
    base = 1e9
    a = segment((base, base), (base + 1e6, base + 1.0))
    b = square(base + 123456.5, base + 3.25)
    move = (0.75, -6.5)
    x0, y0 = Fraction(base + 123457.5), Fraction(base + 3.25)
    dx, dy = Fraction(move[0]), Fraction(move[1])
    line = Fraction(1, 10**6)
    expected = (Fraction(base) + (x0 - Fraction(base)) * line - y0) / (dy - dx * line)
    answer = exact_cast(a, b, STILL, move)
    assert answer is not None
    assert answer.status == "hit" and answer.time == expected
    assert 0 < expected < 1


def test_curved_and_compound_shapes_have_no_exact_cast() -> None:
    assert exact_cast(UNIT, circle((3.0, 0.0), 1.0), STILL, (-1.0, 0.0)) is None
    assert exact_raycast(circle((3.0, 0.0), 1.0), STILL, (1.0, 0.0)) is None


# --- against brute force -----------------------------------------------------------------


def check_against_brute_force(a: Polytope, b: Polytope, move: Vec) -> str:
    """The exact cast's answer holds up against the brute-force exact distance: at its time
    ``t r`` is in ``A - B`` and, a little earlier, not; on a miss an axis separates the
    path from 0 to ``r`` from ``A - B``; a contact at the start has 0 in ``A - B``."""
    answer = exact_cast(a, b, STILL, move)
    assert answer is not None
    points = difference_points(a, b)
    rx, ry = relative_motion(STILL, move)

    def squared(t: Fraction) -> Fraction:
        return squared_distance(points, (t * rx, t * ry))

    if answer.status == "hit":
        assert answer.time is not None and 0 < answer.time <= 1
        assert squared(answer.time) == 0
        assert squared(answer.time * (1 - Fraction(1, 2**40))) > 0
    elif answer.status == "miss":
        assert answer.time is None
        assert separated(points, (rx, ry))
    else:
        assert squared(Fraction(0)) == 0
    return answer.status


def test_grid_pairs_against_brute_force() -> None:
    rng = random.Random(180)
    seen: dict[str, int] = {}
    for _ in range(150):
        a, b, move = grid_pair(rng)
        status = check_against_brute_force(a, b, move)
        seen[status] = seen.get(status, 0) + 1
    # the grid makes every status happen
    assert set(seen) == {
        "hit",
        "miss",
        "overlapping",
        "touching-approaching",
        "touching-receding",
    }


def test_grid_statuses_at_the_start_against_small_steps() -> None:
    # touching at t = 0: approaching exactly when a small step goes strictly inside A - B,
    # which the brute force sees as some room around t r (its distance to the outside)
    rng = random.Random(181)
    checked = 0
    while checked < 40:
        a, b, move = grid_pair(rng)
        answer = exact_cast(a, b, STILL, move)
        assert answer is not None
        if not answer.status.startswith("touching"):
            continue
        checked += 1
        rx, ry = relative_motion(STILL, move)
        step = Fraction(1, 2**20)
        room = _room(difference_points(a, b), (step * rx, step * ry))
        assert (room > 0) == (answer.status == "touching-approaching")


def _room(points: list[tuple[Fraction, Fraction]], x: tuple[Fraction, Fraction]) -> Fraction:
    """How far inside the hull of ``points`` the point ``x`` is: the least of its heights
    over the hull's edges, scaled by their lengths (negative outside, 0 on the boundary,
    and 0 for a hull without area)."""
    ring = [points[i] for i in convex_hull_indices(points)]
    if len(ring) < 3:
        return Fraction(0)
    return min(
        (q[0] - p[0]) * (x[1] - p[1]) - (q[1] - p[1]) * (x[0] - p[0])
        for p, q in zip(ring, [*ring[1:], ring[0]], strict=True)
    )


# --- ray casts ---------------------------------------------------------------------------


def test_ray_casts() -> None:
    box = square(-1.0, -1.0, 2.0)
    hit = exact_raycast(box, (-4.0, 0.5), (6.0, 0.0))
    assert hit is not None and hit.status == "hit"
    assert hit.fraction == Fraction(1, 2) and hit.point == (Fraction(-1), Fraction(1, 2))
    short = exact_raycast(box, (-4.0, 0.5), (6.0, 0.0), max_fraction=0.25)
    assert short is not None and short.status == "miss" and short.fraction is None
    far = exact_raycast(box, (-4.0, 0.5), (1.0, 0.0), max_fraction=10.0)
    assert far is not None and far.fraction == Fraction(3)
    past = exact_raycast(box, (-4.0, 1.5), (6.0, 0.0))
    assert past is not None and past.status == "miss"
    inside = exact_raycast(box, (0.0, 0.0), (6.0, 0.0))
    assert inside is not None and inside.status == "inside" and inside.fraction == 0
    corner = exact_raycast(box, (-3.0, 3.0), (1.0, -1.0), max_fraction=5.0)
    assert corner is not None and corner.fraction == Fraction(2)  # through (-1, 1)
    dot = exact_raycast(point((2.0, 2.0)), (0.0, 0.0), (1.0, 1.0), max_fraction=3.0)
    assert dot is not None and dot.fraction == Fraction(2)
    with pytest.raises(ValueError, match="max_fraction"):
        exact_raycast(box, (0.0, 0.0), (1.0, 0.0), max_fraction=-1.0)


def test_ray_cast_is_the_cast_of_a_point() -> None:
    # a ray from o along d against S is B = the point o moved by d against A = S
    rng = random.Random(182)
    for _ in range(60):
        a, b, move = grid_pair(rng)
        origin = b.vertices[0]
        ray = exact_raycast(a, origin, move)
        cast = exact_cast(a, Polytope((origin,)), STILL, move)
        assert ray is not None and cast is not None
        if cast.status in ("hit", "miss"):
            assert (ray.status, ray.fraction) == (cast.status, cast.time)
        else:
            assert ray.status == "inside" and ray.fraction == 0


def test_the_float_ray_cast_agrees_with_the_exact_one() -> None:
    # gjkcli's ray cast (van den Bergen's loop, made exact on its last edge) against the
    # rational answer, from a corner of B along B's translation, with various lengths
    rng = random.Random(185)
    seen = set()
    for index in range(300):
        a, b, move = (grid_pair if index % 2 else aimed_pair)(rng)
        if move == (0.0, 0.0):
            continue
        origin, limit = b.vertices[0], rng.choice([0.5, 1.0, 3.0])
        exact = exact_raycast(a, origin, move, limit)
        ray = raycast(a, origin, move, limit)
        assert exact is not None and ray.status == exact.status, (a, origin, move, limit)
        seen.add(exact.status)
        if exact.fraction is not None:
            assert ray.fraction is not None
            off = abs(Fraction(ray.fraction) - exact.fraction)
            assert off <= CAST_TIME_RELATIVE * exact.fraction, (a, origin, move, limit)
    assert seen == {"hit", "miss", "inside"}


# --- analytic casts ----------------------------------------------------------------------


def decimal_time(expression: str) -> float:
    """A hand-solved root, evaluated at 50 digits and rounded once."""
    with localcontext() as context:
        context.prec = 50
        return float(eval(expression, {"D": Decimal, "sqrt": lambda x: Decimal(x).sqrt()}))


ANALYTIC = {
    # centres (5 - 6t, 1) and the origin are 1.5 apart when 5 - 6t = sqrt(1.25)
    "circle hits circle": (
        circle((0.0, 0.0), 1.0),
        circle((5.0, 1.0), 0.5),
        (-6.0, 0.0),
        0.0,
        "(D(5) - sqrt('1.25')) / D(6)",
    ),
    # the capsule's flat side y = 1 meets the point (2, 5 - 8t) at t = 1/2
    "point hits capsule's side": (
        capsule((0.0, 0.0), (4.0, 0.0), 1.0),
        point((2.0, 5.0)),
        (0.0, -8.0),
        0.0,
        "D(1) / D(2)",
    ),
    # the end disc at (4, 0): (3 - 8t)^2 + 0.25 = 1
    "point hits capsule's end": (
        capsule((0.0, 0.0), (4.0, 0.0), 1.0),
        point((7.0, 0.5)),
        (-8.0, 0.0),
        0.0,
        "(D(3) - sqrt('0.75')) / D(8)",
    ),
    # the rounded box's corner disc at (1, 1), radius 1/2: sqrt(2) (2 - 4t) = 1/2
    "point hits rounded corner": (
        rounded(square(-1.0, -1.0, 2.0), 0.5),
        point((3.0, 3.0)),
        (-4.0, -4.0),
        0.0,
        "(D(2) - D('0.5') / sqrt(2)) / D(4)",
    ),
    # two capsules crossing: B's core (x, 3 - 4t) for x in [-1, 1] comes within 1.5 of A's
    # core (segment y = 0) when 3 - 4t = 1.5
    "capsule hits capsule": (
        capsule((-2.0, 0.0), (2.0, 0.0), 1.0),
        capsule((-1.0, 3.0), (1.0, 3.0), 0.5),
        (0.0, -4.0),
        0.0,
        "D('1.5') / D(4)",
    ),
    # target distance: the gap of 3 between the boxes is down to 1 at t = 1/3 of a move of 6
    "boxes within a target": (
        square(0.0, 0.0, 2.0),
        square(5.0, 0.0, 2.0),
        (-6.0, 0.0),
        1.0,
        "D(1) / D(3)",
    ),
    # a circle whose centre passes 0.25 above the box's corner (1, 1): within 0.5 of it when
    # (3 - 4t - 1)^2 + 0.25^2 = 0.5^2
    "circle grazing past a corner": (
        square(-1.0, -1.0, 2.0),
        circle((3.0, 1.25), 0.5),
        (-4.0, 0.0),
        0.0,
        "(D(2) - sqrt('0.1875')) / D(4)",
    ),
}


@pytest.mark.parametrize("name", list(ANALYTIC))
def test_analytic_times_against_hand_solved_roots(name: str) -> None:
    a, b, move, target, root = ANALYTIC[name]
    answer = analytic_cast(a, b, STILL, move, target)
    assert answer is not None and answer.status == "hit"
    assert answer.time is not None
    expected = decimal_time(root)
    assert abs(answer.time - expected) <= 2.0 * math.ulp(expected)


def test_analytic_statuses_at_the_start() -> None:
    unit = circle((0.0, 0.0), 1.0)
    touching = circle((2.0, 0.0), 1.0)
    cases = [
        (touching, (-1.0, 0.0), 0.0, "touching-approaching", 0.0),
        (touching, (0.0, 1.0), 0.0, "touching-receding", None),
        (touching, (1.0, 0.0), 0.0, "touching-receding", None),
        (circle((1.0, 0.0), 1.0), (5.0, 0.0), 0.0, "overlapping", 0.0),
        (circle((3.0, 0.0), 1.0), (1.0, 0.0), 1.5, "within-target", 0.0),
        (circle((9.0, 0.0), 1.0), (1.0, 0.0), 1.5, "miss", None),
    ]
    for b, move, target, status, time in cases:
        answer = analytic_cast(unit, b, STILL, move, target)
        assert answer is not None and (answer.status, answer.time) == (status, time)
    # capsules lying side by side, sliding along each other: touching, not approaching
    slide = analytic_cast(
        capsule((0.0, 0.0), (4.0, 0.0), 1.0),
        capsule((1.0, 2.0), (3.0, 2.0), 1.0),
        STILL,
        (5.0, 0.0),
    )
    assert slide is not None and slide.status == "touching-receding"


def test_analytic_cast_applies_to_polygonal_cores_only() -> None:
    box = square(0.0, 0.0)
    assert analytic_cast(box, square(3.0, 0.0), STILL, (-1.0, 0.0)) is None  # exact_cast's
    assert analytic_cast(box, ellipse((3.0, 0.0), (1.0, 2.0)), STILL, (-1.0, 0.0)) is None
    assert analytic_cast(box, circle((3.0, 0.0), 1.0), STILL, (-1.0, 0.0)) is not None


def test_analytic_target_on_polygons_matches_the_exact_cast_grown() -> None:
    # a target distance d on polygons is the cast of A against B grown by d; for a point B
    # hitting an edge head on, the grown time is the exact time with the gap shortened by d
    rng = random.Random(183)
    for _ in range(40):
        gap = rng.randint(1, 64) / 8.0
        target = rng.randint(1, 7) / 8.0 * gap
        speed = rng.randint(1, 16)
        b = point((1.0 + gap, rng.uniform(0.0, 1.0)))
        exact = exact_cast(UNIT, b, STILL, (-float(speed), 0.0))
        grown = analytic_cast(UNIT, b, STILL, (-float(speed), 0.0), target)
        assert exact is not None and grown is not None
        expected = Fraction(gap - target) / speed
        assert grown.time == (float(expected) if expected <= 1 else None)
        assert exact.time == (Fraction(gap) / speed if gap <= speed else None)


def test_analytic_casts_against_exact_distances() -> None:
    # each answer checked on the exact squared distance from t r to the cores' difference:
    # a hit's time is within 2^-48 (relative) of where that distance falls to the summed
    # radius; a miss's whole path stays beyond it (the distance from the path to A - B is
    # that from the origin to A - B minus the path, the hull of the differences)
    rng = random.Random(184)
    hits = 0
    for _ in range(60):
        cores = []
        for _ in range(2):
            cx, cy = rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0)
            count = rng.choice([1, 2, rng.randint(3, 5)])
            corners = [(cx + rng.uniform(-1, 1), cy + rng.uniform(-1, 1)) for _ in range(count)]
            cores.append((Polytope(tuple(corners)), rng.choice([0.0, rng.uniform(0.1, 1.0)])))
        (core_a, radius_a), (core_b, radius_b) = cores
        target = rng.choice([0.0, 0.0, rng.uniform(0.0, 0.5)])
        (ax, ay), (bx, by) = core_a.vertices[0], core_b.vertices[0]
        aim = rng.uniform(0.5, 2.5)
        move = ((ax - bx) * aim + rng.uniform(-2, 2), (ay - by) * aim + rng.uniform(-2, 2))
        answer = analytic_cast(
            rounded(core_a, radius_a), rounded(core_b, radius_b), STILL, move, target
        )
        if answer is None:
            assert radius_a == radius_b == target == 0.0
            continue
        reach = Fraction(radius_a) + Fraction(radius_b) + Fraction(target)
        points = difference_points(core_a, core_b)
        rx, ry = relative_motion(STILL, move)
        path = [(x - t * rx, y - t * ry) for x, y in points for t in (0, 1)]
        if _excess(points, (rx, ry), reach, Fraction(0)) <= 0:
            assert answer.status not in ("hit", "miss")
        elif squared_distance(path, (Fraction(0), Fraction(0))) > reach * reach:
            assert answer.status == "miss"
        else:
            hits += 1
            assert answer.status == "hit" and answer.time is not None
            time = Fraction(answer.time)
            assert _excess(points, (rx, ry), reach, time * (1 + Fraction(1, 2**48))) <= 0
            assert _excess(points, (rx, ry), reach, time * (1 - Fraction(1, 2**48))) > 0
    assert hits >= 20


def _excess(
    points: list[tuple[Fraction, Fraction]],
    motion: tuple[Fraction, Fraction],
    reach: Fraction,
    t: Fraction,
) -> Fraction:
    """The squared distance from ``t r`` to the hull of ``points``, less ``reach^2``."""
    return squared_distance(points, (t * motion[0], t * motion[1])) - reach * reach


def test_exact_gaps() -> None:
    # boxes 3 apart closing by 6: 1 apart at t = 1/3, touching at 1/2, overlapping after
    a, b = square(0.0, 0.0, 2.0), square(5.0, 0.0, 2.0)
    assert exact_gap(a, b, STILL, (-6.0, 0.0), 1 / 3) == pytest.approx(1.0, rel=1e-15)
    assert exact_gap(a, b, STILL, (-6.0, 0.0), 0.5) == 0.0
    assert exact_gap(a, b, STILL, (-6.0, 0.0), 0.75) == 0.0
    assert exact_gap(a, b, STILL, (-6.0, 0.0), 0.5, target_distance=0.25) == -0.25
    # both moving: A by (1, 0) and B by (-7, 0) at t = 1/8 put the circle's centre at
    # (1/8, 0) and the point at (17/8, 1): sqrt(5) - 1 apart
    gap = exact_gap(circle(STILL, 1.0), point((3.0, 1.0)), (1.0, 0.0), (-7.0, 0.0), 0.125)
    assert gap == math.sqrt(5.0) - 1.0
    # 2^-40 from touching, with nothing lost to cancellation against the radius
    tiny = exact_gap(circle(STILL, 1.0), point((2.0 + 2.0**-40, 0.0)), STILL, (-1.0, 0.0), 1.0)
    assert tiny == 2.0**-40
    assert exact_gap(ellipse((0.0, 0.0), (1.0, 2.0)), UNIT, STILL, STILL, 0.0) is None
