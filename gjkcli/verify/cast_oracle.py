"""Shapely as the referee of a linear cast: B's swept region against A.

Seen from A, B moves by ``r = translation_b - translation_a``. For a convex B,
the region B covers while it moves by ``s r`` is the convex hull of B and
``B + s r``, so a single Shapely query tells whether B met A at *any* time
in ``[0, s]``. A claimed first contact at ``t`` is checked twice:

- **apart just before**: the sweep up to ``before = t - delta`` must not meet
  A (for a target distance, must stay farther than it); ``delta`` is the
  larger of twice the time tolerance (:func:`~gjkcli.tolerances.cast_time_tolerance`)
  and the time the motion takes to cross the agreement allowance,
  ``AGREEMENT_RELATIVE * (1 + scale) / |r|``, far above the rounding of the
  sweep's coordinates (a contact that Shapely finds earlier than that is
  then real, unless the motion grazes A within about 1e-6 radians);
- **touching at it**: the sweep up to ``t`` must come within the allowance
  of A (of the target distance), widened by the distance the motion covers
  in the time tolerance.

A miss is checked on the whole sweep, ``hull(B, B + r)``: it must not meet A
(``B + r`` is rounded to its coordinates' precision, so a miss by less than that
rounding is beyond what this check can confirm; the exact arbiter decides it). A
sweep whose moved points were rounded meets A here only if it meets A shrunk by
that rounding (:func:`~gjkcli.tolerances.swept_rounding`; A as it is when it has no
area to shrink): a ray aimed at a corner of A and passing it by 1e-16, whose end ``o + d``
rounds to the corner's other side, meets A in Shapely, and the true ray does not.
A claim of contact at ``t = 0`` (overlapping, touching, within the target) is
checked on the shapes where they start: they must be within the allowance
(of the target). Which way a contact at ``t = 0`` goes (approaching or
receding) is below what Shapely's distances resolve, and left to the exact
arbiter.

Shapely works in the coordinates it is given, whose rounding grows with
their size; so the pair goes to it moved by one of A's corners (two shapes
near each other at 1e9 are then near the origin, and ``scale`` is their size
there), when every coordinate moves exactly (checked), and as it is
otherwise.

Either shape may be compound (a non-convex polygon, holes, several parts; for a ray
cast, A, B being the ray's origin): its stand-in is the geometry it was cut from, so the
decomposition into convex parts is checked too. A compound B's sweep is not the hull of
B and B moved but the union of those two and of what each piece of its boundary sweeps
(:func:`swept_geometry`).

Curved shapes go to Shapely as the project's stand-ins
(:func:`gjkcli.verify.shapely_oracle.stand_ins`): polygons inside the shapes
(to rounding) whose boundaries are within a proven bound of the true ones.
A stand-in sweep that meets A proves that the true one does, so "apart just
before" and "a miss" need no widening; "touching at it" allows the bound.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import shapely

from gjkcli.algorithms.cast import CastStatus
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Compound, Shape, shape_bounds
from gjkcli.tolerances import (
    AGREEMENT_RELATIVE,
    agreement_tolerance,
    cast_time_tolerance,
    difference_scale,
    rounding,
    swept_rounding,
)
from gjkcli.verify.shapely_oracle import stand_ins

__all__ = ["SweptCheck", "swept_check", "swept_geometry"]


@dataclass(frozen=True)
class SweptCheck:
    """Shapely's check of a cast's claim, with the numbers it rests on.

    ``before`` is the time up to which B's sweep must keep away from A (a hit:
    just before its time; ``None`` otherwise) and ``gap_before`` Shapely's
    distance from A to that sweep. ``gap_at`` is the distance from A to the
    sweep up to the claimed time (a hit), the whole sweep (a miss), or to B
    where it starts (a contact at ``t = 0``). ``allowance`` is the distance
    allowed for rounding and for the stand-ins of curved shapes (whose error
    bounds sum to ``error``). ``problems`` say what contradicts the claim, one
    line each (``consistent`` when there are none); ``unavailable`` says why
    Shapely could not run faithfully (the other numbers are then ``None``).
    """

    status: CastStatus
    time: float | None
    before: float | None
    gap_before: float | None
    gap_at: float | None
    allowance: float
    error: float
    problems: tuple[str, ...]
    unavailable: str | None = None

    @property
    def consistent(self) -> bool:
        """Nothing Shapely measured contradicts the claim."""
        return not self.problems


def swept_check(
    shape_a: Shape,
    shape_b: Shape,
    translation: Vec,
    status: CastStatus,
    time: float | None,
    *,
    target_distance: float = 0.0,
) -> SweptCheck:
    """Check a cast's claim (``status`` and ``time``) for A still and B moved by
    ``translation`` (B's translation minus A's) against Shapely's swept region.

    >>> from gjkcli.shapes import circle, rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> other = rectangle((5.0, 0.0), (2.0, 2.0))
    >>> swept_check(box, other, (-4.5, 0.0), "hit", 2.0 / 3.0).consistent
    True
    >>> late = swept_check(box, other, (-4.5, 0.0), "hit", 0.7)
    >>> late.consistent, late.problems[0]  # doctest: +ELLIPSIS
    (False, "B's sweep meets A by t = 0.6999..., before the claimed time 0.7")
    >>> early = swept_check(box, other, (-4.5, 0.0), "hit", 0.6)
    >>> early.problems[0]  # doctest: +ELLIPSIS
    "B's sweep up to the claimed time 0.6 stays 0.3 from A, beyond the allowance 8.0...e-09"
    >>> swept_check(box, circle((5.0, 0.0), 1.0), (-1.0, 0.0), "miss", None).consistent
    True
    """
    reach = difference_scale(shape_bounds(shape_a), shape_bounds(shape_b))
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        try:
            geometries, errors = stand_ins([shape_a, shape_b])
            a, points = _near_origin(geometries[0], shapely.get_coordinates(geometries[1]))
            shift = points[0] - shapely.get_coordinates(geometries[1])[0]
            b = None
            if isinstance(shape_b, Compound):  # its geometry, moved as its points were
                b = shapely.transform(geometries[1], lambda coordinates: coordinates + shift)
            motion = np.array(translation, dtype=float)
            scale = float(
                max(
                    np.abs(shapely.get_coordinates(a)).max(),
                    np.abs(points).max(),
                    np.abs(points + motion).max(),
                )
            )
            error = float(errors[0] + errors[1])
            sweep = _Sweep(
                a, points, translation, scale, reach, agreement_tolerance(scale, error), error, b
            )
            return _judge(sweep, status, time, target_distance)
        except (FloatingPointError, shapely.errors.GEOSException) as failure:
            unavailable = f"Shapely could not sweep B ({failure})"
    return SweptCheck(status, time, None, None, None, 0.0, 0.0, (), unavailable)


def _near_origin(a: Any, points: Any) -> tuple[Any, Any]:
    """A's geometry and B's points moved by minus A's first corner, if every coordinate
    moves exactly; as they are otherwise."""
    shift = -shapely.get_coordinates(a)[0]
    if _exact_sum(shapely.get_coordinates(a), shift) and _exact_sum(points, shift):
        return shapely.transform(a, lambda coordinates: coordinates + shift), points + shift
    return a, points


def _exact_sum(values: Any, shift: Any) -> bool:
    """Whether ``values + shift`` is exact in floating point, element by element: its
    rounding error, found exactly by Knuth's two-sum, is zero everywhere.

    >>> _exact_sum(np.array([[1e9 + 0.5, 3.0]]), np.array([-1e9, -2.0]))
    True
    >>> _exact_sum(np.array([[1.0, 3.0]]), np.array([2.0**-60, 0.0]))
    False
    """
    total = values + shift
    shift_part = total - values
    values_part = total - shift_part
    lost = (values - values_part) + (shift - shift_part)
    return bool((lost == 0.0).all())


@dataclass(frozen=True)
class _Sweep:
    """A's geometry, B's stand-in's points and the motion: the sweeps up to any time; and
    the coordinate scale Shapely works at, the reach of ``A - B``
    (:func:`~gjkcli.tolerances.difference_scale`), the distance allowance and the
    stand-ins' error bound."""

    a: Any
    points: Any
    translation: Vec
    scale: float
    reach: float
    allowance: float
    error: float
    b: Any = None

    def gap(self, until: float) -> tuple[float, bool]:
        """Shapely's distance from A to B's sweep over ``[0, until]``, and whether the true
        sweep surely meets A: Shapely's does, and where moving B's points rounded their
        coordinates, it meets A shrunk by that rounding too
        (:func:`~gjkcli.tolerances.swept_rounding`; A as it is when shrinking leaves
        nothing, a segment or a point)."""
        step = until * np.array(self.translation)
        points = self.points if self.b is None else shapely.get_coordinates(self.b)
        exact = all(
            Fraction(until) * Fraction(move) == Fraction(float(done))
            for move, done in zip(self.translation, step, strict=True)
        ) and _exact_sum(points, step)
        if self.b is not None:
            swept = swept_geometry(self.b, (float(step[0]), float(step[1])))
        else:
            moved = self.points + step
            swept = shapely.convex_hull(shapely.multipoints(np.concatenate((self.points, moved))))
        met = bool(shapely.intersects(self.a, swept))
        if met and not exact:
            shrunk = shapely.buffer(self.a, -swept_rounding(self.scale), join_style="mitre")
            met = bool(shapely.is_empty(shrunk)) or bool(shapely.intersects(shrunk, swept))
        return float(shapely.distance(self.a, swept)), met


def swept_geometry(geometry: Any, step: Vec) -> Any:
    """The region a geometry of any shape covers while it moves by ``step``: itself, itself
    moved, and what each piece of its boundary sweeps (a segment sweeps a parallelogram, a
    point a segment): a region sweeps no more than its boundary does between where it
    starts and where it ends.

    >>> notch = shapely.Polygon([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)])
    >>> swept = swept_geometry(notch, (0.0, 3.0))
    >>> swept.contains(shapely.Point(2, 3.5)), round(swept.area, 6)  # the V filled by it
    (True, 22.0)
    """
    offset = np.array(step)
    lines = [
        line
        for part in shapely.get_parts(geometry)
        for line in (
            shapely.get_parts(shapely.boundary(part)) if part.geom_type == "Polygon" else [part]
        )
    ]
    pieces = [geometry, shapely.transform(geometry, lambda coordinates: coordinates + offset)]
    for line in lines:
        points = shapely.get_coordinates(line)
        moved = points + offset
        if len(points) == 1:
            pieces.append(shapely.linestrings([points[0], moved[0]]))
            continue
        corners = np.stack((points[:-1], points[1:], moved[1:], moved[:-1]), axis=1)
        pieces.extend(shapely.convex_hull(shapely.multipoints(corners)))
    return shapely.union_all(pieces)


def _judge(sweep: _Sweep, status: CastStatus, time: float | None, target: float) -> SweptCheck:
    """The checks of the module docstring for one claim."""
    scale, allowance = sweep.scale, sweep.allowance
    problems: list[str] = []
    before = gap_before = None
    if status == "hit" and time is not None:
        speed = math.hypot(*sweep.translation)
        late = cast_time_tolerance(time, sweep.reach, speed)
        resolution = AGREEMENT_RELATIVE * (1.0 + scale) / speed if speed > 0.0 else time
        before = max(0.0, time - max(2.0 * late, resolution))
        gap_before, met = sweep.gap(before)
        if _reached(gap_before, met, target, scale):
            problems.append(
                f"B's sweep {_meets(target)} by t = {before!r}, before the claimed time {time!r}"
            )
        gap_at, _ = sweep.gap(time)
        allowance += late * speed  # the claim may come early by its time tolerance
        if gap_at > target + allowance:
            problems.append(
                f"B's sweep up to the claimed time {time!r} stays {gap_at:.6g} from A, "
                f"beyond {_target(target)}the allowance {allowance:.6g}"
            )
    elif status == "miss":
        gap_at, met = sweep.gap(1.0)
        if _reached(gap_at, met, target, scale):
            problems.append(f"B's whole sweep {_meets(target)}, but the cast claims a miss")
    else:  # a contact at t = 0, which way it goes aside
        gap_at, _ = sweep.gap(0.0)
        if gap_at > target + allowance:
            problems.append(
                f"A and B start {gap_at:.6g} apart, beyond {_target(target)}the allowance "
                f"{allowance:.6g}, but the cast claims {status}"
            )
    return SweptCheck(
        status, time, before, gap_before, gap_at, allowance, sweep.error, tuple(problems)
    )


def _reached(gap: float, met: bool, target: float, scale: float) -> bool:
    """Whether Shapely proves the sweep came within the target distance (meeting A, for
    none): the stand-ins lie inside the shapes, so their distance is at least the true one,
    less rounding."""
    if target == 0.0:
        return met
    return gap < target - rounding(scale)


def _meets(target: float) -> str:
    return "meets A" if target == 0.0 else f"comes within the target distance {target!r} of A"


def _target(target: float) -> str:
    return "" if target == 0.0 else f"the target distance {target!r} and "


def _moved_bounds(
    bounds: tuple[float, float, float, float], translation: Vec
) -> tuple[float, float, float, float]:
    minx, miny, maxx, maxy = bounds
    dx, dy = translation
    return (minx + dx, miny + dy, maxx + dx, maxy + dy)
