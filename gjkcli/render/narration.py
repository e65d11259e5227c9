"""GJK's runs and EPA's told step by step, in words, like the seed article's walk-through.

The same sentences serve the terminal (``gjk check --trace``), the captions of
the pictures and animation (``gjk plot``) and the page of ``gjk explain``: one
list of lines per step, plain text, no terminal styling.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.distance import DistanceStep
from gjkcli.algorithms.epa import EpaStep
from gjkcli.algorithms.intersect import IntersectStep
from gjkcli.render.numbers import compact, compact_point
from gjkcli.shapes.base import Vec

__all__ = [
    "RUN_TITLES",
    "boolean_step_lines",
    "distance_step_lines",
    "epa_not_run",
    "epa_notes",
    "epa_step_lines",
    "on_cores",
    "radii_notes",
    "step_lines",
]

RUN_TITLES = {
    "boolean": "Boolean GJK (does A touch B?)",
    "distance": "GJK distance (how far apart?)",
    "epa": "EPA (how deeply do they overlap?)",
}
"""The title of each run's walk-through, by the run's name."""

_OUTCOMES = {
    "duplicate-support": "w is already in the simplex: v is the point of A - B closest to the "
    "origin (duplicate-support)",
    "converged": "the gap is at or below the threshold: converged",
    "contains-origin": "the simplex encloses the origin, or passes within the touching band of "
    "it: the shapes intersect (contains-origin)",
    "degenerate": "the next direction is not a usable number: stop (degenerate)",
    "max-iterations": "the iteration cap is reached: stop (max-iterations)",
}


def boolean_step_lines(step: IntersectStep) -> list[str]:
    """One step of boolean GJK in words.

    >>> from gjkcli.algorithms.intersect import intersects
    >>> from gjkcli.shapes import Polytope
    >>> steps: list[IntersectStep] = []
    >>> _ = intersects(Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0))),
    ...                Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0))), recorder=steps)
    >>> print("\\n".join(boolean_step_lines(steps[1])))
    search direction d = (0, -1)
    farthest point of A along d: (1, -1); of B against d: (1, 1)
    support point w = A - B = (0, -2); w.d = 2 >= 0: it reaches the origin
    simplex: (0, 2), (0, -2)
    segment: search along its perpendicular towards the origin; next direction (-4, 0)
    """
    support = step.support
    verdict = (
        "it reaches the origin"
        if step.dot >= 0.0
        else "it falls short of the origin, so d separates A from B"
    )
    sign = ">=" if step.dot >= 0.0 else "<"
    lines = [
        f"search direction d = {_point(step.direction)}",
        f"farthest point of A along d: {_point(support.a)}; of B against d: {_point(support.b)}",
        f"support point w = A - B = {_point(support.w)}; w.d = {compact(step.dot)} {sign} 0: "
        + verdict,
    ]
    if step.simplex:
        lines.append(f"simplex: {_points(step.simplex)}")
    decision = step.region
    if step.dropped:
        decision += f" (dropped {_points(step.dropped)})"
    if step.next_direction is not None:
        decision += f"; next direction {_point(step.next_direction)}"
    else:
        decision += ": A and B are apart" if step.dot < 0.0 else ": A and B intersect"
    lines.append(decision)
    return lines


def distance_step_lines(step: DistanceStep, cores: bool = False) -> list[str]:
    """One step of GJK distance in words; with ``cores``, the run is on the shapes' cores
    (some shape is rounded: its radius is subtracted at the end), and the words say so.

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.shapes import point, segment
    >>> steps: list[DistanceStep] = []
    >>> _ = distance(segment((0.0, 0.0), (4.0, 0.0)), point((1.0, 3.0)), steps)
    >>> print("\\n".join(distance_step_lines(steps[0])))
    search direction d = (1, 0)
    farthest point of A along d: (4, 0); of B against d: (1, 3)
    support point w = A - B = (3, -3)
    simplex: (3, -3); closest point to the origin v = (3, -3), |v| = 4.24264
    """
    support = step.support
    a, b = ("A's core", "B's core") if cores else ("A", "B")
    lines = [
        f"search direction d = {_point(step.direction)}",
        f"farthest point of {a} along d: {_point(support.a)}; "
        f"of {b} against d: {_point(support.b)}",
        f"support point w = {a} - {b} = {_point(support.w)}",
    ]
    if step.gap is not None and step.threshold is not None:
        side = "at or below" if step.gap <= step.threshold else "above"
        lines.append(
            f"gap |v|^2 - v.w = {compact(step.gap)}, {side} the threshold "
            f"{compact(step.threshold, 3)} at which the run stops"
        )
    if step.outcome in ("added", "contains-origin"):
        kept = f"simplex: {_points(step.simplex)}"
        if step.dropped:
            kept += f" (dropped {_points(step.dropped)})"
        lines.append(
            f"{kept}; closest point to the origin v = {_point(step.closest)}, "
            f"|v| = {compact(step.norm)}"
        )
    if step.outcome != "added":
        lines.append(_OUTCOMES[step.outcome].replace("A - B", f"{a} - {b}"))
    return lines


def epa_step_lines(step: EpaStep, cores: bool = False) -> list[str]:
    """One step of EPA in words; with ``cores``, the polygon grows inside the cores' ``A - B``
    (some shape is rounded: its radius is added at the end), and the words say so.

    >>> from gjkcli.algorithms.epa import reference_penetration
    >>> from gjkcli.shapes import rectangle
    >>> steps: list[EpaStep] = []
    >>> _ = reference_penetration(
    ...     rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((3.0, 0.5), (4.0, 2.0)), recorder=steps
    ... )
    >>> len(steps), [step.outcome for step in steps]
    (3, ['added', 'added', 'duplicate-support'])
    >>> print("\\n".join(epa_step_lines(steps[-1])))
    polygon inside A - B: 5 corners, (1, -0.5), (1, 1.5), (-7, 1.5), (-7, -2.5), (1, -2.5)
    nearest edge: (1, -0.5) to (1, 1.5), distance 1, outward normal n = (1, 0)
    farthest point of A along n: (2, -1); of B against n: (1, -0.5)
    support point w = A - B = (1, -0.5); w.n = 1
    w is an end of the edge: the edge is on the boundary of A - B; depth 1 (duplicate-support)
    """
    a, b = ("A's core", "B's core") if cores else ("A", "B")
    difference = f"{a} - {b}"
    corners = len(step.polygon)
    listed = f", {_points(step.polygon)}" if corners <= _LISTED_CORNERS else ""
    start, end = step.edge
    support = step.support
    beyond = step.reach - step.height
    outcomes = {
        "added": f"w lies {compact(beyond)} beyond the edge, more than the margin "
        f"{compact(step.threshold, 3)} at which the loop stops: it becomes a corner between "
        f"{_point(start)} and {_point(end)}",
        "duplicate-support": f"w is an end of the edge: the edge is on the boundary of "
        f"{difference}; depth {compact(step.height)} (duplicate-support)",
        "converged": f"w lies {compact(beyond)} beyond the edge, within the margin "
        f"{compact(step.threshold, 3)}: depth {compact(step.reach)}, to within that (converged)",
        "degenerate": "w.n is not a usable number: stop at the edge's distance "
        f"{compact(step.height)} (degenerate)",
        "max-iterations": f"the iteration cap is reached: depth {compact(step.reach)} "
        "(max-iterations)",
    }
    return [
        f"polygon inside {difference}: {corners} corners{listed}",
        f"nearest edge: {_point(start)} to {_point(end)}, distance {compact(step.height)}, "
        f"outward normal n = {_point(step.normal)}",
        f"farthest point of {a} along n: {_point(support.a)}; of {b} against n: "
        f"{_point(support.b)}",
        f"support point w = {difference} = {_point(support.w)}; w.n = {compact(step.reach)}",
        outcomes[step.outcome],
    ]


def on_cores(answer: Answer) -> bool:
    """Whether the distance run and EPA work on the shapes' cores (some shape is rounded),
    so that their words name the cores.

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import circle, point
    >>> on_cores(solve(circle((0.0, 0.0), 1.0), point((3.0, 0.0))))
    True
    """
    return sum(answer.gjk.radii) > 0.0


def step_lines(step: IntersectStep | DistanceStep | EpaStep, cores: bool = False) -> list[str]:
    """The words of a step of any run: :func:`boolean_step_lines`,
    :func:`distance_step_lines` or :func:`epa_step_lines` (``cores``: see :func:`on_cores`).

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import Polytope
    >>> answer = solve(Polytope(((0.0, 1.0), (1.0, -1.0), (-1.0, -1.0))),
    ...                Polytope(((0.0, -1.0), (1.0, 1.0), (-1.0, 1.0))), trace=True)
    >>> step_lines(answer.epa_trace[0])[1]
    'nearest edge: (2, -2) to (0, 2), distance 0.894427, outward normal n = (0.894427, 0.447214)'
    """
    if isinstance(step, IntersectStep):
        return boolean_step_lines(step)
    if isinstance(step, DistanceStep):
        return distance_step_lines(step, cores)
    return epa_step_lines(step, cores)


def radii_notes(answer: Answer) -> tuple[str, str]:
    """For rounded shapes, what the distance run's words need before its steps (why the
    run is on the cores) and after them (how the distance follows: ``|v|`` less the radii).

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import circle, point
    >>> before, after = radii_notes(solve(circle((0.0, 0.0), 1.0), point((3.0, 0.0)), trace=True))
    >>> print(before); print(after)
    Rounded shapes (A by 1): the run works on the cores (the shapes without their radii) and \
subtracts the radii at the end.
    Distance = |v| - 1 = 3 - 1 = 2
    """
    radius_a, radius_b = answer.gjk.radii
    radii = radius_a + radius_b
    norm = answer.distance_trace[-1].norm if answer.distance_trace else math.nan
    found = f"= {compact(answer.gjk.raw_distance)}" if norm > radii else "<= 0: they intersect"
    rounded = ", ".join(
        f"{name} by {compact(radius)}"
        for name, radius in (("A", radius_a), ("B", radius_b))
        if radius > 0.0
    )
    return (
        f"Rounded shapes ({rounded}): the run works on the cores (the shapes without "
        "their radii) and subtracts the radii at the end.",
        f"Distance = |v| - {compact(radii)} = {compact(norm)} - {compact(radii)} {found}",
    )


def epa_notes(answer: Answer) -> tuple[str, str]:
    """What EPA's words need before its steps (where it starts, or why it runs no loop)
    and after them (how the depth follows from the last step, and what it means).

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import rectangle
    >>> before, after = epa_notes(
    ...     solve(rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((3.0, 0.5), (4.0, 2.0)))
    ... )
    >>> print(after)
    Depth = 1: moving B by 1 along n = (1, 0) leaves the shapes just touching.
    """
    overlap = answer.penetration
    if overlap is None:
        raise ValueError("EPA's notes need overlapping shapes, with a penetration")
    radius_a, radius_b = answer.gjk.radii
    radii = radius_a + radius_b
    cores = radii > 0.0
    difference = "the cores' A - B" if cores else "A - B"
    if overlap.status == "cores-apart":
        before = (
            f"The cores are apart, so EPA has no loop to run: the depth is the radii "
            f"{compact(radii)} less the cores' distance, along the line between their closest "
            "points."
        )
    elif overlap.status == "degenerate" and not answer.epa_trace:
        depth = "the cores' depth" if cores else "the depth"
        before = (
            f"{difference} has no interior (points on one line), so EPA has no loop to run: "
            f"{depth} is 0."
        )
    else:
        before = (
            f"EPA starts from the distance run's last simplex, grown into a polygon around the "
            f"origin inside {difference}, and pushes its edge nearest the origin outwards until "
            "that edge lies on the boundary."
        )
    plus = f" + {compact(radii)} (the radii)" if cores and overlap.status != "cores-apart" else ""
    after = (
        f"Depth = {compact(overlap.depth)}{plus}: moving B by {compact(overlap.depth)} along "
        f"n = {compact_point(overlap.normal)} leaves the shapes just touching."
        if not plus
        else f"Depth = {compact(overlap.depth - radii)}{plus} = {compact(overlap.depth)}: moving B "
        f"by that along n = {compact_point(overlap.normal)} leaves the shapes just touching."
    )
    return before, after


def epa_not_run(reason: str) -> str:
    """EPA's heading when it was not run, with the reason (compound shapes).

    >>> epa_not_run("not defined here")
    'EPA (how deeply do they overlap?): not run: not defined here'
    """
    return f"{RUN_TITLES['epa']}: not run: {reason}"


_LISTED_CORNERS = 6
"""Up to this many corners, an EPA step's words list the polygon's corners."""


def _point(p: Vec) -> str:
    return compact_point(p)


def _points(points: Sequence[Vec]) -> str:
    return ", ".join(_point(p) for p in points)
