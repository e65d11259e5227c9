"""GJK's runs told step by step, in words, like the seed article's walk-through.

The same sentences serve the terminal (``gjk check --trace``) and the
captions of the animation (``gjk plot --gif``). For a compound shape the
walk-through starts with the pairs of parts GJK ran on, and then follows the
pair that decided the answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import Literal, TypeVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.compound import CompoundResult
from gjkcli.algorithms.distance import DistanceStep
from gjkcli.algorithms.intersect import IntersectStep
from gjkcli.render.numbers import compact, compact_point
from gjkcli.render.table import DISTANCE_RUN
from gjkcli.shapes.base import Vec

__all__ = ["Query", "boolean_step_lines", "distance_step_lines", "trace_text"]

Query = Literal["both", "boolean", "distance"]
"""Which GJK run to show: the boolean query, the distance query, or both."""

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


def trace_text(query: Query, answer: Answer) -> RenderableType:
    """The walk-through of the runs ``query`` names, numbered like the article's steps;
    for a compound pair, the part pairs tested come first."""
    parts: list[RenderableType] = [] if answer.parts is None else [_part_pairs(answer.parts)]
    if query in ("both", "boolean"):
        parts.append(
            _run("Boolean GJK (does A touch B?)", answer.boolean_trace, boolean_step_lines)
        )
    if query in ("both", "distance"):
        radius_a, radius_b = answer.gjk.radii
        cores = radius_a + radius_b > 0.0
        notes = _radii(answer) if cores else ()
        parts.append(
            _run(
                "GJK distance (how far apart?)",
                answer.distance_trace,
                partial(distance_step_lines, cores=cores),
                *notes,
            )
        )
    return Group(*parts)


def _radii(answer: Answer) -> tuple[Text, Text]:
    """Why the run is on the cores, and how the distance follows: ``|v|`` less the radii."""
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
        Text(
            f"Rounded shapes ({rounded}): the run works on the cores (the shapes without "
            "their radii) and subtracts the radii at the end."
        ),
        Text(f"Distance = |v| - {compact(radii)} = {compact(norm)} - {compact(radii)} {found}"),
    )


Step = TypeVar("Step", IntersectStep, DistanceStep)


def _part_pairs(search: CompoundResult) -> Group:
    """The pairs of parts GJK ran on, in order, and the one whose runs follow."""
    grid = Table(box=None)
    for title in ("", "part of A", "part of B", "boxes apart", "distance"):
        grid.add_column(title, justify="right", no_wrap=True)
    grid.add_column("verdict", no_wrap=True)
    grid.add_column("GJK", overflow="fold")
    for number, pair in enumerate(search.listed, start=1):
        grid.add_row(
            f"{number}.",
            str(pair.a),
            str(pair.b),
            compact(pair.bound),
            compact(pair.result.distance),
            pair.verdict,
            f"{pair.result.iterations} steps, {DISTANCE_RUN[pair.result.status]}",
        )
    shown = (
        "" if len(search.listed) == search.tested else f" (the first {len(search.listed)} shown)"
    )
    heading = Text(
        f"\nPairs of convex parts: {search.tested} of {search.total} tested{shown}, "
        f"{search.skipped} skipped by the bounding boxes",
        style="bold",
    )
    deciding = search.deciding
    footer = Text(
        f"Deciding pair: part {deciding.a} of A and part {deciding.b} of B ({search.why}); "
        "its runs follow."
    )
    return Group(heading, grid, footer)


def _run(
    title: str,
    steps: Sequence[Step],
    describe: Callable[[Step], list[str]],
    before: Text | None = None,
    after: Text | None = None,
) -> Group:
    """A heading, the note ``before``, one numbered block per step (wrapped lines keep
    their indent), and the note ``after``."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", style="bold")
    grid.add_column(overflow="fold")
    for step in steps:
        lines = describe(step)
        grid.add_row(f"{step.iteration}.", lines[0])
        for line in lines[1:]:
            grid.add_row("", line)
    heading = Text(f"\n{title}: {len(steps)} step{'s' if len(steps) != 1 else ''}", style="bold")
    return Group(*(part for part in (heading, before, grid, after) if part is not None))


def _point(p: Vec) -> str:
    return compact_point(p)


def _points(points: Sequence[Vec]) -> str:
    return ", ".join(_point(p) for p in points)
