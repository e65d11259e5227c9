"""Convexity of polygon rings: what is accepted, what is rejected, and where."""

from __future__ import annotations

import pytest

from gjkcli.shapes import NotConvexError, convex_polygon
from gjkcli.shapes.rings import convexity_problem


@pytest.mark.parametrize(
    "ring",
    [
        [(0, 0), (2, 0), (2, 2), (0, 2)],  # counter-clockwise
        [(0, 2), (2, 2), (2, 0), (0, 0)],  # clockwise
        [(0, 0), (2, 0), (2, 2), (0, 2), (0, 0)],  # closed
        [(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)],  # collinear vertex
        [(0, 0), (2, 0), (2, 0), (2, 2), (0, 2)],  # repeated vertex
        [(0.0, 0.0), (0.1, 0.1), (0.3, 0.3), (0.0, 1.0)],  # decimal collinear, inexact in binary
        [(1e9, 1e9), (1e9 + 1, 1e9), (1e9, 1e9 + 1)],  # far from the origin
    ],
)
def test_convex_rings_are_accepted(ring: list[tuple[float, float]]) -> None:
    assert convexity_problem(ring) is None


def test_first_reflex_vertex_is_named() -> None:
    ring = [(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)]
    problem = convexity_problem(ring)
    assert problem is not None and problem.index == 3
    assert "reflex" in problem.message


def test_reflex_vertex_index_counts_repeated_vertices() -> None:
    ring = [(0, 0), (0, 0), (4, 0), (4, 4), (2, 1), (0, 4)]
    problem = convexity_problem(ring)
    assert problem is not None and problem.index == 4


def test_spike_is_rejected() -> None:
    problem = convexity_problem([(0, 0), (4, 0), (2, 0), (2, 2)])
    assert problem is not None
    assert problem.index == 1 and "spike" in problem.message


def test_pentagram_winds_twice() -> None:
    star = [(0, 10), (6, -8), (-9, 3), (9, 3), (-6, -8)]
    problem = convexity_problem(star)
    assert problem is not None and problem.index is None
    assert "more than once" in problem.message


def test_bowtie_is_rejected() -> None:
    problem = convexity_problem([(0, 0), (1, 1), (1, 0), (0, 1)])
    assert problem is not None
    assert problem.index is None  # every turn goes the same way: no reflex vertex to blame
    assert problem.message == "the ring crosses itself (its signed area is zero)"


def test_collinear_ring_has_zero_area() -> None:
    problem = convexity_problem([(0, 0), (1, 1), (2, 2)])
    assert problem is not None and "zero area" in problem.message


def test_too_few_distinct_points() -> None:
    problem = convexity_problem([(0, 0), (1, 1), (1, 1), (0, 0)])
    assert problem is not None and "at least 3 distinct" in problem.message


def test_non_convex_polygon_is_never_replaced_by_its_hull() -> None:
    with pytest.raises(NotConvexError) as caught:
        convex_polygon([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)])
    assert caught.value.index == 3
