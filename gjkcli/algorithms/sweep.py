"""The exact linear sweep of two polytopes, in integer arithmetic.

A moves by ``translation_a`` and B by ``translation_b`` over ``t`` in ``[0, 1]``; with
``r = translation_b - translation_a`` and ``D = A - B``, the shapes meet at ``t`` exactly
when ``t r`` lies in ``D``. Every float is an integer over a power of two, so all the
coordinates of the question become integers over one common power of two
(:func:`gjkcli.dyadic.common_integers`); ``D`` is the edge merge of the integer corners
(:func:`gjkcli.algorithms.minkowski.edge_merge`), exact, and ``r`` their exact difference.
Nothing here rounds, so the answer does not depend on how far from the origin the
shapes are.

**The time.** For a polygon ``D`` (counter-clockwise), ``x`` lies in ``D`` when
``cross(e_k, x - p_k) >= 0`` for every edge ``p_k -> p_k + e_k``. Along the ray
``x = t r`` each edge gives ``t a_k >= b_k`` with ``a_k = cross(e_k, r)`` and
``b_k = cross(e_k, p_k)``: a lower bound on ``t`` where ``a_k > 0``, an upper bound where
``a_k < 0``, nothing or nowhere where ``a_k = 0``. The first contact is the largest lower
bound, if it is at most every upper bound and the limit; the edge that gives it is the
one hit. A segment ``D`` (and a point, a segment of length 0) is met where the ray
crosses its line within its ends, or, along its line, at its nearer end.

**At t = 0** (the origin in ``D``): interior (every ``b_k < 0``): the shapes overlap. On
the boundary, the motion pushes into overlap exactly when ``a_k > 0`` for every edge
with ``b_k = 0``; otherwise it slides along or leaves (``touching-receding``), as does
any motion when ``D`` has no area, and no motion at all. The feature of a touch is an
edge through the origin (with ``b_k = 0``; at a corner, one of two): approaching, the
one the motion meets most squarely (the greatest ``a_k / |e_k|``); receding, one it
slides along or leaves (``a_k <= 0``, the least ``a_k / |e_k|``). For a segment ``D``,
the segment, its normal the side the motion leaves by (any side, sliding along it).

This is the exact core both :func:`gjkcli.algorithms.cast.cast` and
:func:`gjkcli.algorithms.raycast.raycast` decide polygonal statuses with (a proof beats
the float loop's band), and :mod:`gjkcli.verify.exact_cast` referees with.

**Rounded cores.** Shapes that are polygonal cores grown by discs (circles, capsules,
rounded polygons; or polygons with a target distance) meet when ``t r`` comes within the
summed radius ``rho`` of the cores' ``D``: first at a disc of radius ``rho`` about a
corner of ``D`` (:func:`disc_entry`, a root of ``|t r - v|^2 = rho^2``) or at an edge moved
``rho`` outwards (:func:`offset_entry`, linear in ``|e|``). Each time is a
:class:`Root`, ``(x1 + y1 sqrt(z)) / (x2 + y2 sqrt(z))`` in integers, written so that
nothing cancels, and compared with 1 exactly; its value is taken to
:data:`ANALYTIC_DIGITS` digits and rounded once. The cast takes the root of the feature
its float loop ends on; :mod:`gjkcli.verify.exact_cast` the earliest of every feature.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Final, Literal

from gjkcli.algorithms.minkowski import edge_merge
from gjkcli.dyadic import common_integers
from gjkcli.shapes.base import Vec
from gjkcli.shapes.polytope import Polytope

__all__ = [
    "ANALYTIC_DIGITS",
    "IntPoint",
    "Root",
    "SweepFeature",
    "SweepFrame",
    "SweepStatus",
    "disc_entry",
    "integer_unit",
    "offset_entry",
    "surd_sign",
    "sweep",
    "sweep_frame",
]

IntPoint = tuple[int, int]

SweepStatus = Literal["hit", "miss", "overlapping", "touching-approaching", "touching-receding"]
"""The cast's statuses that need no target distance (see :mod:`gjkcli.algorithms.cast`)."""


@dataclass(frozen=True)
class SweepFrame:
    """A sweep in integers: ``A - B`` (counter-clockwise, from the edge merge) with the
    vertex pairs behind its corners (``sources``), the relative translation ``ray`` and
    some lengths (radii, a target distance), all in units of ``1 / scale``, a power of two."""

    difference: list[IntPoint]
    sources: list[tuple[int, int]]
    ray: IntPoint
    lengths: list[int]
    scale: int


@dataclass(frozen=True)
class SweepFeature:
    """Where a hit lands on ``D`` (or where ``D`` holds the origin, touching at ``t = 0``): at
    weight ``along`` from corner ``first`` to corner ``second`` (indices into the frame's
    ``difference``), with the outward ``normal`` there as integers (any positive
    multiple)."""

    first: int
    second: int
    along: Fraction
    normal: IntPoint


def sweep_frame(
    a: Polytope, b: Polytope, motion: tuple[Vec, Vec], lengths: Iterable[float] = ()
) -> SweepFrame:
    """The integer frame of A and B moving by ``motion`` (A's translation, B's), with
    ``lengths``: every float an integer over one common power of two.

    >>> frame = sweep_frame(Polytope(((0.5, 0.0),)), Polytope(((0.0, 0.0),)), ((0, 0), (1, 0)))
    >>> frame.difference, frame.ray, frame.scale
    ([(1, 0)], (2, 0), 2)
    """
    count_a, count_b = len(a.vertices), len(b.vertices)
    coordinates = [c for p in (*a.vertices, *b.vertices, *motion) for c in p]
    integers, scale = common_integers([*coordinates, *lengths])
    values = integers[: len(coordinates)]
    points = list(zip(values[0::2], values[1::2], strict=True))
    (ax, ay), (bx, by) = points[count_a + count_b :]
    difference, sources = edge_merge(points[:count_a], points[count_a : count_a + count_b])
    return SweepFrame(difference, sources, (bx - ax, by - ay), integers[len(coordinates) :], scale)


def sweep(
    polygon: Sequence[IntPoint], ray: IntPoint, limit: Fraction
) -> tuple[SweepStatus, Fraction | None, SweepFeature | None]:
    """The status, the first time ``t`` in ``[0, limit]`` with ``t * ray`` in the convex hull
    of ``polygon`` (counter-clockwise, as the edge merge gives it), and for a hit the
    feature hit, for a touch at ``t = 0`` the feature touched (see the module notes).

    >>> square = [(1, -1), (3, -1), (3, 1), (1, 1)]
    >>> status, time, feature = sweep(square, (2, 0), Fraction(1))
    >>> status, time, feature.normal
    ('hit', Fraction(1, 2), (-2, 0))
    >>> sweep(square, (2, 0), Fraction(1, 4))[0], sweep(square, (-2, 0), Fraction(1))[0]
    ('miss', 'miss')
    >>> status, time, feature = sweep([(0, -1), (2, -1), (2, 1), (0, 1)], (1, 0), Fraction(1))
    >>> status, time, feature.along, feature.normal  # the edge x = 0, half way up
    ('touching-approaching', Fraction(0, 1), Fraction(1, 2), (-2, 0))
    """
    if len(polygon) >= 3:
        return _polygon_sweep(polygon, ray, limit)
    last = len(polygon) - 1
    p, q = polygon[0], polygon[last]
    if _on_segment(p, q):  # no area: the interiors never overlap
        return "touching-receding", None, _segment_touch(p, q, ray, last)
    found = _segment_time(p, q, ray)
    if found is None or found[0] > limit:
        return "miss", None, None
    time, along = found
    (px, py), (qx, qy), (rx, ry) = p, q, ray
    nx, ny = qy - py, px - qx  # square to the segment, facing the ray's origin
    facing = nx * rx + ny * ry
    if facing == 0:  # along the segment's line (or a point): the end met faces back
        nx, ny = -rx, -ry
    elif facing > 0:
        nx, ny = -nx, -ny
    return "hit", time, SweepFeature(0, last, along, (nx, ny))


def _polygon_sweep(
    polygon: Sequence[IntPoint], ray: IntPoint, limit: Fraction
) -> tuple[SweepStatus, Fraction | None, SweepFeature | None]:
    """:func:`sweep` for a polygon with area: each edge bounds ``t`` from one side."""
    rx, ry = ray
    lower, upper = Fraction(0), limit
    entered = -1  # the edge that gives the lower bound
    inside, interior, approaching = True, True, True
    through: list[tuple[int, Fraction]] = []  # the edges through the origin, a_k / |e_k|
    count = len(polygon)
    for k, (px, py) in enumerate(polygon):
        qx, qy = polygon[(k + 1) % count]
        ex, ey = qx - px, qy - py
        slope = ex * ry - ey * rx  # a_k = cross(e, r)
        offset = ex * py - ey * px  # b_k = cross(e, p): the origin is inside when <= 0
        if offset > 0:
            inside = interior = False
        elif offset == 0:
            interior = False
            approaching = approaching and slope > 0
            through.append((k, Fraction(slope * abs(slope), ex * ex + ey * ey)))  # signed square
        if slope > 0 and Fraction(offset, slope) >= lower:
            lower, entered = Fraction(offset, slope), k
        elif slope < 0:
            upper = min(upper, Fraction(offset, slope))
        elif slope == 0 and offset > 0:
            upper = Fraction(-1)  # parallel to an edge, on its outer side: never inside
    if interior:
        return "overlapping", Fraction(0), None
    if inside:
        if approaching:
            touched = max(through, key=lambda edge: edge[1])[0]
            return "touching-approaching", Fraction(0), _edge_touch(polygon, touched)
        touched = min(through, key=lambda edge: edge[1])[0]
        return "touching-receding", None, _edge_touch(polygon, touched)
    if lower > upper or entered < 0:
        return "miss", None, None
    (px, py), (qx, qy) = polygon[entered], polygon[(entered + 1) % count]
    ex, ey = qx - px, qy - py
    # the hit point t r - p along e, over |e|^2
    along = ((lower * rx - px) * ex + (lower * ry - py) * ey) / (ex * ex + ey * ey)
    return "hit", lower, SweepFeature(entered, (entered + 1) % count, along, (ey, -ex))


def _edge_touch(polygon: Sequence[IntPoint], k: int) -> SweepFeature:
    """Edge ``k`` of ``polygon`` (counter-clockwise), which passes through the origin: where
    the origin lies along it, and its outward normal."""
    second = (k + 1) % len(polygon)
    (px, py), (qx, qy) = polygon[k], polygon[second]
    ex, ey = qx - px, qy - py
    return SweepFeature(k, second, Fraction(-(px * ex + py * ey), ex * ex + ey * ey), (ey, -ex))


def _segment_touch(p: IntPoint, q: IntPoint, ray: IntPoint, last: int) -> SweepFeature:
    """The segment ``p q`` (a point if ``p == q``), which holds the origin: where the origin
    lies along it, and a normal square to it on the side the ray leaves by (for a point, the
    ray's own direction; ``(1, 0)`` without one)."""
    (px, py), (qx, qy), (rx, ry) = p, q, ray
    ex, ey = qx - px, qy - py
    length = ex * ex + ey * ey
    if length == 0:
        return SweepFeature(0, last, Fraction(0), (rx, ry) if (rx, ry) != (0, 0) else (1, 0))
    nx, ny = ey, -ex
    if nx * rx + ny * ry < 0:
        nx, ny = -nx, -ny
    return SweepFeature(0, last, Fraction(-(px * ex + py * ey), length), (nx, ny))


def _on_segment(p: IntPoint, q: IntPoint) -> bool:
    """Whether the origin lies on the segment ``p q`` (a point if ``p == q``)."""
    (px, py), (qx, qy) = p, q
    if px * qy - py * qx != 0:
        return False
    return px * qx + py * qy <= 0  # collinear: between the ends when they point apart


def _segment_time(p: IntPoint, q: IntPoint, ray: IntPoint) -> tuple[Fraction, Fraction] | None:
    """The least ``t >= 0`` with ``t * ray`` on the segment ``p q``, which misses the origin,
    and the weight of ``q`` at that point.

    Across the segment's line, ``t r = p + s e`` (with ``e = q - p``) gives, crossing
    both sides with ``e`` and with ``r``, ``t = cross(p, e) / cross(r, e)`` and
    ``s = cross(p, r) / cross(r, e)``; the ray meets the segment when ``t >= 0`` and
    ``0 <= s <= 1``. Along the line, it meets first the nearer end.
    """
    (px, py), (qx, qy), (rx, ry) = p, q, ray
    ex, ey = qx - px, qy - py
    across = rx * ey - ry * ex
    if across != 0:
        time = Fraction(px * ey - py * ex, across)
        where = Fraction(px * ry - py * rx, across)
        return (time, where) if time >= 0 and 0 <= where <= 1 else None
    if (rx, ry) == (0, 0) or px * ry - py * rx != 0:
        return None  # no motion, or a parallel line that misses the origin's ray
    speed = rx * rx + ry * ry
    near_p, near_q = px * rx + py * ry, qx * rx + qy * ry
    if min(near_p, near_q) < 0:
        return None  # the origin lies on the line beyond an end
    if near_p <= near_q:
        return Fraction(near_p, speed), Fraction(0)
    return Fraction(near_q, speed), Fraction(1)


def integer_unit(nx: int, ny: int) -> Vec:
    """The non-zero integer vector ``(nx, ny)`` as a unit float vector (any size of integer).

    >>> integer_unit(3, -4), integer_unit(10**400, 0)
    ((0.6, -0.8), (1.0, 0.0))
    """
    shift = max(abs(nx).bit_length(), abs(ny).bit_length()) - 64
    if shift > 0:
        nx, ny = nx >> shift, ny >> shift
    x, y = float(nx), float(ny)
    length = math.hypot(x, y)
    return (x / length, y / length)


# --- rounded cores ------------------------------------------------------------------------

ANALYTIC_DIGITS: Final = 60
"""Significant digits of the square root and the one division behind a :class:`Root`'s
value; everything else is exact integer arithmetic. A time rounded once from this is the
correctly rounded time unless it lies within ``1e-58`` (relative) of a rounding boundary
between two floats. Not a tolerance: no comparison is made at this precision."""


@dataclass(frozen=True)
class Root:
    """``(x1 + y1 sqrt(z)) / (x2 + y2 sqrt(z))``, integers, with a positive denominator.

    >>> third = Root(1, 0, 1, 1, 4)  # (1 + 0 sqrt(4)) / (1 + 1 sqrt(4))
    >>> float(third.value()), third.at_most_one(), Root(3, 0, 1, 1, 1).at_most_one()
    (0.3333333333333333, True, False)
    """

    x1: int
    y1: int
    x2: int
    y2: int
    z: int

    def at_most_one(self) -> bool:
        """Whether the value is at most 1, exactly."""
        return surd_sign(self.x2 - self.x1, self.y2 - self.y1, self.z) >= 0

    def value(self) -> Decimal:
        """The value to :data:`ANALYTIC_DIGITS` digits."""
        with localcontext() as context:
            context.prec = ANALYTIC_DIGITS
            root = Decimal(self.z).sqrt()
            return (self.x1 + self.y1 * root) / (self.x2 + self.y2 * root)


def surd_sign(x: int, y: int, z: int) -> int:
    """The sign of ``x + y sqrt(z)`` (``z >= 0``), exactly.

    >>> surd_sign(-3, 1, 9), surd_sign(-3, 1, 10), surd_sign(3, -1, 8), surd_sign(0, -2, 5)
    (0, 1, 1, -1)
    """
    a = (x > 0) - (x < 0)
    b = ((y > 0) - (y < 0)) if z > 0 else 0
    if a == 0:
        return b
    if b in (0, a):
        return a
    left, right = x * x, y * y * z
    return a if left > right else b if left < right else 0


def disc_entry(centre: IntPoint, ray: IntPoint, reach: int) -> Root | None:
    """The first ``t`` at which ``t * ray`` comes within ``reach`` of ``centre``, which the
    origin is farther from: the smaller root of ``|t r - v|^2 = reach^2``, as ``c / (b +
    sqrt(b^2 - a c))`` (``a = |r|^2``, ``b = r.v``, ``c = |v|^2 - reach^2``), free of
    cancellation; ``None`` when the ray never comes that close (or starts that close).

    >>> float(disc_entry((5, 0), (10, 0), 1).value()), disc_entry((5, 3), (10, 0), 1)
    (0.4, None)
    """
    (rx, ry), (vx, vy) = ray, centre
    toward = rx * vx + ry * vy
    beyond = vx * vx + vy * vy - reach * reach
    discriminant = toward * toward - (rx * rx + ry * ry) * beyond
    if beyond > 0 and toward > 0 and discriminant >= 0:
        return Root(beyond, 0, toward, 1, discriminant)
    return None


def offset_entry(p: IntPoint, q: IntPoint, ray: IntPoint, reach: int) -> Root | None:
    """The first ``t`` at which ``t * ray`` crosses the edge ``p -> q`` moved ``reach``
    outwards (to its right: outward for a counter-clockwise ring), with its foot on the
    edge, decided exactly; ``None`` when the ray does not (it moves away, the origin is not
    beyond that line, or the foot falls off the edge, where a corner's disc is met).

    With ``e = q - p`` and ``n = (e_y, -e_x)``, ``t = (n.p + reach |e|) / n.r``, written as
    ``(level^2 - reach^2 |e|^2)`` over ``(level - reach |e|) n.r``: two positive terms each.

    >>> float(offset_entry((3, 5), (3, -5), (2, 0), 1).value())
    1.0
    >>> offset_entry((3, -5), (3, 5), (2, 0), 1) is None  # the far side
    True
    """
    (px, py), (qx, qy), (rx, ry) = p, q, ray
    ex, ey = qx - px, qy - py
    nx, ny = ey, -ex
    closing = nx * rx + ny * ry
    level = nx * px + ny * py
    length_squared = ex * ex + ey * ey
    if closing >= 0 or surd_sign(level, reach, length_squared) >= 0:
        return None  # not moving towards this edge's offset line, or not beyond it
    # the foot e . (t r - p) must lie in [0, |e|^2], that is (times closing < 0) the
    # foot in [|e|^2 closing, 0]
    along = ex * rx + ey * ry
    foot = level * along - (ex * px + ey * py) * closing
    if surd_sign(foot, reach * along, length_squared) > 0:
        return None
    if surd_sign(foot - length_squared * closing, reach * along, length_squared) < 0:
        return None
    numerator = level * level - reach * reach * length_squared
    return Root(numerator, 0, level * closing, -reach * closing, length_squared)
