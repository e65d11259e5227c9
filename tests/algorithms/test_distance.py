"""GJK distance against analytic formulas, its stopping rules, and its invariances."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gjkcli.algorithms.distance import DistanceStep, distance
from gjkcli.shapes import (
    Affine,
    Polytope,
    capsule,
    circle,
    convex_polygon,
    ellipse,
    point,
    rectangle,
    segment,
    transformed,
)
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import TOUCH_RELATIVE
from gjkcli.verify.exact import exact_answer
from tests.algorithms.conftest import Cap


def assert_closest_points_consistent(a: ConvexShape, b: ConvexShape) -> None:
    """The closest points are as far apart as the distance, and each is extreme on its shape."""
    result = distance(a, b)
    assert result.closest is not None
    (ax, ay), (bx, by) = result.closest
    assert math.hypot(bx - ax, by - ay) == pytest.approx(result.distance, rel=1e-9, abs=1e-12)
    n = ((bx - ax) / result.distance, (by - ay) / result.distance)
    # pA is a support point of A along n, pB of B along -n.
    sa, sb = a.support(n), b.support((-n[0], -n[1]))
    assert sa[0] * n[0] + sa[1] * n[1] == pytest.approx(ax * n[0] + ay * n[1], abs=1e-9)
    assert sb[0] * n[0] + sb[1] * n[1] == pytest.approx(bx * n[0] + by * n[1], abs=1e-9)


def test_circle_circle_is_center_distance_minus_radii() -> None:
    rng = random.Random(11)
    for _ in range(500):
        c1 = (rng.uniform(-10, 10), rng.uniform(-10, 10))
        c2 = (rng.uniform(-10, 10), rng.uniform(-10, 10))
        r1, r2 = rng.uniform(0, 3), rng.uniform(0, 3)
        result = distance(circle(c1, r1), circle(c2, r2))
        expected = max(0.0, math.dist(c1, c2) - r1 - r2)
        assert result.distance == pytest.approx(expected, abs=1e-12)
        assert result.intersects is (expected == 0.0)
        if expected > 0:
            assert_closest_points_consistent(circle(c1, r1), circle(c2, r2))


def test_point_segment_matches_the_projection_formula() -> None:
    rng = random.Random(12)
    for _ in range(500):
        p = (rng.uniform(-5, 5), rng.uniform(-5, 5))
        s, e = (rng.uniform(-5, 5), rng.uniform(-5, 5)), (rng.uniform(-5, 5), rng.uniform(-5, 5))
        ex, ey = e[0] - s[0], e[1] - s[1]
        t = max(0.0, min(1.0, ((p[0] - s[0]) * ex + (p[1] - s[1]) * ey) / (ex * ex + ey * ey)))
        expected = math.hypot(p[0] - s[0] - t * ex, p[1] - s[1] - t * ey)
        assert distance(point(p), segment(s, e)).distance == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("offset", [0.0, 1e3, 1e6, 1e9])
def test_boxes_at_known_gaps(offset: float) -> None:
    box = rectangle((offset, offset), (2.0, 2.0))
    band = TOUCH_RELATIVE * (1.0 + offset + 3.0)
    for gap in (3.0, 1.0, 0.25, 2.0**-20, 2.0**-40):
        side = distance(box, rectangle((offset + 2.0 + gap, offset + 0.5), (2.0, 2.0)))
        corner = distance(box, rectangle((offset + 2.0 + gap, offset + 2.0 + gap), (2.0, 2.0)))
        if gap * math.sqrt(2.0) <= band:
            assert side.intersects and corner.intersects
            continue
        # Every gap and offset here is exactly representable, so the answer is exact.
        assert side.distance == gap
        assert corner.distance == pytest.approx(gap * math.sqrt(2.0), rel=1e-15)
        assert not side.intersects and not corner.intersects


def test_rotated_rectangle_against_a_point() -> None:
    # Distance from a point to a rectangle, computed in the rectangle's frame.
    rng = random.Random(13)
    for _ in range(300):
        center = (rng.uniform(-5, 5), rng.uniform(-5, 5))
        width, height, angle = rng.uniform(0.5, 4), rng.uniform(0.5, 4), rng.uniform(0, 360)
        p = (rng.uniform(-10, 10), rng.uniform(-10, 10))
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        dx, dy = p[0] - center[0], p[1] - center[1]
        u, v = c * dx + s * dy, -s * dx + c * dy
        expected = math.hypot(max(abs(u) - width / 2, 0.0), max(abs(v) - height / 2, 0.0))
        result = distance(rectangle(center, (width, height), angle), point(p))
        assert result.distance == pytest.approx(expected, abs=1e-12)


def test_square_against_diamond() -> None:
    result = distance(rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 0.0), (2.0, 2.0), 45.0))
    assert result.distance == pytest.approx(3.0 - math.sqrt(2.0), abs=1e-15)


def test_ellipse_against_a_line() -> None:
    # A line n.x = c is at distance |c - n.center| - sqrt(n^T M M^T n) from an
    # ellipse x = center + M u (|u| <= 1): the ellipse reaches that far along n.
    rng = random.Random(14)
    for _ in range(200):
        center = (rng.uniform(-3, 3), rng.uniform(-3, 3))
        rx, ry, angle = rng.uniform(0.2, 3), rng.uniform(0.2, 3), rng.uniform(0, 360)
        theta = rng.uniform(0, 2 * math.pi)
        n = (math.cos(theta), math.sin(theta))
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        # M^T n for M = R diag(rx, ry)
        mt_n = (rx * (c * n[0] + s * n[1]), ry * (-s * n[0] + c * n[1]))
        reach = math.hypot(*mt_n)
        level = n[0] * center[0] + n[1] * center[1] + reach + rng.uniform(0.01, 5)
        foot = (n[0] * level, n[1] * level)
        along = (-n[1] * 100.0, n[0] * 100.0)
        line = segment(
            (foot[0] - along[0], foot[1] - along[1]), (foot[0] + along[0], foot[1] + along[1])
        )
        expected = level - (n[0] * center[0] + n[1] * center[1]) - reach
        result = distance(ellipse(center, (rx, ry), angle), line)
        assert result.distance == pytest.approx(expected, rel=1e-10, abs=1e-12)
        assert result.status in ("converged", "duplicate-support")


def test_capsules() -> None:
    # Parallel capsules: distance between the axes minus the radii.
    result = distance(capsule((0.0, 0.0), (4.0, 0.0), 1.0), capsule((1.0, 5.0), (6.0, 5.0), 1.5))
    assert result.distance == pytest.approx(2.5, abs=1e-15)
    # End to end on one line.
    result = distance(capsule((0.0, 0.0), (4.0, 0.0), 1.0), capsule((7.0, 0.0), (9.0, 0.0), 0.5))
    assert result.distance == pytest.approx(1.5, abs=1e-15)
    # Crossing axes: overlapping.
    crossed = distance(
        capsule((-1.0, -1.0), (1.0, 1.0), 0.1), capsule((1.0, -1.0), (-1.0, 1.0), 0.1)
    )
    assert crossed.intersects and crossed.distance == 0.0
    assert_closest_points_consistent(capsule((0.0, 0.0), (4.0, 0.0), 1.0), circle((2.0, 5.0), 1.0))


def test_touching_is_intersecting_with_distance_zero() -> None:
    for a, b in [
        (circle((0.0, 0.0), 1.0), circle((3.0, 0.0), 2.0)),
        (rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 2.0), (2.0, 2.0))),
        (segment((0.0, 0.0), (1.0, 0.0)), point((1.0, 0.0))),
        (ellipse((0.0, 0.0), (2.0, 1.0)), rectangle((3.0, 0.0), (2.0, 2.0))),
    ]:
        result = distance(a, b)
        assert result.intersects and result.distance == 0.0 and result.closest is None


def test_touching_band_is_relative_to_coordinates() -> None:
    box = rectangle((0.0, 0.0), (2.0, 2.0))
    inside_band = distance(box, point((1.0 + 0.5 * TOUCH_RELATIVE, 0.0)))
    assert inside_band.intersects and inside_band.raw_distance > 0.0
    outside_band = distance(box, point((1.0 + 10 * TOUCH_RELATIVE, 0.0)))
    assert not outside_band.intersects


def test_statuses() -> None:
    square = convex_polygon([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])
    far_square = convex_polygon([(3.0, 0.0), (4.0, 0.0), (4.0, 1.0), (3.0, 1.0)])
    assert distance(square, far_square).status == "duplicate-support"
    assert (
        distance(ellipse((0.0, 0.0), (2.0, 1.0), 30.0), ellipse((5.0, 1.0), (1.0, 3.0))).status
        == "converged"
    )
    assert distance(square, square).status == "contains-origin"


def test_iteration_cap_is_reported(cap: Cap) -> None:
    cap(MAX_ITERATIONS=3)
    result = distance(ellipse((0.0, 0.0), (2.0, 1.0), 30.0), ellipse((5.0, 1.0), (1.0, 3.0)))
    assert result.status == "max-iterations"
    assert result.iterations == 3
    assert result.distance > 0.0  # still an upper bound, from the last simplex


class NotANumber:
    def support(self, d: Vec) -> Vec:
        return (math.nan, 0.0)


def test_non_finite_support_stops_as_degenerate() -> None:
    result = distance(NotANumber(), point((1.0, 1.0)))
    assert result.status == "degenerate"
    assert result.iterations == 1  # stops at the first support point, not at the cap


def test_recorder_gets_one_step_per_iteration_and_costs_nothing_otherwise() -> None:
    steps: list[DistanceStep] = []
    result = distance(ellipse((0.0, 0.0), (2.0, 1.0)), point((5.0, 5.0)), steps)
    assert len(steps) == result.iterations
    assert steps[-1].outcome == result.status
    assert all(step.outcome == "added" for step in steps[:-1])
    norms = [step.norm for step in steps]
    assert norms == sorted(norms, reverse=True)  # |v| never grows
    assert distance(ellipse((0.0, 0.0), (2.0, 1.0)), point((5.0, 5.0))) == result


# Property tests: symmetry and invariance under rigid motion and scaling.

coordinate = st.floats(-50.0, 50.0, allow_nan=False)
radius = st.floats(0.0, 5.0, allow_nan=False)


@st.composite
def shapes(draw: st.DrawFn) -> ConvexShape:
    kind = draw(st.sampled_from(["polygon", "circle", "ellipse", "capsule", "segment", "point"]))
    center = (draw(coordinate), draw(coordinate))
    if kind == "polygon":
        count = draw(st.integers(3, 9))
        angles = sorted(
            draw(st.lists(st.floats(0, 2 * math.pi), min_size=count, max_size=count, unique=True))
        )
        r = draw(st.floats(0.5, 10.0))
        return Polytope(
            tuple((center[0] + r * math.cos(t), center[1] + r * math.sin(t)) for t in angles)
        )
    if kind == "circle":
        return circle(center, draw(radius))
    if kind == "ellipse":
        return ellipse(
            center, (draw(st.floats(0.1, 5.0)), draw(st.floats(0.1, 5.0))), draw(st.floats(0, 360))
        )
    other = (draw(coordinate), draw(coordinate))
    if kind == "capsule":
        return capsule(center, other, draw(radius))
    if kind == "segment":
        return segment(center, other)
    return point(center)


@settings(max_examples=150, deadline=None)
@given(shapes(), shapes())
def test_distance_is_symmetric(a: ConvexShape, b: ConvexShape) -> None:
    forward, backward = distance(a, b), distance(b, a)
    assert forward.distance == pytest.approx(backward.distance, rel=1e-9, abs=1e-9)
    assert "max-iterations" not in (forward.status, backward.status)


@settings(max_examples=150, deadline=None)
@given(
    shapes(),
    shapes(),
    st.floats(-1e3, 1e3),
    st.floats(-1e3, 1e3),
    st.sampled_from([90.0, 180.0, 270.0, 33.0]),
)
def test_distance_is_invariant_under_rigid_motion(
    a: ConvexShape, b: ConvexShape, dx: float, dy: float, angle: float
) -> None:
    motion = Affine.from_parts(rotate=angle, translate=(dx, dy))
    moved = distance(transformed(a, motion), transformed(b, motion))
    assert moved.distance == pytest.approx(distance(a, b).distance, rel=1e-8, abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(shapes(), shapes(), st.sampled_from([1e-3, 0.5, 4.0, 1e4]))
def test_distance_scales_with_the_shapes(a: ConvexShape, b: ConvexShape, factor: float) -> None:
    zoom = Affine.from_parts(scale=(factor, factor))
    scaled = distance(transformed(a, zoom), transformed(b, zoom))
    assert scaled.distance == pytest.approx(
        factor * distance(a, b).distance, rel=1e-8, abs=1e-9 * factor
    )


def test_segments_that_cross_at_a_sliver_are_not_called_separated() -> None:
    # A - B is a parallelogram 1677 long and 7.7e-10 wide around the origin. The
    # progress test used to read |v|^2 - v.w off v, whose rounding (eps times 1000)
    # times |w| dwarfs |v|^2 = 1.8e-20: the run stopped 1.3e-10 short of the origin
    a = segment((1280.8127502269713, 1193.9880952154745), (530.8127502269713, 2693.9880952154745))
    b = segment((780.8127502263319, 2193.9880952158974), (780.8127502277462, 2193.988095214799))
    assert distance(a, b).intersects
    assert distance(b, a).intersects


def test_thin_crossings_agree_with_the_exact_answer() -> None:
    from gjkcli.verify.exact import exact_answer

    rng = random.Random(20261123)
    for _ in range(300):
        angle = rng.uniform(0.0, 2.0 * math.pi)
        ux, uy = math.cos(angle), math.sin(angle)
        length = rng.uniform(1.0, 2000.0)
        x0, y0 = rng.uniform(-1e3, 1e3), rng.uniform(-1e3, 1e3)
        a = segment((x0, y0), (x0 + length * ux, y0 + length * uy))
        t, half = rng.uniform(0.1, 0.9) * length, 10.0 ** rng.uniform(-10, -6)
        cx, cy = x0 + t * ux, y0 + t * uy  # a point on A, to rounding
        shift = rng.choice([0.0, 1.0, -1.0]) * rng.uniform(0.0, 2.0) * half
        b = segment(
            (cx - (half + shift) * uy, cy + (half + shift) * ux),
            (cx + (half - shift) * uy, cy - (half - shift) * ux),
        )
        exact = exact_answer(a, b)
        assert exact is not None
        result = distance(a, b)
        if exact.verdict == "separated":
            assert result.distance == pytest.approx(math.sqrt(exact.distance_squared), abs=1e-11)
        else:
            assert result.intersects or result.distance <= result.band, (a, b)


def test_a_new_point_that_improves_v_below_its_resolution_is_kept() -> None:
    # found by the rigid-motion property: two nearly parallel segments 2^-8 apart, the
    # first support points at their far ends. The next point lowers |v|^2 by 1.5e-23,
    # below the resolution of |v|^2 = 1.5e-5; the run used to stop there, 1e-9 long
    a = Polytope(((0.00390625, 1.0), (0.00390625, 0.0)))
    b = Polytope(((0.0, 0.0), (-1e-09, 1.0)))
    result = distance(a, b)
    assert result.distance == 0.00390625
    assert result.closest == ((0.00390625, 0.0), (0.0, 0.0))


def test_a_point_rounding_drops_is_not_searched_for_again_until_the_cap() -> None:
    # a sliver of A - B: far corners 1.5e10 away, the near edge 2.7e-7 from the origin.
    # The segment's normal found the same support point again and again (the rounded
    # region tests dropped it every time) until the cap: 100 iterations, "separated".
    a = Polytope(
        (
            (-20.385203268193727, 11.460414927240366),
            (-30.538084844340126, 14.746794764544447),
            (-22.078776527762667, 12.00859099674273),
        )
    )
    b = Polytope(
        (
            (-4371697965.4612255, -1135928869.4338412),
            (-14828433490.418182, -3852975676.870226),
            (-14058423218.553343, -3652898516.478816),
            (-11697022132.927307, -3039319138.344734),
            (-30.538084030151367, 14.746794700622559),
        )
    )
    result = distance(a, b)
    assert result.status != "max-iterations" and result.iterations < 10
    exact = exact_answer(a, b)
    assert exact is not None and exact.verdict == "overlapping"
    assert result.intersects
