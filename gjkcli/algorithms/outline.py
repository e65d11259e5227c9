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

The support points are computed in bulk with NumPy, following the same rules
as the shapes' own support functions (a polytope's farthest vertex, a rounded
core pushed out by its radius, a mapped shape through the transposed map, a
Minkowski difference as a difference of supports); a test keeps the two in
step.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.shapes.affine import Transformed, rotation
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import open_ring
from gjkcli.shapes.rounded import Rounded
from gjkcli.tolerances import CURVE_ERROR_RELATIVE, CURVE_MAX_POINTS, CURVE_SEGMENTS, rounding

__all__ = ["Outline", "outline", "supports"]

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
    """Trace ``shape`` through its support points (see the module notes).

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
    if segments < 4:
        raise ValueError(f"at least 4 directions are needed, got {segments}")
    centre, centre_error = _centre(shape)
    angles, normals = _even_directions(segments)
    points, noise = _local_supports(shape, normals)
    size = float((points.max(axis=0) - points.min(axis=0)).max())
    target = relative_error * size
    while True:  # each round adds at least one point, never past max_points: it ends
        probes = _probe(shape, angles, points)
        noise = max(noise, probes.noise)
        worst = float(probes.errors.max())
        coarse = np.flatnonzero((probes.errors > target) & probes.insertable)
        if len(angles) + len(coarse) > max_points:  # not all fit: those near the worst?
            coarse = np.flatnonzero((probes.errors > worst / 2.0) & probes.insertable)
        if not worst > target or len(coarse) == 0 or len(angles) + len(coarse) > max_points:
            break
        order = np.argsort(np.concatenate((angles, probes.angles[coarse])), kind="stable")
        angles = np.concatenate((angles, probes.angles[coarse]))[order]
        points = np.concatenate((points, probes.points[coarse]))[order]
    # the local bound: the probes' and the chords' points are each within `noise` of
    # the exact ones, and the bound itself is computed with rounding of the size
    extent = float(np.abs(points).max())
    local_error = worst + 2.0 * noise + rounding(extent)
    placed, moved = _moved(points, centre)
    error = local_error + centre_error + moved
    return Outline(placed, error if math.isfinite(error) else math.inf)


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
    local, _ = _local_supports(shape, directions)
    return _moved(local, _centre(shape)[0])[0]


@dataclass(frozen=True)
class _Probes:
    """Per interval between neighbouring points: the error bound, and the support point
    along the chord's normal (its angle, and whether it lies strictly between the two
    directions, so that it can be added in order)."""

    errors: Any
    points: Any
    angles: Any
    insertable: Any
    noise: float


def _probe(shape: ConvexShape, angles: Any, points: Any) -> _Probes:
    """The error bound of each interval, from the support point along its chord's normal.

    Where both ends are the same point, the boundary between them is that one
    point (a corner, or the whole of a shape of size 0), and the error is 0.
    """
    chord = np.roll(points, -1, axis=0) - points
    length = np.hypot(chord[:, 0], chord[:, 1])
    moving = np.flatnonzero(length > 0.0)
    normals = np.column_stack((chord[moving, 1], -chord[moving, 0])) / length[moving, None]
    found, noise = _local_supports(shape, normals)
    reach = np.maximum(
        np.einsum("ij,ij->i", normals, found - points[moving]),
        np.einsum("ij,ij->i", normals, found - np.roll(points, -1, axis=0)[moving]),
    )
    errors = np.zeros(len(points))
    errors[moving] = np.minimum(np.maximum(reach, 0.0), length[moving])
    start = angles[moving]
    end = np.where(moving + 1 < len(angles), angles[(moving + 1) % len(angles)], _TURN)
    turn = np.arctan2(normals[:, 1], normals[:, 0]) % _TURN
    turn = np.where(turn < start, turn + _TURN, turn)
    inside = np.zeros(len(points), dtype=bool)
    inside[moving] = (start < turn) & (turn < end)
    probe_points = np.zeros_like(points)
    probe_points[moving] = found
    probe_angles = np.zeros(len(points))
    probe_angles[moving] = turn % _TURN
    return _Probes(errors, probe_points, probe_angles, inside, noise)


def _centre(shape: ConvexShape) -> tuple[Any, float]:
    """The point a shape is traced around, and how far it may be from the exact one.

    A polytope's is the centre of its bounding box where that is far out (whatever
    float that comes to: it is the centre by definition); a rounded shape's is its core's; a
    mapped shape's is the image of its inner shape's, and a difference's the
    difference of its shapes', each with the rounding of computing it.
    """
    if isinstance(shape, Polytope):
        return _box_centre(np.array(shape.vertices, dtype=float)), 0.0
    if isinstance(shape, Rounded):
        return _centre(shape.core)
    if isinstance(shape, Transformed):
        inner, inner_error = _centre(shape.inner)
        matrix = _matrix(shape)
        centre = matrix @ inner + np.array(shape.affine.offset, dtype=float)
        products = float((np.abs(matrix) @ np.abs(inner)).sum())
        # the products and their sum round relative to their size; adding the offset, by
        # half a unit in the last place of the result, unless there was nothing to add
        adding = _half_ulps(centre) if products > 0.0 else 0.0
        return centre, _norm(matrix) * inner_error + rounding(products) + adding
    if isinstance(shape, MinkowskiDifference):
        centre_a, error_a = _centre(shape.a)
        centre_b, error_b = _centre(shape.b)
        centre = centre_a - centre_b
        return centre, error_a + error_b + _half_ulps(centre)
    return np.zeros(2), 0.0


def _local_supports(shape: ConvexShape, directions: Any) -> tuple[Any, float]:
    """Support points relative to the shape's :func:`_centre`, and a bound on their rounding.

    The rounding is relative to the numbers each step combines, which are the
    size of the shape (not its distance from the origin), except for a shape
    of unknown kind, which is asked for its support points where it lies.
    """
    if isinstance(shape, Polytope):
        vertices = np.array(shape.vertices, dtype=float)
        local = vertices - _box_centre(vertices)
        # the farthest vertex found in the frame of the shape too: far out, the products
        # with the coordinates themselves would round by more than the vertices differ
        chosen = local[np.argmax(directions @ local.T, axis=1)]
        return chosen, rounding(_largest(local))
    if isinstance(shape, Rounded):
        core, noise = _local_supports(shape.core, directions)
        lengths = np.hypot(directions[:, 0], directions[:, 1])[:, None]
        with np.errstate(invalid="ignore", divide="ignore"):
            push = np.where(lengths > 0.0, directions / lengths * shape.radius, 0.0)
        return core + push, noise + rounding(_largest(core) + shape.radius)
    if isinstance(shape, Transformed):
        matrix = _matrix(shape)
        inner, noise = _local_supports(shape.inner, directions @ matrix)  # rows: M^T d
        terms = (np.abs(inner) @ np.abs(matrix).T).max() if len(inner) else 0.0
        return inner @ matrix.T, _norm(matrix) * noise + rounding(float(terms))
    if isinstance(shape, MinkowskiDifference):
        part_a, noise_a = _local_supports(shape.a, directions)
        part_b, noise_b = _local_supports(shape.b, -directions)
        local = part_a - part_b
        return local, noise_a + noise_b + rounding(_largest(local))
    found = np.array([shape.support((float(x), float(y))) for x, y in directions]).reshape(-1, 2)
    return found, rounding(_largest(found))


def _moved(local: Any, centre: Any) -> tuple[Any, float]:
    """``local + centre``, and the largest distance that rounding moved a point, measured
    exactly (the error of each sum, by Knuth's two-sum, is a float itself)."""
    placed = local + centre
    back = placed - local
    lost = (local - (placed - back)) + (centre - back)
    moved = float(np.hypot(lost[:, 0], lost[:, 1]).max()) if len(lost) else 0.0
    return placed, moved


def _box_centre(points: Any) -> Any:
    """The centre of the bounding box of ``points`` (halved first, so that nothing
    overflows), in each coordinate where it is farther from 0 than the box is wide;
    else 0, where the points' own coordinates carry no more rounding than the
    box's width, and small ones (next to a huge one) keep all their digits.

    >>> _box_centre(np.array([[1e9, 0.5], [1e9 + 2.0, -0.5]])).tolist()
    [1000000001.0, 0.0]
    """
    low, high = points.min(axis=0), points.max(axis=0)
    middle = low / 2.0 + high / 2.0
    return np.where(np.abs(middle) > high - low, middle, 0.0)


def _half_ulps(vector: Any) -> float:
    """Half a unit in the last place of each coordinate, summed: at least the length of
    the rounding error of one operation that gave ``vector``."""
    return float((np.spacing(np.abs(vector)) / 2.0).sum())


def _matrix(shape: Transformed) -> Any:
    a, b, c, d = shape.affine.matrix
    return np.array([[a, b], [c, d]])


def _norm(matrix: Any) -> float:
    """The Frobenius norm, at least the most the map can stretch a vector."""
    return float(np.hypot(*np.hypot(*matrix)))


def _largest(points: Any) -> float:
    return float(np.abs(points).max()) if len(points) else 0.0


def _distances_to_segment(points: Any, start: Any, end: Any) -> Any:
    """Distance from each point to the segment from ``start`` to ``end``."""
    along = end - start
    length = float(np.hypot(*along))
    if length == 0.0:
        return np.hypot(*(points - start).T)
    unit = along / length
    t = np.clip((points - start) @ unit, 0.0, length)
    return np.hypot(*(points - start - t[:, None] * unit).T)
