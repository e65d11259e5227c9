"""The points of a Minkowski difference that the depth oracle hands to GEOS.

The depth oracle builds ``A - B`` as GEOS's convex hull of every difference of
a point of ``A`` and a point of ``B`` (up to 320 x 320 of them for two curves),
and most of them lie deep inside that hull. :func:`hull_candidates` drops the
ones it *proves* to lie strictly inside; the hull of the rest is the same hull.
Mostly it does not even form them: blocks of them are proven inside together,
and only the differences of the blocks left are computed and tested one by
one. Nothing here uses GJK, EPA or the edge-merge Minkowski difference: which
differences are dropped is decided by proofs of containment in a polygon
through a few of the differences, and a wrong guess (of a polygon, a block, a
triangle) only proves less.

**Why GEOS returns the same polygon.** A point strictly inside the hull is
neither one of its vertices nor on its boundary, so the rest have the same
hull, with the same vertices. GEOS (3.14) returns a hull as its vertices (the
points on its edges dropped), from the lowest one (then the leftmost)
clockwise: the same coordinates, bit for bit. GEOS's own route is kept too: a
set of more than :data:`GEOS_REDUCE_SIZE` points it first reduces to the
points outside the octagon through its first extreme points along ``x``,
``y``, ``x + y`` and ``x - y``. Those eight points are always kept, in their
order, and so are at least ``GEOS_REDUCE_SIZE + 1`` points: GEOS reduces the
points kept through the same octagon, to what it reduced all of them to, less
points strictly inside the hull. The eight are found without forming every
difference (:func:`_octagon`): the first extreme difference lies in a row (a
point of ``A``) whose estimated extreme is within a proven rounding margin of
the best row's, and those few rows are computed in full, as GEOS would see them.
This takes GEOS's hull to be the true hull, as it is while its orientation products
stay clear of underflow: for shapes down to the smallest size the loaders accept
(``MIN_SIZE``, 1e-150). Far below it (differences near 1e-160), GEOS's own hull of
every difference can be wrong, and depend on which interior points it sees.

**Rings** (:func:`ring_hull_orders`). A stand-in's traced points are mostly a
strictly convex ring in counter-clockwise order, and GEOS's hull of such a ring is
known without GEOS. Every point is a vertex of the hull, not on the segment between
two others. GEOS keeps each point of more than :data:`GEOS_REDUCE_SIZE` through its
octagon reduction (the octagon's corners are some of the points, and every other
point lies strictly outside their hull), sorts them round the lowest (then the
leftmost) by orientations (no two are collinear with it), finds no point to drop
in its Graham scan nor its clean-up (no three are collinear), and returns them as
they are, from that point clockwise, the first repeated at the end: the ring
reversed and rotated, built directly as a polygon. GEOS's orientations of the ring's
points have their exact signs: the least of them in size is that of three points in
a row (with two of a triangle's corners fixed, the third's distance from their line
is least at an end of the chain between them), which the ring was proven to exceed
its rounding by; the caller keeps to coordinates where GEOS's products cannot
overflow (``shapely_oracle.GEOS_REACH``). A set that is not proven such a ring goes
to GEOS.

**The polygons.** ``Q`` is the differences of the points of ``A`` and ``B``
extreme along :data:`DIRECTIONS` evenly spaced directions (each of them one of
the differences, to the bit; found by brute force over each shape's own
points). Two facts about a closed polygon through points of the set do the
work. (1) A point strictly left of every edge of a closed polygon is strictly
inside the hull of its vertices: each edge then turns round it by an angle in
``(0, pi)``, so the polygon winds round it, which it cannot do round a point
outside the hull or on its boundary (all of the polygon would lie in a closed
half-plane through the point). (2) A point strictly inside a triangle of
points of the hull is strictly inside the hull. Whatever the order of ``Q``,
so rounding cannot break either.

**Blocks** (pairs handed to GEOS unscaled, each shape with at least
:data:`BLOCK_SHAPE` points; used when most blocks are proven inside). Each
shape's points are grouped by angle round their mean into runs of
:data:`BLOCK`; a block is the differences of one run of ``A`` and one of
``B``. The coarse polygon ``V`` takes every ``DIRECTIONS / BLOCK_EDGES``-th
point of ``Q``. A difference ``p`` is strictly left of the edge ``V_k V_k+1``
when ``n . (p - V_k) > 0``, ``n`` its left normal; over a block that is least
where ``n . a`` is least over its run of ``A`` and ``n . b`` most over its run
of ``B``, so one comparison per edge covers the whole block, and a block
strictly left of every edge is dropped (fact 1). The comparison is computed
from each shape's points less a point of its own (``a - a0``, ``b - b0``) and
``V_k`` less ``a0 - b0``, so that its rounding is relative to the shapes'
sizes, not to where they are. Every rounding on the way is at most ``eps =
2**-53`` times a size: the differences' own (``p = fl(a - b)``, so ``p`` is
within ``eps |p|`` of ``a - b`` in each coordinate), the local coordinates',
``a0 - b0``'s, the normal's (against ``p - V_k``, no larger than the
differences' extent), the dot products' (two roundings each, with or without a
fused multiply-add) and the two sides' of the comparison;
:func:`_block_margins` adds the sizes up, with a factor 16 where at most 4.03
is needed, plus :data:`UNDERFLOW` for products below the normal range. Pairs
handed over scaled test every difference one by one: scaling may round a
difference, which that argument does not cover.

**One by one.** ``o``, off the mean of three points of ``Q``, is proven
strictly inside the triangle they span (so strictly inside the hull of
``Q``). A difference ``p`` is dropped when it is proven strictly inside a
triangle of ``o`` and two neighbours of ``Q`` by angle round ``o`` (fact 2):
strictly left of their edge, by an orientation accepted only beyond its
rounding bound (:func:`_left`), and strictly between the two sides. That is
told by a pseudo-angle (:func:`_pseudo_angle`: monotone in the angle, and
computed within ``5 eps`` of the exact one of the exact vector) clearing the
neighbours' by :data:`ANGLE_MARGIN`, where they are proven less than half a
turn apart round ``o`` (the open sector and the open half-plane then meet in
the open triangle); else, as across ``-x`` where the pseudo-angle jumps, or for
a difference within rounding of a side's direction, by two more orientations.
A wrong wedge (by rounding) only proves nothing.
Coordinates that are not finite prove nothing: nothing is dropped.

**Compiled.** With the compiled engine active, the choice is made by its copy
(``gjkcli/_hull.c``, :func:`_compiled_kept`) for pairs handed to GEOS unscaled, by
the same facts with a tighter ring of corners (the Minkowski merge of the two sets'
hulls, every difference on the hull's boundary nearly) and blocks proven edge by edge
(the least of ``n . a`` over a run less the most of ``n . b``): it keeps the octagon
and at least ``GEOS_REDUCE_SIZE + 1`` points as above, drops more of the rest, and
GEOS returns the same hull. Where it declines (a coordinate not finite or beyond
1e300, no centre proven inside), the NumPy decides.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from gjkcli.engine import compiled
from gjkcli.tolerances import CERTIFICATE_ROUNDING

__all__ = [
    "ANGLE_MARGIN",
    "BLOCK",
    "BLOCK_EDGES",
    "BLOCK_SHAPE",
    "DIRECTIONS",
    "FILTER_SIZE",
    "GEOS_REDUCE_SIZE",
    "WEDGE_BINS",
    "hull_candidates",
    "ring_hull_orders",
]

DIRECTIONS: Final = 256
"""How many extreme points span the polygon the dropped points are proven inside:
about as many as the oracle traces a curve with, so that a small shape's copies
round the outline of a large one are mostly proven inside too. On the pairs of
``gjk generate`` 256 kept the fewest points for the time (32 kept 5 times as
many, 512 no fewer). Changes no answer, only how many points GEOS sorts."""

BLOCK: Final = 8
"""How many points of each shape make a block, whose ``BLOCK ** 2`` differences are
proven inside together or tested one by one. Changes no answer, only the time."""

BLOCK_SHAPE: Final = 4 * BLOCK
"""Blocks are used when each shape has at least this many points: with fewer, the
differences all lie near the hull's boundary (copies of one shape round the
other's outline), and no block of them is proven inside."""

BLOCK_EDGES: Final = 32
"""How many edges (at most) the coarse polygon has that blocks are tested against:
every edge costs one comparison per block. Changes no answer, only the time."""

WEDGE_BINS: Final = 4096
"""How many bins of pseudo-angle (which runs from -2 to 2) find a difference's wedge
of the fan, some 16 per wedge: a look-up instead of a binary search, which took
some 40% of a test's instructions. Changes no answer, only the time."""

ANGLE_MARGIN: Final = 4.0 * CERTIFICATE_ROUNDING
"""How far (in pseudo-angle, which runs from -2 to 2) a difference's direction must
be past a wedge's sides to be proven between them: ``32 eps``, over twice the
``5 eps`` rounding of a pseudo-angle, with room for the rounding of the sum
(module notes)."""

FILTER_SIZE: Final = 5000
"""Fewer differences than this are handed to GEOS as they are: its hull of a few
thousand points costs less than proving some of them inside (some 0.4 ms a pair,
most of it NumPy's cost per call, against some 150 ns a point for GEOS, with
Shapely's conversions; on a curve and a polygon of 4 to 64 vertices the two
broke even at about 6,000 differences)."""

GEOS_REDUCE_SIZE: Final = 50
"""GEOS's ``ConvexHull::TUNING_REDUCE_SIZE``: above this many points it reduces them
through its octagon first (see the module notes). Fewer points are handed over as
they are: there is nothing to gain."""

UNDERFLOW: Final = 2.0**-1070
"""Added to every rounding bound of an orientation: below the normal range a product
rounds to a multiple of ``2**-1074``, by up to ``2**-1075`` whatever its size, which
no relative bound covers; the few products' and their differences' losses are
well below ``2**-1070``."""


def hull_candidates(points_a: Any, points_b: Any, exponent: int = 0) -> Any:
    """The differences ``points_a[i] - points_b[j]`` (scaled by ``2 ** -exponent``), in
    the order ``i`` then ``j``, less those proven strictly inside their convex hull.

    They have the same hull, and the same bounding box (whose sides are on the hull).

    >>> angles = np.linspace(0.0, 2.0 * np.pi, 100, endpoint=False)
    >>> circle = np.column_stack((np.cos(angles), np.sin(angles)))
    >>> kept = hull_candidates(circle, 2.0 * circle)
    >>> len(circle) ** 2, len(kept) < 1000
    (10000, True)
    >>> import shapely
    >>> every = (circle[:, None] - 2.0 * circle[None, :]).reshape(-1, 2)
    >>> shapely.MultiPoint(kept).convex_hull.wkb == shapely.MultiPoint(every).convex_hull.wkb
    True

    Fewer than :data:`FILTER_SIZE` are handed over as they are:

    >>> hull_candidates(circle[:30], circle[:30]).shape
    (900, 2)
    """
    if len(points_a) * len(points_b) >= FILTER_SIZE:
        kept = _compiled_kept(points_a, points_b, exponent)
        if kept is None:
            with np.errstate(all="ignore"):
                kept = _kept(points_a, points_b, exponent)
        if kept is not None:
            rows, columns = np.divmod(kept, len(points_b))
            return np.column_stack(_differences(points_a, points_b, rows, columns, exponent))
    x, y = _every(points_a, points_b, exponent)
    return np.column_stack((x.ravel(), y.ravel()))


def ring_hull_orders(points: Any, counts: Any) -> tuple[Any, Any]:
    """GEOS's convex hulls of the point sets laid end to end in ``points`` (``counts[k]``
    rows each) that are proven strictly convex rings in counter-clockwise order, found
    without GEOS: which sets are, and the indices (into ``points``) of their hulls' closed
    rings, one after the other.

    A stand-in's traced points mostly are such a ring, and GEOS's hull of one is all
    of its points, as they are, from the lowest (then the leftmost) clockwise, the
    first repeated at the end (module notes). A set is proven so when every three
    points in a row (the last coming before the first) turn strictly left, as
    :func:`_left` proves beyond rounding (a point equal to its neighbour turns
    nowhere), and the edges turn once round in all: each turns by less than half a
    turn, so their direction crosses ``+x`` (from below to above) once per turn
    round, which the signs of their coordinates count exactly (those of a difference
    are the exact difference's). A closed polygon whose every corner turns strictly
    left, once round in all, is strictly convex: each point is a vertex of its hull,
    and the hull's vertices are those points.

    >>> square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> sets = np.concatenate((square[[1, 2, 3, 0]], square[::-1], square))
    >>> proven, order = ring_hull_orders(sets, [4, 4, 4])
    >>> proven.tolist(), order.tolist()
    ([True, False, True], [3, 2, 1, 0, 3, 8, 11, 10, 9, 8])
    >>> import shapely
    >>> hull = shapely.convex_hull(shapely.multipoints(sets[:4]))
    >>> shapely.get_coordinates(hull).tolist() == sets[order[:5]].tolist()
    True
    """
    counts = np.asarray(counts, dtype=np.intp)
    filled = counts > 0
    ends = np.cumsum(counts)
    starts = ends - counts
    core = compiled()
    if core is not None and len(points):  # the same proof, compiled (gjkcli/_hull.c)
        found = np.frombuffer(
            core.ring_starts(
                np.ascontiguousarray(points, dtype=float),
                counts.astype(np.int64),
                CERTIFICATE_ROUNDING,
                UNDERFLOW,
            ),
            dtype=np.int64,
        )
        proven = found >= 0
        return proven, _ring_orders(starts[proven], counts[proven], found[proven])
    before = np.empty_like(points)  # each point's neighbours round its ring
    before[1:], before[starts[filled]] = points[:-1], points[ends[filled] - 1]
    after = np.empty_like(points)
    after[:-1], after[ends[filled] - 1] = points[1:], points[starts[filled]]
    x, y = points[:, 0], points[:, 1]
    with np.errstate(all="ignore"):
        turning = _left((before[:, 0], before[:, 1]), (x, y), (after[:, 0], after[:, 1]))
    # the edge to the next point points into [0, pi) (the signs of a difference are the
    # comparison's); the edges that do, after one that does not, cross +x from below
    above = (after[:, 1] > y) | ((after[:, 1] == y) & (after[:, 0] > x))
    crossing = np.empty_like(above)
    crossing[1:], crossing[starts[filled]] = above[:-1], above[ends[filled] - 1]
    crossing = above & ~crossing
    proven = counts >= 3
    proven[filled] &= np.logical_and.reduceat(turning, starts[filled])
    proven[filled] &= np.add.reduceat(crossing, starts[filled], dtype=np.intp) == 1
    if not proven.any():
        return proven, np.zeros(0, dtype=np.intp)
    # the lowest, then leftmost, point of each proven set: one only, its points being
    # distinct (a point equal to another would not be a vertex of a strictly convex ring)
    within = np.repeat(proven, counts)
    x, y = x[within], y[within]
    sizes = counts[proven]
    firsts, rank = np.cumsum(sizes) - sizes, np.repeat(np.arange(len(sizes)), sizes)
    low = y == np.minimum.reduceat(y, firsts)[rank]
    left = np.where(low, x, np.inf)
    low &= left == np.minimum.reduceat(left, firsts)[rank]
    return proven, _ring_orders(starts[proven], sizes, np.flatnonzero(low) - firsts)


def _ring_orders(starts: Any, sizes: Any, lowest: Any) -> Any:
    """The indices of the closed rings of the sets starting at ``starts`` (``sizes``
    points each), each from its point ``lowest`` backwards (clockwise), round once.

    >>> _ring_orders(np.array([0, 4]), np.array([4, 3]), np.array([1, 0])).tolist()
    [1, 0, 3, 2, 1, 4, 6, 5, 4]
    """
    firsts = np.cumsum(sizes) - sizes
    step = np.arange(int((sizes + 1).sum())) - np.repeat(firsts + np.arange(len(sizes)), sizes + 1)
    back = np.repeat(lowest, sizes + 1) - step  # from the lowest backwards, round once
    back += np.where(back < 0, np.repeat(sizes, sizes + 1), 0)
    return np.repeat(starts, sizes + 1) + back


def _differences(
    points_a: Any, points_b: Any, rows: Any, columns: Any, exponent: int
) -> tuple[Any, Any]:
    """The differences ``points_a[rows] - points_b[columns]`` (index arrays broadcast
    against each other), scaled by ``2 ** -exponent``, as ``(x, y)``."""
    return _scaled(
        points_a[rows, 0] - points_b[columns, 0], points_a[rows, 1] - points_b[columns, 1], exponent
    )


def _every(points_a: Any, points_b: Any, exponent: int) -> tuple[Any, Any]:
    """Every difference, as :func:`_differences` of all rows and columns, but faster:
    ``(x, y)``, each ``len(points_a)`` by ``len(points_b)``."""
    return _scaled(
        points_a[:, 0, None] - points_b[None, :, 0],
        points_a[:, 1, None] - points_b[None, :, 1],
        exponent,
    )


def _scaled(x: Any, y: Any, exponent: int) -> tuple[Any, Any]:
    if exponent:
        return np.ldexp(x, -exponent), np.ldexp(y, -exponent)
    return x, y


def _kept(points_a: Any, points_b: Any, exponent: int) -> Any:
    """The flat indices (``i * len(points_b) + j``, sorted) of the differences not
    proven strictly inside, GEOS's octagon among them, and at least
    ``GEOS_REDUCE_SIZE + 1`` of them; ``None`` where nothing can be proven (and where
    a coordinate is not finite: the box then is not either)."""
    box = _box(points_a, points_b, exponent)
    if not np.isfinite(box).all():
        return None
    octagon = _octagon(points_a, points_b, exponent, box)
    corners = _differences(points_a, points_b, *_extremes(points_a, points_b), exponent)
    fan = _Fan.around(corners)
    if octagon is None or fan is None:
        return None
    blocks = None
    if not exponent and min(len(points_a), len(points_b)) >= BLOCK_SHAPE:
        blocks = _blocks(points_a, points_b, corners, box)
    if blocks is None:
        x, y = _every(points_a, points_b, exponent)
        outside = np.flatnonzero(~fan.inside(x.ravel(), y.ravel()))
    else:
        rows, columns = blocks
        inside = fan.inside(*_differences(points_a, points_b, rows, columns, exponent))
        outside = rows[~inside] * len(points_b) + columns[~inside]
    kept = _distinct_sorted(np.concatenate((outside, octagon)))
    short = GEOS_REDUCE_SIZE + 1 - len(kept)
    if short > 0:
        first = np.arange(short + len(kept))
        kept = _distinct_sorted(np.concatenate((kept, first[~np.isin(first, kept)][:short])))
    return kept


def _compiled_kept(points_a: Any, points_b: Any, exponent: int) -> Any:
    """:func:`_kept`, by the compiled engine (``gjkcli/_hull.c``), which proves more
    differences inside by the same facts (a polygon of differences merged from the two
    sets' hulls, blocks taken four runs at a time first): fewer for GEOS to sort, the
    same hull. ``None`` where the engine is not active, the pair is handed to GEOS
    scaled (its differences are rounded by the scaling), or the engine leaves the
    choice to :func:`_kept`.

    >>> square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> _compiled_kept(square, square, 1) is None
    True
    """
    core = compiled()
    if core is None or exponent:
        return None
    found = core.hull_kept(
        np.ascontiguousarray(points_a, dtype=float),
        np.ascontiguousarray(points_b, dtype=float),
        CERTIFICATE_ROUNDING,
        UNDERFLOW,
        GEOS_REDUCE_SIZE + 1,
    )
    return None if found is None else np.frombuffer(found, dtype=np.int64)


def _distinct_sorted(values: Any) -> Any:
    """The distinct ``values``, sorted (as ``np.unique``, in less time on a few thousand).

    >>> _distinct_sorted(np.array([3, 1, 3, 2, 1])).tolist()
    [1, 2, 3]
    """
    ordered = np.sort(values)
    return ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))]


def _box(points_a: Any, points_b: Any, exponent: int) -> Any:
    """``(least x, least y, most x, most y)`` of the differences, to the bit: rounding
    is monotone, so the extreme differences are those of the extreme coordinates."""
    low = points_a.min(axis=0) - points_b.max(axis=0)
    high = points_a.max(axis=0) - points_b.min(axis=0)
    return np.ldexp(np.concatenate((low, high)), -exponent)


@functools.cache
def _directions() -> Any:
    """``DIRECTIONS`` unit vectors, one a row, counter-clockwise from ``+x``."""
    angles = np.arange(DIRECTIONS) * (2.0 * np.pi / DIRECTIONS)
    directions = np.column_stack((np.cos(angles), np.sin(angles)))
    directions.flags.writeable = False
    return directions


def _extremes(points_a: Any, points_b: Any) -> tuple[Any, Any]:
    """The points of ``A`` farthest along each direction and of ``B`` farthest against
    it (up to rounding: their differences need only be differences), in order of
    the directions."""
    farthest_a = np.argmax(_directions() @ points_a.T, axis=1)
    nearest_b = np.argmin(_directions() @ points_b.T, axis=1)
    return farthest_a, nearest_b


_OCTAGON_KEYS: Final = (0, 1, 2, 3, 0, 1, 2, 3)
"""GEOS's eight extreme points, in its order: the least ``x``, ``x - y``, the most
``y``, ``x + y``, ``x``, ``x - y``, the least ``y``, ``x + y`` (as :func:`_keys`
stacks them)..."""

_OCTAGON_MOST: Final = (False, False, True, True, True, True, False, False)
"""... and whether each is the most or the least of its key."""


def _keys(x: Any, y: Any) -> Any:
    """``x``, ``x - y``, ``y`` and ``x + y``, stacked, each rounded as GEOS rounds it."""
    return np.stack((x, x - y, y, x + y))


def _octagon(points_a: Any, points_b: Any, exponent: int, box: Any) -> Any:
    """The flat indices of GEOS's eight extreme points, as ``np.argmin`` / ``np.argmax``
    of each key over all the differences would find them (the first in order), or
    ``None`` when a key is not finite.

    The key of a difference is ``alpha_i - beta_j`` (``alpha`` the key of a point of
    ``A``, ``beta`` of ``B``) up to rounding, so row ``i``'s least key is about
    ``alpha_i - max beta``. Those estimates come from each shape's points less a
    point of its own (so that the rows within the margin of the best are few
    wherever the shapes lie), and are within ``3.1 eps`` times the shapes' sizes
    (the sum of their largest local coordinates) of the exact row extremes, less a
    constant common to all rows; a computed key is within ``2.1 eps`` times the
    differences' sizes of its exact value (plus ``2**(exponent - 1073)`` where
    scaling rounds). A row whose estimate is further than ``10.3 eps`` times the
    shapes' sizes plus ``4.2 eps`` times the differences' from the best row's
    therefore has every key beyond the extreme of all. The margin is ``4
    CERTIFICATE_ROUNDING`` (``32 eps``) times the two sizes together, plus
    :data:`UNDERFLOW` scaled. The rows within it for any of the eight are computed
    in full, as GEOS sees them, and the first extreme among them (in order) is the
    first of all.

    >>> square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> every = (square[:, None] - square[None, :]).reshape(-1, 2)
    >>> keys = _keys(every[:, 0], every[:, 1])
    >>> first = [np.argmax(k) if most else np.argmin(k)
    ...          for k, most in zip(keys[list(_OCTAGON_KEYS)], _OCTAGON_MOST)]
    >>> _octagon(square, square, 0, _box(square, square, 0)).tolist() == first
    True
    """
    local_a, local_b = points_a - points_a[0], points_b - points_b[0]
    alpha, beta = _keys(local_a[:, 0], local_a[:, 1]), _keys(local_b[:, 0], local_b[:, 1])
    least, most = alpha - beta.max(axis=1)[:, None], alpha - beta.min(axis=1)[:, None]
    sizes = np.abs(local_a).max(axis=0).sum() + np.abs(local_b).max(axis=0).sum()
    spread = np.ldexp(np.abs(box).reshape(2, 2).max(axis=0).sum(), exponent)
    margin = 4.0 * CERTIFICATE_ROUNDING * (sizes + spread) + np.ldexp(UNDERFLOW, exponent)
    if not (np.isfinite(least).all() and np.isfinite(most).all() and np.isfinite(margin)):
        return None
    near = (least <= least.min(axis=1)[:, None] + margin) | (
        most >= most.max(axis=1)[:, None] - margin
    )
    rows = np.flatnonzero(near.any(axis=0))
    columns = np.arange(len(points_b))[None, :]
    keys = _keys(*_differences(points_a, points_b, rows[:, None], columns, exponent))
    keys = keys.reshape(4, -1)
    if not np.isfinite(keys).all():
        return None
    key = np.array(_OCTAGON_KEYS)
    found = np.where(_OCTAGON_MOST, np.argmax(keys, axis=1)[key], np.argmin(keys, axis=1)[key])
    row, column = np.divmod(found, len(points_b))
    return rows[row] * len(points_b) + column


def _blocks(
    points_a: Any, points_b: Any, corners: tuple[Any, Any], box: Any
) -> tuple[Any, Any] | None:
    """The indices ``(i, j)`` of the differences in the blocks not proven inside
    (:func:`_proven_blocks`), with repeats where a run was padded; ``None`` when most
    blocks are not (as when one shape is far smaller than the other: its copies round
    the other's outline all lie near the hull's boundary), where testing every
    difference at once is faster."""
    proven = _proven_blocks(points_a, points_b, corners, box)
    if proven is None or not proven[0].mean() > 0.5:
        return None
    inside, order_a, order_b = proven
    runs_a, runs_b = np.nonzero(~inside)
    rows = np.repeat(order_a[runs_a], order_b.shape[1], axis=1)
    columns = np.tile(order_b[runs_b], (1, order_a.shape[1]))
    return rows.ravel(), columns.ravel()


def _proven_blocks(
    points_a: Any, points_b: Any, corners: tuple[Any, Any], box: Any
) -> tuple[Any, Any, Any] | None:
    """Which blocks are proven strictly left of every edge of the coarse polygon
    through ``corners`` (module notes), one row a run of ``A`` and one column a run of
    ``B``, and the runs (:func:`_runs`); ``None`` when the polygon has no area."""
    step = max(1, DIRECTIONS // BLOCK_EDGES)
    corner_x, corner_y = _distinct_ring(corners[0][::step], corners[1][::step])
    if len(corner_x) < 3:
        return None
    order_a, order_b = _runs(points_a), _runs(points_b)
    reference = points_a[0] - points_b[0]
    local_a, local_b = points_a - points_a[0], points_b - points_b[0]
    local_v = np.column_stack((corner_x - reference[0], corner_y - reference[1]))
    after = np.arange(1, len(corner_x) + 1) % len(corner_x)
    normals = np.column_stack((-(corner_y[after] - corner_y), corner_x[after] - corner_x))
    offsets = normals[:, 0] * local_v[:, 0] + normals[:, 1] * local_v[:, 1]
    least_a = (normals @ local_a.T)[:, order_a].min(axis=2)
    most_b = (normals @ local_b.T)[:, order_b].max(axis=2)
    sizes = (
        np.abs(local_a).max(axis=0)
        + np.abs(local_b).max(axis=0)
        + np.abs(local_v).max(axis=0)
        + np.abs(reference)
        + np.abs(box).reshape(2, 2).max(axis=0)
        + (box[2:] - box[:2])
    )
    lower = least_a - offsets[:, None]
    upper = most_b + _block_margins(normals, sizes)[:, None]
    return (lower[:, :, None] > upper[:, None, :]).all(axis=0), order_a, order_b


def _block_margins(normals: Any, sizes: Any) -> Any:
    """How much a block's least ``n . a`` less ``n . V_k`` (as computed) must exceed its
    most ``n . b`` plus this (as computed), along each edge normal ``n``, to prove
    every ``n . (p - V_k)`` of the block positive: ``2 CERTIFICATE_ROUNDING`` (16 eps)
    times ``|n_x| size_x + |n_y| size_y``, plus :data:`UNDERFLOW`. Each size adds up
    bounds on a coordinate of the local points of ``A`` and ``B``, of the local
    coarse polygon, of ``a0 - b0``, of the differences and of their extent; the
    roundings of the module notes cost at most 4.03 eps times that sum.

    >>> margins = _block_margins(np.array([[1.0, 0.0], [0.0, -2.0]]), np.array([4.0, 1.0]))
    >>> (margins == 2.0**-49 * np.array([4.0, 2.0])).tolist()
    [True, True]
    """
    return 2.0 * CERTIFICATE_ROUNDING * (np.abs(normals) @ sizes) + UNDERFLOW


def _runs(points: Any) -> Any:
    """The indices of ``points`` in runs of ``BLOCK`` (one row each, fewer points make
    one run), in order of their angle round the points' mean; the last run is padded
    with its last point."""
    size = min(BLOCK, len(points))
    centre = points.mean(axis=0)
    order = np.argsort(_pseudo_angle(points[:, 0] - centre[0], points[:, 1] - centre[1]))
    padded = np.full(-(-len(points) // size) * size, order[-1])
    padded[: len(order)] = order
    return padded.reshape(-1, size)


def _distinct_ring(x: Any, y: Any) -> tuple[Any, Any]:
    """The ring of points ``(x, y)`` without a point equal to the one before it
    (the last one coming before the first)."""
    before = np.arange(-1, len(x) - 1)
    moved = (x != x[before]) | (y != y[before])
    return x[moved], y[moved]


@dataclass(frozen=True)
class _Fan:
    """Triangles of a centre proven inside the hull of some differences and each two
    of those differences neighbouring by angle round it.

    A wedge is numbered as ``np.searchsorted`` numbers a pseudo-angle among the
    corners' (sorted; the first and the last both the wedge across ``-x``).
    :data:`WEDGE_BINS` bins of pseudo-angle (:func:`_bins`) each hold how many
    corners' lie in the bins below, so a wedge is found by one look-up and one
    comparison, and by a binary search only in a bin holding more than one
    corner's. (A wrong wedge, were
    rounding to give one, would only prove nothing.) Per wedge: the least and
    greatest pseudo-angles proven strictly between its sides (none across ``-x``)
    and its two corners."""

    centre: tuple[float, float]
    turns: Any
    below: Any
    after: Any
    before: Any
    start: tuple[Any, Any]
    end: tuple[Any, Any]

    @classmethod
    def around(cls, corners: tuple[Any, Any]) -> _Fan | None:
        """The fan of the ``corners`` (``(x, y)``, in counter-clockwise order of their
        directions, repeats allowed), or ``None`` when no centre is proven inside them."""
        corner_x, corner_y = _distinct_ring(*corners)
        if len(corner_x) < 3:
            return None
        # the centre: in a triangle of corners a third of the turn apart (rounding
        # may have put a corner out of order, so it is not checked against the
        # polygon), and off that triangle's centroid, a likely centre of symmetry:
        # many points of a symmetric set lie on lines through it, and those on a
        # side are not proven inside
        third = np.array([0, len(corner_x) // 3, 2 * len(corner_x) // 3])
        triangle_x, triangle_y = corner_x[third], corner_y[third]
        centre = (
            float(0.7 * triangle_x.mean() + 0.3 * triangle_x[0]),
            float(0.7 * triangle_y.mean() + 0.3 * triangle_y[0]),
        )
        after = (triangle_x[[1, 2, 0]], triangle_y[[1, 2, 0]])
        if not _left((triangle_x, triangle_y), after, centre).all():
            return None
        turns = _pseudo_angle(corner_x - centre[0], corner_y - centre[1])
        order = np.argsort(turns)
        turns = turns[order]
        # wedge w runs from sorted corner w - 1 to corner w; wedges 0 and len(turns)
        # from the last to the first
        starts = np.concatenate((order[-1:], order))
        ends = np.concatenate((order, order[:1]))
        usable = _left(
            centre, (corner_x[starts], corner_y[starts]), (corner_x[ends], corner_y[ends])
        )
        usable[[0, -1]] = False  # across -x, where the pseudo-angle jumps
        counts = np.bincount(_bins(turns[~np.isnan(turns)]), minlength=WEDGE_BINS)
        return cls(
            centre,
            np.concatenate((turns, [np.inf])),
            np.concatenate(([0], np.cumsum(counts[:-1]))),
            np.where(usable, np.concatenate(([0.0], turns)) + ANGLE_MARGIN, np.inf),
            np.concatenate((turns, [0.0])) - ANGLE_MARGIN,
            (corner_x[starts], corner_y[starts]),
            (corner_x[ends], corner_y[ends]),
        )

    def inside(self, x: Any, y: Any) -> Any:
        """Which differences ``(x, y)`` are proven strictly inside a triangle of the fan:
        strictly left of its edge, and strictly between its sides by their pseudo-angle
        or, where that cannot tell, by two orientations."""
        turns = _pseudo_angle(x - self.centre[0], y - self.centre[1])
        wedge = self.below.take(_bins(turns))
        wedge += self.turns.take(wedge) < turns
        short = np.flatnonzero(self.turns.take(wedge) < turns)  # a bin with two corners
        wedge[short] = np.searchsorted(self.turns, turns[short])
        start = (self.start[0].take(wedge), self.start[1].take(wedge))
        end = (self.end[0].take(wedge), self.end[1].take(wedge))
        inside: Any = _left(start, end, (x, y))
        between = (turns > self.after.take(wedge)) & (turns < self.before.take(wedge))
        doubtful = np.flatnonzero(inside & ~between)
        points = (x[doubtful], y[doubtful])
        start = (start[0][doubtful], start[1][doubtful])
        end = (end[0][doubtful], end[1][doubtful])
        inside[doubtful] = _left(self.centre, start, points) & _left(end, self.centre, points)
        return inside


def _bins(turns: Any) -> Any:
    """The bins of pseudo-angles, of :data:`WEDGE_BINS` from -2 to 2 (NaN in the first):
    a bin below another's holds only smaller pseudo-angles, the rounding of the
    product being monotone.

    >>> _bins(np.array([-2.0, -1.0, 0.0, 1.999, 2.0, np.nan])).tolist()
    [0, 1024, 2048, 4094, 4095, 0]
    """
    position = (turns + 2.0) * (WEDGE_BINS / 4.0)
    return np.fmin(np.fmax(position, 0.0), WEDGE_BINS - 1).astype(np.intp)


def _pseudo_angle(x: Any, y: Any) -> Any:
    """A number that grows with the direction angle of ``(x, y)`` from ``-2`` (towards
    ``-x``, from below) through ``0`` (``+x``) to ``2`` (``-x``, from above), cheaper
    than ``arctan2`` (NaN for the zero vector).

    Computed from ``x`` and ``y`` each rounded once, it is within ``5 eps`` of the
    exact pseudo-angle of the exact vector (plus ``2**-1074`` where the ratio is
    subnormal): the rounding of ``x`` and ``y`` moves the ratio ``|y| / |x|`` by
    ``2 eps`` relatively, and the value by a quarter of that at most; the sum, the
    division and the subtraction from 1 add ``eps``, ``eps`` and ``2 eps``; the sign
    is that of ``y``, which rounding keeps.

    >>> _pseudo_angle(np.array([1.0, 0.0, -1.0, 0.0]), np.array([0.0, 1.0, 1e-300, -1.0])).tolist()
    [0.0, 1.0, 2.0, -1.0]
    """
    return np.copysign(1.0 - x / (np.abs(x) + np.abs(y)), y)


def _left(start: tuple[Any, Any], end: tuple[Any, Any], points: tuple[Any, Any]) -> Any:
    """Whether each point ``(x, y)`` is proven strictly left of the line from ``start``
    to ``end`` (each ``(x, y)``, arrays or numbers, broadcast against each other).

    The orientation ``(end - start) x (point - start)`` is computed in floating point
    and accepted when it exceeds ``CERTIFICATE_ROUNDING`` times the sum of its two
    products' sizes, plus :data:`UNDERFLOW`: Shewchuk's bound on its rounding error is
    ``(3 + 16 eps) eps`` times that sum (``eps = 2**-53``), and the bound's own
    rounding is far below the rest of ``CERTIFICATE_ROUNDING = 8 eps``. NaN or
    infinity proves nothing.

    >>> heights = np.array([1e-300, 0.0, -1.0])
    >>> _left((0.0, 0.0), (1.0, 0.0), (np.full(3, 0.5), heights)).tolist()
    [True, False, False]
    """
    left = (end[0] - start[0]) * (points[1] - start[1])
    right = (end[1] - start[1]) * (points[0] - start[0])
    bound = CERTIFICATE_ROUNDING * (np.abs(left) + np.abs(right)) + UNDERFLOW
    return left - right > bound
