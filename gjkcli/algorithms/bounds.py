"""How far a shape reaches along a direction, and how far apart two shapes are along an
axis: bounds that rounding cannot break.

A separating axis ``n`` (``|n| <= 1``) proves two shapes apart when the least value
of ``n.b`` over B exceeds the greatest value of ``n.a`` over A: the difference is
then a lower bound on their distance. Computed in floating point, both sides
carry rounding, and so does the choice of the support point (a polygon's
vertex is picked by rounded dot products, so the true extreme may beat the
one picked by as much as their rounding). This module bounds that rounding
from the numbers actually combined, shape by shape:

* a **polytope**: every vertex ``v`` has ``n.v`` within ``2u (|nx vx| + |ny vy|)``
  of its computed value (``u = 2**-53``: two products and a sum), so the
  greatest exact value is at most the greatest of ``fl(n.v) + 8u (|nx vx| + |ny
  vy|)`` (the spare covers the rounding of that sum itself). Only the vertices
  near the top matter: a long shape lying across the axis costs nothing;
* a **rounded** shape (a core grown by a disc of radius ``r``): the core's bound
  plus ``r |d|``, with ``|d|`` rounded up;
* a **transformed** shape ``M K + t``: ``max (M^T d).k + d.t`` over ``k`` in
  ``K``. ``M^T d`` is computed with an error of at most ``2u (|M|^T |d|)`` per
  component, which moves the inner maximum by at most that error times the
  size of ``K`` along each axis (its bounding box), and ``d.t`` is a dot
  product like any other.

``8u`` is :data:`~gjkcli.tolerances.CERTIFICATE_ROUNDING` throughout, and the
smallest normal number is added once for products that underflow.

When the rounding so bounded hides the sign of a separation (a gap of
``1e-16`` between shapes of size 1), the separation is computed again exactly,
in rational arithmetic, from the same floats: for polytopes the exact
extremes, for discs an exact upper bound of ``|d|``. So a separation of two
polygons along an axis is always decided exactly, and never called proven
when it is not.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from fractions import Fraction

from gjkcli.shapes.affine import Transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import part_box
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.remembered import remembered
from gjkcli.shapes.rounded import Rounded
from gjkcli.tolerances import (
    CERTIFICATE_DIRECTIONS,
    CERTIFICATE_ROUNDING,
    difference_scale,
    touch_band,
)

__all__ = [
    "SUPPORT_DIRECTIONS",
    "Extent",
    "Separation",
    "length_times",
    "membership_slack",
    "motion_along",
    "never_closer",
    "noise",
    "reach",
    "reach_along",
    "rounding_bound",
    "separation",
    "swept_apart",
]

_R = CERTIFICATE_ROUNDING
_TINY = sys.float_info.min

SUPPORT_DIRECTIONS: tuple[Vec, ...] = tuple(
    (math.cos(angle), math.sin(angle))
    for angle in (2 * math.pi * k / CERTIFICATE_DIRECTIONS for k in range(CERTIFICATE_DIRECTIONS))
)
"""``CERTIFICATE_DIRECTIONS`` unit directions, evenly spaced counter-clockwise from ``+x``:
those of the support lines a point must lie behind to be proven a member of a curved
shape (:func:`gjkcli.verify.certificates.membership_problems`, and the compiled
re-check, which is handed these very numbers)."""


@dataclass(frozen=True)
class Extent:
    """The greatest value of ``d.p`` over a shape: as computed, and a float that no exact
    value exceeds."""

    value: float
    bound: float


@dataclass(frozen=True)
class Separation:
    """How far B lies beyond A along an axis ``n``: ``min n.b - max n.a``.

    ``value`` is the floating-point estimate, ``lower`` a float no larger than
    the exact separation (a positive ``lower`` proves the shapes apart, and
    bounds their distance from below when ``|n| <= 1``), and ``exact`` says
    whether ``lower`` came from rational arithmetic.
    """

    value: float
    lower: float
    exact: bool

    @property
    def rounding(self) -> float:
        """How much the proof had to give up to rounding: ``value - lower`` (at least 0)."""
        return max(self.value - self.lower, 0.0)


def separation(
    shape_a: ConvexShape, shape_b: ConvexShape, n: Vec, *, exact: bool = False
) -> Separation:
    """``min n.b - max n.a`` over B and A: its floating-point value and a proven lower
    bound (computed again exactly when rounding hides its sign, or always with ``exact``,
    where the shapes allow it: a bound as tight as a float can be, for shapes far from
    the origin whose rounding would cost more than a tight proof can give).

    >>> from gjkcli.shapes import point, segment
    >>> tall = segment((0.0, 0.0), (0.0, 1e9))
    >>> apart = separation(tall, point((0.0, -1e-7)), (0.0, -1.0))  # the far end costs nothing
    >>> apart.value, 0.99e-7 < apart.lower <= 1e-7
    (1e-07, True)
    >>> gap = separation(point((0.0, 1.0 - 2.0**-53)), point((0.0, 1.0)), (0.0, 1.0))
    >>> gap.lower == 2.0**-53, gap.exact
    (True, True)
    >>> far = point((1e9, 0.0)), point((1e9 + 0.5, 0.0))
    >>> separation(*far, (1.0, 0.0)).lower < 0.5 == separation(*far, (1.0, 0.0), exact=True).lower
    True
    """
    high_a, high_a_bound = _reach_along(shape_a, n)
    low_b, low_b_bound = _reach_along(shape_b, (-n[0], -n[1]))
    value = -low_b - high_a
    lower = -low_b_bound - high_a_bound
    lower -= _R * (abs(low_b_bound) + abs(high_a_bound)) + _TINY
    if not exact and (lower > 0.0 or not value > 0.0):
        return Separation(value, lower, False)
    rational = _exact_separation(shape_a, shape_b, n)
    if rational is None:
        return Separation(value, lower, False)
    return Separation(value, max(lower, _round_down(rational)), True)


def reach_along(shape: ConvexShape, d: Vec) -> Extent:
    """The greatest value of ``d.p`` over ``shape``, computed and bounded (see the notes).

    >>> from gjkcli.shapes import capsule
    >>> extent = reach_along(capsule((0.0, 0.0), (4.0, 0.0), 1.0), (1.0, 0.0))
    >>> extent.value, extent.bound > 5.0, extent.bound - 5.0 < 1e-14
    (5.0, True, True)
    """
    return Extent(*_reach_along(shape, d))


def _reach_along(shape: ConvexShape, d: Vec) -> tuple[float, float]:
    """:func:`reach_along` as a pair ``(value, bound)``."""
    if isinstance(shape, Polytope):
        return _polytope(shape, d)
    if isinstance(shape, Rounded):
        core_value, core_bound = _reach_along(shape.core, d)
        push = shape.radius * math.hypot(d[0], d[1])
        bound = core_bound + push * (1.0 + _R)
        return core_value + push, bound + _R * (abs(bound)) + _TINY
    if isinstance(shape, Transformed):
        return _transformed(shape, d)
    return _opaque(shape, d)


def _polytope(shape: Polytope, d: Vec) -> tuple[float, float]:
    dx, dy = d
    value = bound = -math.inf
    for x, y in shape.vertices:
        px, py = x * dx, y * dy
        along = px + py
        top = along + _R * (abs(px) + abs(py))
        # max(value, along) and max(bound, top), without the calls (half the time)
        value = along if along > value else value
        bound = top if top > bound else bound
    return value, bound + _TINY


def _transformed(shape: Transformed, d: Vec) -> tuple[float, float]:
    a, b, c, e = shape.affine.matrix
    tx, ty = shape.affine.offset
    dx, dy = d
    inner_d = (a * dx + c * dy, b * dx + e * dy)
    slack_x = _R * (abs(a * dx) + abs(c * dy))
    slack_y = _R * (abs(b * dx) + abs(e * dy))
    inner_value, inner_bound = _reach_along(shape.inner, inner_d)
    size_x, size_y = remembered(shape.inner, "bounds.box_size", _box_size)
    shift = dx * tx + dy * ty
    value = inner_value + shift
    bound = inner_bound + slack_x * size_x + slack_y * size_y + shift
    bound += _R * (abs(dx * tx) + abs(dy * ty) + abs(inner_bound) + abs(bound)) + _TINY
    return value, bound


def _box_size(shape: ConvexShape) -> tuple[float, float]:
    """The largest ``|x|`` and ``|y|`` over a shape, from its extents along the axes."""
    sizes = [_reach_along(shape, d)[1] for d in ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0))]
    return max(abs(sizes[0]), abs(sizes[1])), max(abs(sizes[2]), abs(sizes[3]))


def _opaque(shape: ConvexShape, d: Vec) -> tuple[float, float]:
    """A shape known only by its support function: its support point, and the rounding of
    dot products as large as any of its points' (four support points bound them)."""
    x, y = shape.support(d)
    value = d[0] * x + d[1] * y
    dx, dy = abs(d[0]), abs(d[1])
    terms = max(
        dx * abs(px) + dy * abs(py)
        for px, py in (shape.support((sx * dx, sy * dy)) for sx, sy in _QUADRANTS)
    )
    return value, value + 2.0 * _R * terms + _TINY


_QUADRANTS = ((1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0))

Exact = tuple[Fraction, Fraction]


def _exact_separation(shape_a: ConvexShape, shape_b: ConvexShape, n: Vec) -> Fraction | None:
    """``min n.b - max n.a``, exactly, or rounded towards A (discs and ellipses need a
    square root, rounded up); ``None`` for a shape known only by its support function."""
    direction = (Fraction(n[0]), Fraction(n[1]))
    high_a = _exact_reach(shape_a, direction)
    low_b = _exact_reach(shape_b, (-direction[0], -direction[1]))
    if high_a is None or low_b is None:
        return None
    return -low_b - high_a


def _exact_reach(shape: ConvexShape, d: Exact) -> Fraction | None:
    """An exact upper bound of ``max d.p`` (exactly the maximum for polytopes)."""
    dx, dy = d
    if isinstance(shape, Polytope):
        return max(dx * Fraction(x) + dy * Fraction(y) for x, y in shape.vertices)
    if isinstance(shape, Rounded):
        core = _exact_reach(shape.core, d)
        return None if core is None else core + Fraction(shape.radius) * _sqrt_up(dx * dx + dy * dy)
    if isinstance(shape, Transformed):
        a, b, c, e = (Fraction(value) for value in shape.affine.matrix)
        tx, ty = (Fraction(value) for value in shape.affine.offset)
        inner = _exact_reach(shape.inner, (a * dx + c * dy, b * dx + e * dy))
        return None if inner is None else inner + dx * tx + dy * ty
    return None


def _sqrt_up(value: Fraction) -> Fraction:
    """A rational at least ``sqrt(value)``, within ``2**-60`` of it relatively.

    >>> _sqrt_up(Fraction(9, 4))
    Fraction(3, 2)
    >>> _sqrt_up(Fraction(2)) ** 2 > 2
    True
    """
    if value == 0:
        return Fraction(0)
    scale = 1 << 64
    product = value.numerator * value.denominator * scale * scale
    root = math.isqrt(product)
    if root * root < product:
        root += 1
    return Fraction(root, value.denominator * scale)


def _round_down(value: Fraction) -> float:
    """The largest float not above ``value``.

    >>> below = _round_down(Fraction(1, 3))
    >>> Fraction(below) <= Fraction(1, 3) < Fraction(math.nextafter(below, 1.0))
    True
    """
    near = float(value)
    if Fraction(near) > value:
        near = math.nextafter(near, -math.inf)
    return near


def length_times(length: float, axis: Vec) -> float:
    """An upper bound of ``length * |axis|`` (``length >= 0``): what a distance such as a
    target or a touching band is worth along an axis of any length (``length`` itself,
    to rounding, along a unit axis). ``hypot`` and the product round by less than the
    :func:`rounding_bound` added.

    >>> length_times(2.0, (3.0, 4.0)) > 10.0, length_times(2.0, (3.0, 4.0)) - 10.0 < 1e-13
    (True, True)
    >>> length_times(0.0, (3.0, 4.0)) == sys.float_info.min
    True
    """
    scaled = length * math.hypot(axis[0], axis[1])
    return scaled + rounding_bound(scaled)


def motion_along(axis: Vec, motion_a: Vec, motion_b: Vec, *, exact: bool) -> tuple[float, float]:
    """A lower and an upper bound of ``axis . (motion_b - motion_a)``, how fast B moves away
    from A along ``axis``: the four products summed correctly rounded, less and plus their
    rounding, or with ``exact`` computed in rational arithmetic and rounded outwards (an
    axis square to the motion then gives exactly 0, however large the numbers).

    >>> motion_along((-2.0, 3.0), (0.0, 0.0), (3.0, 2.0), exact=True)
    (0.0, 0.0)
    >>> low, high = motion_along((-2.0, 3.0), (0.0, 0.0), (3.0, 2.0), exact=False)
    >>> low < 0.0 < high  # the float bounds allow for rounding the exact ones need not
    True
    """
    nx, ny = axis
    if exact:
        value = Fraction(nx) * (Fraction(motion_b[0]) - Fraction(motion_a[0])) + Fraction(ny) * (
            Fraction(motion_b[1]) - Fraction(motion_a[1])
        )
        return _round_down(value), -_round_down(-value) + 0.0  # no negative zero
    terms = (nx * motion_b[0], ny * motion_b[1], -nx * motion_a[0], -ny * motion_a[1])
    total, slack = math.fsum(terms), rounding_bound(*terms)
    return total - slack, total + slack


def never_closer(
    shape_a: ConvexShape, shape_b: ConvexShape, axis: Vec, motion: tuple[Vec, Vec]
) -> bool:
    """Whether, along ``axis`` (any length), two shapes touching at ``t = 0`` overlap by no
    more than the touching band there (:func:`~gjkcli.tolerances.touch_band` of ``A -
    B``'s size, times ``|axis|``), proven despite rounding (exactly where rounding hides
    it), and ``motion`` (A's translation, B's) does not bring them closer along it:
    ``axis . (tb - ta) >= 0``, decided exactly. The separation along a fixed axis changes
    linearly with time, so the shapes then overlap by no more than the band at any time:
    they slide along each other, or move apart.

    >>> from gjkcli.shapes import rectangle
    >>> box, right = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 0.0), (2.0, 2.0))
    >>> never_closer(box, right, (1.0, 0.0), ((0.0, 0.0), (0.0, 5.0)))  # sliding up
    True
    >>> never_closer(box, right, (1.0, 0.0), ((0.0, 0.0), (-1e-300, 5.0)))  # pressing in
    False
    >>> never_closer(box, right, (0.0, 1.0), ((0.0, 0.0), (0.0, 5.0)))  # they overlap along it
    False
    """
    band = length_times(touch_band(difference_scale(part_box(shape_a), part_box(shape_b))), axis)
    if motion_along(axis, *motion, exact=True)[0] < 0.0:
        return False
    apart = separation(shape_a, shape_b, axis)
    if apart.lower >= -band:
        return True
    return separation(shape_a, shape_b, axis, exact=True).lower >= -band


def swept_apart(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    normal: tuple[Fraction, Fraction],
    motion: tuple[Vec, Vec],
    target: float = 0.0,
) -> bool | None:
    """Whether A and B, moved by ``motion`` (A's translation, B's) over ``t`` in ``[0, 1]``,
    stay more than ``target`` apart along ``normal`` (any length, exact) at every time,
    decided in rational arithmetic; ``None`` unless both are polytopes or rounded
    polytopes.

    With ``s(t) = min n.b - max n.a`` over the cores at time ``t`` (linear in ``t``, so
    its ends decide) and ``rho`` the radii and the target summed, the shapes are more than
    ``target`` apart along the unit normal when ``s(t) > rho |n|``, that is ``s(t) > 0``
    and ``s(t)^2 > rho^2 |n|^2``: no square root, nothing rounded.

    >>> from gjkcli.shapes import circle, rectangle
    >>> box, disc = rectangle((0.0, 0.0), (2.0, 2.0)), circle((3.0, 0.0), 1.0)
    >>> swept_apart(box, disc, (Fraction(3), Fraction(0)), ((0.0, 0.0), (0.0, 5.0)))
    True
    >>> swept_apart(box, disc, (Fraction(3), Fraction(0)), ((0.0, 0.0), (-1.5, 0.0)))
    False
    """
    cores = [_polygonal(shape_a), _polygonal(shape_b)]
    if cores[0] is None or cores[1] is None:
        return None
    (core_a, radius_a), (core_b, radius_b) = cores[0], cores[1]
    nx, ny = normal
    (ax, ay), (bx, by) = motion
    speed = nx * (Fraction(bx) - Fraction(ax)) + ny * (Fraction(by) - Fraction(ay))
    high_a = max(nx * Fraction(x) + ny * Fraction(y) for x, y in core_a.vertices)
    low_b = min(nx * Fraction(x) + ny * Fraction(y) for x, y in core_b.vertices)
    reach_squared = (Fraction(radius_a) + Fraction(radius_b) + Fraction(target)) ** 2
    length_squared = nx * nx + ny * ny
    ends = (low_b - high_a, low_b - high_a + speed)
    return all(end > 0 and end * end > reach_squared * length_squared for end in ends)


def _polygonal(shape: ConvexShape) -> tuple[Polytope, float] | None:
    """A polytope and 0, or a rounded polytope's core and radius; ``None`` otherwise."""
    if isinstance(shape, Polytope):
        return shape, 0.0
    if isinstance(shape, Rounded) and isinstance(shape.core, Polytope):
        return shape.core, shape.radius
    return None


def rounding_bound(*sizes: float) -> float:
    """How far rounding can have moved a certificate's bound computed from numbers of
    these sizes: ``CERTIFICATE_ROUNDING * sum(|size|)``, plus the smallest normal
    number for underflow (see the module notes).

    >>> rounding_bound(1.0, 2.0, -5.0) == 8.0 * CERTIFICATE_ROUNDING + sys.float_info.min
    True
    """
    return _R * sum(map(abs, sizes)) + _TINY


def reach(shape: ConvexShape) -> float:
    """How large the numbers behind a point of ``shape`` can be: a bound on the distance
    from the origin of its points, and of the terms its support points are computed
    from, which rounding is relative to.

    For a polytope it is the farthest corner of its bounding box; a rounded
    shape adds its radius; a transformed shape ``M k + t`` has
    ``|M| reach(K) + |t|``, which may be far larger than its points: an
    ellipse whose centre is a large ``M c`` cancelled by a large ``t`` is
    computed from those large numbers, and carries their rounding.

    >>> from gjkcli.shapes import ellipse, rectangle
    >>> reach(rectangle((2.0, -2.5), (2.0, 3.0)))  # corners (1, -4) to (3, -1)
    5.0
    >>> reach(ellipse((0.0, 0.0), (3.0, 4.0)))  # |M| = 5 over a unit disc
    5.0
    """
    return remembered(shape, "bounds.reach", _reach)


def _reach(shape: ConvexShape) -> float:
    """:func:`reach`, computed."""
    if isinstance(shape, Rounded):
        return reach(shape.core) + shape.radius
    if isinstance(shape, Transformed):
        a, b, c, e = shape.affine.matrix
        tx, ty = shape.affine.offset
        norm = math.hypot(abs(a) + abs(b), abs(c) + abs(e))
        return norm * reach(shape.inner) + math.hypot(tx, ty)
    minx, miny, maxx, maxy = part_box(shape)
    return math.hypot(max(abs(minx), abs(maxx)), max(abs(miny), abs(maxy)))


def noise(shape: ConvexShape, d: Vec | None = None) -> float:
    """How large the numbers are whose rounding can move a support point of ``shape`` off
    the shape, along the unit direction ``d`` (in any direction, without one).

    0 for a polytope (its support points are its own vertices); the radius (and
    the core's noise) for a rounded shape; for a transformed shape ``M k + t``,
    the terms of ``M k + t`` weighted by ``d``: an ellipse 1e20 wide and 1 high
    rounds its points' ``x`` at 1e20 but their ``y`` at 1, while one turned by
    30 degrees mixes the two.

    >>> from gjkcli.shapes import capsule, ellipse
    >>> noise(capsule((0.0, 0.0), (1e14, 0.0), 0.5))
    0.5
    >>> flat = ellipse((0.0, 0.0), (1e20, 1.0))  # a unit disc, scaled
    >>> noise(flat, (0.0, 1.0)), noise(flat)
    (1.0, 1e+20)
    """
    if isinstance(shape, Polytope):
        return 0.0
    if isinstance(shape, Rounded):
        return noise(shape.core, d) + shape.radius
    if not isinstance(shape, Transformed) or d is None:
        return reach(shape)
    a, b, c, e = shape.affine.matrix
    tx, ty = shape.affine.offset
    dx, dy = abs(d[0]), abs(d[1])
    rows = dx * (abs(a) + abs(b)) + dy * (abs(c) + abs(e))
    return rows * reach(shape.inner) + dx * abs(tx) + dy * abs(ty)  # reach >= noise


def membership_slack(shape: ConvexShape, point: Vec) -> float:
    """How far outside ``shape`` a point computed from its support points may lie by
    rounding alone: ``8u (2 reach + |x| + |y|)``.

    The point was computed from the shape's points (by GJK, from support
    points and weights) with an error of a few units in the last place of the
    shape's reach; a support value it is compared with carries at most as
    much; and the dot products compared add the rounding of the point's own
    size.

    >>> from gjkcli.shapes import circle
    >>> membership_slack(circle((0.0, 0.0), 1.0), (1.0, 0.0)) < 1e-14
    True
    """
    return rounding_bound(2.0 * reach(shape), abs(point[0]) + abs(point[1]))
