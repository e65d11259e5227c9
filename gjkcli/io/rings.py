"""Turning a non-convex ring into an input error that points at the reflex vertex."""

from __future__ import annotations

from collections.abc import Callable

from gjkcli.io.node import Node
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.primitives import NotConvexError, convex_polygon

__all__ = ["polygon_from_ring"]


def polygon_from_ring(
    ring: list[Vec], ring_node: Node, vertex: Callable[[int], Node]
) -> ConvexShape:
    """A convex polygon, or an :class:`InputError` at the first reflex vertex.

    ``vertex(i)`` is the node of input vertex ``i``; problems that belong to no
    single vertex (zero area, a ring that winds twice) are reported at
    ``ring_node``. A non-convex ring is never replaced by its hull: the message
    suggests asking for the hull explicitly.
    """
    try:
        return convex_polygon(ring)
    except NotConvexError as problem:
        if problem.index is None:
            raise ring_node.error(f"not a convex polygon: {problem}") from None
        x, y = ring[problem.index]
        raise vertex(problem.index).error(
            f"polygon is not convex: {problem} at ({x:g}, {y:g}); "
            'non-convex polygons are not supported yet, use "type": "hull" '
            "if you mean the convex hull of these points"
        ) from None
