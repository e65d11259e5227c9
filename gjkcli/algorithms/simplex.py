"""The point of a simplex (1, 2 or 3 points) closest to the origin.

GJK keeps a *simplex*, a point, segment or triangle of Minkowski-difference
points, and repeatedly asks which part of it is nearest the origin. The answer
is given in barycentric coordinates: weights ``l_i >= 0`` summing to 1 with
``v = sum l_i w_i``. Only the points with positive weight are kept (the
*Voronoi region* of the origin decides which), so the simplex never grows
beyond the feature that matters. The same weights applied to the points of A
and of B that produced each ``w_i`` give the closest points on the shapes.

Segment ``[w1, w2]``, with ``e = w2 - w1``. The origin projects onto the line at
``w1 + t e`` where ``t = -w1.e / e.e``; its barycentric coordinates are
``l2 = t`` and ``l1 = 1 - t``. Scaled by ``e.e`` (to avoid a division until the
end) they are

    u = w2 . e   (weight of w1)        v = -w1 . e   (weight of w2)

and the origin's region is vertex ``w1`` when ``v <= 0``, vertex ``w2`` when
``u <= 0``, and the open segment otherwise.

Triangle ``[w1, w2, w3]``. With ``n = cross(w2 - w1, w3 - w1)`` (twice the signed
area), the barycentric coordinates of the origin are

    l1 = cross(w2, w3) / n,   l2 = cross(w3, w1) / n,   l3 = cross(w1, w2) / n

(each ``cross`` is twice the signed area of the sub-triangle the origin forms
with an edge, and the three add up to ``n``). Their numerators with the sign
of ``n``,

    t1 = sign(n) cross(w2, w3),   t2 = sign(n) cross(w3, w1),   t3 = sign(n) cross(w1, w2),

are positive inside for either orientation. The origin is inside the closed
triangle when all three are ``>= 0`` and no vertex or edge region claims it
first; ``t3 <= 0`` means it is beyond edge 12, ``t2 <= 0`` beyond edge 13,
``t1 <= 0`` beyond edge 23. Every quantity here grows with the square of the
coordinates, so nothing overflows for coordinates up to 1e150 (scaling the
``t_i`` by ``n`` instead of taking its sign, a common way to orient them,
overflows from about 1e77).

Inside, the weights are the barycentric coordinates computed exactly (in
integer arithmetic) and rounded once, so ``sum l_i w_i`` is the origin to
within a few units in the last place of the points even for a sliver triangle,
where ``t_i / (t1 + t2 + t3)`` can be wrong in the fourth digit. They are
positive: each ``cross`` is ``p*q - r*s`` for floats, and rounding is
monotonic (``fl(p*q) > fl(r*s)`` implies ``p*q > r*s``), so the exact crosses
have the signs of the computed ones, and so has their sum ``n``. Should
rounding leave the region tests disagreeing with the signs of the ``t_i``, or
the points collinear (``n == 0``), the answer is the nearest of the three
edges' closest points.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from gjkcli.dyadic import common_integers
from gjkcli.shapes.base import Vec

__all__ = [
    "Closest",
    "closest_to_origin",
    "nearest_to_origin",
    "normal_towards_origin",
    "triangle_around_origin",
]


class Closest(NamedTuple):
    """The closest point ``v`` of a simplex, as weights over a subset of its points.

    ``kept`` are indices into the input simplex (in input order) with positive
    ``weights``. Three kept points mean the origin is inside the triangle and
    ``v`` is the origin.
    """

    v: Vec
    kept: tuple[int, ...]
    weights: tuple[float, ...]


def closest_to_origin(points: Sequence[Vec]) -> Closest:
    """The point of the convex hull of 1 to 3 points closest to the origin.

    >>> closest_to_origin([(2.0, 1.0)])
    Closest(v=(2.0, 1.0), kept=(0,), weights=(1.0,))
    >>> closest_to_origin([(-1.0, 1.0), (3.0, 1.0)])
    Closest(v=(0.0, 1.0), kept=(0, 1), weights=(0.75, 0.25))
    >>> closest_to_origin([(1.0, 1.0), (3.0, 1.0)])
    Closest(v=(1.0, 1.0), kept=(0,), weights=(1.0,))
    >>> closest_to_origin([(0.0, 2.0), (0.0, -2.0), (-2.0, -2.0)]).kept
    (0, 1)
    >>> closest_to_origin([(-1.0, -1.0), (1.0, -1.0), (0.0, 1.0)]).v
    (0.0, 0.0)
    """
    return _closest(points, True)


def nearest_to_origin(points: Sequence[Vec]) -> Vec:
    """The point ``v`` of :func:`closest_to_origin`, without the weights (for an origin
    inside a triangle, they are computed exactly: the dearest part).

    >>> nearest_to_origin([(-1.0, 1.0), (3.0, 1.0)]), nearest_to_origin([(-1.0, -1.0),
    ...                                                                   (1.0, -1.0), (0.0, 1.0)])
    ((0.0, 1.0), (0.0, 0.0))
    """
    return _closest(points, False).v


def _closest(points: Sequence[Vec], weighed: bool) -> Closest:
    """:func:`closest_to_origin`; unless ``weighed``, an origin inside a triangle gets no
    weights (``()``)."""
    if len(points) == 1:
        return Closest(points[0], (0,), (1.0,))
    if len(points) == 2:
        return _closest_on_segment(points, 0, 1)
    if len(points) == 3:
        return _closest_on_triangle(points, weighed)
    raise ValueError(f"a simplex has 1 to 3 points, got {len(points)}")


def normal_towards_origin(first: Vec, second: Vec) -> Vec:
    """A normal of the segment ``first -> second`` on the origin's side, as long as the
    segment; the right-hand one if the origin lies on its line.

    It is computed from the segment alone, so it stays accurate however close
    the origin is (``-v`` would carry the rounding of ``v``).

    >>> normal_towards_origin((0.0, 2.0), (0.0, -2.0))  # the seed's second step
    (-4.0, 0.0)
    >>> normal_towards_origin((1.0, -1.0), (1.0, 1.0))
    (-2.0, 0.0)
    """
    (x1, y1), (x2, y2) = first, second
    ex, ey = x2 - x1, y2 - y1
    if ex * -y1 - ey * -x1 > 0.0:  # cross(e, -first) > 0: the origin is to the left
        return (0.0 - ey, ex)  # 0.0 - x: no negative zeros in traces
    return (ey, 0.0 - ex)


def _closest_on_segment(points: Sequence[Vec], i: int, j: int) -> Closest:
    """Closest point of segment ``points[i], points[j]`` (see the module notes)."""
    (x1, y1), (x2, y2) = points[i], points[j]
    ex, ey = x2 - x1, y2 - y1
    u = x2 * ex + y2 * ey
    v = -(x1 * ex + y1 * ey)
    if v <= 0.0:
        return Closest(points[i], (i,), (1.0,))
    if u <= 0.0:
        return Closest(points[j], (j,), (1.0,))
    total = u + v
    l1, l2 = u / total, v / total
    return Closest((l1 * x1 + l2 * x2, l1 * y1 + l2 * y2), (i, j), (l1, l2))


def _closest_on_triangle(points: Sequence[Vec], weighed: bool) -> Closest:
    """Closest point of a triangle: the Voronoi region of the origin decides (``weighed``:
    with the weights of an origin inside, else ``()`` for them)."""
    (x1, y1), (x2, y2), (x3, y3) = points
    n = (x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1)
    if n == 0.0:
        return _closest_on_edges(points)  # collinear: the hull is the longest edge

    # Edge barycentric coordinates (scaled), as for a segment.
    e12x, e12y, e13x, e13y, e23x, e23y = x2 - x1, y2 - y1, x3 - x1, y3 - y1, x3 - x2, y3 - y2
    u12, v12 = x2 * e12x + y2 * e12y, -(x1 * e12x + y1 * e12y)
    u13, v13 = x3 * e13x + y3 * e13y, -(x1 * e13x + y1 * e13y)
    u23, v23 = x3 * e23x + y3 * e23y, -(x2 * e23x + y2 * e23y)
    # Triangle barycentric coordinates (scaled by |n|).
    t1, t2, t3 = x2 * y3 - y2 * x3, x3 * y1 - y3 * x1, x1 * y2 - y1 * x2
    if n < 0.0:
        t1, t2, t3 = -t1, -t2, -t3

    if v12 <= 0.0 and v13 <= 0.0:
        return Closest(points[0], (0,), (1.0,))
    if u12 > 0.0 and v12 > 0.0 and t3 <= 0.0:
        return _closest_on_segment(points, 0, 1)
    if u13 > 0.0 and v13 > 0.0 and t2 <= 0.0:
        return _closest_on_segment(points, 0, 2)
    if u12 <= 0.0 and v23 <= 0.0:
        return Closest(points[1], (1,), (1.0,))
    if u13 <= 0.0 and u23 <= 0.0:
        return Closest(points[2], (2,), (1.0,))
    if u23 > 0.0 and v23 > 0.0 and t1 <= 0.0:
        return _closest_on_segment(points, 1, 2)
    if t1 > 0.0 and t2 > 0.0 and t3 > 0.0:
        if not weighed:
            return Closest((0.0, 0.0), (0, 1, 2), ())
        return Closest((0.0, 0.0), (0, 1, 2), _inside_weights((points[0], points[1], points[2])))
    return _closest_on_edges(points)  # rounding made the region tests disagree


def _closest_on_edges(points: Sequence[Vec]) -> Closest:
    """The nearest of the three edges' closest points."""
    edges = (_closest_on_segment(points, a, b) for a, b in ((0, 1), (0, 2), (1, 2)))
    return min(edges, key=lambda c: c.v[0] * c.v[0] + c.v[1] * c.v[1])


def triangle_around_origin(members: Sequence[tuple[Vec, Vec]]) -> Closest | None:
    """The origin as weights over the triangle of three points ``a - b`` that holds it (on
    its boundary too), decided exactly on the float points ``a`` and ``b``; ``None`` when
    it does not, or the points are collinear.

    The region tests of :func:`closest_to_origin` are rounded, and so are the
    points ``w = a - b`` they see; for a sliver triangle whose far corners are
    1e10 away and whose near edge passes 1e-7 from the origin, they can put the
    origin outside a triangle that holds it.

    >>> near = ((1e10 - 8e-7, 3e9 + 6e-8), (1e10, 3e9))  # w = (-8e-7, 6e-8), about
    >>> far, other = ((1e10, 3e9), (0.0, 0.0)), ((1e10 - 10.0, 3e9 + 3.0), (0.0, 0.0))
    >>> triangle_around_origin([far, near, other]) is None
    False
    >>> triangle_around_origin([((1.0, 1.0), (0.0, 0.0)), ((2.0, 1.0), (0.0, 0.0)),
    ...                         ((1.0, 2.0), (0.0, 0.0))]) is None
    True
    """
    (a1, b1), (a2, b2), (a3, b3) = members
    ax1, ay1, bx1, by1, ax2, ay2, bx2, by2, ax3, ay3, bx3, by3 = common_integers(
        (*a1, *b1, *a2, *b2, *a3, *b3)
    )[0]
    x1, y1, x2, y2, x3, y3 = ax1 - bx1, ay1 - by1, ax2 - bx2, ay2 - by2, ax3 - bx3, ay3 - by3
    c1, c2, c3 = x2 * y3 - y2 * x3, x3 * y1 - y3 * x1, x1 * y2 - y1 * x2
    n = c1 + c2 + c3
    if n == 0 or not (min(c1, c2, c3) >= 0 or max(c1, c2, c3) <= 0):
        return None
    return Closest((0.0, 0.0), (0, 1, 2), (c1 / n, c2 / n, c3 / n))


@functools.lru_cache(maxsize=64)
def _inside_weights(points: tuple[Vec, Vec, Vec]) -> tuple[float, float, float]:
    """The origin's barycentric coordinates, computed exactly and rounded once.

    A float is an integer over a power of two: times the largest denominator,
    the coordinates are integers, and the crosses are integers in the same
    ratios as the exact ones. Python's integer division rounds correctly.

    A check asks for the same triangle's weights several times (GJK's final
    triangle, for the certificate and to choose it), so the last answers are
    kept; a zero's sign changes none of them.
    """
    (p1, p2, p3) = points
    x1, y1, x2, y2, x3, y3 = common_integers((*p1, *p2, *p3))[0]
    c1, c2, c3 = x2 * y3 - y2 * x3, x3 * y1 - y3 * x1, x1 * y2 - y1 * x2
    n = c1 + c2 + c3  # = cross(w2 - w1, w3 - w1)
    return (c1 / n, c2 / n, c3 / n)
