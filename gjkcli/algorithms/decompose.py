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
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from gjkcli.dyadic import shift_to_unit
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
    outer = [as_vec(p) for p in shell]
    inner = [[as_vec(p) for p in hole] for hole in holes]
    _check_valid(outer, inner)  # valid: so it has an area
    triangles = [_counter_clockwise(triangle) for triangle in _triangles(outer, inner)]
    parts = _merge([t for t in triangles if orientation(*t) != 0])
    geometry = {
        "type": "Polygon",
        "coordinates": [[list(p) for p in ring] for ring in (outer, *inner)],
    }
    return Compound(tuple(Polytope(tuple(part)) for part in parts), geometry)


def _triangles(shell: Sequence[Vec], holes: Sequence[Sequence[Vec]]) -> list[list[Vec]]:
    """The polygon's constrained Delaunay triangles (GEOS's), whose corners are its own.

    GEOS's in-circle test multiplies coordinates four at a time: past about
    1e77 it overflows (and warns, and may fail), and near 1e-77 it underflows.
    So the rings are scaled by a power of two that brings the largest
    coordinate near 1, and each corner of a triangle is mapped back to the
    corner it was scaled from. Scaling is exact unless a coordinate falls below
    the normal floats (1e-300 beside 1e80): if two corners then become one, the
    rings are cut as they are.
    """
    import shapely

    rings = [[(float(x), float(y)) for x, y in ring] for ring in (shell, *holes)]
    biggest = max(max(abs(x), abs(y)) for ring in rings for x, y in ring)
    shift = shift_to_unit(biggest)
    scaled = [[(math.ldexp(x, shift), math.ldexp(y, shift)) for x, y in ring] for ring in rings]
    origin = {
        moved: corner
        for ring, s in zip(rings, scaled, strict=True)
        for moved, corner in zip(s, ring, strict=True)
    }
    if len(origin) != len({corner for ring in rings for corner in ring}):
        scaled, origin = rings, {corner: corner for ring in rings for corner in ring}
    cut = shapely.constrained_delaunay_triangles(shapely.Polygon(scaled[0], scaled[1:]))
    return [
        [origin[(float(x), float(y))] for x, y in triangle.exterior.coords[:-1]]
        for triangle in cut.geoms
    ]


def _check_valid(shell: Sequence[Vec], holes: Sequence[Sequence[Vec]]) -> None:
    """Raise an error naming the first ring at fault (or none of them) if the polygon is
    not valid."""
    import shapely

    for ring, points in enumerate((shell, *holes)):
        problem = convexity_problem(points)
        if problem is not None and problem.degenerate:  # decided exactly, unlike GEOS's area
            raise InvalidPolygonError(problem.message, None, ring)
        reason = shapely.is_valid_reason(shapely.Polygon(points))
        if reason != "Valid Geometry":
            raise _invalid(reason, ring)
    reason = shapely.is_valid_reason(shapely.Polygon(shell, holes))
    if reason != "Valid Geometry":
        raise _invalid(reason, None)


class _Links:
    """A convex part as a ring of links: each corner's successor and predecessor (a
    convex part visits each corner once)."""

    def __init__(self, ring: list[Vec]) -> None:
        self.after = {u: ring[(k + 1) % len(ring)] for k, u in enumerate(ring)}
        self.before = {v: u for u, v in self.after.items()}

    def convex_with(self, other: _Links, u: Vec, v: Vec) -> bool:
        """Whether this part (with edge ``u -> v``) and ``other`` (with ``v -> u``)
        together stay convex: only the turns at ``u`` and ``v`` change."""
        return (
            orientation(self.before[u], u, other.after[u]) >= 0
            and orientation(other.before[v], v, self.after[v]) >= 0
        )

    def absorb(self, other: _Links, u: Vec, v: Vec) -> _Links:
        """This part and ``other`` as one, without the edge ``u - v``: the smaller's
        links are copied into the larger's, which is returned (and reused)."""
        # this runs ... -> u -> v -> ..., other runs ... -> v -> u -> ...; together:
        # this side up to u, then other's from u round to v, then this side from v on
        at_u = (self.before[u], other.after[u])
        at_v = (other.before[v], self.after[v])
        big, small = (self, other) if len(self.after) >= len(other.after) else (other, self)
        for a, b in small.after.items():
            big.after[a] = b
        for b, a in small.before.items():
            big.before[b] = a
        big.before[u], big.after[u], big.before[at_u[1]] = at_u[0], at_u[1], u
        big.before[v], big.after[v], big.after[at_v[0]] = at_v[0], at_v[1], v
        big.after[at_u[0]], big.before[at_v[1]] = u, v
        return big

    def ring(self, start: Vec) -> list[Vec]:
        """The corners in order, from ``start`` if it is still one (else from any)."""
        first = start if start in self.after else next(iter(self.after))
        ring = [first]
        while (following := self.after[ring[-1]]) != first and len(ring) <= len(self.after):
            ring.append(following)
        return ring


def _merge(triangles: list[list[Vec]]) -> list[list[Vec]]:
    """Hertel-Mehlhorn: remove each internal edge whose two sides together stay convex.

    A merge relinks the two ends of the removed edge and copies the smaller
    part's links into the larger's (:class:`_Links`): a polygon whose parts keep
    growing (a disc with one notch) costs ``n log n`` steps, not ``n^2``. Which
    part an edge belongs to is looked up through the chain of merges
    (union-find), so no edge is relabelled.
    """
    parts = {index: _Links(ring) for index, ring in enumerate(triangles)}
    owner = {edge: index for index, part in parts.items() for edge in part.after.items()}
    merged_into: dict[int, int] = {}

    def find(part: int) -> int:
        while part in merged_into:
            part = merged_into[part]
        return part

    for u, v in sorted((u, v) for (u, v) in owner if (v, u) in owner and u < v):
        p, q = find(owner[(u, v)]), find(owner[(v, u)])
        if p != q and parts[p].convex_with(parts[q], u, v):
            parts[p] = parts[p].absorb(parts.pop(q), u, v)
            merged_into[q] = p
    return [parts[index].ring(triangles[index][0]) for index in sorted(parts)]


def _counter_clockwise(ring: list[Vec]) -> list[Vec]:
    return ring if orientation(*ring[:3]) >= 0 else ring[::-1]


def _invalid(reason: str, ring: int | None) -> InvalidPolygonError:
    """GEOS's reason (``Self-intersection[1 1]``) as a sentence naming the place."""
    found = re.search(r"\[([^\s\]]+) ([^\s\]]+)\]", reason)
    where = (float(found.group(1)), float(found.group(2))) if found else None
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
