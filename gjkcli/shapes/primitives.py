"""Constructors for the native shape types of ``docs/FORMATS.md`` section 1.

Each returns a :class:`~gjkcli.shapes.base.ConvexShape` built from three parts
only: :class:`Polytope`, :class:`Rounded` and :class:`Transformed`. A circle is
a rounded point, a capsule a rounded segment, an ellipse a transformed unit
disc, a rectangle a transformed square. The constructors check only what the
geometry needs (for instance a non-negative radius); the loaders in
``gjkcli.io`` turn the problems into messages that name the file and the place.
"""

from __future__ import annotations

from collections.abc import Sequence

from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import convexity_problem, open_ring
from gjkcli.shapes.rounded import Rounded

__all__ = [
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


class NotConvexError(ValueError):
    """A polygon ring that is not convex; ``index`` is the offending input vertex."""

    def __init__(self, message: str, index: int | None) -> None:
        super().__init__(message)
        self.index = index


def point(at: Vec) -> ConvexShape:
    """A single point.

    >>> point((1.0, 2.0)).support((5.0, -3.0))
    (1.0, 2.0)
    """
    return Polytope((at,))


def segment(p: Vec, q: Vec) -> ConvexShape:
    """The closed segment from ``p`` to ``q``.

    >>> segment((0.0, 0.0), (2.0, 1.0)).support((1.0, 0.0))
    (2.0, 1.0)
    """
    return Polytope((p, q))


def convex_polygon(ring: Sequence[Vec]) -> ConvexShape:
    """A convex polygon from its ring (either orientation, closing point optional).

    Raises :class:`NotConvexError` naming the first reflex vertex: a non-convex
    ring is never replaced by its hull.

    >>> convex_polygon([(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]).support((1.0, 1.0))
    (1.0, 0.0)
    >>> convex_polygon([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)])
    Traceback (most recent call last):
    ...
    gjkcli.shapes.primitives.NotConvexError: reflex vertex
    """
    problem = convexity_problem(ring)
    if problem is not None:
        raise NotConvexError(problem.message, problem.index)
    return Polytope(tuple(open_ring(ring)))


def hull(points: Sequence[Vec]) -> ConvexShape:
    """The convex hull of a point cloud (order does not matter).

    >>> hull([(0.0, 0.0), (1.0, 1.0), (2.0, 0.0), (1.0, 0.2)]).support((0.0, 1.0))
    (1.0, 1.0)
    """
    return Polytope(tuple(points))


def circle(center: Vec, radius: float) -> ConvexShape:
    """A disc.

    >>> circle((1.0, 0.0), 2.0).support((0.0, -1.0))
    (1.0, -2.0)
    """
    return Rounded(Polytope((center,)), radius)


def ellipse(center: Vec, radii: tuple[float, float], rotation: float = 0.0) -> ConvexShape:
    """A filled ellipse with semi-axes ``radii``, rotated by ``rotation`` degrees.

    >>> ellipse((0.0, 0.0), (3.0, 1.0), 90.0).support((0.0, 1.0))
    (0.0, 3.0)
    """
    unit_disc = Rounded(Polytope((_ORIGIN,)), 1.0)
    return transformed(unit_disc, Affine.from_parts(radii, rotation, center))


def rectangle(center: Vec, size: tuple[float, float], rotation: float = 0.0) -> ConvexShape:
    """A filled ``size[0]`` by ``size[1]`` rectangle, rotated by ``rotation`` degrees.

    >>> rectangle((10.0, 0.0), (4.0, 2.0)).support((1.0, 1.0))
    (12.0, 1.0)
    """
    half_w, half_h = size[0] / 2.0, size[1] / 2.0
    corners = ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))
    return transformed(Polytope(corners), Affine.from_parts(rotate=rotation, translate=center))


def capsule(p: Vec, q: Vec, radius: float) -> ConvexShape:
    """The segment from ``p`` to ``q`` swept by a disc of ``radius``.

    >>> capsule((0.0, 0.0), (4.0, 0.0), 1.0).support((1.0, 0.0))
    (5.0, 0.0)
    """
    return Rounded(Polytope((p, q)), radius)


def rounded(shape: ConvexShape, margin: float) -> ConvexShape:
    """``shape`` grown by a disc of radius ``margin`` (radii of nested discs add up).

    >>> rounded(circle((0.0, 0.0), 1.0), 0.5)
    Rounded(core=Polytope(vertices=((0.0, 0.0),)), radius=1.5)
    """
    if margin == 0.0:
        return shape
    if isinstance(shape, Rounded):
        return Rounded(shape.core, shape.radius + margin)
    return Rounded(shape, margin)
