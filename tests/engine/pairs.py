"""Random shapes of every primitive type, at every scale, for holding the compiled core to
the pure-Python reference."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

from gjkcli.shapes import (
    ConvexShape,
    capsule,
    circle,
    convex_polygon,
    ellipse,
    hull,
    point,
    rectangle,
    rounded,
    segment,
)
from gjkcli.shapes.base import Vec

__all__ = ["SHAPE_TYPES", "ngons", "random_pairs", "random_shape"]


def _scale(rng: random.Random) -> float:
    """Sizes from tiny to huge, most of them near 1."""
    exponent = rng.choice([0.0, 0.0, 0.0, rng.uniform(-6.0, 6.0), rng.uniform(-3.0, 9.0)])
    return math.pow(10.0, exponent)


def _at(rng: random.Random, size: float) -> Vec:
    offset = rng.choice([0.0, 0.0, size * 3.0, 10.0 ** rng.uniform(0.0, 10.0)])
    return (rng.uniform(-1.0, 1.0) * offset + rng.uniform(-size, size), rng.uniform(-size, size))


def _ring(rng: random.Random, at: Vec, size: float) -> list[Vec]:
    count = rng.randint(3, 12)
    angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(count))
    squash = rng.choice([1.0, rng.uniform(0.01, 1.0)])
    return [
        (at[0] + size * math.cos(t), at[1] + size * squash * math.sin(t)) for t in angles if True
    ]


def _polygon(rng: random.Random, at: Vec, size: float) -> ConvexShape:
    ring = _ring(rng, at, size)
    try:
        return convex_polygon(ring)
    except ValueError:
        return hull(ring)


def _integer_polygon(rng: random.Random, at: Vec, size: float) -> ConvexShape:
    """Small integer coordinates, where ties and exact touching happen."""
    points = [
        (float(rng.randint(-3, 3)), float(rng.randint(-3, 3))) for _ in range(rng.randint(1, 7))
    ]
    return hull(points)


SHAPE_TYPES: dict[str, Callable[[random.Random, Vec, float], ConvexShape]] = {
    "point": lambda rng, at, size: point(at),
    "segment": lambda rng, at, size: segment(
        at, (at[0] + rng.uniform(-size, size), at[1] + rng.uniform(-size, size))
    ),
    "polygon": _polygon,
    "hull": lambda rng, at, size: hull(
        [
            (at[0] + rng.gauss(0.0, size), at[1] + rng.gauss(0.0, size))
            for _ in range(rng.randint(1, 20))
        ]
    ),
    "integer": _integer_polygon,
    "rectangle": lambda rng, at, size: rectangle(
        at,
        (rng.uniform(0.0, 2.0) * size, rng.uniform(0.0, 2.0) * size),
        rng.choice([0.0, 90.0, rng.uniform(0.0, 360.0)]),
    ),
    "circle": lambda rng, at, size: circle(at, rng.uniform(0.0, 1.0) * size),
    "capsule": lambda rng, at, size: capsule(
        at,
        (at[0] + rng.uniform(-size, size), at[1] + rng.uniform(-size, size)),
        rng.uniform(0.0, 0.5) * size,
    ),
    "ellipse": lambda rng, at, size: ellipse(
        at,
        (rng.uniform(0.01, 1.0) * size, rng.uniform(0.01, 1.0) * size),
        rng.choice([0.0, 45.0, rng.uniform(0.0, 360.0)]),
    ),
}


def random_shape(rng: random.Random, kind: str, at: Vec, size: float) -> ConvexShape:
    """A shape of ``kind`` near ``at``, of about ``size``; sometimes with a margin."""
    shape = SHAPE_TYPES[kind](rng, at, size)
    if rng.random() < 0.15:
        shape = rounded(shape, rng.uniform(0.0, 0.3) * size)
    return shape


def random_pairs(kind: str, count: int, seed: int) -> Iterator[tuple[ConvexShape, ConvexShape]]:
    """``count`` pairs whose first shape is of ``kind`` and second of any type, placed
    apart, touching, near and overlapping."""
    rng = random.Random(f"{seed}:{kind}")
    kinds = sorted(SHAPE_TYPES)
    for _ in range(count):
        size = _scale(rng)
        at = _at(rng, size)
        a = random_shape(rng, kind, at, size)
        gap = rng.choice(
            [0.0, size * 1e-9, size * rng.uniform(-1.0, 1.0), size * rng.uniform(0.0, 4.0)]
        )
        angle = rng.uniform(0.0, 2.0 * math.pi)
        other = (at[0] + (size + gap) * math.cos(angle), at[1] + (size + gap) * math.sin(angle))
        b = random_shape(
            rng, rng.choice(kinds), other, size * rng.choice([1.0, rng.uniform(0.1, 3.0)])
        )
        yield (a, b) if rng.random() < 0.5 else (b, a)


def ngons(rng: random.Random, count: int) -> list[list[Vec]]:
    """``count`` rings of 8 points on unit circles centred within 3 of the origin, in
    counter-clockwise order: convex 8-gons, many of them overlapping."""
    rings = []
    for _ in range(count):
        cx, cy = rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0)
        angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(8))
        rings.append([(cx + math.cos(t), cy + math.sin(t)) for t in angles])
    return rings
