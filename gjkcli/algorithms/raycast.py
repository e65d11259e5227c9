"""GJK ray cast: where a ray first meets a convex shape, known only by its support function.

The method is van den Bergen's ("Ray casting against general convex objects with
application to continuous collision detection", 2004). The ray's point
``x = origin + lambda * direction`` starts at ``lambda = 0``; a simplex of the shape's
support points is kept, and ``v`` is the vector from the simplex's point closest to
``x`` to ``x``. Each iteration takes the support point ``p`` along ``v``, with
``w = x - p``:

* if ``v . w > 0``, the line through ``p`` square to ``v`` separates ``x`` from the
  shape. If the ray does not cross it ahead (``v . direction >= 0``) it never meets
  the shape: a miss (stop ``parallel``). Otherwise ``x`` moves forward to that line,
  ``lambda -= (v . w) / (v . direction)`` (a miss, stop ``beyond-max``, once it passes
  ``max_fraction``), and ``v`` is the candidate normal. Every point of the ray behind the
  new ``x`` lies beyond a supporting line of the shape, so ``lambda`` is always a lower
  bound on the first hit;
* ``p`` joins the simplex, which is reduced to its feature nearest ``x``
  (:func:`~gjkcli.algorithms.simplex.closest_to_origin` on the points ``x - p``).

The loop ends when ``x`` lies on the simplex (stop ``converged``: within
:data:`~gjkcli.tolerances.RAY_CONVERGENCE_RELATIVE` of the size of the simplex seen from
``x``, or within the rounding of the numbers combined), when a triangle of support
points holds ``x`` (stop ``contains-point``), when a step neither moves ``x`` nor brings
the simplex closer (stop ``no-progress``: rounding has the last word), or at the
hard cap :data:`~gjkcli.tolerances.RAY_MAX_ITERATIONS` (stop ``max-iterations``). A hit
at ``lambda = 0`` (``x`` never moved) means the ray starts in the shape: status
``inside`` (a start on the boundary, to the tolerance, counts as inside).

For polytopes the hit is then made exact. The loop ends on the edge the ray
crosses (two support points on either side of the ray's line); the ray's line and
the edge's meet at a rational ``lambda``, computed in integer arithmetic from the
floats given, and the edge is checked, exactly, to be a supporting line of the
shape (no vertex beyond it; where one is, it replaces an end of the edge, and the
check repeats). The fraction is that rational rounded once, and the normal the
edge's. The float loop finds the edge; the arithmetic of the answer is exact. For rounded
polytopes (circles, capsules, rounded polygons) the hit is made exact the same way on the
core's corner or edge the loop ends on (:func:`rounded_hit`: one square root, rounded
once), also after a loop that stops ``parallel`` (a graze the float loop calls a miss);
a feature the ray never comes within the radius of, exactly, is a miss. The
status (inside, hit or miss) of a ray against a polytope is then checked against the
exact sweep (:func:`gjkcli.algorithms.sweep.sweep` of the polytope against the ray's
origin moving along the ray), which replaces the loop's answer where they differ: a
ray grazing a corner within the loop's band, or far from the origin. The loop's own
answer is kept beside it (``float_answer``) for the cross-check to hold to the exact one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import localcontext
from fractions import Fraction
from typing import Literal, NamedTuple

from gjkcli.algorithms.axis import unit
from gjkcli.algorithms.simplex import closest_to_origin
from gjkcli.algorithms.support import SupportPoint
from gjkcli.algorithms.sweep import (
    ANALYTIC_DIGITS,
    Root,
    disc_entry,
    integer_unit,
    offset_entry,
    sweep,
    sweep_frame,
)
from gjkcli.dyadic import common_integers
from gjkcli.shapes.base import ConvexShape, Vec, as_vec
from gjkcli.shapes.compound import Compound, Shape
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import split_radius
from gjkcli.tolerances import NEAR_END, RAY_CONVERGENCE_RELATIVE, RAY_MAX_ITERATIONS, rounding

__all__ = [
    "RAY_STOPS",
    "ExactHit",
    "RayHit",
    "RayRun",
    "RayStatus",
    "RayStep",
    "RoundedHit",
    "direction_of",
    "exact_hit",
    "on_boundary",
    "ray_loop",
    "ray_numbers",
    "raycast",
    "rounded_hit",
]

RayStatus = Literal["hit", "miss", "inside"]
"""``hit``: the ray meets the shape at a fraction in ``[0, max_fraction]``; ``miss``: it does
not; ``inside``: the ray starts in the shape."""

RAY_STOPS = (
    "converged",
    "contains-point",
    "no-progress",
    "parallel",
    "beyond-max",
    "max-iterations",
)
"""Why the ray loop stopped (see the module notes)."""

_ZERO: Vec = (0.0, 0.0)

_SIDES = ((0, 1), (1, 0))
"""An edge's two ends in either order: its offset line on either side."""


@dataclass(frozen=True)
class RayStep:
    """One iteration of the ray loop, for ``--trace`` and pictures.

    ``fraction`` and ``point`` are the ray's ``lambda`` and point after the step,
    ``search`` the direction ``v`` the support point was taken along, ``support`` that
    point, ``simplex`` the support points kept after the step, ``advanced`` whether
    ``lambda`` moved, and ``outcome`` ``"advanced"``, ``"added"`` or the stop reason.
    """

    iteration: int
    fraction: float
    point: Vec
    search: Vec
    support: Vec
    simplex: tuple[Vec, ...]
    advanced: bool
    outcome: str


@dataclass(frozen=True)
class RayHit:
    """The answer of :func:`raycast`.

    ``fraction`` is the first ``lambda`` in ``[0, max_fraction]`` with ``origin + lambda *
    direction`` in the shape (``0.0`` when the ray starts inside, ``None`` on a miss),
    ``point`` that point, ``normal`` the shape's unit outward normal there (a hit only),
    ``iterations`` the loop's iterations and ``stop`` why it stopped (the module notes
    list the reasons). ``float_answer``, for a polytope (whose answer the exact sweep
    decides), is the status and fraction of the float loop alone (its hit made exact on
    the edge it ends on), kept so that the cross-check holds it to the exact answer;
    ``None`` for other shapes. ``part``, for a compound shape, is the number of the part
    the answer came from (``None`` otherwise, and for a miss).
    """

    status: RayStatus
    fraction: float | None
    point: Vec | None
    normal: Vec | None
    iterations: int
    stop: str
    float_answer: tuple[RayStatus, float | None] | None = None
    part: int | None = None


class RayRun(NamedTuple):
    """The ray loop's own account: its status and stop; ``fraction``, the ``lambda`` reached
    (a lower bound on any hit; past ``max_fraction`` for stop ``beyond-max``); ``axis``, the
    last ``v`` that moved the ray (``None`` if none did); and the final ``simplex`` of
    support points with the ``weights`` that give its point closest to the ray's point."""

    status: RayStatus
    fraction: float
    axis: Vec | None
    iterations: int
    stop: str
    simplex: tuple[SupportPoint, ...]
    weights: tuple[float, ...]


def raycast(
    shape: Shape,
    origin: Vec,
    direction: Vec,
    max_fraction: float = 1.0,
    recorder: list[RayStep] | None = None,
) -> RayHit:
    """Where the ray ``origin + lambda * direction``, ``0 <= lambda <= max_fraction``, first
    meets a convex shape (see the module notes for the method and the stops), or a compound
    shape, part by part (:func:`~gjkcli.algorithms.part_casts.ray_through_parts`).

    >>> from gjkcli.shapes import circle, rectangle
    >>> hit = raycast(circle((5.0, 0.0), 1.0), (0.0, 0.0), (10.0, 0.0))
    >>> hit.status, hit.fraction, hit.point, hit.normal
    ('hit', 0.4, (4.0, 0.0), (-1.0, 0.0))
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> hit = raycast(box, (-3.0, 0.5), (1.0, 0.0), max_fraction=5.0)
    >>> hit.status, hit.fraction, hit.point, hit.normal
    ('hit', 2.0, (-1.0, 0.5), (-1.0, 0.0))
    >>> raycast(box, (-3.0, 5.0), (1.0, 0.0)).status, raycast(box, (0.0, 0.0), (1.0, 0.0)).status
    ('miss', 'inside')
    >>> raycast(box, (0.0, 0.0), (0.0, 0.0))
    Traceback (most recent call last):
    ...
    ValueError: the ray's direction must be a non-zero vector
    """
    if isinstance(shape, Compound):
        from gjkcli.algorithms.part_casts import ray_through_parts  # part by part, above

        return ray_through_parts(shape, origin, direction, max_fraction, recorder)
    start, towards = ray_numbers(origin, direction, max_fraction)

    core, radius = split_radius(shape)

    def support(d: Vec) -> SupportPoint:
        # the shape's support point, and its core's (the same without a radius)
        p = core.support(d)
        length = math.hypot(d[0], d[1])
        if radius == 0.0 or length == 0.0:
            return SupportPoint(p, p, _ZERO)
        push = radius / length
        return SupportPoint((p[0] + d[0] * push, p[1] + d[1] * push), p, _ZERO)

    run = ray_loop(support, start, towards, max_fraction, recorder)
    found = _found(core, radius, start, towards, max_fraction=max_fraction, run=run)
    if isinstance(core, Polytope) and radius == 0.0:
        decided = _decided(core, start, towards, max_fraction, found)
        return replace(decided, float_answer=(found.status, found.fraction))
    return found


def _found(
    core: ConvexShape, radius: float, start: Vec, towards: Vec, *, max_fraction: float, run: RayRun
) -> RayHit:
    """The float loop's answer, refined on its last feature (:func:`_refined`)."""
    if run.status == "inside":
        return RayHit("inside", 0.0, start, None, run.iterations, run.stop)
    near_end = run.stop == "beyond-max" and run.fraction <= max_fraction * NEAR_END
    refined = None
    # a miss close past the end, or running along a rounded shape's boundary (a graze,
    # whose feature the hit is solved on exactly), is looked at again
    if run.status == "hit" or near_end or (run.stop == "parallel" and radius > 0.0):
        refined = _refined(core, radius, start, towards, run)
    if refined == "never":  # exactly, the ray never comes within the radius of the feature
        return RayHit("miss", None, None, None, run.iterations, run.stop)
    if refined is None and run.status == "hit" and run.axis is not None:
        refined = run.fraction, direction_of(run.axis)
    if refined is None or refined[0] > max_fraction:
        return RayHit("miss", None, None, None, run.iterations, run.stop)
    fraction, normal = refined
    point = (start[0] + fraction * towards[0], start[1] + fraction * towards[1])
    return RayHit("hit", fraction, point, normal, run.iterations, run.stop)


def _decided(
    polygon: Polytope, start: Vec, towards: Vec, max_fraction: float, found: RayHit
) -> RayHit:
    """The float answer ``found`` where the exact sweep (:func:`gjkcli.algorithms.sweep.sweep`
    of the polygon against the ray's origin) agrees with its status and fraction, the
    sweep's answer where not: near the loop's band (a ray grazing a corner, far from the
    origin) only the exact arithmetic decides."""
    frame = sweep_frame(polygon, Polytope((start,)), (_ZERO, towards))
    status, time, feature = sweep(frame.difference, frame.ray, Fraction(max_fraction))
    iterations, stop = found.iterations, found.stop
    if status == "miss":
        return (
            found if found.status == "miss" else RayHit("miss", None, None, None, iterations, stop)
        )
    if status not in ("hit", "miss") or feature is None:  # the origin is in the polygon
        return (
            found
            if found.status == "inside"
            else RayHit("inside", 0.0, start, None, iterations, stop)
        )
    assert time is not None  # a hit has its time
    fraction = float(time)
    if found.status == "hit" and found.fraction == fraction:
        return found
    point = (start[0] + fraction * towards[0], start[1] + fraction * towards[1])
    return RayHit("hit", fraction, point, integer_unit(*feature.normal), iterations, stop)


def _refined(
    core: ConvexShape, radius: float, start: Vec, towards: Vec, run: RayRun
) -> tuple[float, Vec] | Literal["never"] | None:
    """The hit made exact on the loop's last feature (a polytope's edge; a rounded
    polytope's corner or edge, :func:`rounded_hit`); ``"never"`` when the ray, exactly,
    never comes within the radius of that feature; ``None`` for other shapes, or when the
    feature is not the one hit."""
    if not isinstance(core, Polytope):
        return None
    if radius == 0.0:
        exact = exact_hit(core.vertices, (_ZERO,), start, towards, run.simplex)
        return None if exact is None else (float(exact.fraction), exact.normal)
    feature = sorted({p.a for p in run.simplex})
    if len(feature) > 2:
        return None
    rounded = rounded_hit([(p, start) for p in feature], (_ZERO, towards), [radius])
    if rounded == "never":
        return rounded
    fraction, normal = rounded.time, rounded.normal
    (cx, cy), point = core.support(normal), (fraction * towards[0], fraction * towards[1])
    top = (cx - start[0] + radius * normal[0], cy - start[1] + radius * normal[1])
    size = max(map(abs, (*top, *point))) + radius
    return (fraction, normal) if on_boundary(top, normal, point, size) else None


def on_boundary(farthest: Vec, normal: Vec, point: Vec, size: float) -> bool:
    """Whether ``point`` lies on a shape's boundary with outward ``normal``: no farther than
    rounding (of numbers of ``size``) behind ``farthest``, the shape's support point along
    ``normal``. A closed-form hit on a feature the ray does not meet first lies inside.

    >>> on_boundary((1.0, 0.0), (1.0, 0.0), (1.0, 5.0), 5.0)
    True
    >>> on_boundary((1.0, 0.0), (1.0, 0.0), (0.5, 5.0), 5.0)
    False
    """
    nx, ny = normal
    return nx * (farthest[0] - point[0]) + ny * (farthest[1] - point[1]) <= rounding(4.0 * size)


def ray_numbers(origin: Vec, direction: Vec, max_fraction: float) -> tuple[Vec, Vec]:
    """The ray's origin and direction as float pairs, checked: finite, and a non-zero
    direction; ``max_fraction`` finite and at least 0 (a :class:`ValueError` otherwise).

    >>> ray_numbers((0, 1), (2, 0), 1.0)
    ((0.0, 1.0), (2.0, 0.0))
    >>> ray_numbers((0.0, 0.0), (1.0, 0.0), -1.0)
    Traceback (most recent call last):
    ...
    ValueError: the ray's max fraction must be a finite number >= 0, got -1.0
    """
    start, towards = as_vec(origin), as_vec(direction)
    if towards == _ZERO:
        raise ValueError("the ray's direction must be a non-zero vector")
    if not (math.isfinite(max_fraction) and max_fraction >= 0.0):
        raise ValueError(
            f"the ray's max fraction must be a finite number >= 0, got {max_fraction!r}"
        )
    return start, towards


def ray_loop(
    support: Callable[[Vec], SupportPoint],
    origin: Vec,
    direction: Vec,
    max_fraction: float,
    recorder: list[RayStep] | None = None,
) -> RayRun:
    """Van den Bergen's loop on a support function (see the module notes).

    ``support(d)`` gives a point ``w`` of the shape farthest along ``d``, with the points
    ``a`` and ``b`` it came from (``w = a - b`` for a Minkowski difference, ``b = (0, 0)``
    for a plain shape): their sizes set the rounding the loop allows.

    >>> from gjkcli.shapes import circle
    >>> disc = circle((3.0, 0.0), 1.0)
    >>> run = ray_loop(lambda d: SupportPoint(disc.support(d), disc.support(d), (0.0, 0.0)),
    ...                (0.0, 0.0), (1.0, 0.0), 5.0)
    >>> run.status, run.fraction, run.stop
    ('hit', 2.0, 'converged')
    """
    sx, sy = origin
    rx, ry = direction
    fraction = 0.0
    x = origin
    seed = support((-rx, -ry))
    v = (x[0] - seed.w[0], x[1] - seed.w[1])
    vv = v[0] * v[0] + v[1] * v[1]
    simplex: list[SupportPoint] = [seed]
    weights: tuple[float, ...] = (1.0,)  # v is x minus the simplex's point: |v| only shrinks
    axis: Vec | None = None
    stop: str | None = "converged" if vv == 0.0 else None  # the origin is a shape point
    iterations = 0
    seen = _size(seed)
    while stop is None:
        if iterations == RAY_MAX_ITERATIONS:
            stop = "max-iterations"
            break
        iterations += 1
        searched = v
        point = support(v)
        vw = v[0] * (x[0] - point.w[0]) + v[1] * (x[1] - point.w[1])
        advanced = False
        if vw > 0.0:
            vr = v[0] * rx + v[1] * ry
            if vr >= 0.0:
                stop = "parallel"
            else:
                ahead = fraction - vw / vr
                if ahead > max_fraction:
                    stop, fraction = "beyond-max", ahead  # no hit before ahead
                elif ahead > fraction:
                    fraction, advanced, axis = ahead, True, v
                    x = (sx + fraction * rx, sy + fraction * ry)
                else:  # the step is below the resolution of lambda: v stays the normal
                    axis = axis or v
        if stop is None:
            known = any(q.w == point.w for q in simplex)
            candidates = simplex if known else [*simplex, point]
            seen = max(seen, _size(point))
            ys = [(x[0] - q.w[0], x[1] - q.w[1]) for q in candidates]
            closest = closest_to_origin(ys)
            simplex = [candidates[i] for i in closest.kept]
            weights = closest.weights
            v = closest.v
            before, vv = vv, v[0] * v[0] + v[1] * v[1]
            # on the simplex: within the convergence fraction of its size seen from x, or
            # within the rounding of the numbers combined
            size = max(max(abs(y[0]), abs(y[1])) for y in ys)
            near = max(RAY_CONVERGENCE_RELATIVE * size, rounding(seen + abs(x[0]) + abs(x[1])))
            if len(simplex) == 3:
                stop = "contains-point"
            elif vv <= near * near:
                stop = "converged"
            elif not advanced and vv >= before:
                stop = "no-progress"
        if recorder is not None:
            recorder.append(
                RayStep(
                    iterations, fraction, x, searched, point.w, tuple(q.w for q in simplex),
                    advanced, stop or ("advanced" if advanced else "added"),
                )
            )  # fmt: skip
    if stop in ("parallel", "beyond-max"):
        status: RayStatus = "miss"
    elif axis is None:
        status = "inside"
    else:
        status = "hit"
    return RayRun(status, fraction, axis, iterations, stop, tuple(simplex), weights)


def direction_of(v: Vec) -> Vec:
    """A non-zero vector (an axis that moved the ray, a gap between distinct points) as a
    unit vector no longer than 1 (:func:`gjkcli.algorithms.axis.unit`).

    >>> direction_of((0.0, -3.0))
    (0.0, -1.0)
    """
    n = unit(v)
    assert n is not None, "a direction needs a non-zero vector"
    return n


def _size(point: SupportPoint) -> float:
    """The largest of the numbers behind a support point, which its rounding is relative to."""
    (ax, ay), (bx, by), (wx, wy) = point.a, point.b, point.w
    return max(abs(ax), abs(ay), abs(bx), abs(by), abs(wx), abs(wy))


@dataclass(frozen=True)
class RoundedHit:
    """Where a motion first comes within a radius of a feature of ``P - Q`` (a corner, or
    an edge between two), exactly (:func:`rounded_hit`): the ``root`` (compared with 1
    exactly) and its value rounded once, ``time``; the unit outward ``normal`` there
    (rounded once from 60 digits); the weight ``along`` of the feature's second corner at
    the contact (0 or 1 at a corner)."""

    root: Root
    time: float
    normal: Vec
    along: float


def rounded_hit(
    pairs: Sequence[tuple[Vec, Vec]], motion: tuple[Vec, Vec], lengths: Sequence[float]
) -> RoundedHit | Literal["never"]:
    """The first time ``t`` at which ``t r`` (``r = motion[1] - motion[0]``) comes within
    the sum of ``lengths`` of the feature of ``P - Q`` whose corners are ``p - q`` for the
    ``pairs`` given (one: a corner, two: an edge), exactly; ``"never"`` when it does not.

    This is the hit on a rounded polytope (a disc, a capsule, a rounded polygon; or a
    polytope with a target distance) once the core's feature nearest the hit is known:
    every float is an integer over one power of two (:func:`~gjkcli.dyadic.common_integers`),
    the corners' discs and the edge's offset lines on either side are entered at
    :func:`~gjkcli.algorithms.sweep.disc_entry` and
    :func:`~gjkcli.algorithms.sweep.offset_entry` (exact up to one square root), and the
    earliest is rounded once. The float closed form loses a graze: its time moves with
    the square root of the rounding of the numbers it combines.

    >>> hit = rounded_hit([((5.0, 0.0), (0.0, 0.0))], ((0.0, 0.0), (10.0, 0.0)), [1.0])
    >>> hit.time, hit.normal, hit.along
    (0.4, (-1.0, 0.0), 0.0)
    >>> edge = [((3.0, -1.0), (0.0, 0.0)), ((3.0, 1.0), (0.0, 0.0))]
    >>> hit = rounded_hit(edge, ((0.0, 0.0), (1.0, 0.0)), [0.5])
    >>> hit.time, hit.normal, hit.along
    (2.5, (-1.0, 0.0), 0.5)
    >>> rounded_hit([((3.0, 5.0), (0.0, 0.0))], ((0.0, 0.0), (1.0, 0.0)), [2.0])
    'never'
    """
    numbers = [c for p, q in pairs for c in (*p, *q)]
    (ax, ay), (bx, by) = motion
    integers, _ = common_integers([*numbers, ax, ay, bx, by, *lengths])
    corners = [
        (integers[k] - integers[k + 2], integers[k + 1] - integers[k + 3])
        for k in range(0, len(numbers), 4)
    ]
    sx, sy, ex, ey, *reach = integers[len(numbers) :]
    ray, rho = (ex - sx, ey - sy), sum(reach)
    found: list[tuple[Root | None, int, int]] = []
    if len(corners) == 2 and corners[0] != corners[1]:  # an edge's ends, in order
        # the edge moved out, entered from outside, is where the ray enters the feature
        # grown by the radius (a convex region, which a ray enters once): no disc sooner
        found = [(offset_entry(corners[i], corners[j], ray, rho), i, j) for i, j in _SIDES]
    if not any(root is not None for root, _, _ in found):
        found = [(disc_entry(corner, ray, rho), k, k) for k, corner in enumerate(corners)]
    values = [(root.value(), root, i, j) for root, i, j in found if root is not None]
    if not values:
        return "never"
    value, root, first, second = min(values, key=lambda entry: entry[0])
    (ux, uy), (vx, vy), (rx, ry) = corners[first], corners[second], ray
    with localcontext() as context:
        context.prec = ANALYTIC_DIGITS
        if first == second:  # a corner's disc: the normal from the corner to the point reached
            normal = unit((float(value * rx - ux), float(value * ry - uy)))
            assert normal is not None  # the point reached lies the radii from the corner
            return RoundedHit(root, float(value), normal, float(first))
        # an edge: its normal to the right of first -> second (outward), and the share of
        # the way along it of the point reached
        share = ((value * rx - ux) * (vx - ux) + (value * ry - uy) * (vy - uy)) / (
            (vx - ux) ** 2 + (vy - uy) ** 2
        )
    along = min(max(float(share), 0.0), 1.0)
    normal = integer_unit(vy - uy, ux - vx)
    return RoundedHit(root, float(value), normal, along if first == 0 else 1.0 - along)


@dataclass(frozen=True)
class ExactHit:
    """A ray's hit on a polytope (or the difference of two), exactly: the rational
    ``fraction``, the edge's unit outward ``normal`` (rounded), and the hit point as the
    weight ``along`` of the edge's second end, between the support points ``ends``."""

    fraction: Fraction
    normal: Vec
    along: Fraction
    ends: tuple[SupportPoint, SupportPoint]


def exact_hit(
    plus: Sequence[Vec],
    minus: Sequence[Vec],
    origin: Vec,
    direction: Vec | tuple[Fraction, Fraction],
    simplex: Sequence[SupportPoint],
) -> ExactHit | None:
    """The first hit of the ray on the polytope ``conv(plus) - conv(minus)``, exactly,
    starting from the ray loop's final ``simplex`` (``None`` when no edge of it, or of
    the walk from it, crosses the ray's line ahead of the origin: the float answer then
    stands).

    >>> square = ((0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (0.0, 3.0))
    >>> ends = [SupportPoint(p, p, _ZERO) for p in ((0.0, 0.0), (0.0, 3.0))]
    >>> hit = exact_hit(square, (_ZERO,), (-1.0, 1.0), (3.0, 0.0), ends)
    >>> hit.fraction, hit.normal, hit.along
    (Fraction(1, 3), (-1.0, 0.0), Fraction(1, 3))
    """
    floats = [c for p in (*plus, *minus, origin) for c in p]
    scaled, scale = common_integers(floats)
    exact_r = (Fraction(direction[0]), Fraction(direction[1]))
    # the direction as integers on its own scale: only its direction and length matter
    r_den = math.lcm(exact_r[0].denominator, exact_r[1].denominator)
    ray = (int(exact_r[0] * r_den), int(exact_r[1] * r_den))
    count = len(plus)
    whole_a = [(scaled[2 * i], scaled[2 * i + 1]) for i in range(count)]
    whole_b = [(scaled[2 * (count + j)], scaled[2 * (count + j) + 1]) for j in range(len(minus))]
    start = (scaled[-2], scaled[-1])
    index_a = {p: i for i, p in enumerate(plus)}
    index_b = {p: j for j, p in enumerate(minus)}

    def exact(q: SupportPoint) -> tuple[int, int, int, int] | None:
        i, j = index_a.get(q.a), index_b.get(q.b)
        if i is None or j is None:
            return None
        return (whole_a[i][0] - whole_b[j][0], whole_a[i][1] - whole_b[j][1], i, j)

    def side(p: tuple[int, int, int, int]) -> int:
        # cross(ray, P - start): which side of the ray's line P lies on
        return ray[0] * (p[1] - start[1]) - ray[1] * (p[0] - start[0])

    def farthest(nx: int, ny: int) -> tuple[int, int, int, int]:
        i = max(range(count), key=lambda k: nx * whole_a[k][0] + ny * whole_a[k][1])
        j = min(range(len(whole_b)), key=lambda k: nx * whole_b[k][0] + ny * whole_b[k][1])
        return (whole_a[i][0] - whole_b[j][0], whole_a[i][1] - whole_b[j][1], i, j)

    known = [p for p in map(exact, simplex) if p is not None]
    if not known:
        return None
    first = known[0]
    second = next((p for p in known[1:] if _sign(side(p)) != _sign(side(first))), None)
    if second is None or side(first) == 0 == side(second):
        across = -1 if side(first) > 0 else 1  # towards the ray's other side
        second = farthest(-ray[1] * across, ray[0] * across)
        if _sign(side(second)) == _sign(side(first)) != 0 or side(second) == 0 == side(first):
            return None
    for _ in range(RAY_MAX_ITERATIONS):
        ex, ey = second[0] - first[0], second[1] - first[1]
        nx, ny = ey, -ex
        outward = nx * (start[0] - first[0]) + ny * (start[1] - first[1])
        if outward == 0:
            return None
        if outward < 0:
            nx, ny = -nx, -ny
        beyond = farthest(nx, ny)
        if nx * (beyond[0] - first[0]) + ny * (beyond[1] - first[1]) <= 0:
            denominator = ray[0] * ey - ray[1] * ex  # cross(ray, e) in the points' scale
            if denominator == 0:
                return None
            # lambda = cross(P1 - start, e) / cross(ray, e); the points carry the scale, ray not
            numerator = (first[0] - start[0]) * ey - (first[1] - start[1]) * ex
            fraction = Fraction(numerator * r_den, denominator * scale)
            along = Fraction(
                (start[0] - first[0]) * ray[1] - (start[1] - first[1]) * ray[0], -denominator
            )
            if fraction < 0 or not 0 <= along <= 1:
                return None
            ends = (_support_point(first, plus, minus), _support_point(second, plus, minus))
            return ExactHit(fraction, integer_unit(nx, ny), along, ends)
        if side(first) != 0 and _sign(side(beyond)) == _sign(side(first)):
            first = beyond
        else:
            second = beyond
    return None


def _support_point(
    p: tuple[int, int, int, int], plus: Sequence[Vec], minus: Sequence[Vec]
) -> SupportPoint:
    a, b = plus[p[2]], minus[p[3]]
    return SupportPoint((a[0] - b[0], a[1] - b[1]), a, b)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)
