"""Seeded random cast questions, and a brute-force exact referee for the tests of casts.

The pairs have dyadic coordinates on a small grid (integers times a power of
two, offset by a power of two), so that touching at the start, sliding along
parallel edges and grazing corners happen often and exactly; float pairs
(:func:`tests.helpers.random_polygon_pair`) with a translation aimed at A; and
convex rings far apart or put corner to corner, A still or moving
(:func:`random_cast`).

The referee is independent of the cast's code and of
:mod:`gjkcli.verify.exact_cast` (no GJK, no ray loop, no sweep of ``A - B``): the
distance to the hull of ``A - B`` and separation along a few axes, exactly; and
the first contact of two polygons as the least time at which a vertex of one meets
an edge of the other (:func:`first_meeting`), in rational arithmetic. Whether a
touch at ``t = 0`` approaches or recedes it leaves to the product's exact cast.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.shapes import Polytope
from gjkcli.shapes.base import Vec
from tests.helpers import random_polygon_pair

Rational = tuple[Fraction, Fraction]
_ZERO: Rational = (Fraction(0), Fraction(0))


def grid_pair(rng: random.Random) -> tuple[Polytope, Polytope, Vec]:
    """Two polytopes (1 to 6 points each) and B's translation, on a grid: exact, often
    degenerate (collinear, touching, parallel)."""
    unit = 2.0 ** rng.randint(-20, 10)
    offset = rng.choice([0.0, 2.0**30, -(2.0**20)]) * unit

    def grid_point() -> Vec:
        return (offset + rng.randint(-8, 8) * unit, rng.randint(-8, 8) * unit)

    a = Polytope(tuple(grid_point() for _ in range(rng.randint(1, 6))))
    b = Polytope(tuple(grid_point() for _ in range(rng.randint(1, 6))))
    move = (rng.randint(-12, 12) * unit, rng.randint(-12, 12) * unit)
    return a, b, move


def aimed_pair(rng: random.Random) -> tuple[Polytope, Polytope, Vec]:
    """Two random convex polygons (:func:`random_polygon_pair`) and a translation of B
    towards A, overshooting or falling short, off to one side or the other."""
    ring_a, ring_b, _ = random_polygon_pair(rng)
    a, b = Polytope(tuple(ring_a)), Polytope(tuple(ring_b))
    (ax, ay), (bx, by) = _centre(ring_a), _centre(ring_b)
    size = max(math.dist(p, q) for ring in (ring_a, ring_b) for p in ring for q in ring)
    size = max(size, math.hypot(ax - bx, ay - by), 1e-3)
    reach = rng.uniform(0.3, 2.5)
    side = rng.uniform(-0.6, 0.6) * size
    dx, dy = ax - bx, ay - by
    length = math.hypot(dx, dy) or 1.0
    move = (dx * reach - dy / length * side, dy * reach + dx / length * side)
    return a, b, move


def _centre(ring: list[Vec]) -> Vec:
    return (sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring))


def difference_points(a: Polytope, b: Polytope) -> list[Rational]:
    """Every vertex of A minus every vertex of B, exactly (their hull is ``A - B``)."""
    return [
        (Fraction(p[0]) - Fraction(q[0]), Fraction(p[1]) - Fraction(q[1]))
        for p in a.vertices
        for q in b.vertices
    ]


def squared_distance(points: list[Rational], x: Rational) -> Fraction:
    """The squared distance from ``x`` to the convex hull of ``points``, exactly, by brute
    force: 0 inside (every edge of the hull has ``x`` on its left), else the nearest edge."""
    moved = [(px - x[0], py - x[1]) for px, py in points]
    ring = [moved[i] for i in convex_hull_indices(moved)]
    edges = list(zip(ring, [*ring[1:], ring[0]], strict=True))
    if len(ring) >= 3 and all((q[0] - p[0]) * -p[1] + (q[1] - p[1]) * p[0] >= 0 for p, q in edges):
        return Fraction(0)
    best: Fraction | None = None
    for p, q in edges:
        ex, ey = q[0] - p[0], q[1] - p[1]
        length = ex * ex + ey * ey
        along = -(p[0] * ex + p[1] * ey)
        if length == 0 or along <= 0:
            squared = p[0] ** 2 + p[1] ** 2
        elif along >= length:
            squared = q[0] ** 2 + q[1] ** 2
        else:
            squared = (p[0] * ey - p[1] * ex) ** 2 / length
        best = squared if best is None else min(best, squared)
    assert best is not None
    return best


def relative_motion(translation_a: Vec, translation_b: Vec) -> Rational:
    """``translation_b - translation_a``, exactly."""
    return (
        Fraction(translation_b[0]) - Fraction(translation_a[0]),
        Fraction(translation_b[1]) - Fraction(translation_a[1]),
    )


def separated(points: list[Rational], move: Rational) -> bool:
    """Whether an axis separates the path from the origin to ``move`` from the convex hull
    of ``points``, exactly: the axes tried are the normals and the directions of the hull's
    edges and of the path, and the direction to a point of the hull (enough for convex
    polygons, segments and points alike)."""
    ring = [points[i] for i in convex_hull_indices(points)]
    directions = [move, points[0]]
    directions += [
        (q[0] - p[0], q[1] - p[1]) for p, q in zip(ring, [*ring[1:], ring[0]], strict=True)
    ]
    path = [(Fraction(0), Fraction(0)), move]
    for dx, dy in directions:
        for nx, ny in ((dx, dy), (-dy, dx)):
            along_path = [nx * x + ny * y for x, y in path]
            along_hull = [nx * x + ny * y for x, y in ring]
            if max(along_path) < min(along_hull) or max(along_hull) < min(along_path):
                return True
    return False


def convex_ring(rng: random.Random, centre: Vec, radius: float, count: int) -> list[Vec]:
    """Up to ``count`` points on a circle, in counter-clockwise order: a convex ring (a
    point or a segment for 1 or 2)."""
    angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(count))
    ring: list[Vec] = []
    for angle in angles:
        p = (centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle))
        if p not in ring:
            ring.append(p)
    return ring


def random_cast(rng: random.Random) -> tuple[list[Vec], list[Vec], Vec, Vec]:
    """A random polygon pair and translations: B far from A, or put against it (a vertex
    of B on a vertex of A: a touch at ``t = 0``), A still or moving."""
    ring_a = convex_ring(rng, (0.0, 0.0), rng.uniform(0.5, 2.0), rng.randint(1, 8))
    if rng.random() < 0.3:
        ring_b = convex_ring(rng, (0.0, 0.0), rng.uniform(0.5, 2.0), rng.randint(1, 8))
        (ax, ay), (bx, by) = rng.choice(ring_a), rng.choice(ring_b)
        ring_b = [(x - bx + ax, y - by + ay) for x, y in ring_b]
    else:
        centre = (rng.uniform(-6.0, 6.0), rng.uniform(-6.0, 6.0))
        ring_b = convex_ring(rng, centre, rng.uniform(0.5, 2.0), rng.randint(1, 8))
    tb = (rng.uniform(-12.0, 12.0), rng.uniform(-12.0, 12.0))
    ta = (rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0)) if rng.random() < 0.3 else (0.0, 0.0)
    return ring_a, ring_b, ta, tb


def start_contact(ring_a: list[Vec], ring_b: list[Vec]) -> str:
    """``overlapping``, ``touching`` or ``separated`` at ``t = 0``: the origin is inside
    the hull of ``A - B``, on its boundary, or outside it, exactly."""
    points = difference_points(Polytope(tuple(ring_a)), Polytope(tuple(ring_b)))
    if squared_distance(points, _ZERO) > 0:
        return "separated"
    ring = [points[i] for i in convex_hull_indices(points)]
    edges = list(zip(ring, [*ring[1:], ring[0]], strict=True))
    if len(ring) >= 3 and all(_cross(_sub(q, p), _sub(_ZERO, p)) > 0 for p, q in edges):
        return "overlapping"
    return "touching"


def first_meeting(ring_a: list[Vec], ring_b: list[Vec], r: Rational) -> Fraction | None:
    """The first ``t`` in ``[0, 1]`` at which a vertex of ``B + t r`` meets an edge of
    ``A``, or a vertex of ``A`` an edge of ``B + t r`` (``None``: never). For convex
    polygons (segments, points) apart at ``t = 0`` it is their first contact."""
    a = [(Fraction(x), Fraction(y)) for x, y in ring_a]
    b = [(Fraction(x), Fraction(y)) for x, y in ring_b]
    back = (-r[0], -r[1])
    times = [_meets(p, r, q1, q2) for p in b for q1, q2 in _edges(a)]
    times += [_meets(p, back, q1, q2) for p in a for q1, q2 in _edges(b)]
    found = [t for t in times if t is not None and t <= 1]
    return min(found) if found else None


def _cross(p: Rational, q: Rational) -> Fraction:
    return p[0] * q[1] - p[1] * q[0]


def _sub(p: Rational, q: Rational) -> Rational:
    return (p[0] - q[0], p[1] - q[1])


def _dot(p: Rational, q: Rational) -> Fraction:
    return p[0] * q[0] + p[1] * q[1]


def _edges(ring: list[Rational]) -> list[tuple[Rational, Rational]]:
    if len(ring) <= 2:
        return [(ring[0], ring[-1])]
    return list(zip(ring, [*ring[1:], ring[0]], strict=True))


def _meets(p: Rational, u: Rational, q1: Rational, q2: Rational) -> Fraction | None:
    """The least ``t >= 0`` with ``p + t u`` on the segment ``[q1, q2]`` (``None`` if none)."""
    e = _sub(q2, q1)
    if e == _ZERO:  # a point: p + t u == q1
        d = _sub(q1, p)
        if _cross(u, d) != 0 or (u == _ZERO and d != _ZERO):
            return None
        if u == _ZERO:
            return Fraction(0)
        t = _dot(d, u) / _dot(u, u)
        return t if t >= 0 else None
    denominator = _cross(e, u)
    if denominator != 0:
        t = -_cross(e, _sub(p, q1)) / denominator
        x = (p[0] + t * u[0], p[1] + t * u[1])
        along = _dot(_sub(x, q1), e) / _dot(e, e)
        return t if t >= 0 and 0 <= along <= 1 else None
    if _cross(e, _sub(p, q1)) != 0:
        return None
    start, speed = _dot(_sub(p, q1), e) / _dot(e, e), _dot(u, e) / _dot(e, e)
    if 0 <= start <= 1:
        return Fraction(0)
    times = [] if speed == 0 else [(0 - start) / speed, (1 - start) / speed]
    times = [t for t in times if t >= 0]
    return min(times) if times else None
