"""GEOS's shortest line between two polygons apart, found without trying every pair of
their segments.

For two polygons that do not meet, GEOS's ``DistanceOp`` (the same code from GEOS
3.10 to 3.15) tries each segment of A's ring against each segment of B's, in
ring order, and keeps the first pair whose computed distance is *strictly* less
than the least so far. It skips a segment of A, or a pair, whose bounding boxes
are farther apart (squared) than that least distance (squared), and it stops at
a distance of 0. The shortest line joins the closest points of the pair kept.
On two traced 513-gons that is 263,000 pairs, about 0.4 ms; almost all of them
are far apart.

:func:`shortest_lines` gives the same line, to the bit, from a few pairs:

1. Along a direction ``n`` from A towards B (given: GJK's, near that of the
   closest points), every segment of A has a greatest height and every segment
   of B a least one; a pair of segments is at least ``least(B's) -
   greatest(A's)`` apart, exactly. Computed in floating point, that bound is off
   by far less than :data:`_SLACK` times the largest coordinate.
2. GEOS computes the distance of one pair (the highest segment of A against the
   lowest of B): the least distance is no more than that. Every pair whose lower
   bound could come within :data:`_RELATIVE` of it is a candidate; every other
   pair's distance, as GEOS computes it, exceeds the least distance by more than
   its rounding, so it can never be kept, and no box test it takes part in
   matters to the pairs that can (their boxes are nearer than it).
3. GEOS computes the distance of each candidate pair (a pair of two-point lines
   goes through the same ``segmentToSegment``), and the loop above is replayed
   over the candidates, in ring order, with its box tests written as GEOS
   writes them: the pair kept is GEOS's, and GEOS's own shortest line between
   those two segments (``closestPoints``, again) is the answer.

A pair with another kind of geometry (a point, a line, holes, several parts),
one that meets, one with coordinates or segment sides so small that GEOS's squares
underflow (:func:`_in_range`), one whose rings are short (GEOS's loop costs less than the
steps above), or one where the direction ``n`` prunes too little goes to
``shapely.shortest_line`` as it is. The tests compare the two on many pairs
(tests/verify/test_nearest_facets.py).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely

from gjkcli.engine import compiled

__all__ = ["shortest_lines"]

_FEWEST_PAIRS = 4096
"""Pairs of polygons whose rings have fewer segment pairs than this go to GEOS's own
loop: below it, its loop costs less than the steps here (measured on 8-gons and
64-gons)."""

_MOST_CANDIDATES = 1024
"""More candidate pairs than this (a direction ``n`` that prunes badly): GEOS's loop."""

_SLACK = 1e-12
"""How far (relative to the largest coordinate of a pair) the floating-point heights
along ``n``, and GEOS's computed segment distances, can be from the exact ones: a
few units in the last place of the coordinates, given a factor of thousands."""

_RANGE = 2.0**-200
"""The least largest coordinate, and the least side of a segment relative to it, the steps
here are taken for (:func:`_in_range`); pairs of other shapes go to GEOS's own loop."""

_RELATIVE = 1e-9
"""The relative margin kept above the least distance: far more than the rounding of
a distance or of the squared distances GEOS's box tests compare."""


def shortest_lines(
    geometries_a: Any, geometries_b: Any, meets: Any, directions: Any, limit: float
) -> Any:
    """``shapely.shortest_line(geometries_a, geometries_b)``, element by element.

    ``meets`` says which pairs intersect (only pairs apart are worked out here),
    ``directions`` (one row ``(x, y)`` a pair) a direction from A towards B to
    take the heights along, near that of the closest points (a row that is not
    finite and non-zero: the pair goes to GEOS as it is), and ``limit`` how large
    coordinates may be (pairs reaching it go to GEOS as they are, overflows
    included).

    >>> square = shapely.Polygon([(0, 0), (1, 0), (1, 1), (0, 1)])
    >>> far = shapely.Polygon([(3, 0), (4, 0), (4, 1), (3, 1)])
    >>> away = np.array([[1.0, 0.0]])
    >>> shortest_lines(np.array([square]), np.array([far]), [False], away, 1e100)[0].wkt
    'LINESTRING (1 0, 3 0)'
    """
    lines = np.empty(len(geometries_a), dtype=object)
    chosen = np.flatnonzero(_chosen(geometries_a, geometries_b, np.asarray(meets, dtype=bool)))
    rings_a, rings_b = _rings(geometries_a[chosen]), _rings(geometries_b[chosen])
    try:
        found = _kept_pairs(rings_a, rings_b, np.asarray(directions, dtype=float)[chosen], limit)
    except FloatingPointError:  # not expected in range (see _in_range): GEOS decides
        found = [None] * len(chosen)
    done = [(k, pair) for k, pair in enumerate(found) if pair is not None]
    if done:
        lines[chosen[[k for k, _ in done]]] = shapely.shortest_line(
            _segments(rings_a, [(k, [i]) for k, (i, _) in done]),
            _segments(rings_b, [(k, [j]) for k, (_, j) in done]),
        )
    rest = np.ones(len(lines), dtype=bool)  # (not np.setdiff1d: it imports numpy.ma)
    rest[chosen[[k for k, _ in done]]] = False
    if rest.any():
        lines[rest] = shapely.shortest_line(geometries_a[rest], geometries_b[rest])
    return lines


def _chosen(geometries_a: Any, geometries_b: Any, meets: Any) -> Any:
    """Which pairs are worked out here: apart, two polygons of one ring each, with at least
    :data:`_FEWEST_PAIRS` pairs of segments."""
    chosen = ~meets
    segments = []
    for geometries in (geometries_a, geometries_b):
        polygon = shapely.get_type_id(geometries) == shapely.GeometryType.POLYGON
        chosen &= polygon & (shapely.get_num_interior_rings(geometries) == 0)
        segments.append(shapely.get_num_coordinates(geometries) - 1)
    return chosen & (segments[0] * segments[1] >= _FEWEST_PAIRS)


class _Rings:
    """The coordinates of each polygon's ring (closed), laid end to end: ``rings[k]`` is
    ring ``k``'s, a view."""

    def __init__(self, polygons: Any) -> None:
        self.coordinates = shapely.get_coordinates(shapely.get_exterior_ring(polygons))
        counts = shapely.get_num_coordinates(polygons)
        self.starts: list[int] = (np.cumsum(counts) - counts).tolist()
        self.ends: list[int] = np.cumsum(counts).tolist()

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, k: int) -> Any:
        return self.coordinates[self.starts[k] : self.ends[k]]


def _rings(polygons: Any) -> _Rings:
    """The coordinates of each polygon's ring (closed)."""
    return _Rings(polygons)


def _segments(rings: _Rings, where: list[tuple[int, list[int]]]) -> Any:
    """A two-point line for each segment ``i`` listed of each ring ``k``, in order."""
    starts = rings.starts
    at = np.array([starts[k] + i for k, chosen in where for i in chosen], dtype=np.intp)
    coordinates = rings.coordinates
    return shapely.linestrings(np.stack([coordinates[at], coordinates[at + 1]], axis=1))


def _kept_pairs(
    rings_a: _Rings, rings_b: _Rings, directions: Any, limit: float
) -> list[tuple[int, int] | None]:
    """The pair of segments GEOS keeps for each pair of rings (by the steps of the module
    notes), ``None`` where GEOS's own loop is to be used."""
    usable = [
        (k, found)
        for k, direction in enumerate(directions)
        if (found := _heights(rings_a[k], rings_b[k], direction, limit)) is not None
    ]
    firsts = _distances(
        (rings_a, [(k, [int(top_a.argmax())]) for k, (top_a, _, _) in usable]),
        (rings_b, [(k, [int(bottom_b.argmin())]) for k, (_, bottom_b, _) in usable]),
    )
    candidates: dict[int, tuple[list[int], list[int]]] = {}
    for (k, (top_a, bottom_b, scale)), first in zip(usable, firsts, strict=True):
        reach = float(first[0, 0]) * (1.0 + _RELATIVE) + _SLACK * scale
        near_a = np.flatnonzero(top_a >= float(bottom_b.min()) - reach).tolist()
        near_b = np.flatnonzero(bottom_b <= float(top_a.max()) + reach).tolist()
        if len(near_a) * len(near_b) <= _MOST_CANDIDATES:
            candidates[k] = near_a, near_b
    distances = _distances(
        (rings_a, [(k, near_a) for k, (near_a, _) in candidates.items()]),
        (rings_b, [(k, near_b) for k, (_, near_b) in candidates.items()]),
    )
    kept: list[tuple[int, int] | None] = [None] * len(rings_a)
    for (k, (near_a, near_b)), table in zip(candidates.items(), distances, strict=True):
        kept[k] = _kept(rings_a[k], rings_b[k], near_a, near_b, table)
    return kept


def _heights(
    ring_a: Any, ring_b: Any, direction: Any, limit: float
) -> tuple[Any, Any, float] | None:
    """Along ``direction``: each segment of A's greatest height, each segment of B's
    least, and the largest coordinate; ``None`` for a direction that is not finite and
    non-zero, or rings outside the range where the steps hold (:func:`_in_range`).

    Any direction gives bounds that hold; one near that of the closest points leaves
    few candidates (the segments near them), and a poor one many."""
    core = compiled()
    if core is not None:  # the same bounds, compiled (gjkcli/_facets.c)
        found = core.facets_heights(
            ring_a, ring_b, float(direction[0]), float(direction[1]), limit, _RANGE
        )
        if found is None:
            return None
        top_a, bottom_b, scale = found
        return np.frombuffer(top_a), np.frombuffer(bottom_b), scale
    length = math.hypot(float(direction[0]), float(direction[1]))
    scale = max(float(np.abs(ring_a).max()), float(np.abs(ring_b).max()))
    if not (length > 0.0 and math.isfinite(length) and _in_range(ring_a, ring_b, scale, limit)):
        return None
    n = direction / length
    heights_a, heights_b = ring_a @ n, ring_b @ n
    top_a = np.maximum(heights_a[:-1], heights_a[1:])
    bottom_b = np.minimum(heights_b[:-1], heights_b[1:])
    return top_a, bottom_b, scale


def _in_range(ring_a: Any, ring_b: Any, scale: float, limit: float) -> bool:
    """Whether GEOS computes every segment distance of these rings without underflow or
    a floating-point error: the largest coordinate from :data:`_RANGE` up to ``limit``,
    and each side of a segment (along ``x`` and ``y``) 0 or at least ``_RANGE`` times it.

    Then GEOS's squared lengths and the products of its cross products are normal
    floats, and its ratios of them stay below ``2 ** 460``: no computed distance of
    two points apart is 0, the rounding of every distance is relative to ``scale``
    as :data:`_SLACK` says, and the pairs GEOS tries that the replay does not (and
    the reverse) can raise no floating-point error. Beyond the range GEOS's own loop
    runs, errors included, as it always did."""
    if not _RANGE <= scale < limit:
        return False
    for ring in (ring_a, ring_b):
        sides = np.abs(np.diff(ring, axis=0))
        if ((sides > 0.0) & (sides < _RANGE * scale)).any():
            return False
    return True


def _distances(
    near_a: tuple[_Rings, list[tuple[int, list[int]]]],
    near_b: tuple[_Rings, list[tuple[int, list[int]]]],
) -> list[Any]:
    """For each pair of rings, GEOS's distance between each of the segments listed of A
    and each of those of B (a table), all in one call."""
    (rings_a, listed_a), (rings_b, listed_b) = near_a, near_b
    if not listed_a:
        return []
    counts_a = np.array([len(chosen) for _, chosen in listed_a])
    counts_b = np.array([len(chosen) for _, chosen in listed_b])
    sizes = counts_a * counts_b
    # pair k's table, row by row: its segments of A each against its segments of B
    local = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    across = np.repeat(counts_b, sizes)
    rows = np.repeat(np.cumsum(counts_a) - counts_a, sizes) + local // across
    columns = np.repeat(np.cumsum(counts_b) - counts_b, sizes) + local % across
    segments_a, segments_b = _segments(rings_a, listed_a), _segments(rings_b, listed_b)
    flat = shapely.distance(segments_a[rows], segments_b[columns])
    tables = np.split(flat, np.cumsum(sizes)[:-1])
    return [
        table.reshape(count_a, count_b)
        for table, count_a, count_b in zip(
            tables, counts_a.tolist(), counts_b.tolist(), strict=True
        )
    ]


Box = tuple[float, float, float, float]


def _box(ring: Any, index: int) -> Box:
    (x0, y0), (x1, y1) = ring[index].tolist(), ring[index + 1].tolist()
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _squared_gap(one: Box, other: Box) -> float:
    """GEOS's ``Envelope::distanceSquared``, operation for operation."""
    minx, miny, maxx, maxy = one
    ominx, ominy, omaxx, omaxy = other
    dx = max(0.0, max(maxx, omaxx) - min(minx, ominx) - (maxx - minx) - (omaxx - ominx))
    dy = max(0.0, max(maxy, omaxy) - min(miny, ominy) - (maxy - miny) - (omaxy - ominy))
    return dx * dx + dy * dy


def _kept(
    ring_a: Any, ring_b: Any, near_a: list[int], near_b: list[int], distances: Any
) -> tuple[int, int]:
    """The pair of segments GEOS's loop keeps, replayed over the candidates (at most
    ``len(near_a) * len(near_b)`` steps; by the compiled engine where it is active, step
    for step)."""
    core = compiled()
    if core is not None:
        i, j = core.facets_kept(
            ring_a,
            ring_b,
            np.array(near_a, dtype=np.int64),
            np.array(near_b, dtype=np.int64),
            np.ascontiguousarray(distances, dtype=float),
        )
        return int(i), int(j)
    xs_b, ys_b = ring_b[:, 0], ring_b[:, 1]
    whole_b = (float(xs_b.min()), float(ys_b.min()), float(xs_b.max()), float(ys_b.max()))
    boxes_b = [_box(ring_b, j) for j in near_b]
    least, kept = math.inf, (near_a[0], near_b[0])
    rows = distances.tolist()
    for row, i in zip(rows, near_a, strict=True):
        box_a = _box(ring_a, i)
        if _squared_gap(box_a, whole_b) > least * least:
            continue
        for distance, box_b, j in zip(row, boxes_b, near_b, strict=True):
            if _squared_gap(box_a, box_b) > least * least:
                continue
            if distance < least:
                least, kept = distance, (i, j)
            if least <= 0.0:
                return kept
    return kept
