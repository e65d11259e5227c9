"""GJK on compound shapes: the pairs of convex parts that can matter, and no others.

A compound shape is a union of convex parts, so two shapes intersect when
some pair of their parts does, and their distance is the least distance over
all part pairs. Running GJK on every pair would cost ``m * n`` runs; a broad
phase on the parts' bounding boxes (in Shapely's STRtree) skips the pairs
that cannot matter, since the distance between two boxes is a lower bound on
the distance between the parts inside them:

1. The pairs whose boxes meet (within the touching band) are tested first:
   only they can intersect. An overlapping pair ends the search.
2. If none of them intersects, the pair with the nearest boxes gives a first
   distance ``d``; the pairs whose boxes lie within ``d`` are then tested in
   increasing order of box distance, and the search stops at the first box
   farther than the best distance found so far.

The **verdict** follows from the pairs tested: overlapping if a pair
overlaps; touching if pairs only touch, unless a point where they touch lies
strictly inside either shape (for instance on the diagonal between two parts
of one polygon, or on the edge two squares of a MultiPolygon share: the parts
touch there, the union is solid), which makes it overlapping; separated
otherwise. "Strictly inside" is decided on the union of the polygonal parts
and of the rounded polygons, buffered (Shapely's union and its exact
``contains``), which holds such shared edges as interior points, also where
the flat sides of capsules or of polygons with a margin meet, wherever the
sides meet exactly in floating point (see :class:`_Interior`). The pair that
decides is the first overlapping pair, the touching pair, or the nearest pair.

Penetration depth is not computed for compound shapes: the least move that
separates two non-convex shapes is not the depth of any one pair of parts.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from gjkcli.algorithms.distance import DistanceResult, distance
from gjkcli.algorithms.epa import Penetration, penetration
from gjkcli.algorithms.verdict import Verdict, encloses_origin, settle, verdict
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Shape, boxes_of, parts_of, shape_bounds
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.primitives import point
from gjkcli.shapes.rounded import split_radius
from gjkcli.tolerances import coordinate_scale, touch_band

__all__ = ["PENETRATION_REASON", "CompoundResult", "PartPair", "compound_query"]

PENETRATION_REASON = (
    "not defined for compound shapes: the least move that separates non-convex or "
    "multi-part shapes is not the depth of any one pair of convex parts"
)
"""Why ``penetration`` is null for a pair with a compound shape (FORMATS section 4)."""


@dataclass(frozen=True)
class PartPair:
    """One pair of parts GJK ran on.

    ``a`` and ``b`` number the parts (from 0, in each shape's part list),
    ``box_distance`` is the distance between their bounding boxes, ``result``
    GJK's distance result, ``overlap`` EPA's answer when they intersect, and
    ``verdict`` the pair's own verdict, decided with ``tolerance``.
    """

    a: int
    b: int
    box_distance: float
    result: DistanceResult
    overlap: Penetration | None
    verdict: Verdict
    tolerance: float


@dataclass(frozen=True)
class CompoundResult:
    """The answer for a pair of shapes of which at least one is compound.

    ``tested`` are the part pairs GJK ran on, in order; ``deciding`` the one
    whose answer is the shapes' answer, and ``why`` says why it was chosen.
    ``total`` is the number of part pairs, ``horizon`` a lower bound on the
    box distance of every pair not tested (``None`` when the search stopped
    at an intersecting pair, or tested them all).
    """

    tested: tuple[PartPair, ...]
    deciding: PartPair
    why: str
    verdict: Verdict
    verdict_tolerance: float
    total: int
    horizon: float | None

    @property
    def skipped(self) -> int:
        """How many part pairs the broad phase spared GJK."""
        return self.total - len(self.tested)


def compound_query(shape_a: Shape, shape_b: Shape) -> CompoundResult:
    """Intersection, distance and verdict of two shapes, convex or compound, part pair by pair.

    >>> from gjkcli.algorithms.decompose import decompose
    >>> from gjkcli.shapes import circle
    >>> u_shape = decompose([(0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (4.0, 6.0),
    ...                      (4.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)])
    >>> result = compound_query(u_shape, circle((3.0, 4.0), 0.5))  # in the notch
    >>> result.verdict, result.deciding.result.distance, len(result.tested), result.skipped
    ('separated', 0.5, 2, 1)
    """
    search = _Search(shape_a, shape_b)
    for i, j, gap in search.near(search.band):
        if search.run(i, j, gap).verdict == "overlapping":
            break
    if all(pair.verdict == "separated" for pair in search.tested):
        search.find_nearest()
    return _decide(search, shape_a, shape_b)


def _decide(search: _Search, shape_a: Shape, shape_b: Shape) -> CompoundResult:
    """The verdict from the pairs tested, and the pair that decides it."""
    overlapping = [pair for pair in search.tested if pair.verdict == "overlapping"]
    if overlapping:
        return search.finish("overlapping", overlapping[0], "the first overlapping pair")
    touching = [pair for pair in search.tested if pair.verdict == "touching"]
    interiors = {"A": _Interior(shape_a, search.band), "B": _Interior(shape_b, search.band)}
    for pair in touching:
        inside = _contact_inside(interiors, pair)
        if inside is not None:
            return search.finish("overlapping", pair, f"they touch at a point inside {inside}")
    if touching:
        return search.finish("touching", touching[0], "the first touching pair")
    nearest = min(search.tested, key=lambda p: p.result.distance)
    return search.finish("separated", nearest, "the nearest pair")


class _Search:
    """The part pairs tested so far, and the broad phase that proposes the next ones."""

    def __init__(self, shape_a: Shape, shape_b: Shape) -> None:
        import numpy as np
        import shapely

        self.parts_a, self.parts_b = parts_of(shape_a), parts_of(shape_b)
        self.boxes_a = np.array(boxes_of(shape_a), dtype=float)
        self.boxes_b = np.array(boxes_of(shape_b), dtype=float)
        # the touching band of the two shapes as a whole: the widest any part pair uses
        scale = max(
            coordinate_scale(shape_bounds(shape_a)), coordinate_scale(shape_bounds(shape_b))
        )
        self.band = touch_band(1.0 + scale)
        self.tree = shapely.STRtree(shapely.box(*self.boxes_b.T))
        self.total = len(self.parts_a) * len(self.parts_b)
        self.tested: list[PartPair] = []
        self.done: set[tuple[int, int]] = set()
        self.horizon: float | None = None  # every pair not tested has boxes at least this far apart

    def run(self, i: int, j: int, box_distance: float) -> PartPair:
        """GJK (and EPA, if they intersect) on part ``i`` of A and part ``j`` of B."""
        a, b = self.parts_a[i], self.parts_b[j]
        settled = settle(a, b, distance(a, b))
        result = settled.gjk
        overlap = penetration(a, b, result)
        proven = settled.proven
        if len(result.simplex) == 3 and encloses_origin(a, b, result.simplex):
            proven = "overlapping"
        decision = verdict(result, overlap, proven)
        result = dataclasses.replace(result, band=decision.band)
        pair = PartPair(i, j, box_distance, result, overlap, decision.verdict, decision.tolerance)
        self.tested.append(pair)
        self.done.add((i, j))
        return pair

    def find_nearest(self) -> None:
        """Test pairs in order of box distance until the next box lies farther than the
        nearest pair found (plus the band): no pair left untested can be nearer."""
        if not self.tested:
            self.run(*self.nearest())
        best = min(pair.result.distance for pair in self.tested)
        self.horizon = best + self.band
        for i, j, gap in self.near(self.horizon):
            if (i, j) in self.done:
                continue
            if gap > best + self.band:
                self.horizon = gap
                return
            best = min(best, self.run(i, j, gap).result.distance)

    def near(self, reach: float) -> list[tuple[int, int, float]]:
        """The pairs whose boxes are at most ``reach`` apart, nearest first."""
        import numpy as np
        import shapely

        grown = self.boxes_a + np.array([-reach, -reach, reach, reach])
        found_a, found_b = self.tree.query(shapely.box(*grown.T))
        gaps = _box_distances(self.boxes_a[found_a], self.boxes_b[found_b])
        keep = gaps <= reach
        found_a, found_b, gaps = found_a[keep], found_b[keep], gaps[keep]
        order = np.lexsort((found_b, found_a, gaps))
        return [(int(found_a[k]), int(found_b[k]), float(gaps[k])) for k in order]

    def nearest(self) -> tuple[int, int, float]:
        """The pair with the nearest boxes (the first, in part order, if several are)."""
        import numpy as np
        import shapely

        geometries = shapely.box(*self.boxes_a.T)
        (found_a, found_b), _ = self.tree.query_nearest(
            geometries, return_distance=True, all_matches=False
        )
        gaps = _box_distances(self.boxes_a[found_a], self.boxes_b[found_b])
        k = int(np.lexsort((found_b, found_a, gaps))[0])
        return int(found_a[k]), int(found_b[k]), float(gaps[k])

    def finish(self, position: Verdict, deciding: PartPair, why: str) -> CompoundResult:
        complete = len(self.tested) == self.total
        return CompoundResult(
            tuple(self.tested),
            deciding,
            why,
            position,
            deciding.tolerance,
            self.total,
            None if complete or position != "separated" else self.horizon,
        )


def _box_distances(boxes_a: Any, boxes_b: Any) -> Any:
    """Distances between boxes ``(minx, miny, maxx, maxy)``, row by row."""
    import numpy as np

    dx = np.maximum(0.0, np.maximum(boxes_a[:, 0] - boxes_b[:, 2], boxes_b[:, 0] - boxes_a[:, 2]))
    dy = np.maximum(0.0, np.maximum(boxes_a[:, 1] - boxes_b[:, 3], boxes_b[:, 1] - boxes_a[:, 3]))
    return np.hypot(dx, dy)


def _contact_inside(interiors: dict[str, _Interior], pair: PartPair) -> str | None:
    """``"A"`` or ``"B"`` if a point where the pair touches lies strictly inside that shape."""
    if pair.overlap is None:  # not touching: there is no contact
        return None
    part_a = parts_of(interiors["A"].shape)[pair.a]
    part_b = parts_of(interiors["B"].shape)[pair.b]
    for where in _contact_points(part_a, part_b, pair.overlap, interiors["A"].band):
        for name, interior in interiors.items():
            if interior.holds(where):
                return name
    return None


def _contact_points(
    part_a: ConvexShape, part_b: ConvexShape, overlap: Penetration, band: float
) -> list[Vec]:
    """Points where two touching parts meet: EPA's contact point and, where the parts'
    cores are polygons, both ends and the middle of the segment along which they touch."""
    found = [overlap.contact[0]]
    (core_a, radius_a), (core_b, radius_b) = split_radius(part_a), split_radius(part_b)
    if not (isinstance(core_a, Polytope) and isinstance(core_b, Polytope)):
        return found
    nx, ny = overlap.normal
    along_a = [nx * x + ny * y for x, y in core_a.vertices]
    along_b = [nx * x + ny * y for x, y in core_b.vertices]
    top_a, bottom_b = max(along_a), min(along_b)
    side_a = [
        -ny * x + nx * y
        for (x, y), h in zip(core_a.vertices, along_a, strict=True)
        if h >= top_a - band
    ]
    side_b = [
        -ny * x + nx * y
        for (x, y), h in zip(core_b.vertices, along_b, strict=True)
        if h <= bottom_b + band
    ]
    low, high = max(min(side_a), min(side_b)), min(max(side_a), max(side_b))
    if low > high + band:
        return found
    level = (top_a + radius_a + bottom_b - radius_b) / 2.0
    for s in (low, high, (low + high) / 2.0):
        found.append((level * nx - s * ny, level * ny + s * nx))
    return found


class _Interior:
    """Tells the points farther than ``band`` inside a shape.

    The shape's *solid* is the union of its polygonal parts and of its rounded
    polygons (a capsule, a polygon with a margin) as GEOS buffers them: flat
    sides where they are, arcs by chords inside them. Built once, on first use,
    it holds the edges parts share (the cuts of a polygon, the seams between
    the members of a MultiPolygon, two capsules side by side) as interior
    points, where the parts meet exactly in floating point. It lies inside the
    shape, slightly so along arcs, so a point is also tested against each
    curved part itself, exactly, by EPA. It is not grown to close the cracks
    rounding leaves along seams at an angle: that would also fill the thin
    wedges beside a point where two parts only touch, and call that point
    inside.
    """

    def __init__(self, shape: Shape, band: float) -> None:
        self.shape, self.band = shape, band
        self.curved = [
            (part, box)
            for part, box in zip(parts_of(shape), boxes_of(shape), strict=True)
            if not isinstance(part, Polytope)
        ]

    @functools.cached_property
    def _solid(self) -> tuple[Any, Any]:
        """The solid, prepared, and its boundary."""
        import shapely

        pieces = []
        for core, radius in map(split_radius, parts_of(self.shape)):
            if isinstance(core, Polytope):
                hull = shapely.convex_hull(shapely.multipoints(core.vertices))
                piece = shapely.buffer(hull, radius) if radius > 0.0 else hull
                if piece.area > 0.0:
                    pieces.append(piece)
        solid = shapely.union_all(pieces)
        shapely.prepare(solid)
        return solid, shapely.boundary(solid)

    def holds(self, where: Vec) -> bool:
        """Is ``where`` farther than the band inside the shape?"""
        import shapely

        x, y = where
        for part, (minx, miny, maxx, maxy) in self.curved:
            if minx <= x <= maxx and miny <= y <= maxy:
                overlap = penetration(part, point(where))
                if overlap is not None and overlap.depth > self.band:
                    return True
        solid, edge = self._solid
        return bool(
            shapely.contains_xy(solid, x, y)
            and shapely.distance(edge, shapely.Point(x, y)) > self.band
        )
