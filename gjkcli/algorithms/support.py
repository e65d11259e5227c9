"""The support function of the Minkowski difference ``A - B``.

``A - B = {a - b : a in A, b in B}`` contains the origin exactly when ``A`` and
``B`` share a point, and its distance to the origin is the distance between
``A`` and ``B``. Its farthest point along ``d`` is the farthest point of ``A``
along ``d`` minus the farthest point of ``B`` along ``-d``: GJK never builds the
difference, it only asks this question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from gjkcli.shapes.base import ConvexShape, Vec

__all__ = ["MinkowskiDifference", "SupportPoint", "minkowski_support"]


class SupportPoint(NamedTuple):
    """A point ``w = a - b`` of the Minkowski difference, with the points it came from."""

    w: Vec
    a: Vec
    b: Vec


def minkowski_support(shape_a: ConvexShape, shape_b: ConvexShape, d: Vec) -> SupportPoint:
    """The farthest point of ``A - B`` along ``d``.

    >>> from gjkcli.shapes import Polytope
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> b = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))
    >>> minkowski_support(a, b, (1.0, 0.0))
    SupportPoint(w=(2.0, -2.0), a=(1.0, -1.0), b=(-1.0, 1.0))
    """
    pa = shape_a.support(d)
    pb = shape_b.support((-d[0], -d[1]))
    return SupportPoint((pa[0] - pb[0], pa[1] - pb[1]), pa, pb)


@dataclass(frozen=True)
class MinkowskiDifference:
    """The convex set ``A - B`` itself, as a shape with a support function.

    >>> from gjkcli.shapes import circle, point
    >>> MinkowskiDifference(circle((0.0, 0.0), 1.0), point((3.0, 0.0))).support((1.0, 0.0))
    (-2.0, 0.0)
    """

    a: ConvexShape
    b: ConvexShape

    def support(self, d: Vec) -> Vec:
        """The farthest point of ``A - B`` along ``d``."""
        return minkowski_support(self.a, self.b, d).w
