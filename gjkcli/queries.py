"""The public queries: any two shapes, however they are given, convex or not.

``gjkcli.distance``, ``intersects``, ``penetration``, ``minkowski_difference``
and ``solve`` are these functions. Each takes its two shapes in any form
:func:`gjkcli.load_shape` accepts (a gjkcli shape, a Shapely geometry, a
GeoJSON or native dict, WKT or JSON text, coordinates; see
:mod:`gjkcli.io.shape_value`), and answers for non-convex and multi-part
shapes too, part pair by part pair (:func:`gjkcli.algorithms.compound.compound_query`),
so that no user has to know which entry point a shape needs. Two shapes
built with gjkcli's constructors go straight to the algorithms (no loader
and no Shapely is imported for them); the algorithms themselves
(:mod:`gjkcli.algorithms`) take convex shapes only, and stay the reference
that ``--trace`` runs.

>>> import shapely
>>> from gjkcli import circle
>>> float(distance(shapely.Point(0, 0), circle((3.0, 4.0), 1.0)))
4.0
>>> u_shape = "POLYGON ((0 0, 6 0, 6 6, 4 6, 4 2, 2 2, 2 6, 0 6, 0 0))"
>>> distance(u_shape, {"type": "circle", "center": [3, 4], "radius": 0.5}).distance
0.5
>>> bool(intersects([(0, 0), (2, 0), (0, 2)], "POINT (1 1)"))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gjkcli.algorithms import distance as _distance
from gjkcli.algorithms import epa as _epa
from gjkcli.algorithms import intersect as _intersect
from gjkcli.algorithms import minkowski as _minkowski
from gjkcli.shapes.affine import Transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.primitives import NotConvexError
from gjkcli.shapes.rounded import Rounded

if TYPE_CHECKING:
    from gjkcli.algorithms.answer import Answer
    from gjkcli.algorithms.compound import CompoundResult

__all__ = [
    "as_shape",
    "distance",
    "intersects",
    "minkowski_difference",
    "penetration",
    "solve",
]

_BUILT = (Polytope, Rounded, Transformed, Compound)
"""The classes gjkcli's constructors make: taken as they are, with no check."""


def as_shape(value: object, name: str = "shape") -> Shape:
    """``value`` as a gjkcli shape (convex, or a compound of convex parts).

    A shape made by gjkcli is returned as it is; anything else goes through
    :func:`gjkcli.load_shape` (errors name it as ``name``).

    >>> as_shape("LINESTRING (0 0, 1 0, 1 1)").parts  # a polyline: its segments
    (Polytope(vertices=((0.0, 0.0), (1.0, 0.0))), Polytope(vertices=((1.0, 0.0), (1.0, 1.0))))
    """
    if isinstance(value, _BUILT):
        return value
    from gjkcli.io.pairs import load_shape  # the loaders (and Shapely) only for other forms

    return load_shape(value, name=name).shape


def distance(
    shape_a: object, shape_b: object, recorder: list[_distance.DistanceStep] | None = None
) -> _distance.DistanceResult:
    """Distance and closest points of two shapes, by GJK.

    The result stands in for its distance where a number is wanted
    (``float(result)``, ``result < 1.0``, ``f"{result:.3f}"``) and keeps
    the details as attributes. For a non-convex or multi-part shape it is
    the answer of the pair of convex parts that decides (the nearest, or the
    first that intersects). With ``recorder``, a list, each GJK step of that
    run is appended to it.

    >>> from gjkcli import circle, decompose, rectangle
    >>> result = distance(rectangle((0.0, 0.0), (2.0, 2.0)), circle((4.0, 0.0), 1.0))
    >>> result.distance, result.closest, float(result)
    (2.0, ((1.0, 0.0), (3.0, 0.0)), 2.0)
    >>> ell = decompose([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    >>> distance(ell, circle((3.0, 3.0), 1.0)).closest
    ((1.0, 3.0), (2.0, 3.0))
    """
    a, b = as_shape(shape_a, "a"), as_shape(shape_b, "b")
    if isinstance(a, Compound) or isinstance(b, Compound):
        part_a, part_b, search = _deciding(a, b)
        if recorder is not None:
            return _distance.distance(part_a, part_b, recorder)
        return search.deciding.result
    return _distance.distance(a, b, recorder)


def intersects(
    shape_a: object,
    shape_b: object,
    direction: Vec = (0.0, 1.0),
    recorder: list[_intersect.IntersectStep] | None = None,
) -> _intersect.IntersectResult:
    """Whether two shapes share a point (touching counts), by boolean GJK.

    The result is truthy exactly when they do. For a non-convex or multi-part
    shape, the boolean run is that of the pair of convex parts that decides.
    ``direction`` is the first search direction; with ``recorder``, a list,
    each step is appended to it.

    >>> from gjkcli import capsule, rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> bool(intersects(box, capsule((1.5, -3.0), (1.5, 3.0), 0.5)))
    True
    >>> result = intersects(box, "POINT (5 5)")
    >>> bool(result), result.status
    (False, 'separating-axis')
    """
    a, b = as_shape(shape_a, "a"), as_shape(shape_b, "b")
    if isinstance(a, Compound) or isinstance(b, Compound):
        a, b, _ = _deciding(a, b)
    return _intersect.intersects(a, b, direction, recorder)


def penetration(shape_a: object, shape_b: object) -> _epa.Penetration | None:
    """Depth, normal and contact points of two overlapping convex shapes (``None`` if apart).

    ``float(result)`` is the depth. The depth is not defined for non-convex or
    multi-part shapes (the least move that separates them is not the depth of
    any one pair of parts): for them this raises
    :class:`~gjkcli.shapes.primitives.NotConvexError`, pointing to :func:`solve`.

    >>> from gjkcli import circle, rectangle
    >>> overlap = penetration(rectangle((0.0, 0.0), (2.0, 2.0)), circle((1.5, 0.0), 1.0))
    >>> overlap.depth, overlap.normal, float(overlap)
    (0.5, (1.0, 0.0), 0.5)
    >>> penetration("POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))", "POINT (1 1)")
    Traceback (most recent call last):
    ...
    gjkcli.shapes.primitives.NotConvexError: the penetration depth needs convex shapes, \
and a is made of 3 convex parts; solve(a, b) answers for any shapes (verdict, distance, \
closest points)
    """
    a = _convex(shape_a, "a", "the penetration depth")
    b = _convex(shape_b, "b", "the penetration depth")
    return _epa.penetration(a, b)


def minkowski_difference(shape_a: object, shape_b: object) -> _minkowski.MinkowskiPolygon:
    """``A - B`` of two convex shapes: exact for polygonal shapes, traced for curved ones
    (:class:`~gjkcli.shapes.primitives.NotConvexError` for any other).

    >>> minkowski_difference("POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))", "POINT (5 0)").vertices
    ((-5.0, 0.0), (-3.0, 0.0), (-3.0, 2.0), (-5.0, 2.0))
    """
    a = _convex(shape_a, "a", "the Minkowski difference")
    b = _convex(shape_b, "b", "the Minkowski difference")
    return _minkowski.minkowski_difference(a, b)


def solve(shape_a: object, shape_b: object, trace: bool = False) -> Answer:
    """Everything gjkcli's algorithms say about two shapes: both GJK queries, the depth,
    the verdict and its certificate (:func:`gjkcli.algorithms.answer.solve`).

    >>> answer = solve("POLYGON ((0 0, 6 0, 6 6, 4 6, 4 2, 2 2, 2 6, 0 6, 0 0))",
    ...                {"type": "rectangle", "center": [3, 4], "size": [1, 1]})
    >>> answer.verdict, answer.gjk.distance, len(answer.parts.listed)
    ('separated', 0.5, 2)
    """
    from gjkcli.algorithms import answer

    return answer.solve(as_shape(shape_a, "a"), as_shape(shape_b, "b"), trace)


def _deciding(a: Shape, b: Shape) -> tuple[ConvexShape, ConvexShape, CompoundResult]:
    """The pair of convex parts whose answer is the shapes' answer, and the search."""
    from gjkcli.algorithms.compound import compound_query

    search = compound_query(a, b)
    return parts_of(a)[search.deciding.a], parts_of(b)[search.deciding.b], search


def _convex(value: object, name: str, what: str) -> ConvexShape:
    """``value`` as a convex shape, or :class:`NotConvexError` saying ``what`` needs one."""
    shape = as_shape(value, name)
    if not isinstance(shape, Compound):
        return shape
    if len(shape.parts) == 1:
        return shape.parts[0]
    raise NotConvexError(
        f"{what} needs convex shapes, and {name} is made of {len(shape.parts)} convex "
        "parts; solve(a, b) answers for any shapes (verdict, distance, closest points)",
        None,
    )
