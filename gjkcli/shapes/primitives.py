"""Constructors for the native shape types of ``docs/FORMATS.md`` section 1.

Each returns a :class:`~gjkcli.shapes.base.ConvexShape` built from three parts
only: :class:`Polytope`, :class:`Rounded` and :class:`Transformed`. A circle is
a rounded point, a capsule a rounded segment, an ellipse a transformed unit
disc, a rectangle a transformed square. The constructors check only what the
geometry needs (for instance a non-negative radius); the loaders in
``gjkcli.io`` turn the problems into messages that name the file and the place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import SupportsFloat

from gjkcli.shapes.affine import Affine, Transformed, transformed
from gjkcli.shapes.base import ConvexShape, PointLike, Vec, as_vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import convexity_problem, open_ring
from gjkcli.shapes.rounded import Rounded

__all__ = [
    "CONVEX_CLASSES",
    "NotConvexError",
    "capsule",
    "circle",
    "convex_polygon",
    "ellipse",
    "hull",
    "point",
    "rectangle",
    "rounded",
    "segment",
]

_ORIGIN: Vec = (0.0, 0.0)

CONVEX_CLASSES = (Polytope, Rounded, Transformed)
"""The classes every constructor's shape is made of: a shape of one of them is
gjkcli's own, taken as it is by the queries and the arrays."""


class NotConvexError(ValueError):
    """A shape that is not convex where a convex one is needed; ``index`` is the input
    vertex at fault for a ring (``None`` for a shape of several convex parts)."""

    def __init__(self, message: str, index: int | None) -> None:
        super().__init__(message)
        self.index = index


def point(at: PointLike) -> ConvexShape:
    """A single point.

    >>> point((1.0, 2.0)).support((5.0, -3.0))
    (1.0, 2.0)
    """
    return Polytope((as_vec(at),))


def segment(p: PointLike, q: PointLike) -> ConvexShape:
    """The closed segment from ``p`` to ``q``.

    >>> segment((0.0, 0.0), (2.0, 1.0)).support((1.0, 0.0))
    (2.0, 1.0)
    """
    return Polytope((as_vec(p), as_vec(q)))


def convex_polygon(ring: Iterable[PointLike]) -> ConvexShape:
    """A convex polygon from its ring (either orientation, closing point optional).

    The ring may be any sequence of ``(x, y)`` pairs, a NumPy array of shape
    ``(n, 2)`` included. A ring that is not convex raises
    :class:`NotConvexError` naming its first reflex vertex: it is never
    replaced by its hull; :func:`gjkcli.decompose` cuts it into convex parts.

    >>> import numpy as np
    >>> convex_polygon(np.array([[0, 0], [1, 0], [0, 1]])).support((1.0, 1.0))
    (1.0, 0.0)
    >>> convex_polygon([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gjkcli.shapes.primitives.NotConvexError: reflex vertex 3 at (2.0, 1.0): ... decompose(ring) ...
    """
    points = [as_vec(p) for p in ring]
    problem = convexity_problem(points)
    if problem is not None:
        message = _convexity_message(points, problem.message, problem.index)
        raise NotConvexError(message, problem.index)
    return Polytope(tuple(open_ring(points)))


def hull(points: Iterable[PointLike]) -> ConvexShape:
    """The convex hull of a point cloud (order does not matter; a NumPy array will do).

    >>> hull([(0.0, 0.0), (1.0, 1.0), (2.0, 0.0), (1.0, 0.2)]).support((0.0, 1.0))
    (1.0, 1.0)
    """
    return Polytope(tuple(as_vec(p) for p in points))


def circle(center: PointLike, radius: SupportsFloat) -> ConvexShape:
    """A disc.

    >>> circle((1.0, 0.0), 2.0).support((0.0, -1.0))
    (1.0, -2.0)
    """
    return Rounded(Polytope((as_vec(center),)), float(radius))


def ellipse(center: PointLike, radii: PointLike, rotation: SupportsFloat = 0.0) -> ConvexShape:
    """A filled ellipse with semi-axes ``radii``, rotated by ``rotation`` degrees.

    >>> ellipse((0.0, 0.0), (3.0, 1.0), 90.0).support((0.0, 1.0))
    (0.0, 3.0)
    """
    unit_disc = Rounded(Polytope((_ORIGIN,)), 1.0)
    placement = Affine.from_parts(as_vec(radii), float(rotation), as_vec(center))
    return transformed(unit_disc, placement)


def rectangle(center: PointLike, size: PointLike, rotation: SupportsFloat = 0.0) -> ConvexShape:
    """A filled ``size[0]`` by ``size[1]`` rectangle, rotated by ``rotation`` degrees.

    >>> rectangle((10.0, 0.0), (4.0, 2.0)).support((1.0, 1.0))
    (12.0, 1.0)
    """
    width, height = as_vec(size)
    half_w, half_h = width / 2.0, height / 2.0
    corners = ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))
    placement = Affine.from_parts(rotate=float(rotation), translate=as_vec(center))
    return transformed(Polytope(corners), placement)


def capsule(p: PointLike, q: PointLike, radius: SupportsFloat) -> ConvexShape:
    """The segment from ``p`` to ``q`` swept by a disc of ``radius``.

    >>> capsule((0.0, 0.0), (4.0, 0.0), 1.0).support((1.0, 0.0))
    (5.0, 0.0)
    """
    return Rounded(Polytope((as_vec(p), as_vec(q))), float(radius))


def rounded(shape: ConvexShape, margin: SupportsFloat) -> ConvexShape:
    """``shape`` grown by a disc of radius ``margin`` (radii of nested discs add up).

    >>> rounded(circle((0.0, 0.0), 1.0), 0.5)
    Rounded(core=Polytope(vertices=((0.0, 0.0),)), radius=1.5)
    """
    grow = float(margin)
    if grow == 0.0:
        return shape
    if isinstance(shape, Rounded):
        return Rounded(shape.core, shape.radius + grow)
    return Rounded(shape, grow)


def _convexity_message(points: Sequence[Vec], problem: str, index: int | None) -> str:
    """What is wrong with a ring given as convex, where, and what to use instead."""
    if index is None:
        return problem
    x, y = points[index]
    return (
        f"{problem} {index} at ({x!r}, {y!r}): the ring is not convex; "
        "decompose(ring) cuts it into convex parts"
    )
