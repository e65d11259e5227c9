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

A compound shape goes to Shapely as the geometry it was cut from (a
non-convex polygon, a MultiPolygon...), not as its parts, so the check covers
the decomposition too; a native compound as the union of its members' stand-ins,
and a compound with a margin (no polygon describes it) as the union of its
parts'. Its error bound is the largest of theirs. There is no depth oracle
for compound shapes, whose depth is not defined.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from gjkcli.algorithms.outline import outline
from gjkcli.algorithms.verdict import Verdict
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import CURVE_MAX_POINTS, ORACLE_CURVE_MAX_POINTS, ORACLE_CURVE_POINTS

__all__ = [
    "ShapelyAnswer",
    "shapely_answer",
    "shapely_answers",
    "shapely_geometry",
    "shapely_penetration",
    "shapely_penetrations",
    "stand_ins",
]


@dataclass(frozen=True)
class ShapelyAnswer:
    """Shapely's verdict on a pair, and the error bounds of its curve approximations."""

    intersects: bool
    distance: float
    closest: tuple[Vec, Vec] | None
    approximation_error: float
    penetration: float | None = None
    penetration_error: float = 0.0
    touches: bool = False

    @property
    def verdict(self) -> Verdict:
        """Shapely's verdict: ``touches`` (boundaries meet, interiors do not) is touching."""
        if not self.intersects:
            return "separated"
        return "touching" if self.touches else "overlapping"


def shapely_answers(
    pairs: Sequence[tuple[Shape, Shape]], penetration: Sequence[bool]
) -> list[ShapelyAnswer]:
    """Shapely's answers for many pairs at once, with its vectorized functions.

    The depth is computed for the convex pairs Shapely finds intersecting, and
    for those whose ``penetration`` flag asks for it; it stays ``None`` when
    the origin is outside Shapely's ``A - B``, and for compound shapes.

    >>> from gjkcli.shapes import rectangle, point
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> pairs = [(box, point((4.0, 0.0))), (box, point((0.5, 0.0)))]
    >>> apart, inside = shapely_answers(pairs, [False, False])
    >>> apart.intersects, apart.distance, apart.closest, apart.penetration
    (False, 3.0, ((1.0, 0.0), (4.0, 0.0)), None)
    >>> inside.intersects, inside.penetration
    (True, 0.5)
    """
    if not pairs:
        return []
    geometries_a, errors_a = stand_ins([a for a, _ in pairs])
    geometries_b, errors_b = stand_ins([b for _, b in pairs])
    intersects = shapely.intersects(geometries_a, geometries_b)
    touches = shapely.touches(geometries_a, geometries_b)
    lines = shapely.shortest_line(geometries_a, geometries_b)  # its length is the distance
    distances = shapely.length(lines)
    convex: dict[int, tuple[ConvexShape, ConvexShape]] = {}
    for i, (a, b) in enumerate(pairs):
        if not isinstance(a, Compound) and not isinstance(b, Compound):
            convex[i] = (a, b)
    wanted = [i for i in convex if penetration[i] or intersects[i]]
    depths = dict(zip(wanted, shapely_penetrations([convex[i] for i in wanted]), strict=True))
    answers = []
    for i in range(len(pairs)):
        closest = None
        if not intersects[i]:
            (ax, ay), (bx, by) = shapely.get_coordinates(lines[i]).tolist()
            closest = ((ax, ay), (bx, by))
        depth, depth_error = depths.get(i, (None, 0.0))
        answers.append(
            ShapelyAnswer(
                bool(intersects[i]),
                float(distances[i]),
                closest,
                float(errors_a[i] + errors_b[i]),
                depth,
                depth_error,
                bool(touches[i]),
            )
        )
    return answers


def shapely_answer(shape_a: Shape, shape_b: Shape, penetration: bool = False) -> ShapelyAnswer:
    """:func:`shapely_answers` for one pair.

    >>> from gjkcli.shapes import rectangle, point
    >>> shapely_answer(rectangle((0.0, 0.0), (2.0, 2.0)), point((0.5, 0.0))).penetration
    0.5
    """
    return shapely_answers([(shape_a, shape_b)], [penetration])[0]


def stand_ins(shapes: Sequence[Shape], max_points: int = CURVE_MAX_POINTS) -> tuple[Any, Any]:
    """Shapely geometries for many shapes, and the error bound of each (0 for polygons).

    >>> from gjkcli.shapes import circle, segment
    >>> geometries, errors = stand_ins([segment((0.0, 0.0), (1.0, 1.0)), circle((0.0, 0.0), 1.0)])
    >>> geometries[0].wkt, float(errors[0])
    ('LINESTRING (0 0, 1 1)', 0.0)
    >>> len(geometries[1].exterior.coords), bool(errors[1] < 1e-5)
    (1025, True)
    """
    geometries = np.empty(len(shapes), dtype=object)
    errors = np.zeros(len(shapes))
    polytopes: dict[int, Polytope] = {}
    for index, shape in enumerate(shapes):
        if isinstance(shape, Compound):
            geometries[index], errors[index] = _compound_stand_in(shape, max_points)
        elif isinstance(shape, Polytope):
            polytopes[index] = shape
        else:
            traced = outline(shape, max_points=max_points)
            geometries[index] = _traced_polygon(traced.points)
            errors[index] = traced.error
    if polytopes:
        points = [np.array(shape.vertices, dtype=float) for shape in polytopes.values()]
        geometries[list(polytopes)] = _hulls(points)
    return geometries, errors


def shapely_geometry(shape: Shape) -> tuple[Any, float]:
    """``(geometry, error bound)``: the Shapely stand-in for one shape."""
    geometries, errors = stand_ins([shape])
    return geometries[0], float(errors[0])


def shapely_penetrations(
    pairs: Sequence[tuple[ConvexShape, ConvexShape]],
) -> list[tuple[float | None, float]]:
    """``(depth, error bound)`` per pair, from the hull of all vertex differences.

    >>> from gjkcli.shapes import Polytope
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> b = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))
    >>> [(round(depth, 12), error) for depth, error in shapely_penetrations([(a, b)])]
    [(0.894427191, 0.0)]
    """
    if not pairs:
        return []
    differences, errors = [], []
    for shape_a, shape_b in pairs:
        points_a, error_a = _corners(shape_a, ORACLE_CURVE_POINTS, ORACLE_CURVE_MAX_POINTS)
        points_b, error_b = _corners(shape_b, ORACLE_CURVE_POINTS, ORACLE_CURVE_MAX_POINTS)
        differences.append((points_a[:, None, :] - points_b[None, :, :]).reshape(-1, 2))
        errors.append(error_a + error_b)
    hulls = _hulls(differences)
    origin = shapely.points(0.0, 0.0)
    covered = shapely.covers(hulls, origin)
    is_polygon = shapely.get_type_id(hulls) == shapely.GeometryType.POLYGON
    depths = shapely.distance(shapely.boundary(hulls), origin)
    results: list[tuple[float | None, float]] = []
    for i, error in enumerate(errors):
        if not covered[i]:
            results.append((None, error))
        else:  # a hull without area (a point or a segment) has the origin on its boundary
            results.append((float(depths[i]) if is_polygon[i] else 0.0, error))
    return results


def shapely_penetration(shape_a: ConvexShape, shape_b: ConvexShape) -> tuple[float | None, float]:
    """:func:`shapely_penetrations` for one pair."""
    return shapely_penetrations([(shape_a, shape_b)])[0]


def _compound_stand_in(shape: Compound, max_points: int) -> tuple[Any, float]:
    """The geometry a compound was cut from; else the union of its members' (or parts')
    stand-ins, whose error bound is the largest of theirs.

    >>> from gjkcli.shapes import circle, point, union_of
    >>> geometry, error = _compound_stand_in(union_of([point((0.0, 0.0)), point((2.0, 0.0))]), 64)
    >>> geometry.wkt, error
    ('MULTIPOINT ((0 0), (2 0))', 0.0)
    """
    if shape.geometry is not None:
        return shapely.geometry.shape(shape.geometry), 0.0
    geometries, errors = stand_ins(shape.members or shape.parts, max_points)
    return shapely.union_all(geometries), float(errors.max())


def _hulls(point_sets: Sequence[Any]) -> Any:
    """Convex hulls of many point sets in one vectorized call (through LineStrings,
    the fastest container Shapely builds from an array; a lone point is doubled)."""
    arrays = [points if len(points) > 1 else np.repeat(points, 2, axis=0) for points in point_sets]
    indices = np.repeat(np.arange(len(arrays)), [len(points) for points in arrays])
    return shapely.convex_hull(shapely.linestrings(np.concatenate(arrays), indices=indices))


def _traced_polygon(points: Any) -> Any:
    """A curved shape's outline as a polygon: its points are already in convex order,
    so no hull is needed, except when the shape has no area (a degenerate ellipse)."""
    distinct = points[np.any(points != np.roll(points, 1, axis=0), axis=1)]
    if len(distinct) < 3:
        return _hulls([points])[0]
    polygon = shapely.polygons(distinct)
    return polygon if shapely.area(polygon) > 0.0 else _hulls([points])[0]


def _corners(shape: ConvexShape, segments: int, max_points: int) -> tuple[Any, float]:
    """A shape's distinct vertices, or for a curved shape the distinct points of its traced
    outline and the error bound.

    Repeated points are removed (a few hundred at most, so it is cheap here, unlike
    in the set of all differences): GEOS has been seen to return a hull that is not
    convex, and misses the origin, for differences of shapes with repeated vertices.
    """
    if isinstance(shape, Polytope):
        return np.unique(np.array(shape.vertices, dtype=float), axis=0), 0.0
    traced = outline(shape, segments=segments, max_points=max_points)
    return np.unique(traced.points, axis=0), traced.error
