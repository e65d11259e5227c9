"""Linear casts of compound shapes, pair of parts by pair: hand-derived answers, the
certificate's re-check (every pair cast, every other pair's boxes apart), and seeded
casts of star polygons with holes against Shapely on the geometry they were cut from
(issue 18: "Support compound shapes ... for linear casts")."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from gjkcli import cast as public_cast
from gjkcli.algorithms.cast import cast
from gjkcli.algorithms.decompose import decompose
from gjkcli.algorithms.part_casts import PartsCastCertificate
from gjkcli.algorithms.poses import Motion, Move, Pose
from gjkcli.corpus.compounds import star_polygon
from gjkcli.shapes import circle, point, rectangle, union_of
from gjkcli.shapes.compound import Compound
from gjkcli.verify.cast_certificate import check_cast_certificate
from gjkcli.verify.cast_check import check_cast

U_SHAPE = decompose([(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])
STILL = (0.0, 0.0)


def moving_b(dx: float, dy: float) -> Motion:
    return Motion(b=Move(end=Pose(dx, dy, 0.0)))


def test_a_box_lowered_between_the_arms_meets_the_bottom() -> None:
    box = rectangle((1.5, 5.0), (0.5, 0.5))  # its bottom at y = 4.75, 3.75 above y = 1
    result = cast(U_SHAPE, box, (0.0, -5.0))
    assert (result.status, result.time, result.normal) == ("hit", 0.75, (0.0, 1.0))
    assert result.parts is not None
    proof = result.certificate
    assert isinstance(proof, PartsCastCertificate)
    assert len(proof.pairs) == 1  # the arms' boxes are apart from the box's sweep
    assert check_cast_certificate(U_SHAPE, box, STILL, (0.0, -5.0), result) == ()


def test_a_box_lowered_onto_an_arm_meets_its_top() -> None:
    box = rectangle((0.5, 5.0), (0.5, 0.5))  # over the left arm, whose top is y = 3
    result = cast(U_SHAPE, box, (0.0, -5.0))
    assert (result.status, result.time) == ("hit", 0.35)


def test_a_miss_needs_every_pair_to_miss() -> None:
    # past the U on the right; a box under the gap rising between the arms and out
    assert cast(U_SHAPE, rectangle((4.0, 5.0), (0.5, 0.5)), (0.0, -10.0)).status == "miss"
    rising = cast(U_SHAPE, rectangle((1.5, 2.0), (0.5, 0.5)), (0.0, 5.0))
    assert rising.status == "miss" and rising.parts is None
    assert isinstance(rising.certificate, PartsCastCertificate)
    assert (
        check_cast_certificate(
            U_SHAPE, rectangle((1.5, 2.0), (0.5, 0.5)), STILL, (0.0, 5.0), rising
        )
        == ()
    )


def test_compound_b_and_the_first_of_its_parts_to_meet() -> None:
    # two boxes stacked 2 apart moving down onto the U's left arm: the lower one meets it
    stack = union_of([rectangle((0.5, 5.0), (1.0, 1.0)), rectangle((0.5, 8.0), (1.0, 1.0))])
    result = cast(U_SHAPE, stack, (0.0, -5.0))
    assert (result.status, result.time) == ("hit", 0.3)
    assert result.parts is not None and result.parts[1] == 0


def test_states_at_the_start_come_first() -> None:
    inside_gap = rectangle((1.5, 2.0), (1.0, 1.0))  # touches both arms' inner sides
    assert cast(U_SHAPE, inside_gap, (1.0, 0.0)).status == "touching-approaching"
    assert cast(U_SHAPE, inside_gap, (0.0, 1.0)).status == "touching-receding"
    # a point inside the U on the cut between two of its parts: each pair only touches it,
    # but it is inside the U: the shapes overlap (Shapely on the U says so in the re-check)
    on_cut = cast(U_SHAPE, point((0.5, 0.5)), (0.0, 1.0))
    assert (on_cut.status, on_cut.time) == ("overlapping", 0.0)
    proof = on_cut.certificate
    assert isinstance(proof, PartsCastCertificate) and proof.inside == (0.5, 0.5)
    assert check_cast_certificate(U_SHAPE, point((0.5, 0.5)), STILL, (0.0, 1.0), on_cut) == ()
    outside = dataclasses.replace(on_cut, certificate=dataclasses.replace(proof, inside=(9.0, 9.0)))
    assert check_cast_certificate(U_SHAPE, point((0.5, 0.5)), STILL, (0.0, 1.0), outside)


def test_a_forged_compound_certificate_fails() -> None:
    box = rectangle((1.5, 5.0), (0.5, 0.5))
    result = cast(U_SHAPE, box, (0.0, -5.0))
    proof = result.certificate
    assert isinstance(proof, PartsCastCertificate)
    dropped = dataclasses.replace(result, certificate=PartsCastCertificate(()))
    assert check_cast_certificate(U_SHAPE, box, STILL, (0.0, -5.0), dropped) == (
        f"1 pair(s) of parts whose boxes may meet are not cast, the first {result.parts!r}",
        "no pair of parts is cast, but the cast says hit",
    )
    later = dataclasses.replace(result, time=0.8)
    assert any(
        "not the cast's hit" in p
        for p in check_cast_certificate(U_SHAPE, box, STILL, (0.0, -5.0), later)
    )
    # another motion: the pair's own certificate no longer holds, and other pairs' boxes meet
    assert check_cast_certificate(U_SHAPE, box, STILL, (-1.0, -5.0), result) != ()


def test_the_public_cast_takes_any_shape() -> None:
    u = "POLYGON ((0 0, 3 0, 3 3, 2 3, 2 1, 1 1, 1 3, 0 3, 0 0))"
    result = public_cast(u, "POINT (1.5 5)", (0.0, -5.0))
    assert (result.status, result.time) == ("hit", 0.8)


def test_a_compound_cast_is_checked_by_the_exact_cast_and_shapely() -> None:
    check = check_cast(U_SHAPE, rectangle((1.5, 5.0), (0.5, 0.5)), moving_b(0.0, -5.0))
    assert check.agree, check.problems
    assert check.exact is not None and float(check.exact.time or 0) == 0.75
    assert check.shapely is not None and check.shapely.consistent
    disc = check_cast(U_SHAPE, circle((1.5, 5.0), 0.3), moving_b(0.0, -5.0))
    assert disc.agree and disc.analytic == pytest.approx(0.74, rel=1e-15)


@pytest.mark.parametrize("seed", [18, 1818])
def test_seeded_casts_of_star_polygons_agree_with_shapely_on_the_polygon(seed: int) -> None:
    rng = random.Random(seed)
    hits = 0
    for index in range(12):
        ring, holes = star_polygon(rng, rng.uniform(1.0, 10.0), index % 3)
        shape = decompose([(x, y) for x, y in ring], [[(x, y) for x, y in h] for h in holes])
        assert isinstance(shape, Compound)
        reach = max(math.hypot(x, y) for x, y in ring)
        angle = rng.uniform(0.0, 2.0 * math.pi)
        start = (1.6 * reach * math.cos(angle), 1.6 * reach * math.sin(angle))
        mover = (
            circle(start, 0.05 * reach)
            if index % 2
            else rectangle(start, (0.1 * reach, 0.05 * reach), rng.uniform(0.0, 90.0))
        )
        aim = (rng.uniform(-0.4, 0.4) * reach, rng.uniform(-0.4, 0.4) * reach)
        motion = moving_b(2.0 * (aim[0] - start[0]), 2.0 * (aim[1] - start[1]))
        check = check_cast(shape, mover, motion)
        assert check.agree, (seed, index, check.problems)
        assert check.shapely is not None and check.shapely.unavailable is None
        hits += check.result.status == "hit"
    assert hits > 5
