"""Values computed once for a shape made of gjkcli's own frozen shapes all the way down.

A polytope, a rounded shape and a transformed shape are frozen: what is computed from
one made of them only (its bounding box, its reach) stays true of it, and is kept in its
instance dictionary, as :func:`functools.cached_property` keeps a value (their equality
and copies ignore it). A rounded or transformed shape of a user's own shape is computed
every time: that shape may change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from gjkcli.shapes.affine import Transformed
from gjkcli.shapes.base import ConvexShape
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import Rounded

__all__ = ["all_frozen", "remembered"]

_FROZEN = (Polytope, Rounded, Transformed)
"""gjkcli's own convex shapes: frozen, so what is computed from one made of them only
stays true of it (:func:`all_frozen`)."""

S = TypeVar("S", bound=ConvexShape)
T = TypeVar("T")


def remembered(shape: S, name: str, compute: Callable[[S], T]) -> T:
    """``compute(shape)``, computed once for a shape made of gjkcli's own shapes all the
    way down (kept in its instance dictionary under ``name``), every time for others.

    >>> from gjkcli.shapes import circle
    >>> calls = []
    >>> disc = circle((0.0, 0.0), 1.0)
    >>> [remembered(disc, "example", lambda s: calls.append(1) or len(calls)) for _ in "ab"]
    [1, 1]
    """
    if type(shape) not in _FROZEN:
        return compute(shape)
    kept = vars(shape)
    if name in kept:  # only kept for a shape that cannot change (below)
        return cast(T, kept[name])
    value = compute(shape)
    if all_frozen(shape):
        kept[name] = value
    return value


def all_frozen(shape: ConvexShape) -> bool:
    """Whether ``shape`` is one of gjkcli's frozen shapes, and so is every shape inside it.

    >>> from gjkcli.shapes import circle
    >>> from gjkcli.shapes.base import Vec
    >>> class Dot:
    ...     def support(self, d: Vec) -> Vec:
    ...         return (0.0, 0.0)
    >>> all_frozen(circle((1.0, 2.0), 3.0)), all_frozen(Rounded(Dot(), 1.0))
    (True, False)
    """
    if type(shape) is Polytope:
        return True
    if type(shape) is Rounded:
        return all_frozen(shape.core)
    if type(shape) is Transformed:
        return all_frozen(shape.inner)
    return False
