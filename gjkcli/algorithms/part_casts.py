"""Ray casts and linear casts of compound shapes, part by part.

A compound shape is a union of convex parts (:mod:`gjkcli.shapes.compound`: a
non-convex polygon cut into convex pieces, a polygon with holes, a MultiPolygon, a
polyline), so a ray meets it first where it first meets any part, and starts in it
when it starts in some part (on a part's boundary counts, as for a convex shape: the
ray's origin is then in the closed shape). Each part gets the convex ray cast
(:func:`~gjkcli.algorithms.raycast.raycast`); the answer is the first hit over the
parts, or ``inside``, with the number of the part (``part``) it came from.

A broad phase keeps it from casting at every part: a part whose bounding box the
ray's segment does not reach (a slab test, each box grown by the rounding of the
numbers compared, so that no part is skipped that the ray may touch) is skipped, the
others are cast in the order the segment enters their boxes, and the search stops at
the first box entered beyond the best hit so far, with each part's ray cut at that
hit (a part hit later than it cannot be the first). The ray's first contact with the
union is where it crosses the union's boundary, a point of some part's boundary, so
the first hit over the parts is it.

**Linear casts.** Two shapes, either compound, meet when some pair of their parts
does, so a cast of compound shapes is the cast of every pair of parts
(:func:`~gjkcli.algorithms.cast.cast`), combined by :func:`first_of`: an overlap at ``t =
0`` if any pair overlaps; else a contact at time 0 (touching and approaching, or
within the target) if any pair has one; else the earliest hit; else touching and
receding if any pair touches and moves apart; else a miss, every pair missing. The
answer is the deciding pair's, with its part numbers (``parts``), and its certificate
(:class:`PartsCastCertificate`) holds the answer and certificate of every pair cast.
A touch at ``t = 0`` that gjkcli's verdict on the whole shapes finds inside one of them
(on the cut between two of its parts: a point on the diagonal of a polygon cut in two)
is an overlap of the shapes, its point named (``inside``) for the re-check.
The pairs not cast are those whose boxes cannot meet: A's part's box against the box
B's part sweeps (its box at ``t = 0`` and at ``t = 1``, grown by the target and the
rounding of the numbers; :func:`swept_boxes_apart`), apart along ``x`` or ``y`` over the
whole motion, which the re-check recomputes for every pair it is not given.

For polygonal parts the float answer (:attr:`~gjkcli.algorithms.raycast.RayHit.float_answer`)
combines the parts' own as the answer combines theirs, so that the cross-check holds
it to the exact one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from gjkcli.algorithms.raycast import RayHit, RayStatus, RayStep, ray_numbers, raycast
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Box, Compound, Shape, boxes_of, parts_of
from gjkcli.tolerances import rounding

if TYPE_CHECKING:
    from gjkcli.algorithms.cast import CastResult, CastStatus

__all__ = [
    "PartCast",
    "PartsCastCertificate",
    "cast_through_parts",
    "first_of",
    "ray_through_parts",
    "swept_boxes_apart",
]


def ray_through_parts(
    shape: Compound,
    origin: Vec,
    direction: Vec,
    max_fraction: float = 1.0,
    recorder: list[RayStep] | None = None,
) -> RayHit:
    """Where the ray ``origin + lambda * direction``, ``0 <= lambda <= max_fraction``, first
    meets a compound shape (see the module notes); ``recorder`` gets the steps of the cast
    at the part that gave the answer.

    An L of two boxes: the ray along the bottom from the left, from inside its foot, and
    across the notch from the right:

    >>> from gjkcli.shapes import rectangle, union_of
    >>> ell = union_of([rectangle((0.5, 2.0), (1.0, 4.0)), rectangle((2.5, 0.5), (3.0, 1.0))])
    >>> hit = ray_through_parts(ell, (-3.0, 0.5), (1.0, 0.0), 10.0)
    >>> hit.status, hit.fraction, hit.normal, hit.part
    ('hit', 3.0, (-1.0, 0.0), 0)
    >>> ray_through_parts(ell, (3.0, 0.5), (0.0, 1.0), 10.0).status
    'inside'
    >>> hit = ray_through_parts(ell, (3.0, 3.0), (-1.0, 0.0), 10.0)
    >>> hit.fraction, hit.normal, hit.part
    (2.0, (1.0, 0.0), 0)
    """
    start, towards = ray_numbers(origin, direction, max_fraction)
    order = _entries(shape.boxes, start, towards, max_fraction)
    best: RayHit | None = None
    best_steps: list[RayStep] = []
    owns: list[tuple[RayStatus, float | None] | None] = []
    for entry, k in order:
        limit = max_fraction if best is None or best.fraction is None else best.fraction
        if entry > limit:
            break
        steps: list[RayStep] | None = [] if recorder is not None else None
        hit = raycast(shape.parts[k], start, towards, limit, steps)
        owns.append(hit.float_answer)
        if hit.status != "miss" and (best is None or _sooner(hit, best)):
            best, best_steps = replace(hit, part=k), steps or []
        if hit.status == "inside":
            break
    if recorder is not None:
        recorder.extend(best_steps)
    if best is None:
        best = RayHit("miss", None, None, None, 0, "no part in reach" if not owns else "beyond-max")
    known = [own for own in owns if own is not None]
    return replace(best, float_answer=_combined(known) if len(known) == len(owns) else None)


def _sooner(hit: RayHit, best: RayHit) -> bool:
    """Whether ``hit`` comes before ``best`` along the ray (``inside`` before any hit)."""
    if hit.status == "inside":
        return best.status != "inside"
    return (
        best.status == "hit" and hit.fraction is not None and hit.fraction < (best.fraction or 0.0)
    )


def _combined(owns: Sequence[tuple[RayStatus, float | None]]) -> tuple[RayStatus, float | None]:
    """The parts' own answers combined as the answer combines theirs: ``inside`` if any says
    so, else the first hit, else a miss (``(miss, None)`` for no part at all)."""
    if any(status == "inside" for status, _ in owns):
        return "inside", 0.0
    hits = [fraction for status, fraction in owns if status == "hit" and fraction is not None]
    return ("hit", min(hits)) if hits else ("miss", None)


def _entries(
    boxes: Sequence[Box], start: Vec, towards: Vec, limit: float
) -> list[tuple[float, int]]:
    """The parts whose boxes the ray's segment (``lambda`` in ``[0, limit]``) may reach, as
    ``(entry, k)``: the ``lambda`` at which it enters part ``k``'s box (0 when it starts in
    it), in order of entry. Each box is grown by the rounding of the numbers compared, so
    that the test keeps every part the ray can touch (the margin, eight units in the last
    place of four times the largest number, covers the subtraction and the division
    too)."""
    found = []
    for k, (minx, miny, maxx, maxy) in enumerate(boxes):
        low, high = 0.0, limit
        for origin, speed, side in (
            (start[0], towards[0], (minx, maxx)),
            (start[1], towards[1], (miny, maxy)),
        ):
            reach = max(abs(side[0]), abs(side[1]), abs(origin), abs(origin + limit * speed))
            margin = rounding(4.0 * reach)
            lower, upper = side[0] - margin, side[1] + margin
            if speed == 0.0:
                high = high if lower <= origin <= upper else -1.0
                continue
            near, far = sorted(((lower - origin) / speed, (upper - origin) / speed))
            low, high = max(low, near), min(high, far)
        if low <= high:
            found.append((low, k))
    return sorted(found)


@dataclass(frozen=True)
class PartCast:
    """The cast of part ``a`` of A against part ``b`` of B: its answer, with its certificate
    (and no steps)."""

    a: int
    b: int
    result: CastResult


@dataclass(frozen=True)
class PartsCastCertificate:
    """What proves a cast of compound shapes: the answer and certificate of every pair of
    parts whose boxes may meet over the motion (``pairs``; every other pair's boxes are
    apart over the whole motion, :func:`swept_boxes_apart`). The answer is
    :func:`first_of` them, but where the first is a touch at ``t = 0`` at a point
    (``inside``) that lies inside one of the shapes, on a cut between its parts: then the
    shapes overlap."""

    pairs: tuple[PartCast, ...]
    inside: Vec | None = None


_RANK = {
    "overlapping": 0,
    "touching-approaching": 1,
    "within-target": 1,
    "hit": 2,
    "touching-receding": 3,
    "miss": 4,
}
"""How soon a pair's answer decides the shapes': an overlap at once, a contact at time 0,
then the earliest hit, then a touch moving apart, then a miss."""


def first_of(pairs: Sequence[PartCast]) -> PartCast | None:
    """The pair whose answer is the shapes' (see the module notes), the lowest numbers
    first among equals; ``None`` for no pair.

    >>> from gjkcli.algorithms.cast import cast
    >>> from gjkcli.shapes import rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> pairs = [PartCast(0, k, cast(box, rectangle((x, 0.0), (2.0, 2.0)), (-6.0, 0.0)))
    ...          for k, x in enumerate((8.0, 5.0))]
    >>> first = first_of(pairs)
    >>> first.b, first.result.time
    (1, 0.5)
    """

    def soonest(pair: PartCast) -> tuple[int, float, int, int]:
        time = pair.result.time
        return (_RANK[pair.result.status], 0.0 if time is None else time, pair.a, pair.b)

    return min(pairs, key=soonest, default=None)


def swept_boxes_apart(
    boxes_a: Sequence[Box], boxes_b: Sequence[Box], motion: tuple[Vec, Vec], target: float
) -> np.ndarray:
    """For each part of A (rows) and of B (columns), whether their boxes stay more than
    ``target`` apart along ``x`` or ``y`` over the whole motion (A's translation, B's):
    A's box against the box that B's box sweeps relative to it, from ``t = 0`` to ``t =
    1``, each grown by the rounding of the numbers compared.

    >>> apart = swept_boxes_apart([(0.0, 0.0, 1.0, 1.0)], [(3.0, 0.0, 4.0, 1.0)] * 2,
    ...                           ((0.0, 0.0), (-1.0, 0.0)), 0.5)
    >>> apart.tolist()  # B's box reaches x = 2, still 1 from A's
    [[True, True]]
    >>> swept_boxes_apart([(0.0, 0.0, 1.0, 1.0)], [(3.0, 0.0, 4.0, 1.0)],
    ...                   ((0.0, 0.0), (-2.5, 0.0)), 0.0).tolist()
    [[False]]
    """
    a = np.asarray(boxes_a, dtype=float).reshape(-1, 4)
    b = np.asarray(boxes_b, dtype=float).reshape(-1, 4)
    (ax, ay), (bx, by) = motion
    rx, ry = bx - ax, by - ay
    low_x, high_x = b[:, 0] + min(rx, 0.0), b[:, 2] + max(rx, 0.0)
    low_y, high_y = b[:, 1] + min(ry, 0.0), b[:, 3] + max(ry, 0.0)
    sizes = max(float(np.abs(a).max(initial=0.0)), float(np.abs(b).max(initial=0.0)))
    slack = target + rounding(4.0 * (sizes + abs(rx) + abs(ry) + target))
    gaps = (
        low_x[None, :] - a[:, 2:3],
        a[:, 0:1] - high_x[None, :],
        low_y[None, :] - a[:, 3:4],
        a[:, 1:2] - high_y[None, :],
    )
    apart: np.ndarray = np.logical_or.reduce([gap > slack for gap in gaps])
    return apart


def cast_through_parts(  # noqa: PLR0917 - the signature of the convex cast
    shape_a: Shape,
    shape_b: Shape,
    translation_b: Vec,
    translation_a: Vec = (0.0, 0.0),
    target_distance: float = 0.0,
    recorder: list[RayStep] | None = None,
) -> CastResult:
    """The linear cast of two shapes, either compound, pair of parts by pair (see the
    module notes); ``recorder`` gets the steps of the deciding pair's cast.

    A small box lowered into a U between its arms meets its bottom; beside the U, nothing:

    >>> from gjkcli.algorithms.decompose import decompose
    >>> from gjkcli.shapes import rectangle
    >>> u = decompose([(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])
    >>> result = cast_through_parts(u, rectangle((1.5, 5.0), (0.5, 0.5)), (0.0, -5.0))
    >>> result.status, result.time, result.normal
    ('hit', 0.75, (0.0, 1.0))
    >>> cast_through_parts(u, rectangle((5.0, 5.0), (0.5, 0.5)), (0.0, -5.0)).status
    'miss'
    """
    from gjkcli.algorithms.cast import cast  # a pair of parts is a convex cast

    parts_a, parts_b = parts_of(shape_a), parts_of(shape_b)
    motion = (translation_a, translation_b)
    apart = swept_boxes_apart(boxes_of(shape_a), boxes_of(shape_b), motion, target_distance)
    pairs: list[PartCast] = []
    steps: dict[tuple[int, int], list[RayStep]] = {}
    for i, j in zip(*np.nonzero(~apart), strict=True):
        recorded: list[RayStep] | None = [] if recorder is not None else None
        found = cast(
            parts_a[i], parts_b[j], translation_b, translation_a, target_distance, recorded
        )
        pairs.append(PartCast(int(i), int(j), replace(found, steps=())))
        if recorded is not None:
            steps[int(i), int(j)] = recorded
    first = first_of(pairs)
    proof = PartsCastCertificate(tuple(pairs))
    own = _float_first(pairs)
    if first is None:  # no pair's boxes meet: a miss, every pair's boxes apart
        from gjkcli.algorithms.cast import CastResult

        return CastResult("miss", None, None, None, 0, "boxes-apart", target_distance, proof)
    if recorder is not None:
        recorder.extend(steps.get((first.a, first.b), []))
    answer = replace(
        first.result,
        certificate=proof,
        parts=(first.a, first.b),
        float_answer=own,
        steps=tuple(steps.get((first.a, first.b), [])),
    )
    touch = answer.points
    if answer.status in ("touching-approaching", "touching-receding") and touch is not None:
        from gjkcli.algorithms.answer import solve  # the union's own verdict, above

        if solve(shape_a, shape_b).verdict == "overlapping":  # the touch is on a cut
            inside = replace(proof, inside=touch[0])
            return replace(
                answer, status="overlapping", time=0.0, stop="start-overlapping", certificate=inside
            )
    return answer


def _float_first(pairs: Sequence[PartCast]) -> tuple[CastStatus, float | None] | None:
    """The pairs' float answers combined as their answers are (:func:`first_of`), where every
    pair has one (polygonal parts, no target); ``None`` otherwise."""
    floats = []
    for pair in pairs:
        own = pair.result.float_answer
        if own is None:
            return None
        floats.append(PartCast(pair.a, pair.b, replace(pair.result, status=own[0], time=own[1])))
    first = first_of(floats)
    return None if first is None else (first.result.status, first.result.time)
