"""The exact time of impact of moving polygonal shapes, and of a ray, in rational arithmetic.

A moves by ``translation_a`` and B by ``translation_b`` over ``t`` in
``[0, 1]``; with ``r = translation_b - translation_a`` and ``D = A - B``, the
shapes meet at ``t`` exactly when ``t r`` lies in ``D``. For polygonal shapes
(the ones :func:`gjkcli.verify.exact.exact_answer` takes: polytopes) ``D`` is a
polygon with rational corners, and the first such ``t`` is a rational number.

As in the exact arbiter, every float is an integer over a power of two, so all
coordinates of the question (the vertices, the translations, the radii) become
integers over one common power of two (:func:`gjkcli.dyadic.common_integers`);
``D`` is the edge merge of the integer corners
(:func:`gjkcli.algorithms.minkowski.edge_merge`), exact, and ``r`` their exact
difference (not the float ``translation_b - translation_a``, which may round).

The polygon sweep itself (the time, the state at ``t = 0``) is
:func:`gjkcli.algorithms.sweep.sweep`, exact and free of the float ray loop, which
the cast also decides its polygonal statuses with.

**The time.** For a polygon ``D`` (counter-clockwise), ``x`` lies in ``D`` when
``cross(e_k, x - p_k) >= 0`` for every edge ``p_k -> p_k + e_k``. Along the ray
``x = t r`` each edge gives ``t a_k >= b_k`` with ``a_k = cross(e_k, r)`` and
``b_k = cross(e_k, p_k)``: a lower bound on ``t`` where ``a_k > 0``, an upper
bound where ``a_k < 0``, nothing or nowhere where ``a_k = 0``. The first contact
is the largest lower bound, if it is at most every upper bound and 1. A
segment ``D`` (and a point, a segment of length 0) is met where the ray
crosses its line within its ends, or, along its line, at its nearer end.

**At t = 0** (the origin in ``D``), exactly: interior (every ``b_k < 0``): the
shapes overlap. On the boundary, the *active* edges are those with
``b_k = 0`` (one, or two at a corner): the motion pushes into overlap exactly
when ``a_k > 0`` for every active edge, for then ``t r`` is inside every
edge's half-plane strictly for small ``t > 0``; with ``a_k = 0`` on an active
edge it slides along that edge, and with ``a_k < 0`` it leaves: both are
``touching-receding``, as is any motion when ``D`` has no area (a segment or
a point: the interiors can never overlap) and no motion at all.

**Rounded shapes** (:func:`analytic_cast`): circles, capsules and rounded
polygons are polygonal cores grown by discs, and the shapes meet when the
distance from ``t r`` to the cores' difference falls to the summed radius
``rho`` (plus a target distance, if any). The grown difference is covered by
a disc of radius ``rho`` at each corner and a rectangle along each edge, and
its boundary by their arcs and offset edges, so the first contact is the
earliest entry into one of them: a quadratic root for a disc,
``c / (b + sqrt(b^2 - a c))`` (the form without cancellation), and a linear
one in ``sqrt(|e|^2)`` for an offset edge (kept only where its foot lies on
the edge, decided exactly). Each is exact up to its one square root, which is
taken in :mod:`decimal` at :data:`ANALYTIC_DIGITS` digits; the earliest is
rounded once to a float.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction

from gjkcli.algorithms.cast import CastStatus
from gjkcli.algorithms.minkowski import edge_merge
from gjkcli.algorithms.raycast import RayStatus
from gjkcli.algorithms.sweep import (
    ANALYTIC_DIGITS,
    IntPoint,
    disc_entry,
    offset_entry,
    sweep,
    sweep_frame,
)
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import Rounded

__all__ = [
    "ANALYTIC_DIGITS",
    "AnalyticCast",
    "ExactCast",
    "ExactRay",
    "analytic_cast",
    "apart_before",
    "exact_cast",
    "exact_gap",
    "exact_raycast",
]

Rational = tuple[Fraction, Fraction]

_RANK = {
    "overlapping": 0,
    "touching-approaching": 1,
    "within-target": 1,
    "hit": 2,
    "touching-receding": 3,
    "miss": 4,
}
"""How soon a pair of parts' answer decides two compound shapes' (their order in
:func:`exact_cast`, as the cast's own :func:`~gjkcli.algorithms.part_casts.first_of`
orders them, written out here again: a referee's rules are its own)."""


@dataclass(frozen=True)
class ExactCast:
    """The exact answer of a linear cast of two polygonal shapes.

    ``status`` is in the cast's vocabulary (``within-target`` never occurs: the
    exact cast has no target distance). ``time`` is the first time of contact:
    ``0`` for ``overlapping`` and ``touching-approaching``, ``None`` for
    ``miss`` and ``touching-receding``. ``point`` is ``time * r``, the point of
    ``A - B`` the motion reaches then (``None`` without a time), and
    ``difference`` the corners of ``A - B``, counter-clockwise, all exact.
    """

    status: CastStatus
    time: Fraction | None
    point: Rational | None
    difference: tuple[Rational, ...]


@dataclass(frozen=True)
class ExactRay:
    """The exact answer of a ray cast against a polygonal shape.

    ``inside``: the ray starts in the (closed) shape, fraction ``0``; ``hit``:
    ``fraction`` is the first ``lambda`` in ``(0, max_fraction]`` with
    ``origin + lambda * direction`` in the shape; ``miss``: ``None``.
    ``point`` is that point, exactly.
    """

    status: RayStatus
    fraction: Fraction | None
    point: Rational | None


@dataclass(frozen=True)
class AnalyticCast:
    """The closed-form answer of a linear cast of rounded shapes with polygonal cores.

    ``time`` is the first time the distance between the shapes falls to the
    target distance (0 for contact), rounded once from its exact value with
    one square root; ``0.0`` for ``overlapping``, ``touching-approaching``
    and ``within-target``, ``None`` for ``miss`` and ``touching-receding``.
    """

    status: CastStatus
    time: float | None


def exact_cast(
    shape_a: Shape, shape_b: Shape, translation_a: Vec, translation_b: Vec
) -> ExactCast | None:
    """The exact status and time of impact of A moved by ``translation_a`` and B by
    ``translation_b`` over ``t`` in ``[0, 1]``; ``None`` unless both are polytopes.

    >>> from gjkcli.shapes import Polytope, circle, point, rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> hit = exact_cast(box, rectangle((5.0, 0.0), (2.0, 2.0)), (0.0, 0.0), (-4.5, 0.0))
    >>> hit.status, hit.time, hit.point  # the gap of 3 closes at 2/3 of the way
    ('hit', Fraction(2, 3), (Fraction(-3, 1), Fraction(0, 1)))
    >>> exact_cast(box, point((5.0, 0.0)), (1.0, 0.0), (0.0, 0.0)).status
    'miss'

    Starting in contact, the motion decides (B's left edge on A's right edge):

    >>> right = rectangle((2.0, 0.0), (2.0, 2.0))
    >>> [exact_cast(box, right, (0.0, 0.0), m).status for m in [(-1.0, 0.0), (0.0, 1.0)]]
    ['touching-approaching', 'touching-receding']
    >>> exact_cast(box, circle((5.0, 0.0), 1.0), (0.0, 0.0), (-3.0, 0.0)) is None
    True

    Compound shapes of polytopes: every pair of parts, the first answer of all (an overlap,
    a contact at time 0, the earliest hit, a touch moving apart, a miss), the one of the
    lowest part numbers among equals:

    >>> from gjkcli.shapes import union_of
    >>> two = union_of([box, rectangle((6.0, 0.0), (2.0, 2.0))])
    >>> exact_cast(two, point((10.0, 0.0)), (0.0, 0.0), (-10.0, 0.0)).time
    Fraction(3, 10)
    """
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        answers = [
            exact_cast(part_a, part_b, translation_a, translation_b)
            for part_a in parts_of(shape_a)
            for part_b in parts_of(shape_b)
        ]
        known = [answer for answer in answers if answer is not None]
        if len(known) != len(answers):
            return None
        return min(known, key=lambda answer: (_RANK[answer.status], answer.time or 0))
    if not (isinstance(shape_a, Polytope) and isinstance(shape_b, Polytope)):
        return None
    frame = sweep_frame(shape_a, shape_b, (translation_a, translation_b))
    ray, difference, scale = frame.ray, frame.difference, frame.scale
    status, time, _ = sweep(difference, ray, Fraction(1))
    point = None if time is None else _scaled((time * ray[0], time * ray[1]), scale)
    corners = tuple(_scaled(corner, scale) for corner in difference)
    return ExactCast(status, time, point, corners)


def exact_raycast(
    shape: Shape, origin: Vec, direction: Vec, max_fraction: float = 1.0
) -> ExactRay | None:
    """The exact first point of ``origin + lambda * direction``, ``lambda`` in
    ``[0, max_fraction]``, in a polytope, or a compound shape of polytopes; ``None`` for any
    other shape.

    >>> from gjkcli.shapes import circle, rectangle, segment
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> exact_raycast(box, (-4.0, 0.0), (3.0, 0.0))
    ExactRay(status='hit', fraction=Fraction(1, 1), point=(Fraction(-1, 1), Fraction(0, 1)))
    >>> exact_raycast(box, (-4.0, 0.0), (3.0, 0.0), 0.5).status
    'miss'
    >>> exact_raycast(box, (1.0, 0.5), (1.0, 0.0)).status  # on the boundary: in the shape
    'inside'
    >>> exact_raycast(segment((0.0, -1.0), (0.0, 1.0)), (-3.0, 0.5), (1.0, 0.0), 5.0).fraction
    Fraction(3, 1)
    >>> exact_raycast(circle((0.0, 0.0), 1.0), (-4.0, 0.0), (3.0, 0.0)) is None
    True

    A compound shape of polytopes is met where its first part is (inside if any part holds
    the origin):

    >>> from gjkcli.shapes import union_of
    >>> two = union_of([rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 0.0), (2.0, 2.0))])
    >>> exact_raycast(two, (8.0, 0.5), (-1.0, 0.0), 10.0).fraction
    Fraction(3, 1)
    """
    if isinstance(shape, Compound):
        answers = [exact_raycast(part, origin, direction, max_fraction) for part in shape.parts]
        if any(answer is None for answer in answers):
            return None
        found = [answer for answer in answers if answer is not None and answer.status != "miss"]
        if not found:
            return ExactRay("miss", None, None)
        inside = [answer for answer in found if answer.status == "inside"]
        return inside[0] if inside else min(found, key=lambda answer: answer.fraction or 0)
    if not isinstance(shape, Polytope):
        return None
    if not (math.isfinite(max_fraction) and max_fraction >= 0.0):
        raise ValueError(f"max_fraction must be finite and >= 0, got {max_fraction!r}")
    # the cast of the shape against the point ``origin`` moving by ``direction``
    frame = sweep_frame(shape, Polytope((origin,)), ((0.0, 0.0), direction))
    status, time, _ = sweep(frame.difference, frame.ray, Fraction(max_fraction))
    ray_status: RayStatus
    if status in ("overlapping", "touching-approaching", "touching-receding"):
        ray_status, time = "inside", Fraction(0)
    else:
        ray_status = "hit" if status == "hit" else "miss"
    if time is None:
        return ExactRay(ray_status, None, None)
    (x, y), (dx, dy) = origin, direction
    point = (Fraction(x) + time * Fraction(dx), Fraction(y) + time * Fraction(dy))
    return ExactRay(ray_status, time, point)


def analytic_cast(
    shape_a: Shape,
    shape_b: Shape,
    translation_a: Vec,
    translation_b: Vec,
    target_distance: float = 0.0,
) -> AnalyticCast | None:
    """The closed-form cast of shapes with polygonal cores, at least one of them rounded
    or with a target distance; ``None`` otherwise (two bare polytopes with no target are
    :func:`exact_cast`'s; ellipses and other curves have no closed form here).

    Two unit circles 4 apart, B moving 3 towards A: the gap of 2 closes at 2/3.

    >>> from gjkcli.shapes import capsule, circle, rectangle
    >>> unit = circle((0.0, 0.0), 1.0)
    >>> analytic_cast(unit, circle((4.0, 0.0), 1.0), (0.0, 0.0), (-3.0, 0.0))
    AnalyticCast(status='hit', time=0.6666666666666666)

    A target distance of 1 is reached earlier, at 1/3:

    >>> analytic_cast(unit, circle((4.0, 0.0), 1.0), (0.0, 0.0), (-3.0, 0.0), 1.0).time
    0.3333333333333333
    >>> analytic_cast(unit, circle((2.0, 0.0), 1.0), (0.0, 0.0), (0.0, 1.0)).status
    'touching-receding'
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> analytic_cast(box, box, (0.0, 0.0), (1.0, 0.0)) is None
    True

    Compound shapes: every pair of parts, the first answer of all, as :func:`exact_cast`
    (a pair of bare polytopes without a target counts by its exact answer):

    >>> from gjkcli.shapes import union_of
    >>> two = union_of([box, rectangle((6.0, 0.0), (2.0, 2.0))])
    >>> analytic_cast(two, circle((10.0, 0.0), 1.0), (0.0, 0.0), (-10.0, 0.0))
    AnalyticCast(status='hit', time=0.2)
    """
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        return _parts_analytic(shape_a, shape_b, (translation_a, translation_b), target_distance)
    parts = [_core(shape_a), _core(shape_b)]
    if parts[0] is None or parts[1] is None:
        return None
    (core_a, radius_a), (core_b, radius_b) = parts[0], parts[1]
    if not (math.isfinite(target_distance) and target_distance >= 0.0):
        raise ValueError(f"target_distance must be finite and >= 0, got {target_distance!r}")
    if radius_a == 0.0 and radius_b == 0.0 and target_distance == 0.0:
        return None
    motion = (translation_a, translation_b)
    frame = sweep_frame(core_a, core_b, motion, (radius_a, radius_b, target_distance))
    int_a, int_b, int_target = frame.lengths
    contact = int_a + int_b
    start = _start_distance(frame.difference, frame.ray, contact, int_target)
    if start is not None:
        return AnalyticCast(start, 0.0 if start != "touching-receding" else None)
    time = _rounded_entry(frame.difference, frame.ray, contact + int_target)
    return AnalyticCast("miss", None) if time is None else AnalyticCast("hit", time)


def _parts_analytic(
    shape_a: Shape, shape_b: Shape, motion: tuple[Vec, Vec], target: float
) -> AnalyticCast | None:
    """:func:`analytic_cast` of compound shapes, pair of parts by pair (``None`` unless every
    part has a polygonal core, or when no part is rounded and there is no target)."""
    answers: list[AnalyticCast] = []
    rounded = False
    for part_a in parts_of(shape_a):
        for part_b in parts_of(shape_b):
            closed = analytic_cast(part_a, part_b, *motion, target)
            if closed is None:
                exact = exact_cast(part_a, part_b, *motion) if target == 0.0 else None
                if exact is None:
                    return None
                time = None if exact.time is None else float(exact.time)
                closed = AnalyticCast(exact.status, time)
            else:
                rounded = True
            answers.append(closed)
    if not rounded:
        return None
    return min(answers, key=lambda answer: (_RANK[answer.status], answer.time or 0.0))


def exact_gap(
    shape_a: Shape,
    shape_b: Shape,
    translation_a: Vec,
    translation_b: Vec,
    time: float,
    *,
    target_distance: float = 0.0,
) -> float | None:
    """The distance between A and B moved to ``time``, less ``target_distance``, computed
    exactly and rounded once (0 less the target when they overlap); ``None`` unless both
    have polygonal cores. A cast's time is judged by it where the time alone is
    ill-conditioned (:data:`~gjkcli.tolerances.CAST_TIME_RELATIVE`).

    The distance less the summed radius ``rho`` is ``(d^2 - rho^2) / (d + rho)`` with
    ``d^2`` exact: nothing cancels, however close to touching the shapes are.

    >>> from gjkcli.shapes import circle, point
    >>> exact_gap(circle((0.0, 0.0), 1.0), point((3.0, 1.0)), (0.0, 0.0), (-8.0, 0.0), 0.375)
    0.0
    >>> exact_gap(circle((0.0, 0.0), 1.0), point((3.0, 0.0)), (0.0, 0.0), (-8.0, 0.0), 0.125)
    1.0
    """
    parts = [_core(shape_a), _core(shape_b)]
    if parts[0] is None or parts[1] is None:
        return None
    (core_a, radius_a), (core_b, radius_b) = parts[0], parts[1]
    motion = (translation_a, translation_b)
    frame = sweep_frame(core_a, core_b, motion, (radius_a, radius_b, target_distance))
    numerator, denominator = Fraction(time).as_integer_ratio()
    # in units of 1 / (scale * denominator): A - B at the time is A - B less time * r
    rx, ry = frame.ray
    difference = [
        (x * denominator - numerator * rx, y * denominator - numerator * ry)
        for x, y in frame.difference
    ]
    reach = sum(frame.lengths) * denominator
    scale = frame.scale
    interior, closest = _closest(difference)
    squared = Fraction(0) if interior else closest[0] ** 2 + closest[1] ** 2
    with localcontext() as context:
        context.prec = ANALYTIC_DIGITS
        distance = Decimal(squared.numerator) / Decimal(squared.denominator)
        root = distance.sqrt()
        excess = Decimal((squared - reach * reach).numerator) / Decimal(
            (squared - reach * reach).denominator
        )
        gap = excess / (root + reach) if root + reach > 0 else Decimal(0)
        return float(gap / (scale * denominator))


def apart_before(
    shape_a: Shape,
    shape_b: Shape,
    motion: tuple[Vec, Vec],
    until: float,
    target_distance: float = 0.0,
) -> bool | None:
    """Whether A and B, moving by ``motion`` (A's translation, B's), are farther apart than
    ``target_distance`` at every time in ``[0, until]``, decided exactly; ``None`` unless
    both have polygonal cores (polytopes, and circles, capsules and rounded polygons).

    The shapes lie more than the summed radius ``rho`` (and the target) apart at ``t``
    when ``t r`` lies farther than that from the cores' difference ``C``; at every time up
    to ``until`` when the segment from the origin to ``until * r`` does, that is when the
    origin lies that far from ``C`` less the segment: a polygon (the edge merge of ``C`` and
    the segment), whose point nearest the origin is found exactly. No axis is needed, so
    this proves a grazing contact apart up to its time, which no single axis can: along
    any fixed axis the separation changes linearly in time, while the distance of a graze
    comes down to its touch with zero slope.

    >>> from gjkcli.shapes import circle
    >>> unit, other = circle((0.0, 0.0), 1.0), circle((3.0, 2.0), 1.0)
    >>> apart_before(unit, other, ((0.0, 0.0), (-6.0, 0.0)), 0.49), apart_before(
    ...     unit, other, ((0.0, 0.0), (-6.0, 0.0)), 0.5)  # a tangent graze at t = 1/2
    (True, False)
    """
    parts = [_core(shape_a), _core(shape_b)]
    if parts[0] is None or parts[1] is None:
        return None
    (core_a, radius_a), (core_b, radius_b) = parts[0], parts[1]
    frame = sweep_frame(core_a, core_b, motion, (radius_a, radius_b, target_distance))
    numerator, denominator = Fraction(until).as_integer_ratio()
    rx, ry = frame.ray
    scaled = [(x * denominator, y * denominator) for x, y in frame.difference]
    # in units of 1 / (scale * denominator): C less the segment from 0 to until * r
    polygon, _ = edge_merge(scaled, [(0, 0), (numerator * rx, numerator * ry)])
    interior, (cx, cy) = _closest(polygon)
    reach = sum(frame.lengths) * denominator
    return not interior and cx * cx + cy * cy > reach * reach


# --- the rounded cast ------------------------------------------------------------------


def _core(shape: Shape) -> tuple[Polytope, float] | None:
    """A polygonal core and its radius (0 for a polytope), or ``None``."""
    if isinstance(shape, Polytope):
        return shape, 0.0
    if isinstance(shape, Rounded) and isinstance(shape.core, Polytope):
        return shape.core, shape.radius
    return None


def _start_distance(
    polygon: Sequence[IntPoint], ray: IntPoint, contact: int, target: int
) -> CastStatus | None:
    """The status at ``t = 0`` of shapes whose cores' difference is ``polygon`` and whose
    radii sum to ``contact``, or ``None`` if they are farther apart than ``target``."""
    interior, closest = _closest(polygon)
    squared = closest[0] ** 2 + closest[1] ** 2
    if interior or squared < contact * contact:
        return "overlapping"
    if target > 0:
        return "within-target" if squared <= (contact + target) ** 2 else None
    if squared > contact * contact:
        return None
    # touching: the distance's rate of change along the ray is -closest . ray / distance
    approach = closest[0] * ray[0] + closest[1] * ray[1]
    return "touching-approaching" if approach > 0 else "touching-receding"


def _closest(polygon: Sequence[IntPoint]) -> tuple[bool, Rational]:
    """Whether the origin is in the interior of the hull of ``polygon`` (counter-clockwise),
    and the hull's point closest to the origin (the origin itself inside), exactly."""
    zero = (Fraction(0), Fraction(0))
    edges = list(zip(polygon, [*polygon[1:], polygon[0]], strict=True))
    if len(polygon) >= 3:
        sides = [(q[0] - p[0]) * p[1] - (q[1] - p[1]) * p[0] for p, q in edges]
        if all(side < 0 for side in sides):
            return True, zero
        if all(side <= 0 for side in sides):
            return False, zero
    nearest = [_nearest_on_segment(p, q) for p, q in edges]
    return False, min(nearest, key=lambda c: c[0] ** 2 + c[1] ** 2)


def _nearest_on_segment(p: IntPoint, q: IntPoint) -> Rational:
    """The point of segment ``p q`` nearest the origin, exactly."""
    (px, py), (qx, qy) = p, q
    ex, ey = qx - px, qy - py
    length = ex * ex + ey * ey
    along = -(px * ex + py * ey)
    if length == 0 or along <= 0:
        return Fraction(px), Fraction(py)
    if along >= length:
        return Fraction(qx), Fraction(qy)
    share = Fraction(along, length)
    return px + share * ex, py + share * ey


def _rounded_entry(polygon: Sequence[IntPoint], ray: IntPoint, reach: int) -> float | None:
    """The first ``t`` in ``(0, 1]`` at which ``t * ray`` comes within ``reach`` of the hull
    of ``polygon``, which the origin is farther from; ``None`` if there is none: the
    earliest entry into a corner's disc (:func:`~gjkcli.algorithms.sweep.disc_entry`) or an
    edge moved outwards (:func:`~gjkcli.algorithms.sweep.offset_entry`; a segment's both
    sides), every corner and edge tried."""
    times = [disc_entry(corner, ray, reach) for corner in polygon]
    for p, q in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        times.append(offset_entry(p, q, ray, reach))
    soon = [time for time in times if time is not None and time.at_most_one()]
    if not soon:
        return None
    return float(min(time.value() for time in soon))


# --- integers ----------------------------------------------------------------------------


def _scaled(point: tuple[int | Fraction, int | Fraction], scale: int) -> Rational:
    """An integer-frame point back in the shapes' units."""
    return Fraction(point[0]) / scale, Fraction(point[1]) / scale
