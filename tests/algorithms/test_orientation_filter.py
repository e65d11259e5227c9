"""The float filter in front of the exact test of a triangle of ``A - B`` around the origin:
wherever it decides, it decides as the exact test does, on triangles built to sit on the
edge of its bound (the origin on a side, or a rounding-sized step off it, sliver
triangles far out, subnormal and huge coordinates)."""

from __future__ import annotations

import math
import random

from gjkcli.algorithms.support import SupportPoint
from gjkcli.algorithms.verdict import _exact_around_origin, _filtered_around_origin
from gjkcli.shapes.base import Vec


def triangle(members: list[tuple[Vec, Vec]]) -> list[SupportPoint]:
    return [SupportPoint((a[0] - b[0], a[1] - b[1]), a, b) for a, b in members]


def flattened(points: list[SupportPoint]) -> tuple[float, ...]:
    return tuple(c for p in points for corner in (p.a, p.b) for c in corner)


def nudged(value: float, rng: random.Random) -> float:
    """``value`` moved by a few ulps, or not at all."""
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        value = math.nextafter(value, rng.choice((-math.inf, math.inf)))
    return value


def adversarial(rng: random.Random) -> list[SupportPoint]:
    """Three points ``a - b``, often with the origin on or a hair off a side."""
    scale = 10.0 ** rng.uniform(-300, 150)
    offset = rng.choice((0.0, 1.0, 1e6, 1e12)) * scale * 10.0 ** rng.uniform(0, 3)
    corners = [(rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale) for _ in range(3)]
    if rng.random() < 0.6:  # the origin on the line through two corners (up to rounding)
        (x, y), s = corners[0], rng.choice((-1.0, 1.0)) * 10.0 ** rng.uniform(-3, 3)
        corners[1] = (-s * x, -s * y)
        rng.shuffle(corners)
    if rng.random() < 0.2:  # a repeated or collinear corner
        corners[2] = corners[rng.randrange(2)]
    members = []
    for x, y in corners:
        bx, by = nudged(offset, rng), nudged(-offset, rng)
        members.append(((nudged(x + bx, rng), nudged(y + by, rng)), (bx, by)))
    return triangle(members)


def test_the_filter_decides_only_as_the_exact_test_does() -> None:
    rng = random.Random(15)
    decided = 0
    for _ in range(20000):
        points = adversarial(rng)
        filtered = _filtered_around_origin(points)
        if filtered is not None:
            decided += 1
            assert filtered == _exact_around_origin.__wrapped__(flattened(points))
    assert 2000 < decided < 20000  # both ways are exercised


def test_the_origin_on_a_side_is_left_to_the_exact_test() -> None:
    on_a_side = triangle(
        [((1.0, 0.0), (0.0, 0.0)), ((-1.0, 0.0), (0.0, 0.0)), ((0.0, 1.0), (0.0, 0.0))]
    )
    assert _filtered_around_origin(on_a_side) is None
    assert _exact_around_origin(flattened(on_a_side)) is False


def test_a_rounding_sized_step_inside_is_left_to_the_exact_test() -> None:
    far = 1e10
    step = math.ulp(far)  # a - b is exact, but far from the floats' resolution near 0
    members = [((far, step), (far, 0.0)), ((-1.0, -1.0), (0.0, 0.0)), ((1.0, -1.0), (0.0, 0.0))]
    points = triangle(members)
    assert _filtered_around_origin(points) in (None, True)
    assert _exact_around_origin(flattened(points)) is True


def test_not_finite_numbers_are_never_decided_by_the_filter() -> None:
    for bad in (math.inf, -math.inf, math.nan):
        points = triangle(
            [((bad, 0.0), (0.0, 0.0)), ((-1.0, -1.0), (0.0, 0.0)), ((1.0, -1.0), (0.0, 0.0))]
        )
        assert _filtered_around_origin(points) is None
