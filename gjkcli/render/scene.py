"""What a picture of a check is made of, as plain data: outlines as lists of points.

Every drawing of gjkcli (the SVG of ``gjk explain`` and of the notebook
displays, the matplotlib pictures of ``gjk plot``) draws the same things: a
shape's boundary, a compound shape's parts and the rings of the geometry they
were cut from, the pair of parts whose runs decided, and the region where two
shapes overlap. They are computed here, once, with no drawing library.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.distance import DistanceStep
from gjkcli.algorithms.epa import EpaStep
from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.algorithms.intersect import IntersectStep
from gjkcli.algorithms.outline import outline
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.verify.check import Check

__all__ = [
    "Run",
    "RunStep",
    "boundary",
    "deciding_indices",
    "deciding_parts",
    "geometry_lines",
    "overlap_ring",
    "run_steps",
]

Run = Literal["boolean", "distance", "epa"]
"""A run whose steps a walk-through shows: boolean GJK, GJK distance, EPA."""


class RunStep(NamedTuple):
    """One step of a walk-through: the run it belongs to and the step's record."""

    run: Run
    step: IntersectStep | DistanceStep | EpaStep


def run_steps(check: Check) -> list[RunStep]:
    """Every step of a traced check, in the order a walk-through tells them: the boolean
    run's, then the distance run's, then EPA's (when it ran a loop).

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> steps = run_steps(check_pair(load_pair("samples/seed-example.json"), trace=True))
    >>> [(run, step.iteration) for run, step in steps]
    [('boolean', 1), ('boolean', 2), ('boolean', 3), ('distance', 1), ('distance', 2), \
('distance', 3), ('epa', 1)]
    """
    answer = check.answer
    return [
        *(RunStep("boolean", step) for step in answer.boolean_trace),
        *(RunStep("distance", step) for step in answer.distance_trace),
        *(RunStep("epa", step) for step in answer.epa_trace),
    ]


def boundary(shape: ConvexShape) -> list[Vec]:
    """A convex shape's boundary, counter-clockwise: the corners of a polytope's hull
    (one point, two for a segment), or a curved shape traced closely enough to look smooth.

    >>> from gjkcli.shapes import circle, segment
    >>> boundary(Polytope(((0.0, 0.0), (1.0, 1.0), (2.0, 0.0), (1.0, 0.2))))
    [(0.0, 0.0), (2.0, 0.0), (1.0, 1.0)]
    >>> boundary(segment((0.0, 0.0), (3.0, 0.0)))
    [(0.0, 0.0), (3.0, 0.0)]
    >>> len(boundary(circle((0.0, 0.0), 1.0))) > 16
    True
    """
    if isinstance(shape, Polytope):
        return [shape.vertices[i] for i in convex_hull_indices(shape.vertices)]
    return outline(shape).ring()


def deciding_indices(answer: Answer) -> tuple[int, int] | None:
    """For compound shapes, the pair of parts whose runs decided (index in A, index in
    B); ``None`` when both shapes are convex (their runs are on the shapes themselves).

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> deciding_indices(check_pair(load_pair("samples/compound/notch.json")).answer)
    (0, 0)
    >>> deciding_indices(check_pair(load_pair("samples/seed-example.json")).answer) is None
    True
    """
    search = answer.parts
    return None if search is None else (search.deciding.a, search.deciding.b)


def deciding_parts(check: Check) -> tuple[ConvexShape, ConvexShape]:
    """The two convex shapes whose runs the trace holds: the shapes themselves, or for
    compound shapes the deciding pair of parts.

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> check = check_pair(load_pair("samples/compound/notch.json"))
    >>> part_a, part_b = deciding_parts(check)
    >>> part_a == check.pair.a.shape.parts[0], part_b == check.pair.b.shape
    (True, True)
    """
    a, b = check.pair.a.shape, check.pair.b.shape
    index_a, index_b = deciding_indices(check.answer) or (0, 0)
    return parts_of(a)[index_a], parts_of(b)[index_b]


def geometry_lines(shape: Compound) -> tuple[list[list[Vec]], list[Vec]]:
    """The rings and lines of the geometry a compound shape was cut from, as Shapely
    has it (each ring closed: its first point repeated at its end), and its lone points.

    >>> from gjkcli.algorithms.decompose import decompose
    >>> ell = decompose([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    >>> lines, points = geometry_lines(ell)
    >>> len(lines), len(lines[0]), lines[0][0] == lines[0][-1], points
    (1, 7, True, [])
    """
    import shapely

    from gjkcli.verify.shapely_oracle import shapely_geometry

    geometry, _ = shapely_geometry(shape)
    lines: list[list[Vec]] = []
    points: list[Vec] = []
    _collect(shapely.get_parts(geometry), lines, points)
    return lines, points


def _collect(parts: Any, lines: list[list[Vec]], points: list[Vec]) -> None:
    """The rings, lines and points of Shapely geometries, into ``lines`` and ``points``."""
    import shapely

    for part in parts:
        if part.geom_type == "Polygon":
            for ring in (part.exterior, *part.interiors):
                lines.append([(float(x), float(y)) for x, y in ring.coords])
        elif part.geom_type == "LineString":
            lines.append([(float(x), float(y)) for x, y in part.coords])
        elif part.geom_type == "Point":
            points.append((float(part.x), float(part.y)))
        else:  # a collection within a collection
            _collect(shapely.get_parts(part), lines, points)


def overlap_ring(shape_a: Shape, shape_b: Shape) -> list[Vec]:
    """The ring (open: its first point not repeated) of the region two convex shapes
    share (by Shapely), or ``[]`` when it has no area (apart, touching, or a compound shape,
    whose overlap is drawn part by part, not here).

    >>> from gjkcli.shapes import rectangle
    >>> sorted(overlap_ring(rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((1.0, 1.0), (2.0, 2.0))))
    [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
    >>> overlap_ring(rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((5.0, 0.0), (2.0, 2.0)))
    []
    """
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        return []
    ring_a, ring_b = boundary(shape_a), boundary(shape_b)
    if len(ring_a) < 3 or len(ring_b) < 3:
        return []
    import shapely

    region = shapely.intersection(shapely.Polygon(ring_a), shapely.Polygon(ring_b))
    if region.geom_type != "Polygon" or region.is_empty:
        return []
    return [(float(x), float(y)) for x, y in region.exterior.coords[:-1]]
