"""GJK's runs told step by step, in words, like the seed article's walk-through.

The same sentences serve the terminal (``gjk check --trace``) and the
captions of the animation (``gjk plot --gif``). For a compound shape the
walk-through starts with the pairs of parts GJK ran on, and then follows the
pair that decided the answer.
"""

from __future__ import annotations

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
from gjkcli.render.narration import (
    RUN_TITLES,
    boolean_step_lines,
    distance_step_lines,
    epa_not_run,
    epa_notes,
    epa_step_lines,
    on_cores,
    radii_notes,
)
from gjkcli.render.numbers import compact
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
        parts.append(_run(RUN_TITLES["boolean"], answer.boolean_trace, boolean_step_lines))
    if query in ("both", "distance"):
        cores = on_cores(answer)
        notes = tuple(Text(note) for note in radii_notes(answer)) if cores else ()
        parts.append(
            _run(
                RUN_TITLES["distance"],
                answer.distance_trace,
                partial(distance_step_lines, cores=cores),
                *notes,
            )
        )
    if answer.penetration is not None:
        parts.append(_epa(answer))
    elif answer.penetration_reason is not None:
        parts.append(Text("\n" + epa_not_run(answer.penetration_reason)))
    return Group(*parts)


def _epa(answer: Answer) -> Group:
    """EPA's steps, or why it needed none, and how the depth follows from the last one."""
    before, after = epa_notes(answer)
    return _run(
        RUN_TITLES["epa"],
        answer.epa_trace,
        partial(epa_step_lines, cores=on_cores(answer)),
        Text(before),
        Text(after),
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
