"""Shapely (GEOS) as the referee: the same two shapes, answered by other code.

Polygonal shapes go to Shapely exactly, as the convex hull of their vertices.
Shapely has no curves, so a curved shape goes as the polygon through its
support points in a set of directions. That polygon lies *inside* the shape,
and how far inside is bounded exactly: between two neighbouring sample
directions ``n1`` and ``n2`` the boundary of the shape runs inside the
triangle formed by the two support points and the crossing ``q`` of their
tangent lines ``n1.x = h1`` and ``n2.x = h2`` (the shape lies behind both
lines, and is convex). No point of the shape is therefore farther from the
polygon than the largest distance from such a ``q`` to its chord. That bound
is the shape's ``approximation_error``; Shapely's distance can exceed the true
one by at most the sum of the two bounds, and never falls below it.

The directions start as :data:`~gjkcli.tolerances.CURVE_SEGMENTS` evenly
spaced ones; every interval whose bound exceeds
:data:`~gjkcli.tolerances.CURVE_ERROR_RELATIVE` times the shape's size is then
halved, up to :data:`~gjkcli.tolerances.CURVE_MAX_POINTS` directions. Flat
sides (a capsule's, a rounded rectangle's) need only a few halvings; round
parts get evenly fine.

The support points are computed here in bulk with NumPy, following the same
three rules as the shapes' own support functions (a polytope's farthest
vertex, a rounded core pushed out by its radius, a mapped shape through the
transposed map); a test keeps the two in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from gjkcli.shapes.affine import Transformed, rotation
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import Rounded
from gjkcli.tolerances import CURVE_ERROR_RELATIVE, CURVE_MAX_POINTS, CURVE_SEGMENTS

__all__ = ["ShapelyAnswer", "shapely_answer", "shapely_geometry", "supports"]


@dataclass(frozen=True)
class ShapelyAnswer:
    """Shapely's verdict on a pair, and the error bound of its curve approximations."""

    intersects: bool
    distance: float
    closest: tuple[Vec, Vec] | None
    approximation_error: float


def shapely_geometry(
    shape: ConvexShape,
    segments: int = CURVE_SEGMENTS,
    relative_error: float = CURVE_ERROR_RELATIVE,
) -> tuple[Any, float]:
    """``(geometry, error bound)``: the Shapely stand-in for a shape.

    >>> from gjkcli.shapes import circle, segment
    >>> geometry, error = shapely_geometry(segment((0.0, 0.0), (1.0, 1.0)))
    >>> geometry.wkt, error
    ('LINESTRING (0 0, 1 1)', 0.0)
    >>> geometry, error = shapely_geometry(circle((0.0, 0.0), 1.0), segments=4, relative_error=1.0)
    >>> geometry.wkt, round(error, 12)
    ('POLYGON ((0 -1, -1 0, 0 1, 1 0, 0 -1))', 0.707106781187)
    """
    if isinstance(shape, Polytope):
        return shapely.MultiPoint(shape.vertices).convex_hull, 0.0
    angles = np.linspace(0.0, 2.0 * np.pi, segments, endpoint=False)
    exact = [rotation(360.0 * k / segments) for k in range(segments)]  # exact quarter turns
    normals = np.array(exact)
    points = supports(shape, normals)
    low, high = points.min(axis=0), points.max(axis=0)
    target = relative_error * float((high - low).max())
    while True:
        errors = _interval_errors(normals, points)
        worst = float(errors.max())
        coarse = np.flatnonzero(errors > target)
        if worst <= target or len(angles) + len(coarse) > CURVE_MAX_POINTS:
            break
        following = np.where(
            coarse + 1 < len(angles), angles[(coarse + 1) % len(angles)], 2.0 * np.pi
        )
        middle = (angles[coarse] + following) / 2.0
        new_normals = np.column_stack((np.cos(middle), np.sin(middle)))
        order = np.argsort(np.concatenate((angles, middle)), kind="stable")
        angles = np.concatenate((angles, middle))[order]
        normals = np.concatenate((normals, new_normals))[order]
        points = np.concatenate((points, supports(shape, new_normals)))[order]
    return shapely.MultiPoint(points).convex_hull, worst


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
    return np.array([shape.support((float(x), float(y))) for x, y in directions])


def shapely_answer(shape_a: ConvexShape, shape_b: ConvexShape) -> ShapelyAnswer:
    """Shapely's ``intersects`` and ``distance`` for two shapes.

    >>> from gjkcli.shapes import rectangle, point
    >>> answer = shapely_answer(rectangle((0.0, 0.0), (2.0, 2.0)), point((4.0, 0.0)))
    >>> answer.intersects, answer.distance, answer.closest
    (False, 3.0, ((1.0, 0.0), (4.0, 0.0)))
    """
    geometry_a, error_a = shapely_geometry(shape_a)
    geometry_b, error_b = shapely_geometry(shape_b)
    intersects = bool(shapely.intersects(geometry_a, geometry_b))
    closest = None
    if not intersects:
        (ax, ay), (bx, by) = shapely.shortest_line(geometry_a, geometry_b).coords
        closest = ((float(ax), float(ay)), (float(bx), float(by)))
    return ShapelyAnswer(
        intersects,
        float(shapely.distance(geometry_a, geometry_b)),
        closest,
        error_a + error_b,
    )


def _interval_errors(normals: Any, points: Any) -> Any:
    """Per interval between neighbouring directions: from the tangent crossing to the chord."""
    n1, n2 = normals, np.roll(normals, -1, axis=0)
    p1, p2 = points, np.roll(points, -1, axis=0)
    h1 = np.einsum("ij,ij->i", n1, p1)
    h2 = np.einsum("ij,ij->i", n2, p2)
    det = n1[:, 0] * n2[:, 1] - n1[:, 1] * n2[:, 0]
    qx = (h1 * n2[:, 1] - n1[:, 1] * h2) / det
    qy = (n1[:, 0] * h2 - h1 * n2[:, 0]) / det
    chord = p2 - p1
    length2 = np.einsum("ij,ij->i", chord, chord)
    offset = np.column_stack((qx, qy)) - p1
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(length2 > 0.0, np.einsum("ij,ij->i", offset, chord) / length2, 0.0)
    t = np.clip(t, 0.0, 1.0)
    gap = offset - t[:, None] * chord
    return np.sqrt(np.einsum("ij,ij->i", gap, gap))
