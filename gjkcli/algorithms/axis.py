"""Separating axes: the direction from A towards B that GJK's runs found, as a vector no
longer than 1.

A separating axis bounds the distance from below only if it is no longer than
1 (``n.(b - a) <= |b - a|`` needs ``|n| <= 1``), so every axis here is
normalized and then shortened an ulp at a time until its *exact* length is at
most 1.
"""

from __future__ import annotations

import math

from gjkcli.algorithms.distance import DistanceResult
from gjkcli.dyadic import longer_than_one, shift_to_unit
from gjkcli.shapes.base import Vec

__all__ = ["at_most_unit", "from_direction", "from_distance_run", "unit"]


def from_distance_run(gjk: DistanceResult) -> Vec | None:
    """The unit axis from A towards B that GJK's distance run ended on, or ``None`` when
    it ended on a triangle (or on points that give no direction).

    The normal of GJK's final segment when it has one: when the shapes nearly
    touch, the closest points are nearly equal and the direction between them
    is known only to about ``eps / distance``; along a long edge that tilt is
    enough to make the axis fail to separate, while the segment of ``A - B``
    GJK ended on is made of well separated points, so its normal is accurate to
    rounding, whatever the distance. A single point ``w = a - b`` of the cores
    gives the axis ``-w``: for rounded shapes (two circles a hair apart) the
    cores are a sum of radii apart, so ``-w`` is accurate where the surface
    points are not.

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.shapes import circle, segment
    >>> from_distance_run(distance(segment((0.0, 0.0), (4.0, 0.0)), circle((2.0, 3.0), 1.0)))
    (0.0, 1.0)
    """
    if len(gjk.simplex) == 1:
        wx, wy = gjk.simplex[0].w
        return unit((0.0 - wx, 0.0 - wy))
    if len(gjk.simplex) != 2 or gjk.witness is None:
        return None
    (ax, ay), (bx, by) = gjk.witness
    near = min(gjk.simplex, key=lambda p: math.hypot(*p.w))  # its side is the surest
    (x1, y1), (x2, y2) = gjk.simplex[0].w, gjk.simplex[1].w
    normal = unit((y2 - y1, x1 - x2))
    if normal is None:
        return None
    nx, ny = normal
    # towards the origin from A - B, which is from A towards B: the side the simplex is
    # not on. Seen from its point nearer the origin: from the far end of a segment 1e8
    # long, rounding decides the side of a line that passes 1e-10 from the origin.
    # (On the line itself, the witness points decide.)
    side = nx * near.w[0] + ny * near.w[1]
    if side > 0.0 or (side == 0.0 and nx * (bx - ax) + ny * (by - ay) < 0.0):
        nx, ny = -nx, -ny
    return (nx, ny)


def from_direction(d: Vec) -> Vec | None:
    """A search direction (the boolean run's, along which ``A - B`` falls short of the
    origin) as an axis no longer than 1.

    >>> from_direction((0.0, -4.0))
    (0.0, -1.0)
    """
    return unit(d)


def unit(d: Vec) -> Vec | None:
    """``d`` divided by its length and made no longer than 1 (:func:`at_most_unit`), or
    ``None`` for a zero or non-finite vector.

    ``d`` is first scaled by a power of two (exact) so that its larger component
    is near 1: divided as it comes, a subnormal vector such as ``(5e-324,
    5e-324)`` has a length that rounds to one of its own components, and the
    quotient to ``(1, 1)``.

    >>> unit((5e-324, 5e-324)), unit((3e300, -4e300)), unit((0.0, 0.0))
    ((0.7071067811865475, 0.7071067811865475), (0.5999999999999999, -0.7999999999999999), None)
    """
    x, y = d
    biggest = max(abs(x), abs(y))
    if not (biggest > 0.0 and math.isfinite(biggest)):
        return None
    shift = shift_to_unit(biggest)
    x, y = math.ldexp(x, shift), math.ldexp(y, shift)
    length = math.hypot(x, y)
    return at_most_unit((x / length, y / length))


def at_most_unit(n: Vec) -> Vec:
    """``n`` shortened by an ulp at a time until its exact length is at most 1: then
    ``n.(b - a) <= |b - a|`` for all ``a`` and ``b``.

    >>> at_most_unit((0.6, 0.8))  # 0.6 and 0.8 as floats are a hair too long together
    (0.5999999999999999, 0.7999999999999999)
    """
    nx, ny = n
    for _ in range(_UNIT_STEPS):
        if not longer_than_one(nx, ny):
            return (nx, ny)
        nx, ny = math.nextafter(nx, 0.0), math.nextafter(ny, 0.0)
    raise ArithmeticError(f"({n[0]!r}, {n[1]!r}) is not a unit vector to rounding")


_UNIT_STEPS = 64
"""A vector normalized in floating point is within a few ulps of unit length;
this many one-ulp steps towards zero are far more than it can need."""
