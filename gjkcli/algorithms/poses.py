"""Where a moving shape is: poses, the motion between two of them, and the shape posed.

A *pose* ``(x, y, angle)`` places a shape: rotate it about its own origin (the
coordinates as written) by ``angle`` degrees counter-clockwise, then move that
origin to ``(x, y)``. A *move* takes one shape from a start pose to an end pose
over ``t`` in ``[0, 1]``, position and angle both interpolated linearly, so a
point ``q`` of the shape (in its own frame) is at

    c(t) + R(theta(t)) q,   c(t) = (1 - t) c0 + t c1,   theta(t) = (1 - t) theta0 + t theta1

A *motion* is the move of each shape of a pair, and the target distance of a
linear cast. Angles are in degrees, as in the pair files; quarter turns are
exact (:func:`gjkcli.shapes.affine.rotation`), so a square turned by 90 degrees
stays axis-aligned.

>>> from gjkcli.shapes.polytope import Polytope
>>> move = Move(Pose(0.0, 0.0, 0.0), Pose(4.0, 0.0, 90.0))
>>> move.at(0.5)
Pose(x=2.0, y=0.0, angle=45.0)
>>> posed(Polytope(((1.0, 0.0), (2.0, 0.0))), move.end)
Polytope(vertices=((4.0, 1.0), (4.0, 2.0)))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape, Vec

__all__ = ["STILL", "Motion", "Move", "Pose", "posed"]


@dataclass(frozen=True)
class Pose:
    """A placement: rotated by ``angle`` degrees about the shape's own origin, then moved
    to ``(x, y)``.

    >>> Pose(1.0, 2.0, 30.0).position
    (1.0, 2.0)
    >>> Pose(0.0, float("nan"), 0.0)
    Traceback (most recent call last):
    ...
    ValueError: a pose is three finite numbers (x, y, angle in degrees), got (0.0, nan, 0.0)
    """

    x: float
    y: float
    angle: float

    def __post_init__(self) -> None:
        if not all(math.isfinite(value) for value in (self.x, self.y, self.angle)):
            raise ValueError(
                "a pose is three finite numbers (x, y, angle in degrees), "
                f"got ({self.x!r}, {self.y!r}, {self.angle!r})"
            )

    @property
    def position(self) -> Vec:
        """Where the shape's own origin goes."""
        return (self.x, self.y)

    @property
    def affine(self) -> Affine:
        """The map of the pose: rotate by ``angle`` degrees, then translate.

        >>> Pose(5.0, 0.0, 90.0).affine.apply((1.0, 0.0))
        (5.0, 1.0)
        """
        return Affine.from_parts(rotate=self.angle, translate=self.position)


STILL = Pose(0.0, 0.0, 0.0)
"""The pose that leaves a shape where it is written."""


def _between(start: float, end: float, t: float) -> float:
    """``(1 - t) start + t end``: exactly ``start`` at 0, exactly ``end`` at 1, and exactly
    ``start`` all along when the two are equal."""
    if start == end:
        return start
    return (1.0 - t) * start + t * end


@dataclass(frozen=True)
class Move:
    """One shape's motion over ``t`` in ``[0, 1]``: from ``start`` to ``end``, position and
    angle interpolated linearly.

    >>> move = Move(Pose(0.0, 0.0, 0.0), Pose(2.0, -1.0, 0.0))
    >>> move.translation, move.rotates, move.at(1.0) == move.end
    ((2.0, -1.0), False, True)
    >>> Move(STILL, Pose(0.0, 0.0, 180.0)).at(0.25)
    Pose(x=0.0, y=0.0, angle=45.0)
    """

    start: Pose = STILL
    end: Pose = STILL

    def at(self, t: float) -> Pose:
        """The pose at time ``t`` (exactly ``start`` at 0 and ``end`` at 1)."""
        return Pose(
            _between(self.start.x, self.end.x, t),
            _between(self.start.y, self.end.y, t),
            _between(self.start.angle, self.end.angle, t),
        )

    @property
    def translation(self) -> Vec:
        """End position minus start position."""
        return (self.end.x - self.start.x, self.end.y - self.start.y)

    @property
    def rotates(self) -> bool:
        """Whether the angle changes along the move."""
        return self.start.angle != self.end.angle


@dataclass(frozen=True)
class Motion:
    """The moves of both shapes of a pair, and the target distance of a linear cast.

    >>> Motion(Move(), Move(end=Pose(1.0, 0.0, 0.0))).b.translation
    (1.0, 0.0)
    """

    a: Move = Move()
    b: Move = Move()
    target: float = 0.0


def posed(shape: ConvexShape, pose: Pose) -> ConvexShape:
    """``shape`` rotated about its own origin by the pose's angle, then moved to its position.

    >>> from gjkcli.shapes.primitives import circle
    >>> posed(circle((1.0, 0.0), 0.5), Pose(0.0, 3.0, 90.0))
    Rounded(core=Polytope(vertices=((0.0, 4.0),)), radius=0.5)
    """
    if pose == STILL:
        return shape
    return transformed(shape, pose.affine)
