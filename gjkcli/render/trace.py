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
from gjkcli.algorithms.epa import EpaStep
from gjkcli.algorithms.intersect import IntersectStep
from gjkcli.render.narration import boolean_step_lines, distance_step_lines, epa_step_lines
from gjkcli.render.numbers import compact, compact_point
from gjkcli.render.table import DISTANCE_RUN

__all__ = ["Query", "trace_text"]

Query = Literal["both", "boolean", "distance"]
"""Which GJK run to show: the boolean query, the distance query, or both (EPA follows
either when the shapes overlap)."""


def trace_text(query: Query, answer: Answer) -> RenderableType:
    """The walk-through of the runs ``query`` names, numbered like the article's steps,
    then EPA's when the shapes overlap; for a compound pair, the part pairs tested come
    first."""
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
    if answer.penetration is not None:
        parts.append(_epa(answer))
    elif answer.penetration_reason is not None:
        parts.append(
            Text(f"\nEPA (how deeply do they overlap?): not run: {answer.penetration_reason}")
        )
    return Group(*parts)


def _epa(answer: Answer) -> Group:
    """EPA's steps, or why it needed none, and how the depth follows from the last one."""
    assert answer.penetration is not None
    overlap = answer.penetration
    radius_a, radius_b = answer.gjk.radii
    radii = radius_a + radius_b
    cores = radii > 0.0
    difference = "the cores' A - B" if cores else "A - B"
    if overlap.status == "cores-apart":
        before = Text(
            f"The cores are apart, so EPA has no loop to run: the depth is the radii "
            f"{compact(radii)} less the cores' distance, along the line between their closest "
            "points."
        )
    elif overlap.status == "degenerate" and not answer.epa_trace:
        before = Text(
            f"{difference} has no interior (points on one line), so EPA has no loop to run: "
            f"the cores' depth is 0."
        )
    else:
        before = Text(
            f"EPA starts from the distance run's last simplex, grown into a polygon around the "
            f"origin inside {difference}, and pushes its edge nearest the origin outwards until "
            "that edge lies on the boundary."
        )
    plus = f" + {compact(radii)} (the radii)" if cores and overlap.status != "cores-apart" else ""
    after = Text(
        f"Depth = {compact(overlap.depth)}{plus}: moving B by {compact(overlap.depth)} along "
        f"n = {compact_point(overlap.normal)} leaves the shapes just touching."
        if not plus
        else f"Depth = {compact(overlap.depth - radii)}{plus} = {compact(overlap.depth)}: moving B "
        f"by that along n = {compact_point(overlap.normal)} leaves the shapes just touching."
    )
    return _run(
        "EPA (how deeply do they overlap?)",
        answer.epa_trace,
        partial(epa_step_lines, cores=cores),
        before,
        after,
    )


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


Step = TypeVar("Step", IntersectStep, DistanceStep, EpaStep)


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
