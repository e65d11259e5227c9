"""Extreme but valid pairs two adversarial reviews of the "Trust first" work found: each
crashed, warned on stderr, called a right answer wrong or contradicted a proof before
its fix."""

from __future__ import annotations

import json
import math
import random
import warnings
from typing import Any

import pytest

from gjkcli.algorithms.axis import unit
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.verify.check import Check, check_pair


def check(record: dict[str, Any]) -> Check:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a GEOS RuntimeWarning on stderr fails the test
        return check_pair(pair_from_node(Node(json.loads(json.dumps(record)), "edge"), "edge"))


def test_a_point_on_a_vertex_of_a_cut_polygon_far_out_touches_it() -> None:
    # GJK's closest point is known to within the pair's band (0.019 at 1e12): the
    # interior test called it inside A, with the shapes' narrower band, and "overlapping"
    a = [
        [1000000000000.7, 299999999999.28],
        [1000000000000, 300000000000],
        [999999999999.33, 300000000000.74],
        [999999999999.69, 300000000001.08],
        [1000000000000.36, 300000000000.34],
        [1000000000001.06, 299999999999.62],
    ]
    result = check({"a": {"type": "polygon", "points": a}, "b": {"type": "point", "at": a[1]}})
    assert result.answer.verdict == "touching"
    assert result.agree, result.disagreements


@pytest.mark.parametrize(
    ("triangle", "near"),
    [
        (
            [[1e11, 1e11], [99999000000, 99999999000], [99999000000, 99999000000]],
            [99999999999.9995, 100000000000.0015],
        ),
        (
            [[500000.0, 5000000.0], [499900.0, 4999999.9], [499900.0, 4999900.0]],
            [499999.99999999, 5000000.00000009],
        ),
    ],
)
def test_a_multipoint_a_hair_from_a_far_out_vertex_is_proven_apart(
    triangle: list[list[float]], near: list[float]
) -> None:
    # the part pair's band is wider than the shapes': the search for the nearest pair
    # found it within its band, called the shapes separated, and the certificate
    # asserted (internal error); the boolean run's axis proves the gap
    result = check(
        {
            "a": {"type": "polygon", "points": triangle},
            "b": {"type": "MultiPoint", "coordinates": [near, [0.0, 0.0]]},
        }
    )
    assert result.answer.verdict == "separated"
    assert result.certificate_check.proves == "separated"
    assert result.agree, result.disagreements


@pytest.mark.parametrize(
    "record",
    [
        {"a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [5e-324, 5e-324]}},
        {
            "a": {"type": "polygon", "points": [[0, 0], [-1, 0.2], [-0.2, -1]]},
            "b": {"type": "polygon", "points": [[1e-320, 3e-320], [1, 0.8], [0.8, 1]]},
        },
    ],
)
def test_subnormal_gaps_give_a_unit_axis_not_an_internal_error(record: dict[str, Any]) -> None:
    result = check(record)
    assert result.answer.verdict == "separated" and result.ruling.verdict == "separated"
    assert result.agree, result.disagreements


def test_a_subnormal_vector_is_scaled_before_it_is_normalized() -> None:
    assert unit((5e-324, 5e-324)) == pytest.approx((2**-0.5, 2**-0.5), rel=1e-15)
    assert unit((1e-320, 3e-320)) == pytest.approx((0.316227766, 0.948683298), rel=1e-8)
    assert unit((0.0, 0.0)) is None


@pytest.mark.parametrize(
    "record",
    [
        {  # a hole near 1e99: GEOS's triangulation overflowed
            "a": {
                "type": "polygon",
                "points": [[0, 0], [4e99, 0], [4e99, 4e99], [0, 4e99]],
                "holes": [[[1e99, 1e99], [2e99, 1e99], [1.5e99, 2e99]]],
            },
            "b": {"type": "point", "at": [-1, -1]},
        },
        {  # a margin of 1.4e125 near 5.7e139: GEOS's union of the interior overflowed
            "a": {"type": "point", "at": [5.653629092558851e139, -3.597520278865401e137]},
            "b": {
                "type": "polygon",
                "points": [
                    [5.65362909255885e139, -3.597520278865351e137],
                    [5.653629092558952e139, -3.597520278865351e137],
                    [5.653629092558952e139, -3.5975202788551602e137],
                    [5.653629092558901e139, -3.5975202788628033e137],
                    [5.65362909255885e139, -3.5975202788551602e137],
                ],
                "margin": 1.4204202037905136e125,
            },
        },
    ],
)
def test_far_out_polygons_are_cut_and_joined_without_geos_warnings(
    record: dict[str, Any],
) -> None:
    result = check(record)
    assert result.agree, result.disagreements


def test_a_proven_overlap_of_a_cut_polygon_beats_geos_s_touch() -> None:
    # B's corner is 2e-14 inside A's edge (exactly); GEOS's relate says touching or
    # overlapping depending on where B's ring starts; GJK's triangle proves the overlap
    record = {
        "a": {
            "type": "Polygon",
            "coordinates": [
                [
                    [815.5103753054309, 0.0],
                    [574.3970106098002, 481.97631975201546],
                    [133.39794662731947, 756.5373494818501],
                    [-499.9999999999998, 866.0254037844387],
                    [-422.86167935365876, 153.909064496551],
                    [-939.6926207859084, -342.02014332566864],
                    [-500.00000000000045, -866.0254037844384],
                    [78.14167995011849, -443.16348885549365],
                    [766.0444431189778, -642.7876096865396],
                    [815.5103753054309, 0.0],
                ]
            ],
        },
        "b": {
            "type": "polygon",
            "points": [
                [-480.7154198384145, 687.9963189624668],
                [-854.8706892208787, 222.9348818267046],
                [-945.7768569741767, 1062.151588344931],
            ],
        },
    }
    result = check(record)
    assert result.answer.verdict == "overlapping" and result.shapely.verdict == "touching"
    assert result.certificate_check.proves == "overlapping"
    assert result.agree, result.disagreements


def test_a_part_pair_proven_overlapping_by_the_boolean_triangle_is_the_overlapping_pair() -> None:
    # the distance run ended within the band (touching); the boolean run's triangle
    # proves the overlap: the deciding pair is "the first overlapping pair", not touching
    record = {
        "a": {
            "type": "Polygon",
            "coordinates": [
                [
                    [33000000000000.836, -33000000000000.0],
                    [33000000000000.28, -32999999999999.65],
                    [32999999999999.777, -32999999999999.023],
                    [32999999999999.098, -32999999999999.566],
                    [32999999999999.098, -33000000000000.434],
                    [32999999999999.86, -33000000000000.61],
                    [33000000000000.625, -33000000000000.78],
                    [33000000000000.836, -33000000000000.0],
                ]
            ],
        },
        "b": {
            "type": "polygon",
            "points": [
                [32999999999999.29, -33000000000000.477],
                [32999999999999.65, -33000000000001.055],
                [32999999999999.074, -33000000000001.414],
                [32999999999998.71, -33000000000000.836],
            ],
        },
    }
    result = check(record)
    search = result.answer.parts
    assert search is not None
    assert result.answer.verdict == "overlapping"
    assert search.deciding.verdict == "overlapping" and search.why == "the first overlapping pair"


def test_a_far_out_polygon_with_a_tiny_coordinate_is_cut_without_geos_warnings() -> None:
    # 1e-300 beside 1e80 underflows when scaled: the triangles are still GEOS's of the
    # scaled rings, mapped back to the corners they came from
    record = {
        "a": {
            "type": "polygon",
            "points": [
                [1e80, 1e-300],
                [3e79, 3e79],
                [0, 1e80],
                [-1e80, 0],
                [0, -1e80],
                [3e79, -3e79],
            ],
        },
        "b": {"type": "point", "at": [5e80, 0]},
    }
    result = check(record)
    assert result.answer.verdict == "separated" and result.agree, result.disagreements


@pytest.mark.parametrize(
    ("record", "gap"),
    [
        (
            {
                "a": {"type": "segment", "points": [[-1e-150, 0.0], [1e-150, 0.0]]},
                "b": {"type": "point", "at": [0.0, 1e-200]},
            },
            1e-200,
        ),
        (
            {
                "a": {"type": "segment", "points": [[-1e-150, 0.0], [1e-150, 0.0]]},
                "b": {"type": "point", "at": [0.0, 1e-323]},
            },
            1e-323,
        ),
        (
            {
                "a": {
                    "type": "MultiPoint",
                    "coordinates": [[0.0, 0.0], [1e-150, 0.0], [5e-151, 5e-324]],
                },
                "b": {
                    "type": "LineString",
                    "coordinates": [[-1e-150, -5e-324], [2e-150, -5e-324]],
                },
            },
            5e-324,
        ),
    ],
)
def test_a_gap_whose_square_underflows_is_measured_not_called_zero(
    record: dict[str, Any], gap: float
) -> None:
    # GJK's loop squares the gap, which underflows to 0: before, "separated" at
    # distance 0, and the certificate failed
    result = check(record)
    assert result.answer.verdict == "separated"
    assert result.answer.gjk.distance == pytest.approx(gap, rel=1e-12)
    assert result.certificate_check.ok and result.agree, result.disagreements


def test_a_native_compound_with_a_cut_polygon_member_is_not_proven_by_its_parts() -> None:
    # Shapely checks the member's cut on the polygon as written, so a proof about the
    # parts is not one about the shape; grown by a margin, Shapely is given the parts
    from gjkcli.algorithms.decompose import decompose
    from gjkcli.shapes import point
    from gjkcli.shapes.compound import round_shape, union_of
    from gjkcli.verify.agreement import proves_the_shapes

    u = decompose(
        [
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 6.0),
            (4.0, 6.0),
            (4.0, 2.0),
            (2.0, 2.0),
            (2.0, 6.0),
            (0.0, 6.0),
        ]
    )
    dot = point((9.0, 9.0))
    assert not proves_the_shapes(union_of([u, point((8.0, 8.0))]), dot)
    assert proves_the_shapes(union_of([point((7.0, 7.0)), point((8.0, 8.0))]), dot)
    assert proves_the_shapes(round_shape(u, 0.5), dot)


THIN_TRIANGLES = [
    {
        "a": {
            "type": "polygon",
            "points": [
                [-187338805.66248995, 2159667893.5669236],
                [187338805.6576019, -2158624043.7876973],
                [187338805.66248995, -2158624043.787273],
                [-187338805.6576019, 2159667893.567348],
            ],
        },
        "b": {"type": "point", "at": [56.79611062727606, 521270.2669065832]},
    },
    {
        "a": {
            "type": "capsule",
            "points": [
                [-31841575156.16454, -24478898548.08257],
                [31841575156.16454, 24478898548.08257],
            ],
            "radius": 0.02881705963426064,
        },
        "b": {"type": "point", "at": [0.003235352402592307, 0.0007349404377627485]},
    },
    {
        "a": {
            "type": "polygon",
            "points": [
                [-28678609036.890438, -25848301689.439346],
                [28678609036.949413, 25848301689.37391],
                [28678609036.890438, 25848301689.439346],
                [14339304518.430473, 12924150844.736032],
                [14339303746.160673, 12924150207.919308],
                [-28678609036.949413, -25848301689.37391],
            ],
        },
        "b": {"type": "point", "at": [0.00819517830712643, -0.006957575092436395]},
    },
    {
        "a": {
            "type": "hull",
            "points": [
                [-828785886.2788597, -828785886.2788696],
                [828785886.2788697, 828785886.2788596],
                [828785886.2788597, 828785886.2788696],
                [-828785886.2788697, -828785886.2788596],
            ],
        },
        "b": {"type": "point", "at": [8.093376228343052e-08, -0.0]},
    },
]
"""Thin triangles around the origin with corners 1e9 to 1e11 out along a slant: their
weights, computed in floating point, cancelled to nothing like the true ones."""


@pytest.mark.parametrize("record", THIN_TRIANGLES)
def test_a_thin_slanted_triangle_is_certified_with_exact_weights(record: dict[str, Any]) -> None:
    result = check(record)
    assert result.answer.verdict == "overlapping"
    assert result.certificate_check.ok and result.certificate_check.proves == "overlapping"
    assert result.agree, result.disagreements


def test_points_in_thin_slanted_bars_all_agree() -> None:
    # before exact weights, about half of these failed the certificate's re-check
    rng = random.Random(13)
    for _ in range(60):
        length, width = 10 ** rng.uniform(9, 11.5), 10 ** rng.uniform(-3, -1)
        turn = rng.uniform(0, 2 * math.pi)
        c, s = math.cos(turn), math.sin(turn)
        corners = [(-length, -width), (length, -width), (length, width), (-length, width)]
        along, across = rng.uniform(-1e3, 1e3), width * rng.uniform(-0.9, 0.9)
        record = {
            "a": {
                "type": "polygon",
                "points": [[u * c - v * s, u * s + v * c] for u, v in corners],
            },
            "b": {"type": "point", "at": [along * c - across * s, along * s + across * c]},
        }
        result = check(record)
        assert result.certificate_check.ok and result.agree, (record, result.disagreements)


def test_a_thin_triangle_around_the_origin_is_certified_whole() -> None:
    # a segment 1e-5 long across a rectangle 2.3e11 long and 1e-6 wide: the boolean
    # triangle holds the origin (exactly) 1.2e-6 from its short side, where floating
    # point puts it outside; the certificate kept that side alone, and failed
    record = {
        "a": {
            "type": "segment",
            "points": [
                [2.4720498274720873e-06, -4.415185067126144e-06],
                [-2.4720498274720873e-06, 4.415185067126144e-06],
            ],
            "transform": {"translate": [-1744.173162062223, 31.278732535764732]},
        },
        "b": {
            "type": "rectangle",
            "center": [0.0, 0.0],
            "size": [228531994742.18695, 1.0118987447301387e-06],
            "rotation": 75.70527344517494,
            "transform": {"translate": [-28213399096.35643, -110728146187.5511]},
        },
    }
    result = check(record)
    assert result.answer.verdict == "overlapping"
    assert result.certificate_check.ok and result.certificate_check.proves == "overlapping"
    assert result.agree, result.disagreements
