"""The Minkowski difference ``A - B`` as a polygon.

For two convex polygons it is exact and takes ``O(n + m)`` after the hulls:
walk both boundaries counter-clockwise, ``A`` as it is and ``B`` turned
through 180 degrees (``-B``), and chain their edges in order of direction,
always taking the edge that turns least; each corner of the result is a corner
of ``A`` minus a corner of ``B``. Both walks start at their lowest (then
leftmost) corner, so every edge direction lies in ``[0, 360)`` degrees from
there on; directions are compared by half-plane first and cross product
second, which needs no angles.

Shapes with curves have no corners: their difference is traced through its
support function (:mod:`gjkcli.algorithms.outline`), with the error bound of
the tracing, around the difference of the shapes' centres (so that the bound
is as fine far from the origin as near it). A difference that spans no area
beyond that bound (an ellipse flattened to a segment, minus a point) comes
out as a segment or a point, as it does for polygons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gjkcli.algorithms.hull import Number, convex_hull_indices
from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope

__all__ = ["MinkowskiPolygon", "edge_merge", "minkowski_difference"]


@dataclass(frozen=True)
class MinkowskiPolygon:
    """``A - B`` as a counter-clockwise polygon.

    ``sources[k]`` is ``(i, j)`` when vertex ``k`` is vertex ``i`` of ``A``
    minus vertex ``j`` of ``B`` (indices into the shapes' vertex lists); it is
    empty for a traced difference. ``error`` bounds the distance from the true
    boundary to this polygon (0 when exact); a traced polygon lies inside ``A - B``
    to within the rounding of its coordinates (which ``error`` includes).
    """

    vertices: tuple[Vec, ...]
    sources: tuple[tuple[int, int], ...]
    error: float

    @property
    def exact(self) -> bool:
        """Whether the polygon is the difference itself, not a traced stand-in."""
        return bool(self.sources)


def minkowski_difference(shape_a: ConvexShape, shape_b: ConvexShape) -> MinkowskiPolygon:
    """``A - B``: exact for polygonal shapes, traced for curved ones.

    >>> from gjkcli.shapes import Polytope, circle
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> b = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))
    >>> difference = minkowski_difference(a, b)
    >>> difference.vertices  # -B is A itself, so A - B is A scaled by 2
    ((-2.0, -2.0), (2.0, -2.0), (0.0, 2.0))
    >>> difference.sources, difference.exact  # (-2, -2) is A's vertex 2 minus B's vertex 1
    (((2, 1), (1, 2), (0, 0)), True)
    >>> traced = minkowski_difference(a, circle((0.0, 0.0), 1.0))
    >>> traced.exact, traced.error < 1e-4
    (False, True)

    A flat ellipse minus a point has no area: a segment, as for polygons.

    >>> from gjkcli.shapes import ellipse, point
    >>> minkowski_difference(ellipse((0.0, 0.0), (2.0, 0.0)), point((1.0, 0.0))).vertices
    ((-3.0, 0.0), (1.0, 0.0))
    """
    if isinstance(shape_a, Polytope) and isinstance(shape_b, Polytope):
        vertices, sources = edge_merge(shape_a.vertices, shape_b.vertices)
        return MinkowskiPolygon(tuple(vertices), tuple(sources), 0.0)
    from gjkcli.algorithms.outline import outline  # NumPy, only for curves

    vertices, error = outline(MinkowskiDifference(shape_a, shape_b)).polygon()
    return MinkowskiPolygon(tuple(vertices), (), error)


def edge_merge(
    a: Sequence[tuple[Number, Number]], b: Sequence[tuple[Number, Number]]
) -> tuple[list[tuple[Number, Number]], list[tuple[int, int]]]:
    """Vertices of ``hull(a) - hull(b)``, counter-clockwise, and the vertex pairs behind them.

    Collinear corners appear where two edges are parallel to within rounding
    but not exactly; exactly parallel edges are merged. With exact rationals
    (``fractions.Fraction``) the result is exact, with no collinear corners.

    >>> edge_merge([(0.0, 0.0), (1.0, 0.0)], [(0.0, 0.0), (0.0, 1.0)])
    ([(0.0, -1.0), (1.0, -1.0), (1.0, 0.0), (0.0, 0.0)], [(0, 1), (1, 1), (1, 0), (0, 0)])
    """
    hull_a = convex_hull_indices(a)
    negated = [(-x, -y) for x, y in b]
    hull_b = convex_hull_indices(negated)
    ring_a = [a[i] for i in hull_a]
    ring_b = [negated[j] for j in hull_b]
    edges_a = len(ring_a) if len(ring_a) > 1 else 0
    edges_b = len(ring_b) if len(ring_b) > 1 else 0
    vertices: list[tuple[Number, Number]] = []
    sources: list[tuple[int, int]] = []
    i = j = 0
    while True:
        p, q = ring_a[i % len(ring_a)], ring_b[j % len(ring_b)]
        vertices.append((p[0] + q[0], p[1] + q[1]))
        sources.append((hull_a[i % len(ring_a)], hull_b[j % len(ring_b)]))
        if i == edges_a and j == edges_b:
            break
        if i == edges_a:
            j += 1
            continue
        if j == edges_b:
            i += 1
            continue
        step_a = _edge(ring_a, i)
        step_b = _edge(ring_b, j)
        if _turns_less(step_a, step_b):
            i += 1
        elif _turns_less(step_b, step_a):
            j += 1
        else:  # the same direction: both edges at once
            i += 1
            j += 1
    if len(vertices) > 1:
        vertices.pop()  # the walk ends where it began
        sources.pop()
    return vertices, sources


def _edge(ring: list[tuple[Number, Number]], i: int) -> tuple[Number, Number]:
    p, q = ring[i % len(ring)], ring[(i + 1) % len(ring)]
    return (q[0] - p[0], q[1] - p[1])


def _turns_less(u: tuple[Number, Number], v: tuple[Number, Number]) -> bool:
    """Whether direction ``u`` comes strictly before ``v`` counter-clockwise from angle 0."""
    half_u, half_v = _half(u), _half(v)
    if half_u != half_v:
        return half_u < half_v
    return u[0] * v[1] - u[1] * v[0] > 0.0


def _half(v: tuple[Number, Number]) -> int:
    """0 for directions in [0, 180) degrees, 1 for [180, 360)."""
    return 0 if v[1] > 0.0 or (v[1] == 0.0 and v[0] > 0.0) else 1
