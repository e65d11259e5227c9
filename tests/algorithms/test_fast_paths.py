"""The certificates' fast paths against the general code they stand in for: on seeded
random inputs, edge values among them (signed zeros, ties, subnormals, overflow, NaN), they
give the same floats, bit for bit (compared by ``repr``, which tells ``-0.0`` from ``0.0``),
or leave the case to the general code."""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence

import pytest

from gjkcli.algorithms.bounds import _reach, reach, separation
from gjkcli.algorithms.certificate import Weights, _few_named, _named, named_point
from gjkcli.algorithms.simplex import closest_to_origin, nearest_to_origin
from gjkcli.algorithms.support import SupportPoint
from gjkcli.algorithms.verdict import _filtered_around_origin
from gjkcli.shapes import Polytope, capsule, circle, ellipse, rectangle, rounded
from gjkcli.shapes.affine import Affine, Transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import CERTIFICATE_ROUNDING
from tests.algorithms.test_orientation_filter import adversarial

EDGES: tuple[float, ...] = (
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    2.0**-53,
    1.0 + 2.0**-52,
    5e-324,
    -5e-324,
    1e308,
    -1e308,
)


def edgy(rng: random.Random, scale: float = 1.0) -> float:
    """A random float, often an edge value."""
    if rng.random() < 0.3:
        return rng.choice(EDGES)
    return rng.uniform(-1.0, 1.0) * scale * math.pow(10.0, rng.uniform(-20, 20))


def outcome(
    function: Callable[[tuple[Vec, ...], Weights], Vec | None],
    vertices: tuple[Vec, ...],
    weights: Weights,
) -> str:
    """What ``function`` returns, as its ``repr``, or the name of the error it raises."""
    try:
        return repr(function(vertices, weights))
    except (OverflowError, ValueError, ZeroDivisionError) as error:
        return type(error).__name__


def test_named_point_of_one_or_two_weights_is_the_general_one() -> None:
    rng = random.Random(1)
    taken = 0
    for _ in range(20000):
        vertices = tuple((edgy(rng), edgy(rng)) for _ in range(3))
        count = rng.choice((1, 2))
        weights = tuple((rng.randrange(3), abs(edgy(rng))) for _ in range(count))
        if rng.random() < 0.2:  # a vertex named twice
            weights = weights[:1] * count
        if rng.random() < 0.2:  # the weights a certificate has: summing to 1 (or 1.0 alone)
            w = rng.random()
            weights = ((weights[0][0], 1.0),) if count == 1 else ((0, w), (2, 1.0 - w))
        few, general = outcome(_few_named, vertices, weights), outcome(_named, vertices, weights)
        if few == "None":
            continue  # left to the general code (an infinite sum)
        taken += 1
        assert few == general, (vertices, weights)
    assert taken > 10000  # the fast path is the usual one


def test_named_point_is_the_fsum_of_its_terms_at_a_rounding_tie() -> None:
    # 1 + 2**-53 is halfway between two floats: both round to the even one, 1.0
    line = Polytope(((1.0, 0.0), (2.0**-53, 0.0)))
    assert named_point(line, ((0, 1.0), (1, 1.0)), (0.0, 0.0)) == (0.5, 0.0)
    assert _named(line.vertices, ((0, 1.0), (1, 1.0))) == (0.5, 0.0)
    huge = Polytope(((1e308, 0.0), (1e308, 0.0)))
    with pytest.raises(OverflowError):  # as fsum raises: the fast path leaves it alone
        named_point(huge, ((0, 1.0), (1, 1.0)), (0.0, 0.0))


def reference_filter(points: Sequence[SupportPoint]) -> bool | None:
    """The float filter as first written, with loops, for the comparison."""
    xs, ys, sizes_x, sizes_y = [], [], [], []
    for _, (ax, ay), (bx, by) in points:
        xs.append(ax - bx)
        ys.append(ay - by)
        sizes_x.append(abs(ax) + abs(bx))
        sizes_y.append(abs(ay) + abs(by))
    positive = negative = unknown = False
    for k, j in ((0, 1), (1, 2), (2, 0)):
        side = xs[k] * ys[j] - xs[j] * ys[k]
        bound = CERTIFICATE_ROUNDING * (sizes_x[k] * sizes_y[j] + sizes_x[j] * sizes_y[k])
        bound += sys.float_info.min
        if side > bound:
            positive = True
        elif side < -bound:
            negative = True
        else:
            unknown = True
    if positive and negative:
        return False
    return None if unknown else True


def test_the_unrolled_orientation_filter_decides_as_the_loop_did() -> None:
    rng = random.Random(2)
    answers = set()
    for k in range(20000):
        points = adversarial(rng)
        if k % 5 == 0:  # numbers that are not finite, and zeros of both signs
            wild = (math.nan, math.inf, -math.inf, 0.0, -0.0, 1e308)
            index, member = rng.randrange(3), rng.choice((1, 2))
            w, a, b = points[index]
            changed = (rng.choice(wild), a[1]) if member == 1 else (b[0], rng.choice(wild))
            points[index] = (
                SupportPoint(w, changed, b) if member == 1 else SupportPoint(w, a, changed)
            )
        expected = reference_filter(points)
        assert _filtered_around_origin(points) is expected
        answers.add(expected)
    assert answers == {True, False, None}


@pytest.mark.parametrize("count", [1, 2, 3])
def test_the_nearest_point_is_the_closest_ones(count: int) -> None:
    rng = random.Random(count)
    for _ in range(5000):
        points: list[Vec] = [(edgy(rng, 1e3), edgy(rng, 1e3)) for _ in range(count)]
        if count == 3 and rng.random() < 0.5:  # around the origin
            points = [(rng.uniform(0.1, 2), rng.uniform(-1, 1)), (-1.0, 1.0), (-1.0, -1.5)]
        try:
            expected = repr(closest_to_origin(points).v)
        except ZeroDivisionError:  # the exact weights of a collinear triangle's rounding
            continue
        assert repr(nearest_to_origin(points)) == expected


def test_reach_is_kept_on_gjkclis_shapes_only() -> None:
    rng = random.Random(4)
    for _ in range(200):
        shapes = [
            rectangle((edgy(rng), edgy(rng)), (rng.uniform(0, 3), rng.uniform(0, 3))),
            circle((edgy(rng), edgy(rng)), rng.uniform(0, 2)),
            capsule((edgy(rng), 0.0), (0.0, edgy(rng)), rng.uniform(0, 2)),
            ellipse((edgy(rng), edgy(rng)), (rng.uniform(0, 3), rng.uniform(0, 3)), 30.0),
        ]
        for shape in shapes:
            computed = _reach(shape)
            assert repr(reach(shape)) == repr(reach(shape)) == repr(computed)

    class Movable:  # a shape of its own, which may change: never kept
        def __init__(self) -> None:
            self.at = (1.0, 0.0)

        def support(self, d: Vec) -> Vec:
            return self.at

    movable = Movable()
    assert reach(movable) == 1.0
    movable.at = (3.0, 4.0)
    assert reach(movable) == 5.0


def test_reach_of_a_users_shape_rounded_or_mapped_follows_it() -> None:
    # gjkcli's frozen wrappers around a shape of the user's own, which may change: what is
    # computed from them is computed again, as it was before anything was kept
    class Movable:
        def __init__(self) -> None:
            self.at = (1.0, 0.0)

        def support(self, d: Vec) -> Vec:
            return self.at

    def wrappers(core: Movable) -> list[ConvexShape]:
        grown = rounded(core, 1.0)
        return [
            grown,
            Transformed(core, Affine.from_parts((2.0, 2.0))),
            Transformed(grown, Affine.from_parts((1.0, 3.0))),
        ]

    movable = Movable()
    box = rectangle((20.0, 0.0), (2.0, 2.0))
    kept = wrappers(movable)
    first = [(reach(shape), separation(shape, box, (1.0, 0.0))) for shape in kept]
    assert [r for r, _ in first] == [2.0, math.hypot(2.0, 2.0), 2.0 * math.hypot(1.0, 3.0)]
    movable.at = (3.0, 4.0)
    moved = [(reach(shape), separation(shape, box, (1.0, 0.0))) for shape in kept]
    fresh = [(reach(shape), separation(shape, box, (1.0, 0.0))) for shape in wrappers(movable)]
    assert repr(moved) == repr(fresh)
    assert [r for r, _ in moved] == [6.0, 5.0 * math.hypot(2.0, 2.0), 6.0 * math.hypot(1.0, 3.0)]
    assert moved[2][1] != first[2][1]  # the inner box size was not kept either


def test_a_kept_box_size_bounds_the_separation_as_a_fresh_one() -> None:
    # the box size of a transformed shape's inner shape is kept: the same bound, first
    # time (computed) and second (kept), as for a fresh copy of the shape
    rng = random.Random(5)
    for _ in range(200):
        centre = (edgy(rng, 10.0), edgy(rng, 10.0))
        axes = (rng.uniform(0.1, 3), rng.uniform(0.1, 3))
        angle = rng.uniform(0, 360)
        a, b = ellipse(centre, axes, angle), rectangle((edgy(rng), 5.0), (1.0, 1.0))
        n = (rng.uniform(-1, 1), rng.uniform(-1, 1))
        first, second = separation(a, b, n), separation(a, b, n)
        fresh = separation(ellipse(centre, axes, angle), b, n)
        assert repr(first) == repr(second) == repr(fresh)
