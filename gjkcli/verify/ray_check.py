"""A ray cast checked by independent referees, as ``gjk check`` checks a distance.

A ray from ``o`` along ``d``, reaching ``lambda`` in ``[0, m]``, against a shape
``S`` is the linear cast of the point ``o`` moved by ``m d`` against ``S`` standing
still: the point is in ``S`` at time ``t`` exactly when ``o + (t m) d`` is, so
the ray's fraction is ``m`` times the cast's time. The referees are those of casts:

- **exact** (polytopes): :func:`~gjkcli.verify.exact_cast.exact_raycast`, the
  first fraction as a rational number, and the status;
- **analytic** (circles, capsules, rounded polygons):
  :func:`~gjkcli.verify.exact_cast.analytic_cast` of that point cast, its time
  rounded once, times ``m``;
- **Shapely**: :func:`~gjkcli.verify.cast_oracle.swept_check` of that point cast,
  whose sweep is the segment from ``o`` to ``o + m d``;
- **the normal**: at a hit, the shape's supporting line with the reported normal
  must pass through the hit point (``n . s(n) - n . p`` within the agreement
  allowance, ``s`` the support function), ``n`` must be a unit vector, and the ray
  must not leave through it (``n . d <= 0``, to rounding).

The fraction agrees with an exact or analytic one within
:func:`~gjkcli.tolerances.cast_time_tolerance` (relative
:data:`~gjkcli.tolerances.CAST_TIME_RELATIVE`, with a floor of the rounding of the
coordinates of the shape seen from the origin, over ``|d|``), and the statuses must
match.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from gjkcli.algorithms.cast import CastStatus
from gjkcli.algorithms.raycast import RayHit, RayStatus, RayStep, raycast
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, shape_bounds
from gjkcli.shapes.primitives import point
from gjkcli.tolerances import (
    agreement_tolerance,
    cast_time_tolerance,
    coordinate_scale,
    difference_scale,
    rounding,
    touch_band,
)
from gjkcli.verify.cast_oracle import SweptCheck, swept_check
from gjkcli.verify.exact_cast import ExactRay, analytic_cast, exact_gap, exact_raycast

__all__ = ["AnalyticRay", "RayCheck", "check_ray"]


@dataclass(frozen=True)
class AnalyticRay:
    """The closed-form answer of a ray cast at a rounded shape: the status, and the
    fraction (rounded once from its exact value; ``0.0`` inside, ``None`` on a miss)."""

    status: RayStatus
    fraction: float | None


@dataclass(frozen=True)
class RayCheck:
    """A ray cast and what its referees say.

    ``hit`` is the ray cast's answer (``steps`` its iterations, when traced);
    ``exact``, ``analytic`` and ``shapely`` the referees' (``None`` where one does not
    apply); ``tolerance`` the allowance for the fraction; ``problems`` every
    disagreement, one sentence each (``agree`` when there are none).
    """

    shape: Shape
    origin: Vec
    direction: Vec
    max_fraction: float
    hit: RayHit
    exact: ExactRay | None
    analytic: AnalyticRay | None
    shapely: SweptCheck | None
    tolerance: float
    problems: tuple[str, ...]
    steps: tuple[RayStep, ...] = ()

    @property
    def agree(self) -> bool:
        """Every referee agrees with the ray cast."""
        return not self.problems


def check_ray(
    shape: Shape,
    origin: Vec,
    direction: Vec,
    max_fraction: float = 1.0,
    trace: bool = False,
) -> RayCheck:
    """Cast the ray, and check it against every referee that applies.

    >>> from gjkcli.shapes import circle, rectangle
    >>> box = rectangle((3.0, 0.0), (2.0, 2.0))
    >>> checked = check_ray(box, (0.0, 0.0), (1.0, 0.0), 5.0)
    >>> checked.hit.status, checked.hit.fraction, checked.exact.fraction, checked.agree
    ('hit', 2.0, Fraction(2, 1), True)
    >>> checked = check_ray(circle((0.0, 4.0), 1.0), (0.0, 0.0), (0.0, 2.0))
    >>> checked.hit.status, checked.analytic, checked.agree
    ('miss', AnalyticRay(status='miss', fraction=None), True)
    """
    steps: list[RayStep] | None = [] if trace else None
    hit = raycast(shape, origin, direction, max_fraction, recorder=steps)
    sweep = (max_fraction * direction[0], max_fraction * direction[1])
    start = point(origin)
    analytic = _analytic(shape, start, sweep, max_fraction)
    shapely = swept_check(shape, start, sweep, *_as_cast(hit, max_fraction))
    exact = exact_raycast(shape, origin, direction, max_fraction)
    bounds = shape_bounds(shape)
    reach = difference_scale(bounds, (origin[0], origin[1], origin[0], origin[1]))
    tolerance = cast_time_tolerance(hit.fraction or 0.0, reach, math.hypot(*direction))
    problems: list[str] = []
    if exact is not None:
        problems += _compare(hit, "the exact ray cast", exact.status, exact.fraction, tolerance)
        problems += _float_problems((shape, start, sweep, max_fraction), hit, exact, tolerance)
    if analytic is not None:
        problems += _compare(
            hit, "the analytic ray cast", analytic.status, analytic.fraction, tolerance
        )
    if shapely.unavailable is None:
        problems += [f"{_SHAPELY}: {problem}" for problem in shapely.problems]
    part = shape.parts[hit.part] if isinstance(shape, Compound) and hit.part is not None else shape
    if not isinstance(part, Compound):  # a compound's hit names its part
        problems += _normal_problems(part, hit, direction, coordinate_scale(bounds))
    return RayCheck(
        shape,
        origin,
        direction,
        max_fraction,
        hit,
        exact,
        analytic,
        shapely,
        tolerance,
        tuple(problems),
        tuple(steps or ()),
    )


_SHAPELY = "Shapely (the ray's origin as B, moved by max * direction over t in [0, 1], A the shape)"
"""How Shapely's findings on a ray are introduced: they speak of the point cast."""


def _analytic(
    shape: Shape, start: ConvexShape, sweep: Vec, max_fraction: float
) -> AnalyticRay | None:
    """The closed-form ray cast, through the cast of the point ``start`` by ``sweep`` (none for
    a compound shape)."""
    if isinstance(shape, Compound):
        return None
    cast = analytic_cast(shape, start, (0.0, 0.0), sweep)
    if cast is None:
        return None
    if cast.status == "hit" and cast.time is not None:
        return AnalyticRay("hit", cast.time * max_fraction)
    if cast.status == "miss":
        return AnalyticRay("miss", None)
    return AnalyticRay("inside", 0.0)


def _as_cast(hit: RayHit, max_fraction: float) -> tuple[CastStatus, float | None]:
    """The ray's answer as the point cast's claim (status and time) for Shapely."""
    if hit.status == "inside":
        return "overlapping", 0.0
    if hit.status == "miss" or hit.fraction is None:
        return "miss", None
    return "hit", hit.fraction / max_fraction if max_fraction > 0.0 else 0.0


def _compare(
    hit: RayHit,
    referee: str,
    status: RayStatus,
    fraction: Fraction | float | None,
    tolerance: float,
) -> list[str]:
    """The disagreements of the ray cast with one referee's status and fraction."""
    if status != hit.status:
        return [f"the ray cast says {hit.status}, {referee} says {status}"]
    if fraction is None or hit.fraction is None:
        return []
    difference = abs(Fraction(hit.fraction) - Fraction(fraction))
    if difference <= Fraction(tolerance):
        return []
    return [
        f"the fraction {hit.fraction!r} differs from {referee}'s {float(fraction)!r} by "
        f"{float(difference):.3g}, beyond the tolerance {tolerance:.3g}"
    ]


def _float_problems(
    ray: tuple[Shape, ConvexShape, Vec, float],
    hit: RayHit,
    exact: ExactRay,
    tolerance: float,
) -> list[str]:
    """The float loop's own answer (before the exact sweep has its say,
    :attr:`~gjkcli.algorithms.raycast.RayHit.float_answer`) against the exact one, as the
    answer given is held to it, but for a status that differs only within the touching
    band: the loop's hit at a fraction, or its ``inside`` at 0, where the exact point cast
    (``ray``: the shape, the origin as a point, the sweep and the max fraction it is
    swept to) finds the origin's point within the band of the shape (a graze, or a start
    on the boundary)."""
    if hit.float_answer is None:
        return []
    status, fraction = hit.float_answer
    own = replace(hit, status=status, fraction=fraction)
    found = _compare(own, "the exact ray cast", exact.status, exact.fraction, tolerance)
    if found and status not in {"miss", exact.status}:
        shape, start, sweep, reach = ray
        at = 0.0 if status == "inside" or fraction is None or reach == 0.0 else fraction / reach
        gap = exact_gap(shape, start, (0.0, 0.0), sweep, at)
        scale = max(coordinate_scale(shape_bounds(shape)), coordinate_scale(shape_bounds(start)))
        if gap is not None and abs(gap) <= touch_band(scale):
            return []
    return [f"float answer: {problem}" for problem in found]


def _normal_problems(shape: ConvexShape, hit: RayHit, direction: Vec, scale: float) -> list[str]:
    """What is wrong with the normal of a hit: not a unit vector, its supporting line
    missing the hit point, or the ray leaving through it."""
    if hit.status != "hit" or hit.normal is None or hit.point is None:
        return []
    nx, ny = hit.normal
    problems = []
    length = math.hypot(nx, ny)
    if abs(length - 1.0) > rounding(1.0):
        problems.append(f"the normal ({nx!r}, {ny!r}) is not a unit vector (length {length!r})")
    support = shape.support(hit.normal)
    gap = (nx * support[0] + ny * support[1]) - (nx * hit.point[0] + ny * hit.point[1])
    allowance = agreement_tolerance(scale)
    if abs(gap) > allowance:
        problems.append(
            f"the shape's supporting line along the normal misses the hit point by {gap:.3g}, "
            f"beyond the allowance {allowance:.3g}"
        )
    along = nx * direction[0] + ny * direction[1]
    if along > rounding(math.hypot(*direction)):
        problems.append(f"the ray leaves through the normal (normal . direction = {along:.3g})")
    return problems
