"""Shapes the benchmark scripts share (run them from the repository root)."""

from __future__ import annotations

import math

from gjkcli import convex_polygon
from gjkcli.shapes.base import ConvexShape, Vec


def regular_polygon(count: int, center: Vec, radius: float, turn: float) -> ConvexShape:
    """A regular ``count``-gon, turned by ``turn`` radians."""
    angles = [turn + 2 * math.pi * k / count for k in range(count)]
    return convex_polygon(
        [(center[0] + radius * math.cos(t), center[1] + radius * math.sin(t)) for t in angles]
    )
