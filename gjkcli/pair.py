"""The plain records that flow from the loaders to the checks: shapes, expectations, pairs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Shape

if TYPE_CHECKING:  # a pair's motion, when it has one (io.motion builds it)
    from gjkcli.algorithms.poses import Motion

__all__ = [
    "CAST_STATUSES",
    "VERDICTS",
    "CastExpect",
    "Expect",
    "Pair",
    "ShapeInput",
]


@dataclass(frozen=True)
class ShapeInput:
    """A shape as loaded: the geometry (convex, or a compound of convex parts), what it
    was written as, its label, and notes about it that do not put the answer in doubt
    (GeoJSON in longitude/latitude: :mod:`gjkcli.io.geographic`)."""

    shape: Shape
    kind: str
    name: str | None = None
    notes: tuple[str, ...] = ()


VERDICTS = ("separated", "touching", "overlapping")
"""The three verdicts, as ``expect.verdict`` and the records write them."""


CAST_STATUSES = (
    "hit",
    "miss",
    "overlapping",
    "touching-approaching",
    "touching-receding",
    "within-target",
)
"""The statuses ``expect.cast.status`` may state: a linear cast's (a rotating one's are
``hit``, ``miss`` and ``overlapping``)."""


@dataclass(frozen=True)
class CastExpect:
    """What the input says a moving pair's cast gives (``expect.cast``): its status, and
    its time of impact where the status has one (``None``: not stated)."""

    status: str
    time: float | None = None


@dataclass(frozen=True)
class Expect:
    """What the input (its ``expect``, or an engine's answer) says the answer is
    (FORMATS section 2); ``None``: not stated.

    ``closest`` and ``contact`` are ``(point of A, point of B)``; ``normal`` is as the
    engine wrote it (its sign convention is the run's, :mod:`gjkcli.verify.expect`).
    ``cast`` is about the pair's motion (judged by :mod:`gjkcli.verify.cast_expect`), the
    rest about the shapes as written.
    """

    intersects: bool | None = None
    distance: float | None = None
    depth: float | None = None
    tolerance: float | None = None
    verdict: str | None = None
    closest: tuple[Vec, Vec] | None = None
    normal: Vec | None = None
    contact: tuple[Vec, Vec] | None = None
    cast: CastExpect | None = None


@dataclass(frozen=True)
class Pair:
    """Two shapes to compare, with a name and optional expectations.

    ``expect`` is the pair's own; ``answer`` an engine's answer joined to it from an
    answers file (``gjk batch --answers``), ``answer_missing`` why there is none when
    one was wanted. ``carried`` holds the user's own fields (``id``, ``meta``), copied
    into the pair's record untouched.
    """

    a: ShapeInput
    b: ShapeInput
    name: str
    expect: Expect | None = None
    answer: Expect | None = None
    answer_missing: str | None = None
    carried: tuple[tuple[str, Any], ...] = ()
    motion: Motion | None = None

    @property
    def notes(self) -> tuple[str, ...]:
        """The notes of A, then of B (FORMATS section 4, ``notes``)."""
        return (*self.a.notes, *self.b.notes)
