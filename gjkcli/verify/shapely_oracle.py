"""Shapely (GEOS) as the referee: the same two shapes, answered by other code.

Polygonal shapes go to Shapely exactly, as the convex hull of their vertices.
Shapely has no curves, so a curved shape goes as the polygon traced through
its support points (:mod:`gjkcli.algorithms.outline`). That polygon lies
*inside* the shape, within a proven error bound, so Shapely's distance can
exceed the true one by at most the sum of the two bounds, and never falls
below it.

The penetration depth has an oracle of its own, independent of both EPA and
the edge-merge Minkowski difference: Shapely builds ``A - B`` as the convex
hull of *every* difference of a vertex of ``A`` and a vertex of ``B``, and
measures the distance from the origin to its boundary. With traced stand-ins
for curves that hull lies inside the true ``A - B``, so the oracle's depth can
fall short of the true one by at most the sum of the two tracing bounds, and
never exceeds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from gjkcli.algorithms.outline import outline
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import CURVE_MAX_POINTS, ORACLE_CURVE_POINTS

__all__ = [
    "ShapelyAnswer",
    "convex_hull",
    "shapely_answer",
    "shapely_geometry",
    "shapely_penetration",
]


@dataclass(frozen=True)
class ShapelyAnswer:
    """Shapely's verdict on a pair, and the error bound of its curve approximations."""

    intersects: bool
    distance: float
    closest: tuple[Vec, Vec] | None
    approximation_error: float
    penetration: float | None = None
    penetration_error: float = 0.0


def shapely_geometry(shape: ConvexShape, max_points: int = CURVE_MAX_POINTS) -> tuple[Any, float]:
    """``(geometry, error bound)``: the Shapely stand-in for a shape.

    >>> from gjkcli.shapes import circle, segment
    >>> geometry, error = shapely_geometry(segment((0.0, 0.0), (1.0, 1.0)))
    >>> geometry.wkt, error
    ('LINESTRING (0 0, 1 1)', 0.0)
    >>> geometry, error = shapely_geometry(circle((0.0, 0.0), 1.0))
    >>> len(geometry.exterior.coords), error < 1e-5
    (1025, True)
    """
    if isinstance(shape, Polytope):
        return convex_hull(np.array(shape.vertices)), 0.0
    traced = outline(shape, max_points=max_points)
    return convex_hull(traced.points), traced.error


def convex_hull(points: Any) -> Any:
    """Shapely's convex hull of an ``(n, 2)`` array of points (a Point, LineString or Polygon).

    >>> convex_hull(np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 0.5], [1.0, 2.0]])).wkt
    'POLYGON ((0 0, 1 2, 2 0, 0 0))'
    """
    if len(points) == 1:
        return shapely.points(points[0])
    return shapely.convex_hull(shapely.linestrings(points))  # a line is the fastest container


def shapely_answer(
    shape_a: ConvexShape, shape_b: ConvexShape, penetration: bool = False
) -> ShapelyAnswer:
    """Shapely's ``intersects`` and ``distance`` for two shapes, and its penetration depth.

    The depth is computed when Shapely finds the shapes intersecting, or when
    ``penetration`` asks for it; it stays ``None`` when the origin is outside
    Shapely's ``A - B``.

    >>> from gjkcli.shapes import rectangle, point
    >>> answer = shapely_answer(rectangle((0.0, 0.0), (2.0, 2.0)), point((4.0, 0.0)))
    >>> answer.intersects, answer.distance, answer.closest, answer.penetration
    (False, 3.0, ((1.0, 0.0), (4.0, 0.0)), None)
    >>> shapely_answer(rectangle((0.0, 0.0), (2.0, 2.0)), point((0.5, 0.0))).penetration
    0.5
    """
    geometry_a, error_a = shapely_geometry(shape_a)
    geometry_b, error_b = shapely_geometry(shape_b)
    intersects = bool(shapely.intersects(geometry_a, geometry_b))
    closest = None
    if not intersects:
        (ax, ay), (bx, by) = shapely.shortest_line(geometry_a, geometry_b).coords
        closest = ((float(ax), float(ay)), (float(bx), float(by)))
    depth, depth_error = None, 0.0
    if intersects or penetration:
        depth, depth_error = shapely_penetration(shape_a, shape_b)
    return ShapelyAnswer(
        intersects,
        float(shapely.distance(geometry_a, geometry_b)),
        closest,
        error_a + error_b,
        depth,
        depth_error,
    )


def shapely_penetration(shape_a: ConvexShape, shape_b: ConvexShape) -> tuple[float | None, float]:
    """``(depth, error bound)`` from the hull of all vertex differences (see the module notes).

    >>> from gjkcli.shapes import Polytope
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> b = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))
    >>> depth, error = shapely_penetration(a, b)
    >>> round(depth, 12), error
    (0.894427191, 0.0)
    """
    points_a, error_a = _corners(shape_a)
    points_b, error_b = _corners(shape_b)
    differences = (points_a[:, None, :] - points_b[None, :, :]).reshape(-1, 2)
    hull = convex_hull(differences)
    origin = shapely.points(0.0, 0.0)
    error = error_a + error_b
    if not shapely.covers(hull, origin):
        return None, error
    if hull.geom_type != "Polygon":  # A - B has no interior, and the origin is on it
        return 0.0, error
    return float(shapely.distance(hull.exterior, origin)), error


def _corners(shape: ConvexShape) -> tuple[Any, float]:
    """A shape's vertices, or for a curved shape a coarse tracing and its error bound."""
    if isinstance(shape, Polytope):
        return np.array(shape.vertices), 0.0
    traced = outline(shape, segments=ORACLE_CURVE_POINTS, max_points=ORACLE_CURVE_POINTS)
    return traced.points, traced.error
