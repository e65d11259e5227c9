"""Shapely (GEOS) as the referee: the same two shapes, answered by other code.

Polygonal shapes go to Shapely exactly, as the convex hull of their vertices.
Shapely has no curves, so a curved shape goes as the polygon traced through
its support points (:mod:`gjkcli.algorithms.outline`). That polygon lies
*inside* the shape, within a proven error bound, so Shapely's distance can
exceed the true one by at most the sum of the two bounds, and never falls
below it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from gjkcli.algorithms.outline import outline
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import CURVE_MAX_POINTS

__all__ = ["ShapelyAnswer", "convex_hull", "shapely_answer", "shapely_geometry"]


@dataclass(frozen=True)
class ShapelyAnswer:
    """Shapely's verdict on a pair, and the error bound of its curve approximations."""

    intersects: bool
    distance: float
    closest: tuple[Vec, Vec] | None
    approximation_error: float


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
