"""How far apart two convex parts are at least, from their extents along a frame.

A *frame* is a vector ``u`` no longer than 1 (exactly) and its perpendicular
``v = (-uy, ux)``. A part's *extents* are the least and greatest values of
``u.p`` and of ``v.p`` over its points: its bounding box in the frame, four
support points. For the frame ``(1, 0)`` they are the part's ordinary
bounding box. Between two parts, each of the four directions ``u``, ``-u``,
``v``, ``-v`` gives a gap (how far one part's extent falls short of the
other's), which is a separating axis's lower bound on their distance; the
gaps along ``u`` and along ``v`` together give the distance between the two
boxes, ``hypot``, a lower bound on the distance between the parts.

This bound is the broad phase's filter (:mod:`gjkcli.algorithms.compound`:
a pair whose bound exceeds the distance looked for is never tested), and the
proof a compound certificate gives for the pairs of parts it does not list
(:mod:`gjkcli.verify.certificates` recomputes it). Boxes in the frame
``(1, 0)`` are poor for long parts lying across it (long diagonal segments
side by side all have the same box); in a frame along them, their boxes are
as thin as they are.

Rounding. Each gap is the difference of two support values
(``n.near_b - n.far_a``) lowered by ``CERTIFICATE_ROUNDING * (ha + hb +
|gap|)`` plus the smallest normal number, where ``ha`` and ``hb`` bound
``|nx x| + |ny y|`` over each part; here they are taken from the part's
bounding box, ``|nx| max|x| + |ny| max|y|``, which is at least that. (A
separating axis's own ``lower`` is bounded vertex by vertex,
:func:`gjkcli.algorithms.bounds.separation`, which is tighter for a long
part lying across the axis; for boxes in a frame along the parts, the boxes'
magnitudes serve, and they take no pass over the vertices.) The ``hypot`` of the
two lowered gaps (each at least 0) is lowered by ``CERTIFICATE_ROUNDING``
times itself (``hypot`` is within an ulp or so). So every bound is at most
the exact distance between the parts: a rigorous lower bound for polygons,
and to the accuracy of the support functions for curved parts.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gjkcli.engine import compiled
from gjkcli.shapes.base import Vec
from gjkcli.shapes.cached import cached
from gjkcli.shapes.compound import Shape, boxes_of, parts_of
from gjkcli.tolerances import CERTIFICATE_ROUNDING

__all__ = [
    "AXIS_ALIGNED",
    "Extents",
    "box_distances",
    "extents",
    "frame_axis",
    "growth",
    "meeting",
    "separations",
]

AXIS_ALIGNED: Vec = (1.0, 0.0)
"""The frame of ordinary bounding boxes."""


@dataclass(frozen=True)
class Extents:
    """Every part's extents in a frame: arrays ``low_u``, ``high_u``, ``low_v``, ``high_v``
    (the least and greatest ``u.p`` and ``v.p``), and ``reach_u``, ``reach_v``: the sizes
    their rounding is relative to (at least ``|ux x| + |uy y|``, and ``|vx x| + |vy y|``,
    over the part)."""

    axis: Vec
    low_u: Any
    high_u: Any
    low_v: Any
    high_v: Any
    reach_u: Any
    reach_v: Any

    @cached
    def table(self) -> Any:
        """The extents as rows of six floats (``low_u``, ``high_u``, ``low_v``, ``high_v``,
        ``reach_u``, ``reach_v``), as the compiled engine reads them."""
        import numpy as np

        columns = (self.low_u, self.high_u, self.low_v, self.high_v, self.reach_u, self.reach_v)
        return np.ascontiguousarray(np.column_stack(columns), dtype=float)

    @cached
    def reach(self) -> float:
        """The largest of the sizes (0 for no parts)."""
        return float(max(self.reach_u.max(initial=0.0), self.reach_v.max(initial=0.0)))

    def boxes(self, grow: float = 0.0) -> Any:
        """The parts' boxes in the frame, each grown by ``grow`` on every side, as Shapely
        rectangles (``u`` across, ``v`` up)."""
        import shapely

        return shapely.box(
            self.low_u - grow, self.low_v - grow, self.high_u + grow, self.high_v + grow
        )


def meeting(a: Extents, b: Extents, grow: float, start: int, stop: int) -> tuple[Any, Any]:
    """The pairs ``(i, j)``, ``start <= i < stop``, where A's box ``i`` grown by ``grow``
    meets B's box ``j`` (touching counts), as index arrays in the order of ``i`` then
    ``j``: the pairs a Shapely ``STRtree`` of ``b.boxes()`` gives for ``a.boxes(grow)``
    (it compares the same numbers the same way), found by testing every pair.

    >>> from gjkcli.shapes import rectangle, union_of
    >>> two = union_of([rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((9.0, 0.0), (2.0, 2.0))])
    >>> three = rectangle((2.0, 0.0), (2.0, 2.0))
    >>> ea, eb = extents(two, AXIS_ALIGNED), extents(three, AXIS_ALIGNED)
    >>> [pairs.tolist() for pairs in meeting(ea, eb, 0.0, 0, 2)]  # the first touches it
    [[0], [0]]
    """
    import numpy as np

    core = compiled()
    found = None if core is None else core.boxes_meeting(a.table, b.table, float(grow), start, stop)
    if found is not None:  # the same pairs, compiled (gjkcli/_extents.c)
        return np.frombuffer(found[0], dtype=np.int64), np.frombuffer(found[1], dtype=np.int64)
    rows = slice(start, stop)
    meets = (
        ((a.low_u[rows] - grow)[:, None] <= b.high_u)
        & (b.low_u <= (a.high_u[rows] + grow)[:, None])
        & ((a.low_v[rows] - grow)[:, None] <= b.high_v)
        & (b.low_v <= (a.high_v[rows] + grow)[:, None])
    )
    found_a, found_b = np.nonzero(meets)
    return found_a + start, found_b


def extents(shape: Shape, axis: Vec) -> Extents:
    """The extents of a shape's parts in the frame of ``axis`` (which must be no longer
    than 1): from the parts' bounding boxes in the frame ``(1, 0)``, else from four
    support points each.

    >>> from gjkcli.shapes import segment, union_of
    >>> slant = union_of([segment((0.0, 0.0), (3.0, 4.0)), segment((1.0, 0.0), (4.0, 4.0))])
    >>> e = extents(slant, (0.6, 0.8))  # along the segments, and across them
    >>> [[round(float(x), 12) for x in column] for column in (e.low_u, e.high_u, e.low_v, e.high_v)]
    [[0.0, 0.6], [5.0, 5.6], [-0.0, -0.8], [0.0, -0.8]]
    """
    import numpy as np

    low_x, low_y, high_x, high_y = np.array(boxes_of(shape), dtype=float).T
    largest_x, largest_y = np.maximum(-low_x, high_x), np.maximum(-low_y, high_y)  # max |x|, |y|
    if axis == AXIS_ALIGNED:  # the bounding boxes: the same four support values
        return Extents(axis, low_x, high_x, low_y, high_y, largest_x, largest_y)
    ux, uy = axis
    vx, vy = -uy, ux
    reach_u = abs(ux) * largest_x + abs(uy) * largest_y
    reach_v = abs(vx) * largest_x + abs(vy) * largest_y
    values = []
    for part in parts_of(shape):
        row = []
        for nx, ny in ((ux, uy), (vx, vy)):
            low, high = part.support((-nx, -ny)), part.support((nx, ny))
            row += [nx * low[0] + ny * low[1], nx * high[0] + ny * high[1]]
        values.append(row)
    low_u, high_u, low_v, high_v = np.array(values, dtype=float).reshape(-1, 4).T
    return Extents(axis, low_u, high_u, low_v, high_v, reach_u, reach_v)


def separations(a: Extents, b: Extents, i: Any, j: Any) -> Any:
    """Lower bounds on the distances between part ``i[k]`` of A and part ``j[k]`` of B,
    for each ``k`` (index arrays; both extents in the same frame).

    >>> from gjkcli.shapes import rectangle
    >>> import numpy as np
    >>> left, right = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 3.0), (2.0, 2.0))
    >>> ea, eb = extents(left, AXIS_ALIGNED), extents(right, AXIS_ALIGNED)
    >>> bound = separations(ea, eb, np.array([0]), np.array([0]))
    >>> float(bound[0]), 5 ** 0.5  # boxes 2 apart across and 1 up
    (2.236067977499779, 2.23606797749979)
    """
    return box_distances(a, b, i, j)[1]


def box_distances(a: Extents, b: Extents, i: Any, j: Any) -> tuple[Any, Any]:
    """The distances between the boxes of part ``i[k]`` of A and part ``j[k]`` of B as
    computed, and their lower bounds (:func:`separations`). The first are the order in
    which to try pairs (equal for boxes equally far apart, however far from the
    origin), not a proof.

    The distance between boxes is the ``hypot`` of the gaps along ``u`` and ``v``,
    each the greater of the gaps along the two opposite directions and at least 0; for
    the bound, each gap and the ``hypot`` less its rounding bound.

    >>> from gjkcli.shapes import rectangle
    >>> import numpy as np
    >>> left, right = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 3.0), (2.0, 2.0))
    >>> ea, eb = extents(left, AXIS_ALIGNED), extents(right, AXIS_ALIGNED)
    >>> [float(d[0]) for d in box_distances(ea, eb, np.array([0]), np.array([0]))]
    [2.23606797749979, 2.236067977499779]
    """
    import numpy as np

    core = compiled()
    i, j = np.asarray(i), np.asarray(j)
    numbered = i.ndim == j.ndim == 1 and i.dtype.kind in "iu" and j.dtype.kind in "iu"
    if core is not None and numbered:  # the same numbers, compiled (gjkcli/_extents.c)
        found = core.box_distances(
            a.table,
            b.table,
            np.ascontiguousarray(i, dtype=np.int64),
            np.ascontiguousarray(j, dtype=np.int64),
            CERTIFICATE_ROUNDING,
        )
        if found is not None:
            return np.frombuffer(found[0]), np.frombuffer(found[1])
    return _box_distances(a, b, i, j)


def _box_distances(a: Extents, b: Extents, i: Any, j: Any) -> tuple[Any, Any]:
    """:func:`box_distances` in NumPy: the reference."""
    import numpy as np

    rounded_u, rounded_v = a.reach_u[i] + b.reach_u[j], a.reach_v[i] + b.reach_v[j]
    gaps = []
    for differences, sizes in (
        ((b.low_u[j] - a.high_u[i], a.low_u[i] - b.high_u[j]), rounded_u),
        ((b.low_v[j] - a.high_v[i], a.low_v[i] - b.high_v[j]), rounded_v),
    ):
        gap = np.maximum(*differences)
        gaps.append((np.maximum(0.0, gap), _lowered_gap(gap, sizes)))
    (across, across_bound), (up, up_bound) = gaps
    apart = np.hypot(across_bound, up_bound)
    return np.hypot(across, up), np.maximum(0.0, apart - CERTIFICATE_ROUNDING * apart)


def _lowered_gap(gap: Any, sizes: Any) -> Any:
    """A gap along one direction, lowered by its rounding bound
    (:func:`gjkcli.algorithms.bounds.rounding_bound` of ``reach_a``, ``reach_b`` and the
    gap, on arrays, with ``sizes = reach_a + reach_b``), and at least 0."""
    import numpy as np

    lowered = gap - (CERTIFICATE_ROUNDING * (sizes + np.abs(gap)) + sys.float_info.min)
    return np.maximum(0.0, lowered)


def growth(a: Extents, b: Extents, distance: float) -> float:
    """How much to grow the boxes in the frame so that every pair of parts whose bound
    (:func:`separations`) is at most ``distance`` has boxes that meet.

    A pair whose grown boxes do not meet has a gap, as computed, above ``distance``
    plus four rounding bounds of the largest sizes, less the rounding of the growth
    and of the gap (at most ``2u`` of them): its bound, lowered twice by at most one
    rounding bound, still exceeds ``distance``.

    >>> from gjkcli.shapes import point
    >>> far = extents(point((1e6, 0.0)), AXIS_ALIGNED)
    >>> growth(far, far, 1.0) > 1.0
    True
    """
    size = a.reach + b.reach + abs(distance)
    return distance + 4.0 * (CERTIFICATE_ROUNDING * size + sys.float_info.min)


def frame_axis(angle: float) -> Vec:
    """The unit vector at ``angle`` (radians), shortened so that its exact length is at
    most 1; ``(1, 0)`` if rounding left it longer.

    ``cos`` and ``sin`` are within an ulp or two, so ``c^2 + s^2 <= (1 + 2u)^2``;
    multiplied by ``1 - 8u`` (and rounded) the sum is below 1. The exact test
    makes sure.

    >>> import math
    >>> frame_axis(math.pi / 4)
    (0.7071067811865469, 0.7071067811865468)
    >>> frame_axis(0.0)
    (1.0, 0.0)
    """
    if angle == 0.0:
        return AXIS_ALIGNED
    shrink = 1.0 - CERTIFICATE_ROUNDING
    nx, ny = math.cos(angle) * shrink, math.sin(angle) * shrink
    if Fraction(nx) ** 2 + Fraction(ny) ** 2 <= 1:
        return (nx, ny)
    return AXIS_ALIGNED
