"""The one thing GJK needs from a shape: its support function.

A convex set ``K`` is known completely by its *support mapping*: for a
direction ``d``, ``support(d)`` is a point of ``K`` farthest along ``d``, that is
one maximising ``d . p`` over ``p`` in ``K``. GJK never looks at a shape in any
other way, which is why one implementation serves polygons, discs, ellipses,
capsules and their transforms alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, SupportsFloat, TypeVar, runtime_checkable

__all__ = [
    "ConvexShape",
    "Drawable",
    "PointLike",
    "Vec",
    "as_vec",
    "batched_supports",
    "bounding_box",
    "supports",
]

Vec = tuple[float, float]
"""A point or a direction in the plane."""

PointLike = Iterable[SupportsFloat]
"""A point as the constructors take it: two numbers in any container, a NumPy row
included (:func:`as_vec` makes it a :data:`Vec`)."""


def as_vec(p: PointLike) -> Vec:
    """A point given as two finite numbers, as a pair of Python floats.

    >>> import numpy as np
    >>> as_vec(np.array([1, 2])), as_vec([0.5, np.float32(0.25)])
    ((1.0, 2.0), (0.5, 0.25))
    >>> as_vec((1.0, 2.0, 3.0))
    Traceback (most recent call last):
    ...
    ValueError: a point is two numbers (x, y), got 3
    """
    if type(p) is tuple and len(p) == 2:  # the usual case, as the loaders make points
        x, y = p
        if type(x) is float and type(y) is float and math.isfinite(x) and math.isfinite(y):
            return (x, y)
    if isinstance(p, (str, bytes)):
        raise ValueError(f"a point is two numbers (x, y), got {type(p).__name__}")
    values = [float(c) for c in p]
    if len(values) != 2:
        raise ValueError(f"a point is two numbers (x, y), got {len(values)}")
    x, y = values
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"a point's coordinates must be finite, got ({x!r}, {y!r})")
    return (x, y)


@runtime_checkable
class ConvexShape(Protocol):
    """A closed, bounded, non-empty convex set in the plane."""

    def support(self, d: Vec) -> Vec:
        """A point of the shape farthest in direction ``d`` (``d`` need not be unit).

        For ``d = (0, 0)`` any point of the shape is a valid answer.
        """
        ...


class Drawable:
    """What makes a shape show as a picture in a notebook (Jupyter calls ``_repr_svg_``).

    The drawing is :func:`gjkcli.render.svg.shape_svg`'s, imported when a picture is
    first asked for: the shapes themselves know nothing of drawing.

    >>> from gjkcli.shapes.primitives import circle
    >>> circle((0.0, 0.0), 1.0)._repr_svg_().startswith("<svg")
    True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The shape drawn as an SVG document."""
        from gjkcli.render.svg import shape_svg  # the one look up the layers: for notebooks

        return shape_svg(self)  # type: ignore[arg-type]  # every Drawable is a Shape


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


T = TypeVar("T")

_BATCHED: set[type] = set()
"""gjkcli's own shape classes whose ``supports`` answers many directions at once
(:func:`batched_supports` adds them)."""


def batched_supports(cls: type[T]) -> type[T]:
    """Mark a class of gjkcli's own as answering :func:`supports` with its ``supports``
    method (a class decorator). Only the class itself: a subclass, which may have its own
    ``support``, is asked one direction at a time."""
    _BATCHED.add(cls)
    return cls


def supports(shape: ConvexShape, directions: Sequence[Vec]) -> list[Vec]:
    """``[shape.support(d) for d in directions]``: the same points, bit for bit, found by
    the shape's own ``supports`` where it is one of gjkcli's rounded or transformed shapes
    (which saves the calls through to the core a direction when many are asked for at
    once). A shape of the caller's own
    is asked one direction at a time, whatever other methods it has.

    >>> from gjkcli.shapes.primitives import capsule
    >>> supports(capsule((0.0, 0.0), (2.0, 0.0), 1.0), [(1.0, 0.0), (0.0, -3.0)])
    [(3.0, 0.0), (0.0, -1.0)]
    >>> class Dot:
    ...     def support(self, d: Vec) -> Vec:
    ...         return (1.0, 2.0)
    ...     def supports(self, feature: str) -> bool:  # not gjkcli's meaning
    ...         return False
    >>> supports(Dot(), [(1.0, 0.0)])
    [(1.0, 2.0)]
    """
    if type(shape) in _BATCHED:
        batched: Callable[[Sequence[Vec]], list[Vec]] = shape.supports  # type: ignore[attr-defined]
        return batched(directions)
    return [shape.support(d) for d in directions]
