"""Poses and motions (issue 18 contract, section 3): the records only.

Provisional on the ``surface`` branch so that the pair-file parser can be built and
tested before the ``toi`` branch lands; ``toi`` owns this module and its version
replaces this one when merged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gjkcli.shapes.base import Vec

__all__ = ["Motion", "Move", "Pose"]


@dataclass(frozen=True)
class Pose:
    """A placement: rotated by ``angle`` degrees about the origin, then moved to ``(x, y)``."""

    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0


@dataclass(frozen=True)
class Move:
    """One shape's motion over t in [0, 1], from ``start`` to ``end``."""

    start: Pose = field(default_factory=Pose)
    end: Pose = field(default_factory=Pose)

    @property
    def translation(self) -> Vec:
        """The change of position."""
        return (self.end.x - self.start.x, self.end.y - self.start.y)

    @property
    def rotates(self) -> bool:
        """Whether the angle changes."""
        return self.end.angle != self.start.angle


@dataclass(frozen=True)
class Motion:
    """How A and B move, and the target distance of a linear cast."""

    a: Move = field(default_factory=Move)
    b: Move = field(default_factory=Move)
    target: float = 0.0
