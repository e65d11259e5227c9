"""A toy 2D collision engine, with two planted bugs, for ``gjk fuzz`` to find.

It stands for "the user's own engine": plain Python, standard library only, and it does
not use gjkcli. One public function, :func:`answer`, takes a pair of shapes (a dict such
as ``{"a": SHAPE, "b": SHAPE, ...}``; keys other than ``a`` and ``b`` are ignored) and
returns ``intersects``, ``verdict``, ``distance``, ``closest``, ``depth``, ``normal`` and
``contact``. The normal points from A towards B: moving B by ``depth * normal`` separates
overlapping shapes, and ``contact == [a, b]`` with ``a - b == depth * normal``.

Shapes: ``{"type": "polygon", "points": [[x, y], ...]}`` (convex, either orientation, a
closing point and repeated or collinear vertices are tolerated), ``{"type": "circle",
"center": [x, y], "radius": r}`` and ``{"type": "point", "at": [x, y]}``. Anything else,
including an extra key on a shape, raises ``ValueError("unsupported shape ...")``.

Method: every shape is a "core" (a list of points) plus a radius. GJK with a signed-volume
subalgorithm gives the distance between the cores, and the radii are subtracted from it.
Two polygons are tested for overlap with the separating axis theorem (SAT) over their edge
normals, whose shallowest axis gives the depth and normal. A circle or a point overlaps
by ``ra + rb - core_distance`` along the closest-point direction; when the cores
themselves meet (a centre inside a polygon), SAT over the polygon's edges is used.

The two PLANTED BUGS (each marked ``# PLANTED BUG:`` below):

1. SAT treats an overlap of exactly 0 as a separation (``overlap <= 0`` instead of
   ``overlap < 0``), so polygons that touch exactly (a shared edge or a vertex on an
   edge) come out ``intersects: false``, ``verdict: "separated"``, with distance 0.
2. GJK stops on an absolute tolerance (``|v|^2 - v.w <= 1e-6``) instead of a relative
   one, so on small shapes (about 1e-3 across and smaller) it stops after a step or two,
   and the distance and closest points are wrong by tens of per cent. (It can also bite,
   rarely, on unit-sized shapes less than about 1e-3 apart.)
"""

from __future__ import annotations

import math
from typing import Any

Vec = tuple[float, float]

MAX_ITERATIONS = 64
GJK_TOLERANCE = 1e-6  # absolute: see the second planted bug in _gjk


def _sub(p: Vec, q: Vec) -> Vec:
    return (p[0] - q[0], p[1] - q[1])


def _dot(p: Vec, q: Vec) -> float:
    return p[0] * q[0] + p[1] * q[1]


def _cross(p: Vec, q: Vec) -> float:
    return p[0] * q[1] - p[1] * q[0]


def _along(p: Vec, d: Vec, s: float) -> Vec:
    """The point ``p + s * d``."""
    return (p[0] + s * d[0], p[1] + s * d[1])


def _unit(p: Vec, q: Vec) -> Vec | None:
    """The unit direction from p to q, or None when they coincide."""
    d = _sub(q, p)
    length = math.hypot(*d)
    return (d[0] / length, d[1] / length) if length > 0.0 else None


def _out(p: Vec) -> list[float]:
    """A point for the answer (``+ 0.0`` turns -0.0 into 0.0)."""
    return [p[0] + 0.0, p[1] + 0.0]


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"not a number: {value!r}")
    try:
        x = float(value)
    except OverflowError as error:
        raise ValueError(f"number too large: {value!r}") from error
    if not math.isfinite(x):
        raise ValueError(f"not a finite number: {value!r}")
    return x


def _point(value: Any) -> Vec:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"not a point [x, y]: {value!r}")
    return (_number(value[0]), _number(value[1]))


_KEYS = {
    "polygon": {"type", "points"},
    "circle": {"type", "center", "radius"},
    "point": {"type", "at"},
}


def _shape(raw: Any) -> tuple[list[Vec], float]:
    """A shape as (core points, radius); ValueError for anything unsupported."""
    if not isinstance(raw, dict) or raw.get("type") not in _KEYS:
        kind = raw.get("type") if isinstance(raw, dict) else type(raw).__name__
        raise ValueError(f"unsupported shape type {kind!r}")
    if set(raw) != _KEYS[raw["type"]]:
        wanted, got = sorted(_KEYS[raw["type"]]), sorted(str(key) for key in raw)
        raise ValueError(f"unsupported shape: a {raw['type']} has keys {wanted}, not {got}")
    if raw["type"] == "circle":
        radius = _number(raw["radius"])
        if radius < 0:
            raise ValueError(f"negative radius {radius}")
        return [_point(raw["center"])], radius
    if raw["type"] == "point":
        return [_point(raw["at"])], 0.0
    if not isinstance(raw["points"], list) or not raw["points"]:
        raise ValueError("a polygon needs a non-empty list of points")
    points = [_point(p) for p in raw["points"]]
    if len(points) > 1 and points[-1] == points[0]:
        points.pop()  # the closing point
    core = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    return core, 0.0


def _support(points: list[Vec], d: Vec) -> Vec:
    """The first of the points furthest along d."""
    return max(points, key=lambda p: _dot(p, d))


def _closest_on_segment(p: Vec, q: Vec) -> tuple[list[int], list[float]]:
    """Which of p, q the point of [p, q] closest to the origin needs, and their weights."""
    e = _sub(q, p)
    ee = _dot(e, e)
    t = -_dot(p, e) / ee if ee > 0.0 else 0.0
    if t <= 0.0:
        return [0], [1.0]
    if t >= 1.0:
        return [1], [1.0]
    return [0, 1], [1.0 - t, t]


def _closest_on_simplex(ws: list[Vec]) -> tuple[list[int], list[float]]:
    """Signed-volume subalgorithm in 2D: the smallest sub-simplex of ws (1 to 3 points)
    holding the point closest to the origin, as indices and barycentric weights."""
    if len(ws) == 1:
        return [0], [1.0]
    if len(ws) == 2:
        return _closest_on_segment(ws[0], ws[1])
    p, q, r = ws
    area = _cross(_sub(q, p), _sub(r, p))
    if area != 0.0:
        u, v, w = _cross(q, r) / area, _cross(r, p) / area, _cross(p, q) / area
        if u >= 0.0 and v >= 0.0 and w >= 0.0:
            return [0, 1, 2], [u, v, w]  # the origin is inside
    best: tuple[float, list[int], list[float]] | None = None
    for i, j in ((0, 1), (1, 2), (0, 2)):
        kept, weights = _closest_on_segment(ws[i], ws[j])
        ids = [(i, j)[k] for k in kept]
        x = _combine([ws[k] for k in ids], weights)
        if best is None or _dot(x, x) < best[0]:
            best = (_dot(x, x), ids, weights)
    assert best is not None
    return best[1], best[2]


def _combine(points: list[Vec], weights: list[float]) -> Vec:
    """The point with these barycentric weights, as the first point plus weighted edges
    (exact where the points share a coordinate)."""
    p0 = points[0]
    x = sum(w * (p[0] - p0[0]) for p, w in zip(points[1:], weights[1:], strict=True))
    y = sum(w * (p[1] - p0[1]) for p, w in zip(points[1:], weights[1:], strict=True))
    return (p0[0] + x, p0[1] + y)


def _gjk(a: list[Vec], b: list[Vec]) -> tuple[float, Vec, Vec, bool]:
    """GJK on two point lists: (distance, closest on A, closest on B, the hulls meet)."""
    pa, pb = a[0], b[0]
    v = _sub(pa, pb)  # first guess: the difference of the first vertices
    simplex: list[tuple[Vec, Vec, Vec]] = []  # (a - b, a, b)
    for _ in range(MAX_ITERATIONS):
        vv = _dot(v, v)
        if vv == 0.0:
            return 0.0, pa, pb, True
        sa, sb = _support(a, (-v[0], -v[1])), _support(b, v)
        w = _sub(sa, sb)
        # PLANTED BUG: an absolute tolerance; |v|^2 - v.w is an area-like quantity that
        # scales with the size squared, so on small shapes this holds at once. The correct
        # test is relative: `vv - _dot(v, w) <= 1e-12 * vv`.
        if vv - _dot(v, w) <= GJK_TOLERANCE:
            break
        if any(w == s[0] for s in simplex):
            break  # no progress: w is already in the simplex
        first = not simplex  # the first guess is no simplex's closest point: it may be nearer
        simplex.append((w, sa, sb))
        kept, weights = _closest_on_simplex([s[0] for s in simplex])
        simplex = [simplex[k] for k in kept]
        new_v = _combine([s[0] for s in simplex], weights)
        new_pa = _combine([s[1] for s in simplex], weights)
        new_pb = _combine([s[2] for s in simplex], weights)
        if len(simplex) == 3:
            return 0.0, new_pa, new_pb, True
        if not first and _dot(new_v, new_v) >= vv:
            break  # no progress (rounding): keep the previous point
        v, pa, pb = new_v, new_pa, new_pb
    distance = math.sqrt(_dot(v, v))
    return distance, pa, pb, distance == 0.0


def _axes(points: list[Vec]) -> list[Vec]:
    """Unit edge normals of a polygon; for a flat one (a segment), its direction too."""
    axes: list[Vec] = []
    flat = all(_cross(_sub(q, points[0]), _sub(points[1], points[0])) == 0.0 for q in points[2:])
    for p, q in zip(points, points[1:] + points[:1], strict=True):
        e = _sub(q, p)
        length = math.hypot(*e)
        if length > 0.0:
            axes.append((-e[1] / length, e[0] / length))
            if flat:
                axes.append((e[0] / length, e[1] / length))
    return axes


def _sat(a: list[Vec], ra: float, b: list[Vec], rb: float, axes: list[Vec]) -> tuple[float, Vec]:
    """The shallowest overlap over the axes (negative: a gap), and its axis from A to B."""
    best: tuple[float, Vec] = (math.inf, (1.0, 0.0))
    for n in axes:
        a_proj = [_dot(p, n) for p in a]
        b_proj = [_dot(p, n) for p in b]
        forward = max(a_proj) - min(b_proj)  # move B along +n by this much to separate
        backward = max(b_proj) - min(a_proj)  # ... or along -n by this much
        overlap, axis = (forward, n) if forward <= backward else (backward, (-n[0], -n[1]))
        if overlap + ra + rb < best[0]:
            best = (overlap + ra + rb, axis)
    return best


def _separated(
    core_distance: float, pa: Vec, pb: Vec, radii: tuple[float, float], fallback: Vec
) -> dict[str, Any]:
    ra, rb = radii
    n = _unit(pa, pb) if core_distance > 0.0 else None
    if n is None:
        n = fallback
    else:
        pa, pb = _along(pa, n, ra), _along(pb, n, -rb)
    return {
        "intersects": False,
        "verdict": "separated",
        "distance": max(0.0, core_distance - ra - rb),
        "closest": [_out(pa), _out(pb)],
        "depth": None,
        "normal": _out(n),
        "contact": None,
    }


def _intersecting(
    depth: float, n: Vec | None, b: list[Vec], rb: float, meeting: Vec
) -> dict[str, Any]:
    depth = max(depth, 0.0)
    if n is None:
        contact = [_out(meeting), _out(meeting)]
    else:
        deepest = _along(_support(b, (-n[0], -n[1])), n, -rb)  # deepest point of B in A
        contact = [_out(_along(deepest, n, depth)), _out(deepest)]
    return {
        "intersects": True,
        "verdict": "overlapping" if depth > 0.0 else "touching",
        "distance": 0.0,
        "closest": None,
        "depth": depth,
        "normal": None if n is None else _out(n),
        "contact": contact,
    }


def answer(pair: dict[str, Any]) -> dict[str, Any]:
    """Distance, intersection and penetration of ``pair["a"]`` and ``pair["b"]``."""
    if not isinstance(pair, dict) or "a" not in pair or "b" not in pair:
        raise ValueError("a pair is an object with keys 'a' and 'b'")
    a, ra = _shape(pair["a"])
    b, rb = _shape(pair["b"])
    if len(a) >= 2 and len(b) >= 2:  # two polygons: SAT decides
        overlap, axis = _sat(a, ra, b, rb, _axes(a) + _axes(b))
        # PLANTED BUG: an overlap of exactly 0 is a touching contact, yet it is reported
        # as a separation. The correct test is `overlap < 0.0`.
        if overlap <= 0.0:
            distance, pa, pb, _ = _gjk(a, b)
            return _separated(distance, pa, pb, (ra, rb), axis)
        return _intersecting(overlap, axis, b, rb, a[0])
    distance, pa, pb, cores_meet = _gjk(a, b)
    if not cores_meet:  # a circle or a point: overlap from the distance between cores
        if distance > ra + rb:
            return _separated(distance, pa, pb, (ra, rb), (1.0, 0.0))
        return _intersecting(ra + rb - distance, _unit(pa, pb) or (1.0, 0.0), b, rb, pa)
    axes = _axes(a) + _axes(b)
    if not axes:  # two coinciding centres or points: any direction will do
        return _intersecting(ra + rb, (1.0, 0.0) if ra + rb > 0.0 else None, b, rb, pa)
    overlap, axis = _sat(a, ra, b, rb, axes)  # a centre inside (or on) a polygon
    return _intersecting(overlap, axis, b, rb, pa)
