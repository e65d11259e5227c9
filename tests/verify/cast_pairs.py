"""Seeded random cast questions, and a brute-force exact referee for the tests of casts.

The pairs have dyadic coordinates on a small grid (integers times a power of
two, offset by a power of two), so that touching at the start, sliding along
parallel edges and grazing corners happen often and exactly; and float pairs
(:func:`tests.helpers.random_polygon_pair`) with a translation aimed at A.
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
