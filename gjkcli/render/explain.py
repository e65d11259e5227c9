"""The page of ``gjk explain``: one self-contained HTML file that walks through a check.

The page holds the picture of every step (:func:`gjkcli.render.svg.walkthrough_svg`),
the words of every step (the sentences of ``gjk check --trace``,
:mod:`gjkcli.render.narration`), and the table of the answer
(:func:`gjkcli.render.table.table_cells`). Everything is written in Python;
a little plain JavaScript (``explain.js``, beside this module) only chooses
which step is shown: a slider, previous, next, play, and the arrow keys.
Nothing is fetched: no network, no fonts, no libraries. The answer (the verdict,
the table, the closest points or the move that separates) is shown at the last
step alone. The hooks the page's script and its tests use are listed in
``docs/FORMATS.md`` (section "The page of gjk explain").
"""

from __future__ import annotations

from html import escape
from importlib.resources import files

from gjkcli.io.errors import printable
from gjkcli.render.narration import (
    RUN_TITLES,
    epa_not_run,
    epa_notes,
    on_cores,
    radii_notes,
)
from gjkcli.render.narration import step_lines as narrated
from gjkcli.render.numbers import compact_point
from gjkcli.render.scene import Run, RunStep, run_steps
from gjkcli.render.svg import (
    COLOR_A,
    COLOR_B,
    COLOR_DIFFERENCE,
    COLOR_DIRECTION,
    COLOR_SIMPLEX,
    COLOR_SUPPORT,
    off_class,
    shapes_offset,
    walkthrough_svg,
)
from gjkcli.render.table import headline, table_cells
from gjkcli.verify.check import Check

__all__ = ["explain_page", "step_lines"]

_NOTE_CLASSES = {"bold green": "good", "bold red": "bad", "yellow": "warn", "cyan": ""}
"""The class of a note's heading under the table, by its style in the terminal."""


def step_lines(check: Check, step: RunStep) -> list[str]:
    """The words of one step of a traced check: the sentences ``gjk check --trace``
    prints for it (on the cores' words when a shape is rounded).

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.render.scene import run_steps
    >>> from gjkcli.verify.check import check_pair
    >>> check = check_pair(load_pair("samples/seed-example.json"), trace=True)
    >>> step_lines(check, run_steps(check)[-1])[1]
    'nearest edge: (2, -2) to (0, 2), distance 0.894427, outward normal n = (0.894427, 0.447214)'
    """
    return narrated(step.step, on_cores(check.answer))


def explain_page(check: Check) -> str:
    """The whole page for a traced check, as one HTML document.

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> page = explain_page(check_pair(load_pair("samples/seed-example.json"), trace=True))
    >>> page.startswith("<!DOCTYPE html>"), page.count('<li class="narration')
    (True, 7)
    >>> "http://" in page.replace('xmlns="http://www.w3.org/2000/svg"', ""), "https://" in page
    (False, False)
    """
    steps = run_steps(check)
    if not steps:
        raise ValueError("a walk-through needs the steps of the runs: check_pair(pair, trace=True)")
    name = escape(printable(check.pair.name))
    cells = table_cells(check)
    last = len(steps) - 1
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            '<head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>gjk explain: {name}</title>",
            f"<style>{_resource('explain.css')}</style>",
            "</head>",
            "<body>",
            "<header>",
            f"<h1>{name}</h1>",
            f'<p class="shapes">{escape(cells.caption)}</p>',
            f'<p id="verdict" class="answer-only{off_class(last)}">'
            f"{escape(headline(check).plain)}</p>",
            "</header>",
            '<div id="explain">',
            f'<figure id="picture">{walkthrough_svg(check)}{_moved(check)}{_legend()}</figure>',
            '<section id="words">',
            _controls(steps),
            '<ol id="narration">',
            *(_narration(check, steps, index) for index in range(len(steps))),
            "</ol>",
            "<noscript><p>Without JavaScript the page shows the first step only.</p></noscript>",
            "</section>",
            "</div>",
            _answer(check, last),
            f"<script>{_resource('explain.js')}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


def _moved(check: Check) -> str:
    """The note under a picture whose A and B are drawn moved beside ``A - B``."""
    offset = shapes_offset(check)
    if offset is None:
        return ""
    back = compact_point((-offset[0], -offset[1]))
    return (
        f'<p class="moved">A and B lie far from A - B: they are drawn moved by {back}, '
        "beside it (moving both shapes together leaves A - B as it is); the numbers in "
        "the words are where they really are.</p>"
    )


def _resource(name: str) -> str:
    return files("gjkcli.render").joinpath(name).read_text(encoding="utf-8")


def _controls(steps: list[RunStep]) -> str:
    """The buttons, the slider, the step count, and a button to the start of each run."""
    starts: dict[Run, tuple[int, int]] = {}
    for index, (run, _) in enumerate(steps):
        first, count = starts.get(run, (index, 0))
        starts[run] = (first, count + 1)
    jumps = "".join(
        f'<button type="button" data-jump="{first}" data-run="{run}">'
        f"{escape(RUN_TITLES[run].split(' (')[0])}: {count} step{'s' if count != 1 else ''}"
        "</button>"
        for run, (first, count) in starts.items()
    )
    return (
        '<nav id="controls" aria-label="steps">'
        '<button type="button" id="prev" disabled>&#9664; Previous</button>'
        '<button type="button" id="play">Play</button>'
        '<button type="button" id="next">Next &#9654;</button>'
        f'<input type="range" id="slider" min="0" max="{len(steps) - 1}" value="0" step="1" '
        'aria-label="step">'
        f'<output id="position">step 1 of {len(steps)}</output>'
        f'<div id="runs">{jumps}</div>'
        "</nav>"
    )


def _narration(check: Check, steps: list[RunStep], index: int) -> str:
    """The words of step ``index``: its run's title and its place in the run, the run's
    note before its first step or after its last, and the step's sentences."""
    run, record = steps[index]
    in_run = [i for i, (other, _) in enumerate(steps) if other == run]
    before, after = _run_notes(check, run)
    paragraphs = []
    if index == in_run[0] and before:
        paragraphs.append(f'<p class="note">{escape(before)}</p>')
    paragraphs += [
        f'<p class="line">{escape(line)}</p>' for line in step_lines(check, steps[index])
    ]
    if index == in_run[-1] and after:
        paragraphs.append(f'<p class="note">{escape(after)}</p>')
    if index == len(steps) - 1:
        paragraphs += _epa_without_steps(check)
    heading = f"{RUN_TITLES[run]}: step {record.iteration} of {len(in_run)}"
    return (
        f'<li class="narration{off_class(index)}" data-run="{run}" data-step="{record.iteration}" '
        f'data-index="{index}"><h2>{escape(heading)}</h2>{"".join(paragraphs)}</li>'
    )


def _run_notes(check: Check, run: Run) -> tuple[str, str]:
    """The notes of ``gjk check --trace`` before and after a run's steps."""
    answer = check.answer
    if run == "distance" and on_cores(answer):
        return radii_notes(answer)
    if run == "epa" and answer.penetration is not None:
        return epa_notes(answer)
    return "", ""


def _epa_without_steps(check: Check) -> list[str]:
    """What ``gjk check --trace`` says of EPA when it ran no loop (the depth from the radii,
    an ``A - B`` with no interior) or was not run (compound shapes): the last step's words,
    as EPA has no step of its own to hold them."""
    answer = check.answer
    if answer.epa_trace:
        return []
    if answer.penetration is not None:
        return [
            f"<h3>{escape(RUN_TITLES['epa'])}: 0 steps</h3>",
            *(f'<p class="note">{escape(note)}</p>' for note in epa_notes(answer)),
        ]
    if answer.penetration_reason is not None:
        return [f"<h3>{escape(epa_not_run(answer.penetration_reason))}</h3>"]
    return []


def _legend() -> str:
    keys = (
        (COLOR_A, "A"),
        (COLOR_B, "B"),
        (COLOR_DIFFERENCE, "A - B"),
        (COLOR_DIRECTION, "d: search direction; w·d = 0"),
        (COLOR_A, "a: farthest point of A along d"),
        (COLOR_B, "b: farthest point of B against d"),
        (COLOR_SUPPORT, "w = a - b, a point of A - B"),
        (COLOR_SIMPLEX, "simplex; EPA's polygon"),
        ("#000", "O: the origin; v: nearest point to it"),
    )
    spans = "".join(f'<span style="--key: {color}">{escape(text)}</span>' for color, text in keys)
    return f'<figcaption class="legend">{spans}</figcaption>'


def _answer(check: Check, last: int) -> str:
    """The table of the answer and the notes under it, shown at the last step."""
    cells = table_cells(check)
    head = "".join(f'<th scope="col">{escape(column)}</th>' for column in cells.columns)
    rows = "".join(
        f'<tr><th scope="row">{escape(row[0])}</th>'
        + "".join(f"<td>{escape(cell)}</td>" for cell in row[1:])
        + "</tr>"
        for row in cells.rows
    )
    notes = "".join(
        f'<dt class="{_NOTE_CLASSES.get(style, "")}">{escape(heading)}</dt>'
        f"<dd>{escape(sentence)}</dd>"
        for heading, sentence, style in cells.notes
    )
    return (
        f'<section id="answer" class="answer-only{off_class(last)}"><h2>The answer</h2>'
        f"<table><thead><tr>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table><dl>{notes}</dl></section>"
    )
