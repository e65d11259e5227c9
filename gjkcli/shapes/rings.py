"""Is a polygon ring convex? And if not, where does it first fail?

A ring is convex when, walking around it, every turn goes the same way (or
straight on) and the walk goes around exactly once. Repeated and collinear
vertices are allowed. The direction of each turn is decided exactly
(:func:`orientation`): a vertex that turns the wrong way by the smallest
amount is reflex, so a ring accepted as convex bounds exactly the polygon its
vertices span. A turn the other way is a *reflex vertex*; a turn of
180 degrees is a *spike*; a walk that goes around twice (a pentagram) crosses
itself even though every turn goes the same way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from gjkcli.engine import compiled
from gjkcli.shapes.base import Vec

__all__ = ["RingProblem", "convexity_problem", "open_ring", "orientation"]

_DOUBT = 1e-12
"""Below this fraction of the edges' lengths, the sign of a floating-point
cross product is not trusted and the turn is recomputed in rationals. Not a
tolerance: the answer is exact either way; this only picks the fast path."""


@dataclass(frozen=True)
class RingProblem:
    """Why a ring is not a convex polygon, and at which input vertex.

    ``degenerate``: the ring bounds no area at all (too few distinct points,
    or all on one line), so it is no polygon, convex or not.
    """

    index: int | None
    message: str
    degenerate: bool = False


def open_ring(points: Sequence[Vec]) -> list[Vec]:
    """The ring without its closing point, if it repeats the first one.

    >>> open_ring([(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (0.0, 0.0)])
    [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]
    """
    ring = list(points)
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    return ring


def convexity_problem(points: Sequence[Vec]) -> RingProblem | None:
    """``None`` if the ring bounds a convex polygon of positive area, else the problem.

    Indices refer to ``points`` as given (after dropping a closing point). A ring of
    pairs of floats is checked by the compiled engine where it is active
    (``gjkcli/_rings.c``: the same steps, with the same answer), any other by
    :func:`_checked`, the reference.

    >>> convexity_problem([(0, 0), (2, 0), (2, 2), (0, 2)]) is None
    True
    >>> convexity_problem([(0, 0), (1, 0), (2, 0), (2, 2), (2, 2), (0, 2)]) is None
    True
    >>> convexity_problem([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2)])
    RingProblem(index=2, message='reflex vertex', degenerate=False)
    >>> convexity_problem([(0, 0), (1, 0), (2, 0)]).message
    'zero area: all points lie on one line'
    """
    core = compiled()
    found = None if core is None else core.ring_convexity(points)
    code, index, count = _checked(points) if found is None else found
    return _PROBLEMS[code](index, count) if code else None


def _checked(points: Sequence[Vec]) -> tuple[int, int, int]:
    """What is wrong with a ring, as ``(code, index, count)``: ``code`` a key of
    :data:`_PROBLEMS` (0: nothing), ``index`` the input vertex at fault (-1: none),
    ``count`` how many distinct vertices the ring has.

    >>> _checked([(0.0, 0.0), (2.0, 0.0), (1.0, 1.0), (2.0, 2.0), (0.0, 2.0)])
    (5, 2, 5)
    """
    ring = open_ring(points)
    # Positions of the distinct consecutive vertices, with their input indices.
    kept: list[tuple[int, Vec]] = []
    for index, p in enumerate(ring):
        if not kept or kept[-1][1] != p:
            kept.append((index, p))
    if len(kept) > 1 and kept[0][1] == kept[-1][1]:
        kept.pop()
    n = len(kept)
    if n < 3:
        return _TOO_FEW, -1, n

    turns = [_turn(kept[i - 1][1], kept[i][1], kept[(i + 1) % n][1]) for i in range(n)]
    # Shoelace formula about the first vertex: far from the origin, products
    # of absolute coordinates would cancel catastrophically.
    ox, oy = kept[0][1]
    twice_area = 0.0
    for i in range(1, n - 1):
        (x0, y0), (x1, y1) = kept[i][1], kept[i + 1][1]
        twice_area += (x0 - ox) * (y1 - oy) - (x1 - ox) * (y0 - oy)
    if all(sign == 0 for sign, _, _ in turns):
        return _ON_A_LINE, -1, n
    if twice_area == 0.0:  # or too small for floats (a ring 1e-170 across): exactly, then
        exact = _exact_twice_area([p for _, p in kept])
        twice_area = float((exact > 0) - (exact < 0))  # only its sign is used
    if twice_area == 0.0:
        return _NO_AREA, -1, n
    winding = 1 if twice_area > 0.0 else -1

    total_turn = 0.0
    for (index, _), (sign, size, dot) in zip(kept, turns, strict=True):
        if sign == 0 and dot < 0.0:
            return _SPIKE, index, n
        if sign == -winding:
            return _REFLEX, index, n
        total_turn += math.atan2(size, dot)
    if total_turn > 3.0 * math.pi:
        return _TWICE_ROUND, -1, n
    return 0, -1, n


_TOO_FEW, _ON_A_LINE, _NO_AREA, _SPIKE, _REFLEX, _TWICE_ROUND = range(1, 7)
_PROBLEMS: dict[int, Callable[[int, int], RingProblem]] = {
    _TOO_FEW: lambda _, count: RingProblem(
        None, f"needs at least 3 distinct points, got {count}", True
    ),
    _ON_A_LINE: lambda _, __: RingProblem(None, "zero area: all points lie on one line", True),
    _NO_AREA: lambda _, __: RingProblem(None, "the ring crosses itself (its signed area is zero)"),
    _SPIKE: lambda index, _: RingProblem(index, "spike (the ring doubles back on itself)"),
    _REFLEX: lambda index, _: RingProblem(index, "reflex vertex"),
    _TWICE_ROUND: lambda _, __: RingProblem(
        None, "the ring winds around more than once (it crosses itself)"
    ),
}
"""Each problem's code (as ``gjkcli/_rings.c`` gives it too) and its words, given the
vertex at fault and the count of distinct vertices."""


def orientation(a: Vec, b: Vec, c: Vec) -> int:
    """The exact sign of the turn ``a -> b -> c``: 1 left, -1 right, 0 straight on.

    The floating-point cross product decides when it is clearly away from
    zero; otherwise the turn is recomputed in rational arithmetic, which is
    exact for any float inputs.

    >>> orientation((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))
    1
    >>> orientation((0.0, 0.0), (0.3, 0.1), (0.9, 0.3))  # not collinear in binary
    -1
    >>> orientation((0.0, 0.0), (0.5, 0.5), (0.75, 0.75))
    0
    """
    ex, ey, fx, fy = b[0] - a[0], b[1] - a[1], c[0] - b[0], c[1] - b[1]
    cross = ex * fy - ey * fx
    if abs(cross) > _DOUBT * (abs(ex) + abs(ey)) * (abs(fx) + abs(fy)):
        return 1 if cross > 0 else -1
    exact = (Fraction(b[0]) - Fraction(a[0])) * (Fraction(c[1]) - Fraction(b[1])) - (
        Fraction(b[1]) - Fraction(a[1])
    ) * (Fraction(c[0]) - Fraction(b[0]))
    return (exact > 0) - (exact < 0)


def _exact_twice_area(ring: Sequence[Vec]) -> Fraction:
    """Twice the signed area of a ring, in rational arithmetic: the sign is exact.

    >>> _exact_twice_area([(0.0, 0.0), (1e-170, 0.0), (0.0, 1e-170)]) > 0
    True
    """
    exact = [(Fraction(x), Fraction(y)) for x, y in ring]
    return sum(
        (
            x0 * y1 - x1 * y0
            for (x0, y0), (x1, y1) in zip(exact, exact[1:] + exact[:1], strict=True)
        ),
        Fraction(0),
    )


def _turn(before: Vec, at: Vec, after: Vec) -> tuple[int, float, float]:
    """The exact direction of the turn at ``at`` (see :func:`orientation`), and the
    size of the cross product and the dot product of the edges meeting there."""
    ex, ey = at[0] - before[0], at[1] - before[1]
    fx, fy = after[0] - at[0], after[1] - at[1]
    return orientation(before, at, after), abs(ex * fy - ey * fx), ex * fx + ey * fy
