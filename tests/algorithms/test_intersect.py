"""Boolean GJK: the seed article's walk-through, and the cases where a careless GJK stalls."""

from __future__ import annotations

import math

import pytest

from gjkcli.algorithms.intersect import IntersectStep, intersects
from gjkcli.shapes import Polytope, capsule, circle, point, segment
from gjkcli.shapes.base import Vec
from tests.algorithms.conftest import Cap

SEED_A = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
SEED_B = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))


def clean(v: Vec | None) -> Vec | None:
    """Drop the sign of zero, which a flipped direction carries."""
    return None if v is None else (v[0] + 0.0, v[1] + 0.0)


def test_seed_example_golden_trace() -> None:
    """The article's example, started with direction (0, 1).

    The article prints the second support point as (0, -3) and the second
    search direction as (-5, 0). Neither is possible: A's lowest point has
    y = -1 and B's highest y = 1, so no point of A - B lies below y = -2 (see
    the next test). With the correct support point (0, -2) the segment is
    (0, 2) -> (0, -2), its perpendicular is (4, 0), and flipped towards the
    origin it is (-4, 0). The walk is otherwise the article's: three support
    points, the third completes a triangle around the origin.
    """
    steps: list[IntersectStep] = []
    result = intersects(SEED_A, SEED_B, (0.0, 1.0), recorder=steps)
    assert [step.support.w for step in steps] == [(0.0, 2.0), (0.0, -2.0), (-2.0, -2.0)]
    assert [clean(step.direction) for step in steps] == [(0.0, 1.0), (0.0, -1.0), (-4.0, 0.0)]
    assert [step.dot for step in steps] == [2.0, 2.0, 8.0]
    assert [step.support.a for step in steps] == [(0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
    assert [step.support.b for step in steps] == [(0.0, -1.0), (1.0, 1.0), (1.0, 1.0)]
    assert steps[-1].simplex == ((0.0, 2.0), (0.0, -2.0), (-2.0, -2.0))
    assert steps[-1].next_direction is None
    assert (result.intersects, result.iterations, result.status) == (True, 3, "contains-origin")


def test_the_articles_second_support_point_is_not_in_the_minkowski_difference() -> None:
    differences = [(a[0] - b[0], a[1] - b[1]) for a in SEED_A.vertices for b in SEED_B.vertices]
    lowest = min(y for _, y in differences)
    assert lowest == -2.0  # so (0, -3) cannot be a support point of A - B


def test_separated_shapes_report_a_separating_axis() -> None:
    result = intersects(SEED_A, Polytope(((5.0, 0.0), (6.0, 1.0), (6.0, -1.0))))
    assert not result.intersects
    assert result.status == "separating-axis"
    # The last direction really separates: every point of A - B is behind it.
    d = result.direction
    support = SEED_A.support(d)
    other = (5.0, 0.0), (6.0, 1.0), (6.0, -1.0)
    assert (
        max(support[0] * d[0] + support[1] * d[1] - (p[0] * d[0] + p[1] * d[1]) for p in other) < 0
    )


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        # A - B is a segment on the x axis, beyond the origin: the article's
        # flip-the-direction step finds the same support point twice here.
        (segment((0.0, 0.0), (1.0, 0.0)), point((5.0, 0.0)), False),
        (segment((0.0, 0.0), (1.0, 0.0)), point((0.5, 0.0)), True),
        (segment((0.0, 0.0), (1.0, 0.0)), point((1.0, 0.0)), True),
        (segment((0.0, 0.0), (1.0, 0.0)), segment((1.0, 0.0), (2.0, 0.0)), True),
        (segment((0.0, 0.0), (1.0, 0.0)), segment((0.5, 0.0), (3.0, 0.0)), True),
        (segment((0.0, 0.0), (1.0, 0.0)), segment((1.5, 0.0), (3.0, 0.0)), False),
        (segment((0.0, 0.0), (0.0, 1.0)), segment((0.0, 2.0), (0.0, 3.0)), False),
        (point((2.0, 3.0)), point((2.0, 3.0)), True),
        (point((2.0, 3.0)), point((2.0, 3.5)), False),
        (SEED_A, SEED_A, True),
        (circle((0.0, 0.0), 1.0), circle((3.0, 0.0), 2.0), True),  # touching
        (circle((0.0, 0.0), 1.0), circle((3.0, 0.0), 1.5), False),
        (capsule((0.0, 0.0), (4.0, 0.0), 1.0), capsule((0.0, 3.0), (4.0, 3.0), 2.0), True),
    ],
)
def test_degenerate_and_touching_cases(a: Polytope, b: Polytope, expected: bool) -> None:
    assert intersects(a, b).intersects is expected
    assert intersects(b, a).intersects is expected


def test_touching_polygons_count_as_intersecting() -> None:
    square = Polytope(((0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)))
    for other in (
        Polytope(((2.0, 0.0), (4.0, 0.0), (4.0, 2.0), (2.0, 2.0))),  # edge to edge
        Polytope(((2.0, 1.0), (3.0, 0.0), (3.0, 2.0))),  # vertex on edge
        Polytope(((2.0, 2.0), (3.0, 2.0), (3.0, 3.0))),  # vertex to vertex
    ):
        assert intersects(square, other).intersects
        assert intersects(other, square).intersects


def test_iteration_cap_is_reported(cap: Cap) -> None:
    cap(MAX_ITERATIONS=2)
    result = intersects(SEED_A, SEED_B)
    assert result.status == "max-iterations"
    assert result.iterations == 2
    assert result.intersects  # no separating axis was found


class NotANumber:
    """A broken shape whose support point is not a number."""

    def support(self, d: Vec) -> Vec:
        return (math.nan, math.nan)


def test_non_finite_support_is_degenerate_not_a_hang() -> None:
    result = intersects(NotANumber(), SEED_B)
    assert result.status == "degenerate"
    assert result.iterations == 1


def test_zero_first_direction_is_refused() -> None:
    with pytest.raises(ValueError, match="must be a finite, non-zero vector"):
        intersects(SEED_A, SEED_B, (0.0, 0.0))


# Point sets on a line through the origin, searched first across that line: every
# support point has a dot product of 0 (to rounding), and the triangles GJK builds
# are slivers whose edge tests rounding decides. Exact distances from a point of
# A - B to the origin are given; the touching band here is below 1e-10.
COLLINEAR_SEPARATED = [
    ([(2.0, -1.5), (10.672, -8.004), (8.8, -6.6)], (0.6, 0.8), 2.5),  # falsely "inside"
    ([(150.88, -113.16), (39.28, -29.46), (63.04, -47.28)], (0.6, 0.8), 49.1),  # cycled
]


@pytest.mark.parametrize(("points", "first", "gap"), COLLINEAR_SEPARATED)
def test_slivers_on_a_line_through_the_origin_do_not_fake_contact(
    points: list[Vec], first: Vec, gap: float
) -> None:
    origin, far = point((0.0, 0.0)), Polytope(tuple(points))
    assert min(math.hypot(x, y) for x, y in points) == pytest.approx(gap)
    for a, b, d in [(origin, far, first), (far, origin, (-first[0], -first[1]))]:
        result = intersects(a, b, d)
        assert (result.intersects, result.status) == (False, "separating-axis")


def test_a_point_found_towards_the_origin_and_dropped_again_ends_the_run() -> None:
    # A - B lies within 1e-16 of the x axis, the origin 7.6e-17 from it: touching to
    # rounding. Searching at the origin from the segment's closest point kept finding
    # the far vertex, which the collinear triangle dropped again, until the cap.
    a = Polytope(((0.0, 0.0), (-0.0008686780588683851, 0.0)))
    b = Polytope(
        (
            (-1.6813455094211813, -4.846239183321291e-17),
            (-0.0007411038234202916, -7.637428827648993e-17),
            (-0.6602541858359088, 2.286787311599426e-17),
            (-2044.347153998853, -4.7546815241712593e-17),
        )
    )
    result = intersects(a, b, (1.0, 0.0))
    assert (result.intersects, result.status) == (True, "duplicate-support")
    assert result.iterations < 10
