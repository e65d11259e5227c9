"""Convex decomposition of simple polygons with holes: exact cover, few parts.

First a triangulation that respects the boundary: Shapely's (GEOS's)
constrained Delaunay triangulation, which uses the polygon's own vertices
only, keeps every edge of the exterior ring and of the holes, and leaves the
holes empty. Then the Hertel-Mehlhorn merge: an internal edge between two
parts is removed whenever the union of the two is still convex, which leaves
at most four times the minimum number of convex parts. Every part's corners
are input vertices, so the parts cover the polygon exactly, with no gaps or
overlaps beyond their shared edges.

The convexity tests are exact (:func:`gjkcli.shapes.rings.orientation`).

Shapely also decides whether the polygon is valid (simple rings, holes inside
the exterior and apart from each other); an invalid one is an
:class:`InvalidPolygonError` that says what is wrong, where, and in which ring.

The loaders decompose every non-convex polygon of a batch, so the work stays
out of Python where it can (issue 15), in three ways that change no answer:

- GEOS judges the whole polygon first, built once from one NumPy array.
  Only an invalid polygon has its rings judged one by one, to find the ring
  to blame. A polygon GEOS calls valid has rings it calls valid alone: its
  validity test (IsValidOp) checks each ring's coordinates, closure and
  number of points, then looks for bad intersections among the segments of
  all the rings, the pairs within one ring included and judged the same
  way; a ring alone is checked for exactly these. So the answer is the one
  a ring-by-ring check would give (a test checks it on GEOS as installed).
- The triangles come out of GEOS as one array of coordinates, not as a
  Shapely object per triangle.
- The corners are numbered in the order of their coordinates, and the merge
  works on these numbers: equal points get one number, and numbers compare
  as their points do, so the merge takes the same steps it would take on
  the points themselves, with cheaper keys. The point a number stands for is
  the last input vertex equal to it, as a mapping from coordinates to
  corners (built ring by ring) would give. Each part is a cycle of the
  triangles' edges, so that a merge relinks four edges instead of copying
  a part's links (:func:`_merge`).
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from gjkcli.dyadic import shift_to_unit
from gjkcli.engine import compiled
from gjkcli.shapes.base import PointLike, Vec, as_vec
from gjkcli.shapes.compound import Compound
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import convexity_problem, orientation

__all__ = ["InvalidPolygonError", "decompose"]


class InvalidPolygonError(ValueError):
    """A ring that crosses itself, a hole outside the polygon, and the like.

    ``where`` is the point GEOS names, if any; ``ring`` the ring at fault (0 the
    exterior, ``k`` the hole ``k - 1``), ``None`` when the rings are each fine
    but do not fit together.
    """

    def __init__(self, message: str, where: Vec | None, ring: int | None) -> None:
        super().__init__(message)
        self.where = where
        self.ring = ring


def decompose(shell: Iterable[PointLike], holes: Iterable[Iterable[PointLike]] = ()) -> Compound:
    """The polygon with exterior ring ``shell`` and ``holes``, as a compound of convex parts.

    Rings may be open or closed, in either orientation, and given as any sequence of
    ``(x, y)`` pairs, a NumPy array of shape ``(n, 2)`` included.

    >>> l_shape = [(0.0, 0.0), (4.0, 0.0), (4.0, 1.0), (1.0, 1.0), (1.0, 4.0), (0.0, 4.0)]
    >>> compound = decompose(l_shape)
    >>> len(compound.parts), compound.geometry["type"]
    (2, 'Polygon')
    >>> square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]
    >>> len(decompose(square, [[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]]).parts)
    4
    >>> decompose([(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)])
    Traceback (most recent call last):
    ...
    gjkcli.algorithms.decompose.InvalidPolygonError: the ring crosses itself at (1, 1)
    """
    if isinstance(shell, str) or hasattr(shell, "__geo_interface__"):
        raise TypeError(
            "decompose takes a ring of (x, y) points; a polygon as WKT or a Shapely "
            "geometry goes straight to distance, intersects or solve (or load_shape)"
        )
    rings = [[as_vec(p) for p in shell], *([as_vec(p) for p in hole] for hole in holes)]
    closed = _check_valid(rings)  # valid: so it has an area
    corners = _Corners(rings)
    triangles = _triangles(closed, corners)
    points = corners.points
    merged = _compiled_merge(triangles, corners.array)
    if merged is None:
        merged = _merge(_counter_clockwise(triangles.tolist(), points), points)
    parts = tuple(Polytope(tuple(points[k] for k in part)) for part in merged)
    geometry = {"type": "Polygon", "coordinates": [[list(p) for p in ring] for ring in rings]}
    return Compound(parts, geometry)


class _Corners:
    """The polygon's distinct corners, numbered in the order of their coordinates.

    ``points[k]`` is corner ``k``: of the input vertices equal to it, the last one
    (``-0.0`` and ``0.0`` are equal: the parts show the one written last); ``number``
    maps a point to its corner's number.

    >>> corners = _Corners([[(1.0, 0.0), (0.0, 0.0), (0.0, 1.0), (1.0, 0.0)]])
    >>> corners.points, corners.number[(1.0, 0.0)]
    ([(0.0, 0.0), (0.0, 1.0), (1.0, 0.0)], 2)
    """

    def __init__(self, rings: Sequence[Sequence[Vec]]) -> None:
        last = {p: p for ring in rings for p in ring}
        ordered = sorted(last)
        self.number = {p: k for k, p in enumerate(ordered)}
        self.points = [last[p] for p in ordered]
        self.array = np.array(self.points, dtype=float).reshape(-1, 2)  # the same, as rows


class _Closed:
    """The rings as GEOS takes them: their points in one array, each ring closed as
    Shapely closes it (its first point again, unless it ends with it).

    ``judged`` is the Shapely polygon GEOS found valid, built from the coordinates scaled by
    ``2 ** shift`` (:func:`_check_valid`), and ``None`` until then.

    >>> closed = _Closed([[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]])
    >>> closed.offsets, closed.polygon(closed.coordinates).wkt
    ([0, 4], 'POLYGON ((0 0, 1 0, 0 1, 0 0))')
    """

    def __init__(self, rings: Sequence[Sequence[Vec]]) -> None:
        self.points: list[Vec] = []
        self.offsets = [0]  # where each ring starts, and the last one ends
        for ring in rings:
            self.points.extend(ring)
            if ring[0] != ring[-1]:
                self.points.append(ring[0])
            self.offsets.append(len(self.points))
        self.coordinates = np.array(self.points, dtype=float)
        self.judged: Any = None
        self.shift = 0

    def polygon(self, coordinates: np.ndarray) -> Any:
        """The Shapely polygon with these rings, whose points are ``coordinates``: these
        rings' own, or the same scaled."""
        import shapely

        counts = (np.array(self.offsets), np.array([0, len(self.offsets) - 1]))
        return shapely.from_ragged_array(shapely.GeometryType.POLYGON, coordinates, counts)[0]


def _triangles(closed: _Closed, corners: _Corners) -> Any:
    """The polygon's constrained Delaunay triangles (GEOS's), as the numbers of their
    corners, which are the polygon's own: an array of one row of three per triangle.

    GEOS's in-circle test multiplies coordinates four at a time: past about
    1e77 it overflows (and warns, and may fail), and near 1e-77 it underflows.
    So the rings are scaled by a power of two that brings the largest
    coordinate near 1, and each corner of a triangle is mapped back to the
    corner it was scaled from. Scaling is exact unless a coordinate falls below
    the normal floats (1e-300 beside 1e80): if two corners then become one, the
    rings are cut as they are. Where the validity check scaled them by the same power
    (exactly), the polygon it built is the one cut.

    A triangle's corner is numbered by where its key is found among the corners' keys,
    scaled and sorted: scaled, they keep the corners' order where the scaling is exact,
    but not always where it is not (two tiny ``x`` that become one leave the ``y`` to
    order the two corners).
    """
    import shapely

    shift = shift_to_unit(float(np.abs(closed.coordinates).max()))
    if closed.judged is not None and closed.shift == shift:
        polygon = closed.judged
    else:
        scaled = np.ldexp(closed.coordinates, shift)
        if np.unique(_point_keys(scaled)).size != len(corners.points):  # corners merged
            shift, scaled = 0, closed.coordinates  # so cut as they are
        polygon = closed.polygon(scaled)
    cut = shapely.constrained_delaunay_triangles(polygon)
    # each triangle is a closed ring of 4 coordinates: 3 corners and the first again
    count = shapely.get_num_geometries(cut)
    corner_coordinates = shapely.get_coordinates(cut).reshape(count, 4, 2)[:, :3].reshape(-1, 2)
    wanted, keys = _point_keys(corner_coordinates), _point_keys(np.ldexp(corners.array, shift))
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    at = np.minimum(np.searchsorted(ordered, wanted), len(ordered) - 1)
    if not np.array_equal(ordered[at], wanted):  # GEOS made a corner of its own
        raise KeyError(corner_coordinates[np.flatnonzero(ordered[at] != wanted)[0]].tolist())
    return order[at].reshape(-1, 3)


def _point_keys(points: Any) -> Any:
    """Points as complex numbers ``x + y i``, ``-0.0`` as ``0.0``: NumPy orders them by
    ``x``, then ``y``, and they are equal exactly when the points are (as tuples are).

    >>> _point_keys(np.array([[-0.0, 1.0], [2.0, -0.0]])).tolist()
    [1j, (2+0j)]
    """
    return np.ascontiguousarray(points + 0.0, dtype=np.float64).view(np.complex128).ravel()


def _check_valid(rings: Sequence[Sequence[Vec]]) -> _Closed:
    """Raise an error naming the first ring at fault (or none of them) if the polygon is
    not valid; else return its rings, closed.

    The rings are checked one by one, each alone, then together; but when GEOS
    calls the whole polygon valid, it would call each ring valid alone (see the
    module's notes), and only the exact check for rings without area remains.
    """
    import shapely

    closed: _Closed | None = None
    whole = None
    with contextlib.suppress(Exception):  # an empty ring: the checks below decide
        closed = _Closed(rings)
    # the same coordinates either way (closing points repeat others)
    values = (
        closed.coordinates
        if closed is not None
        else np.array([point for points in rings for point in points], dtype=float).reshape(-1, 2)
    )
    shift = _validity_shift(values)
    if closed is not None:
        with contextlib.suppress(Exception):  # a ring too short for GEOS: as for an empty one
            judged = closed.polygon(np.ldexp(closed.coordinates, shift))
            whole = shapely.is_valid_reason(judged)
            if whole == _VALID:
                closed.judged, closed.shift = judged, shift
    for ring, points in enumerate(rings):
        problem = convexity_problem(points)
        if problem is not None and problem.degenerate:  # decided exactly, unlike GEOS's area
            raise InvalidPolygonError(problem.message, None, ring)
        if whole != _VALID:
            reason = shapely.is_valid_reason(shapely.Polygon(_scaled(points, shift)))
            if reason != _VALID:
                raise _invalid(reason, ring, shift)
    if whole != _VALID:
        scaled = [_scaled(points, shift) for points in rings]
        reason = shapely.is_valid_reason(shapely.Polygon(scaled[0], scaled[1:]))
        if reason != _VALID:
            raise _invalid(reason, None, shift)
    return closed if closed is not None else _Closed(rings)


def _validity_shift(values: Any) -> int:
    """The power of two GEOS's validity check sees the rings scaled by: one that brings the
    largest coordinate near 1 (GEOS multiplies up to three coordinates where two edges
    cross, which overflows from about 1e102, and then misplaces or misses the crossing),
    when scaling every coordinate by it and back is exact; else 0.

    ``values``: the rings' coordinates, as an array of floats.

    >>> _validity_shift(np.array([(0.0, 0.0), (4e140, 0.0), (0.0, 1.0)]))
    -468
    >>> _validity_shift(np.array([(1.0, 2.0)]))
    -2
    """
    if not values.size or not np.isfinite(values).all():
        return 0
    shift = shift_to_unit(float(np.abs(values).max()))
    exact = np.array_equal(np.ldexp(np.ldexp(values, shift), -shift), values)
    return shift if exact else 0


def _scaled(points: Sequence[Vec], shift: int) -> Any:
    """A ring's points scaled by ``2 ** shift`` (exactly: see :func:`_validity_shift`)."""
    return np.ldexp(np.array(points, dtype=float), shift) if shift else points


_VALID = "Valid Geometry"
"""GEOS's reason for a valid geometry."""


def _counter_clockwise(
    triangles: Iterable[tuple[int, int, int]], points: Sequence[Vec]
) -> list[list[int]]:
    """The triangles that have an area, each turned counter-clockwise (the turn is
    exact, so the reversed triangle turns left)."""
    turned = []
    for a, b, c in triangles:
        turn = orientation(points[a], points[b], points[c])
        if turn:
            turned.append([a, b, c] if turn > 0 else [c, b, a])
    return turned


def _compiled_merge(triangles: Any, points: Any) -> list[list[int]] | None:
    """:func:`_merge` of :func:`_counter_clockwise`'s triangles, by the compiled engine
    (``gjkcli/_merge.c``): the same steps in the same order, the turns decided exactly,
    so the same parts, corner for corner; ``None`` where the engine is not active, or
    leaves a turn to the rationals (products near underflow or overflow).
    ``triangles``: rows of three corner numbers; ``points``: the corners, as rows.

    >>> square = np.array([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])
    >>> _compiled_merge(np.array([(0, 1, 2), (0, 2, 3)]), square) in (None, [[0, 1, 2, 3]])
    True
    """
    core = compiled()
    if core is None or not len(triangles):
        return None
    found = core.merge_parts(
        np.ascontiguousarray(points, dtype=float).reshape(-1, 2),
        np.ascontiguousarray(triangles, dtype=np.int64).reshape(-1, 3),
    )
    if found is None:
        return None
    counts, corners = (
        np.frombuffer(found[0], dtype=np.int64),
        np.frombuffer(found[1], dtype=np.int64),
    )
    flat: list[int] = corners.tolist()
    parts, first = [], 0
    for count in counts.tolist():
        parts.append(flat[first : first + count])
        first += count
    return parts


def _merge(triangles: list[list[int]], points: Sequence[Vec]) -> list[list[int]]:
    """Hertel-Mehlhorn: remove each internal edge whose two sides together stay convex.

    ``triangles`` hold corner numbers (:class:`_Corners`), counter-clockwise, and
    ``points`` the corners. The internal edges are tried in the order of their
    ends. Each part is a cycle of directed edges (edge ``e`` is the ``e % 3``-th
    side of triangle ``e // 3``, from ``start[e]`` to ``end[e]``), linked by
    ``after`` and ``before``: removing an edge ``u -> v`` and its twin ``v -> u``
    relinks four edges, whatever the parts' sizes. Which part an edge belongs to
    is looked up through the chain of merges (union-find), so no edge is
    relabelled. A convex part passes each corner once, so its cycle is its ring;
    and a merge keeps every corner of both parts, so the ring of the part that
    triangle ``k`` grew into is read from that triangle's first corner on.

    >>> square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    >>> _merge([[0, 1, 2], [0, 2, 3]], square)
    [[0, 1, 2, 3]]
    """
    start = [corner for triangle in triangles for corner in triangle]
    end = [corner for a, b, c in triangles for corner in (b, c, a)]
    after = [e + 1 if e % 3 < 2 else e - 2 for e in range(len(start))]
    before = [e - 1 if e % 3 > 0 else e + 2 for e in range(len(start))]
    edge = {(u, v): e for e, (u, v) in enumerate(zip(start, end, strict=True))}
    some_edge = {index: 3 * index for index in range(len(triangles))}  # one of each part's
    merged_into: dict[int, int] = {}

    def find(part: int) -> int:
        while part in merged_into:
            part = merged_into[part]
        return part

    for u, v in sorted((u, v) for (u, v) in edge if u < v and (v, u) in edge):
        forth, back = edge[(u, v)], edge[(v, u)]
        p, q = find(forth // 3), find(back // 3)
        if p == q:
            continue
        # the merged part turns at u from p's edge into u to q's edge out of u,
        # and at v from q's edge into v to p's edge out of v
        into_u, out_of_u = before[forth], after[back]
        into_v, out_of_v = before[back], after[forth]
        if (
            orientation(points[start[into_u]], points[u], points[end[out_of_u]]) >= 0
            and orientation(points[start[into_v]], points[v], points[end[out_of_v]]) >= 0
        ):
            after[into_u], before[out_of_u] = out_of_u, into_u
            after[into_v], before[out_of_v] = out_of_v, into_v
            merged_into[q] = p
            del some_edge[q]
            some_edge[p] = out_of_u
    return [_ring(some_edge[index], triangles[index][0], start, after) for index in some_edge]


def _ring(first: int, corner: int, start: list[int], after: list[int]) -> list[int]:
    """The corners of the cycle of edges through edge ``first``, from ``corner`` on."""
    ring = [start[first]]
    e = after[first]
    while e != first and len(ring) <= len(start):
        ring.append(start[e])
        e = after[e]
    k = ring.index(corner)
    return ring[k:] + ring[:k]


def _invalid(reason: str, ring: int | None, shift: int = 0) -> InvalidPolygonError:
    """GEOS's reason (``Self-intersection[1 1]``) as a sentence naming the place (found on
    the rings scaled by ``2 ** shift``, and scaled back)."""
    found = re.search(r"\[([^\s\]]+) ([^\s\]]+)\]", reason)
    where = (
        (math.ldexp(float(found.group(1)), -shift), math.ldexp(float(found.group(2)), -shift))
        if found
        else None
    )
    kind = reason.split("[", maxsplit=1)[0].strip()
    place = f" at ({where[0]:.12g}, {where[1]:.12g})" if where else ""
    one_ring = {
        "Self-intersection": "the ring crosses itself",
        "Ring Self-intersection": "the ring touches itself",
    }
    between_rings = {
        "Self-intersection": "a hole crosses the exterior ring or another hole",
        "Ring Self-intersection": "a ring touches itself",
        "Hole lies outside shell": "a hole lies outside the polygon",
        "Holes are nested": "a hole lies inside another hole",
        "Interior is disconnected": "the holes cut the polygon in two",
    }
    sentences = between_rings if ring is None else one_ring
    sentence = sentences.get(kind, "invalid polygon: " + kind)
    return InvalidPolygonError(f"{sentence}{place}", where, ring)
