"""A brute-force exact oracle for linear casts of convex polygons, for the tests.

Independent of the cast's code: no GJK, no ray loop. For polygons given as convex
rings (or segments, or points), with B moving by ``r`` relative to A, the first contact
is a vertex of one shape meeting an edge of the other, so the exact time is the least
of those vertex-edge meeting times, in rational arithmetic. The state at ``t = 0`` is
decided on ``A - B`` as the exact hull of the vertex differences: the origin strictly
inside it is an overlap, on it a touch; and a touch approaches when a small step
``eps r`` lies strictly inside it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from gjkcli.shapes.base import Vec

Point = tuple[Fraction, Fraction]
_NONE: Point = (Fraction(0), Fraction(0))


def _cross(p: Point, q: Point) -> Fraction:
    return p[0] * q[1] - p[1] * q[0]


def _sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def _dot(p: Point, q: Point) -> Fraction:
    return p[0] * q[0] + p[1] * q[1]


def _exact(ring: Sequence[Vec]) -> list[Point]:
    return [(Fraction(x), Fraction(y)) for x, y in ring]


def _edges(ring: Sequence[Point]) -> list[tuple[Point, Point]]:
    if len(ring) == 1:
        return [(ring[0], ring[0])]
    if len(ring) == 2:
        return [(ring[0], ring[1])]
    return [(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))]


def _meets(p: Point, u: Point, q1: Point, q2: Point) -> Fraction | None:
    """The least ``t >= 0`` with ``p + t u`` on the segment ``[q1, q2]`` (``None`` if none)."""
    e = _sub(q2, q1)
    if e == _NONE:  # a point: p + t u == q1
        d = _sub(q1, p)
        if _cross(u, d) != 0 or (u == _NONE and d != _NONE):
            return None
        if u == _NONE:
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


def difference_hull(ring_a: Sequence[Vec], ring_b: Sequence[Vec]) -> list[Point]:
    """The exact convex hull of ``A - B`` (counter-clockwise; fewer than 3 points when flat)."""
    points = sorted({_sub(a, b) for a in _exact(ring_a) for b in _exact(ring_b)})
    if len(points) <= 2:
        return points

    def chain(ordered: Sequence[Point]) -> list[Point]:
        out: list[Point] = []
        for p in ordered:
            while len(out) >= 2 and _cross(_sub(out[-1], out[-2]), _sub(p, out[-2])) <= 0:
                out.pop()
            out.append(p)
        return out

    return chain(points)[:-1] + chain(points[::-1])[:-1]


def _strictly_inside(p: Point, hull: Sequence[Point]) -> bool:
    return len(hull) >= 3 and all(_cross(_sub(q2, q1), _sub(p, q1)) > 0 for q1, q2 in _edges(hull))


def _on(p: Point, hull: Sequence[Point]) -> bool:
    return any(_meets(p, (Fraction(0), Fraction(0)), q1, q2) == 0 for q1, q2 in _edges(hull))


def exact_state(ring_a: Sequence[Vec], ring_b: Sequence[Vec], r: Vec) -> str:
    """``overlapping``, ``touching-approaching``, ``touching-receding`` or ``separated`` at
    ``t = 0`` (the origin strictly in, on, or outside ``A - B``); approaching when ``eps r``,
    ``eps = 1e-9``, lies strictly inside (the rings' features are far larger than that)."""
    hull = difference_hull(ring_a, ring_b)
    origin = (Fraction(0), Fraction(0))
    if _strictly_inside(origin, hull):
        return "overlapping"
    if not _on(origin, hull):
        return "separated"
    eps = Fraction(1, 10**9)
    step = (eps * Fraction(r[0]), eps * Fraction(r[1]))
    return "touching-approaching" if _strictly_inside(step, hull) else "touching-receding"


def exact_time(
    ring_a: Sequence[Vec], ring_b: Sequence[Vec], r: tuple[Fraction, Fraction]
) -> Fraction | None:
    """The first ``t`` in ``[0, 1]`` at which ``A`` and ``B + t r`` touch (``None``: never)."""
    a, b = _exact(ring_a), _exact(ring_b)
    if exact_state(ring_a, ring_b, (float(r[0]), float(r[1]))) != "separated":
        return Fraction(0)
    back = (-r[0], -r[1])
    times = [_meets(p, r, q1, q2) for p in b for q1, q2 in _edges(a)]
    times += [_meets(p, back, q1, q2) for p in a for q1, q2 in _edges(b)]
    found = [t for t in times if t is not None and t <= 1]
    return min(found) if found else None


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
