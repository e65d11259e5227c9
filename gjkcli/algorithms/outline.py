"""A polygon through a convex shape's support points, with a proven bound on its error.

Curved shapes have no vertices; wherever a polygon is needed (Shapely, the
Minkowski difference of curved shapes, pictures) it is traced through the
shape's support points. Such a polygon lies *inside* the shape, and how far
inside is bounded exactly: between two neighbouring directions ``n1`` and
``n2`` the boundary of the shape runs inside the triangle formed by the two
support points and the crossing ``q`` of their tangent lines ``n1.x = h1`` and
``n2.x = h2`` (the shape lies behind both lines, and is convex). No point of
the shape is therefore farther from the polygon than the largest distance
from such a ``q`` to its chord; that is :attr:`Outline.error`.

The directions start evenly spaced; every interval whose bound exceeds
``relative_error`` times the shape's size is then halved, up to ``max_points``
directions; when not all of them fit, those within a factor 2 of the worst
bound are halved, if they fit (which lowers the bound where a few intervals
dominate it, as across a capsule's flat sides). Flat sides (a capsule's, a rounded
rectangle's) need only a few halvings; round parts get evenly fine.

The support points are computed in bulk with NumPy, following the same rules
as the shapes' own support functions (a polytope's farthest vertex, a rounded
core pushed out by its radius, a mapped shape through the transposed map, a
Minkowski difference as a difference of supports); a test keeps the two in
step.
"""

from __future__ import annotations

import functools
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


@dataclass(frozen=True)
class Outline:
    """Support points in counter-clockwise order of their directions, and the error bound.

    ``points`` is an ``(n, 2)`` array; consecutive points may coincide (a
    polytope's vertex serves a whole range of directions).
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


def outline(
    shape: ConvexShape,
    segments: int = CURVE_SEGMENTS,
    relative_error: float = CURVE_ERROR_RELATIVE,
    max_points: int = CURVE_MAX_POINTS,
) -> Outline:
    """Trace ``shape`` through its support points (see the module notes).

    >>> from gjkcli.shapes import circle
    >>> traced = outline(circle((0.0, 0.0), 1.0), segments=4, relative_error=1.0)
    >>> traced.points.tolist(), round(traced.error, 12)
    ([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]], 0.707106781187)
    """
    angles, normals = _even_directions(segments)
    points = supports(shape, normals)
    # the support points carry the rounding of their coordinates: finer than that,
    # a bound measures noise (a circle 1e-3 wide at 1e9 would be refined for nothing)
    size = float((points.max(axis=0) - points.min(axis=0)).max())
    target = max(relative_error * size, rounding(float(np.abs(points).max())))
    while True:  # each round adds at least one direction, never past max_points: it ends
        errors = _interval_errors(normals, points)
        worst = float(errors.max())
        coarse = np.flatnonzero(errors > target)
        if len(angles) + len(coarse) > max_points:  # not all fit: those near the worst?
            coarse = np.flatnonzero(errors > worst / 2.0)
        if not worst > target or len(coarse) == 0 or len(angles) + len(coarse) > max_points:
            return Outline(points, worst)
        following = np.where(
            coarse + 1 < len(angles), angles[(coarse + 1) % len(angles)], 2.0 * np.pi
        )
        middle = (angles[coarse] + following) / 2.0
        new_normals = np.column_stack((np.cos(middle), np.sin(middle)))
        order = np.argsort(np.concatenate((angles, middle)), kind="stable")
        angles = np.concatenate((angles, middle))[order]
        normals = np.concatenate((normals, new_normals))[order]
        points = np.concatenate((points, supports(shape, new_normals)))[order]


@functools.cache
def _even_directions(segments: int) -> tuple[Any, Any]:
    """Evenly spaced angles and their unit directions, exact at the quarter turns.

    Cached and read-only: every outline starts from the same directions.
    """
    angles = np.linspace(0.0, 2.0 * np.pi, segments, endpoint=False)
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
    if isinstance(shape, Polytope):
        vertices = np.array(shape.vertices)
        return vertices[np.argmax(directions @ vertices.T, axis=1)]
    if isinstance(shape, Rounded):
        lengths = np.hypot(directions[:, 0], directions[:, 1])[:, None]
        with np.errstate(invalid="ignore", divide="ignore"):
            push = np.where(lengths > 0.0, directions * (shape.radius / lengths), 0.0)
        return supports(shape.core, directions) + push
    if isinstance(shape, Transformed):
        a, b, c, d = shape.affine.matrix
        matrix = np.array([[a, b], [c, d]])
        inner = supports(shape.inner, directions @ matrix)  # rows: M^T d
        return inner @ matrix.T + np.array(shape.affine.offset)
    if isinstance(shape, MinkowskiDifference):
        return supports(shape.a, directions) - supports(shape.b, -directions)
    return np.array([shape.support((float(x), float(y))) for x, y in directions])


def _interval_errors(normals: Any, points: Any) -> Any:
    """Per interval between neighbouring directions: from the tangent crossing to the chord.

    Where both directions have the same support point, the boundary between
    them is that one point (a corner, or the whole of a shape of size 0), and
    the error is exactly 0: the tangent crossing would only measure rounding,
    which grows as the directions close in.
    """
    n1, n2 = normals, np.roll(normals, -1, axis=0)
    chord = np.roll(points, -1, axis=0) - points
    det = n1[:, 0] * n2[:, 1] - n1[:, 1] * n2[:, 0]  # sin of the angle from n1 to n2
    length2 = np.einsum("ij,ij->i", chord, chord)
    with np.errstate(invalid="ignore", divide="ignore"):
        # q - p1, found from p1: q = p1 + s * t1 on the first tangent line (t1 = n1
        # turned left) with n2.q = n2.p2, so s = n2.(p2 - p1) / det. Worked from p1,
        # not from the origin, the rounding of the coordinates is not divided by det
        s = np.einsum("ij,ij->i", n2, chord) / det
        offset = s[:, None] * np.column_stack((-n1[:, 1], n1[:, 0]))
        t = np.where(length2 > 0.0, np.einsum("ij,ij->i", offset, chord) / length2, 0.0)
    t = np.clip(t, 0.0, 1.0)
    gap = offset - t[:, None] * chord
    return np.where(length2 > 0.0, np.sqrt(np.einsum("ij,ij->i", gap, gap)), 0.0)
