"""Polygons from rings: a convex polygon when the ring is convex, else convex parts.

A convex ring without holes becomes one :class:`~gjkcli.shapes.Polytope`
(the fast path, and the one the exact arbiter handles). Anything else, a
reflex vertex or a hole, is decomposed into convex parts
(:mod:`gjkcli.algorithms.decompose`): never replaced by a hull. Rings that
are no polygon (crossing themselves, holes outside the exterior, too few
points) are input errors that name the ring and the place where it fails.
"""

from __future__ import annotations

from collections.abc import Sequence

from gjkcli.algorithms.decompose import InvalidPolygonError, decompose
from gjkcli.io.limits import check_bounds
from gjkcli.io.node import Node
from gjkcli.shapes.affine import Affine
from gjkcli.shapes.compound import Shape
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import convexity_problem, open_ring

__all__ = ["polygon_shape"]


def polygon_shape(rings: Sequence[Node], owner: Node, affine: Affine | None = None) -> Shape:
    """The polygon whose exterior ring is ``rings[0]`` and whose holes are the rest.

    ``owner`` is blamed for problems of no single ring (a hole outside the
    exterior). With ``affine`` the rings are mapped first, so that the
    decomposition is made, exactly, of the points the shape really has.

    >>> square = Node([[0, 0], [4, 0], [4, 4], [0, 4]], "x.json", "a.points")
    >>> type(polygon_shape([square], square)).__name__
    'Polytope'
    >>> hole = Node([[1, 1], [3, 1], [3, 3], [1, 3]], "x.json", "a.holes[0]")
    >>> len(polygon_shape([square, hole], square).parts)
    4
    >>> bow_tie = Node([[0, 0], [2, 2], [2, 0], [0, 2]], "x.json", "a.points")
    >>> polygon_shape([bow_tie], bow_tie)
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.json: a.points: the ring crosses itself at (1, 1)
    """
    points = [ring.points(3) for ring in rings]
    if affine is not None:
        points = [[affine.apply(p) for p in ring] for ring in points]
    xs, ys = [x for x, _ in points[0]], [y for _, y in points[0]]
    check_bounds((min(xs), min(ys), max(xs), max(ys)), owner)  # before any area is taken
    if len(points) == 1:
        problem = convexity_problem(points[0])
        if problem is None:
            return Polytope(tuple(open_ring(points[0])))
        if problem.degenerate:
            raise rings[0].error(f"not a polygon: {problem.message} (use a segment or a hull)")
    try:
        return decompose(points[0], points[1:])
    except InvalidPolygonError as problem:
        blamed = owner if problem.ring is None else rings[problem.ring]
        raise blamed.error(str(problem)) from None
