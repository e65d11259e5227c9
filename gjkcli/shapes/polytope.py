"""Polytopes: the convex hull of finitely many points.

Points, segments, convex polygons, point-cloud hulls and rectangles are all
polytopes. Their support function is a plain maximum over the vertices, which
is exact: the answer is one of the input points, bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass

from gjkcli.shapes.base import Drawable, Vec
from gjkcli.shapes.cached import cached

__all__ = ["Polytope"]


@dataclass(frozen=True)
class Polytope(Drawable):
    """The convex hull of ``vertices`` (at least one point, in any order).

    The vertices need not be in convex position: points inside the hull are
    simply never returned by :meth:`support`.

    >>> triangle = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> triangle.support((0.0, 1.0))
    (0.0, 1.0)
    >>> triangle.support((1.0, 0.0))
    (1.0, -1.0)

    Ties go to the first vertex in input order, as in the seed article:

    >>> triangle.support((0.0, -1.0))
    (1.0, -1.0)
    """

    vertices: tuple[Vec, ...]

    def __post_init__(self) -> None:
        if not self.vertices:
            raise ValueError("a polytope needs at least one vertex")

    @cached
    def box(self) -> tuple[float, float, float, float]:
        """``(minx, miny, maxx, maxy)`` of the vertices, computed once (the shape is frozen).

        >>> Polytope(((0.0, 1.0), (2.0, -1.0))).box
        (0.0, -1.0, 2.0, 1.0)
        """
        xs, ys = zip(*self.vertices, strict=True)
        return (min(xs), min(ys), max(xs), max(ys))

    def support(self, d: Vec) -> Vec:
        """The vertex farthest in direction ``d`` (the first one on ties)."""
        dx, dy = d
        vertices = self.vertices
        best = 0
        best_dot = vertices[0][0] * dx + vertices[0][1] * dy
        for i in range(1, len(vertices)):
            x, y = vertices[i]
            dot = x * dx + y * dy
            if dot > best_dot:
                best = i
                best_dot = dot
        return vertices[best]
