"""Contact manifolds: where two touching or overlapping convex shapes meet, as up to two points.

The method is the one of Box2D's ``b2CollidePolygons`` (Erin Catto), written
afresh for gjkcli's shapes:

1. **Cores and radii.** A rounded shape (a circle, a capsule, anything with a
   margin) is its core grown by a disc (:func:`gjkcli.shapes.rounded.split_radius`).
   The cores are clipped; the radii are taken off the separations at the end and
   the points moved out to the incident shape's surface.
2. **Reference face.** Each face (edge) of either core is a candidate axis; its
   *separation* is how far the other core lies beyond it, the least over the
   other core's corners of ``n . (q - v)`` (``n`` the face's outward unit normal,
   ``v`` its first corner). The face of the largest separation (the axis of least
   penetration) is the reference face. A's face is kept unless one of B's
   separates by more than :data:`~gjkcli.tolerances.MANIFOLD_BIAS_RELATIVE` times
   the pair's size: a near tie does not flip from one call to the next.
3. **Incident edge.** The face of the other core whose normal is most
   anti-parallel to the reference normal (the least ``n_ref . n``).
4. **Clipping.** The incident edge is cut to the reference face's slab, between
   the two *side planes* through its corners (perpendicular to it). Each end that
   survives is moved against the reference normal ``n`` to the incident shape's
   surface (for a rounded shape, to where the ray from it leaves the rounding, in
   closed form), and kept when its separation is at most ``margin`` (plus
   rounding, so that touching shapes keep theirs):

       separation = n . (p - v) - radius of the reference shape

   where ``p`` is the point on the incident surface and ``v`` the face's first
   corner: the signed distance from the reference shape's face.

Where the reference face's slab misses the incident edge (a near tie kept by the
bias, between two corners poking into each other), the other shape's best face is
clipped against instead. Two ends that reach the same surface point (a capsule
end-on to the face, whose rays run along its core) are one point, the deeper.

Two cores that are apart (rounded shapes whose discs reach across the gap) may
meet corner to corner, where no face's normal is the direction between them:
when the best face separates by less than the cores' distance (GJK's, on the
cores, to within rounding), the manifold is one point along the line between
the nearest corners. When every face shows overlap the cores overlap (the
separating axis theorem: the faces of both are all the axes two polygons need),
and no distance is computed.
A curved core (an ellipse) has no faces: its one contact point comes from
gjkcli's distance query (apart) or EPA (overlapping), feature ``"curve"``.

**Feature ids** are ``(kind on A, index on A, kind on B, index on B)``. Indices
are into the shape's own vertex list (``Polytope.vertices``, the ring as given,
or a rectangle's corners from its bottom-left counter-clockwise; a rounded
shape's core's). ``("vertex", i)`` is vertex ``i``; ``("edge", i)`` the edge that
starts at vertex ``i`` and runs counter-clockwise round the shape (a segment has
two: its two sides, one starting at each end); ``("curve", 0)`` a curved shape.
As in Box2D, a point that is an incident corner kept whole is (reference edge,
incident vertex); a point made by a side plane is (reference vertex, incident
edge): each pair of features meets at the point.

Every loop runs over the corners of the two cores (or the two candidate reference
faces), so it ends; the distance and EPA queries used on the way have their own
iteration caps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.shapes.affine import Transformed
from gjkcli.shapes.base import ConvexShape, Vec, bounding_box
from gjkcli.shapes.compound import Compound
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import split_radius
from gjkcli.tolerances import MANIFOLD_BIAS_RELATIVE, coordinate_scale, rounding, touch_band

__all__ = ["ContactPoint", "Manifold", "manifold", "numbered_vertices"]

Reference = Literal["a", "b"]

_UP: Vec = (0.0, 1.0)
"""The normal of two cores that are one and the same point (concentric circles):
any direction serves, and this one is fixed so that the answer is repeatable."""


@dataclass(frozen=True)
class ContactPoint:
    """One point of a manifold.

    ``point`` lies on the incident shape's surface (the clipped point of its core,
    moved against the normal out to its surface); ``separation`` is its signed distance from
    the reference face along the normal: negative when the shapes overlap there,
    positive within a speculative ``margin``. ``feature`` names the features of A
    and B that make the point (see :mod:`gjkcli.algorithms.manifold`).
    """

    point: Vec
    separation: float
    feature: tuple[str, int, str, int]


@dataclass(frozen=True)
class Manifold:
    """Where two shapes meet: the unit ``normal`` from A towards B, and 0, 1 or 2
    ``points``; ``reference`` is ``"a"`` or ``"b"``, whose face the points were
    clipped against (``"a"`` when there is no face: corner to corner, or a curve).

    >>> from gjkcli.shapes import rectangle
    >>> contact = manifold(rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((0.0, 1.5), (2.0, 2.0)))
    >>> contact.normal, contact.reference, len(contact.points)
    ((0.0, 1.0), 'a', 2)
    >>> contact.points[0]
    ContactPoint(point=(-1.0, 0.5), separation=-0.5, feature=('edge', 2, 'vertex', 0))
    """

    normal: Vec
    points: tuple[ContactPoint, ...]
    reference: str


@dataclass(frozen=True)
class _Core:
    """A polygonal core: its corners counter-clockwise (one for a point, two for a
    segment), the index of each in the shape's own vertex list, and the radius round it."""

    corners: tuple[Vec, ...]
    indices: tuple[int, ...]
    radius: float

    @cached_property
    def normals(self) -> tuple[Vec, ...]:
        """Each face's outward unit normal, computed once (the core is frozen)."""
        corners = self.corners
        normals = []
        for k in self.faces:
            (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % len(corners)]
            length = math.hypot(x2 - x1, y2 - y1)
            normals.append(((y2 - y1) / length, (x1 - x2) / length))
        return tuple(normals)

    def face(self, k: int) -> tuple[Vec, Vec, Vec]:
        """Face ``k``: its first and second corner and its outward unit normal (the face
        from corner ``k`` counter-clockwise to the next)."""
        return self.corners[k], self.corners[(k + 1) % len(self.corners)], self.normals[k]

    @property
    def faces(self) -> range:
        """The faces' numbers: none for a point, two (both sides) for a segment."""
        return range(len(self.corners) if len(self.corners) > 1 else 0)


@dataclass(frozen=True)
class _Axis:
    """The best face of one core against the other: its number and separation."""

    face: int
    separation: float


def manifold(shape_a: ConvexShape, shape_b: ConvexShape, margin: float = 0.0) -> Manifold:
    """The contact manifold of two convex shapes that overlap, touch, or (with
    ``margin`` > 0) come within ``margin`` of each other; no points when they are
    farther apart.

    A disc sunk 0.5 into a floor: one point, its lowest, on A's top edge (edge 2 of a
    rectangle) and the disc's centre (vertex 0 of its core); a capsule lying 0.25
    above it, within the margin: two points, its bottom side (edge 0, from its first
    end) cut at the floor's top-left corner (vertex 3), and its second end:

    >>> from gjkcli.shapes import capsule, circle, rectangle
    >>> floor = rectangle((0.0, 0.0), (4.0, 2.0))
    >>> sunk = manifold(floor, circle((0.0, 1.5), 1.0))
    >>> [(p.point, p.separation, p.feature) for p in sunk.points]
    [((0.0, 0.5), -0.5, ('edge', 2, 'vertex', 0))]
    >>> lying = manifold(floor, capsule((-3.0, 1.5), (1.0, 1.5), 0.25), margin=1.0)
    >>> [(p.point, p.separation, p.feature) for p in lying.points]
    [((-2.0, 1.25), 0.25, ('vertex', 3, 'edge', 0)), ((1.0, 1.25), 0.25, ('edge', 2, 'vertex', 1))]
    >>> manifold(floor, circle((0.0, 5.0), 1.0)).points
    ()
    """
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        raise ValueError("contact manifolds need convex shapes: give one part of a compound")
    if not margin >= 0.0 or math.isinf(margin):
        raise ValueError(f"margin must be a finite number >= 0, got {margin!r}")
    box_a, box_b = bounding_box(shape_a), bounding_box(shape_b)
    scale = max(coordinate_scale(box_a), coordinate_scale(box_b))
    size = max(box_a[2] - box_a[0], box_a[3] - box_a[1], box_b[2] - box_b[0], box_b[3] - box_b[1])
    bias = MANIFOLD_BIAS_RELATIVE * size + rounding(scale)
    slack = touch_band(scale + size) + rounding(scale)  # rounding: touching counts
    core_a, core_b = _core(shape_a), _core(shape_b)
    if core_a is None or core_b is None:
        return _curved(shape_a, shape_b, (core_a, core_b), margin, margin + slack)
    axis_a, axis_b = _best_axis(core_a, core_b), _best_axis(core_b, core_a)
    best = max((axis.separation for axis in (axis_a, axis_b) if axis), default=math.inf)
    # every face's normal shows overlap: the separating axis theorem proves the cores
    # overlap (the faces of both are all the axes it needs), so their distance is 0
    closest = None if best < 0.0 else distance(_polytope(core_a), _polytope(core_b)).closest
    if closest is None and axis_a is None and axis_b is None:  # one point on the other
        return _corner_to_corner(core_a, core_b, (core_a.corners[0], core_b.corners[0]), 0.0)
    if closest is not None:  # the cores are apart (rounded shapes can still meet)
        gap = math.hypot(closest[1][0] - closest[0][0], closest[1][1] - closest[0][1])
        if gap - core_a.radius - core_b.radius > margin + slack:  # touching counts
            return Manifold(_unit_between(*closest), (), "a")
        if best == math.inf or best < gap - slack:  # no face is closest: corner to corner
            return _corner_to_corner(core_a, core_b, closest, gap)
    b_first = axis_b is not None and (
        axis_a is None or axis_b.separation > axis_a.separation + bias
    )
    tries: list[tuple[Reference, _Axis | None]] = [("a", axis_a), ("b", axis_b)]
    if b_first:
        tries.reverse()
    answer = None
    for side, axis in tries:  # the other face when the incident edge misses the first's slab
        if axis is not None and (answer is None or not answer.points):
            answer = _clipped(core_a, core_b, side, axis.face, margin + slack)
    assert answer is not None  # one of the two has faces (checked above)
    if not answer.points and closest is not None:
        # a face that ties with a corner, where the incident edge leaves the slab
        return _corner_to_corner(core_a, core_b, closest, gap)
    return answer


def _clipped(core_a: _Core, core_b: _Core, side: Reference, face: int, reach: float) -> Manifold:
    """The manifold clipped against ``face`` of A (``side`` ``"a"``) or of B."""
    if side == "a":
        found = _clip(core_a, face, core_b, reach)
        return Manifold(found.normal, tuple(ContactPoint(*point) for point in found.points), "a")
    found = _clip(core_b, face, core_a, reach)
    return Manifold(
        (0.0 - found.normal[0], 0.0 - found.normal[1]),  # 0.0 - x: no -0.0 in answers
        tuple(ContactPoint(p, s, (fi[2], fi[3], fi[0], fi[1])) for p, s, fi in found.points),
        "b",
    )


Feature = tuple[str, int, str, int]


@dataclass(frozen=True)
class _Clipped:
    """Clipping's answer, with the features in (reference, incident) order."""

    normal: Vec
    points: tuple[tuple[Vec, float, Feature], ...]


def _clip(reference: _Core, face: int, incident: _Core, reach: float) -> _Clipped:
    """The incident core's edge most anti-parallel to ``face`` of ``reference``, cut to
    the face's slab, its ends moved to the incident shape's surface; each end kept
    when its separation is at most ``reach``."""
    v1, v2, n = reference.face(face)
    ref_first = reference.indices[face]
    ref_second = reference.indices[(face + 1) % len(reference.corners)]
    if not incident.faces:  # a point: nothing to clip, it lies over the face
        ends: list[tuple[Vec, Feature]] = [
            (incident.corners[0], ("edge", ref_first, "vertex", incident.indices[0]))
        ]
    else:
        k = min(incident.faces, key=lambda j: _dot(incident.face(j)[2], n))
        w1, w2, _ = incident.face(k)
        inc_edge = incident.indices[k]
        after = incident.indices[(k + 1) % len(incident.corners)]
        ends = [
            (w1, ("edge", ref_first, "vertex", inc_edge)),
            (w2, ("edge", ref_first, "vertex", after)),
        ]
        tangent = (-n[1], n[0])  # from v1 towards v2
        ends = _cut(ends, tangent, _dot(tangent, v1), ("vertex", ref_first, "edge", inc_edge))
        minus = (-tangent[0], -tangent[1])
        ends = _cut(ends, minus, _dot(minus, v2), ("vertex", ref_second, "edge", inc_edge))
    kept = []
    for x, feature in ends:
        moved = _to_surface(incident, x, n)
        separation = _dot(n, (moved[0] - v1[0], moved[1] - v1[1])) - reference.radius
        if separation <= reach:
            kept.append((moved, separation, feature))
    if len(kept) == 2 and _same_point(kept[0][0], kept[1][0]):
        # both ends moved out to one surface point: an incident segment end-on to the
        # face, whose rays run along it to its far end; the deeper one stands for both
        kept = [min(kept, key=lambda point: point[1])]
    return _Clipped(n, tuple(kept))


def _same_point(p: Vec, q: Vec) -> bool:
    """Whether two points are one to within the rounding of their coordinates."""
    size = max(abs(p[0]), abs(p[1]), abs(q[0]), abs(q[1]))
    return math.hypot(p[0] - q[0], p[1] - q[1]) <= rounding(size)


def _to_surface(incident: _Core, x: Vec, n: Vec) -> Vec:
    """A point ``x`` of the incident core moved against the reference normal ``n`` (towards
    the reference face) out to the incident shape's surface.

    The rounded shape is the union of discs round the core's corners and rectangles
    round its edges, and the ray from ``x`` along ``-n`` leaves it where it leaves the
    last of them: the largest of the exits, each in closed form.
    """
    r = incident.radius
    if r == 0.0:
        return x
    u = (-n[0], -n[1])
    exits = [_disc_exit(x, u, c, r) for c in incident.corners]
    for k in incident.faces:
        exits.append(_slab_exit(x, u, incident.face(k), r))
    t = max(e for e in exits if e is not None)
    return (x[0] + t * u[0], x[1] + t * u[1])


def _disc_exit(x: Vec, u: Vec, c: Vec, r: float) -> float | None:
    """Where the ray ``x + t u`` (unit ``u``) leaves the disc of radius ``r`` round ``c``:
    the larger root of ``|x - c + t u|^2 = r^2``; ``None`` if it misses."""
    d = (x[0] - c[0], x[1] - c[1])
    half = _dot(d, u)
    room = half * half - _dot(d, d) + r * r
    return None if room < 0.0 else -half + math.sqrt(room)


def _slab_exit(x: Vec, u: Vec, face: tuple[Vec, Vec, Vec], r: float) -> float | None:
    """Where the ray ``x + t u`` leaves the rectangle within ``r`` of the edge from ``a``
    to ``b`` (outward normal ``m``): the end of the interval of ``t`` over which it is
    beside the edge (``0 <= along <= length``) and within ``r`` of its line; ``None``
    if that interval is empty."""
    a, b, m = face
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    e = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
    rel = (x[0] - a[0], x[1] - a[1])
    low, high = -math.inf, math.inf
    for start, rate, lo, hi in (
        (_dot(e, rel), _dot(e, u), 0.0, length),
        (_dot(m, rel), _dot(m, u), -r, r),
    ):
        if rate == 0.0:
            if not lo <= start <= hi:
                return None
            continue
        t1, t2 = (lo - start) / rate, (hi - start) / rate
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
    return high if low <= high else None


def _cut(
    ends: list[tuple[Vec, Feature]], toward: Vec, offset: float, made: Feature
) -> list[tuple[Vec, Feature]]:
    """The part of a segment (two ends, with their features) where ``toward . x >=
    offset``: an end outside is replaced by the crossing point, made by ``made``; a
    segment wholly outside gives no ends."""
    if len(ends) != 2:
        return ends
    (p, fp), (q, fq) = ends
    dp, dq = _dot(toward, p) - offset, _dot(toward, q) - offset
    if dp >= 0.0 and dq >= 0.0:
        return ends
    if dp < 0.0 and dq < 0.0:
        return []
    t = dp / (dp - dq)
    crossing = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
    return [(crossing, made), (q, fq)] if dp < 0.0 else [(p, fp), (crossing, made)]


def _best_axis(core: _Core, other: _Core) -> _Axis | None:
    """The face of ``core`` that ``other`` lies farthest beyond (``None`` for a point)."""
    best: _Axis | None = None
    for k, ((nx, ny), (vx, vy)) in enumerate(zip(core.normals, core.corners, strict=False)):
        separation = min(nx * (x - vx) + ny * (y - vy) for x, y in other.corners)
        if best is None or separation > best.separation:
            best = _Axis(k, separation)
    return best


def _corner_to_corner(
    core_a: _Core, core_b: _Core, closest: tuple[Vec, Vec], gap: float
) -> Manifold:
    """One point where the cores' nearest corners face each other across ``gap`` (within
    the margin: the caller has checked)."""
    ca, cb = closest
    normal = _unit_between(ca, cb) if gap > 0.0 else _UP
    separation = gap - core_a.radius - core_b.radius
    point = (cb[0] - core_b.radius * normal[0], cb[1] - core_b.radius * normal[1])
    feature = ("vertex", _nearest_corner(core_a, ca), "vertex", _nearest_corner(core_b, cb))
    return Manifold(normal, (ContactPoint(point, separation, feature),), "a")


def _curved(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    cores: tuple[_Core | None, _Core | None],
    margin: float,
    reach: float,
) -> Manifold:
    """One point for a pair with a curved core: the distance query's closest point on
    B (apart), or EPA's contact point on B (overlapping)."""
    from gjkcli.algorithms.answer import solve  # the whole answer: settles touching pairs

    answer = solve(shape_a, shape_b)
    if answer.gjk.closest is not None:
        normal = _unit_between(*answer.gjk.closest)
        if answer.gjk.distance > reach:
            return Manifold(normal, (), "a")
        point, separation = answer.gjk.closest[1], answer.gjk.distance
    elif answer.penetration is not None:
        normal, point = answer.penetration.normal, answer.penetration.contact[1]
        separation = -answer.penetration.depth
    else:  # pragma: no cover - solve gives convex overlapping shapes a depth
        raise AssertionError("EPA gave no depth for convex shapes that intersect")
    if separation > reach:
        return Manifold(normal, (), "a")
    feature = (*_feature(cores[0], normal), *_feature(cores[1], (-normal[0], -normal[1])))
    return Manifold(normal, (ContactPoint(point, separation, feature),), "a")


def _feature(core: _Core | None, outward: Vec) -> tuple[str, int]:
    """The feature of a shape that faces ``outward``: the curve, the face whose normal
    it is (to rounding), else the corner farthest along it."""
    if core is None:
        return ("curve", 0)
    for k in core.faces:
        if _dot(core.face(k)[2], outward) >= 1.0 - rounding(1.0):
            return ("edge", core.indices[k])
    far = max(range(len(core.corners)), key=lambda i: _dot(core.corners[i], outward))
    return ("vertex", core.indices[far])


def numbered_vertices(shape: ConvexShape) -> tuple[tuple[Vec, ...], float] | None:
    """The vertices that feature ids number (a polytope's own, mapped for a transformed
    one; a rounded shape's core's), and the radius round them; ``None`` for a curved
    shape.

    >>> from gjkcli.shapes import capsule, ellipse, rectangle
    >>> numbered_vertices(capsule((0.0, 0.0), (2.0, 0.0), 0.5))
    (((0.0, 0.0), (2.0, 0.0)), 0.5)
    >>> numbered_vertices(rectangle((0.0, 0.0), (2.0, 2.0)))[0]
    ((-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0))
    >>> numbered_vertices(ellipse((0.0, 0.0), (2.0, 1.0))) is None
    True
    """
    core, radius = split_radius(shape)
    if isinstance(core, Polytope):
        return core.vertices, radius
    if isinstance(core, Transformed) and isinstance(core.inner, Polytope):
        return tuple(core.affine.apply(v) for v in core.inner.vertices), radius
    return None


def _core(shape: ConvexShape) -> _Core | None:
    """A shape's polygonal core (its hull, counter-clockwise) and radius, or ``None`` for
    a curved one."""
    numbered = numbered_vertices(shape)
    if numbered is None:
        return None
    vertices, radius = numbered
    order = convex_hull_indices(vertices)
    return _Core(tuple(vertices[i] for i in order), tuple(order), radius)


def _polytope(core: _Core) -> Polytope:
    return Polytope(core.corners)


def _nearest_corner(core: _Core, p: Vec) -> int:
    """The index (in the shape's vertex list) of the corner nearest ``p``."""
    near = min(
        range(len(core.corners)),
        key=lambda i: math.hypot(core.corners[i][0] - p[0], core.corners[i][1] - p[1]),
    )
    return core.indices[near]


def _unit_between(p: Vec, q: Vec) -> Vec:
    """The unit vector from ``p`` towards ``q`` (distinct points)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    return (dx / length, dy / length)


def _dot(u: Vec, v: Vec) -> float:
    return u[0] * v[0] + u[1] * v[1]
