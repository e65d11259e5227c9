"""GJK on compound shapes: the pairs of convex parts that can matter, and no others.

A compound shape is a union of convex parts, so two shapes intersect when
some pair of their parts does, and their distance is the least distance over
all part pairs. Running GJK on every pair would cost ``m * n`` runs; a broad
phase skips the pairs that cannot matter. Every pair of parts has a *bound*,
a lower bound on its distance from the parts' bounding boxes in a frame
(:mod:`gjkcli.algorithms.extents`); the boxes of B's parts go into Shapely's
STRtree, so the pairs whose bound is at most some distance are found without
looking at the others:

1. The pairs whose bound is within the touching band are tested first (a
   batch of A's parts at a time, nearest first): only they can intersect.
   The answer is decided, and the search ends, at the first overlapping pair,
   or at the first touching pair whose contact lies inside either shape.
2. If none of them intersects, the pair with the nearest boxes gives a first
   distance ``d``; the pairs whose bound is within ``d`` are then tested in
   increasing order of bound, and the search stops at the first bound
   farther than the best distance found so far (plus the band).

The frame is that of ordinary bounding boxes, unless the boxes are crowded
(each meets, on average, more than :data:`CROWDED` others: long parts lying
across the axes, such as long diagonal segments side by side, all have
nearly the same box) and the boxes in a frame along the parts' commonest
direction are at most half as crowded.

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
decides is the first overlapping pair, the touching pair whose contact is
inside, the first touching pair, or the nearest pair.

The search keeps what the answer and its certificate need, not every pair
it tested: the count, the first :data:`LISTED_PAIRS` pairs, the deciding
pair, the pairs tested whose bound falls below the nearest distance (the
certificate proves them apart one by one) and the least bound of all others.

Penetration depth is not computed for compound shapes: the least move that
separates two non-convex shapes is not the depth of any one pair of parts.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gjkcli.algorithms.distance import DISTANCE_FIRST_DIRECTION, DistanceResult, distance
from gjkcli.algorithms.epa import Penetration, penetration
from gjkcli.algorithms.extents import (
    AXIS_ALIGNED,
    Extents,
    box_distances,
    extents,
    frame_axis,
    growth,
    meeting,
)
from gjkcli.algorithms.intersect import BOOLEAN_FIRST_DIRECTION, intersects
from gjkcli.algorithms.verdict import Verdict, settle, verdict
from gjkcli.dyadic import shift_to_unit
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.cached import cached
from gjkcli.shapes.compound import Shape, boxes_of, parts_of, shape_bounds
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.primitives import point
from gjkcli.shapes.rounded import split_radius
from gjkcli.tolerances import coordinate_scale, touch_band

__all__ = [
    "CROWDED",
    "LISTED_PAIRS",
    "PENETRATION_REASON",
    "CompoundResult",
    "PartPair",
    "compound_query",
    "intersecting_parts",
]

PENETRATION_REASON = (
    "not defined for compound shapes: the least move that separates non-convex or "
    "multi-part shapes is not the depth of any one pair of convex parts"
)
"""Why ``penetration`` is null for a pair with a compound shape (FORMATS section 4)."""

LISTED_PAIRS = 20
"""How many of the pairs tested a result lists (the first ones, in order), and how
many part-pair proofs a JSON certificate lists: output stays the same size however
many pairs there are."""

CROWDED = 16.0
"""Bounding boxes are *crowded* when each would meet more than this many boxes of
the other shape on average, were they spread evenly over the two shapes' box; a
frame along the parts' commonest direction is then tried."""

_FEW_PAIRS = 4096
"""Up to this many part pairs, the broad phase tests every pair of boxes
(:func:`~gjkcli.algorithms.extents.meeting`) rather than build a Shapely ``STRtree``:
the same pairs, without the tree's cost, which small compounds never earn back."""

_CHUNK_PAIRS = 1 << 18
"""The broad phase looks for the pairs near a batch of A's parts at a time, of at
most this many parts of A times B: the pairs it holds at once stay bounded, and the
first pairs are tested before the far parts of A are looked at."""

_DIRECTION_BINS = 90
"""The parts' directions (modulo a right angle) are counted in this many bins of
one degree each, weighted by length, to find the commonest one."""


@dataclass(frozen=True)
class PartPair:
    """One pair of parts GJK ran on.

    ``a`` and ``b`` number the parts (from 0, in each shape's part list),
    ``bound`` is the lower bound on their distance that their boxes in the
    search's frame give, ``result`` GJK's distance result, ``overlap`` EPA's
    answer when they intersect, and ``verdict`` the pair's own verdict,
    decided with ``tolerance``; ``axis`` is the axis from A towards B that
    settled it (:func:`~gjkcli.algorithms.verdict.settle`), if one was examined.
    """

    a: int
    b: int
    bound: float
    result: DistanceResult
    overlap: Penetration | None
    verdict: Verdict
    tolerance: float
    axis: Vec | None


@dataclass(frozen=True)
class CompoundResult:
    """The answer for a pair of shapes of which at least one is compound.

    ``deciding`` is the pair of parts whose answer is the shapes' answer, and
    ``why`` says why it was chosen. ``total`` is the number of part pairs,
    ``tested`` how many GJK ran on, ``listed`` the first :data:`LISTED_PAIRS`
    of them, in order. ``frame`` is the axis of the boxes the bounds come from.
    When the shapes are separated, ``close`` are the pairs tested (other than
    the deciding one) whose bound is below the deciding pair's distance, and
    ``horizon`` the least bound of every other pair (``None``: there is no
    other pair); both are empty otherwise.
    """

    deciding: PartPair
    why: str
    verdict: Verdict
    verdict_tolerance: float
    total: int
    tested: int
    listed: tuple[PartPair, ...]
    frame: Vec
    close: tuple[PartPair, ...] = ()
    horizon: float | None = None

    @property
    def skipped(self) -> int:
        """How many part pairs the broad phase spared GJK."""
        return self.total - self.tested


def compound_query(
    shape_a: Shape,
    shape_b: Shape,
    first_boolean: Vec = BOOLEAN_FIRST_DIRECTION,
    first_distance: Vec = DISTANCE_FIRST_DIRECTION,
) -> CompoundResult:
    """Intersection, distance and verdict of two shapes, convex or compound, part pair by pair.

    Every part pair's boolean and distance runs start along ``first_boolean`` and
    ``first_distance`` (``--direction``), so that the deciding pair's runs, traced again,
    are the runs that decided.

    >>> from gjkcli.algorithms.decompose import decompose
    >>> from gjkcli.shapes import circle
    >>> u_shape = decompose([(0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (4.0, 6.0),
    ...                      (4.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)])
    >>> result = compound_query(u_shape, circle((3.0, 4.0), 0.5))  # in the notch
    >>> result.verdict, result.deciding.result.distance, result.tested, result.skipped
    ('separated', 0.5, 2, 1)
    """
    search = _Search(shape_a, shape_b, (first_boolean, first_distance))
    contacts = _Contacts(shape_a, shape_b)
    for i_batch, j_batch, bounds, _ in search.within(search.band):
        for i, j, bound in zip(i_batch, j_batch, bounds, strict=True):
            found = contacts.judge(search, search.run(int(i), int(j), float(bound)))
            if found is not None:
                return found
    if contacts.touching is not None:
        return search.finish("touching", contacts.touching, "the first touching pair")
    nearest = search.find_nearest()
    # a pair's own band may be wider than the shapes' (it takes in the rounding of its
    # far-out points): the search for the nearest pair may find it touching, or proven
    # overlapping
    for pair in search.unseparated:
        found = contacts.judge(search, pair)
        if found is not None:
            return found
    if contacts.touching is not None:
        return search.finish("touching", contacts.touching, "the first touching pair")
    return search.finish("separated", nearest, "the nearest pair")


def intersecting_parts(shape_a: Shape, shape_b: Shape) -> tuple[int, int] | None:
    """The first pair of parts (nearest boxes first) that boolean GJK finds sharing a
    point, or ``None``: the shapes intersect exactly when one pair of parts does.

    >>> from gjkcli.shapes import circle, union_of
    >>> two = union_of([circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)])
    >>> intersecting_parts(two, circle((6.5, 0.0), 1.0))
    (1, 0)
    >>> intersecting_parts(two, circle((2.5, 0.0), 1.0)) is None  # 0.5 from either
    True
    """
    search = _Search(shape_a, shape_b)
    for i_batch, j_batch, _, _ in search.within(search.band):
        for i, j in zip(i_batch.tolist(), j_batch.tolist(), strict=True):
            if intersects(search.parts_a[i], search.parts_b[j]).intersects:
                return i, j
    return None


class _Contacts:
    """What the pairs that are not separated decide: the first overlapping pair, or a
    touching pair that touches at a point inside either shape, makes the shapes overlap;
    otherwise the first touching pair makes them touch."""

    def __init__(self, shape_a: Shape, shape_b: Shape) -> None:
        self.shapes = shape_a, shape_b
        self.interiors: dict[str, _Interior] = {}
        self.touching: PartPair | None = None

    def judge(self, search: _Search, pair: PartPair) -> CompoundResult | None:
        """The shapes' result if ``pair`` decides it, else ``None``."""
        if pair.verdict == "overlapping":
            return search.finish("overlapping", pair, "the first overlapping pair")
        if pair.verdict != "touching":
            return None
        if not self.interiors:
            self.interiors.update(A=_Interior(self.shapes[0]), B=_Interior(self.shapes[1]))
        # nearer the surface than the pair's band, a contact point is on it: GJK's closest
        # points are known to no better than that
        inside = _contact_inside(self.interiors, pair, max(search.band, pair.tolerance))
        if inside is not None:
            return search.finish("overlapping", pair, f"they touch at a point inside {inside}")
        self.touching = self.touching or pair
        return None


class _Search:
    """The broad phase that proposes part pairs, and what the pairs tested so far showed."""

    def __init__(
        self,
        shape_a: Shape,
        shape_b: Shape,
        first: tuple[Vec, Vec] = (BOOLEAN_FIRST_DIRECTION, DISTANCE_FIRST_DIRECTION),
    ) -> None:
        self.first_boolean, self.first_distance = first  # where each part pair's runs start
        self.parts_a, self.parts_b = parts_of(shape_a), parts_of(shape_b)
        # the touching band of the two shapes as a whole: the widest any part pair uses
        scale = max(
            coordinate_scale(shape_bounds(shape_a)), coordinate_scale(shape_bounds(shape_b))
        )
        self.band = touch_band(1.0 + scale)
        self.extents_a, self.extents_b = _frame(shape_a, shape_b)
        self.total = len(self.parts_a) * len(self.parts_b)
        self.tested = 0
        self.listed: list[PartPair] = []
        self.nearest: PartPair | None = None
        self.close: list[PartPair] = []  # tested, with a bound below the nearest distance then
        self.far: float | None = None  # the least bound of the other pairs tested
        self.horizon: float | None = None  # the least bound of the pairs not tested
        self.seed: tuple[int, int] | None = None
        self.unseparated: list[PartPair] = []  # what find_nearest tested and found not apart

    def run(self, i: int, j: int, bound: float) -> PartPair:
        """GJK (and EPA, if they intersect) on part ``i`` of A and part ``j`` of B."""
        a, b = self.parts_a[i], self.parts_b[j]
        run = distance(a, b, direction=self.first_distance)
        settled = settle(a, b, run)
        if settled.proven is None and settled.gjk.intersects:
            # within the band: the boolean run's axis may yet prove them apart, or its
            # triangle prove them overlapping
            settled = settle(a, b, run, intersects(a, b, self.first_boolean))
        result = settled.gjk
        overlap = penetration(a, b, result)
        decision = verdict(result, overlap, settled.proven)
        result = result.with_band(decision.band)
        pair = PartPair(
            i, j, bound, result, overlap, decision.verdict, decision.tolerance, settled.axis
        )
        self.tested += 1
        if len(self.listed) < LISTED_PAIRS:
            self.listed.append(pair)
        if self.nearest is None or result.distance < self.nearest.result.distance:
            other, self.nearest = self.nearest, pair
        else:
            other = pair
        if other is not None:
            self._keep(other)
        return pair

    def _keep(self, pair: PartPair) -> None:
        """Remember what a certificate needs of a pair tested that is not the nearest."""
        assert self.nearest is not None
        if pair.bound < self.nearest.result.distance:
            self.close.append(pair)
        else:
            self.far = pair.bound if self.far is None else min(self.far, pair.bound)

    def within(self, reach: float) -> Iterator[tuple[Any, Any, Any, Any]]:
        """The pairs whose bound is at most ``reach``, as arrays ``(i, j, bound, gap)``
        (``gap``: their boxes' distance as computed), a batch of A's parts at a time, each
        batch nearest first (then in part order)."""
        import numpy as np

        grow = growth(self.extents_a, self.extents_b, reach)
        grown = None if self.total <= _FEW_PAIRS else self.extents_a.boxes(grow)
        step = max(1, _CHUNK_PAIRS // len(self.parts_b))
        for start in range(0, len(self.parts_a), step):
            if grown is None:
                stop = start + step
                found_a, found_b = meeting(self.extents_a, self.extents_b, grow, start, stop)
            else:
                found_a, found_b = self.tree.query(grown[start : start + step])
                found_a = found_a + start
            gaps, bounds = box_distances(self.extents_a, self.extents_b, found_a, found_b)
            keep = bounds <= reach
            found_a, found_b, bounds, gaps = found_a[keep], found_b[keep], bounds[keep], gaps[keep]
            order = np.lexsort((found_b, found_a, gaps))
            yield found_a[order], found_b[order], bounds[order], gaps[order]

    def find_nearest(self) -> PartPair:
        """Test pairs in order of their boxes' distance until no pair left has a bound
        within the nearest distance found (plus the band): no pair left untested can be
        nearer. Every pair whose bound is within the band has been tested already."""
        import numpy as np

        if self.nearest is None:
            pair = self.run(*self.first())
            if pair.verdict != "separated":
                self.unseparated.append(pair)
        assert self.nearest is not None
        reach = self.nearest.result.distance + self.band
        found_a, found_b, bounds, gaps = (
            np.concatenate(column) for column in zip(*self.within(reach), strict=True)
        )
        fresh = bounds > self.band
        if self.seed is not None:
            fresh &= (found_a != self.seed[0]) | (found_b != self.seed[1])
        order = np.lexsort((found_b[fresh], found_a[fresh], gaps[fresh]))
        found_a, found_b, bounds = (
            found_a[fresh][order],
            found_b[fresh][order],
            bounds[fresh][order],
        )
        least = np.minimum.accumulate(bounds[::-1])[::-1]  # the least bound from k on
        untested = [reach] if self.tested + len(bounds) < self.total else []
        for k in range(len(bounds)):
            limit = self.nearest.result.distance + self.band
            if least[k] > limit:
                untested.append(float(least[k]))
                break
            if bounds[k] > limit:
                untested.append(float(bounds[k]))
                continue
            pair = self.run(int(found_a[k]), int(found_b[k]), float(bounds[k]))
            if pair.verdict != "separated":
                self.unseparated.append(pair)
        self.horizon = min(untested, default=None)
        return self.nearest

    @cached
    def tree(self) -> Any:
        """A Shapely ``STRtree`` of B's boxes, built when first wanted."""
        import shapely

        return shapely.STRtree(self.extents_b.boxes())

    def first(self) -> tuple[int, int, float]:
        """The pair with the nearest boxes (the first, in part order, if several are)."""
        import numpy as np

        found_a, found_b = self.tree.query_nearest(self.extents_a.boxes(), all_matches=False)
        gaps, bounds = box_distances(self.extents_a, self.extents_b, found_a, found_b)
        k = int(np.lexsort((found_b, found_a, gaps))[0])
        i, j = int(found_a[k]), int(found_b[k])
        self.seed = (i, j)
        return i, j, float(bounds[k])

    def finish(self, position: Verdict, deciding: PartPair, why: str) -> CompoundResult:
        close: tuple[PartPair, ...] = ()
        horizon: float | None = None
        if position == "separated":
            nearest = deciding.result.distance
            close = tuple(pair for pair in self.close if pair.bound < nearest)
            others = [pair.bound for pair in self.close if pair.bound >= nearest]
            others += [bound for bound in (self.far, self.horizon) if bound is not None]
            horizon = min(others, default=None)
        return CompoundResult(
            deciding,
            why,
            position,
            deciding.tolerance,
            self.total,
            self.tested,
            tuple(self.listed),
            self.extents_a.axis,
            close,
            horizon,
        )


def _frame(shape_a: Shape, shape_b: Shape) -> tuple[Extents, Extents]:
    """The extents of both shapes' parts in the frame the search uses: that of ordinary
    bounding boxes unless they are crowded and the parts' commonest direction gives
    boxes at most half as crowded."""
    boxed = extents(shape_a, AXIS_ALIGNED), extents(shape_b, AXIS_ALIGNED)
    count_a, count_b = len(boxed[0].low_u), len(boxed[1].low_u)
    if 4 * count_a * count_b <= CROWDED * (count_a + count_b):
        return boxed  # two boxes meet at most 4 times per pair (see _crowding): not crowded
    crowding = _crowding(*boxed)
    if crowding <= CROWDED:
        return boxed
    axis = frame_axis(_commonest_direction(shape_a, shape_b))
    if axis == AXIS_ALIGNED:
        return boxed
    turned = extents(shape_a, axis), extents(shape_b, axis)
    return turned if _crowding(*turned) <= crowding / 2.0 else boxed


def _crowding(a: Extents, b: Extents) -> float:
    """How many boxes of the other shape each box would meet, on average, if the boxes
    were spread evenly over the box of both shapes (``sum (wa + wb) (ha + hb)`` over the
    pairs, relative to that box's area, per part). No box is larger than the box of
    both, so each pair counts at most 4.

    >>> far_apart = extents(point((0.0, 0.0)), AXIS_ALIGNED)
    >>> _crowding(far_apart, extents(point((1.0, 1.0)), AXIS_ALIGNED))
    0.0
    """
    import numpy as np

    width = max(a.high_u.max(), b.high_u.max()) - min(a.low_u.min(), b.low_u.min())
    height = max(a.high_v.max(), b.high_v.max()) - min(a.low_v.min(), b.low_v.min())
    if not (width > 0.0 and height > 0.0):
        return 0.0
    wa, ha = (a.high_u - a.low_u) / width, (a.high_v - a.low_v) / height
    wb, hb = (b.high_u - b.low_u) / width, (b.high_v - b.low_v) / height
    count_a, count_b = len(wa), len(wb)
    pairs = (
        count_b * np.sum(wa * ha)
        + count_a * np.sum(wb * hb)
        + np.sum(wa) * np.sum(hb)
        + np.sum(wb) * np.sum(ha)
    )
    return float(pairs) / (count_a + count_b)


def _commonest_direction(shape_a: Shape, shape_b: Shape) -> float:
    """The angle (radians, modulo a right angle) of the parts' commonest direction,
    weighted by length: each part's direction is that between its extreme points along
    the longer side of its box, and of the parts in the fullest one-degree bin, the
    longest gives it. 0 for shapes of points.

    >>> from gjkcli.shapes import segment, union_of
    >>> slant = union_of([segment((0.0, 0.0), (3.0, 3.0)), segment((1.0, 0.0), (4.0, 3.0))])
    >>> round(math.degrees(_commonest_direction(slant, point((0.0, 5.0)))), 9)
    45.0
    """
    import numpy as np

    angles, lengths = [], []
    for shape in (shape_a, shape_b):
        for part, (minx, miny, maxx, maxy) in zip(parts_of(shape), boxes_of(shape), strict=True):
            along = (1.0, 0.0) if maxx - minx >= maxy - miny else (0.0, 1.0)
            (px, py), (qx, qy) = part.support(along), part.support((-along[0], -along[1]))
            length = math.hypot(px - qx, py - qy)
            if length > 0.0:
                angles.append(math.atan2(py - qy, px - qx) % (math.pi / 2.0))
                lengths.append(length)
    if not angles:
        return 0.0
    angle, weight = np.array(angles), np.array(lengths)
    bins = np.minimum((angle / (math.pi / 2.0) * _DIRECTION_BINS).astype(int), _DIRECTION_BINS - 1)
    fullest = np.argmax(np.bincount(bins, weights=weight, minlength=_DIRECTION_BINS))
    members = np.flatnonzero(bins == fullest)
    return float(angle[members[np.argmax(weight[members])]])


def _contact_inside(interiors: dict[str, _Interior], pair: PartPair, band: float) -> str | None:
    """``"A"`` or ``"B"`` if a point where the pair touches lies farther than ``band``
    inside that shape."""
    if pair.overlap is None:  # not touching: there is no contact
        return None
    part_a = parts_of(interiors["A"].shape)[pair.a]
    part_b = parts_of(interiors["B"].shape)[pair.b]
    # where the distance run ended short of the origin (within the band), its closest
    # point on A is where they touch; EPA, grown from that simplex, may put its contact
    # point anywhere near
    witness = pair.result.witness
    first = witness[0] if witness is not None else pair.overlap.contact[0]
    for where in _contact_points(part_a, part_b, pair.overlap, first, band):
        for name, interior in interiors.items():
            if interior.holds(where, pair.a if name == "A" else pair.b, band):
                return name
    return None


def _contact_points(
    part_a: ConvexShape, part_b: ConvexShape, overlap: Penetration, first: Vec, band: float
) -> list[Vec]:
    """Points where two touching parts meet: ``first`` (GJK's closest point on A, or EPA's
    contact point) and, where the parts' cores are polygons, both ends and the middle of
    the segment along which they touch."""
    found = [first]
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
    """Tells the points farther than a band inside a shape.

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

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        # GEOS works on the shape scaled by a power of two that brings its largest
        # coordinate near 1: its buffers and unions overflow on coordinates near 1e139
        self.shift = shift_to_unit(max(map(abs, shape_bounds(shape))))
        self.curved = [
            (index, part, box)
            for index, (part, box) in enumerate(zip(parts_of(shape), boxes_of(shape), strict=True))
            if not isinstance(part, Polytope)
        ]

    @cached
    def _solid(self) -> tuple[Any, Any]:
        """The solid, prepared, and its boundary."""
        import shapely

        pieces = []
        for core, radius in map(split_radius, parts_of(self.shape)):
            if isinstance(core, Polytope):
                corners = [self._scaled(corner) for corner in core.vertices]
                hull = shapely.convex_hull(shapely.multipoints(corners))
                grown = math.ldexp(radius, self.shift)
                piece = shapely.buffer(hull, grown) if grown > 0.0 else hull
                if piece.area > 0.0:
                    pieces.append(piece)
        solid = shapely.union_all(pieces)
        shapely.prepare(solid)
        return solid, shapely.boundary(solid)

    def holds(self, where: Vec, own: int, band: float) -> bool:
        """Is ``where``, a point of part ``own`` (or near it), farther than ``band`` inside
        the shape? Its own curved part is not asked: the point is on its boundary, and
        GJK's closest point on a curved part (a point of a chord) or EPA's contact point
        may lie a little inside it without lying inside the shape's other parts."""
        import shapely

        x, y = where
        for index, part, (minx, miny, maxx, maxy) in self.curved:
            if index != own and minx <= x <= maxx and miny <= y <= maxy:
                overlap = penetration(part, point(where))
                if overlap is not None and overlap.depth > band:
                    return True
        solid, edge = self._solid
        x, y = self._scaled(where)
        return bool(
            shapely.contains_xy(solid, x, y)
            and shapely.distance(edge, shapely.Point(x, y)) > math.ldexp(band, self.shift)
        )

    def _scaled(self, where: Vec) -> Vec:
        return math.ldexp(where[0], self.shift), math.ldexp(where[1], self.shift)
