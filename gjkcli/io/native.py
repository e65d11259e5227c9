"""Native shapes: the lower-case ``type`` objects of FORMATS section 1.

A ``compound`` is the union of its ``parts``, each a native shape (compounds
nest); a ``polygon`` whose ring is not convex, or that has holes, is one too,
cut into convex parts.
"""

from __future__ import annotations

from collections.abc import Callable

from gjkcli.io.node import Node, unknown
from gjkcli.io.rings import polygon_shape
from gjkcli.pair import ShapeInput
from gjkcli.shapes import primitives
from gjkcli.shapes.affine import Affine
from gjkcli.shapes.base import ConvexShape
from gjkcli.shapes.compound import Shape, round_shape, transform_shape, union_of

__all__ = ["NATIVE_TYPES", "native_shape"]

_COMMON = ("transform", "margin", "name")
"""The optional keys of every native shape (``type`` aside)."""

_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "point": (("at",), ()),
    "segment": (("points",), ()),
    "polygon": (("points",), ("holes",)),
    "hull": (("points",), ()),
    "circle": (("center", "radius"), ()),
    "ellipse": (("center", "radii"), ("rotation",)),
    "rectangle": (("center", "size"), ("rotation",)),
    "capsule": (("points", "radius"), ()),
    "compound": (("parts",), ()),
}

NATIVE_TYPES = tuple(_FIELDS)
"""The native shape types, in the order of FORMATS section 1."""


def native_shape(node: Node) -> ShapeInput:
    """Build a native shape; ``node`` is an object whose ``type`` is in :data:`NATIVE_TYPES`.

    >>> native_shape(Node({"type": "circle", "center": [0, 0], "radius": 2}, "x.json")).kind
    'circle'
    >>> native_shape(Node({"type": "circle", "center": [0, 0], "radus": 2}, "x.json"))
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.json: radus: unknown key for a circle (did you mean \
'radius'?); valid keys: type, center, radius, transform, margin, name
    """
    kind = node.key("type").string()
    required, optional = _FIELDS[kind]
    node.check_keys(f"{_article(kind)} {kind}", ("type", *required), (*optional, *_COMMON))
    transform = node.get("transform")
    affine = None if transform is None else _affine(transform)
    shape: Shape
    if kind == "polygon":  # the rings are mapped before they are cut into parts
        if affine is not None and affine.singular and transform is not None:
            raise transform.error(
                "this transform flattens the polygon (a scale of 0, or one so small that "
                "its area is 0 in double precision), and a polygon needs an area "
                "(use a segment or a hull)"
            )
        shape = _polygon(node, affine)
    else:
        shape = _compound(node) if kind == "compound" else _BUILDERS[kind](node)
        if affine is not None:
            shape = transform_shape(shape, affine)
    margin = node.get("margin")
    if margin is not None:
        shape = round_shape(shape, margin.non_negative())
    name = node.get("name")
    return ShapeInput(shape, kind, name.string() if name is not None else None)


def _affine(node: Node) -> Affine:
    node.check_keys("a transform", (), ("scale", "rotate", "translate"))
    scale_node, rotate, translate = node.get("scale"), node.get("rotate"), node.get("translate")
    scale = (1.0, 1.0)
    if scale_node is not None:
        if isinstance(scale_node.value, list):
            scale = scale_node.xy()
        else:
            factor = scale_node.number()
            scale = (factor, factor)
    return Affine.from_parts(
        scale,
        rotate.number() if rotate is not None else 0.0,
        translate.xy() if translate is not None else (0.0, 0.0),
    )


def _non_negative_pair(node: Node) -> tuple[float, float]:
    first, second = node.sequence("numbers", 2, 2)
    return (first.non_negative(), second.non_negative())


def _rotation(node: Node) -> float:
    rotation = node.get("rotation")
    return rotation.number() if rotation is not None else 0.0


def _polygon(node: Node, affine: Affine | None) -> Shape:
    points, holes = node.key("points"), node.get("holes")
    rings = [points, *(holes.sequence("rings") if holes is not None else [])]
    return polygon_shape(rings, holes if holes is not None else points, affine)


def _compound(node: Node) -> Shape:
    members = []
    for part in node.key("parts").sequence("parts", 1):
        part.mapping("a native shape")
        if "type" not in part.value:
            raise part.error("missing key 'type' for a native shape")
        kind = part.key("type").string()
        if kind not in NATIVE_TYPES:
            raise part.key("type").error(
                f"a compound's parts are native shapes, and '{kind}' is not a native type"
                + unknown(kind, NATIVE_TYPES, "types")
            )
        members.append(native_shape(part).shape)
    return union_of(members)


def _segment(node: Node) -> ConvexShape:
    p, q = node.key("points").points(2, 2)
    return primitives.segment(p, q)


def _capsule(node: Node) -> ConvexShape:
    p, q = node.key("points").points(2, 2)
    return primitives.capsule(p, q, node.key("radius").non_negative())


_BUILDERS: dict[str, Callable[[Node], ConvexShape]] = {
    "point": lambda node: primitives.point(node.key("at").xy()),
    "segment": _segment,
    "hull": lambda node: primitives.hull(node.key("points").points(1)),
    "circle": lambda node: primitives.circle(
        node.key("center").xy(), node.key("radius").non_negative()
    ),
    "ellipse": lambda node: primitives.ellipse(
        node.key("center").xy(), _non_negative_pair(node.key("radii")), _rotation(node)
    ),
    "rectangle": lambda node: primitives.rectangle(
        node.key("center").xy(), _non_negative_pair(node.key("size")), _rotation(node)
    ),
    "capsule": _capsule,
}


def _article(noun: str) -> str:
    """``a`` or ``an``, as the type's name is spoken (``an ellipse``, ``a hull``)."""
    return "an" if noun[:1] in "aeiou" else "a"
