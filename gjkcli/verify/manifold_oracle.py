"""Shapely as the referee of a contact manifold (:mod:`gjkcli.algorithms.manifold`).

The manifold is checked against Shapely's own geometry of the two shapes (the
stand-ins of :mod:`gjkcli.verify.shapely_oracle`: exact for polygonal shapes,
traced within a proven error bound for curved ones):

- **Presence.** Shapes whose stand-ins intersect have at least one point; shapes
  farther apart than the margin (by Shapely's distance, less the stand-ins'
  error bounds) have none.
- **On the overlap.** Each point lies on the incident shape's boundary, and, for
  shapes that overlap, on the boundary of Shapely's intersection of A and B. One
  allowance is the method's own: a point made by a side plane under a reference
  corner whose angle is acute lies outside the reference shape, at most its
  ``|separation|`` from it (the corner is that far away); that *overhang* is
  measured by Shapely, checked against ``|separation|``, and allowed.
- **Separations.** Each separation is the signed distance, computed by Shapely,
  from the point to the reference face: the line through the reference edge
  (found from the feature id and Shapely's counter-clockwise hull of the shape's
  numbered vertices) moved out by the reference shape's radius. The normal is
  that face's. A manifold with no reference face (corner to corner, or a curve)
  has one point, whose separation is Shapely's distance (apart) or minus the
  depth oracle's depth (overlapping).
- **Features.** A point made by a vertex of the incident shape lies its radius
  from that vertex; one made by an edge, its radius from that edge; one made by a
  reference vertex, on the side plane through it.

Every comparison allows ``AGREEMENT_RELATIVE * (1 + scale)`` plus the stand-ins'
error bounds (:func:`gjkcli.tolerances.agreement_tolerance`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import shapely

from gjkcli.algorithms.manifold import Manifold, manifold, numbered_vertices
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of, shape_bounds
from gjkcli.tolerances import AGREEMENT_RELATIVE, agreement_tolerance, coordinate_scale
from gjkcli.verify.shapely_oracle import GEOS_REACH, shapely_geometry, shapely_penetration

__all__ = ["ManifoldCheck", "check_manifold", "manifold_problems"]


@dataclass(frozen=True)
class ManifoldCheck:
    """A pair's contact manifold for ``margin`` and what Shapely finds wrong with it.

    ``manifold`` is ``None`` when there is none to give, and ``unavailable`` says why
    (a shape of several convex parts). ``unchecked`` says why Shapely did not check
    the manifold (coordinates from :data:`~gjkcli.verify.shapely_oracle.GEOS_REACH`
    on, where GEOS's products overflow), ``None`` when it did.
    """

    manifold: Manifold | None
    margin: float
    problems: tuple[str, ...]
    unavailable: str | None = None
    unchecked: str | None = None

    @property
    def agree(self) -> bool:
        """Shapely finds nothing wrong (true as well when there is no manifold)."""
        return not self.problems


def check_manifold(shape_a: Shape, shape_b: Shape, margin: float = 0.0) -> ManifoldCheck:
    """The manifold of two shapes, cross-checked by :func:`manifold_problems`.

    >>> from gjkcli.shapes import capsule, rectangle, union_of
    >>> floor = rectangle((0.0, 0.0), (4.0, 2.0))
    >>> checked = check_manifold(floor, capsule((-1.0, 1.1), (1.0, 1.1), 0.25))
    >>> len(checked.manifold.points), checked.agree
    (2, True)
    >>> two = union_of([floor, rectangle((5.0, 0.0), (2.0, 2.0))])
    >>> check_manifold(two, floor).unavailable
    'contact manifolds need convex shapes, and A is made of 2 convex parts'
    """
    convex: list[ConvexShape] = []
    for label, shape in (("A", shape_a), ("B", shape_b)):
        parts = parts_of(shape) if isinstance(shape, Compound) else (shape,)
        if len(parts) != 1:
            reason = f"{label} is made of {len(parts)} convex parts"
            return ManifoldCheck(
                None, margin, (), f"contact manifolds need convex shapes, and {reason}"
            )
        convex.append(parts[0])
    contact = manifold(convex[0], convex[1], margin)
    reach = max(coordinate_scale(shape_bounds(shape)) for shape in convex)
    if reach >= GEOS_REACH:
        return ManifoldCheck(contact, margin, (), unchecked=f"coordinates up to {reach:.3g}")
    return ManifoldCheck(contact, margin, manifold_problems(convex[0], convex[1], contact, margin))


def manifold_problems(
    shape_a: ConvexShape, shape_b: ConvexShape, contact: Manifold, margin: float = 0.0
) -> tuple[str, ...]:
    """What Shapely finds wrong with ``contact``, the manifold of ``shape_a`` and
    ``shape_b`` for ``margin``: one line each, none when it agrees.

    >>> from gjkcli.algorithms.manifold import ContactPoint, manifold
    >>> from gjkcli.shapes import rectangle
    >>> floor, box = rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((0.0, 1.5), (2.0, 2.0))
    >>> manifold_problems(floor, box, manifold(floor, box))
    ()
    >>> wrong = ContactPoint((-1.0, 0.5), -0.25, ("edge", 2, "vertex", 0))
    >>> manifold_problems(floor, box, Manifold((0.0, 1.0), (wrong,), "a"))
    ('point 1: separation -0.25, but Shapely measures -0.5 from the reference face',)
    """
    geometry_a, error_a = shapely_geometry(shape_a)
    geometry_b, error_b = shapely_geometry(shape_b)
    scale = max(coordinate_scale(shape_bounds(shape_a)), coordinate_scale(shape_bounds(shape_b)))
    tolerance = agreement_tolerance(scale, error_a + error_b)
    problems: list[str] = []
    gap = float(shapely.distance(geometry_a, geometry_b))
    meets = bool(shapely.intersects(geometry_a, geometry_b))
    if meets and not contact.points:
        problems.append("no points, but Shapely finds the shapes meeting")
    if gap - error_a - error_b > margin + tolerance and contact.points:
        problems.append(
            f"{len(contact.points)} point(s), but Shapely finds the shapes {gap:.17g} apart"
        )
    if not math.isclose(math.hypot(*contact.normal), 1.0, abs_tol=AGREEMENT_RELATIVE):
        problems.append(f"the normal {contact.normal} is not a unit vector")
    reference_is_a = contact.reference == "a"
    reference, incident = (shape_a, shape_b) if reference_is_a else (shape_b, shape_a)
    reference_geometry = geometry_a if reference_is_a else geometry_b
    incident_geometry = geometry_b if reference_is_a else geometry_a
    outward = contact.normal if reference_is_a else (-contact.normal[0], -contact.normal[1])
    overlap = shapely.intersection(geometry_a, geometry_b) if meets else None
    for number, found in enumerate(contact.points, 1):
        at = shapely.points(*found.point)
        said = f"point {number}"
        off = float(shapely.distance(at, _rim(incident_geometry)))
        if off > tolerance:
            problems.append(f"{said}: {off:.3g} from the incident shape's boundary")
        if overlap is not None and float(shapely.area(overlap)) > 0.0:
            overhang = float(shapely.distance(at, reference_geometry))
            if overhang > abs(found.separation) + tolerance:
                problems.append(
                    f"{said}: {overhang:.3g} outside the reference shape, more than its "
                    f"|separation| {abs(found.separation):.3g}"
                )
            away = float(shapely.distance(at, shapely.boundary(overlap)))
            if overhang <= tolerance and away > tolerance:
                problems.append(f"{said}: {away:.3g} from the boundary of A and B's overlap")
        kinds = found.feature[0::2]
        ref_feature = found.feature[0:2] if reference_is_a else found.feature[2:4]
        inc_feature = found.feature[2:4] if reference_is_a else found.feature[0:2]
        if "curve" in kinds or kinds == ("vertex", "vertex"):
            wrong = _faceless(
                (shape_a, shape_b), found.separation, None if meets else gap, tolerance
            )
            if wrong is not None:
                problems.append(f"{said}: {wrong}")
            continue
        face = _face(reference, ref_feature, outward)
        if isinstance(face, str):
            problems.append(f"{said}: {face}")
            continue
        start, end, radius = face
        measured = _signed_distance(found.point, start, end) - radius
        if abs(measured - found.separation) > tolerance:
            problems.append(
                f"{said}: separation {found.separation!r}, but Shapely measures "
                f"{measured!r} from the reference face"
            )
        if ref_feature[0] == "vertex":
            corner = start if _numbered(reference)[0][int(ref_feature[1])] == start else end
            along = _side_offset(found.point, corner, start, end)
            if along > tolerance:
                problems.append(f"{said}: {along:.3g} off the side plane of its reference vertex")
        problem = _incident_feature(incident, inc_feature, found.point, outward, tolerance)
        if problem is not None:
            problems.append(f"{said}: {problem}")
    return tuple(problems)


def _rim(geometry: Any) -> Any:
    """Where a shape's surface is: a polygon's boundary; a segment or a point (no
    interior in the plane) is all surface (Shapely's boundary of a segment is only
    its two ends)."""
    if isinstance(geometry, shapely.Polygon):
        return shapely.boundary(geometry)
    return geometry


def _faceless(
    pair: tuple[ConvexShape, ConvexShape], separation: float, gap: float | None, tolerance: float
) -> str | None:
    """What is wrong with the separation of a point with no reference face: it must be
    Shapely's distance ``gap`` (``None`` when the stand-ins meet), or minus the depth
    oracle's depth."""
    if gap is not None:
        if abs(separation - gap) > tolerance:
            return f"separation {separation!r}, but Shapely's distance is {gap!r}"
        return None
    depth, error = shapely_penetration(*pair)
    if depth is None:
        return None  # the stand-ins' difference misses the origin by rounding: touching
    if abs(separation + depth) > tolerance + error:
        return f"separation {separation!r}, but Shapely's depth is {depth!r}"
    return None


def _numbered(shape: ConvexShape) -> tuple[tuple[Vec, ...], float]:
    """The numbered vertices and radius of a shape that has them."""
    numbered = numbered_vertices(shape)
    if numbered is None:
        raise ValueError("a curved shape has no numbered vertices")
    return numbered


def _ring(vertices: tuple[Vec, ...]) -> list[Vec]:
    """Shapely's hull of the vertices, its corners counter-clockwise (no closing point)."""
    hull = shapely.convex_hull(shapely.multipoints(vertices))
    if isinstance(hull, shapely.Polygon):
        oriented = shapely.orient_polygons(hull)
        corners = [(float(x), float(y)) for x, y in shapely.get_coordinates(oriented.exterior)]
        return corners[:-1]
    return [(float(x), float(y)) for x, y in shapely.get_coordinates(hull)]


def _face(
    shape: ConvexShape, feature: tuple[str | int, ...], outward: Vec
) -> tuple[Vec, Vec, float] | str:
    """The reference face a feature names, as its two ends (counter-clockwise) and the
    shape's radius, or what is wrong: an edge by its first vertex; a vertex by the
    face at it whose outward normal is ``outward``."""
    vertices, radius = _numbered(shape)
    kind, index = feature
    if not isinstance(index, int) or not 0 <= index < len(vertices):
        return f"the reference feature {kind} {index} is not one of its {len(vertices)} vertices"
    corners = _ring(vertices)
    if len(corners) < 2:
        return "the reference shape is a point, which has no face"
    at = vertices[index]
    if at not in corners:
        return f"reference vertex {index} {at} is not a corner of the shape"
    k = corners.index(at)
    if kind == "edge":
        start, end = at, corners[(k + 1) % len(corners)]
    else:  # the face at the vertex that the normal belongs to
        before, after = corners[k - 1], corners[(k + 1) % len(corners)]
        candidates = [(at, after), (before, at)]
        start, end = max(candidates, key=lambda face: _dot(_normal(*face), outward))
    normal = _normal(start, end)
    if math.hypot(normal[0] - outward[0], normal[1] - outward[1]) > math.sqrt(AGREEMENT_RELATIVE):
        return f"the normal {outward} is not the outward normal {normal} of the reference face"
    return start, end, radius


def _incident_feature(
    shape: ConvexShape, feature: tuple[str | int, ...], point: Vec, normal: Vec, tolerance: float
) -> str | None:
    """Whether the feature named of the incident shape's core lies on the line through
    ``point`` along the reference normal ``normal``, at least the radius behind it (the
    point is the core's point moved out to the surface against the normal)."""
    vertices, radius = _numbered(shape)
    kind, index = feature
    if not isinstance(index, int) or not 0 <= index < len(vertices):
        return f"the incident feature {kind} {index} is not one of its {len(vertices)} vertices"
    reach = 1.0 + max(map(abs, point))  # a step that moves the point at any size
    behind = (point[0] + reach * normal[0], point[1] + reach * normal[1])
    if kind == "vertex":
        at = vertices[index]
        off = abs(_signed_distance(at, point, behind))
        depth = _dot(normal, (at[0] - point[0], at[1] - point[1]))
    else:
        corners = _ring(vertices)
        if vertices[index] not in corners or len(corners) < 2:
            return f"incident edge {index} does not start at a corner"
        k = corners.index(vertices[index])
        ends = [corners[k], corners[(k + 1) % len(corners)]]
        sides = [_signed_distance(end, point, behind) for end in ends]
        off = 0.0 if min(sides) <= 0.0 <= max(sides) else min(map(abs, sides))
        share = sides[0] / (sides[0] - sides[1]) if sides[0] != sides[1] else 0.0
        crossing = tuple(p + share * (q - p) for p, q in zip(ends[0], ends[1], strict=True))
        depth = _dot(normal, (crossing[0] - point[0], crossing[1] - point[1]))
    if off > tolerance:
        return f"{off:.3g} off the line along the normal from the incident {kind} {index}"
    if depth < radius - tolerance:
        return f"the incident {kind} {index} is {depth:.3g} behind it, less than its radius"
    return None


def _signed_distance(point: Vec, start: Vec, end: Vec) -> float:
    """The distance Shapely measures from ``point`` to the line through ``start`` and
    ``end``, negative on its left (inside a counter-clockwise shape)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    reach = math.ceil(math.hypot(point[0] - start[0], point[1] - start[1]) / math.hypot(dx, dy))
    k = float(reach + 1)
    line = shapely.linestrings(
        [(start[0] - k * dx, start[1] - k * dy), (end[0] + k * dx, end[1] + k * dy)]
    )
    size = float(shapely.distance(shapely.points(*point), line))
    inside = bool(shapely.is_ccw(shapely.linearrings([start, end, point])))
    return -size if inside else size


def _side_offset(point: Vec, corner: Vec, start: Vec, end: Vec) -> float:
    """How far ``point`` lies from the side plane through ``corner`` (the line through
    it perpendicular to the face from ``start`` to ``end``), by Shapely."""
    nx, ny = _normal(start, end)
    reach = 1.0 + max(map(abs, corner))  # a step that moves the corner at any size
    return abs(_signed_distance(point, corner, (corner[0] + reach * nx, corner[1] + reach * ny)))


def _normal(start: Vec, end: Vec) -> Vec:
    """The outward unit normal of a counter-clockwise face (to its right)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    return (dy / length, -dx / length)


def _dot(u: Vec, v: Vec) -> float:
    return u[0] * v[0] + u[1] * v[1]
