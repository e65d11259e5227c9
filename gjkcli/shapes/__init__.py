"""Convex shapes, known through their support functions, and compounds of them."""

from gjkcli.shapes.affine import Affine, Transformed, transformed
from gjkcli.shapes.base import ConvexShape, Vec, bounding_box
from gjkcli.shapes.compound import Compound, Shape, parts_of, union_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.primitives import (
    NotConvexError,
    capsule,
    circle,
    convex_polygon,
    ellipse,
    hull,
    point,
    rectangle,
    rounded,
    segment,
)
from gjkcli.shapes.rounded import Rounded, split_radius

__all__ = [
    "Affine",
    "Compound",
    "ConvexShape",
    "NotConvexError",
    "Polytope",
    "Rounded",
    "Shape",
    "Transformed",
    "Vec",
    "bounding_box",
    "capsule",
    "circle",
    "convex_polygon",
    "ellipse",
    "hull",
    "parts_of",
    "point",
    "rectangle",
    "rounded",
    "segment",
    "split_radius",
    "transformed",
    "union_of",
]
