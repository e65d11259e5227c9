"""The manifold's Shapely cross-check (gjkcli.verify.manifold_oracle): it passes right
manifolds, catches wrong ones, and agrees with gjkcli on seeded random pairs."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from gjkcli.algorithms.epa import penetration
from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.algorithms.manifold import ContactPoint, Manifold, manifold
from gjkcli.shapes import (
    Affine,
    capsule,
    circle,
    convex_polygon,
    ellipse,
    rectangle,
    rounded,
    segment,
    transformed,
)
from gjkcli.shapes.base import ConvexShape
from gjkcli.verify.manifold_oracle import check_manifold, manifold_problems

FLOOR = rectangle((0.0, 0.0), (4.0, 2.0))
BOX = rectangle((0.0, 1.9), (2.0, 2.0))


@pytest.mark.parametrize(
    ("a", "b", "margin"),
    [
        (FLOOR, BOX, 0.0),
        (BOX, FLOOR, 0.0),
        (FLOOR, circle((0.5, 1.8), 1.0), 0.0),
        (FLOOR, capsule((-3.0, 1.2), (1.0, 1.2), 0.25), 0.0),
        (FLOOR, rectangle((0.0, 2.3), (2.0, 2.0)), 0.5),
        (
            rounded(rectangle((0.0, 0.0), (2.0, 2.0)), 0.5),
            rounded(rectangle((2.5, 2.5), (2.0, 2.0)), 0.5),
            0.0,
        ),
        (ellipse((0.0, 0.0), (2.0, 1.0)), rectangle((0.0, 1.4), (1.0, 1.0)), 0.0),
        (circle((0.0, 0.0), 1.0), circle((0.0, 5.0), 1.0), 0.0),
    ],
)
def test_right_manifolds_pass(a: ConvexShape, b: ConvexShape, margin: float) -> None:
    assert manifold_problems(a, b, manifold(a, b, margin), margin) == ()


def test_wrong_manifolds_are_caught() -> None:
    right = manifold(FLOOR, BOX)
    first = right.points[0]

    def problems(
        *points: ContactPoint, normal: tuple[float, float] = right.normal
    ) -> tuple[str, ...]:
        return manifold_problems(FLOOR, BOX, Manifold(normal, points, "a"))

    assert problems() == ("no points, but Shapely finds the shapes meeting",)
    deeper = replace(first, separation=-0.2)
    measured = "Shapely measures -0.10000000000000009 from the reference face"
    assert problems(deeper) == (f"point 1: separation -0.2, but {measured}",)
    off = replace(first, point=(-0.5, 0.9))
    assert "point 1: 0.5 off the line along the normal from the incident vertex 0" in problems(off)
    inside = replace(first, point=(-0.5, 1.0))
    assert any("from the incident shape's boundary" in p for p in problems(inside))
    wrong_face = replace(first, feature=("edge", 1, "vertex", 0))
    assert any("not the outward normal" in p for p in problems(wrong_face))
    assert any("not a unit vector" in p for p in problems(first, normal=(0.0, 2.0)))
    far = manifold_problems(FLOOR, rectangle((0.0, 5.0), (2.0, 2.0)), right)
    assert far[0] == "2 point(s), but Shapely finds the shapes 3 apart"


def test_check_manifold_refuses_compounds_with_a_reason() -> None:
    from gjkcli.shapes import union_of

    checked = check_manifold(FLOOR, union_of([BOX, rectangle((9.0, 0.0), (1.0, 1.0))]))
    assert checked.manifold is None and checked.agree
    assert (
        checked.unavailable
        == "contact manifolds need convex shapes, and B is made of 2 convex parts"
    )


def _polygon(rng: random.Random, size: float) -> ConvexShape:
    angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(rng.randint(3, 8)))
    points = [
        (size * rng.uniform(0.5, 1.0) * math.cos(t), size * rng.uniform(0.5, 1.0) * math.sin(t))
        for t in angles
    ]
    corners = convex_hull_indices(points)
    if len(corners) < 3:
        return rectangle((0.0, 0.0), (size, size))
    return convex_polygon([points[i] for i in corners])


def _shape(rng: random.Random) -> ConvexShape:
    """A random convex shape round the origin: mostly polygons, with boxes, discs,
    capsules, rounded polygons and ellipses."""
    size = rng.uniform(0.5, 2.0)
    kind = rng.random()
    if kind < 0.5:
        return _polygon(rng, size)
    if kind < 0.6:
        return rectangle((0.0, 0.0), (size, rng.uniform(0.3, 2.0)), rng.uniform(0.0, 360.0))
    if kind < 0.7:
        return circle((0.0, 0.0), size)
    if kind < 0.8:
        c, s = math.cos(rng.uniform(0, 7)), math.sin(rng.uniform(0, 7))
        return capsule((-size * c, -size * s), (size * c, size * s), rng.uniform(0.1, 0.8))
    if kind < 0.9:
        return rounded(_polygon(rng, size), rng.uniform(0.05, 0.5))
    return ellipse((0.0, 0.0), (size, rng.uniform(0.3, 1.5)), rng.uniform(0.0, 180.0))


def overlapping_pair(rng: random.Random) -> tuple[ConvexShape, ConvexShape]:
    """Two random shapes overlapping a little, as resting contacts do: B starts at a
    random place near A's (the draw repeated, up to 20 times, until they overlap), EPA
    gives the least move that separates them, and B takes all but a random depth of up
    to 0.15 of it."""
    for _ in range(20):  # most draws overlap at once; 20 misses in a row do not happen
        a, b = _shape(rng), _shape(rng)
        shift = (rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5))
        start = transformed(b, Affine.from_parts(translate=shift))
        overlap = penetration(a, start)
        if overlap is not None:
            move = overlap.depth - rng.uniform(0.0, 0.15)
            nx, ny = overlap.normal
            return a, transformed(start, Affine.from_parts(translate=(move * nx, move * ny)))
    raise AssertionError("no overlapping pair in 20 draws")


def _agreement(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    failures = []
    for i in range(count):
        a, b = overlapping_pair(rng)
        problems = manifold_problems(a, b, manifold(a, b))
        if problems:
            failures.append(f"pair {i}: {a} {b}: {problems}")
    return failures


def test_random_overlapping_pairs_agree_with_shapely() -> None:
    assert _agreement(seed=18, count=300) == []


@pytest.mark.slow
def test_many_random_overlapping_pairs_agree_with_shapely() -> None:
    assert _agreement(seed=1805, count=5000) == []


@pytest.mark.slow
def test_random_speculative_pairs_agree_with_shapely() -> None:
    # each overlapping pair moved apart by a random gap along EPA's normal, and asked
    # with margins below the gap (no points) and above it (speculative points)
    rng = random.Random(1806)
    failures = []
    for i in range(1000):
        a, b = overlapping_pair(rng)
        overlap = penetration(a, b)
        assert overlap is not None
        gap = rng.uniform(0.01, 0.3)
        move = overlap.depth + gap
        apart = transformed(
            b, Affine.from_parts(translate=(move * overlap.normal[0], move * overlap.normal[1]))
        )
        for margin in (gap / 2.0, gap * 2.0):
            contact = manifold(a, apart, margin)
            problems = manifold_problems(a, apart, contact, margin)
            if problems or (margin > gap) != bool(contact.points):
                failures.append(
                    f"pair {i}, margin {margin}: {len(contact.points)} points, {problems}"
                )
    assert failures == []


# Pairs that early versions of the manifold got wrong, found by the random runs.
_ROUNDED_TRIANGLE = rounded(
    convex_polygon(
        [
            (0.537383892031724, -1.4826267129022994),
            (-1.0714619170963513, 1.2456859416059098),
            (-1.145021641502422, -1.0558417686248067),
        ]
    ),
    0.28748016926656306,
)
_QUAD = convex_polygon(
    [
        (-2.6418052406054597, 0.018473879198738552),
        (-3.3746669145217725, -0.789266456271727),
        (-2.0214840964072334, -2.017007329977884),
        (-1.2886224224909208, -1.2092669945074186),
    ]
)
_HEXAGON = convex_polygon(
    [
        (0.0380898197706121, -0.6817321890310454),
        (0.6572752027902288, 0.05084989028296733),
        (-0.2752626506706701, 0.7425911007489567),
        (-0.5371593435067589, 0.49920534007892703),
        (-0.718759226386059, -0.12533549853017656),
        (-0.386642711837026, -0.6555115357002073),
    ]
)
_PENTAGON = convex_polygon(
    [
        (1.3650816066592149, -0.46581537184057653),
        (1.723281028560023, -0.3281203968434564),
        (0.7302326309322854, 2.0891408875026296),
        (-0.07162604744257339, 0.9207997260337794),
        (0.6565843575525436, 0.04920052445592249),
    ]
)
_STUBBY = convex_polygon(
    [
        (0.10232867534320286, -1.3415703720858791),
        (1.079506394264533, -0.7407832809786865),
        (1.6712922378203652, -0.006764558008138435),
        (0.9212792716739324, 0.6436181435930547),
        (-1.0579822914655288, -0.9613607609192582),
    ]
)
_FAT_CAPSULE = capsule(
    (1.796816226524965, -0.9577265549263492),
    (2.1164864097830485, -1.9326603744152322),
    0.7594527848180725,
)


@pytest.mark.parametrize(
    ("a", "b", "what"),
    [
        # the rounded triangle's corner faces the quad's corner; a quad face ties with
        # that corner to within the bias, and its incident edge runs out of the slab
        (_ROUNDED_TRIANGLE, _QUAD, "a face tying with a corner gave no points"),
        # two corners poking into each other: A's face is kept by the bias, but B's
        # incident edge misses its slab; B's face gives the point
        (_HEXAGON, _PENTAGON, "the biased reference face gave no points"),
        # a steep rounded incident edge: the clipped points moved by the radius along
        # the reference normal were inside the capsule, not on its surface
        (_STUBBY, _FAT_CAPSULE, "points off the incident surface"),
    ],
)
def test_pairs_once_wrong(a: ConvexShape, b: ConvexShape, what: str) -> None:
    contact = manifold(a, b)
    assert contact.points, what
    assert manifold_problems(a, b, contact) == (), what


def test_crossed_capsules_give_one_point_not_two_at_one_place() -> None:
    # capsules crossed in an X: B's core is end-on to A's face, and both of its ends
    # reach the surface at B's far end; one point stands for both
    a = capsule((-1.0, -1.0), (1.0, 1.0), 1.0)
    b = capsule((1.0, -1.0), (-1.0, 1.0), 1.0)
    contact = manifold(a, b)
    assert len(contact.points) == 1
    assert contact.points[0].separation == pytest.approx(-2.0 - math.sqrt(2.0), abs=1e-12)
    assert manifold_problems(a, b, contact) == ()


def test_collinear_segments_points_lie_on_the_incident_segment() -> None:
    # two overlapping segments on one line (gjk generate's degenerate-segments/269): a
    # segment is all surface, though Shapely's boundary of it is only its two ends
    a, b = segment((-4.0, -3.0), (0.0, -3.0)), segment((-1.0, -3.0), (3.0, -3.0))
    contact = manifold(a, b)
    assert [(p.point, p.separation) for p in contact.points] == [
        ((0.0, -3.0), 0.0),
        ((-1.0, -3.0), 0.0),
    ]
    assert manifold_problems(a, b, contact) == ()


def test_far_out_pairs_are_checked_with_steps_of_their_size() -> None:
    # at 1e50 a unit step along the normal is lost to rounding: the lines the check
    # measures against are drawn with steps the size of the coordinates
    floor = rectangle((1e50, 0.0), (4e49, 2e49))
    disc = circle((1e50, 1.9e49), 1e49)
    checked = check_manifold(floor, disc)
    assert checked.manifold is not None and len(checked.manifold.points) == 1
    assert checked.problems == () and checked.unchecked is None


def test_pairs_beyond_geos_reach_are_not_checked_and_say_so() -> None:
    checked = check_manifold(
        rectangle((1e140, 0.0), (4e139, 2e139)), circle((1e140, 1.9e139), 1e139)
    )
    assert checked.manifold is not None and len(checked.manifold.points) == 1
    assert checked.agree and checked.unchecked == "coordinates up to 1.2e+140"
