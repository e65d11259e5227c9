"""Shapely (GEOS) as the referee: the same two shapes, answered by other code.

Polygonal shapes go to Shapely exactly, as the convex hull of their vertices.
Shapely has no curves, so a curved shape goes as the polygon traced through
its support points (:mod:`gjkcli.algorithms.outline`), again as GEOS's convex hull
of them (built without GEOS where they are proven a strictly convex ring: the
same polygon, :func:`~gjkcli.verify.hull_points.ring_hull_orders`). That polygon lies
*inside* the shape to within the rounding of its coordinates, and every point
of the shape is within a proven error bound of it (the bound includes that
rounding), so Shapely's distance can exceed the true one by at most the sum of
the two bounds, and falls below it by no more than that rounding (at most half
a unit in the last place of each coordinate: far below the agreement
allowance ``AGREEMENT_RELATIVE * (1 + scale)``).

The penetration depth has an oracle of its own, independent of both EPA and
the edge-merge Minkowski difference: Shapely builds ``A - B`` as the convex
hull of *every* difference of a vertex of ``A`` and a vertex of ``B``, and
measures the distance from the origin to its boundary. With traced stand-ins
for curves that hull lies inside the true ``A - B`` (to rounding), so the
oracle's depth can fall short of the true one by at most the sum of the two
tracing bounds, and never exceeds it by more than rounding. (The differences
proven strictly inside their hull are dropped before GEOS sees them, which
leaves it the same hull: :mod:`gjkcli.verify.hull_points`.)

A compound shape goes to Shapely as the geometry it was cut from (a
non-convex polygon, a MultiPolygon...), not as its parts, so the check covers
the decomposition too; a native compound as the union of its members' stand-ins,
and a compound with a margin (no polygon describes it) as the union of its
parts' (or, where GEOS cannot form that union, as the collection of them).
Its error bound is the largest of theirs. There is no depth oracle
for compound shapes, whose depth is not defined.

**Huge coordinates.** GEOS multiplies up to three coordinates together (where
two segments cross, for instance), which overflows beyond about 1e102. A pair
reaching :data:`GEOS_REACH` or beyond is therefore handed to GEOS scaled down
by a power of two, the same for both shapes, and the answers scaled back up:
that changes only the exponents, so every answer is the one the original
coordinates give, exactly. (A pair that also holds coordinates so small that
scaling would round them is not scaled.)

**A stand-in that cannot be trusted is not used.** Each stand-in is checked:
not empty, of the expected kind, with finite coordinates and a finite error
bound, and with the shape's own bounding box to within that bound (plus
rounding); and GEOS must finish without a floating-point overflow or invalid
operation. A pair that fails gets an answer whose ``unavailable`` says why,
in one sentence, and whose other fields are neutral and must not be used; the
agreement rules then skip Shapely (the exact arbiter still decides where it
applies) and ``--strict`` fails the pair. The depth oracle alone can fail the
same way (``penetration_unavailable``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import numpy as np
import shapely

from gjkcli.algorithms.verdict import Verdict
from gjkcli.engine import compiled
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, shape_bounds
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import (
    CURVE_MAX_POINTS,
    ORACLE_CURVE_MAX_POINTS,
    ORACLE_CURVE_POINTS,
    coordinate_scale,
    rounding,
)
from gjkcli.verify.hull_points import hull_candidates, ring_hull_orders
from gjkcli.verify.nearest_facets import shortest_lines

if TYPE_CHECKING:  # the tracing of curved outlines is imported when a curve is met
    from gjkcli.algorithms.outline import Outline

__all__ = [
    "GEOS_REACH",
    "ShapelyAnswer",
    "shapely_answer",
    "shapely_answers",
    "shapely_geometry",
    "shapely_penetration",
    "shapely_penetrations",
    "stand_ins",
]

GEOS_REACH: Final = 2.0**200
"""Pairs whose coordinates reach this far (about 1.6e60) go to GEOS scaled down by a
power of two, to just below it, so that no product of up to four coordinates
overflows. Scaling by a power of two changes no answer, so this bound is not a
tolerance."""


@dataclass(frozen=True)
class ShapelyAnswer:
    """Shapely's verdict on a pair, and the error bounds of its curve approximations.

    ``unavailable`` is ``None``, or one sentence saying why Shapely's cross-check
    could not run faithfully for this pair; the other fields then hold neutral
    values (not intersecting, distance 0, no depth, errors 0) that must not be
    used. ``penetration_unavailable`` says the same of the depth oracle alone
    (``penetration`` is then ``None``).
    """

    intersects: bool
    distance: float
    closest: tuple[Vec, Vec] | None
    approximation_error: float
    penetration: float | None = None
    penetration_error: float = 0.0
    touches: bool = False
    unavailable: str | None = None
    penetration_unavailable: str | None = None

    @property
    def verdict(self) -> Verdict:
        """Shapely's verdict: ``touches`` (boundaries meet, interiors do not) is touching."""
        if not self.intersects:
            return "separated"
        return "touching" if self.touches else "overlapping"


class _Depth(NamedTuple):
    """The depth oracle's answer for a pair: the depth (``None`` when the origin is
    outside the hull), its error bound, and why it could not run (``None`` when it ran)."""

    depth: float | None
    error: float
    unavailable: str | None = None


def shapely_answers(
    pairs: Sequence[tuple[Shape, Shape]],
    penetration: Sequence[bool],
    directions: Sequence[Vec | None] | None = None,
) -> list[ShapelyAnswer]:
    """Shapely's answers for many pairs at once, with its vectorized functions.

    The depth is computed for the convex pairs Shapely finds intersecting, and
    for those whose ``penetration`` flag asks for it; it stays ``None`` when
    the origin is outside Shapely's ``A - B``, and for compound shapes.
    ``directions`` (one per pair, ``None`` for none) are directions from A towards
    B, near that of their closest points, that make GEOS's shortest line between
    large polygons quicker to find; they change no answer
    (:mod:`gjkcli.verify.nearest_facets`).

    >>> from gjkcli.shapes import rectangle, point
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> pairs = [(box, point((4.0, 0.0))), (box, point((0.5, 0.0)))]
    >>> apart, inside = shapely_answers(pairs, [False, False])
    >>> apart.intersects, apart.distance, apart.closest, apart.penetration, apart.unavailable
    (False, 3.0, ((1.0, 0.0), (4.0, 0.0)), None, None)
    >>> inside.intersects, inside.penetration
    (True, 0.5)

    Pairs far beyond where GEOS's products overflow are scaled, exactly:

    >>> far = 2.0**400
    >>> huge = shapely_answer(rectangle((far, far), (far, far)), point((2 * far, far)))
    >>> huge.distance == far / 2, huge.unavailable
    (True, None)
    """
    if not pairs:
        return []
    shapes_a, shapes_b = [a for a, _ in pairs], [b for _, b in pairs]
    boxes_a = np.array([shape_bounds(shape) for shape in shapes_a])
    boxes_b = np.array([shape_bounds(shape) for shape in shapes_b])
    reaches = np.maximum(np.abs(boxes_a).max(axis=1), np.abs(boxes_b).max(axis=1)).tolist()
    exponents = [  # most pairs are far below GEOS's reach: those need no closer look
        0 if reach < GEOS_REACH else _exponent(pair)
        for reach, pair in zip(reaches, pairs, strict=True)
    ]
    geometries, errors = stand_ins(shapes_a + shapes_b, exponents=exponents + exponents)
    geometries_a, geometries_b = geometries[: len(pairs)], geometries[len(pairs) :]
    errors_a, errors_b = errors[: len(pairs)], errors[len(pairs) :]
    problems_a = _problems("A", shapes_a, boxes_a, (geometries_a, errors_a), exponents)
    problems_b = _problems("B", shapes_b, boxes_b, (geometries_b, errors_b), exponents)
    problems = [a or b for a, b in zip(problems_a, problems_b, strict=True)]
    usable = [i for i, problem in enumerate(problems) if problem is None]
    hints = np.full((len(pairs), 2), np.nan)
    for i, direction in enumerate(directions or ()):
        if direction is not None:
            hints[i] = direction
    measured, failures = _guarded(
        _measure, geometries_a[usable], geometries_b[usable], hints[usable]
    )
    for k, failure in failures.items():
        problems[usable[k]] = f"GEOS {failure} on coordinates up to {_reach(pairs[usable[k]]):.3g}"
    results = dict(zip(usable, measured, strict=True))
    convex: dict[int, tuple[ConvexShape, ConvexShape]] = {}
    for i in usable:
        a, b = pairs[i]
        if problems[i] is None and not isinstance(a, Compound) and not isinstance(b, Compound):
            convex[i] = (a, b)
    wanted = [i for i in convex if penetration[i] or results[i][0]]
    depths = dict(
        zip(
            wanted,
            _depths([convex[i] for i in wanted], [exponents[i] for i in wanted]),
            strict=True,
        )
    )
    answers = []
    for i in range(len(pairs)):
        problem = problems[i]
        if problem is not None:
            answers.append(ShapelyAnswer(False, 0.0, None, 0.0, unavailable=problem))
            continue
        intersects, touches, distance, closest = results[i]
        depth = depths.get(i, _Depth(None, 0.0))
        answers.append(
            ShapelyAnswer(
                intersects,
                math.ldexp(distance, exponents[i]),
                None if closest is None else _scaled_points(closest, exponents[i]),
                float(errors_a[i] + errors_b[i]),
                depth.depth,
                depth.error,
                touches,
                penetration_unavailable=depth.unavailable,
            )
        )
    return answers


def shapely_answer(shape_a: Shape, shape_b: Shape, penetration: bool = False) -> ShapelyAnswer:
    """:func:`shapely_answers` for one pair.

    >>> from gjkcli.shapes import rectangle, point
    >>> shapely_answer(rectangle((0.0, 0.0), (2.0, 2.0)), point((0.5, 0.0))).penetration
    0.5
    """
    return shapely_answers([(shape_a, shape_b)], [penetration])[0]


def stand_ins(
    shapes: Sequence[Shape],
    max_points: int = CURVE_MAX_POINTS,
    exponents: Sequence[int] | None = None,
) -> tuple[Any, Any]:
    """Shapely geometries for many shapes, and the error bound of each (0 for polygons).

    With ``exponents``, shape ``i``'s geometry is scaled by ``2 ** -exponents[i]``
    (its error bound is not: it stays in the shape's own units). A geometry is
    ``None`` where GEOS met a floating-point error building it.

    >>> from gjkcli.shapes import circle, segment
    >>> geometries, errors = stand_ins([segment((0.0, 0.0), (1.0, 1.0)), circle((0.0, 0.0), 1.0)])
    >>> geometries[0].wkt, float(errors[0])
    ('LINESTRING (0 0, 1 1)', 0.0)
    >>> len(geometries[1].exterior.coords), bool(errors[1] < 2e-5)
    (513, True)

    The curved shapes (those inside compounds too) are traced all at once
    (:func:`~gjkcli.algorithms.outline.outlines`).
    """
    curves = _curves(shapes)
    traced: dict[int, Outline] = {}
    if curves:
        from gjkcli.algorithms.outline import outlines

        traced = dict(zip(map(id, curves), outlines(curves, max_points=max_points), strict=True))
    scales = [0] * len(shapes) if exponents is None else list(exponents)
    return _stand_ins(shapes, traced, scales)


def _stand_ins(
    shapes: Sequence[Shape], traced: Mapping[int, Outline], scales: Sequence[int]
) -> tuple[Any, Any]:
    """:func:`stand_ins`, with the outlines of the curved shapes given (by their ``id``)."""
    geometries = np.empty(len(shapes), dtype=object)
    errors = np.zeros(len(shapes))
    hulled: dict[int, Any] = {}  # the points whose convex hull stands in for the shape
    for index, shape in enumerate(shapes):
        if isinstance(shape, Compound):
            geometries[index], errors[index] = _compound_stand_in(shape, traced, scales[index])
        elif isinstance(shape, Polytope):
            hulled[index] = np.ldexp(np.array(shape.vertices, dtype=float), -scales[index])
        else:
            hulled[index], errors[index] = _traced(traced[id(shape)], scales[index])
    if hulled:
        for index, geometry in zip(hulled, _convex_hulls(list(hulled.values())), strict=True):
            geometries[index] = geometry
    return geometries, errors


def _convex_hulls(point_sets: Sequence[Any]) -> list[Any]:
    """GEOS's convex hull of each point set (``None`` where GEOS met a floating-point
    error): built directly where the set is proven a strictly convex ring in
    counter-clockwise order, as traced outlines mostly are (the same polygon, to the
    bit: :func:`~gjkcli.verify.hull_points.ring_hull_orders`), else by GEOS.

    Only sets within :data:`GEOS_REACH` are built directly: no product GEOS forms of
    their coordinates overflows, so it meets no floating-point error on them. Beyond
    it GEOS can fail on a ring (the orientations of a 512-gon of radius 1e154 overflow
    at its far corners), so such a set still goes to GEOS, failure included.

    >>> square = np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [0.0, 0.0]])
    >>> [hull.wkt for hull in _convex_hulls([square, square[::-1]])]
    ['POLYGON ((0 0, 0 1, 1 1, 1 0, 0 0))', 'POLYGON ((0 0, 0 1, 1 1, 1 0, 0 0))']
    >>> _convex_hulls([1e308 * square])
    [None]
    """
    counts = np.array([len(points) for points in point_sets])
    points = np.concatenate(point_sets)
    # (the larger of the two coordinates' sizes: np.abs(points).max(axis=1), in less time)
    near = np.maximum(np.abs(points[:, 0]), np.abs(points[:, 1])) < GEOS_REACH  # NaN: False
    filled = np.flatnonzero(counts > 0)
    within = np.zeros(len(counts), dtype=bool)
    within[filled] = np.logical_and.reduceat(near, (np.cumsum(counts) - counts)[filled])
    chosen = np.flatnonzero(within)
    if not within.all():
        points = points[np.repeat(within, counts)]
    proven, order = ring_hull_orders(points, counts[chosen])
    rings = shapely.linearrings(
        points[order], indices=np.repeat(np.arange(proven.sum()), counts[chosen][proven] + 1)
    )
    hulls: list[Any] = [None] * len(point_sets)
    for index, polygon in zip(chosen[proven].tolist(), shapely.polygons(rings), strict=True):
        hulls[index] = polygon
    rest = sorted(set(range(len(point_sets))) - set(chosen[proven].tolist()))
    if rest:
        built, _ = _guarded(lambda sets: list(_hulls(sets)), [point_sets[i] for i in rest])
        for index, hull in zip(rest, built, strict=True):
            hulls[index] = hull
    return hulls


def shapely_geometry(shape: Shape) -> tuple[Any, float]:
    """``(geometry, error bound)``: the Shapely stand-in for one shape."""
    geometries, errors = stand_ins([shape])
    return geometries[0], float(errors[0])


def shapely_penetrations(
    pairs: Sequence[tuple[ConvexShape, ConvexShape]],
) -> list[tuple[float | None, float]]:
    """``(depth, error bound)`` per pair, from the hull of all vertex differences.

    Raises ``ValueError`` saying why when the oracle could not run faithfully
    for a pair (:func:`shapely_answers` reports that in the answer instead).

    >>> from gjkcli.shapes import Polytope
    >>> a = Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)))
    >>> b = Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)))
    >>> [(round(depth, 12), error) for depth, error in shapely_penetrations([(a, b)])]
    [(0.894427191, 0.0)]
    """
    results = []
    for index, found in enumerate(_depths(pairs, [_exponent(pair) for pair in pairs])):
        if found.unavailable is not None:
            raise ValueError(f"pair {index}: {found.unavailable}")
        results.append((found.depth, found.error))
    return results


def shapely_penetration(shape_a: ConvexShape, shape_b: ConvexShape) -> tuple[float | None, float]:
    """:func:`shapely_penetrations` for one pair."""
    return shapely_penetrations([(shape_a, shape_b)])[0]


def _depths(
    pairs: Sequence[tuple[ConvexShape, ConvexShape]], exponents: Sequence[int]
) -> list[_Depth]:
    """The depth oracle, each pair's hull handed to GEOS scaled by ``2 ** -exponent``."""
    if not pairs:
        return []
    shapes = [shape for pair in pairs for shape in pair]
    corners = _all_corners(shapes, ORACLE_CURVE_POINTS, ORACLE_CURVE_MAX_POINTS)
    differences, errors = [], []
    for k, exponent in enumerate(exponents):
        (points_a, error_a), (points_b, error_b) = corners[2 * k : 2 * k + 2]
        differences.append(hull_candidates(points_a, points_b, exponent))
        errors.append(error_a + error_b)
    built, _ = _guarded(lambda sets: list(_hulls(sets)), differences)
    hulls = np.empty(len(built), dtype=object)
    hulls[:] = built
    measured, failures = _guarded(_hull_depth, hulls)
    faithful = _faithful_hulls(hulls, differences, errors)
    results: list[_Depth] = []
    for i, error in enumerate(errors):
        problem = failures.get(i) or (
            None if faithful[i] else _unfaithful_hull(hulls[i], differences[i], error)
        )
        if problem is not None:
            results.append(_Depth(None, 0.0, f"the Minkowski hull {problem}"))
        else:
            depth = measured[i]
            results.append(
                _Depth(None if depth is None else math.ldexp(depth, exponents[i]), error)
            )
    return results


def _measure(
    geometry_a: Any, geometry_b: Any, directions: Any
) -> list[tuple[bool, bool, float, Any]]:
    """``(intersects, touches, distance, closest)`` per pair, in GEOS's (scaled) units;
    ``closest`` is an array of the two points, ``None`` when they intersect.
    ``directions`` hint at where the closest points are (see :func:`shapely_answers`)."""
    intersects = shapely.intersects(geometry_a, geometry_b)
    touches = _touches(geometry_a, geometry_b, intersects)
    # GEOS's shortest line (its length is the distance), found faster for large polygons
    lines = shortest_lines(geometry_a, geometry_b, intersects, directions, GEOS_REACH)
    distances = shapely.length(lines)
    coordinates, owners = shapely.get_coordinates(lines, return_index=True)
    ends = (
        coordinates.reshape(-1, 2, 2)
        if np.array_equal(owners, np.repeat(np.arange(len(lines)), 2))
        else [shapely.get_coordinates(line) for line in lines]  # a line of other than 2 points
    )
    return [
        (meets, touching, distance, None if meets else ends[i])
        for i, (meets, touching, distance) in enumerate(
            zip(intersects.tolist(), touches.tolist(), distances.tolist(), strict=True)
        )
    ]


def _touches(geometry_a: Any, geometry_b: Any, intersects: Any) -> Any:
    """``shapely.touches`` of each pair, asked of GEOS only where the answer is not known
    beforehand: geometries that do not meet do not touch (touching is meeting on the
    boundaries alone), and a polygon does not touch itself, its interior meeting its
    own (the two sides of a pair of identical shapes, whose relate GEOS works out
    segment by segment along every shared edge).

    >>> square = shapely.box(0.0, 0.0, 1.0, 1.0)
    >>> pairs = np.array([square, square, square]), np.array([shapely.box(1.0, 0.0, 2.0, 1.0),
    ...                                                          shapely.box(0.0, 0.0, 1.0, 1.0),
    ...                                                          shapely.box(5.0, 0.0, 6.0, 1.0)])
    >>> _touches(*pairs, shapely.intersects(*pairs)).tolist()
    [True, False, False]
    """
    polygon = shapely.GeometryType.POLYGON
    same = intersects & (shapely.get_type_id(geometry_a) == polygon)
    same &= shapely.get_type_id(geometry_b) == polygon
    same[same] = shapely.equals_identical(geometry_a[same], geometry_b[same])
    asked = intersects & ~same
    touches = np.zeros(len(intersects), dtype=bool)
    touches[asked] = shapely.touches(geometry_a[asked], geometry_b[asked])
    return touches


def _hull_depth(hulls: Any) -> list[float | None]:
    """The distance from the origin to each hull's boundary, ``None`` when the origin is
    outside; a hull without area (a point or a segment) has the origin on its boundary."""
    origin = shapely.points(0.0, 0.0)
    covered = shapely.covers(hulls, origin)
    is_polygon = shapely.get_type_id(hulls) == shapely.GeometryType.POLYGON
    depths = shapely.distance(shapely.boundary(hulls), origin)
    return [
        None if not covered[i] else float(depths[i]) if is_polygon[i] else 0.0
        for i in range(len(hulls))
    ]


def _guarded(work: Callable[..., list[Any]], *arrays: Any) -> tuple[list[Any], dict[int, str]]:
    """``work`` over arrays of geometries, with GEOS's floating-point errors caught.

    GEOS signals an overflow or an invalid operation (a product too large for a
    float, then infinity minus infinity) through the floating-point flags, which
    NumPy turns into warnings; its answer is then not to be trusted. (It may also
    refuse an operation outright, as older versions do predicates on a
    collection.) The arrays are run at once, and on such an error again one item
    at a time: the items that fail get a phrase saying what happened, the others
    their results.
    """
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        try:
            return work(*arrays), {}
        except (FloatingPointError, shapely.errors.GEOSException):
            pass
        results: list[Any] = []
        failures: dict[int, str] = {}
        for i in range(len(arrays[0])):
            try:
                results.extend(work(*(array[i : i + 1] for array in arrays)))
            except FloatingPointError as error:
                failures[i] = f"met a floating-point error ({error})"
                results.append(None)
            except shapely.errors.GEOSException as error:
                failures[i] = f"failed ({error})"
                results.append(None)
    return results, failures


def _exponent(pair: tuple[Shape, Shape]) -> int:
    """The power of two (as an exponent, 0 for most pairs) that brings a pair below
    :data:`GEOS_REACH`, if scaling by it is exact for every coordinate handed to GEOS
    as it is (curved shapes' traced points are rounded anyway, and their bound
    allows for it)."""
    reach = _reach(pair)
    if reach < GEOS_REACH:
        return 0
    exponent = math.frexp(reach)[1] - math.frexp(GEOS_REACH)[1] + 1
    for coordinates in (c for shape in pair for c in _exact_coordinates(shape)):
        if not np.array_equal(np.ldexp(np.ldexp(coordinates, -exponent), exponent), coordinates):
            return 0
    return exponent


def _reach(pair: tuple[Shape, Shape]) -> float:
    return max(coordinate_scale(shape_bounds(shape)) for shape in pair)


def _exact_coordinates(shape: Shape) -> list[Any]:
    """The coordinates a shape hands to GEOS as they are: a polytope's vertices, a
    compound's geometry or members' or parts' (a curved shape's are traced)."""
    if isinstance(shape, Compound):
        if shape.geometry is not None:
            return [shapely.get_coordinates(shapely.geometry.shape(shape.geometry))]
        return [c for member in (shape.members or shape.parts) for c in _exact_coordinates(member)]
    if isinstance(shape, Polytope):
        return [np.array(shape.vertices, dtype=float)]
    return []


def _problems(
    label: str,
    shapes: Sequence[Shape],
    expected: Any,
    stand_in: tuple[Any, Any],
    exponents: Sequence[int],
) -> list[str | None]:
    """:func:`_unfaithful` for many stand-ins (``stand_in``: their geometries and error
    bounds; ``expected``: the shapes' bounding boxes): the same checks run on all of them
    at once, and the sentence made only for those that fail one."""
    geometries, errors = stand_in
    boxes = np.ldexp(shapely.bounds(geometries), np.array(exponents)[:, None])
    slack = errors + rounding(1.0) * np.abs(expected).max(axis=1)
    kinds = shapely.get_type_id(geometries)
    convex = np.array([not isinstance(shape, Compound) for shape in shapes])
    coordinates, owners = shapely.get_coordinates(geometries, return_index=True)
    finite = np.ones(len(shapes), dtype=bool)
    finite[owners[~(np.isfinite(coordinates[:, 0]) & np.isfinite(coordinates[:, 1]))]] = False
    fine = (
        np.array([geometry is not None for geometry in geometries])
        & ~shapely.is_empty(geometries)
        & (~convex | np.isin(kinds, _CONVEX_KINDS))
        & np.isfinite(errors)
        & finite
        & (np.abs(boxes - expected) <= slack[:, None]).all(axis=1)
    )
    return [
        None
        if fine[i]
        else _unfaithful(label, shape, geometries[i], float(errors[i]), exponents[i])
        for i, shape in enumerate(shapes)
    ]


def _unfaithful(label: str, shape: Shape, geometry: Any, error: float, exponent: int) -> str | None:
    """Why ``geometry`` (scaled by ``2 ** -exponent``) is not a faithful stand-in for
    ``shape`` within ``error``, or ``None``."""
    problem = _stand_in_problem(shape, geometry, error, exponent)
    if problem is None:
        return None
    return f"{label}'s stand-in could not be built faithfully: {problem}"


def _stand_in_problem(shape: Shape, geometry: Any, error: float, exponent: int) -> str | None:
    reach = coordinate_scale(shape_bounds(shape))
    where = f"for coordinates up to {reach:.3g}"
    if geometry is None:
        return f"GEOS met a floating-point error building it {where}"
    if shapely.is_empty(geometry):
        return f"GEOS returned an empty geometry {where}"
    if not isinstance(shape, Compound) and shapely.get_type_id(geometry) not in _CONVEX_KINDS:
        return f"GEOS returned a {geometry.geom_type} for a convex shape {where}"
    if not math.isfinite(error):
        return f"its error bound is not finite {where}"
    coordinates = shapely.get_coordinates(geometry)
    if not np.isfinite(coordinates).all():
        return f"its coordinates are not finite {where}"
    found = np.ldexp(np.array(shapely.bounds(geometry)), exponent)
    expected = np.array(shape_bounds(shape))
    off = float(np.abs(found - expected).max())
    if off > error + rounding(reach):
        return (
            f"its bounding box is {off:.3g} from the shape's, more than its error bound "
            f"{error:.3g} plus rounding ({where})"
        )
    return None


def _faithful_hulls(hulls: Any, point_sets: Sequence[Any], errors: Sequence[float]) -> Any:
    """Which hulls pass every check of :func:`_unfaithful_hull`, tested all at once (the
    others are told why by it, one by one).

    >>> points = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]])
    >>> hulls = np.array([shapely.Polygon(points), shapely.LineString(points[:2]), None])
    >>> _faithful_hulls(hulls, [points] * 3, [0.0] * 3).tolist()
    [True, False, False]
    """
    counts = np.array([len(points) for points in point_sets])
    fine = (counts > 0) & np.array([hull is not None for hull in hulls])
    if not fine.any():
        return fine
    points = np.concatenate([point_sets[i] for i in np.flatnonzero(fine).tolist()])
    starts = np.cumsum(counts[fine]) - counts[fine]
    box = np.zeros((len(hulls), 4))
    box[fine] = np.hstack(
        (np.minimum.reduceat(points, starts), np.maximum.reduceat(points, starts))
    )
    fine &= ~shapely.is_empty(hulls) & np.isfinite(errors) & np.isfinite(box).all(axis=1)
    return fine & (shapely.bounds(hulls) == box).all(axis=1)


def _unfaithful_hull(hull: Any, points: Any, error: float) -> str | None:
    """Why GEOS's hull of ``points`` is not to be trusted, or ``None``: it must be
    non-empty, finite, and span the points' own bounding box (its corners are
    some of those points)."""
    if hull is None:
        return "could not be built: GEOS met a floating-point error"
    if shapely.is_empty(hull):
        return "came back empty from GEOS"
    box = np.concatenate((points.min(axis=0), points.max(axis=0)))
    if not math.isfinite(error) or not np.isfinite(box).all():
        return "has coordinates or an error bound that are not finite"
    if not np.array_equal(np.array(shapely.bounds(hull)), box):
        return "lost some of its points in GEOS (its bounding box is not theirs)"
    return None


_CONVEX_KINDS = (
    shapely.GeometryType.POINT,
    shapely.GeometryType.LINESTRING,
    shapely.GeometryType.POLYGON,
)


def _compound_stand_in(
    shape: Compound, traced: Mapping[int, Outline], exponent: int = 0
) -> tuple[Any, float]:
    """The geometry a compound was cut from; else the union of its members' (or parts')
    stand-ins, whose error bound is the largest of theirs (``None`` where a stand-in
    could not be built). Scaled by ``2 ** -exponent``; ``traced`` holds the outlines
    of its curved members or parts (by their ``id``, as :func:`_curves` finds them).

    Where GEOS cannot form the union (it overflows, or returns a union that has
    lost some of the parts, as for parts spanning 1e-3 to 1e148), the parts go
    as a collection: the same set, which Shapely measures as well.

    >>> from gjkcli.shapes import circle, point, union_of
    >>> geometry, error = _compound_stand_in(union_of([point((0.0, 0.0)), point((2.0, 0.0))]), {})
    >>> geometry.wkt, error
    ('MULTIPOINT ((0 0), (2 0))', 0.0)
    """
    if shape.geometry is not None:
        geometry = _from_mapping(shape.geometry)
        if exponent:
            geometry = shapely.transform(geometry, lambda c: np.ldexp(c, -exponent))
        return geometry, 0.0
    members = shape.members or shape.parts
    geometries, errors = _stand_ins(members, traced, [exponent] * len(members))
    if any(geometry is None for geometry in geometries):
        return None, float(errors.max())
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        try:
            union = shapely.union_all(geometries)
        except FloatingPointError:
            union = None
    if union is None or not np.array_equal(shapely.bounds(union), shapely.total_bounds(geometries)):
        union = shapely.geometrycollections(list(geometries))
    return union, float(errors.max())


def _from_mapping(mapping: dict[str, Any]) -> Any:
    """``shapely.geometry.shape(mapping)``: the same geometry, built in half the time for a
    polygon whose rings are written as rows of two floats (as decomposition writes them).

    >>> shell, hole = [[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]], [[1.0, 1.0], [2.0, 1.0], [1.0, 2.0]]
    >>> _from_mapping({"type": "Polygon", "coordinates": [shell, hole]}).wkt
    'POLYGON ((0 0, 4 0, 0 4, 0 0), (1 1, 2 1, 1 2, 1 1))'
    >>> _from_mapping({"type": "Point", "coordinates": [1.0, 2.0]}).wkt
    'POINT (1 2)'
    """
    if mapping.get("type") == "Polygon":
        try:
            rings = [np.asarray(ring) for ring in mapping.get("coordinates") or ()]
        except (TypeError, ValueError):  # rings of uneven rows: Shapely says what is wrong
            rings = []
        if rings and all(ring.dtype == np.float64 and ring.shape[1:] == (2,) for ring in rings):
            shell, *holes = [shapely.linearrings(ring) for ring in rings]
            return shapely.polygons(shell, holes=holes or None)
    return shapely.geometry.shape(mapping)


def _hulls(point_sets: Sequence[Any]) -> Any:
    """Convex hulls of many point sets in one vectorized call (through LineStrings,
    the fastest container Shapely builds from an array; a lone point is doubled)."""
    arrays = [points if len(points) > 1 else np.repeat(points, 2, axis=0) for points in point_sets]
    indices = np.repeat(np.arange(len(arrays)), [len(points) for points in arrays])
    return shapely.convex_hull(shapely.linestrings(np.concatenate(arrays), indices=indices))


def _curves(shapes: Sequence[Shape]) -> list[ConvexShape]:
    """The curved shapes whose outlines stand in for them: those of ``shapes``, and those
    of their compounds that go to Shapely as their members' or parts' stand-ins.

    >>> from gjkcli.shapes import circle, point, union_of
    >>> disc = circle((0.0, 0.0), 1.0)
    >>> _curves([point((0.0, 0.0)), union_of([point((2.0, 0.0)), disc])]) == [disc]
    True
    """
    found: list[ConvexShape] = []
    for shape in shapes:
        if isinstance(shape, Compound):
            if shape.geometry is None:
                found += _curves(shape.members or shape.parts)
        elif not isinstance(shape, Polytope):
            found.append(shape)
    return found


def _traced(traced: Outline, exponent: int) -> tuple[Any, float]:
    """A curved shape's traced points, scaled by ``2 ** -exponent``, and their error bound.

    Their convex hull stands in for the shape (a segment or a point where they
    span no area, as for a flattened ellipse): unlike the ring itself, it cannot
    cross itself where rounding has moved neighbouring points. Scaling a point
    rounds it only where it becomes subnormal, by at most half of ``2 ** -1074``
    in each coordinate, ``2 ** (exponent - 1074)`` in all in the shape's own
    units; the bound allows for it.
    """
    error = traced.error + (math.ldexp(1.0, exponent - 1074) if exponent else 0.0)
    return np.ldexp(traced.points, -exponent), error


def _scaled_points(points: Any, exponent: int) -> tuple[Vec, Vec]:
    (ax, ay), (bx, by) = np.ldexp(points, exponent).tolist()
    return (ax, ay), (bx, by)


def _all_corners(
    shapes: Sequence[ConvexShape], segments: int, max_points: int
) -> list[tuple[Any, float]]:
    """Each shape's distinct vertices, or for a curved shape the distinct points of its
    traced outline (the curved shapes are traced all at once), and the error bound.

    Repeated points are removed (a few hundred at most, so it is cheap here, unlike
    in the set of all differences): GEOS has been seen to return a hull that is not
    convex, and misses the origin, for differences of shapes with repeated vertices.
    """
    from gjkcli.algorithms.outline import outlines

    curved = [shape for shape in shapes if not isinstance(shape, Polytope)]
    traced = iter(outlines(curved, segments=segments, max_points=max_points))
    corners = []
    for shape in shapes:
        if isinstance(shape, Polytope):
            corners.append((_distinct(np.array(shape.vertices, dtype=float)), 0.0))
        else:
            found = next(traced)
            corners.append((_distinct(found.points), found.error))
    return corners


def _distinct(points: Any) -> Any:
    """The distinct rows of ``points``, sorted, as ``np.unique(points, axis=0,
    return_index=True)[0]`` gives them, in a fraction of its time on a few hundred rows:
    it sorts the rows stably (by ``x``, then ``y``) and keeps the first of each run of
    equal rows, comparing as floats compare (``-0.0`` equals ``0.0``: the first of them
    in the input stays), as this does.

    >>> _distinct(np.array([[1.0, 0.0], [0.0, 2.0], [1.0, -0.0], [0.0, 2.0]])).tolist()
    [[0.0, 2.0], [1.0, 0.0]]
    """
    core = compiled()
    if core is not None and len(points):  # the same, compiled (gjkcli/_hull.c)
        found = core.distinct_rows(np.ascontiguousarray(points, dtype=float))
        if found is not None:
            return np.frombuffer(found).reshape(-1, 2)
    ordered = points[np.lexsort((points[:, 1], points[:, 0]))]
    first = np.ones(len(ordered), dtype=bool)
    first[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    return ordered[first]
