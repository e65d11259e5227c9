"""Separations proven despite rounding: never above the exact value, tight where floats allow."""

from __future__ import annotations

import math
import random
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest

from gjkcli.algorithms.bounds import noise, reach, reach_along, separation
from gjkcli.shapes import Polytope, capsule, circle, ellipse, point, segment
from gjkcli.shapes.base import ConvexShape, Vec


def exact_separation_of_polytopes(a: Polytope, b: Polytope, n: Vec) -> Fraction:
    nx, ny = Fraction(n[0]), Fraction(n[1])
    high_a = max(nx * Fraction(x) + ny * Fraction(y) for x, y in a.vertices)
    low_b = min(nx * Fraction(x) + ny * Fraction(y) for x, y in b.vertices)
    return low_b - high_a


def random_polytope(rng: random.Random, scale: float, offset: float) -> Polytope:
    cx, cy = rng.uniform(-1, 1) * offset, rng.uniform(-1, 1) * offset
    size = [rng.uniform(-1, 1) * scale for _ in range(2 * rng.randint(1, 8))]
    return Polytope(tuple((cx + size[2 * k], cy + size[2 * k + 1]) for k in range(len(size) // 2)))


def test_the_lower_bound_never_exceeds_the_exact_separation_of_polytopes() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        scale, offset = 10.0 ** rng.uniform(-6, 14), 10.0 ** rng.uniform(0, 12)
        a, b = random_polytope(rng, scale, offset), random_polytope(rng, scale, offset)
        angle = rng.uniform(0, 2 * math.pi)
        n = (math.cos(angle), math.sin(angle))
        apart = separation(a, b, n)
        assert Fraction(apart.lower) <= exact_separation_of_polytopes(a, b, n)
        assert apart.lower <= apart.value or apart.exact


def test_a_long_shape_across_the_axis_costs_nothing_for_its_far_end() -> None:
    # the reproducer: a segment 1e9 long, a point 1e-7 below its end
    apart = separation(segment((0.0, 0.0), (0.0, 1e9)), point((0.0, -1e-7)), (0.0, -1.0))
    assert 0.0 < apart.lower <= 1e-7
    # the old bound took 8 ulps of the segment's whole reach along the axis: 8.9e-7
    assert apart.lower > 1e-7 - 1e-20


def test_rounding_that_hides_the_sign_sends_the_separation_to_exact_arithmetic() -> None:
    below = math.nextafter(1.0, 0.0)  # 1.1e-16 under 1: the dyn4j near-zero case
    rectangle = Polytope(((0.0, 0.0), (2.0, 0.0), (2.0, below), (0.0, below)))
    pentagon = Polytope(((0.5, 1.0), (1.5, 1.0), (1.8, 1.6), (1.0, 2.2), (0.2, 1.6)))
    apart = separation(rectangle, pentagon, (0.0, 1.0))
    assert apart.exact and apart.lower == 1.0 - below
    touching = separation(rectangle, Polytope(((0.5, below), (1.0, 3.0))), (0.0, 1.0))
    assert touching.lower <= 0.0  # no gap: not proven, whatever the arithmetic


def ellipse_reach(center: Vec, radii: tuple[float, float], d: Vec) -> Decimal:
    """max d.p over an axis-aligned ellipse, to 60 digits: |M^T d| + d.c."""
    with localcontext() as context:
        context.prec = 60
        mx, my = Decimal(radii[0]) * Decimal(d[0]), Decimal(radii[1]) * Decimal(d[1])
        return (
            (mx * mx + my * my).sqrt()
            + Decimal(d[0]) * Decimal(center[0])
            + Decimal(d[1]) * Decimal(center[1])
        )


@pytest.mark.parametrize("seed", range(5))
def test_curved_shapes_are_bounded_above_their_true_reach(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        center = (rng.uniform(-1, 1) * 10.0 ** rng.uniform(0, 12), rng.uniform(-1, 1) * 1e6)
        radii = (10.0 ** rng.uniform(-6, 14), 10.0 ** rng.uniform(-6, 14))
        angle = rng.uniform(0, 2 * math.pi)
        d = (math.cos(angle), math.sin(angle))
        extent = reach_along(ellipse(center, radii), d)
        assert Decimal(extent.bound) >= ellipse_reach(center, radii, d)


def test_rounded_shapes_add_their_radius() -> None:
    extent = reach_along(capsule((0.0, 0.0), (4.0, 0.0), 1.0), (1.0, 0.0))
    assert extent.value == 5.0 and 5.0 < extent.bound < 5.0 + 1e-14
    apart = separation(circle((0.0, 0.0), 1.0), circle((3.0, 0.0), 1.0), (1.0, 0.0))
    assert 1.0 - 1e-14 < apart.lower < 1.0 == apart.value


def test_reach_and_noise_count_the_numbers_support_points_are_computed_from() -> None:
    # an ellipse whose centre is a large M c cancelled by a large translation
    from gjkcli.shapes.affine import Affine, transformed

    disc = circle((0.0, 4.6e13), 5e5)
    squash = Affine.from_parts(scale=(1.5, 0.7), rotate=96.0, translate=(3.1e13, 0.0))
    far_made = transformed(disc, squash)
    assert reach(far_made) > 3e13 and noise(far_made) == reach(far_made)
    assert noise(segment((0.0, 0.0), (1e14, 0.0))) == 0.0  # vertices are exact
    assert noise(capsule((0.0, 0.0), (1e14, 0.0), 0.5)) == 0.5


def test_shapes_known_only_by_their_support_function_are_bounded_too() -> None:
    class Square:
        def support(self, d: Vec) -> Vec:
            return (1.0 if d[0] >= 0 else -1.0, 1.0 if d[1] >= 0 else -1.0)

    shape: ConvexShape = Square()
    extent = reach_along(shape, (1.0, 0.0))
    assert extent.value == 1.0 and extent.bound > 1.0
    assert separation(shape, point((3.0, 0.0)), (1.0, 0.0)).lower > 1.99
