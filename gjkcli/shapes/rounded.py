"""Rounded shapes: a convex shape grown by a disc (its Minkowski sum with a disc).

A circle is a rounded point, a capsule a rounded segment, and the ``margin`` of
any shape rounds it further. Keeping the radius apart from the core lets the
distance query work on the core alone and subtract the radii at the end, which
is exact (this is how Box2D treats circles and capsules).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gjkcli.shapes.base import ConvexShape, Drawable, Vec, batched_supports, supports

__all__ = ["Rounded", "split_radius", "surface_points"]


@batched_supports
@dataclass(frozen=True)
class Rounded(Drawable):
    """The set of points within ``radius`` of ``core``.

    >>> from gjkcli.shapes.polytope import Polytope
    >>> disc = Rounded(Polytope(((1.0, 1.0),)), 2.0)
    >>> disc.support((0.0, 5.0))
    (1.0, 3.0)
    >>> disc.support((3.0, 4.0))
    (2.2, 2.6)
    """

    core: ConvexShape
    radius: float

    def __post_init__(self) -> None:
        if not self.radius >= 0.0:
            raise ValueError(f"radius must be >= 0, got {self.radius!r}")

    def support(self, d: Vec) -> Vec:
        """The core's support point pushed out by ``radius`` along ``d``."""
        x, y = self.core.support(d)
        length = math.hypot(d[0], d[1])
        if length == 0.0 or self.radius == 0.0:
            return (x, y)
        # d / |d| first: radius / |d| overflows for a direction of subnormal length
        # (an ellipse 1e-323 high asks for one), and 0 * inf is NaN
        return (x + d[0] / length * self.radius, y + d[1] / length * self.radius)

    def supports(self, directions: Sequence[Vec]) -> list[Vec]:
        """:meth:`support` along each direction, in order (the same points, bit for bit).

        >>> from gjkcli.shapes.polytope import Polytope
        >>> Rounded(Polytope(((1.0, 1.0),)), 2.0).supports([(0.0, 5.0), (3.0, 4.0), (0.0, 0.0)])
        [(1.0, 3.0), (2.2, 2.6), (1.0, 1.0)]
        """
        cores = supports(self.core, directions)
        radius = self.radius
        if radius == 0.0:
            return cores
        hypot = math.hypot
        return [
            (x, y)
            if (length := hypot(dx, dy)) == 0.0
            else (x + dx / length * radius, y + dy / length * radius)
            for (x, y), (dx, dy) in zip(cores, directions, strict=True)
        ]


def split_radius(shape: ConvexShape) -> tuple[ConvexShape, float]:
    """Split a shape into its core and the radius of the disc around it.

    >>> from gjkcli.shapes.polytope import Polytope
    >>> point = Polytope(((0.0, 0.0),))
    >>> split_radius(Rounded(point, 0.5)) == (point, 0.5)
    True
    >>> split_radius(point) == (point, 0.0)
    True
    """
    if isinstance(shape, Rounded):
        return shape.core, shape.radius
    return shape, 0.0


def surface_points(
    cores: tuple[Vec, Vec], normal: Vec, radii: tuple[float, float]
) -> tuple[Vec, Vec]:
    """Points of the cores of A and B moved to the surfaces: A's by its radius along
    the unit ``normal`` (from A towards B), B's by its radius against it.

    >>> surface_points(((0.0, 0.0), (5.0, 0.0)), (1.0, 0.0), (1.0, 2.0))
    ((1.0, 0.0), (3.0, 0.0))
    """
    (ax, ay), (bx, by) = cores
    nx, ny = normal
    ra, rb = radii
    return (ax + ra * nx, ay + ra * ny), (bx - rb * nx, by - rb * ny)
