"""Compound shapes: unions of convex parts (non-convex polygons, polygons with holes,
multi-part geometries, polylines).

GJK works on convex sets; a compound shape is handed to it part by part
(:mod:`gjkcli.algorithms.compound`). A compound keeps, besides its parts, a
description of the geometry it came from (GeoJSON-like: ``{"type":
"Polygon", "coordinates": ...}``), so that the Shapely cross-check can use the
original geometry rather than the parts, and so check the decomposition too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape, Drawable, bounding_box
from gjkcli.shapes.cached import cached
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.primitives import CONVEX_CLASSES, rounded
from gjkcli.shapes.remembered import remembered

__all__ = [
    "Box",
    "Compound",
    "Shape",
    "boxes_of",
    "part_box",
    "parts_of",
    "round_shape",
    "shape_bounds",
    "transform_shape",
    "union_of",
]


@dataclass(frozen=True)
class Compound(Drawable):
    """A union of convex ``parts``, and what it was made from.

    ``geometry`` is the GeoJSON-like description of the geometry the parts
    were cut from (a non-convex polygon, a MultiPolygon, a polyline...), or
    ``None``. ``members`` are the shapes a native compound was written as
    (``()`` otherwise); their parts, in order, are its parts. Neither is used
    by GJK; the Shapely cross-check uses them instead of the parts.

    >>> from gjkcli.shapes import point
    >>> pair_of_points = Compound((point((0.0, 0.0)), point((2.0, 0.0))), None)
    >>> shape_bounds(pair_of_points)
    (0.0, 0.0, 2.0, 0.0)
    """

    parts: tuple[ConvexShape, ...]
    geometry: dict[str, Any] | None
    members: tuple[Shape, ...] = ()

    @cached
    def boxes(self) -> tuple[Box, ...]:
        """Each part's bounding box ``(minx, miny, maxx, maxy)``, computed once."""
        return tuple(part_box(part) for part in self.parts)

    @cached
    def bounds(self) -> Box:
        """``(minx, miny, maxx, maxy)`` of the whole compound, computed once."""
        boxes = self.boxes
        return (
            min(box[0] for box in boxes),
            min(box[1] for box in boxes),
            max(box[2] for box in boxes),
            max(box[3] for box in boxes),
        )


Shape = ConvexShape | Compound
"""Anything a pair can hold: one convex shape, or a compound of convex parts."""

Box = tuple[float, float, float, float]
"""``(minx, miny, maxx, maxy)``."""


def part_box(part: ConvexShape) -> Box:
    """A convex shape's bounding box: a polytope's from its vertices (computed once,
    :attr:`~gjkcli.shapes.polytope.Polytope.box`), else from four support points (the
    same numbers either way; computed once for gjkcli's own shapes,
    :func:`~gjkcli.shapes.remembered.remembered`).

    >>> part_box(Polytope(((0.0, 1.0), (2.0, -1.0))))
    (0.0, -1.0, 2.0, 1.0)
    """
    if isinstance(part, Polytope):
        return part.box
    return remembered(part, "box", bounding_box)


def boxes_of(shape: Shape) -> tuple[Box, ...]:
    """The bounding boxes of a shape's parts, in order."""
    return shape.boxes if isinstance(shape, Compound) else (part_box(shape),)


def union_of(members: Sequence[Shape]) -> Shape:
    """The union of ``members`` (gjkcli shapes); a single member is returned as it is.

    >>> from gjkcli.shapes import circle, point
    >>> len(union_of([circle((0.0, 0.0), 1.0), point((3.0, 0.0))]).parts)
    2
    >>> union_of(["POINT (0 0)"])
    Traceback (most recent call last):
    ...
    TypeError: union_of takes gjkcli shapes, got str (gjkcli.union_of takes any shape form)
    """
    if not members:
        raise ValueError("union_of needs at least one shape")
    for member in members:
        if not isinstance(member, (*CONVEX_CLASSES, Compound, ConvexShape)):  # cheap ones first
            raise TypeError(
                f"union_of takes gjkcli shapes, got {type(member).__name__} "
                "(gjkcli.union_of takes any shape form)"
            )
    if len(members) == 1:
        return members[0]
    parts = tuple(part for member in members for part in parts_of(member))
    return Compound(parts, None, tuple(members))


def parts_of(shape: Shape) -> tuple[ConvexShape, ...]:
    """The convex parts of a shape (a convex shape is its own single part)."""
    return shape.parts if isinstance(shape, Compound) else (shape,)


def shape_bounds(shape: Shape) -> Box:
    """``(minx, miny, maxx, maxy)`` of a convex or compound shape."""
    return shape.bounds if isinstance(shape, Compound) else part_box(shape)


def transform_shape(shape: Shape, affine: Affine) -> Shape:
    """A shape under an affine map: each part, its geometry and its members mapped alike."""
    if not isinstance(shape, Compound):
        return transformed(shape, affine)
    return Compound(
        tuple(transformed(part, affine) for part in shape.parts),
        None if shape.geometry is None else _map_geometry(shape.geometry, affine),
        tuple(transform_shape(member, affine) for member in shape.members),
    )


def round_shape(shape: Shape, margin: float) -> Shape:
    """A shape grown by a disc: the union of its grown parts (no polygon describes it any more).

    >>> from gjkcli.shapes import point
    >>> grown = round_shape(union_of([point((0.0, 0.0)), point((3.0, 0.0))]), 1.0)
    >>> shape_bounds(grown), grown.geometry, grown.members
    ((-1.0, -1.0, 4.0, 1.0), None, ())
    """
    if not isinstance(shape, Compound):
        return rounded(shape, margin)
    if margin == 0.0:
        return shape
    return Compound(tuple(rounded(part, margin) for part in shape.parts), None)


def _map_geometry(geometry: dict[str, Any], affine: Affine) -> dict[str, Any]:
    def mapped(coordinates: Any) -> Any:
        if coordinates and isinstance(coordinates[0], (int, float)):
            return list(affine.apply((coordinates[0], coordinates[1])))
        return [mapped(item) for item in coordinates]

    if geometry["type"] == "GeometryCollection":
        return {
            **geometry,
            "geometries": [_map_geometry(g, affine) for g in geometry["geometries"]],
        }
    return {**geometry, "coordinates": mapped(geometry["coordinates"])}
