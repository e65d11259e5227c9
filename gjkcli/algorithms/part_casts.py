"""Ray casts against compound shapes, part by part.

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

For polygonal parts the float answer (:attr:`~gjkcli.algorithms.raycast.RayHit.float_answer`)
combines the parts' own as the answer combines theirs, so that the cross-check holds
it to the exact one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gjkcli.algorithms.raycast import RayHit, RayStatus, RayStep, ray_numbers, raycast
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Box, Compound
from gjkcli.tolerances import rounding

__all__ = ["ray_through_parts"]


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
