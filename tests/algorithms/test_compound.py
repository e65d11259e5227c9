"""GJK on compound shapes: holes, pockets, the broad phase, verdicts, and agreement with Shapely."""

from __future__ import annotations

import io
import json
import math
import random
from dataclasses import replace

import pytest
import shapely
from _pytest.monkeypatch import MonkeyPatch

from gjkcli.algorithms import compound
from gjkcli.algorithms.answer import solve
from gjkcli.algorithms.certificate import PartsCertificate
from gjkcli.algorithms.compound import LISTED_PAIRS, compound_query
from gjkcli.algorithms.decompose import decompose
from gjkcli.algorithms.distance import DISTANCE_FIRST_DIRECTION, DistanceResult, distance
from gjkcli.algorithms.extents import AXIS_ALIGNED
from gjkcli.corpus import generate
from gjkcli.io import load_pair
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.pair import Pair, ShapeInput
from gjkcli.shapes import capsule, circle, point, rectangle, segment, union_of
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.verify.certificates import check_certificate
from gjkcli.verify.check import check_pair, check_pairs
from gjkcli.verify.shapely_oracle import shapely_answer

GC_SQUARES = (
    "GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0)), POLYGON ((1 0, 2 0, 2 1, 1 1, 1 0)))"
)
RECTANGLES = json.dumps(
    {
        "type": "compound",
        "parts": [
            {"type": "rectangle", "center": [0.5, 0.5], "size": [1, 1]},
            {"type": "rectangle", "center": [1.5, 0.5], "size": [1, 1]},
        ],
    }
)
CAPSULES = json.dumps(  # side by side: their flat sides meet along y = 1
    {
        "type": "compound",
        "parts": [
            {"type": "capsule", "points": [[0, 0], [2, 0]], "radius": 1},
            {"type": "capsule", "points": [[0, 2], [2, 2]], "radius": 1},
        ],
    }
)
ROUNDED_SQUARES = json.dumps(  # a margin of 0.5 makes them meet along x = 1
    {
        "type": "compound",
        "margin": 0.5,
        "parts": [
            {"type": "rectangle", "center": [0, 0], "size": [1, 1]},
            {"type": "rectangle", "center": [2, 0], "size": [1, 1]},
        ],
    }
)
DISCS = json.dumps(  # tangent at (1, 0): no seam, a single point
    {
        "type": "compound",
        "parts": [
            {"type": "circle", "center": [0, 0], "radius": 1},
            {"type": "circle", "center": [2, 0], "radius": 1},
        ],
    }
)


def load_pair_text(text: str) -> Pair:
    return load_pair("-", io.BytesIO(text.encode()))


FRAME = decompose(
    [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)],
    [[(3.0, 3.0), (7.0, 3.0), (7.0, 7.0), (3.0, 7.0)]],
)
U_SHAPE = decompose(
    [(0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (4.0, 6.0), (4.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)]
)
L_SHAPE = decompose([(0.0, 0.0), (8.0, 0.0), (8.0, 2.0), (2.0, 2.0), (2.0, 8.0), (0.0, 8.0)])


def answer_of(a: Shape, b: Shape) -> tuple[str, float]:
    answer = solve(a, b)
    assert check_certificate(a, b, answer.certificate, answer.gjk.distance, answer.gjk.band).ok
    return answer.verdict, answer.gjk.distance


def hull_intersects(a: Compound, b: Shape) -> bool:
    """What the convex hull of ``a`` would say (Shapely, on the hull of the geometry)."""
    geometry = shapely.geometry.shape(a.geometry)
    other = shapely.geometry.shape({"type": "Polygon", "coordinates": [_corners(b)]})
    return bool(shapely.intersects(shapely.convex_hull(geometry), other))


def _corners(shape: Shape) -> list[Vec]:
    directions = [(math.cos(k * math.pi / 32), math.sin(k * math.pi / 32)) for k in range(64)]
    assert not isinstance(shape, Compound)
    return [shape.support(d) for d in directions]


@pytest.mark.parametrize(
    ("shape", "verdict", "distance"),
    [
        (circle((5.0, 5.0), 1.5), "separated", 0.5),  # inside the hole: 0.5 from every edge
        (circle((4.0, 5.0), 0.25), "separated", 0.75),  # nearer the left edge
        (point((5.0, 6.0)), "separated", 1.0),
        (circle((5.0, 5.0), 2.0), "touching", 0.0),  # touches all four edges of the hole
        (circle((5.0, 5.0), 2.5), "overlapping", 0.0),  # reaches into the frame
        (rectangle((3.0, 5.0), (1.0, 1.0)), "overlapping", 0.0),  # bridges the hole's edge
        (segment((5.0, 5.0), (5.0, 12.0)), "overlapping", 0.0),  # from the hole out through
        (rectangle((5.0, 5.0), (12.0, 12.0)), "overlapping", 0.0),  # covers the whole frame
    ],
)
def test_a_shape_in_a_hole(shape: Shape, verdict: str, distance: float) -> None:
    assert answer_of(FRAME, shape) == (verdict, distance)
    assert answer_of(shape, FRAME) == (verdict, distance)  # either way round
    referee = shapely_answer(FRAME, shape)
    assert referee.verdict == verdict
    assert abs(referee.distance - distance) <= referee.approximation_error + 1e-12


@pytest.mark.parametrize(
    ("outer", "shape", "distance"),
    [
        (U_SHAPE, rectangle((3.0, 4.0), (1.0, 1.0)), 0.5),
        (U_SHAPE, circle((3.0, 4.0), 0.75), 0.25),
        (U_SHAPE, point((3.0, 2.5)), 0.5),
        (L_SHAPE, rectangle((5.0, 5.0), (2.0, 2.0)), 2.0),
        (L_SHAPE, circle((5.0, 5.0), 1.0), 2.0),  # to the arms' faces x = 2 and y = 2
        (L_SHAPE, segment((3.0, 3.0), (7.0, 7.0)), 1.0),
    ],
)
def test_a_shape_in_a_notch_is_apart_though_the_hull_says_otherwise(
    outer: Compound, shape: Shape, distance: float
) -> None:
    verdict, found = answer_of(outer, shape)
    assert verdict == "separated"
    assert found == pytest.approx(distance, rel=1e-12, abs=1e-12)
    assert hull_intersects(outer, shape)


def test_contact_along_a_cut_between_parts_is_overlapping() -> None:
    # the L is cut along its diagonal (0, 0)-(2, 2): both parts only touch a shape lying on
    # that cut, but the cut is inside the L, so the shapes overlap
    cut = {tuple(p) for p in L_SHAPE.parts[0].vertices} & {  # type: ignore[attr-defined]
        tuple(p)
        for p in L_SHAPE.parts[1].vertices  # type: ignore[attr-defined]
    }
    assert cut == {(0.0, 0.0), (2.0, 2.0)}
    for on_cut in [
        point((1.0, 1.0)),
        segment((0.5, 0.5), (1.5, 1.5)),
        segment((0.0, 0.0), (2.0, 2.0)),
    ]:
        assert answer_of(L_SHAPE, on_cut)[0] == "overlapping"
        assert shapely_answer(L_SHAPE, on_cut).verdict == "overlapping"
    corner = point((2.0, 2.0))  # the inner corner is on the boundary: touching
    assert answer_of(L_SHAPE, corner)[0] == "touching"
    assert shapely_answer(L_SHAPE, corner).verdict == "touching"


def test_two_l_shapes_sharing_an_edge_touch() -> None:
    mirrored = decompose(
        [(8.0, 0.0), (16.0, 0.0), (16.0, 8.0), (14.0, 8.0), (14.0, 2.0), (8.0, 2.0)]
    )
    assert answer_of(L_SHAPE, mirrored) == ("touching", 0.0)
    assert shapely_answer(L_SHAPE, mirrored).verdict == "touching"


def test_multi_part_shapes() -> None:
    dots = union_of([point((0.0, 0.0)), point((10.0, 0.0)), point((0.0, 10.0))])
    assert answer_of(dots, circle((10.0, 3.0), 1.0)) == ("separated", 2.0)
    assert answer_of(dots, circle((10.0, 1.0), 1.0)) == ("touching", 0.0)
    polyline = union_of([segment((0.0, 0.0), (4.0, 0.0)), segment((4.0, 0.0), (4.0, 4.0))])
    assert answer_of(polyline, point((2.0, 2.0))) == ("separated", 2.0)
    assert answer_of(polyline, rectangle((4.0, 4.0), (1.0, 1.0)))[0] == "overlapping"


def test_broad_phase_skips_far_pairs_and_never_misses_the_nearest() -> None:
    rng = random.Random(3)
    boxes = union_of([rectangle((4.0 * k, 0.0), (1.0, 1.0)) for k in range(50)])
    every_box = shapely.box(
        [4.0 * k - 0.5 for k in range(50)], -0.5, [4.0 * k + 0.5 for k in range(50)], 0.5
    )
    for _ in range(100):
        x, y, r = rng.uniform(-10.0, 210.0), rng.uniform(-5.0, 5.0), rng.uniform(0.1, 2.0)
        result = compound_query(boxes, circle((x, y), r))
        assert result.skipped >= 40
        # every pair, by Shapely: the distance to the centre, less the radius
        brute = max(float(shapely.distance(every_box, shapely.Point(x, y)).min()) - r, 0.0)
        assert result.deciding.result.distance == pytest.approx(brute, abs=1e-12)


def test_a_tampered_part_certificate_fails_its_recheck() -> None:
    # the box of the triangle comes within 0.5 of the disc's, the triangle itself 1.12:
    # nearer than the box of the square (1), so its pair needs an axis of its own
    triangle = Polytope(((1.5, 1.5), (5.0, 5.0), (1.5, 5.0)))
    shape = union_of([rectangle((0.0, 0.0), (2.0, 2.0)), triangle])
    probe = circle((3.0, 0.0), 1.0)
    answer = solve(shape, probe)
    proof = answer.certificate
    assert isinstance(proof, PartsCertificate)
    assert [(item.a, item.b) for item in proof.proofs] == [(0, 0), (1, 0)]
    assert check_certificate(shape, probe, proof, answer.gjk.distance, answer.gjk.band).ok
    dropped = replace(proof, proofs=proof.proofs[:1])
    check = check_certificate(shape, probe, dropped, answer.gjk.distance, answer.gjk.band)
    assert not check.ok
    assert any("(1, 0): not named" in problem for problem in check.problems), check.problems
    claimed = replace(dropped, horizon=0.9)  # a horizon the triangle's box does not show
    check = check_certificate(shape, probe, claimed, answer.gjk.distance, answer.gjk.band)
    assert any("less than the horizon 0.9" in problem for problem in check.problems)
    inflated = replace(proof, lower=1.0)
    assert not check_certificate(shape, probe, inflated, answer.gjk.distance, answer.gjk.band).ok
    # a horizon below 0 holds for every pair, but then the bounds prove nothing
    hollow = replace(dropped, horizon=-1.0, lower=-1.0)
    check = check_certificate(shape, probe, hollow, answer.gjk.distance, answer.gjk.band)
    assert check.problems == ("the bounds do not prove the shapes apart (lower bound -1)",)


def test_penetration_is_null_with_a_reason() -> None:
    answer = solve(FRAME, rectangle((3.0, 5.0), (1.0, 1.0)))
    assert answer.penetration is None
    assert answer.penetration_reason is not None
    assert "not defined for compound shapes" in answer.penetration_reason
    assert solve(FRAME, circle((5.0, 5.0), 1.5)).penetration_reason is None  # apart: no depth


def test_hundreds_of_random_non_convex_pairs_agree_with_shapely() -> None:
    _non_convex_pairs_agree(240)


@pytest.mark.slow
def test_many_random_non_convex_pairs_agree_with_shapely() -> None:
    _non_convex_pairs_agree(600)


def _non_convex_pairs_agree(count: int) -> None:
    """Generated non-convex pairs (a quarter of them with holes, or more) agree with
    Shapely, and all three verdicts occur among them."""
    records = list(generate(count, seed=11, families=["nonconvex", "pockets"]))
    pairs = [pair_from_node(Node(record, "corpus"), record["name"]) for record in records]
    checks = check_pairs(pairs)
    failing = [(c.pair.name, c.disagreements, c.expect) for c in checks if not c.ok]
    assert failing == []
    verdicts = {check.answer.verdict for check in checks}
    assert verdicts == {"separated", "touching", "overlapping"}
    with_holes = sum("holes" in str(record) for record in records)
    assert with_holes >= count // 4


def test_the_cross_check_uses_the_original_geometry_so_it_checks_the_cut() -> None:
    # a U whose cut lost a part: GJK, on the parts left, misses the probe; Shapely, on the
    # U as written, does not
    broken = Compound(U_SHAPE.parts[1:], U_SHAPE.geometry)
    lost = U_SHAPE.parts[0]
    assert isinstance(lost, Polytope)
    inside = (
        sum(x for x, _ in lost.vertices) / len(lost.vertices),
        sum(y for _, y in lost.vertices) / len(lost.vertices),
    )
    check = check_pair(Pair(ShapeInput(broken, "U"), ShapeInput(point(inside), "point"), "cut"))
    assert check.answer.verdict == "separated"
    assert check.shapely.verdict == "overlapping"
    assert not check.agree and check.disagreements


@pytest.mark.parametrize(
    ("a", "b", "verdict"),
    [
        # two squares side by side: their shared edge x = 1 is inside the union
        (GC_SQUARES, "POINT (1 0.5)", "overlapping"),
        (GC_SQUARES, "LINESTRING (1 0.2, 1 0.8)", "overlapping"),
        (GC_SQUARES, "LINESTRING (1 -1, 1 0.5)", "overlapping"),
        (GC_SQUARES, "POINT (1 0)", "touching"),  # where the seam meets the boundary
        (GC_SQUARES, "POINT (1 1.5)", "separated"),
        (RECTANGLES, "POINT (1 0.5)", "overlapping"),
        (RECTANGLES, "POINT (2 0.5)", "touching"),
        # rounded parts: the seam of flat sides is inside too, a tangency of arcs is not
        (CAPSULES, "POINT (1 1)", "overlapping"),
        (CAPSULES, "LINESTRING (0.5 1, 1.5 1)", "overlapping"),
        (CAPSULES, "POINT (1 3)", "touching"),
        (ROUNDED_SQUARES, "POINT (1 0)", "overlapping"),
        (DISCS, "POINT (1 0)", "touching"),
    ],
)
def test_a_contact_on_a_seam_between_members_is_inside(a: str, b: str, verdict: str) -> None:
    pair = load_pair_text(json.dumps({"a": json.loads(a) if a.startswith("{") else a, "b": b}))
    check = check_pair(pair)
    assert check.answer.verdict == verdict
    assert check.agree, check.disagreements


def test_shapely_counting_a_point_on_a_line_as_overlapping_is_not_a_disagreement() -> None:
    # a point or a line has no interior in the plane: for GJK a point on a polyline touches it
    for a, b in [
        ("LINESTRING (0 0, 2 0, 2 2)", "POINT (1 0)"),
        ("LINESTRING (0 0, 2 0, 2 2)", "POINT (2 0)"),
        ("MULTILINESTRING ((0 0, 2 0), (5 0, 5 5))", "LINESTRING (1 0, 3 0)"),
        ("MULTIPOINT ((0 0), (3 0))", "POINT (3 0)"),
    ]:
        check = check_pair(load_pair_text(json.dumps({"a": a, "b": b})))
        assert check.answer.verdict == "touching"
        assert check.shapely.verdict == "overlapping"
        assert check.agree, check.disagreements


def test_a_thousand_vertex_polygon_against_a_circle() -> None:
    rng = random.Random(1000)
    ring = []
    for k in range(1000):
        angle = 2.0 * math.pi * (k + rng.uniform(0.1, 0.9)) / 1000
        reach = rng.uniform(5.0, 10.0)
        ring.append((reach * math.cos(angle), reach * math.sin(angle)))
    polygon = decompose(ring)
    assert 300 <= len(polygon.parts) <= 998
    for centre, radius in [((0.0, 0.0), 2.0), ((9.0, 0.0), 1.0), ((20.0, 3.0), 4.0)]:
        disc = circle(centre, radius)
        result = compound_query(polygon, disc)
        assert result.tested < 0.1 * len(polygon.parts)
        referee = shapely_answer(polygon, disc)
        assert result.verdict == referee.verdict
        assert abs(result.deciding.result.distance - referee.distance) <= (
            referee.approximation_error + 1e-9
        )


def side_by_side(count: int) -> tuple[Shape, Shape]:
    """Long diagonal segments 1 apart, ``(i, 0)`` to ``(1000 + i, 1000)``, and the same
    shifted by 0.5 across: every pair of parts has the same bounding box."""
    a = union_of([segment((i, 0.0), (1000.0 + i, 1000.0)) for i in range(count)])
    b = union_of([segment((i + 0.5, 0.0), (1000.5 + i, 1000.0)) for i in range(count)])
    return a, b


SIDE_BY_SIDE = math.sqrt(2.0) / 4.0
"""Their distance: lines ``x - y = i`` and ``x - y = j + 0.5`` are ``|i - j - 0.5| / sqrt 2``
apart, least for ``j = i`` and ``j = i - 1``, where the long segments lie side by side."""


def count_gjk_runs(monkeypatch: MonkeyPatch) -> list[int]:
    """Counts the GJK distance runs of the part-pair search (one entry per run)."""
    runs: list[int] = []

    def counted(
        a: ConvexShape, b: ConvexShape, direction: Vec = DISTANCE_FIRST_DIRECTION
    ) -> DistanceResult:
        runs.append(1)
        return distance(a, b, direction=direction)

    monkeypatch.setattr(compound, "distance", counted)
    return runs


def test_long_parts_side_by_side_run_gjk_on_a_linear_number_of_pairs(
    monkeypatch: MonkeyPatch,
) -> None:
    # all 40,000 pairs have the same bounding box; the search used to run GJK on each
    runs = count_gjk_runs(monkeypatch)
    a, b = side_by_side(200)
    answer = solve(a, b)
    assert len(runs) <= 2 * 200
    assert answer.verdict == "separated"
    assert answer.gjk.distance == pytest.approx(SIDE_BY_SIDE, rel=1e-12, abs=0.0)


def test_long_parts_side_by_side_have_a_certificate_of_one_axis_that_rechecks() -> None:
    a, b = side_by_side(200)
    answer = solve(a, b)
    proof = answer.certificate
    assert isinstance(proof, PartsCertificate) and proof.frame is not None
    assert len(proof.proofs) == 1  # the nearest pair; the boxes along the diagonal do the rest
    assert proof.frame[0] == pytest.approx(math.sqrt(0.5)) == proof.frame[1]
    assert proof.lower is not None and proof.upper is not None
    assert proof.lower <= SIDE_BY_SIDE <= proof.upper and proof.gap < 1e-10
    band = answer.gjk.band
    assert check_certificate(a, b, proof, answer.gjk.distance, band).ok
    # the ordinary boxes of every pair meet: they prove nothing
    square = check_certificate(a, b, replace(proof, frame=AXIS_ALIGNED), answer.gjk.distance, band)
    assert any("not named" in problem for problem in square.problems), square.problems
    longer = replace(proof, frame=(1.0, 1e-8))
    too_long = check_certificate(a, b, longer, answer.gjk.distance, band).problems
    assert any(problem.startswith("frame: longer than 1") for problem in too_long), too_long


def test_a_contact_inside_ends_the_search_at_once(monkeypatch: MonkeyPatch) -> None:
    # a row of squares, and segments lying on every seam between two of them
    squares = union_of([rectangle((k + 0.5, 0.5), (1.0, 1.0)) for k in range(100)])
    seams = union_of([segment((k + 1.0, 0.2), (k + 1.0, 0.8)) for k in range(99)])
    runs = count_gjk_runs(monkeypatch)
    result = compound_query(squares, seams)
    assert (result.verdict, result.why) == ("overlapping", "they touch at a point inside A")
    assert len(runs) == result.tested == 1


def test_crossing_parts_end_the_search_at_the_first_overlap(monkeypatch: MonkeyPatch) -> None:
    up = union_of([segment((i, 0.0), (1000.0 + i, 1000.0)) for i in range(300)])
    down = union_of([segment((i, 1000.0), (1000.0 + i, 0.0)) for i in range(300)])
    runs = count_gjk_runs(monkeypatch)
    result = compound_query(up, down)
    assert (result.verdict, result.tested, len(runs)) == ("overlapping", 1, 1)
    assert len(result.listed) == 1 and result.skipped == 300 * 300 - 1


def test_results_list_only_the_first_pairs_tested() -> None:
    a, b = side_by_side(30)
    result = compound_query(a, b)
    assert result.tested == 2 * 30 - 1  # the pairs side by side, all equally near
    assert len(result.listed) == LISTED_PAIRS


def test_nearly_parallel_long_parts_agree_with_shapely() -> None:
    rng = random.Random(8)
    turned = 0
    for trial in range(20):
        angle = rng.uniform(0.0, math.pi)
        along, across = (math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle))
        lines: list[list[tuple[Vec, Vec]]] = [[], []]
        for k in range(60):  # strips 2 wide, A's at one side, B's 0.3 to 1.7 further
            for which, offset in enumerate((2.0 * k, 2.0 * k + rng.uniform(0.3, 1.7))):
                tilt = angle + rng.uniform(-1e-4, 1e-4)
                start, length = rng.uniform(0.0, 50.0), rng.uniform(50.0, 500.0)
                x, y = start * along[0] + offset * across[0], start * along[1] + offset * across[1]
                end = (x + length * math.cos(tilt), y + length * math.sin(tilt))
                lines[which].append(((x, y), end))
        a = union_of([segment(p, q) for p, q in lines[0]])
        b = union_of([segment(p, q) for p, q in lines[1]])
        answer = solve(a, b)
        assert answer.parts is not None
        turned += answer.parts.frame != AXIS_ALIGNED
        referee = shapely.distance(
            shapely.multilinestrings(lines[0]), shapely.multilinestrings(lines[1])
        )
        assert answer.verdict == "separated"
        assert answer.gjk.distance == pytest.approx(float(referee), abs=1e-9), trial
        assert check_certificate(a, b, answer.certificate, answer.gjk.distance, answer.gjk.band).ok
    assert turned >= 15  # most angles are far enough from the axes for boxes to crowd


def test_crowded_mixed_parts_find_the_nearest_pair_of_all() -> None:
    # long segments, capsules, thin rectangles and small discs, nearly parallel, B a
    # random gap beyond A (some overlap): the broad phase, in whatever frame it takes,
    # finds what GJK on every pair finds, and the certificate re-checks
    rng = random.Random(4)
    turned, verdicts = 0, set()
    for _ in range(16):
        angle = rng.uniform(0.0, math.pi)
        along, across = (math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle))
        offset, gap = rng.choice([0.0, 1e3, 1e6]), rng.uniform(-1.0, 3.0)
        shapes = []
        for side in range(2):
            parts: list[Shape] = []
            for _ in range(32):
                tilt = angle + rng.uniform(-0.001, 0.001)
                s, t = rng.uniform(0.0, 30.0), rng.uniform(0.0, 10.0) + side * (10.0 + gap)
                x, y = offset + s * along[0] + t * across[0], s * along[1] + t * across[1]
                length = rng.uniform(300.0, 600.0)
                end = (x + length * math.cos(tilt), y + length * math.sin(tilt))
                middle = ((x + end[0]) / 2.0, (y + end[1]) / 2.0)
                parts.append(
                    rng.choice(
                        [
                            segment((x, y), end),
                            capsule((x, y), end, rng.uniform(0.01, 0.2)),
                            circle((x, y), rng.uniform(0.01, 0.3)),
                            rectangle(middle, (length, 0.1), math.degrees(tilt)),
                        ]
                    )
                )
            shapes.append(union_of(parts))
        a, b = shapes
        answer = solve(a, b)
        assert answer.parts is not None
        verdicts.add(answer.verdict)
        turned += answer.parts.frame != AXIS_ALIGNED
        every = min(distance(p, q).distance for p in parts_of(a) for q in parts_of(b))
        assert answer.gjk.distance == pytest.approx(every, rel=1e-12, abs=1e-12)
        assert (answer.verdict == "separated") == (every > answer.gjk.band)
        assert check_certificate(a, b, answer.certificate, answer.gjk.distance, answer.gjk.band).ok
    assert turned >= 8 and verdicts == {"separated", "overlapping"}


@pytest.mark.parametrize(
    "name", ["hole-separated.json", "l-shapes-touching.json", "robot.json", "notch.json"]
)
@pytest.mark.parametrize("first", [(0.0, 1.0), (-1.0, 0.3), (0.3, -1.0)])
def test_a_first_direction_starts_the_part_runs_that_the_trace_tells(name: str, first: Vec) -> None:
    """With a first direction, the traced distance run of the deciding pair is the run
    whose answer the shapes get, step for step: the table's "distance run: N steps" and
    the part pairs' list count the steps the trace shows."""
    from tests.helpers import SAMPLES

    check = check_pair(load_pair(str(SAMPLES / "compound" / name)), trace=True, direction=first)
    answer = check.answer
    assert answer.parts is not None
    assert answer.distance_trace[0].direction == first
    assert answer.gjk.iterations == len(answer.distance_trace)
    assert answer.parts.deciding.result.iterations == len(answer.distance_trace)
    assert answer.distance_trace[-1].outcome == answer.gjk.status
    assert check.ok
