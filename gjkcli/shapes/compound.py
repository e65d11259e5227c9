"""Compound shapes: unions of convex parts (non-convex polygons, polygons with holes,
multi-part geometries, polylines).

GJK works on convex sets; a compound shape is handed to it part by part
(:mod:`gjkcli.algorithms.compound`). A compound keeps, besides its parts, a
description of the geometry it came from (GeoJSON-like: ``{"type":
"Polygon", "coordinates": ...}``), so that the Shapely cross-check can use the
original geometry rather than the parts, and so check the decomposition too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape, Vec, bounding_box
from gjkcli.shapes.primitives import rounded

__all__ = [
    "Compound",
    "Shape",
    "parts_of",
    "round_shape",
    "shape_bounds",
    "transform_shape",
]


@dataclass(frozen=True)
class Compound:
    """A union of convex ``parts``, and the geometry it came from (``None``: just the parts).

    ``rings`` are the boundary rings of the polygons it came from (exterior
    and holes, in world coordinates), used to tell a point of the interior
    from a point of the boundary; empty when it has no area of its own.

    >>> from gjkcli.shapes import point
    >>> pair_of_points = Compound((point((0.0, 0.0)), point((2.0, 0.0))), None)
    >>> shape_bounds(pair_of_points)
    (0.0, 0.0, 2.0, 0.0)
    """

    parts: tuple[ConvexShape, ...]
    geometry: dict[str, Any] | None
    rings: tuple[tuple[Vec, ...], ...] = ()


Shape = ConvexShape | Compound
"""Anything a pair can hold: one convex shape, or a compound of convex parts."""


def parts_of(shape: Shape) -> tuple[ConvexShape, ...]:
    """The convex parts of a shape (a convex shape is its own single part)."""
    return shape.parts if isinstance(shape, Compound) else (shape,)


def shape_bounds(shape: Shape) -> tuple[float, float, float, float]:
    """``(minx, miny, maxx, maxy)`` of a convex or compound shape."""
    boxes = [bounding_box(part) for part in parts_of(shape)]
    return (
        min(box[0] for box in boxes),
        min(box[1] for box in boxes),
        max(box[2] for box in boxes),
        max(box[3] for box in boxes),
    )


def transform_shape(shape: Shape, affine: Affine) -> Shape:
    """A shape under an affine map: each part, its geometry and its rings mapped alike."""
    if not isinstance(shape, Compound):
        return transformed(shape, affine)
    return Compound(
        tuple(transformed(part, affine) for part in shape.parts),
        None if shape.geometry is None else _map_geometry(shape.geometry, affine),
        tuple(tuple(affine.apply(p) for p in ring) for ring in shape.rings),
    )


def round_shape(shape: Shape, margin: float) -> Shape:
    """A shape grown by a disc: the union of its grown parts (no polygon describes it any more)."""
    if not isinstance(shape, Compound):
        return rounded(shape, margin)
    if margin == 0.0:
        return shape
    return replace(
        shape, parts=tuple(rounded(part, margin) for part in shape.parts), geometry=None, rings=()
    )


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
