"""Affine maps of shapes: scale, rotate, translate, and their support function.

The support function of a mapped shape ``T(K) = {M p + t : p in K}`` follows
from the support function of ``K``: for a direction ``d``,

    max over p in K of  d . (M p + t)  =  max over p in K of  (M^T d) . p  + d . t

so the farthest point of ``T(K)`` along ``d`` is ``M s(M^T d) + t``, where ``s`` is
the support function of ``K``. The direction goes into the shape's own frame
through the transpose, the point comes back through the map. This holds for
*any* linear map ``M``, singular ones included, which is why an ellipse is just
a transformed disc, exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gjkcli.shapes.base import ConvexShape, Drawable, Vec, batched_supports, supports
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import Rounded

__all__ = ["Affine", "Transformed", "rotation", "transformed"]

Matrix = tuple[float, float, float, float]
"""A 2x2 matrix ``((a, b), (c, d))`` stored row by row as ``(a, b, c, d)``."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0)

_EXACT_QUARTER_TURNS = {0: (1.0, 0.0), 1: (0.0, 1.0), 2: (-1.0, 0.0), 3: (0.0, -1.0)}


def rotation(degrees: float) -> tuple[float, float]:
    """``(cos, sin)`` of an angle in degrees, exact at multiples of 90 degrees.

    ``math.cos(math.radians(90))`` is ``6.1e-17``, not 0: a square rotated by a
    right angle would no longer be axis-aligned. Quarter turns are looked up.

    >>> rotation(90.0)
    (0.0, 1.0)
    >>> rotation(-270.0)
    (0.0, 1.0)
    >>> c, s = rotation(30.0)
    >>> round(c * c + s * s, 15)
    1.0

    Whole turns are taken off exactly first (``fmod`` is exact), so that a
    huge angle is the angle it names, not what ``radians`` rounds it to:

    >>> rotation(1e20) == rotation(280.0)
    True
    """
    turn = math.fmod(degrees, 360.0)
    quarter, rest = divmod(turn, 90.0)
    if rest == 0.0:
        return _EXACT_QUARTER_TURNS[int(quarter) % 4]
    radians = math.radians(turn)
    return (math.cos(radians), math.sin(radians))


@dataclass(frozen=True)
class Affine:
    """The map ``p -> M p + t``.

    ``similarity`` is the factor ``k`` when ``M`` is ``k`` times a rotation (or a
    reflection), so that discs stay discs, and ``None`` otherwise.

    >>> Affine.from_parts(scale=(2.0, 2.0), rotate=90.0, translate=(1.0, 0.0)).apply((1.0, 0.0))
    (1.0, 2.0)
    """

    matrix: Matrix = IDENTITY
    offset: Vec = (0.0, 0.0)
    similarity: float | None = 1.0

    @classmethod
    def from_parts(
        cls,
        scale: tuple[float, float] = (1.0, 1.0),
        rotate: float = 0.0,
        translate: Vec = (0.0, 0.0),
    ) -> Affine:
        """Scale about the origin, then rotate (degrees, counter-clockwise), then translate."""
        sx, sy = scale
        c, s = rotation(rotate)
        matrix = (c * sx, -s * sy, s * sx, c * sy)
        similarity = abs(sx) if abs(sx) == abs(sy) else None
        return cls(matrix, translate, similarity)

    @property
    def singular(self) -> bool:
        """Whether ``M`` flattens the plane (a scale of 0 along some axis).

        >>> Affine.from_parts(scale=(2.0, 0.0), rotate=30.0).singular
        True
        """
        a, b, c, d = self.matrix
        return a * d - b * c == 0.0

    def apply(self, p: Vec) -> Vec:
        """The image ``M p + t`` of a point."""
        a, b, c, d = self.matrix
        x, y = p
        return (a * x + b * y + self.offset[0], c * x + d * y + self.offset[1])

    def then(self, outer: Affine) -> Affine:
        """The map that applies ``self`` first, then ``outer``.

        >>> turn = Affine.from_parts(rotate=90.0)
        >>> shift = Affine.from_parts(translate=(5.0, 0.0))
        >>> turn.then(shift).apply((1.0, 0.0))
        (5.0, 1.0)
        """
        a, b, c, d = outer.matrix
        p, q, r, s = self.matrix
        matrix = (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s)
        similarity = (
            None
            if self.similarity is None or outer.similarity is None
            else self.similarity * outer.similarity
        )
        return Affine(matrix, outer.apply(self.offset), similarity)


@batched_supports
@dataclass(frozen=True)
class Transformed(Drawable):
    """The image of ``inner`` under ``affine``, through the support function.

    >>> from gjkcli.shapes.polytope import Polytope
    >>> unit_disc = Rounded(Polytope(((0.0, 0.0),)), 1.0)
    >>> ellipse = Transformed(unit_disc, Affine.from_parts(scale=(3.0, 1.0)))
    >>> ellipse.support((1.0, 0.0))
    (3.0, 0.0)
    >>> ellipse.support((0.0, -2.0))
    (0.0, -1.0)
    """

    inner: ConvexShape
    affine: Affine

    def support(self, d: Vec) -> Vec:
        """``M s(M^T d) + t``: direction into the shape's frame, point back out."""
        a, b, c, e = self.affine.matrix
        dx, dy = d
        return self.affine.apply(self.inner.support((a * dx + c * dy, b * dx + e * dy)))

    def supports(self, directions: Sequence[Vec]) -> list[Vec]:
        """:meth:`support` along each direction, in order (the same points, bit for bit).

        >>> from gjkcli.shapes.polytope import Polytope
        >>> disc = Transformed(Rounded(Polytope(((0.0, 0.0),)), 1.0), Affine.from_parts((3.0, 1.0)))
        >>> disc.supports([(1.0, 0.0), (0.0, -2.0)])
        [(3.0, 0.0), (0.0, -1.0)]
        """
        a, b, c, e = self.affine.matrix
        tx, ty = self.affine.offset
        inner = supports(self.inner, [(a * dx + c * dy, b * dx + e * dy) for dx, dy in directions])
        return [(a * x + b * y + tx, c * x + e * y + ty) for x, y in inner]


def transformed(shape: ConvexShape, affine: Affine) -> ConvexShape:
    """The image of ``shape`` under ``affine``, in the simplest exact form.

    A polytope maps to the polytope of its mapped vertices (the image of a
    convex hull is the hull of the images). A rounded shape under a similarity
    stays rounded, with its radius scaled, so that the distance query keeps
    handling discs exactly. A transformed shape composes the two maps.
    Anything else is wrapped in :class:`Transformed`.

    >>> from gjkcli.shapes.polytope import Polytope
    >>> move = Affine.from_parts(translate=(1.0, 2.0))
    >>> transformed(Polytope(((0.0, 0.0), (1.0, 0.0))), move)
    Polytope(vertices=((1.0, 2.0), (2.0, 2.0)))
    >>> transformed(Rounded(Polytope(((0.0, 0.0),)), 1.0), Affine.from_parts(scale=(3.0, 3.0)))
    Rounded(core=Polytope(vertices=((0.0, 0.0),)), radius=3.0)
    """
    if isinstance(shape, Polytope):
        return Polytope(tuple(affine.apply(v) for v in shape.vertices))
    if isinstance(shape, Rounded) and affine.similarity is not None:
        return Rounded(transformed(shape.core, affine), shape.radius * affine.similarity)
    if isinstance(shape, Transformed):
        return transformed(shape.inner, shape.affine.then(affine))
    return Transformed(shape, affine)
