"""The referees' answers for many pairs of convex polygons at once, as columns of numbers.

:func:`shapely_columns` and :func:`exact_columns` answer what
:func:`~gjkcli.verify.shapely_oracle.shapely_answers` and
:func:`~gjkcli.verify.exact_filter.exact_answers` answer for pairs of two
:class:`~gjkcli.shapes.polytope.Polytope` shapes, the same numbers, but as NumPy
arrays, with no object per pair: the columnar lane of ``gjk batch``
(:mod:`gjkcli.batch.lane`) reads them. Each pair is given as its vertices laid end to
end with the other pairs' (``xy``, one row a vertex) and two counts (A's vertices, then
B's), as :func:`gjkcli.batch.lane.lane_rows` has them from the scanner.

Where a pair is not answered the way the general path would answer it (a stand-in
that is not faithful, GEOS overflowing, a pair beyond
:data:`~gjkcli.verify.shapely_oracle.GEOS_REACH`, an exact verdict the float filter
leaves open, a polygon with more than :data:`~gjkcli.verify.exact_filter.MOST_VERTICES`
vertices), its ``answered`` flag is ``False``: the lane leaves that pair to the general
path, which answers it as it always does (and says what went wrong).

The same functions of the general path do the work: GEOS's hull of each polygon's
vertices (:func:`~gjkcli.verify.shapely_oracle.convex_hulls`), the same predicates and
shortest lines, the depth oracle's hull of every vertex difference (the same hull GEOS
builds from the differences the general path hands it: GEOS's hull depends only on the
set of points, and the general path drops only points strictly inside it), and the float
filter of the exact arbiter with its exact step
(:func:`~gjkcli.verify.exact_filter.filtered_columns`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely

from gjkcli.verify.exact import square_root
from gjkcli.verify.exact_filter import MOST_VERTICES, filtered_columns
from gjkcli.verify.filter_rows import Columns
from gjkcli.verify.nearest_facets import shortest_lines
from gjkcli.verify.shapely_oracle import (
    _CONVEX_KINDS as CONVEX_KINDS,
)
from gjkcli.verify.shapely_oracle import GEOS_REACH
from gjkcli.verify.shapely_oracle import (
    _convex_hulls as convex_hulls,
)
from gjkcli.verify.shapely_oracle import (
    _guarded as guarded,
)
from gjkcli.verify.shapely_oracle import (
    _hull_depth as hull_depths,
)
from gjkcli.verify.shapely_oracle import (
    _hulls as hulls,
)

__all__ = ["ExactColumns", "ShapelyColumns", "exact_columns", "shapely_columns"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_TOUCHING, _OVERLAPPING = 2, 3
"""The exact verdicts other than separated, by the filter's codes."""


@dataclass(frozen=True)
class ShapelyColumns:
    """Shapely's answers, a row per pair: ``answered`` (else the general path answers),
    ``intersects``, ``touches``, ``distance``, ``closest`` (four numbers, the point on A
    then on B; NaN for pairs that intersect) and ``depth`` (the depth oracle's, NaN where
    the origin is outside the hull of the differences, or where it is not asked for: for
    pairs Shapely finds apart)."""

    answered: Bools
    intersects: Bools
    touches: Bools
    distance: Floats
    closest: Floats
    depth: Floats


@dataclass(frozen=True)
class ExactColumns:
    """The exact arbiter's answers, a row per pair: ``verdict`` (0 where the float filter
    leaves it open, else 1 separated, 2 touching, 3 overlapping), ``distance`` (the square
    root of the exact square, rounded once) and ``squared`` (the exact square as
    ``"p/q"`` text, ``"0/1"`` unless separated; ``""`` where undecided)."""

    verdict: npt.NDArray[np.uint8]
    distance: Floats
    squared: list[str]


def shapely_columns(xy: Floats, counts: Ints) -> ShapelyColumns:
    """Shapely's answers for pairs of convex polygons (see the module notes).

    >>> triangle = [[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]]
    >>> xy = np.array(triangle + [[3.0, 0.0], [4.0, 0.0], [3.0, 1.0]]
    ...               + triangle + [[0.5, 0.0], [2.0, 1.0], [0.5, 1.0]])
    >>> found = shapely_columns(xy, np.array([3, 3, 3, 3]))
    >>> found.answered.tolist(), found.intersects.tolist(), found.distance.tolist()
    ([True, True], [False, True], [1.0, 0.0])
    >>> found.closest[0].tolist(), bool(np.isnan(found.closest[1]).all()), found.depth.tolist()
    ([2.0, 0.0, 3.0, 0.0], True, [nan, 1.0])
    """
    pairs = len(counts) // 2
    starts = np.cumsum(counts) - counts
    vertices = [xy[start : start + count] for start, count in zip(starts, counts, strict=True)]
    answered = np.abs(xy).max(axis=1) < GEOS_REACH if len(xy) else np.zeros(0, dtype=bool)
    answered = np.logical_and.reduceat(answered, starts)
    answered = answered[0::2] & answered[1::2]
    geometries = np.empty(2 * pairs, dtype=object)
    geometries[:] = convex_hulls(vertices)
    answered &= _faithful(geometries, xy, starts)
    found = ShapelyColumns(
        answered,
        np.zeros(pairs, dtype=bool),
        np.zeros(pairs, dtype=bool),
        np.zeros(pairs),
        np.full((pairs, 4), np.nan),
        np.full(pairs, np.nan),
    )
    chosen = np.flatnonzero(answered)
    if not len(chosen):
        return found
    measured, failures = guarded(_measure, geometries[2 * chosen], geometries[2 * chosen + 1])
    if failures or measured is None:  # GEOS met a floating-point error: the general path
        answered[chosen] = False
        return found
    intersects, touches, distance, closest = measured[0]
    found.intersects[chosen] = intersects
    found.touches[chosen] = touches
    found.distance[chosen] = distance
    found.closest[chosen] = closest
    deep = chosen[intersects]
    if len(deep):
        depths, fine = _depths(vertices, deep)
        found.depth[deep] = depths
        answered[deep[~fine]] = False
    return found


def _faithful(geometries: Any, xy: Floats, starts: Ints) -> Bools:
    """Which pairs' stand-ins pass the general path's checks of a polygon's
    (:func:`~gjkcli.verify.shapely_oracle.shapely_answers`): built, not empty, a
    point, segment or polygon, finite, and spanning the polygon's own bounding box
    (which a hull of its vertices does exactly)."""
    built = np.array([geometry is not None for geometry in geometries])
    fine = built.copy()
    fine[built] = ~shapely.is_empty(geometries[built]) & np.isin(
        shapely.get_type_id(geometries[built]), CONVEX_KINDS
    )
    box = np.hstack((np.minimum.reduceat(xy, starts), np.maximum.reduceat(xy, starts)))
    fine[fine] &= (shapely.bounds(geometries[fine]) == box[fine]).all(axis=1)
    return np.asarray(fine[0::2] & fine[1::2])


def _measure(geometries_a: Any, geometries_b: Any) -> list[tuple[Any, Any, Any, Any]]:
    """``(intersects, touches, distance, closest)`` arrays for the pairs, as the general
    path's ``_measure`` finds them (GEOS's shortest line; its length is the distance)."""
    intersects = shapely.intersects(geometries_a, geometries_b)
    touches = shapely.touches(geometries_a, geometries_b)
    hints = np.full((len(geometries_a), 2), np.nan)  # hints change no answer
    lines = shortest_lines(geometries_a, geometries_b, intersects, hints, GEOS_REACH)
    distance = shapely.length(lines)
    closest = np.full((len(lines), 4), np.nan)
    apart = ~intersects
    coordinates = shapely.get_coordinates(lines[apart])
    closest[apart] = coordinates.reshape(-1, 4)
    return [(intersects, touches, distance, closest)]


def _depths(vertices: list[Floats], pairs: Ints) -> tuple[Floats, Bools]:
    """The depth oracle for ``pairs`` (indices): the distance from the origin to the
    boundary of GEOS's hull of every vertex difference (NaN when the origin is outside),
    and whether the hull is faithful (else the general path answers)."""
    differences = [
        (vertices[2 * k][:, None, :] - vertices[2 * k + 1][None, :, :]).reshape(-1, 2)
        for k in pairs.tolist()
    ]
    built, failures = guarded(lambda sets: list(hulls(sets)), differences)
    depths = np.full(len(pairs), np.nan)
    fine = np.zeros(len(pairs), dtype=bool)
    if failures:
        return depths, fine
    found = np.empty(len(built), dtype=object)
    found[:] = built
    points = np.concatenate(differences)
    counts = np.array([len(points) for points in differences])
    starts = np.cumsum(counts) - counts
    box = np.hstack((np.minimum.reduceat(points, starts), np.maximum.reduceat(points, starts)))
    fine = ~shapely.is_empty(found) & (shapely.bounds(found) == box).all(axis=1)
    measured, failures = guarded(hull_depths, found)
    if failures:
        return depths, np.zeros(len(pairs), dtype=bool)
    depths[:] = [np.nan if depth is None else depth for depth in measured]
    return depths, np.asarray(fine)


def exact_columns(xy: Floats, counts: Ints) -> ExactColumns:
    """The exact arbiter's answers for pairs of convex polygons, where its float filter
    decides them (see the module notes).

    >>> xy = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [3.0, 0.0], [4.0, 0.0], [3.0, 1.0]])
    >>> found = exact_columns(xy, np.array([3, 3]))
    >>> found.verdict.tolist(), found.distance.tolist(), found.squared
    ([1], [1.0], ['1/1'])
    """
    pairs = len(counts) // 2
    verdict = np.zeros(pairs, dtype=np.uint8)
    distance = np.zeros(pairs)
    squared = [""] * pairs
    small = np.maximum(counts[0::2], counts[1::2]) <= MOST_VERTICES
    if not small.any():
        return ExactColumns(verdict, distance, squared)
    taken = xy if small.all() else xy[np.repeat(np.repeat(small, 2), counts)]
    flat = np.ascontiguousarray(taken).ravel()
    chosen = np.flatnonzero(small)
    codes, distances = filtered_columns(
        Columns.of(flat, counts[np.repeat(small, 2)], np.isfinite(flat))
    )
    verdict[chosen] = codes
    for place, exact in distances.items():  # the separated pairs
        k = int(chosen[place])
        squared[k] = f"{exact.numerator}/{exact.denominator}"
        distance[k] = square_root(exact)
    for k in chosen[(codes == _TOUCHING) | (codes == _OVERLAPPING)].tolist():
        squared[k] = "0/1"
    return ExactColumns(verdict, distance, squared)
