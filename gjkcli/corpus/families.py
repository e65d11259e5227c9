"""Families of generated pairs: random ones, and the cases collision code gets wrong.

Every builder takes a seeded random generator and returns one pair as a
plain JSON object (FORMATS section 2). Where the answer is known exactly by
construction the pair carries it in ``expect``. Exactness comes from
arithmetic that floats do without rounding: small integers, halves and
powers of two, turns by multiples of 90 degrees, and offsets that keep those
exact (1e6 and 1e9 plus a half are exact in double precision).

The families (the part of each ``name`` before the slash):

* ``polygons``: random convex polygons of 3 to 16 vertices, near each other.
* ``mixed``: random polygons, hulls, circles, ellipses, rectangles, capsules,
  segments and points, with random transforms and margins.
* ``circles``: circles and capsules, with the distance or depth from their
  closed forms.
* ``touching-vertex-vertex``, ``touching-vertex-edge``, ``touching-edge-edge``:
  integer polygons that touch exactly (distance 0, depth 0).
* ``nearly-touching``: a vertex above an edge by a gap from 1e-3 to 1e-12.
* ``nested``: one shape inside the other.
* ``identical``: a shape and itself.
* ``offset-1e6``, ``offset-1e9``: boxes at an exact gap, far from the origin.
* ``tiny``: boxes and discs about 1e-6 across.
* ``collinear-repeated``: polygons with collinear and repeated vertices.
* ``degenerate-segments``: zero-length, collinear and parallel segments.

The families with compound shapes are in :mod:`gjkcli.corpus.compounds`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.tolerances import touch_band

__all__ = ["CONVEX_FAMILIES", "Json", "Points", "make_pair", "random_shape", "turned"]

Json = dict[str, Any]
Points = list[list[float]]


def _polygon(points: Points) -> Json:
    return {"type": "polygon", "points": points}


def make_pair(a: Json, b: Json, expect: Json | None = None) -> Json:
    pair: Json = {"a": a, "b": b}
    if expect is not None:
        pair["expect"] = expect
    return pair


def _touching() -> Json:
    return {"intersects": True, "distance": 0, "penetration": 0}


def _random_ring(
    rng: random.Random, count: int, center: tuple[float, float], radius: float
) -> Points:
    """A convex ring: one point in each of ``count`` equal sectors of a circle.

    Keeping each point well inside its sector keeps every turn clearly convex,
    so the ring passes the convexity check whatever the rounding.
    """
    ring = []
    for k in range(count):
        angle = (k + 0.2 + 0.6 * rng.random()) * 2.0 * math.pi / count
        ring.append([center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)])
    return ring


def _integer_hull(points: list[tuple[int, int]]) -> Points:
    """The convex hull of integer points (exact: their cross products are exact)."""
    floats = [(float(x), float(y)) for x, y in points]
    return [list(floats[i]) for i in convex_hull_indices(floats)]


def _integer_polygon(make: Callable[[], list[tuple[int, int]]]) -> Points:
    """The hull of ``make()``, drawn again until it has an area (three corners or more)."""
    for _ in range(_DRAWS):
        if len(ring := _integer_hull(make())) >= 3:
            return ring
    raise RuntimeError(f"no polygon with an area in {_DRAWS} draws: the family is broken")


_DRAWS = 1000
"""Draws allowed for a random integer polygon; the families draw several points
over a few units, so nearly every draw has an area."""


def turned(points: Points, quarter_turns: int, shift: tuple[int, int]) -> Points:
    """Points turned by a multiple of 90 degrees and moved by integers: exact."""
    turned = []
    for point in points:
        x, y = point
        for _ in range(quarter_turns % 4):
            x, y = -y, x
        turned.append([x + shift[0], y + shift[1]])
    return turned


def _exactly_moved(rng: random.Random, a: Points, b: Points) -> tuple[Json, Json]:
    turns, shift = rng.randrange(4), (rng.randint(-50, 50), rng.randint(-50, 50))
    return _polygon(turned(a, turns, shift)), _polygon(turned(b, turns, shift))


def _below(rng: random.Random, x0: int, x1: int, height: int) -> list[tuple[int, int]]:
    """Integer points strictly below ``height``, spread under ``[x0, x1]``."""
    return [
        (rng.randint(x0 - 3, x1 + 3), rng.randint(height - 8, height - 1))
        for _ in range(rng.randint(2, 6))
    ]


def _above(rng: random.Random, x0: int, x1: int, height: int) -> list[tuple[int, int]]:
    """Integer points strictly above ``height``, spread over ``[x0, x1]``."""
    return [(x, 2 * height - y) for x, y in _below(rng, x0, x1, height)]


def _lifted(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """One unit higher: at least two above the edge, so a single point of B meets it."""
    return [(x, y + 1) for x, y in points]


def polygons(rng: random.Random) -> Json:
    size = 10.0 ** rng.uniform(-1, 2)
    a = _random_ring(rng, rng.randint(3, 16), (0.0, 0.0), size)
    center = (rng.uniform(-2.5, 2.5) * size, rng.uniform(-2.5, 2.5) * size)
    b = _random_ring(rng, rng.randint(3, 16), center, size * rng.uniform(0.2, 1.5))
    return make_pair(_polygon(a), _polygon(b))


def mixed(rng: random.Random) -> Json:
    return make_pair(
        random_shape(rng, (0.0, 0.0)), random_shape(rng, (rng.uniform(-4, 4), rng.uniform(-4, 4)))
    )


def random_shape(rng: random.Random, at: tuple[float, float]) -> Json:
    kind = rng.choice(
        ["polygon", "hull", "circle", "ellipse", "rectangle", "capsule", "segment", "point"]
    )
    x, y = at
    shape: Json
    if kind == "polygon":
        shape = _polygon(_random_ring(rng, rng.randint(3, 10), at, rng.uniform(0.3, 2.0)))
    elif kind == "hull":
        shape = {
            "type": "hull",
            "points": [
                [x + rng.uniform(-2, 2), y + rng.uniform(-2, 2)] for _ in range(rng.randint(1, 12))
            ],
        }
    elif kind == "circle":
        shape = {"type": "circle", "center": [x, y], "radius": rng.uniform(0.0, 2.0)}
    elif kind == "ellipse":
        radii = [rng.uniform(0.1, 2.5), rng.uniform(0.1, 2.5)]
        shape = {
            "type": "ellipse",
            "center": [x, y],
            "radii": radii,
            "rotation": rng.uniform(0, 360),
        }
    elif kind == "rectangle":
        size = [rng.uniform(0.1, 3.0), rng.uniform(0.1, 3.0)]
        shape = {
            "type": "rectangle",
            "center": [x, y],
            "size": size,
            "rotation": rng.uniform(0, 360),
        }
    elif kind == "capsule":
        end = [x + rng.uniform(-2, 2), y + rng.uniform(-2, 2)]
        shape = {"type": "capsule", "points": [[x, y], end], "radius": rng.uniform(0.0, 1.0)}
    elif kind == "segment":
        shape = {
            "type": "segment",
            "points": [[x, y], [x + rng.uniform(-2, 2), y + rng.uniform(-2, 2)]],
        }
    else:
        shape = {"type": "point", "at": [x, y]}
    if rng.random() < 0.4:
        scale: float | list[float] = rng.uniform(0.3, 2.0)
        if rng.random() < 0.5:
            scale = [rng.uniform(0.3, 2.0), rng.uniform(0.3, 2.0)]
        shape["transform"] = {
            "scale": scale,
            "rotate": rng.uniform(0, 360),
            "translate": [rng.uniform(-1, 1), rng.uniform(-1, 1)],
        }
    if rng.random() < 0.3:
        shape["margin"] = rng.uniform(0.0, 0.5)
    return shape


def circles(rng: random.Random) -> Json:
    c1 = [rng.uniform(-5, 5), rng.uniform(-5, 5)]
    c2 = [c1[0] + rng.uniform(-4, 4), c1[1] + rng.uniform(-4, 4)]
    r1, r2 = rng.uniform(0.1, 2.0), rng.uniform(0.1, 2.0)
    gap = math.dist(c1, c2) - r1 - r2
    if rng.random() < 0.5:
        a = {"type": "circle", "center": c1, "radius": r1}
    else:  # a capsule whose two ends coincide is a disc: the same closed form
        a = {"type": "capsule", "points": [c1, c1], "radius": r1}
    b = {"type": "circle", "center": c2, "radius": r2}
    expect: Json = {"intersects": gap <= 0.0, "distance": max(gap, 0.0)}
    if gap < 0.0 and math.dist(c1, c2) > 0.0:
        expect["penetration"] = -gap
    return make_pair(a, b, expect)


def touching_vertex_vertex(rng: random.Random) -> Json:
    """B shares A's topmost vertex and lies above it: they meet in that one point."""
    a = _integer_polygon(
        lambda: [(rng.randint(-9, 9), rng.randint(-9, 9)) for _ in range(rng.randint(3, 9))]
    )
    top = max(a, key=lambda p: (p[1], p[0]))
    tx, ty = int(top[0]), int(top[1])
    b = _integer_polygon(lambda: [(tx, ty), *_lifted(_above(rng, tx - 4, tx + 4, ty))])
    a_shape, b_shape = _exactly_moved(rng, a, b)
    return make_pair(a_shape, b_shape, _touching())


def touching_vertex_edge(rng: random.Random) -> Json:
    """B's lowest vertex lies inside A's horizontal top edge."""
    x0, height = rng.randint(-10, 5), rng.randint(-10, 10)
    x1 = x0 + rng.randint(2, 8)
    a = _integer_polygon(lambda: [(x0, height), (x1, height), *_below(rng, x0, x1, height)])
    contact = rng.randint(x0 + 1, x1 - 1)
    b = _integer_polygon(
        lambda: [(contact, height), *_lifted(_above(rng, contact - 3, contact + 3, height))]
    )
    a_shape, b_shape = _exactly_moved(rng, a, b)
    return make_pair(a_shape, b_shape, _touching())


def touching_edge_edge(rng: random.Random) -> Json:
    """A's top edge and B's bottom edge lie on one line and overlap."""
    x0, height = rng.randint(-10, 5), rng.randint(-10, 10)
    x1 = x0 + rng.randint(2, 8)
    x2 = rng.randint(x0 - 4, x1 - 1)
    x3 = rng.randint(max(x2 + 1, x0 + 1), x1 + 4)
    a = _integer_polygon(lambda: [(x0, height), (x1, height), *_below(rng, x0, x1, height)])
    b = _integer_polygon(lambda: [(x2, height), (x3, height), *_above(rng, x2, x3, height)])
    a_shape, b_shape = _exactly_moved(rng, a, b)
    return make_pair(a_shape, b_shape, _touching())


def nearly_touching(rng: random.Random) -> Json:
    """A vertex of B above A's top edge by a gap from 1e-3 down to 1e-12.

    The gap is added in floating point, so the exact distance is the rounded
    height minus the edge's, which the construction computes exactly. The
    expectation's tolerance is 1e-14 of the coordinates' size (about 30): the
    answer must be right to far below the gap.
    """
    x0, height = rng.randint(-10, 5), rng.randint(-10, 10)
    x1 = x0 + rng.randint(2, 8)
    a = _integer_polygon(lambda: [(x0, height), (x1, height), *_below(rng, x0, x1, height)])
    contact = rng.randint(x0 + 1, x1 - 1)
    gap = 10.0 ** -rng.randint(3, 12)
    b = _integer_polygon(
        lambda: [(contact, height), *_lifted(_above(rng, contact - 3, contact + 3, height))]
    )
    lifted = [[x, y + gap] for x, y in b]
    exact_gap = (height + gap) - height  # exact: the two are close (Sterbenz)
    turns = rng.randrange(4)
    expect = {"intersects": False, "distance": exact_gap, "tolerance": touch_band(31.0)}
    return make_pair(
        _polygon(turned(a, turns, (0, 0))), _polygon(turned(lifted, turns, (0, 0))), expect
    )


def nested(rng: random.Random) -> Json:
    w, h = rng.randint(4, 20), rng.randint(4, 20)
    outer = {"type": "rectangle", "center": [0, 0], "size": [w, h], "rotation": rng.uniform(0, 360)}
    inner = random_shape(rng, (0.0, 0.0))
    inner.pop("transform", None)
    inner.pop("margin", None)
    _shrink(inner, 0.2 * min(w, h) / 2.0)
    outer_first = rng.random() < 0.5
    a, b = (outer, inner) if outer_first else (inner, outer)
    return make_pair(a, b, {"intersects": True, "distance": 0})


def _shrink(shape: Json, reach: float) -> None:
    """Fit a shape from :func:`random_shape` at the origin inside a disc of ``reach``."""
    shape["transform"] = {"scale": reach / 4.0}


def identical(rng: random.Random) -> Json:
    if rng.random() < 0.4:
        w, h = rng.randint(1, 20) / 2, rng.randint(1, 20) / 2
        box = {
            "type": "rectangle",
            "center": [rng.randint(-9, 9), rng.randint(-9, 9)],
            "size": [w, h],
        }
        return make_pair(
            box, dict(box), {"intersects": True, "distance": 0, "penetration": min(w, h)}
        )
    shape = random_shape(rng, (rng.uniform(-5, 5), rng.uniform(-5, 5)))
    return make_pair(shape, shape, {"intersects": True, "distance": 0})


def _far_boxes(rng: random.Random, offset: float) -> Json:
    """Two axis-aligned boxes at an exact gap (a multiple of 1/2, possibly 0), far away."""
    w, h = rng.randint(1, 10), rng.randint(1, 10)
    gap = rng.randint(0, 8) / 2
    base: Points = [[0.0, 0.0], [float(w), 0.0], [float(w), float(h)], [0.0, float(h)]]
    dy = rng.randint(-h + 1, h - 1)
    other = [[x + w + gap, y + dy] for x, y in base]
    sign = rng.choice([-1.0, 1.0])
    move = [[x + sign * offset, y + offset] for x, y in base]
    moved_other = [[x + sign * offset, y + offset] for x, y in other]
    expect: Json = {"intersects": gap == 0, "distance": gap}
    if gap == 0:
        expect["penetration"] = 0
    return make_pair(_polygon(move), _polygon(moved_other), expect)


def offset_1e6(rng: random.Random) -> Json:
    return _far_boxes(rng, 1e6)


def offset_1e9(rng: random.Random) -> Json:
    return _far_boxes(rng, 1e9)


def tiny(rng: random.Random) -> Json:
    """Shapes about 1e-6 across (powers of two: exact), at a tiny exact gap."""
    unit = 2.0**-20  # about 9.5e-7
    gap = rng.randint(0, 6) * 2.0**-23
    if rng.random() < 0.5:
        a = _polygon([[0.0, 0.0], [unit, 0.0], [unit, unit], [0.0, unit]])
        b = _polygon(
            [[unit + gap, 0.0], [2 * unit + gap, 0.0], [2 * unit + gap, unit], [unit + gap, unit]]
        )
    else:
        a = {"type": "circle", "center": [0.0, 0.0], "radius": unit}
        b = {"type": "circle", "center": [2 * unit + gap, 0.0], "radius": unit}
    # the distance is exact (a multiple of 2**-23), so the expectation allows next to nothing
    expect: Json = {"intersects": gap == 0, "distance": gap, "tolerance": 1e-20}
    return make_pair(a, b, expect)


def collinear_repeated(rng: random.Random) -> Json:
    """A square with midpoints and doubled corners, and a point at a known distance."""
    s = rng.randint(1, 6) * 2
    h = s // 2
    ring = [[0, 0], [h, 0], [s, 0], [s, 0], [s, h], [s, s], [h, s], [0, s], [0, s], [0, h]]
    start = rng.randrange(len(ring))
    ring = ring[start:] + ring[:start]
    gap = rng.randint(0, 6)
    where = rng.choice([[s + gap, h], [h, -gap], [-gap, h], [h, s + gap]])
    expect: Json = {"intersects": gap == 0, "distance": gap}
    return make_pair(
        _polygon([[float(x), float(y)] for x, y in ring]), {"type": "point", "at": where}, expect
    )


def degenerate_segments(rng: random.Random) -> Json:
    case = rng.randrange(4)
    x, y = rng.randint(-9, 9), rng.randint(-9, 9)
    if case == 0:  # a zero-length segment against a box, straight above it
        gap = rng.randint(0, 5)
        box = _polygon([[x, y], [x + 4, y], [x + 4, y + 2], [x, y + 2]])
        return make_pair(
            {"type": "segment", "points": [[x + 1, y + 2 + gap]] * 2},
            box,
            {"intersects": gap == 0, "distance": gap},
        )
    if case == 1:  # collinear segments that overlap or touch end to end
        start = rng.randint(1, 4)
        a = {"type": "segment", "points": [[x, y], [x + 4, y]]}
        b = {"type": "segment", "points": [[x + start, y], [x + 7, y]]}
        return make_pair(a, b, {"intersects": True, "distance": 0, "penetration": 0})
    if case == 2:  # collinear segments with a gap along their line
        gap = rng.randint(1, 5)
        a = {"type": "segment", "points": [[x, y], [x, y + 3]]}
        b = {"type": "segment", "points": [[x, y + 3 + gap], [x, y + 6 + gap]]}
        return make_pair(a, b, {"intersects": False, "distance": gap})
    gap = rng.randint(1, 5)  # parallel segments, offset
    a = {"type": "segment", "points": [[x, y], [x + 5, y]]}
    b = {"type": "segment", "points": [[x + 2, y + gap], [x + 9, y + gap]]}
    return make_pair(a, b, {"intersects": False, "distance": gap})


CONVEX_FAMILIES: dict[str, Callable[[random.Random], Json]] = {
    "polygons": polygons,
    "mixed": mixed,
    "circles": circles,
    "touching-vertex-vertex": touching_vertex_vertex,
    "touching-vertex-edge": touching_vertex_edge,
    "touching-edge-edge": touching_edge_edge,
    "nearly-touching": nearly_touching,
    "nested": nested,
    "identical": identical,
    "offset-1e6": offset_1e6,
    "offset-1e9": offset_1e9,
    "tiny": tiny,
    "collinear-repeated": collinear_repeated,
    "degenerate-segments": degenerate_segments,
}
"""The convex families by name, in the order ``gjk generate`` cycles through them."""
