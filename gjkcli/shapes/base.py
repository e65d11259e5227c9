"""The one thing GJK needs from a shape: its support function.

A convex set ``K`` is known completely by its *support mapping*: for a
direction ``d``, ``support(d)`` is a point of ``K`` farthest along ``d``, that is
one maximising ``d . p`` over ``p`` in ``K``. GJK never looks at a shape in any
other way, which is why one implementation serves polygons, discs, ellipses,
capsules and their transforms alike.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

__all__ = ["ConvexShape", "Vec", "bounding_box"]

Vec = tuple[float, float]
"""A point or a direction in the plane."""


@runtime_checkable
class ConvexShape(Protocol):
    """A closed, bounded, non-empty convex set in the plane."""

    def support(self, d: Vec) -> Vec:
        """A point of the shape farthest in direction ``d`` (``d`` need not be unit).

        For ``d = (0, 0)`` any point of the shape is a valid answer.
        """
        ...


def bounding_box(shape: ConvexShape) -> tuple[float, float, float, float]:
    """``(minx, miny, maxx, maxy)`` of a shape, from four support points.

    >>> from gjkcli.shapes.primitives import circle
    >>> bounding_box(circle((1.0, 2.0), 1.0))
    (0.0, 1.0, 2.0, 3.0)
    """
    return (
        shape.support((-1.0, 0.0))[0],
        shape.support((0.0, -1.0))[1],
        shape.support((1.0, 0.0))[0],
        shape.support((0.0, 1.0))[1],
    )
