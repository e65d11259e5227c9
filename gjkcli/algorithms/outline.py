"""A polygon through a convex shape's support points, with a proven bound on its error.

Curved shapes have no vertices; wherever a polygon is needed (Shapely, the
Minkowski difference of curved shapes, pictures) it is traced through the
shape's support points, in counter-clockwise order of their directions.

**The bound.** Take two neighbouring support points ``p1`` and ``p2``, for
directions less than a quarter turn apart. The boundary of the shape between
them bulges beyond the chord ``p1 p2`` and stays inside the triangle of
``p1``, ``p2`` and the crossing of their tangent lines, whose angles at
``p1`` and ``p2`` are acute: each point of that boundary is as far from the
chord as from the chord's line. Along the chord's outward unit normal ``u``
nothing of the shape lies beyond its support point ``s(u)``, so the boundary
is at most ``u . (s(u) - p1)`` from the chord. That bound is attained:
``s(u)`` itself is that far from the polygon, which lies behind the chord's
line. So the error reported is the true error, up to rounding, whether the
boundary between ``p1`` and ``p2`` is round or a flat side (a capsule's, a
rounded rectangle's). Where a chord is so short that its normal is rounding
noise, its length bounds the error instead (that triangle is never higher
than its base).

**Refinement.** The directions start evenly spaced (``segments`` of them, at
least 4, so that neighbours are at most a quarter turn apart); the probe
``s(u)`` of every interval whose error exceeds ``relative_error`` times the
shape's size (the larger side of its bounding box) is added as a point, up to
``max_points``; when not all of them fit, those within a factor 2 of the
worst are added, if they fit. Round parts get evenly fine, flat sides need no
extra points.

**Many at once.** :func:`outlines` traces many shapes in rounds side by side:
each round probes every interval of every shape still being refined, and each
shape stops by its own rule above, after which the others go on without it.
A shape that goes on gains at least one point in each round and never passes
``max_points``, so every shape has stopped within ``max_points - segments + 1``
rounds (one, if ``max_points`` is the smaller), and the rounds are capped
there. (:func:`outline` is :func:`outlines` for one shape.)

**The frame.** Support points far from the origin carry the rounding of
their coordinates, which for a small shape far out dwarfs the shape itself
(an ellipse 0.002 wide at 1e10 would get a bound of billions). So the shape is
traced moved to its own centre (the centre of a polytope's bounding box,
where it lies farther out than the box is wide, carried through maps and
differences), where the rounding of a support point
is relative to the shape's size, and is bounded as it is computed. The polygon
is then moved back, and the bound widened by what that costs: how far the
centre may be from the exact one (its own rounding, through maps and
differences), and the rounding of each moved coordinate (measured exactly, at
most half a unit in the last place). Every point of the shape is therefore
within :attr:`Outline.error` of the polygon, and the polygon's points lie on
the shape's boundary to within the same rounding: *inside* the shape, to
within the rounding of its coordinates.

The support points are computed in bulk with NumPy, for all the shapes of one
structure at once (polytopes of one vertex count, and rounded or mapped
shapes and differences built of such), following the same rules as the
shapes' own support functions (a polytope's farthest vertex, a rounded core
pushed out by its radius, a mapped shape through the transposed map, a
Minkowski difference as a difference of supports); a test keeps the two in
step. Every step works row by row or shape by shape, and the matrix products
are formed as for the shape alone (:func:`_products`), so each shape's outline
is the same, to the bit, whatever else is traced with it.

**Compiled.** With the compiled engine active, the commonest curved shapes, a
polytope grown by a disc or mapped, in any nesting (circles, capsules, rounded
polygons, ellipses, margins round them), are traced by its copy of these steps
(``gjkcli/_outline.c``, :func:`_compiled`), shape by shape, with the same operations
in the same order: the same outlines, to the bit. The steps whose rounding it cannot
copy decide nothing there: a farthest vertex in doubt between BLAS's products and its
own, or a probe's angle within a billionth of its interval's sides, leaves the shape to
the NumPy; and the maps' products, which BLAS may fuse, are formed as this NumPy forms
them, which is checked once (:func:`_compiled_products_agree`), mapped shapes being
traced in NumPy where it does not hold.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.engine import compiled
from gjkcli.shapes.affine import Transformed, rotation
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import open_ring
from gjkcli.shapes.rounded import Rounded
from gjkcli.tolerances import CURVE_ERROR_RELATIVE, CURVE_MAX_POINTS, CURVE_SEGMENTS, rounding

__all__ = ["Outline", "outline", "outlines", "supports"]

_TURN = 2.0 * np.pi


@dataclass(frozen=True)
class Outline:
    """Support points in counter-clockwise order of their directions, and the error bound.

    ``points`` is an ``(n, 2)`` array; consecutive points may coincide (a
    polytope's vertex serves a whole range of directions). Every point of the
    shape is within ``error`` of the polygon through them, and they lie on the
    shape's boundary to within the rounding of their coordinates.
    """

    points: Any
    error: float

    def ring(self) -> list[Vec]:
        """The distinct points, in order, as an open ring of float pairs.

        >>> from gjkcli.shapes import Polytope
        >>> square = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
        >>> outline(square, segments=8).ring()
        [(1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)]
        """
        ring: list[Vec] = []
        for x, y in self.points.tolist():
            if not ring or ring[-1] != (x, y):
                ring.append((x, y))
        return open_ring(ring)

    def polygon(self) -> tuple[list[Vec], float]:
        """The stand-in's vertices and its error bound.

        The ring, or, when it spans no area beyond the error bound (a shape
        flattened to a segment, whose traced points lie on a line only to
        within rounding), its two farthest points, or, when it spans no length
        either, one point; the bound then grows by the farthest any traced
        point is from them.

        >>> from gjkcli.shapes import ellipse
        >>> flat = outline(ellipse((0.0, 0.0), (2.0, 0.0)))
        >>> flat.ring()  # the support points up and down are the centre
        [(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0), (0.0, 0.0)]
        >>> vertices, error = flat.polygon()
        >>> vertices, bool(error < 1e-13)
        ([(-2.0, 0.0), (2.0, 0.0)], True)
        """
        ring = self.ring()
        if len(ring) < 3:
            return ring, self.error
        points = np.array(ring)
        first = points[np.argmax(np.hypot(*(points - points[0]).T))]
        reach = np.hypot(*(points - first).T)
        if reach.max() <= self.error:
            return [(float(first[0]), float(first[1]))], self.error + float(reach.max())
        last = points[np.argmax(reach)]
        width = float(_distances_to_segment(points, first, last).max())
        if width > self.error:
            return ring, self.error
        ends = sorted([(float(first[0]), float(first[1])), (float(last[0]), float(last[1]))])
        return ends, self.error + width


def outline(
    shape: ConvexShape,
    segments: int = CURVE_SEGMENTS,
    relative_error: float = CURVE_ERROR_RELATIVE,
    max_points: int = CURVE_MAX_POINTS,
) -> Outline:
    """Trace ``shape`` through its support points (see the module notes): :func:`outlines`
    for one shape.

    >>> from gjkcli.shapes import circle
    >>> traced = outline(circle((0.0, 0.0), 1.0), segments=4, relative_error=1.0)
    >>> traced.points.tolist(), round(traced.error, 12)  # 1 - cos 45 degrees
    ([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]], 0.292893218813)

    Far from the origin the bound stays the size of the shape's own error,
    plus the rounding of the coordinates there (here 1e10 has 2e-6 per unit):

    >>> far = outline(circle((1e10, 0.0), 1e-3))
    >>> bool(far.error < 1e-5)
    True
    """
    return outlines([shape], segments, relative_error, max_points)[0]


def outlines(
    shapes: Sequence[ConvexShape],
    segments: int = CURVE_SEGMENTS,
    relative_error: float = CURVE_ERROR_RELATIVE,
    max_points: int = CURVE_MAX_POINTS,
) -> list[Outline]:
    """Trace many shapes at once, in rounds run side by side (see the module notes).

    Each outline, to the bit, is the one the shape gets traced alone, whatever
    else is traced with it; so shapes equal to the bit (the same numbers in the same
    structure, as the two sides of a pair of identical shapes) are traced once, and
    each gets a copy.

    >>> from gjkcli.shapes import capsule, circle, ellipse
    >>> shapes = [circle((0.0, 0.0), 1.0), capsule((0.0, 0.0), (9.0, 0.0), 1.0)]
    >>> traced = outlines(shapes + [ellipse((0.0, 0.0), (3.0, 1.0))])
    >>> [len(t.points) for t in traced]
    [512, 258, 504]
    >>> alone = [outline(shape) for shape in shapes]
    >>> [a.error == t.error and np.array_equal(a.points, t.points) for a, t in zip(alone, traced)]
    [True, True]
    """
    if segments < 4:
        raise ValueError(f"at least 4 directions are needed, got {segments}")
    if not shapes:
        return []
    firsts: dict[tuple[Any, ...], int] = {}
    twin_of: dict[int, int] = {}  # a shape's index, to the first of its key's
    for index, shape in enumerate(shapes):
        try:
            key = _key(shape)
        except (TypeError, ValueError):  # numbers the tracing will refuse in its own words
            key = None
        if key is not None:
            twin_of[index] = firsts.setdefault(key, index)
    alone = [index for index in range(len(shapes)) if twin_of.get(index, index) == index]
    if len(alone) < len(shapes):  # twins: each traced once
        traced = _traced([shapes[i] for i in alone], segments, relative_error, max_points)
        found = dict(zip(alone, traced, strict=True))
        return [
            found[index] if index in found else _copied(found[twin_of[index]])
            for index in range(len(shapes))
        ]
    return _traced(shapes, segments, relative_error, max_points)


def _traced(
    shapes: Sequence[ConvexShape], segments: int, relative_error: float, max_points: int
) -> list[Outline]:
    """:func:`outlines` of distinct shapes (at least one): those the compiled engine
    traces (:func:`_compiled`), and the others in NumPy."""
    found = _compiled(shapes, segments, relative_error, max_points)
    rest = [index for index, traced in enumerate(found) if traced is None]
    if rest:
        others = _traced_numpy(
            [shapes[index] for index in rest], segments, relative_error, max_points
        )
        for index, traced in zip(rest, others, strict=True):
            found[index] = traced
    return [traced for traced in found if traced is not None]


def _compiled(
    shapes: Sequence[ConvexShape], segments: int, relative_error: float, max_points: int
) -> list[Outline | None]:
    """The outlines the compiled engine traces (``gjkcli/_outline.c``): those of a polytope
    grown by a disc or mapped, in any nesting (circles, capsules, rounded polygons,
    ellipses, margins round them), the same to the bit as :func:`_traced_numpy` traces
    them, through the same steps; ``None`` for the other shapes, for those it leaves to
    the NumPy, for mapped ones where its products are not NumPy's
    (:func:`_compiled_products_agree`), and all of them where the engine is not active.

    >>> from gjkcli.shapes import circle, ellipse
    >>> from gjkcli.algorithms.support import MinkowskiDifference
    >>> shapes = [circle((1.0, 2.0), 3.0), ellipse((0.0, 0.0), (3.0, 1.0), 30.0)]
    >>> shapes.append(MinkowskiDifference(shapes[0], shapes[1]))
    >>> found = _compiled(shapes, CURVE_SEGMENTS, CURVE_ERROR_RELATIVE, CURVE_MAX_POINTS)
    >>> found[2] is None
    True
    >>> expected = _traced_numpy(shapes[:2], CURVE_SEGMENTS, CURVE_ERROR_RELATIVE, 4096)
    >>> [
    ...     traced is None or (np.array_equal(traced.points, wanted.points)
    ...                        and traced.error == wanted.error)
    ...     for traced, wanted in zip(found, expected)
    ... ]
    [True, True]
    """
    found: list[Outline | None] = [None] * len(shapes)
    core = compiled()
    if core is None:
        return found
    mapped = _compiled_products_agree()
    chains = {index: _chain(shape, mapped) for index, shape in enumerate(shapes)}
    chosen = {index: chain for index, chain in chains.items() if chain is not None}
    if not chosen:
        return found
    angles, normals = _even_directions(segments)
    points, point_counts, bounds = core.trace_chains(
        np.array([number for chain in chosen.values() for number in chain], dtype=float),
        np.array([len(chain) for chain in chosen.values()], dtype=np.int64),
        normals,
        angles,
        relative_error,
        max_points,
        rounding(1.0),
    )
    traced = np.frombuffer(points, dtype=float).reshape(-1, 2)
    start = 0
    for index, count, bound in zip(
        chosen,
        np.frombuffer(point_counts, dtype=np.int64).tolist(),
        np.frombuffer(bounds).tolist(),
        strict=True,
    ):
        if count >= 0:
            found[index] = Outline(traced[start : start + count].copy(), bound)
            start += count
    return found


def _chain(shape: ConvexShape, mapped: bool) -> list[Any] | None:
    """A shape as ``_outline.c`` reads it: each link, outermost first, as its kind (2 a
    map, 1 a disc, innermost 0 a polytope) and its numbers (a map's matrix by rows and
    offset, a disc's radius, a polytope's vertex count and vertices); ``None`` for a
    shape of another structure, or one with a map when ``mapped`` is false."""
    chain: list[Any] = []
    while len(chain) < 50:
        if type(shape) is Polytope:
            return [
                *chain,
                0,
                len(shape.vertices),
                *(c for vertex in shape.vertices for c in vertex),
            ]
        if type(shape) is Rounded:
            chain += [1, shape.radius]
            shape = shape.core
        elif type(shape) is Transformed and mapped:
            chain += [2, *shape.affine.matrix, *shape.affine.offset]
            shape = shape.inner
        else:
            return None
    return None


@functools.cache
def _compiled_products_agree() -> bool:
    """Whether the products ``_outline.c`` forms for maps (a row times a matrix or its
    transpose, a matrix times a vector) are, to the bit, those NumPy's matmul forms here
    as :func:`_products` and :meth:`_MappedShapes.centres` call it: BLAS fuses some
    multiplications and additions, which ones depending on the library and the number
    of rows. Asked once, on random rows of every size the tracing meets (one, and
    more); where they differ, mapped shapes are traced in NumPy.

    >>> _compiled_products_agree() in (True, False)
    True
    """
    core = compiled()
    if core is None:
        return False
    generator = np.random.default_rng(15)
    for count in (1, 2, 3, 4, 7, 16, 255, 512):
        rows = generator.standard_normal((count, 2)) * 10.0 ** generator.uniform(-3, 3, (count, 1))
        matrix = generator.standard_normal((1, 2, 2))
        flat = np.ascontiguousarray(matrix.reshape(4))
        expected = [
            _products(rows, _Rows([count]), matrix),
            _products(rows, _Rows([count]), matrix, transpose=True),
            np.matmul(matrix, rows[:, :, None])[:, :, 0],
        ]
        for kind, wanted in enumerate(expected):
            found = np.frombuffer(core.outline_products(kind, rows, flat)).reshape(-1, 2)
            if found.tobytes() != np.ascontiguousarray(wanted).tobytes():
                return False
    return True


def _traced_numpy(
    shapes: Sequence[ConvexShape], segments: int, relative_error: float, max_points: int
) -> list[Outline]:
    """:func:`outlines` of distinct shapes (at least one), in NumPy."""
    kinds = _Kinds(shapes)
    centres, centre_errors = kinds.centres()
    angles, normals = _even_directions(segments)
    active = np.arange(len(shapes))  # the shapes still being refined, in the order of `kinds`
    rows = _Rows(np.full(len(shapes), segments))
    angles = np.tile(angles, len(shapes))
    points, noise = kinds.supports(active, rows, np.tile(normals, (len(shapes), 1)))
    target = relative_error * _size(points, rows)
    traced: dict[int, Outline] = {}
    rounds = max(max_points - segments, 0) + 1  # the cap (see the module notes)
    for round_number in range(rounds):
        probes = _probe(kinds, active, rows, angles, points)
        noise = np.where(probes.noise > noise, probes.noise, noise)  # max(noise, probes')
        worst = np.maximum.reduceat(probes.errors, rows.starts)
        coarse = (probes.errors > rows.spread(target)) & probes.insertable
        added = rows.count(coarse)
        full = rows.counts + added > max_points
        if full.any():  # not all fit: those near the worst?
            near = (probes.errors > rows.spread(worst / 2.0)) & probes.insertable
            coarse = np.where(rows.spread(full), near, coarse)
            added = np.where(full, rows.count(near), added)
        going = (worst > target) & (added > 0) & (rows.counts + added <= max_points)
        going &= round_number + 1 < rounds  # none is still going at the cap
        if not going.all():
            done = ~going
            positions = active[done]
            local_error = worst[done] + 2.0 * noise[done]
            centred = (centres[positions], centre_errors[positions])
            finished = _finish(points, rows, done, local_error, centred)
            for position, traced_one in zip(positions.tolist(), finished, strict=True):
                traced[int(kinds.order[position])] = traced_one
            if not going.any():
                break
        # a probe lies strictly between its interval's two directions: added right after
        # the first, it leaves the angles in increasing order, as sorting them would
        kept = slice(None) if going.all() else rows.spread(going)
        new = coarse[kept]
        width = 1 + new
        place = np.cumsum(width) - width
        angles = _interleaved(angles[kept], probes.angles[kept][new], place, place[new] + 1)
        points = _interleaved(points[kept], probes.points[kept][new], place, place[new] + 1)
        active, rows = active[going], _Rows((rows.counts + added)[going])
        noise, target = noise[going], target[going]
    return [traced[index] for index in range(len(shapes))]


@functools.cache
def _even_directions(segments: int) -> tuple[Any, Any]:
    """Evenly spaced angles and their unit directions, exact at the quarter turns.

    Cached and read-only: every outline starts from the same directions.
    """
    angles = np.linspace(0.0, _TURN, segments, endpoint=False)
    normals = np.array([rotation(360.0 * k / segments) for k in range(segments)])
    angles.flags.writeable = normals.flags.writeable = False
    return angles, normals


def supports(shape: ConvexShape, directions: Any) -> Any:
    """Support points of ``shape`` for each row of ``directions`` (an ``(n, 2)`` array).

    >>> from gjkcli.shapes import capsule
    >>> supports(capsule((0.0, 0.0), (4.0, 0.0), 1.0), np.array([[1.0, 0.0], [0.0, -2.0]]))
    array([[ 5.,  0.],
           [ 0., -1.]])
    """
    directions = np.ascontiguousarray(directions, dtype=float).reshape(-1, 2)
    kinds = _Kinds([shape])
    local, _ = kinds.supports(np.zeros(1, dtype=np.intp), _Rows([len(directions)]), directions)
    return _moved(local, kinds.centres()[0][0])[0]


def _finish(
    points: Any, rows: _Rows, done: Any, local_error: Any, centred: tuple[Any, Any]
) -> list[Outline]:
    """The outlines of the shapes that are ``done``, moved back from their centres (the
    first of ``centred``; the second is how far each may be from the exact one), with
    their bounds.

    ``local_error`` is, for each of them, the bound around its centre: the worst
    interval's, plus twice the noise (the probes' and the chords' points are each
    within it of the exact ones); the bound is computed with rounding of the size,
    and widened by the centre's own error and the rounding of each moved coordinate.
    """
    if done.all():
        finished, local = rows, points
    else:
        finished, local = _Rows(rows.counts[done]), points[rows.spread(done)]
    centres, centre_errors = centred
    placed, moved = _moved(local, finished.spread(centres))
    error = local_error + rounding(_largest(local, finished)) + centre_errors
    error = error + _segment_max(moved, finished)
    error = np.where(np.isfinite(error), error, np.inf)
    return [
        Outline(placed[start:end], bound)
        for start, end, bound in zip(
            finished.starts.tolist(), finished.ends.tolist(), error.tolist(), strict=True
        )
    ]


def _interleaved(old: Any, new: Any, old_places: Any, new_places: Any) -> Any:
    """``old`` and ``new`` rows (or values) merged, each at its given place."""
    merged = np.empty((len(old) + len(new), *old.shape[1:]), dtype=old.dtype)
    merged[old_places] = old
    merged[new_places] = new
    return merged


class _Rows:
    """How the rows of a flat array are shared out: the first ``counts[0]`` rows belong
    to the first shape, and so on."""

    def __init__(self, counts: Any) -> None:
        self.counts = np.asarray(counts, dtype=np.intp)
        self.ends = np.cumsum(self.counts)
        self.starts = self.ends - self.counts

    @functools.cached_property
    def owner(self) -> Any:
        """Each row's shape."""
        return np.repeat(np.arange(len(self.counts)), self.counts)

    def spread(self, values: Any) -> Any:
        """One value (or row) per shape, repeated for each of its rows."""
        return np.repeat(values, self.counts, axis=0)

    def count(self, flags: Any) -> Any:
        """How many rows of each shape are flagged (no shape without rows)."""
        return np.add.reduceat(flags, self.starts, dtype=np.intp)

    def following(self, values: Any, last: Any) -> Any:
        """Each row's next one, round its shape's ring, or ``last`` for its last row."""
        after = np.empty_like(values)
        after[:-1] = values[1:]
        after[self.ends - 1] = last
        return after


@dataclass(frozen=True)
class _Probes:
    """Per interval between neighbouring points (all shapes' in a row): the error bound,
    and the support point along the chord's normal (its angle, and whether it lies
    strictly between the two directions, so that it can be added in order); and per
    shape, the noise of those support points."""

    errors: Any
    points: Any
    angles: Any
    insertable: Any
    noise: Any


def _probe(kinds: _Kinds, active: Any, rows: _Rows, angles: Any, points: Any) -> _Probes:
    """The error bound of each interval, from the support point along its chord's normal.

    Where both ends are the same point, the boundary between them is that one
    point (a corner, or the whole of a shape of size 0), and the error is 0.
    """
    following = rows.following(points, points[rows.starts])
    chord = following - points
    length = np.hypot(chord[:, 0], chord[:, 1])
    moving = length > 0.0
    every = moving.all()
    take = slice(None) if every else np.flatnonzero(moving)
    normals = np.column_stack((chord[take, 1], -chord[take, 0])) / length[take, None]
    sharing = rows if every else _Rows(rows.count(moving))
    found, noise = kinds.supports(active, sharing, normals)
    reach = np.maximum(
        np.einsum("ij,ij->i", normals, found - points[take]),
        np.einsum("ij,ij->i", normals, found - following[take]),
    )
    errors = np.zeros(len(points))
    errors[take] = np.minimum(np.maximum(reach, 0.0), length[take])
    start = angles[take]
    end = rows.following(angles, _TURN)[take]  # the next direction's, or a full turn
    turn = np.arctan2(normals[:, 1], normals[:, 0]) % _TURN
    turn = np.where(turn < start, turn + _TURN, turn)
    inside = np.zeros(len(points), dtype=bool)
    inside[take] = (start < turn) & (turn < end)
    probe_points = np.zeros_like(points)
    probe_points[take] = found
    probe_angles = np.zeros(len(points))
    probe_angles[take] = turn % _TURN
    return _Probes(errors, probe_points, probe_angles, inside, noise)


class _Group(Protocol):
    """Shapes of one structure, whose support points are computed together."""

    def centres(self) -> tuple[Any, Any]:
        """Each shape's centre (an ``(n, 2)`` array), and how far it may be from the exact
        one (see :meth:`_Kinds.centres`)."""

    def supports(self, members: Any, rows: _Rows, directions: Any) -> tuple[Any, Any]:
        """Support points relative to the centres, for the shapes at ``members`` (each its
        rows of ``directions``), and a bound on their rounding per shape."""


class _Kinds:
    """The shapes of one call, grouped by structure (:func:`_signature`); the groups' shapes
    in a row make the order of every array of shapes here (``order`` gives each one's
    index in the call)."""

    def __init__(self, shapes: Sequence[ConvexShape]) -> None:
        grouped: dict[tuple[Any, ...], list[int]] = {}
        for index, shape in enumerate(shapes):
            grouped.setdefault(_signature(shape), []).append(index)
        self.order = np.array([index for indices in grouped.values() for index in indices])
        self.groups = [_group([shapes[index] for index in indices]) for indices in grouped.values()]
        self.bounds = np.cumsum([0] + [len(indices) for indices in grouped.values()])

    def centres(self) -> tuple[Any, Any]:
        """The point each shape is traced around, and how far it may be from the exact one.

        A polytope's is the centre of its bounding box where that is far out
        (whatever float that comes to: it is the centre by definition); a
        rounded shape's is its core's; a mapped shape's is the image of its
        inner shape's, and a difference's the difference of its shapes', each
        with the rounding of computing it.
        """
        found = [group.centres() for group in self.groups]
        return np.concatenate([c for c, _ in found]), np.concatenate([e for _, e in found])

    def supports(self, active: Any, rows: _Rows, directions: Any) -> tuple[Any, Any]:
        """Support points relative to the centres of the shapes at ``active`` (ascending),
        each for its rows of ``directions``, and a bound on their rounding per shape.

        The rounding is relative to the numbers each step combines, which are the
        size of the shape (not its distance from the origin), except for a shape
        of unknown kind, which is asked for its support points where it lies.
        """
        if len(self.groups) == 1:
            return self.groups[0].supports(active, rows, directions)
        cuts = np.searchsorted(active, self.bounds)
        row_cuts = np.concatenate(([0], rows.ends))[cuts]
        found = [
            group.supports(
                active[cuts[g] : cuts[g + 1]] - self.bounds[g],
                _Rows(rows.counts[cuts[g] : cuts[g + 1]]),
                directions[row_cuts[g] : row_cuts[g + 1]],
            )
            for g, group in enumerate(self.groups)
            if cuts[g] < cuts[g + 1]
        ]
        if len(found) == 1:
            return found[0]
        return np.concatenate([p for p, _ in found]), np.concatenate([n for _, n in found])


def _key(shape: ConvexShape) -> tuple[Any, ...] | None:
    """Everything a shape's outline is traced from, to the bit (``None`` for a shape of
    unknown kind): two shapes of one key have the same outline.

    It holds the bytes of the numbers as the tracing reads them (``float64`` arrays of
    the vertices, radii, matrices and offsets), in the structure :func:`_signature`
    follows, so ``-0.0`` is not ``0.0``.

    >>> from gjkcli.shapes import circle
    >>> _key(circle((1.0, 0.0), 2.0)) == _key(circle((1.0, 0.0), 2.0))
    True
    >>> _key(circle((1.0, 0.0), 2.0)) == _key(circle((1.0, -0.0), 2.0))
    False
    """
    if isinstance(shape, Polytope):
        return ("polytope", _bits(shape.vertices))
    if isinstance(shape, Rounded):
        core = _key(shape.core)
        return None if core is None else ("rounded", core, _bits(shape.radius))
    if isinstance(shape, Transformed):
        inner, affine = _key(shape.inner), shape.affine
        return None if inner is None else ("mapped", inner, _bits(affine.matrix, affine.offset))
    if isinstance(shape, MinkowskiDifference):
        a, b = _key(shape.a), _key(shape.b)
        return None if a is None or b is None else ("difference", a, b)
    return None


def _bits(*numbers: Any) -> tuple[bytes, ...]:
    """The ``float64`` bytes of each of ``numbers`` (a number or nested sequences)."""
    return tuple(np.asarray(found, dtype=float).tobytes() for found in numbers)


def _copied(traced: Outline) -> Outline:
    """A twin's outline: the same, with points of its own."""
    return Outline(traced.points.copy(), traced.error)


def _signature(shape: ConvexShape) -> tuple[Any, ...]:
    """The structure of a shape: shapes of the same one are traced together."""
    if isinstance(shape, Polytope):
        return ("polytope", len(shape.vertices))
    if isinstance(shape, Rounded):
        return ("rounded", _signature(shape.core))
    if isinstance(shape, Transformed):
        return ("mapped", _signature(shape.inner))
    if isinstance(shape, MinkowskiDifference):
        return ("difference", _signature(shape.a), _signature(shape.b))
    return ("other",)


def _group(shapes: list[Any]) -> _Group:
    """The group of ``shapes``, all of one :func:`_signature`."""
    kind = _signature(shapes[0])[0]
    if kind == "polytope":
        return _Polytopes(shapes)
    if kind == "rounded":
        return _RoundedShapes(shapes)
    if kind == "mapped":
        return _MappedShapes(shapes)
    if kind == "difference":
        return _Differences(shapes)
    return _OtherShapes(shapes)


class _Polytopes:
    """Polytopes of one vertex count: the farthest vertex, found in the frame of the shape
    too (far out, the products with the coordinates themselves would round by more than
    the vertices differ)."""

    def __init__(self, shapes: list[Polytope]) -> None:
        vertices = np.array([shape.vertices for shape in shapes], dtype=float)
        self.centre = _box_centre(vertices)
        self.local = vertices - self.centre[:, None, :]
        self.noise: Any = rounding(np.abs(self.local).max(axis=(1, 2)))

    def centres(self) -> tuple[Any, Any]:
        return self.centre, np.zeros(len(self.centre))

    def supports(self, members: Any, rows: _Rows, directions: Any) -> tuple[Any, Any]:
        local = self.local[members]
        if local.shape[1] == 1:  # one vertex: it is the farthest, whatever the products
            return rows.spread(local[:, 0]), self.noise[members]
        farthest = np.argmax(_products(directions, rows, local, transpose=True), axis=1)
        chosen = rows.owner * local.shape[1] + farthest  # among all the members' vertices
        return np.take(local.reshape(-1, 2), chosen, axis=0), self.noise[members]


class _RoundedShapes:
    """Rounded shapes of one core structure: the core's support point pushed out by the
    radius."""

    def __init__(self, shapes: list[Rounded]) -> None:
        self.core = _group([shape.core for shape in shapes])
        self.radius = np.array([shape.radius for shape in shapes], dtype=float)

    def centres(self) -> tuple[Any, Any]:
        return self.core.centres()

    def supports(self, members: Any, rows: _Rows, directions: Any) -> tuple[Any, Any]:
        core, noise = self.core.supports(members, rows, directions)
        radius = self.radius[members]
        lengths = np.hypot(directions[:, 0], directions[:, 1])[:, None]
        with np.errstate(invalid="ignore", divide="ignore"):
            push = np.where(lengths > 0.0, directions / lengths * rows.spread(radius)[:, None], 0.0)
        return core + push, noise + rounding(_largest(core, rows) + radius)


class _MappedShapes:
    """Mapped shapes of one inner structure: the inner shape's support point for the
    direction through the transposed map, mapped (the offset is in the centre)."""

    def __init__(self, shapes: list[Transformed]) -> None:
        self.inner = _group([shape.inner for shape in shapes])
        matrices = np.array([shape.affine.matrix for shape in shapes], dtype=float)
        self.matrix = matrices.reshape(-1, 2, 2)
        self.offset = np.array([shape.affine.offset for shape in shapes], dtype=float)
        # the Frobenius norm, at least the most the map can stretch a vector
        columns = np.hypot(self.matrix[:, 0], self.matrix[:, 1])
        self.norm = np.hypot(columns[:, 0], columns[:, 1])

    def centres(self) -> tuple[Any, Any]:
        inner, inner_error = self.inner.centres()
        centre = np.matmul(self.matrix, inner[:, :, None])[:, :, 0] + self.offset
        products = np.matmul(np.abs(self.matrix), np.abs(inner)[:, :, None])[:, :, 0].sum(axis=1)
        # the products and their sum round relative to their size; adding the offset, by
        # half a unit in the last place of the result, unless there was nothing to add
        adding = np.where(products > 0.0, _half_ulps(centre), 0.0)
        return centre, self.norm * inner_error + rounding(products) + adding

    def supports(self, members: Any, rows: _Rows, directions: Any) -> tuple[Any, Any]:
        matrix = self.matrix[members]
        inner, noise = self.inner.supports(members, rows, _products(directions, rows, matrix))
        terms = _larger(_products(np.abs(inner), rows, np.abs(matrix), transpose=True))
        points = _products(inner, rows, matrix, transpose=True)
        return points, self.norm[members] * noise + rounding(_segment_max(terms, rows))


class _Differences:
    """Minkowski differences of one structure: a difference of supports."""

    def __init__(self, shapes: list[MinkowskiDifference]) -> None:
        self.a = _group([shape.a for shape in shapes])
        self.b = _group([shape.b for shape in shapes])

    def centres(self) -> tuple[Any, Any]:
        centre_a, error_a = self.a.centres()
        centre_b, error_b = self.b.centres()
        centre = centre_a - centre_b
        return centre, error_a + error_b + _half_ulps(centre)

    def supports(self, members: Any, rows: _Rows, directions: Any) -> tuple[Any, Any]:
        part_a, noise_a = self.a.supports(members, rows, directions)
        part_b, noise_b = self.b.supports(members, rows, -directions)
        local = part_a - part_b
        return local, noise_a + noise_b + rounding(_largest(local, rows))


class _OtherShapes:
    """Shapes of unknown kind, asked for their support points one by one, where they lie."""

    def __init__(self, shapes: list[ConvexShape]) -> None:
        self.shapes = shapes

    def centres(self) -> tuple[Any, Any]:
        return np.zeros((len(self.shapes), 2)), np.zeros(len(self.shapes))

    def supports(self, members: Any, rows: _Rows, directions: Any) -> tuple[Any, Any]:
        asked = np.repeat(members, rows.counts).tolist()
        found = np.array(
            [
                self.shapes[m].support((x, y))
                for m, (x, y) in zip(asked, directions.tolist(), strict=True)
            ],
            dtype=float,
        ).reshape(-1, 2)
        return found, rounding(_largest(found, rows))


def _products(left: Any, rows: _Rows, right: Any, transpose: bool = False) -> Any:
    """Each shape's rows of ``left`` times its matrix in ``right`` (or that matrix
    transposed), formed as one shape's ``rows @ matrix`` forms them.

    Whether a matrix product fuses its multiplications and additions, and in which
    order, depends on the BLAS routine NumPy picks for its shape (one row or more),
    so the shapes that have the same number of rows are multiplied together, each
    by its own call of the same routine (NumPy's stacked product), and a shape's
    points never depend on what else is traced with it.
    """
    columns = right.shape[1] if transpose else right.shape[2]
    if len(rows.counts) == 1 or (rows.counts[1:] == rows.counts[0]).all():
        # as many rows each: the products of a view, in one call
        stacked = left.reshape(len(rows.counts), -1, 2)
        return np.matmul(stacked, right.transpose(0, 2, 1) if transpose else right).reshape(
            -1, columns
        )
    out = np.empty((len(left), columns))
    for count in np.unique(rows.counts).tolist():
        if count == 0:
            continue
        which = np.flatnonzero(rows.counts == count)
        index = rows.starts[which, None] + np.arange(count)
        matrices = right[which]
        out[index] = np.matmul(left[index], matrices.transpose(0, 2, 1) if transpose else matrices)
    return out


def _largest(points: Any, rows: _Rows) -> Any:
    """The largest absolute coordinate of each shape's rows (0 for a shape without any)."""
    return _segment_max(_larger(np.abs(points)), rows)


def _larger(pairs: Any) -> Any:
    """The larger of each row's two values (NaN if either is), as ``pairs.max(axis=1)``
    gives it, in a fraction of its time."""
    return np.maximum(pairs[:, 0], pairs[:, 1])


def _size(points: Any, rows: _Rows) -> Any:
    """The larger side of the bounding box of each shape's rows (each has some)."""
    xs, ys = points[:, 0], points[:, 1]
    width = np.maximum.reduceat(xs, rows.starts) - np.minimum.reduceat(xs, rows.starts)
    height = np.maximum.reduceat(ys, rows.starts) - np.minimum.reduceat(ys, rows.starts)
    return np.maximum(width, height)


def _segment_max(values: Any, rows: _Rows) -> Any:
    """The largest of each shape's ``values`` (0 for a shape without any)."""
    filled = rows.counts > 0
    if filled.all():
        return np.maximum.reduceat(values, rows.starts)
    found = np.zeros(len(rows.counts))
    if filled.any():
        found[filled] = np.maximum.reduceat(values, rows.starts[filled])
    return found


def _moved(local: Any, centre: Any) -> tuple[Any, Any]:
    """``local + centre``, and how far rounding moved each point, measured exactly (the
    error of each sum, by Knuth's two-sum, is a float itself)."""
    placed = local + centre
    back = placed - local
    lost = (local - (placed - back)) + (centre - back)
    return placed, np.hypot(lost[:, 0], lost[:, 1])


def _box_centre(points: Any) -> Any:
    """The centre of the bounding box of ``points`` (the last but one axis; halved first,
    so that nothing overflows), in each coordinate where it is farther from 0 than the
    box is wide; else 0, where the points' own coordinates carry no more rounding than
    the box's width, and small ones (next to a huge one) keep all their digits.

    >>> _box_centre(np.array([[1e9, 0.5], [1e9 + 2.0, -0.5]])).tolist()
    [1000000001.0, 0.0]
    """
    low, high = points.min(axis=-2), points.max(axis=-2)
    middle = low / 2.0 + high / 2.0
    return np.where(np.abs(middle) > high - low, middle, 0.0)


def _half_ulps(vectors: Any) -> Any:
    """Half a unit in the last place of each coordinate, summed per vector (the last
    axis): at least the length of the rounding error of one operation that gave it."""
    return (np.spacing(np.abs(vectors)) / 2.0).sum(axis=-1)


def _distances_to_segment(points: Any, start: Any, end: Any) -> Any:
    """Distance from each point to the segment from ``start`` to ``end``."""
    along = end - start
    length = float(np.hypot(*along))
    if length == 0.0:
        return np.hypot(*(points - start).T)
    unit = along / length
    t = np.clip((points - start) @ unit, 0.0, length)
    return np.hypot(*(points - start - t[:, None] * unit).T)
