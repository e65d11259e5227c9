"""The plain records that flow from the loaders to the checks: shapes, expectations, pairs."""

from __future__ import annotations

from dataclasses import dataclass

from gjkcli.shapes.compound import Shape

__all__ = ["Expect", "Pair", "ShapeInput"]


@dataclass(frozen=True)
class ShapeInput:
    """A shape as loaded: the geometry (convex, or a compound of convex parts), what it
    was written as, and its label."""

    shape: Shape
    kind: str
    name: str | None = None


@dataclass(frozen=True)
class Expect:
    """What the input says the answer must be (FORMATS section 2); ``None``: not stated."""

    intersects: bool | None = None
    distance: float | None = None
    penetration: float | None = None
    tolerance: float | None = None


@dataclass(frozen=True)
class Pair:
    """Two shapes to compare, with a name and an optional expectation."""

    a: ShapeInput
    b: ShapeInput
    name: str
    expect: Expect | None = None
