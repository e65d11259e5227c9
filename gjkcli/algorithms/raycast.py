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
edge's. The float loop finds the edge; the arithmetic of the answer is exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from gjkcli.algorithms.simplex import closest_to_origin
from gjkcli.algorithms.support import SupportPoint
from gjkcli.dyadic import common_integers
from gjkcli.shapes.base import ConvexShape, Vec, as_vec
from gjkcli.shapes.compound import Compound
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import RAY_CONVERGENCE_RELATIVE, RAY_MAX_ITERATIONS, rounding

__all__ = [
    "ExactHit",
    "RayHit",
    "RayRun",
    "RayStatus",
    "RayStep",
    "exact_hit",
    "ray_loop",
    "ray_numbers",
    "raycast",
]

RayStatus = Literal["hit", "miss", "inside"]
"""``hit``: the ray meets the shape at a fraction in ``[0, max_fraction]``; ``miss``: it does
not; ``inside``: the ray starts in the shape."""

RAY_STOPso = (
    "converged",
    "contains-point",
    "no-progress",
    "parallel",
    "beyond-max",
    "max-iterations",
)
"""Why the ray loop stopped (see the module notes)."""

_ZERO: Vec = (0.0, 0.0)


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
    list the reasons).
    """

    status: RayStatus
    fraction: float | None
    point: Vec | None
    normal: Vec | None
    iterations: int
    stop: str


class RayRun(NamedTuple):
    """The ray loop's own account: its status and stop, ``fraction`` (``lambda`` reached;
    for a miss, where it stopped), ``axis`` the last ``v`` that moved the ray (``None`` if
    none did), and the final ``simplex`` of support points with the ``weights`` that give
    the simplex point closest to the ray's point."""

    status: RayStatus
    fraction: float
    axis: Vec | None
    iterations: int
    stop: str
    simplex: tuple[SupportPoint, ...]
    weights: tuple[float, ...]


def raycast(
    shape: ConvexShape,
    origin: Vec,
    direction: Vec,
    max_fraction: float = 1.0,
    recorder: list[RayStep] | None = None,
) -> RayHit:
    """Where the ray ``origin + lambda * direction``, ``0 <= lambda <= max_fraction``, first
    meets a convex shape (see the module notes for the method and the stops).

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
        raise ValueError("ray casts need convex shapes, and this one has several parts")
    start, towards = ray_numbers(origin, direction, max_fraction)

    def support(d: Vec) -> SupportPoint:
        p = shape.support(d)
        return SupportPoint(p, p, _ZERO)

    run = ray_loop(support, start, towards, max_fraction, recorder)
    if run.status != "hit":
        inside = run.status == "inside"
        return RayHit(
            run.status, 0.0 if inside else None, start if inside else None, None,
            run.iterations, run.stop,
        )  # fmt: skip
    fraction, normal = run.fraction, _unit(run.axis)
    if isinstance(shape, Polytope):
        exact = exact_hit(shape.vertices, (_ZERO,), start, towards, run.simplex)
        if exact is not None:
            if exact.fraction > max_fraction:
                return RayHit("miss", None, None, None, run.iterations, "beyond-max")
            fraction, normal = float(exact.fraction), exact.normal
    point = (start[0] + fraction * towards[0], start[1] + fraction * towards[1])
    return RayHit("hit", fraction, point, normal, run.iterations, run.stop)


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
    simplex: list[SupportPoint] = []
    weights: tuple[float, ...] = ()
    axis: Vec | None = None
    stop: str | None = None
    iterations = 0
    if vv == 0.0:  # the origin is a point of the shape
        stop, simplex, weights = "converged", [seed], (1.0,)
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
                    stop = "beyond-max"
                elif ahead > fraction:
                    fraction, advanced, axis = ahead, True, v
                    x = (sx + fraction * rx, sy + fraction * ry)
                else:  # the step is below the resolution of lambda: v stays the normal
                    axis = axis or v
        if stop is None:
            known = any(q.w == point.w for q in simplex)
            candidates = simplex if known else [*simplex, point]
            if not candidates:  # pragma: no cover - a support point is always new at first
                candidates = [point]
            closest = closest_to_origin([(x[0] - q.w[0], x[1] - q.w[1]) for q in candidates])
            simplex = [candidates[i] for i in closest.kept]
            weights = closest.weights
            v = closest.v
            before, vv = vv, v[0] * v[0] + v[1] * v[1]
            if len(simplex) == 3:
                stop = "contains-point"
            elif vv <= _squared(_threshold(x, candidates)):
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


def _threshold(x: Vec, points: Sequence[SupportPoint]) -> float:
    """How close ``x`` must come to the simplex to count as on it: the convergence fraction
    of the simplex's size seen from ``x``, or the rounding of the numbers combined."""
    size = max(math.hypot(x[0] - q.w[0], x[1] - q.w[1]) for q in points)
    numbers = max(
        max(abs(q.a[0]), abs(q.a[1]), abs(q.b[0]), abs(q.b[1]), abs(q.w[0]), abs(q.w[1]))
        for q in points
    )
    return max(RAY_CONVERGENCE_RELATIVE * size, rounding(numbers + abs(x[0]) + abs(x[1])))


def _squared(value: float) -> float:
    return value * value


def _unit(v: Vec | None) -> Vec | None:
    """``v`` scaled to length 1 (``None`` stays ``None``)."""
    if v is None:
        return None
    length = math.hypot(v[0], v[1])
    return (v[0] / length, v[1] / length)


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
    rd = (int(exact_r[0] * r_den), int(exact_r[1] * r_den))
    count = len(plus)
    ai = [(scaled[2 * i], scaled[2 * i + 1]) for i in range(count)]
    bi = [(scaled[2 * (count + j)], scaled[2 * (count + j) + 1]) for j in range(len(minus))]
    so = (scaled[-2], scaled[-1])
    index_a = {p: i for i, p in enumerate(plus)}
    index_b = {p: j for j, p in enumerate(minus)}

    def exact(q: SupportPoint) -> tuple[int, int, int, int] | None:
        i, j = index_a.get(q.a), index_b.get(q.b)
        if i is None or j is None:
            return None
        return (ai[i][0] - bi[j][0], ai[i][1] - bi[j][1], i, j)

    def side(p: tuple[int, int, int, int]) -> int:
        # cross(R, P - S): which side of the ray's line P lies on
        return rd[0] * (p[1] - so[1]) - rd[1] * (p[0] - so[0])

    def farthest(nx: int, ny: int) -> tuple[int, int, int, int]:
        i = max(range(count), key=lambda k: nx * ai[k][0] + ny * ai[k][1])
        j = min(range(len(bi)), key=lambda k: nx * bi[k][0] + ny * bi[k][1])
        return (ai[i][0] - bi[j][0], ai[i][1] - bi[j][1], i, j)

    known = [p for p in map(exact, simplex) if p is not None]
    if not known:
        return None
    first = known[0]
    second = next((p for p in known[1:] if _sign(side(p)) != _sign(side(first))), None)
    if second is None or side(first) == 0 == side(second):
        across = -1 if side(first) > 0 else 1  # towards the ray's other side
        second = farthest(-rd[1] * across, rd[0] * across)
        if _sign(side(second)) == _sign(side(first)) != 0 or side(second) == 0 == side(first):
            return None
    for _ in range(RAY_MAX_ITERATIONS):
        ex, ey = second[0] - first[0], second[1] - first[1]
        nx, ny = ey, -ex
        outward = nx * (so[0] - first[0]) + ny * (so[1] - first[1])
        if outward == 0:
            return None
        if outward < 0:
            nx, ny = -nx, -ny
        beyond = farthest(nx, ny)
        if nx * (beyond[0] - first[0]) + ny * (beyond[1] - first[1]) <= 0:
            denominator = rd[0] * ey - rd[1] * ex  # cross(R, e) in the points' scale
            if denominator == 0:
                return None
            # lambda = cross(P1 - S, e) / cross(R, e); the points carry the scale, R not
            numerator = (first[0] - so[0]) * ey - (first[1] - so[1]) * ex
            fraction = Fraction(numerator * r_den, denominator * scale)
            along = Fraction((so[0] - first[0]) * rd[1] - (so[1] - first[1]) * rd[0], -denominator)
            if fraction < 0 or not 0 <= along <= 1:
                return None
            ends = (_support_point(first, plus, minus), _support_point(second, plus, minus))
            return ExactHit(fraction, _unit_of(nx, ny), along, ends)
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


def _unit_of(nx: int, ny: int) -> Vec:
    """The integer vector ``(nx, ny)`` as a unit float vector."""
    shift = max(abs(nx).bit_length(), abs(ny).bit_length()) - 64
    if shift > 0:
        nx, ny = nx >> shift, ny >> shift
    x, y = float(nx), float(ny)
    length = math.hypot(x, y)
    return (x / length, y / length)
