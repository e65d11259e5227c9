"""The points of a Minkowski difference that the depth oracle hands to GEOS.

The depth oracle builds ``A - B`` as GEOS's convex hull of every difference of
a point of ``A`` and a point of ``B`` (up to 320 x 320 of them for two curves),
and most of them lie deep inside that hull. :func:`hull_candidates` drops the
ones it *proves* to lie strictly inside; the hull of the rest is the same hull.

**Why GEOS returns the same polygon.** A point strictly inside the hull is
neither one of its vertices nor on its boundary, so the rest have the same
hull, with the same vertices. GEOS (3.14) returns a hull as its vertices (the
points on its edges dropped), from the lowest one (then the leftmost)
clockwise: the same coordinates, bit for bit. GEOS's own route is kept too: a
set of more than :data:`GEOS_REDUCE_SIZE` points it first reduces to the
points outside the octagon through its first extreme points along ``x``,
``y``, ``x + y`` and ``x - y``. Those eight points are always kept, in their
order, and so are at least ``GEOS_REDUCE_SIZE + 1`` points: GEOS reduces the
points kept through the same octagon, to what it reduced all of them to, less
points strictly inside the hull.

**The proof that a point is inside.** ``Q`` is the differences of the points
of ``A`` and ``B`` extreme along :data:`DIRECTIONS` evenly spaced directions
(each of them one of the differences, to the bit), and ``o`` the mean of
``Q``, proven strictly inside every edge of the polygon through ``Q`` (so
strictly inside the hull of ``Q``: a point strictly left of every edge of a
closed polygon winds round it, and is not on the boundary of the hull of its
vertices). A point is dropped when it is proven strictly inside a triangle of
``o`` and two neighbours in ``Q``, which lies in the hull of ``Q``, inside the
hull of all the points. Each "strictly left of" is an orientation computed in
floating point and accepted only when it exceeds its rounding bound (see
:func:`_left`); the triangle is only a guess (by the angle around ``o``), the
three tests decide. Coordinates that are not finite prove nothing: nothing is
dropped.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import numpy as np

from gjkcli.tolerances import CERTIFICATE_ROUNDING

__all__ = ["DIRECTIONS", "FILTER_SIZE", "GEOS_REDUCE_SIZE", "hull_candidates"]

DIRECTIONS: Final = 256
"""How many extreme points span the polygon the dropped points are proven inside:
about as many as the oracle traces a curve with, so that a small shape's copies
round the outline of a large one are mostly proven inside too. On the pairs of
``gjk generate`` 256 kept the fewest points for the time (32 kept 5 times as
many, 512 no fewer). Changes no answer, only how many points GEOS sorts."""

FILTER_SIZE: Final = 1000
"""Fewer differences than this are handed to GEOS as they are: its hull of a few
hundred points costs less than proving some of them inside (about 0.1 ms a pair
whatever the size, then some 50 ns a point, against some 300 ns a point for
GEOS, with Shapely's conversions)."""

GEOS_REDUCE_SIZE: Final = 50
"""GEOS's ``ConvexHull::TUNING_REDUCE_SIZE``: above this many points it reduces them
through its octagon first (see the module notes). Fewer points are handed over as
they are: there is nothing to gain."""

UNDERFLOW: Final = 2.0**-1070
"""Added to every rounding bound of an orientation: below the normal range a product
rounds to a multiple of ``2**-1074``, by up to ``2**-1075`` whatever its size, which
no relative bound covers; the two products' and their difference's losses are
well below ``2**-1070``."""


def hull_candidates(points_a: Any, points_b: Any, exponent: int = 0) -> Any:
    """The differences ``points_a[i] - points_b[j]`` (scaled by ``2 ** -exponent``), in
    the order ``i`` then ``j``, less those proven strictly inside their convex hull.

    They have the same hull, and the same bounding box (whose sides are on the hull).

    >>> angles = np.linspace(0.0, 2.0 * np.pi, 100, endpoint=False)
    >>> circle = np.column_stack((np.cos(angles), np.sin(angles)))
    >>> kept = hull_candidates(circle, 2.0 * circle)
    >>> len(circle) ** 2, len(kept) < 1000
    (10000, True)
    >>> import shapely
    >>> every = (circle[:, None] - 2.0 * circle[None, :]).reshape(-1, 2)
    >>> shapely.MultiPoint(kept).convex_hull.wkb == shapely.MultiPoint(every).convex_hull.wkb
    True

    Fewer than :data:`FILTER_SIZE` are handed over as they are:

    >>> hull_candidates(circle[:30], circle[:30]).shape
    (900, 2)
    """
    x = (points_a[:, 0, None] - points_b[None, :, 0]).ravel()
    y = (points_a[:, 1, None] - points_b[None, :, 1]).ravel()
    if exponent:
        x, y = np.ldexp(x, -exponent), np.ldexp(y, -exponent)
    if len(x) < FILTER_SIZE or not (np.isfinite(x).all() and np.isfinite(y).all()):
        return np.column_stack((x, y))
    extremes = _extremes(points_a, points_b)
    with np.errstate(all="ignore"):
        keep = ~_inside((x, y), (x[extremes], y[extremes]))
    keep[_octagon(x, y)] = True
    short = GEOS_REDUCE_SIZE + 1 - int(np.count_nonzero(keep))
    if short > 0:
        keep[np.flatnonzero(~keep)[:short]] = True
    return np.column_stack((x[keep], y[keep]))


@functools.cache
def _directions() -> Any:
    angles = np.arange(DIRECTIONS) * (2.0 * np.pi / DIRECTIONS)
    directions = np.stack((np.cos(angles), np.sin(angles)))
    directions.flags.writeable = False
    return directions


def _extremes(points_a: Any, points_b: Any) -> Any:
    """Where, among the differences, are those of the points of ``A`` and of ``B``
    farthest along each direction and against it, in order of the directions (the
    farthest differences along them, up to rounding: they need only be differences)."""
    farthest_a = np.argmax(points_a @ _directions(), axis=0)
    nearest_b = np.argmin(points_b @ _directions(), axis=0)
    return farthest_a * len(points_b) + nearest_b


def _octagon(x: Any, y: Any) -> Any:
    """The indices of GEOS's eight extreme points: the first point (in order) with
    the least ``x``, ``x - y``, the most ``y``, ``x + y``, ``x``, ``x - y``, the
    least ``y``, ``x + y``, each sum rounded as GEOS rounds it."""
    across, along = x - y, x + y
    return np.array(
        [
            np.argmin(x),
            np.argmin(across),
            np.argmax(y),
            np.argmax(along),
            np.argmax(x),
            np.argmax(across),
            np.argmin(y),
            np.argmin(along),
        ]
    )


def _inside(points: tuple[Any, Any], corners: tuple[Any, Any]) -> Any:
    """Which points ``(x, y)`` are proven strictly inside the convex hull of the
    corners (``(x, y)`` as well, in counter-clockwise order of their directions,
    repeats allowed)."""
    x, y = points
    nothing = np.zeros(len(x), dtype=bool)
    corner_x, corner_y = corners
    moved = (corner_x != np.roll(corner_x, 1)) | (corner_y != np.roll(corner_y, 1))
    corner_x, corner_y = corner_x[moved], corner_y[moved]
    if len(corner_x) < 3:
        return nothing
    # the centre: in a triangle of corners a third of the turn apart (rounding may
    # have put a corner out of order, so it is not checked against the polygon), and
    # off that triangle's centroid, a likely centre of symmetry: many points of a
    # symmetric set lie on lines through it, and those on a side are not proven inside
    third = np.array([0, len(corner_x) // 3, 2 * len(corner_x) // 3])
    triangle_x, triangle_y = corner_x[third], corner_y[third]
    centre = (
        0.7 * triangle_x.mean() + 0.3 * triangle_x[0],
        0.7 * triangle_y.mean() + 0.3 * triangle_y[0],
    )
    after = (np.roll(triangle_x, -1), np.roll(triangle_y, -1))
    if not _left((triangle_x, triangle_y), after, centre).all():
        return nothing
    turns = _pseudo_angle(corner_x - centre[0], corner_y - centre[1])
    order = np.argsort(turns)
    # the corners by angle round the centre, the last one also first and the first last
    ring = np.concatenate((order[-1:], order, order[:1]))
    ring_x, ring_y = corner_x[ring], corner_y[ring]
    wedge = np.searchsorted(turns[order], _pseudo_angle(x - centre[0], y - centre[1]))
    start = (ring_x[wedge], ring_y[wedge])
    end = (ring_x[wedge + 1], ring_y[wedge + 1])
    inside: Any = _left(centre, start, points)
    inside &= _left(start, end, points)
    inside &= _left(end, centre, points)
    return inside


def _pseudo_angle(x: Any, y: Any) -> Any:
    """A number that grows with the direction angle of ``(x, y)``, cheaper than
    ``arctan2``: a guess only (NaN for the zero vector)."""
    return np.copysign(1.0 - x / (np.abs(x) + np.abs(y)), y)


def _left(start: tuple[Any, Any], end: tuple[Any, Any], points: tuple[Any, Any]) -> Any:
    """Whether each point ``(x, y)`` is proven strictly left of the line from ``start``
    to ``end`` (each ``(x, y)``, arrays or numbers, broadcast against each other).

    The orientation ``(end - start) x (point - start)`` is computed in floating point
    and accepted when it exceeds ``CERTIFICATE_ROUNDING`` times the sum of its two
    products' sizes, plus :data:`UNDERFLOW`: Shewchuk's bound on its rounding error is
    ``(3 + 16 eps) eps`` times that sum (``eps = 2**-53``), and the bound's own
    rounding is far below the rest of ``CERTIFICATE_ROUNDING = 8 eps``. NaN or
    infinity proves nothing.

    >>> heights = np.array([1e-300, 0.0, -1.0])
    >>> _left((0.0, 0.0), (1.0, 0.0), (np.full(3, 0.5), heights)).tolist()
    [True, False, False]
    """
    left = (end[0] - start[0]) * (points[1] - start[1])
    right = (end[1] - start[1]) * (points[0] - start[0])
    bound = CERTIFICATE_ROUNDING * (np.abs(left) + np.abs(right)) + UNDERFLOW
    return left - right > bound
