"""Seeded random moving pairs for the rotating time of impact and its cross-check."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from gjkcli.algorithms.poses import Move, Pose
from gjkcli.shapes import capsule, circle, ellipse, hull, rectangle, segment
from gjkcli.shapes.base import ConvexShape


@dataclass(frozen=True)
class MovingPair:
    """Two shapes (in their own frames) and their moves."""

    a: ConvexShape
    b: ConvexShape
    move_a: Move
    move_b: Move


def random_shape(rng: random.Random) -> ConvexShape:
    """A shape of size about 1 whose own origin (the pivot) is up to 1 from its middle."""
    cx, cy = rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)
    kind = rng.randrange(6)
    if kind == 0:
        return hull(
            [(cx + rng.uniform(-1, 1), cy + rng.uniform(-1, 1)) for _ in range(rng.randint(3, 8))]
        )
    if kind == 1:
        return circle((cx, cy), rng.uniform(0.1, 1.0))
    if kind == 2:
        size = (rng.uniform(0.1, 2.0), rng.uniform(0.05, 1.0))
        return rectangle((cx, cy), size, rng.uniform(-180.0, 180.0))
    if kind == 3:
        end = (cx + rng.uniform(-1.5, 1.5), cy + rng.uniform(-1.5, 1.5))
        return capsule((cx, cy), end, rng.uniform(0.05, 0.5))
    if kind == 4:
        radii = (rng.uniform(0.1, 1.2), rng.uniform(0.1, 1.2))
        return ellipse((cx, cy), radii, rng.uniform(-180.0, 180.0))
    return segment((cx, cy), (cx + rng.uniform(-1.5, 1.5), cy + rng.uniform(-1.5, 1.5)))


def _turn(rng: random.Random) -> float:
    """An angle turned over the motion: mostly under a turn, sometimes several."""
    if rng.random() < 0.2:
        return rng.uniform(-1500.0, 1500.0)
    return rng.uniform(-200.0, 200.0)


def random_pair(rng: random.Random) -> MovingPair:
    """A pair that starts apart (mostly) and moves towards, past or around each other."""
    a = random_shape(rng)
    b = random_shape(rng)
    start_a = Pose(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-180.0, 180.0))
    end_a = Pose(
        start_a.x + rng.uniform(-1.0, 1.0),
        start_a.y + rng.uniform(-1.0, 1.0),
        start_a.angle + _turn(rng),
    )
    heading = rng.uniform(0.0, 2.0 * math.pi)
    reach = rng.uniform(3.0, 6.0)
    start_b = Pose(reach * math.cos(heading), reach * math.sin(heading), rng.uniform(-180, 180))
    end_b = Pose(rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0), start_b.angle + _turn(rng))
    return MovingPair(a, b, Move(start_a, end_a), Move(start_b, end_b))
