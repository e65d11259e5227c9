"""The linear shape cast: analytic times, every status, exact times for polygons."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from gjkcli.algorithms.cast import CastCertificate, CastResult, approaching, cast
from gjkcli.algorithms.cast_start import StartCertificate
from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.poses import Motion, Move, Pose
from gjkcli.algorithms.raycast import RayStep
from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.shapes import (
    Affine,
    capsule,
    circle,
    convex_polygon,
    ellipse,
    hull,
    point,
    rectangle,
    rounded,
    segment,
    transformed,
)
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.verify.cast_certificate import check_cast_certificate
from gjkcli.verify.cast_check import check_cast
from gjkcli.verify.exact_cast import AnalyticCast, analytic_cast, exact_cast
from tests.verify.cast_pairs import first_meeting, random_cast, start_contact

BOX = rectangle((0.0, 0.0), (2.0, 2.0))  # [-1, 1] x [-1, 1]


def checked(
    a: ConvexShape, b: ConvexShape, tb: Vec, ta: Vec = (0.0, 0.0), target: float = 0.0
) -> CastResult:
    """The cast, with its certificate re-checked."""
    result = cast(a, b, tb, ta, target_distance=target)
    assert check_cast_certificate(a, b, ta, tb, result) == ()
    return result


def circles_time(ca: Vec, ra: float, cb: Vec, rb: float, tb: Vec) -> float | None:
    """When ``|cb + t tb - ca| = ra + rb`` first, from the quadratic (``None``: never in [0, 1])."""
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    reach = ra + rb
    a2 = tb[0] ** 2 + tb[1] ** 2
    half_b = dx * tb[0] + dy * tb[1]
    c = dx * dx + dy * dy - reach * reach
    disc = half_b * half_b - a2 * c
    if disc < 0.0 or half_b >= 0.0:
        return None
    t = c / (-half_b + math.sqrt(disc))
    return t if t <= 1.0 else None


# -- analytic times --------------------------------------------------------------------


def test_box_and_point_hit_at_the_edge() -> None:
    result = checked(BOX, point((5.0, 0.5)), (-8.0, 0.0))
    assert (result.status, result.time, result.normal) == ("hit", 0.5, (1.0, 0.0))
    assert result.points == ((1.0, 0.5), (1.0, 0.5))
    assert result.stop in {"converged", "no-progress", "contains-point"}


def test_circle_and_circle_match_the_quadratic() -> None:
    rng = random.Random(1801)
    hits = 0
    for _ in range(200):
        ca, ra = (rng.uniform(-3, 3), rng.uniform(-3, 3)), rng.uniform(0.1, 2.0)
        cb, rb = (rng.uniform(-8, 8), rng.uniform(-8, 8)), rng.uniform(0.1, 2.0)
        tb = (rng.uniform(-15, 15), rng.uniform(-15, 15))
        if math.dist(ca, cb) <= ra + rb:
            continue
        result = checked(circle(ca, ra), circle(cb, rb), tb)
        expected = circles_time(ca, ra, cb, rb, tb)
        if expected is None:
            assert result.status == "miss"
            continue
        hits += 1
        assert result.status == "hit" and result.time is not None
        assert result.time == pytest.approx(expected, rel=1e-14)
        # the normal points from centre A to centre B at the time of impact
        gap = (cb[0] + expected * tb[0] - ca[0], cb[1] + expected * tb[1] - ca[1])
        assert result.normal == pytest.approx(
            (gap[0] / math.hypot(*gap), gap[1] / math.hypot(*gap)), abs=1e-13
        )
        assert result.points is not None
        assert math.dist(*result.points) <= 1e-13 * (1.0 + math.hypot(*tb))
    assert hits > 20


def test_capsule_and_circle() -> None:
    # the circle's centre meets the capsule's core offset by 1.5: first the flat side ...
    side = checked(capsule((0.0, -2.0), (0.0, 2.0), 1.0), circle((6.0, 1.0), 0.5), (-9.0, 0.0))
    assert (side.status, side.time, side.normal) == ("hit", 0.5, (1.0, 0.0))
    # ... then the round end: |(6 - 9 t, 3.5) - (0, 2)| = 1.5 at 6 - 9t = sqrt(1.5^2 - 1.5^2)
    end = checked(capsule((0.0, -2.0), (0.0, 2.0), 1.0), circle((6.0, 3.0), 0.5), (-9.0, 0.0))
    expected = (6.0 - math.sqrt(1.5**2 - 1.0**2)) / 9.0
    assert end.status == "hit" and end.time == pytest.approx(expected, rel=1e-15)
    assert end.normal == pytest.approx((math.sqrt(1.25) / 1.5, 1.0 / 1.5), rel=1e-14)


def test_rounded_polygons() -> None:
    triangle = rounded(convex_polygon([(0.0, 0.0), (2.0, 0.0), (1.0, 2.0)]), 0.5)
    result = checked(triangle, capsule((5.0, 0.0), (5.0, 3.0), 0.25), (-4.0, 0.0))
    # the rounded corner at (2, 0) reaches x = 2.5 at y = 0, where the capsule's core
    # (x = 5 - 4 t, y in [0, 3]) is 0.25 away at t = 0.5625
    assert (result.status, result.time, result.normal) == ("hit", 0.5625, (1.0, 0.0))
    square = rounded(rectangle((0.0, 0.0), (2.0, 2.0), 30.0), 0.25)
    slanted = checked(square, point((4.0, 0.0)), (-4.0, 0.0))
    # the square's corner at angle -15 degrees... measured against a bisection instead
    assert slanted.time == pytest.approx(
        bisection(square, point((4.0, 0.0)), (-4.0, 0.0)), rel=1e-12
    )


def test_ellipses_agree_with_a_bisection_on_distance() -> None:
    rng = random.Random(1802)
    for _ in range(6):
        a = ellipse((0.0, 0.0), (2.0, 1.0), rng.uniform(0.0, 180.0))
        b = ellipse((6.0, 1.0), (1.0, 0.5), rng.uniform(0.0, 180.0))
        result = checked(a, b, (-8.0, -1.0))
        assert result.status == "hit" and result.time is not None
        assert result.time == pytest.approx(bisection(a, b, (-8.0, -1.0)), rel=1e-12)


def bisection(a: ConvexShape, b: ConvexShape, tb: Vec, ta: Vec = (0.0, 0.0)) -> float:
    """The first time at which ``distance()`` reaches 0 along the motion: the first of 400
    samples that touches, then 60 halvings from the sample before it."""

    def apart(t: float) -> bool:
        moved_a = transformed(a, Affine.from_parts(translate=(t * ta[0], t * ta[1])))
        moved_b = transformed(b, Affine.from_parts(translate=(t * tb[0], t * tb[1])))
        return distance(moved_a, moved_b).distance > 0.0

    samples = [k / 400 for k in range(401)]
    first = next(i for i, t in enumerate(samples) if not apart(t))
    low, high = samples[first - 1], samples[first]
    for _ in range(60):
        middle = 0.5 * (low + high)
        low, high = (middle, high) if apart(middle) else (low, middle)
    return high


def test_seeded_curved_pairs_agree_with_a_bisection() -> None:
    rng = random.Random(1803)
    makers = [
        lambda c: circle(c, rng.uniform(0.2, 1.5)),
        lambda c: capsule(c, (c[0] + rng.uniform(-2, 2), c[1] + rng.uniform(-2, 2)), 0.3),
        lambda c: ellipse(c, (rng.uniform(0.3, 2.0), rng.uniform(0.3, 2.0)), rng.uniform(0, 180)),
        lambda c: rounded(rectangle(c, (1.0, 2.0), rng.uniform(0, 90)), 0.2),
    ]
    hits = 0
    for _ in range(24):
        a = rng.choice(makers)((0.0, 0.0))
        b = rng.choice(makers)((rng.uniform(4, 7), rng.uniform(-2, 2)))
        tb = (-rng.uniform(6.0, 14.0), rng.uniform(-3.0, 3.0))
        result = checked(a, b, tb)
        if result.status != "hit":
            continue
        hits += 1
        assert result.time == pytest.approx(bisection(a, b, tb), rel=1e-10)
    assert hits > 10


# -- exact times for polygons ----------------------------------------------------------


def exact_agreement(seed: int, pairs: int) -> dict[str, int]:
    """Casts of seeded random polygon pairs against the brute-force referee (the state at
    t = 0, the first vertex-edge meeting), which also checks the product's exact cast:
    status, time (within 1e-12 relative: in practice equal) and certificate. A touch at
    t = 0 approaches or recedes as the exact cast says."""
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    for index in range(pairs):
        ring_a, ring_b, ta, tb = random_cast(rng)
        a, b = hull(ring_a), hull(ring_b)
        result = checked(a, b, tb, ta)
        exact = exact_cast(a, b, ta, tb)
        assert exact is not None
        r = (Fraction(tb[0]) - Fraction(ta[0]), Fraction(tb[1]) - Fraction(ta[1]))
        state = start_contact(ring_a, ring_b)
        context = f"pair {index}: {ring_a} {ring_b} {ta} {tb}: {result}, exact {exact}"
        seen[result.status] = seen.get(result.status, 0) + 1
        if state == "overlapping":
            assert result.status == exact.status == "overlapping", context
            continue
        if state == "touching":
            assert exact.status in ("touching-approaching", "touching-receding"), context
            assert result.status == exact.status, context
            continue
        time = first_meeting(ring_a, ring_b, r)
        assert exact.time == time, context
        if time is None:
            assert result.status == exact.status == "miss", context
            continue
        assert result.status == exact.status == "hit" and result.time is not None, context
        assert abs(result.time - float(time)) <= 1e-12 * float(time), context
    return seen


def test_seeded_polygon_pairs_match_the_exact_times() -> None:
    seen = exact_agreement(1804, 150)
    assert {"hit", "miss", "overlapping", "touching-approaching", "touching-receding"} <= set(seen)


@pytest.mark.slow
def test_thousands_of_polygon_pairs_match_the_exact_times() -> None:
    seen = exact_agreement(1805, 4000)
    assert seen["hit"] > 200 and seen["touching-approaching"] > 100


def far_thin_case(rng: random.Random) -> tuple[list[Vec], list[Vec], Vec]:
    """A segment 1e6 long near (1e9, 1e9), a small triangle a few units off its middle
    part, and a motion towards it."""
    ox, oy = 1e9 + rng.uniform(-1e3, 1e3), 1e9 + rng.uniform(-1e3, 1e3)
    angle = rng.uniform(0.0, math.pi)
    ux, uy = math.cos(angle), math.sin(angle)
    ring_a = [(ox, oy), (ox + 1e6 * ux, oy + 1e6 * uy)]
    along, off = rng.uniform(0.0, 1e6), rng.uniform(0.5, 5.0)
    cx, cy = ox + along * ux - off * uy, oy + along * uy + off * ux
    corners = [(cx + rng.uniform(-0.3, 0.3), cy + rng.uniform(-0.3, 0.3)) for _ in range(3)]
    mx, my = sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3
    ring_b = sorted(corners, key=lambda p: math.atan2(p[1] - my, p[0] - mx))
    speed = rng.uniform(2.0, 12.0)
    return ring_a, ring_b, (uy * speed + rng.uniform(-3, 3), -ux * speed + rng.uniform(-3, 3))


def test_long_thin_target_far_from_the_origin_is_exact() -> None:
    rng = random.Random(1806)
    hits = 0
    for _ in range(40):
        ring_a, ring_b, tb = far_thin_case(rng)
        result = checked(hull(ring_a), hull(ring_b), tb)
        exact = first_meeting(ring_a, ring_b, (Fraction(tb[0]), Fraction(tb[1])))
        if exact is None:
            assert result.status == "miss"
            continue
        hits += 1
        assert result.status == "hit" and result.time == float(exact)
    assert hits > 20


# -- statuses ---------------------------------------------------------------------------


def test_miss() -> None:
    result = checked(BOX, circle((5.0, 0.0), 1.0), (6.0, 0.0))
    assert (result.status, result.time, result.points, result.normal) == ("miss", None, None, None)
    assert isinstance(result.certificate, CastCertificate) and result.certificate.apart_until == 1.0
    # short of the box: the motion ends 0.5 away
    assert checked(BOX, circle((5.0, 0.0), 1.0), (-2.5, 0.0)).status == "miss"


def test_a_hair_miss_is_proven_by_the_edge_it_passes() -> None:
    # the sweep ends 3e-11 right of A - B = [-18, -13] x [-1, 10]: the direction between
    # the closest points, each rounded at about 1e-15, is tilted by about 1e-4 and does
    # not separate; the edge's normal does (a certificate that failed its re-check)
    a = convex_polygon([(31.0, -46.0), (31.0, -55.0), (34.0, -55.0), (34.0, -46.0)])
    b = convex_polygon([(47.0, -54.0), (47.0, -56.0), (49.0, -56.0), (49.0, -54.0)])
    assert checked(a, b, (-12.999999999970896, 0.0)).status == "miss"


@pytest.mark.parametrize("hair", [40, 44])
def test_a_circle_a_hair_short_of_a_corner_is_proven_missed(hair: int) -> None:
    # the circle's centre ends 5 (1 + 2^-hair) from the box's corner, along (3, 4): only a
    # direction between the cores (the corner and the centre, 5 apart) is precise enough
    # to separate, not the one between the surfaces' closest points, 5 * 2^-hair apart
    centre = 3.0 * (1.0 + 2.0**-hair), 4.0 * (1.0 + 2.0**-hair)
    disc = circle((centre[0] + 24.0, centre[1] + 32.0), 5.0)
    box = rectangle((-2.0, -3.0), (4.0, 6.0))  # its top right corner at the origin
    assert checked(box, disc, (-24.0, -32.0)).status == "miss"


def test_a_hair_miss_of_a_circle_is_proven_by_the_exact_normal_of_the_motion() -> None:
    # the sweep passes 2e-14 from the rounded corner of A - B, near (1000, 1000): a unit
    # axis, rounded, closes on the sweep by more than that; the normal of the motion,
    # written exactly, closes at exactly 0, and the separation along it is computed exactly
    low, high = 1004.2081188669713, 1003.4370387577173
    box = convex_polygon([(1000.0, 1000.0), (low, 1000.0), (low, high), (1000.0, high)])
    disc = circle((1018.5652740947539, 994.1520009777352), 0.593994572817444)
    motion = (-28.034906834753066, 19.54461592863756)
    result = checked(box, disc, motion)
    assert result.status == "miss" and isinstance(result.certificate, CastCertificate)
    nx, ny = result.certificate.axis
    assert Fraction(nx) * Fraction(motion[0]) + Fraction(ny) * Fraction(motion[1]) == 0
    assert analytic_cast(box, disc, (0.0, 0.0), motion) == AnalyticCast("miss", None)


def test_a_hair_miss_past_a_long_edge_is_proven_by_the_edge_named() -> None:
    # the point ends 3e-14 above an edge 1000 long: its unit normal, rounded, tilts by an
    # ulp, 1e-13 over the edge; the edge's own normal, made exactly from its vertices, holds
    p, q = (0.1, 0.3), (1000.7, 1.9)
    a = hull([p, q, (500.0, -40.0)])
    end = (700.0, p[1] + (700.0 - p[0]) * (q[1] - p[1]) / (q[0] - p[0]) + 3e-14)
    b = point((end[0] + 3.0, end[1] + 50.0))
    motion = (-3.0, -50.0)
    result = checked(a, b, motion)
    assert result.status == "miss" and isinstance(result.certificate, CastCertificate)
    assert result.certificate.edge == ((1, 0), (0, 0))  # A's edge from q to p, B's point
    assert exact_cast(a, b, (0.0, 0.0), motion).status == "miss"  # type: ignore[union-attr]


def test_a_miss_is_proven_on_the_shapes_given_not_on_the_shapes_moved_together() -> None:
    # curved shapes are cast moved by a point of A (each coordinate rounded), which moves
    # A - B by a hair: here the shapes so moved are 1e-16 apart at t = 0 and the shapes
    # given overlap (exactly); an axis proven on the former failed its re-check on the
    # latter. Proofs are sought on the shapes given: none holds, and the miss (wrong by a
    # hair, which the analytic cast says) carries no certificate rather than a false one
    stick = capsule(
        (4.485047589583981, -2.086709862048653),
        (-4.275323455826555, 1.4992763619705276),
        0.14542892445286587,
    )
    b = convex_polygon(
        [
            (-5.715210156877522, 9.895522303698067),
            (-8.899641761354037, 7.234791728056498),
            (-8.569272074957434, 3.551708290553032),
            (-4.416846986306479, 1.5327526578829413),
        ]
    )
    motion = (3.505404750022108, 14.819359264901724)
    result = cast(stick, b, motion)
    assert analytic_cast(stick, b, (0.0, 0.0), motion) == AnalyticCast("overlapping", 0.0)
    assert check_cast_certificate(stick, b, (0.0, 0.0), motion, result) == ()
    assert result.status != "miss" or result.certificate is None


def test_overlapping_at_the_start() -> None:
    result = checked(BOX, circle((0.5, 0.0), 1.0), (6.0, 0.0))
    assert (result.status, result.time, result.stop) == ("overlapping", 0.0, "start-overlapping")


def test_inside_start_is_overlapping() -> None:
    assert checked(BOX, point((0.2, 0.1)), (5.0, 5.0)).status == "overlapping"


def test_touching_and_receding_reports_no_hit() -> None:
    touching = rectangle((2.0, 0.0), (2.0, 2.0))  # shares the edge x = 1
    result = checked(BOX, touching, (3.0, 0.5))
    assert (result.status, result.time) == ("touching-receding", None)
    # touching at t = 0 at the middle of the shared edge, moving apart along its normal
    assert (result.points, result.normal) == (((1.0, 0.0), (1.0, 0.0)), (1.0, 0.0))
    proof = result.certificate
    assert isinstance(proof, StartCertificate)
    assert (proof.contact, proof.axis, proof.simplex) == (result.points, (1.0, 0.0), None)


def test_touching_and_approaching_reports_time_zero() -> None:
    touching = rectangle((2.0, 0.0), (2.0, 2.0))
    result = checked(BOX, touching, (-0.5, 3.0))
    assert (result.status, result.time) == ("touching-approaching", 0.0)
    assert (result.points, result.normal) == (((1.0, 0.0), (1.0, 0.0)), (1.0, 0.0))
    proof = result.certificate
    assert isinstance(proof, StartCertificate) and proof.contact == result.points
    # B moves 0.25 into A by t = 1/2: the overlap that proves the motion pushes them in
    assert proof.overlap_time == 0.5 and proof.simplex is not None and proof.axis is None


def test_a_touch_at_a_corner_names_the_face_met_most_squarely() -> None:
    corner = rectangle((2.0, 2.0), (2.0, 2.0))  # touches BOX at the corner (1, 1)
    steep = checked(BOX, corner, (-0.1, -1.0))  # down onto A's top face, mostly
    assert (steep.points, steep.normal) == (((1.0, 1.0), (1.0, 1.0)), (0.0, 1.0))
    flat = checked(BOX, corner, (-1.0, -0.1))
    assert flat.normal == (1.0, 0.0)


def test_sliding_along_a_face_is_proven_by_the_motion_s_own_normal() -> None:
    # B slides along A's tilted face; the face's unit normal, rounded, closes or opens by
    # an ulp along the motion: the motion's normal, written exactly, closes at exactly 0
    a = convex_polygon([(0.0, 0.0), (3.0, 1.0), (0.0, 2.0)])
    b = convex_polygon([(1.5, 0.5), (3.0, -2.0), (3.0, 1.0)])  # under A's edge y = x / 3
    result = checked(a, b, (-3.0, -1.0))  # sliding down along that edge
    proof = result.certificate
    assert result.status == "touching-receding" and isinstance(proof, StartCertificate)
    assert proof.axis is not None
    assert Fraction(proof.axis[0]) * -3 + Fraction(proof.axis[1]) * -1 == 0


def test_overlapping_carries_the_overlap_s_simplex_and_epa_s_contact() -> None:
    result = checked(BOX, point((0.0, 0.0)), (1.0, 0.0))  # the point at the box's centre
    proof = result.certificate
    assert isinstance(proof, StartCertificate) and proof.overlap_time == 0.0
    assert proof.simplex is not None and (proof.contact, proof.axis) == (None, None)
    # EPA: the point is 1 deep, the nearest way out along (0, -1) from the bottom edge
    assert result.normal is not None and result.points is not None
    assert math.hypot(*result.normal) == 1.0 and result.points[1] == (0.0, 0.0)


def test_sliding_along_an_edge_is_not_a_hit() -> None:
    touching = rectangle((2.0, 0.0), (2.0, 2.0))
    for motion in ((0.0, 5.0), (0.0, -5.0)):
        assert checked(BOX, touching, motion).status == "touching-receding"
    # a circle resting on the box's top edge, sliding along it
    assert checked(BOX, circle((0.0, 2.0), 1.0), (3.0, 0.0)).status == "touching-receding"


def test_corner_touch_needs_every_edge_to_approach() -> None:
    corner = rectangle((2.0, 2.0), (2.0, 2.0))  # touches BOX at the corner (1, 1)
    assert checked(BOX, corner, (-1.0, -1.0)).status == "touching-approaching"
    assert checked(BOX, corner, (-1.0, -0.01)).status == "touching-approaching"
    # along one of the edges: sliding past; outside either one: receding
    assert checked(BOX, corner, (-1.0, 0.0)).status == "touching-receding"
    assert checked(BOX, corner, (-1.0, 0.5)).status == "touching-receding"
    assert checked(BOX, corner, (1.0, -5.0)).status == "touching-receding"


def test_approaching_on_a_smooth_touch() -> None:
    a, b = circle((0.0, 0.0), 1.0), circle((2.0, 0.0), 1.0)
    assert approaching(a, b, (-1.0, 0.0), 0.0) and approaching(a, b, (-1.0, 0.9), 0.0)
    assert not approaching(a, b, (1.0, 0.0), 0.0) and not approaching(a, b, (0.0, 1.0), 0.0)
    assert not approaching(a, b, (1.0, 5.0), 0.0)


def test_target_distance() -> None:
    # B's edge x = 4 comes within 1 of A's edge x = 1 at t = 2 / 6
    result = checked(BOX, rectangle((5.0, 0.0), (2.0, 2.0)), (-6.0, 0.0), target=1.0)
    assert (result.status, result.time, result.target_distance) == ("hit", 1.0 / 3.0, 1.0)
    assert result.points is not None and math.dist(*result.points) == pytest.approx(1.0)
    disc = checked(BOX, circle((5.0, 0.0), 1.0), (-6.0, 0.0), target=0.5)
    assert disc.time == pytest.approx(2.5 / 6.0, rel=1e-15)


def test_within_target_at_the_start() -> None:
    result = checked(BOX, circle((2.5, 0.0), 1.0), (6.0, 0.0), target=0.6)
    assert (result.status, result.time, result.stop) == (
        "within-target",
        0.0,
        "start-within-target",
    )
    assert checked(BOX, circle((2.5, 0.0), 1.0), (6.0, 0.0), target=0.4).status == "miss"


def test_zero_motion() -> None:
    assert checked(BOX, circle((5.0, 0.0), 1.0), (0.0, 0.0)).status == "miss"
    assert checked(BOX, circle((2.0, 0.0), 1.0), (0.0, 0.0)).status == "touching-receding"
    assert checked(BOX, circle((1.0, 0.0), 1.0), (0.0, 0.0)).status == "overlapping"
    # both moving by the same translation is no relative motion
    assert checked(BOX, circle((5.0, 0.0), 1.0), (3.0, 3.0), (3.0, 3.0)).status == "miss"


def test_both_shapes_moving() -> None:
    # A moves right by 2, B left by 2: their 3-unit gap closes at t = 3 / 4
    result = checked(BOX, rectangle((5.0, 0.0), (2.0, 2.0)), (-2.0, 0.0), (2.0, 0.0))
    assert (result.status, result.time) == ("hit", 0.75)
    assert result.points is not None
    assert result.points[0][0] == result.points[1][0] == 2.5  # x = 1 + 0.75 * 2


def test_hit_at_the_very_end_is_kept() -> None:
    result = checked(BOX, point((4.0, 0.0)), (-3.0, 0.0))
    assert (result.status, result.time) == ("hit", 1.0)


def test_recorder_and_steps() -> None:
    steps: list[RayStep] = []
    result = cast(BOX, circle((5.0, 0.3), 1.0), (-6.0, 0.0), recorder=steps)
    assert tuple(steps) == result.steps and len(steps) == result.iterations
    assert steps[-1].outcome == result.stop and steps[0].fraction <= steps[-1].fraction
    assert cast(BOX, circle((5.0, 0.3), 1.0), (-6.0, 0.0)).steps == ()


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="finite"):
        cast(BOX, BOX, (math.nan, 0.0))
    with pytest.raises(ValueError, match="target distance"):
        cast(BOX, circle((5.0, 0.0), 1.0), (1.0, 0.0), target_distance=-1.0)


# -- regressions ------------------------------------------------------------------------


def test_a_first_step_away_from_the_seed_is_not_a_stop() -> None:
    # The ray loop once left its seed point out of the simplex: the first support point
    # then lay farther from the origin than the seed, the step looked like no progress,
    # and this separated pair was a "hit" at time 0.
    a = hull([
        (1.3177831566961862, 1.3394855801807897),
        (0.5044696328332516, 1.8100509542920378),
        (-1.802793439475764, -0.5298206131961807),
        (-0.3215656701062317, -1.8513156368900368),
        (0.34912040887823426, -1.8463176887223733),
    ])  # fmt: skip
    b = hull([
        (4.677301117419894, 2.745038465120273),
        (4.510338384134695, 2.83954250119936),
        (2.477153151099009, 2.101824816028732),
        (3.5217098046034327, 0.010721941039713911),
    ])  # fmt: skip
    assert checked(a, b, (4.026689752453009, -5.937926212946798)).status == "miss"


def test_the_certificate_bounds_the_closing_speed_from_above() -> None:
    # apart_until was once the separation over a closing speed rounded down: a hair past
    # what the axis proves, and the certificate failed its check
    a = hull([
        (1.5953487891256346, 0.02722388114727218),
        (1.108877322939069, 1.147288098666082),
        (-1.4150147907471817, -0.7373005090436728),
        (-0.0822768775349184, -1.593458318906539),
    ])  # fmt: skip
    b = hull([
        (-2.200050045109417, 0.9186277262457279),
        (-2.5977836177639295, 1.1807247883398233),
        (-3.2963935579581136, 1.2449517562032002),
        (-2.063009421388931, -0.6439282581541435),
        (-2.0404235508497037, -0.6108470208325228),
        (-1.9993942955223805, -0.5439543793332932),
    ])  # fmt: skip
    ta, tb = (0.26102098664511875, 1.687017921956226), (10.95770088449023, 7.074575328640371)
    assert checked(a, b, tb, ta).status == "hit"


def test_a_curved_shape_with_a_flat_side_is_finished_by_newton_steps() -> None:
    # An ellipse against a rounded box: the loop stopped short on the box's flat side,
    # 9.4e-11 before the contact, and the contact points did not meet.
    tilted = transformed(
        circle((0.0, 0.0), 1.0),
        Affine((-0.4540958229562362, -1.8946839234374602, 1.8184642192296334, -0.47312894384018545),
               (0.0, 0.0), None),
    )  # fmt: skip
    box = hull([
        (4.51598239718806, -3.0586267294570417),
        (5.268736190428756, -2.4003245748488826),
        (3.9521318812124386, -0.8948169883674917),
        (3.199378087971743, -1.5531191429756503),
    ])  # fmt: skip
    tb = (-13.16455454543542, -1.529082394376491)
    result = checked(tilted, rounded(box, 0.2), tb)
    assert result.status == "hit" and result.points is not None
    assert math.dist(*result.points) < 1e-13
    assert result.time == pytest.approx(bisection(tilted, rounded(box, 0.2), tb), rel=1e-13)


def test_segments_and_points() -> None:
    result = checked(segment((0.0, -1.0), (0.0, 1.0)), segment((3.0, 0.0), (5.0, 0.0)), (-4.0, 0.0))
    assert (result.status, result.time) == ("hit", 0.75)
    head_on = checked(point((0.0, 0.0)), point((2.0, 2.0)), (-4.0, -4.0))
    assert (head_on.status, head_on.time) == ("hit", 0.5)


# --- far from the origin, and at the end of the motion: statuses proven exactly ---------


def test_far_points_that_never_meet_are_a_miss() -> None:
    # B's point starts 4 left of A's and moves by (8, 3): at t = 0.5 it is 1.5 above
    # A's point, and it is never on it. The coordinates are integers, exact in binary.
    a = point((1e15 + 2.0, 1e15 - 2.0))
    b = point((1e15 - 2.0, 1e15 - 2.0))
    exact = exact_cast(a, b, (0.0, 0.0), (8.0, 3.0))
    assert exact is not None and exact.status == "miss"
    assert cast(a, b, (8.0, 3.0)).status == "miss"


def test_far_crossing_segments_are_overlapping_at_t0() -> None:
    # Two segments of length about 4.5 at 1e15 that cross properly (exact: overlapping).
    a = Polytope(((1e15 - 3.0, 1e15 + 3.0), (1e15 + 1.0, 1e15 + 1.0)))
    b = Polytope(((1e15, 1e15 + 1.0), (1e15 - 2.0, 1e15 + 3.0)))
    exact = exact_cast(a, b, (0.0, 0.0), (3.0, 7.0))
    assert exact is not None and exact.status == "overlapping"
    assert cast(a, b, (3.0, 7.0)).status == "overlapping"


def test_corner_touch_far_out_pushing_in_is_approaching() -> None:
    # A point on the top-right corner of a 2 x 2 box at 1e9 moves by (-1000, -0.01):
    # it goes 0.01 deep into the box (exact: touching-approaching, time 0).
    box = rectangle((1e9 + 1.0, 1e9 + 1.0), (2.0, 2.0))
    corner = point((1e9 + 2.0, 1e9 + 2.0))
    exact = exact_cast(box, corner, (0.0, 0.0), (-1000.0, -0.01))
    assert exact is not None and exact.status == "touching-approaching"
    result = cast(box, corner, (-1000.0, -0.01))
    assert (result.status, result.time) == ("touching-approaching", 0.0)


@pytest.mark.parametrize("offset", [0.0, 1e6, 1e9, 1e12, 1e15])
def test_polygon_statuses_match_the_exact_sweep_at_any_offset(offset: float) -> None:
    # Random integer polygons shifted far out keep their exact answers: the status is
    # exact_cast's, and a hit's time is its rational time rounded once.
    rng = random.Random(18)
    for _ in range(150):
        rings = [
            [(offset + rng.randint(-4, 4), offset + rng.randint(-4, 4)) for _ in range(3)]
            for _ in range(2)
        ]
        a, b = Polytope(tuple(rings[0])), Polytope(tuple(rings[1]))
        motion = (float(rng.randint(-8, 8)), float(rng.randint(-8, 8)))
        exact = exact_cast(a, b, (0.0, 0.0), motion)
        assert exact is not None
        result = cast(a, b, motion)
        expected_time = None if exact.time is None else float(exact.time)
        assert (result.status, result.time) == (exact.status, expected_time), (a, b, motion)


def test_target_reached_exactly_at_t1_is_a_hit_whatever_the_vertex_order() -> None:
    # B's corner (4, 3) ends at (3, -1), exactly 1 from A's corner (2, -1) at t = 1; the
    # disc about the cores' vertex difference is met at a time computed from differences
    # of squares, which came out 1 + 2^-52 when they were rounded twice.
    a = Polytope(((-2.0, -2.0), (-3.0, 3.0), (1.0, 1.0), (2.0, -1.0)))
    b = Polytope(((6.0, -2.0), (4.0, 3.0), (4.0, 4.0), (9.0, 4.0), (9.0, 1.0)))
    for order in (1, -1):
        a_ring, b_ring = Polytope(a.vertices[::order]), Polytope(b.vertices[::order])
        expected = analytic_cast(a_ring, b_ring, (0.0, 0.0), (-1.0, -4.0), 1.0)
        assert expected == AnalyticCast("hit", 1.0)
        result = cast(a_ring, b_ring, (-1.0, -4.0), target_distance=1.0)
        assert (result.status, result.time) == ("hit", 1.0)


@pytest.mark.parametrize("offset", [0.0, 1e9, 1e15])
def test_rounded_statuses_match_the_analytic_cast_at_any_offset(offset: float) -> None:
    # Discs and capsules a few units across: at 1e15 the verdict's touching band (about
    # 10) once called shapes 5 apart touching. The cast now runs in the shapes' frame.
    rng = random.Random(7)
    for _ in range(100):
        ends = [(offset + rng.randint(-6, 6), offset + rng.randint(-6, 6)) for _ in range(3)]
        tip = (ends[2][0] + 1.0, ends[2][1])
        a = circle(ends[0], rng.choice([0.5, 1.0, 2.0]))
        b = capsule(ends[1], tip, 0.5) if rng.random() < 0.5 else circle(ends[1], 1.0)
        motion = (float(rng.randint(-12, 12)), float(rng.randint(-12, 12)))
        expected = analytic_cast(a, b, (0.0, 0.0), motion)
        assert expected is not None
        result = cast(a, b, motion)
        assert result.status == expected.status, (a, b, motion)
        if expected.time is not None and result.time is not None:
            assert abs(result.time - expected.time) <= 1e-12, (a, b, motion)


GRAZES: list[tuple[ConvexShape, ConvexShape, Vec]] = [
    # two unit discs, B's centre passing 2 above A's: tangent at t = 1/2
    (circle((0.0, 0.0), 1.0), circle((3.0, 2.0), 1.0), (-6.0, 0.0)),
    # a disc sliding along a capsule's flat side, and along a rounded box's top
    (capsule((-2.0, 0.0), (2.0, 0.0), 1.0), circle((5.0, 2.5), 1.5), (-6.0, 0.0)),
    (rounded(rectangle((0.0, 0.0), (2.0, 2.0)), 0.5), circle((5.0, 2.0), 0.5), (-6.0, 0.0)),
    # from the seeded near-miss run: a disc and a capsule near (1000, 1000), whose float
    # time was 2.7e-11 late, and a capsule grazing a rounded box, 1e-10 late
    (
        rounded(Polytope(((1000.5018825461053, 1000.1663586705237),)), 3.515496141149576),
        rounded(
            Polytope(
                ((983.0433396227564, 1013.8837965162951), (982.3635369116402, 1015.0394042600554))
            ),
            1.264109827461848,
        ),
        (31.069920873792203, -14.97025452842355),
    ),
    (
        capsule(
            (-1.3851456483978652, -4.621795729792518),
            (0.008595641342095228, 4.49449502803868),
            0.2454470477930853,
        ),
        rounded(
            Polytope(
                (
                    (-46.320369038376185, 5.065973147078346),
                    (-44.18563169836504, 5.065973147078346),
                    (-44.18563169836504, 8.718953346612405),
                    (-46.320369038376185, 8.718953346612405),
                )
            ),
            0.8661641226046028,
        ),
        (44.18064037543422, 0.5400500131075892),
    ),
]


GRAZES.append(
    # the loop stopped on "parallel", a miss: exactly, two rounded boxes graze, corner to corner
    (
        rounded(
            Polytope(
                (
                    (8.58877084268947, 8.558570893703356),
                    (12.831533742839188, 8.558570893703356),
                    (12.831533742839188, 9.570223477351076),
                    (8.58877084268947, 9.570223477351076),
                )
            ),
            0.10619391519367535,
        ),
        rounded(
            Polytope(
                (
                    (-9.823757967768218, 19.534331141438038),
                    (-7.442448007939605, 19.534331141438038),
                    (-7.442448007939605, 22.30482493253188),
                    (-9.823757967768218, 22.30482493253188),
                )
            ),
            0.12298251425279833,
        ),
        (40.27616547039524, -17.270705570188365),
    )
)


@pytest.mark.parametrize(
    ("a", "b", "motion"), GRAZES, ids=["discs", "capsule", "box", "far", "edge", "parallel"]
)
def test_a_graze_of_rounded_shapes_is_timed_exactly_and_proven_apart_before(
    a: ConvexShape, b: ConvexShape, motion: Vec
) -> None:
    # along the contact normal a tangent graze's separation is flat: no axis proves the
    # shapes apart before it, so the certificate claims them apart_exactly up to the float
    # just before the time, which the re-check decides exactly (near-tangent ones may be
    # proven by the axis, to within the tolerance); the time is the analytic one
    result = cast(a, b, motion)
    expected = analytic_cast(a, b, (0.0, 0.0), motion)
    assert expected is not None and expected.status == "hit"
    assert (result.status, result.time) == ("hit", expected.time)
    proof = result.certificate
    assert isinstance(proof, CastCertificate) and result.time is not None
    if motion == (-6.0, 0.0):  # tangent exactly: along the normal the separation is flat
        assert proof.apart_exactly and proof.apart_until == math.nextafter(result.time, 0.0)
    assert check_cast_certificate(a, b, (0.0, 0.0), motion, result) == ()


def test_a_float_hit_on_a_feature_the_sweep_never_reaches_exactly_is_a_miss() -> None:
    # from the seeded near-miss run: the float loop ends on a corner of a disc and a rounded
    # box passing a hair from it, and calls it a hit; exactly, the sweep never comes within
    # the radii of that corner: a miss (it was a hit whose certificate could not hold)
    a = rounded(Polytope(((-0.6454570010192586, 0.49339429706961924),)), 2.447174284920642)
    b = rounded(
        Polytope(
            (
                (5.608210753552285, 4.305763333220094),
                (10.576084732821425, 4.305763333220094),
                (10.576084732821425, 6.118606473751202),
                (5.608210753552285, 6.118606473751202),
            )
        ),
        0.3399882934620803,
    )
    motion = (-6.609152118770737, -12.083213269193202)
    result = cast(a, b, motion)
    expected = analytic_cast(a, b, (0.0, 0.0), motion)
    assert expected is not None and result.status == "miss" == expected.status
    assert check_cast_certificate(a, b, (0.0, 0.0), motion, result) == ()


def test_shapes_proven_apart_only_as_moved_together_touch_at_the_start() -> None:
    # A capsule and a triangle touching at t = 0 (overlapping by 1e-17, exactly), the motion
    # sliding off: moved together near the origin (each coordinate rounded) a separating
    # axis proved them 2e-16 apart, and the cast called it a miss, which the analytic
    # cast's overlap does not allow; for the shapes as given the band says touching
    a = capsule(
        (-0.158846020034491, -1.2216024734846622),
        (1.5573830084982374, 0.8967238962410116),
        0.9902553848392938,
    )
    b = convex_polygon(
        [
            (8.841058889365648, 0.26742854205204925),
            (0.22723755950455882, -2.13349347399598),
            (6.914740581248161, -3.9729209250410955),
        ]
    )
    motion = (-19.76582748641213, -8.368611406655297)
    checked = check_cast(a, b, Motion(b=Move(end=Pose(motion[0], motion[1], 0.0))))
    assert checked.analytic_status == "overlapping"
    assert checked.result.status == "touching-receding" and checked.agree, checked.problems


def _hair_pass(rng: random.Random) -> tuple[ConvexShape, ConvexShape, Vec]:
    """Two shapes with polygonal cores (a polygon, a circle, a capsule, a rounded box) and
    a motion whose sweep passes tangent to ``A - B``, a hair (0 to 1e-6 of the offset) off
    it, near the offset (0 to 1e6) from the origin."""
    offset = rng.choice([0.0, 10.0, 1000.0, 1e6])

    def shape(centre: Vec) -> ConvexShape:
        size, kind = rng.uniform(0.3, 5.0), rng.randrange(4)
        if kind == 0:
            angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(rng.randint(3, 7)))
            return hull(
                [(centre[0] + size * math.cos(a), centre[1] + size * math.sin(a)) for a in angles]
            )
        if kind == 1:
            return circle(centre, size)
        if kind == 2:
            turn = rng.uniform(0.0, math.pi)
            tip = (size * math.cos(turn), size * math.sin(turn))
            ends = (
                (centre[0] - tip[0], centre[1] - tip[1]),
                (centre[0] + tip[0], centre[1] + tip[1]),
            )
            return capsule(*ends, rng.uniform(0.1, 2.0))
        return rounded(rectangle(centre, (size, rng.uniform(0.3, 5.0))), rng.uniform(0.1, 1.0))

    a = shape((offset + rng.uniform(-1.0, 1.0), offset + rng.uniform(-1.0, 1.0)))
    b = shape((0.0, 0.0))
    turn, length = rng.uniform(0.0, 2.0 * math.pi), rng.uniform(1.0, 50.0)
    motion = (length * math.cos(turn), length * math.sin(turn))
    across = (-math.sin(turn), math.cos(turn))
    sx, sy = MinkowskiDifference(a, b).support(across)
    hair = rng.choice([1e-6, 1e-9, 1e-12, 1e-14, 1e-15, 1e-16, 0.0]) * max(1.0, offset)
    along = rng.choice([rng.uniform(0.1, 0.9), 0.0, 1.0])
    shift = (sx + hair * across[0] - along * motion[0], sy + hair * across[1] - along * motion[1])
    return a, transformed(b, Affine.from_parts(translate=shift)), motion


@pytest.mark.slow
def test_thousands_of_hair_passes_of_polygonal_cores_agree_with_every_referee() -> None:
    # Every answer to 4,000 sweeps tangent to A - B or a hair off it agrees with the exact
    # or analytic cast, Shapely, the contact check and its certificate's re-check; every
    # miss the exact or analytic cast confirms is proven. (Once: 2e-14 from a rounded
    # corner near (1000, 1000) a miss carried no proof; 125 grazing hits of rounded shapes
    # failed their re-check, a single axis proving no tangent graze apart up to its time,
    # 55 of them up to 2e-8 late or early; 489 float hits were exactly misses; and 5
    # sweeps starting at the tangent point were called misses of shapes that overlap by
    # 1e-16, proven apart only as moved together near the origin.)
    rng = random.Random(1818)
    statuses: Counter[str] = Counter()
    for _ in range(4000):
        a, b, motion = _hair_pass(rng)
        checked = check_cast(a, b, Motion(b=Move(end=Pose(motion[0], motion[1], 0.0))))
        assert checked.agree, (a, b, motion, checked.problems)
        result = checked.result
        statuses[result.status] += 1
        referee = checked.exact.status if checked.exact else checked.analytic_status
        if result.status == "miss" == referee:
            assert result.certificate is not None, (a, b, motion)
    assert statuses["hit"] > 200 and statuses["miss"] > 3000, statuses
    assert statuses["touching-receding"] > 100, statuses
