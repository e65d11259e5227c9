"""The support function of the Minkowski difference ``A - B``.

``A - B = {a - b : a in A, b in B}`` contains the origin exactly when ``A`` and
``B`` share a point, and its distance to the origin is the distance between
``A`` and ``B``. Its farthest point along ``d`` is the farthest point of ``A``
along ``d`` minus the farthest point of ``B`` along ``-d``: GJK never builds the
difference, it only asks this question.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import MAX_COORDINATE, MIN_SIZE

__all__ = ["MinkowskiDifference", "SupportPoint", "first_direction", "minkowski_support"]


class SupportPoint(NamedTuple):
    """A point ``w = a - b`` of the Minkowski difference, with the points it came from."""

    w: Vec
    a: Vec
    b: Vec


def first_direction(direction: Vec) -> Vec:
    """A caller's first search direction, checked, at a length the support functions can use.

    A direction's length means nothing to GJK, but the support functions multiply by it:
    one near the largest float overflows them (an ellipse's support point becomes NaN),
    one of subnormal length loses its digits (a curve's support point moves off the
    curve). So a direction whose larger component lies outside ``[MIN_SIZE,
    MAX_COORDINATE]`` (the sizes of input, :mod:`gjkcli.tolerances`) is scaled by a power
    of two, which keeps its direction exactly, to a larger component in ``[1, 2)``; any
    other is kept as given, so that a walk-through shows the numbers it was given. A
    direction that is not finite, or is ``(0, 0)``, is a :class:`ValueError`.

    >>> first_direction((-4.0, 0.0)), first_direction((1e308, 1e308))
    ((-4.0, 0.0), (1.1125369292536007, 1.1125369292536007))
    >>> first_direction((5e-324, 0.0))
    (1.0, 0.0)
    """
    if direction == (0.0, 0.0) or not all(map(math.isfinite, direction)):
        raise ValueError("the first search direction must be a finite, non-zero vector")
    larger = max(abs(direction[0]), abs(direction[1]))
    if MIN_SIZE <= larger <= MAX_COORDINATE:
        return direction
    shift = 1 - math.frexp(larger)[1]
    return (math.ldexp(direction[0], shift), math.ldexp(direction[1], shift))


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
