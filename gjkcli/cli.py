"""The ``gjk`` command line: parse options, call the library, pick a renderer.

No geometry lives here. Input problems arrive as
:class:`~gjkcli.io.errors.InputError` and leave as one line on standard error
with exit status 2; nothing else is ever printed as a traceback.

The annotations here are evaluated as the module is (no ``from __future__
import annotations``): Typer reads those of the command it runs at each start,
and would otherwise evaluate each of them from a string again, every time. It
reads only that command's: a command line naming one runs an app holding that
command alone (:func:`_app_for`).
"""

import contextlib
import copy
import itertools
import json
import math
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, TextIO

import typer

from gjkcli.cli_motion import register as register_motion
from gjkcli.cli_values import Command, Group
from gjkcli.render.pacing import (
    CAPTION_SIZES,
    DEFAULT_CAPTION_SIZE,
    DEFAULT_SECONDS_PER_STEP,
    SECONDS_PER_STEP,
)
from gjkcli.tolerances import MAX_COORDINATE

if TYPE_CHECKING:
    from _typeshed import SupportsWrite
    from rich.console import Console

    from gjkcli.io.answers import AnswerBook
    from gjkcli.pair import Pair
    from gjkcli.render.junit import JUnitReport
    from gjkcli.verify.check import Check
    from gjkcli.verify.expect import ExpectSettings
    from gjkcli.verify.tally import Summary

__all__ = ["app", "main"]

EXIT_OK, EXIT_DISAGREE, EXIT_INPUT = 0, 1, 2
EXIT_READER_GONE = 128 + 13  # as if ended by SIGPIPE: standard output's reader went away

app = typer.Typer(
    name="gjk",
    cls=Group,
    help="Distance, intersection and overlap of 2D shapes by GJK (convex, or cut into "
    "convex parts), cross-checked against Shapely.",
    epilog="Examples:\n"
    "  gjk example > pair.json && gjk check pair.json\n"
    '  gjk check \'POINT (0 0)\' \'{"type": "circle", "center": [3, 4], "radius": 1}\'\n'
    "  gjk check pair.json --trace --query boolean\n"
    "  gjk explain pair.json -o run.html\n"
    "  gjk generate corpus.jsonl --count 1000 && gjk batch corpus.jsonl\n"
    "\n"
    "Exit status:\n"
    "  0  everything agreed and every expectation held\n"
    "  1  a disagreement or a failed expectation\n"
    "  2  bad usage or unreadable input\n"
    "\n"
    "Each command has -h with its own examples and exit statuses. The file "
    "formats: gjk formats. Shell completion: gjk --install-completion (bash, zsh, "
    "fish, PowerShell), or gjk --show-completion to see the script.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback(invoke_without_command=True)
def _options(
    context: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            help="Show the versions of gjk, its engine, Python, Shapely, GEOS and NumPy, and exit.",
        ),
    ] = False,
    json_output: Annotated[
        bool,
        typer.Option(
            "--json",
            help="With --version: one JSON object, with the record schema and gjkcli's "
            "named tolerances too.",
        ),
    ] = False,
) -> None:
    """The options of ``gjk`` itself (its help is the app's ``help`` and ``epilog``)."""
    if version:
        from gjkcli.render.about import about, about_lines

        if json_output:
            _print_json(about())
        else:
            _write(sys.stdout, "".join(line + "\n" for line in about_lines()))
        raise typer.Exit(EXIT_OK)
    if json_output:
        _fail("gjk --json goes with --version; for a pair's record: gjk check PAIR --json")
    if context.invoked_subcommand is None:  # bare gjk shows the help; this is gjk --
        _fail("no command given: gjk --help lists them")


FirstShape = Annotated[
    str,
    typer.Argument(
        metavar="A",
        help="A pair file (JSON, GeoJSON FeatureCollection of two, or two-line WKT), "
        "or the first of two shapes: a shape file, or a shape written out as WKT or "
        "JSON text; '-' reads standard input. gjk formats input says more, gjk example "
        "shows one.",
    ),
]
SecondShape = Annotated[
    str | None,
    typer.Argument(
        metavar="B", help="The second shape (a file, or WKT or JSON text), when A is one shape."
    ),
]


_STRICT_HELP = (
    "Also fail (exit 1) when a run stopped at its iteration cap or on a degenerate "
    "direction, or a certificate's bounds are looser than the tolerance."
)


Precision = Annotated[
    Literal["double", "single"] | None,
    typer.Option(
        "--precision",
        help="Tolerances for stated answers (expect, --answers): 'double' (the default: "
        "1e-9 * (1 + scale)) or 'single' (a float32 engine's answers pass).",
    ),
]
Rtol = Annotated[
    float | None,
    typer.Option(
        "--rtol",
        min=0.0,
        max=1.0,
        metavar="X",
        help="Stated lengths pass within atol + rtol * scale (0 to 1; overrides the preset).",
    ),
]
Atol = Annotated[
    float | None,
    typer.Option(
        "--atol",
        min=0.0,
        metavar="X",
        help="The absolute part of that tolerance (0 to 1e150, the largest coordinate).",
    ),
]
Direction = Annotated[
    tuple[float, float] | None,
    typer.Option(
        "--direction",
        metavar="DX DY",
        help="The first search direction of both GJK runs, to follow a textbook's "
        "walk-through (default: (0, 1) for the boolean run, (1, 0) for the distance run).",
    ),
]

Angle = Annotated[
    float | None,
    typer.Option(
        "--angle",
        min=0.0,
        metavar="X",
        help="Stated normals pass within this angle, in radians (0 or more).",
    ),
]
NormalConvention = Annotated[
    Literal["a-to-b", "b-to-a"] | None,
    typer.Option(
        "--normal-convention",
        help="Which way stated normals point: 'a-to-b' (gjkcli's: B moves along it to "
        "separate) or 'b-to-a'.",
    ),
]
"""The options that say how stated answers are judged (:func:`_expect_settings`); their
defaults come from ``[tool.gjkcli]`` in ``pyproject.toml`` (:mod:`gjkcli.config`)."""


def _expect_settings(
    precision: str | None,
    rtol: float | None,
    atol: float | None,
    angle: float | None,
    normal_convention: str | None,
) -> "ExpectSettings":
    """The settings for judging stated answers, or a usage error (exit status 2)."""
    from gjkcli.config import ConfigError, expect_settings

    if atol is not None and atol > MAX_COORDINATE:  # it would accept anything, and overflow
        _fail(f"--atol {atol:g}: must be at most {MAX_COORDINATE:g}, the largest coordinate")

    try:
        return expect_settings(
            precision=precision,
            rtol=rtol,
            atol=atol,
            angle=angle,
            normal_convention=normal_convention,
        )
    except ConfigError as error:
        _fail(str(error))


TraceQuery = Literal["both", "boolean", "distance"]
"""Which GJK run ``--trace`` shows (:data:`gjkcli.render.trace.Query`)."""

PictureQuery = Literal["boolean", "distance"]
"""Which GJK run a picture shows (:data:`gjkcli.render.plot.RunQuery`)."""


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk example | gjk check -\n"
    "  gjk check pair.json\n"
    "  gjk check a.json b.json --json\n"
    "  gjk check 'POINT (0 0)' 'POLYGON ((2 0, 3 0, 3 1, 2 0))'\n"
    "  gjk check pair.json --trace --query boolean\n"
    "  gjk check pair.json --plot pair.png\n"
    "\n"
    "Exit status:\n"
    "  0  GJK agreed with the referees and every expectation held\n"
    "  1  a disagreement or a failed expectation (with --strict, also a warning)\n"
    "  2  bad usage or unreadable input (one line says where and why)\n"
    "\n"
    "The pair format and the expect block: gjk formats input; a pair to start "
    "from: gjk example.",
)
def check(
    context: typer.Context,
    a: FirstShape,
    b: SecondShape = None,
    *,
    json_output: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object (gjk formats json) and nothing else."),
    ] = False,
    trace: Annotated[
        bool,
        typer.Option(
            "--trace",
            help="After the table, every step of GJK's runs in words (with --json: the "
            "'trace' key, full precision).",
        ),
    ] = False,
    query: Annotated[
        TraceQuery,
        typer.Option(
            "--query", help="Which run --trace shows; --plot draws the distance run for 'both'."
        ),
    ] = "both",
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", metavar="FILE", help="Also draw the pair to this file (.svg, .png or .pdf)."
        ),
    ] = None,
    direction: Direction = None,
    strict: Annotated[bool, typer.Option("--strict", help=_STRICT_HELP)] = False,
    precision: Precision = None,
    rtol: Rtol = None,
    atol: Atol = None,
    angle: Angle = None,
    normal_convention: NormalConvention = None,
    manifold: Annotated[
        bool,
        typer.Option(
            "--manifold",
            help="Also the contact manifold (points, separations, features), checked by "
            "Shapely (with --json: the 'manifold' key).",
        ),
    ] = False,
    manifold_margin: Annotated[
        float | None,
        typer.Option(
            "--manifold-margin",
            metavar="M",
            help="A speculative manifold: also the points of shapes up to M apart (0 or more; "
            "implies --manifold).",
        ),
    ] = None,
) -> None:
    """Check two shapes: verdict, distance, closest points, depth, certificate, referees."""
    from gjkcli.verify.check import check_pair

    if plot is not None:
        _check_picture_path(plot)
    if not trace and plot is None and _given(context, "query"):
        _fail("--query chooses the run that --trace shows or --plot draws: give one of them too")
    settings = _expect_settings(precision, rtol, atol, angle, normal_convention)
    first = _direction(direction)
    margin = 0.0 if manifold_margin is None else _margin(manifold_margin)
    manifold = manifold or manifold_margin is not None
    pair = _load(a, b, json_output)
    _notes(pair)
    if pair.motion is not None:
        _note(
            f"{pair.name}: gjk check leaves the motion aside and checks the shapes as "
            "written; gjk cast casts it"
        )
    result = check_pair(pair, trace=trace or plot is not None, settings=settings, direction=first)
    contact = None
    if manifold:
        from gjkcli.verify.manifold_oracle import check_manifold

        contact = check_manifold(pair.a.shape, pair.b.shape, margin)
    if json_output:
        from gjkcli.render.json_record import check_record

        record = check_record(result, query if trace else None, strict=strict)
        if contact is not None:
            from gjkcli.render.manifold import manifold_record

            record |= {"manifold": manifold_record(contact)}
        _print_json(record)
    else:
        from gjkcli.render.table import check_table

        console = _console()
        console.print(check_table(result))
        if contact is not None:
            from gjkcli.render.manifold import manifold_table

            console.print(manifold_table(contact))
        if trace:
            from gjkcli.render.trace import trace_text

            console.print(trace_text(query, result.answer))
    picture: PictureQuery = "boolean" if query == "boolean" else "distance"
    if plot is not None and contact is not None:  # the manifold over the picture
        from gjkcli.cli_pictures import plot_manifold

        plot_manifold(result, picture, plot, DEFAULT_CAPTION_SIZE, contact)
    elif plot is not None:
        _draw(result, picture, plot)
    failed = not result.ok or (strict and bool(result.warnings))
    failed = failed or (contact is not None and not contact.agree)
    raise typer.Exit(EXIT_DISAGREE if failed else EXIT_OK)


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk plot pair.json -o pair.svg --query boolean\n"
    "  gjk plot a.json b.json -o pair.png --gif run.gif\n"
    "  gjk plot pair.json --frames steps/\n"
    "  gjk plot pair.json -o pair.svg --manifold\n"
    "  gjk plot moving-pair.json -o sweep.svg   (a pair with a motion: its sweep)\n"
    "\n"
    "Exit status:\n"
    "  0  drawn, and GJK (or the cast, or the manifold) agreed with the referees\n"
    "  1  drawn, but a disagreement or a failed expectation\n"
    "  2  bad usage, unreadable input, or matplotlib missing "
    "(pip install 'gjkcli[plot]')",
)
def plot(
    a: FirstShape,
    b: SecondShape = None,
    *,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="The picture: .svg, .png or .pdf, by extension."
        ),
    ] = None,
    gif: Annotated[
        Path | None,
        typer.Option(
            "--gif", metavar="FILE", help="An animation, one frame per step, each captioned."
        ),
    ] = None,
    frames: Annotated[
        Path | None,
        typer.Option(
            "--frames", metavar="DIR", help="A folder for one PNG per step (created if needed)."
        ),
    ] = None,
    query: Annotated[
        PictureQuery, typer.Option("--query", help="Which GJK run to draw.")
    ] = "distance",
    direction: Direction = None,
    seconds_per_step: Annotated[
        float,
        typer.Option(
            "--seconds-per-step",
            min=SECONDS_PER_STEP[0],
            max=SECONDS_PER_STEP[1],
            metavar="X",
            help=f"How long --gif holds each step, the last twice as long "
            f"({SECONDS_PER_STEP[0]:g} to {SECONDS_PER_STEP[1]:g}).",
        ),
    ] = DEFAULT_SECONDS_PER_STEP,
    caption_size: Annotated[
        float,
        typer.Option(
            "--caption-size",
            min=CAPTION_SIZES[0],
            max=CAPTION_SIZES[1],
            metavar="PT",
            help=f"The size of the captions' letters, in points "
            f"({CAPTION_SIZES[0]:g} to {CAPTION_SIZES[1]:g}).",
        ),
    ] = DEFAULT_CAPTION_SIZE,
    manifold: Annotated[
        bool,
        typer.Option(
            "--manifold",
            help="Draw the contact manifold over the shapes in the -o picture: its points "
            "and separations, the normal, the reference edge.",
        ),
    ] = False,
) -> None:
    """Draw the shapes, and A - B with GJK's run (then EPA's) step by step, the answer last;
    for a pair with a motion, its sweep: the start, the path, the shapes at impact."""
    from gjkcli.cli_pictures import plot_manifold, plot_sweep
    from gjkcli.verify.check import check_pair

    if output is None and gif is None and frames is None:
        _fail("nothing to draw to: give -o FILE, --gif FILE or --frames DIR")
    if output is not None:
        _check_picture_path(output)
    if gif is not None and gif.suffix.lower() != ".gif":
        _fail(f"{gif}: an animation file must end in .gif")
    first = _direction(direction)
    pair = _load(a, b, False)
    steps = [
        name
        for name, given in (("--gif", gif), ("--frames", frames), ("--manifold", manifold))
        if given
    ]
    if pair.motion is not None:
        plot_sweep(pair, a, output, steps)
    if manifold and output is None:
        _fail("--manifold draws on the picture: give -o FILE too")
    result = check_pair(pair, trace=True, direction=first)
    if gif is not None or frames is not None:
        _draw(
            result,
            query,
            gif=gif,
            frames=frames,
            seconds_per_step=seconds_per_step,
            caption_size=caption_size,
        )
    agree = True  # the manifold's cross-check, when there is one
    if output is not None and manifold:
        agree = plot_manifold(result, query, output, caption_size)
    elif output is not None:  # last: writing the frames removes files named as frames are
        _draw(result, query, output, caption_size=caption_size)
    raise typer.Exit(EXIT_OK if result.ok and agree else EXIT_DISAGREE)


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk explain pair.json -o run.html\n"
    "  gjk example | gjk explain - -o seed.html --direction 0 1\n"
    "  gjk explain a.json b.json -o run.html\n"
    "\n"
    "Exit status:\n"
    "  0  written, and GJK agreed with the referees\n"
    "  1  written, but a disagreement or a failed expectation\n"
    "  2  bad usage, unreadable input, or a file that cannot be written\n"
    "\n"
    "The page needs no network: open it from the file system in any browser. "
    "What it holds: gjk formats explain.",
)
def explain(
    a: FirstShape,
    b: SecondShape = None,
    *,
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The page to write, ending in .html (replaced whole, or left as it was).",
        ),
    ],
    direction: Direction = None,
) -> None:
    """Write one HTML page that walks through every step of GJK's runs and EPA's, with a
    step slider, the words of --trace beside the picture, and the answer at the end."""
    from gjkcli.render.explain import explain_page
    from gjkcli.verify.check import check_pair

    if output.suffix.lower() != ".html":
        _fail(f"{output}: the page's file name must end in .html")
    first = _direction(direction)
    pair = _load(a, b, False)
    _notes(pair)
    result = check_pair(pair, trace=True, direction=first)
    page = explain_page(result)
    with contextlib.ExitStack() as stack:
        _atomic(stack, output).write(page)
    sys.stderr.write(f"gjk: wrote {output}\n")
    raise typer.Exit(EXIT_OK if result.ok else EXIT_DISAGREE)


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk batch cases/\n"
    "  gjk batch corpus.jsonl --json | jq 'select(.status != \"pass\")'\n"
    "  gjk batch pairs.jsonl --answers engine.jsonl --junit report.xml\n"
    "  gjk batch cases/ --glob '*touching*' -o results.jsonl\n"
    "  gjk batch pairs.parquet --output results.parquet\n"
    "  gjk generate - --count 100 | gjk batch - --fail-fast\n"
    "  gjk batch huge.jsonl --output-dir results/    (again with --resume)\n"
    "  gjk batch corpus.jsonl --scheduler tcp://10.0.0.5:8786 -o out.jsonl\n"
    "\n"
    "Exit status:\n"
    "  0    every pair passed\n"
    "  1    a pair failed (a disagreement, a failed expectation or answer, with "
    "--strict a warning), or an answer matched no pair\n"
    "  2    bad usage, a pair that could not be read, or no pairs found\n"
    "  130  stopped by Ctrl-C (SIGINT)\n"
    "  141  the reader of standard output went away (gjk batch --json | head)\n"
    "  143  stopped by SIGTERM\n"
    "\n"
    "A run cut short leaves no partial output file; the records already written "
    "stay whole. The formats of the records and the summary: gjk formats batch.",
)
def batch(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH...",
            help="Pair files, .jsonl/.ndjson streams of pairs, folders (searched "
            "recursively), or .parquet pair tables (columns a and b, or a GeoParquet file's two "
            "geometry columns; not searched for in folders); '-' reads JSON Lines from "
            "standard input.",
        ),
    ],
    *,
    glob: Annotated[
        str | None,
        typer.Option(
            "--glob",
            metavar="PATTERN",
            help="Only files in folders whose name matches this pattern ('*touching*'); a "
            "pattern with '/' matches the path inside the folder ('circle/*.json').",
        ),
    ] = None,
    json_output: Annotated[
        bool,
        typer.Option("--json", help="One JSON object per pair on standard output, in input order."),
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the JSON Lines to this file (atomically); a name ending in .parquet "
            "writes a Parquet table (typed columns and the whole record; needs pyarrow).",
        ),
    ] = None,
    summary_json: Annotated[
        Path | None,
        typer.Option("--summary-json", metavar="FILE", help="Also write the summary as JSON here."),
    ] = None,
    fail_fast: Annotated[
        bool, typer.Option("--fail-fast", help="Stop at the first pair that does not pass.")
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            metavar="N",
            help="Worker processes, 1 or more (default: the number of cores).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help=_STRICT_HELP)] = False,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            metavar="ADDRESS",
            help="Run on a Dask cluster: its scheduler's address (tcp://HOST:PORT), or 'local' "
            "to start one of --workers processes here. Needs: pip install 'gjkcli[dask]'.",
        ),
    ] = None,
    output_dir: Annotated[
        Path | None,
        typer.Option(
            "--output-dir",
            metavar="DIR",
            help="Write the JSON Lines as numbered part files with a manifest in this new "
            "folder, so that an interrupted run can be resumed (not with --output or --json).",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Go on with the interrupted --output-dir run: the same command, "
            "plus --resume. Finished parts are kept, not checked again.",
        ),
    ] = False,
    part_size: Annotated[
        int | None,
        typer.Option(
            "--part-size",
            min=1,
            metavar="N",
            help="Pairs per part file of --output-dir, 1 or more (default: 100,000).",
        ),
    ] = None,
    answers: Annotated[
        str | None,
        typer.Option(
            "--answers",
            metavar="FILE",
            help="Your engine's answers, JSON Lines with the keys of expect, joined to the "
            "pairs by id, by name, or by position; each is judged like expect.",
        ),
    ] = None,
    junit: Annotated[
        Path | None,
        typer.Option(
            "--junit",
            metavar="FILE",
            help="Also write the results as JUnit XML, one test per pair.",
        ),
    ] = None,
    precision: Precision = None,
    rtol: Rtol = None,
    atol: Atol = None,
    angle: Angle = None,
    normal_convention: NormalConvention = None,
) -> None:
    """Check many pairs: folders, JSON Lines, stdin, Parquet; a summary and an exit status."""
    from gjkcli.batch.cluster import ClusterError, dask_executor
    from gjkcli.batch.join import joined
    from gjkcli.batch.parts import DEFAULT_PART_SIZE, OutputDirError, PartFolder, command_key
    from gjkcli.batch.pool import WorkersFailedError
    from gjkcli.batch.runner import run_batch
    from gjkcli.io.answers import AnswersError, read_answers
    from gjkcli.io.discover import count, items
    from gjkcli.io.errors import printable
    from gjkcli.render.json_text import json_text
    from gjkcli.render.junit import JUnitReport
    from gjkcli.render.summary import print_summary, summary_record

    def warn(message: str) -> None:
        sys.stderr.write(f"gjk: warning: {printable(message)}\n")

    settings = _expect_settings(precision, rtol, atol, angle, normal_convention)
    _check_paths(paths)
    _check_outputs(
        paths,
        glob,
        output=output,
        summary_json=summary_json,
        output_dir=output_dir,
        junit=junit,
        answers=answers,
    )
    _check_batch_options(
        json_output=json_output,
        output=output,
        output_dir=output_dir,
        resume=resume,
        part_size=part_size,
        fail_fast=fail_fast,
        scheduler=scheduler,
    )
    _check_tables(paths)
    stdin = ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")
    if answers in stdin and any(path in stdin for path in paths):
        _fail(f"--answers {answers} and an input both read standard input: give one a file")
    try:
        book = read_answers(answers) if answers is not None else None
    except AnswersError as error:
        _fail(str(error))
    if book is not None and book.join == "position" and any(map(os.path.isdir, paths)):
        _fail(
            f"{book.file} joins its answers to the pairs by position, which a folder's "
            "skipped shape files would shift: give each answer the id or the name of its pair"
        )
    show_progress = not quiet and sys.stderr.isatty()
    # the length of the run, for the progress bar: a first, quiet pass over the inputs
    # that can be read twice (a pipe is not counted: the count would drain it)
    total = count(paths, glob) if show_progress else None
    try:
        with contextlib.ExitStack() as stack:
            records = _records_file(stack, output) if output is not None else None
            summary_stream = _atomic(stack, summary_json) if summary_json is not None else None
            junit_stream = _atomic(stack, junit) if junit is not None else None
            report = JUnitReport() if junit is not None else None
            if records is None and json_output:
                records = sys.stdout

            def write(line: str) -> None:
                if records is not None:
                    _write(records, line + "\n")

            pairs, progress, parts = items(paths, glob, warn=warn), None, None
            if book is not None:
                pairs = joined(pairs, book)
            if output_dir is not None:
                size = part_size or DEFAULT_PART_SIZE
                key = command_key(paths, glob, strict, size, answers=answers, settings=settings)
                parts = stack.enter_context(PartFolder(output_dir, key, resume))
                pairs, write, progress = parts.remaining(pairs), parts.write, parts.progress
                total = None if total is None else total - parts.done_items
            executor, width = None, workers or os.cpu_count() or 1
            if scheduler is not None:
                executor, width = stack.enter_context(dask_executor(scheduler, width))
            summary = run_batch(
                pairs,
                workers=width,
                fail_fast=fail_fast,
                strict=strict,
                write=write,
                progress=_both(progress, stack.enter_context(_progress(show_progress, total))),
                warn=warn,
                note=_note,
                executor=executor,
                part_size=None if parts is None else parts.part_size,
                settings=settings,
                observe=(lambda outcome: None) if report is None else report.add,
            )
            summary = summary if parts is None else parts.finish(summary)
            if book is not None and not summary.stopped_early:
                _answers_without_pair(book, summary, report, warn)
            if report is not None and junit_stream is not None:
                report.write(junit_stream, summary.elapsed)
            # with --json the records may go to standard output: the summary never does
            print_summary(_console(stderr=json_output), summary)
            if summary_stream is not None:
                summary_stream.write(json_text(summary_record(summary), indent=2) + "\n")
    except (WorkersFailedError, ClusterError, OutputDirError) as error:
        _fail(str(error))
    except OSError as error:  # moving the output files into place
        _fail(f"cannot write the output: {error.strerror or error}")
    if summary.pairs == 0:
        sys.stderr.write(
            "gjk: error: no pairs found in "
            + printable(", ".join(paths))
            + " (check the paths and --glob)\n"
        )
    raise typer.Exit(summary.exit_status)


def _answers_without_pair(
    book: "AnswerBook",
    summary: "Summary",
    report: "JUnitReport | None",
    warn: Callable[[str], None],
) -> None:
    """Count, and say, which answers no pair took (the first 20, then how many more)."""
    from gjkcli.verify.tally import FAILURES_SHOWN

    unused = book.unused()
    summary.answers_without_pair = len(unused)
    if not unused:
        return
    lines = [f"{book.describe(entry)}: this answer matched no pair" for entry in unused]
    shown = lines[:FAILURES_SHOWN]
    if len(lines) > len(shown):
        shown.append(f"... and {len(lines) - len(shown):,} more answers that matched no pair")
    for line in shown:
        warn(line)
    if report is not None:
        report.add_failure(book.file, "answers without a pair", shown)


def _check_outputs(
    paths: list[str],
    glob: str | None,
    *,
    output: Path | None,
    summary_json: Path | None,
    output_dir: Path | None,
    junit: Path | None = None,
    answers: str | None = None,
) -> None:
    """Refuse output files that would replace an input, each other, or be read as input
    by the next run over the same folder (one line, exit status 2, before any work)."""
    from gjkcli.batch.parts import MANIFEST, part_name
    from gjkcli.io.discover import would_read

    options = [
        ("--output", output, output),
        ("--summary-json", summary_json, summary_json),
        ("--junit", junit, junit),
    ]
    inputs = [*paths, *([answers] if answers is not None else [])]
    if output_dir is not None:  # the files it will hold
        options += [("--output-dir", output_dir, output_dir / f) for f in (MANIFEST, part_name(0))]
    named_files = [(option, target) for option, _, target in options if target is not None]
    for (first, one), (second, other) in itertools.combinations(named_files, 2):
        if _same_path(one, other):
            _fail(f"{first} and {second} name the same file, {one}")
    for option, named, target in options:
        if target is None:
            continue
        replaced = [path for path in inputs if _same_file(target, path)]
        if replaced:
            _fail(f"{option} {named} would replace the input {replaced[0]}")
        folder = would_read(paths, glob, str(target))
        if folder is not None:
            _fail(
                f"{option} {named} is inside the folder {folder}, which is searched for "
                "pairs: the next run would read it as input (write it elsewhere)"
            )


def _check_paths(paths: list[str]) -> None:
    """Refuse the run, before any pair is checked, if a named path does not exist (one line
    naming every such path, exit status 2): a mistyped input is a usage error, found at
    once rather than after the rest of a long run. Standard input ('-') always exists."""
    missing = [path for path in paths if path != "-" and not os.path.lexists(path)]
    if missing:
        _fail(f"{', '.join(missing)}: no such file or folder")


def _check_tables(paths: list[str]) -> None:
    """Parquet pair tables need pyarrow: without it, say what to install (exit status 2),
    before any work."""
    from gjkcli.io.arrow import ParquetUnavailableError, pyarrow
    from gjkcli.io.discover import is_pair_table

    for path in filter(is_pair_table, paths):
        try:
            pyarrow(f"reading {path}")
        except ParquetUnavailableError as error:
            _fail(str(error))


def _check_batch_options(
    *,
    json_output: bool,
    output: Path | None,
    output_dir: Path | None,
    resume: bool,
    part_size: int | None,
    fail_fast: bool,
    scheduler: str | None,
) -> None:
    """Refuse options that do not go together (one line, exit status 2)."""
    refused = [
        (
            output_dir is not None and (output is not None or json_output),
            "--output-dir writes the records to part files in a folder: it cannot be combined "
            "with --output or --json",
        ),
        (
            output_dir is not None and fail_fast,
            "--fail-fast cannot be combined with --output-dir: a resumable run checks every pair",
        ),
        (
            output_dir is None and resume,
            "--resume goes on with an --output-dir run: give its folder with --output-dir",
        ),
        (
            output_dir is None and part_size is not None,
            "--part-size is the size of the part files of --output-dir: give --output-dir too",
        ),
        (scheduler == "", "--scheduler: give a scheduler's address (tcp://HOST:PORT) or 'local'"),
    ]
    for wrong, message in refused:
        if wrong:
            _fail(message)


def _both(
    first: "Callable[[Summary], None] | None", second: "Callable[[Summary], None]"
) -> "Callable[[Summary], None]":
    """Both progress callbacks, the first (if any) first."""
    if first is None:
        return second

    def both(summary: "Summary") -> None:
        first(summary)
        second(summary)

    return both


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk generate corpus.jsonl --count 10000 --seed 1\n"
    "  gjk generate cases/ --files --count 200 --family touching-vertex-edge\n"
    "  gjk generate - --count 1000 --seed 3 | gjk batch -\n"
    "  gjk generate casts.jsonl --count 90 --family cast-grazing --family cast-peers\n"
    "\n"
    "Exit status:\n"
    "  0  the pairs were written\n"
    "  2  bad usage, or the output could not be written",
)
def generate(
    out: Annotated[
        Path,
        typer.Argument(
            metavar="OUT",
            help="A JSON Lines file ('-': standard output), or with --files a folder.",
        ),
    ],
    *,
    count: Annotated[
        int, typer.Option("--count", min=0, metavar="N", help="How many pairs (0 or more).")
    ] = 1000,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="The same seed gives the same pairs.")
    ] = 0,
    files: Annotated[
        bool, typer.Option("--files", help="One pair file per pair, in the folder OUT.")
    ] = False,
    family: Annotated[
        list[str] | None,
        typer.Option(
            "--family",
            metavar="NAME",
            help="Only these families (repeat the option): polygons, mixed, circles, "
            "touching-vertex-vertex, touching-vertex-edge, touching-edge-edge, nearly-touching, "
            "nested, identical, offset-1e6, offset-1e9, tiny, collinear-repeated, "
            "degenerate-segments, nonconvex, pockets; and, only when named, extreme (every "
            "shape type 1e-6 to 1e14 long, up to 1e12 out) and the moving pairs (with a "
            "motion, for gjk cast and gjk batch): cast-grazing, cast-start-contact, "
            "cast-overlapping, cast-parallel-sliding, cast-far-thin, cast-hair-miss, "
            "cast-zero-motion, cast-rotating, cast-peers.",
        ),
    ] = None,
) -> None:
    """Write a reproducible corpus of pairs: random shapes and the hard cases."""
    from gjkcli.corpus import DEFAULT_FAMILIES, FAMILIES
    from gjkcli.corpus import generate as corpus
    from gjkcli.io.atomic import atomic_text
    from gjkcli.io.node import unknown

    if files and str(out) == "-":
        _fail(
            "--files writes one file per pair into a folder; '-' (standard output) takes JSON Lines"
        )
    chosen = family or list(DEFAULT_FAMILIES)
    for name in chosen:
        if name not in FAMILIES:
            _fail(f"--family: unknown family '{name}'{unknown(name, FAMILIES, 'families')}")
    pairs = corpus(count, seed, chosen)
    try:
        if files:
            out.mkdir(parents=True, exist_ok=True)
            for index, pair in enumerate(pairs):
                name = f"{index:06d}-{pair['name'].split('/')[0]}.json"
                with atomic_text(out / name) as stream:
                    stream.write(json.dumps(pair, indent=1) + "\n")
        elif str(out) == "-":
            for pair in pairs:
                _write(sys.stdout, json.dumps(pair) + "\n")
        else:
            with atomic_text(out) as stream:
                for pair in pairs:
                    stream.write(json.dumps(pair) + "\n")
    except OSError as error:
        _fail(f"{out}: cannot write: {error.strerror or error}")
    sys.stderr.write(f"gjk: wrote {count:,} pairs to {out}\n")


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk fuzz --impl my_engine.py:answer --types polygon,circle,point\n"
    "  gjk fuzz --impl-cmd './my-engine --json' --seed 1 --count 500\n"
    "  gjk fuzz --impl mypackage.collide:answer --time 60 --out fuzz-results\n"
    "\n"
    "Exit status:\n"
    "  0  nothing found\n"
    "  1  findings (written to --out)\n"
    "  2  bad usage\n"
    "\n"
    "What the engine is given and answers: gjk formats fuzz.",
)
def fuzz(
    *,
    impl: Annotated[
        str | None,
        typer.Option(
            "--impl",
            metavar="MODULE:FUNCTION",
            help="The engine as a Python function, package.module:function or "
            "path/to/file.py:function, called with each pair as a dict; it returns a dict "
            "with keys of a pair's expect (intersects, verdict, distance, depth, ...).",
        ),
    ] = None,
    impl_cmd: Annotated[
        str | None,
        typer.Option(
            "--impl-cmd",
            metavar="COMMAND",
            help="The engine as a program (no shell; split as a shell would), kept running: "
            "one pair per line of JSON on its standard input, one answer object per line "
            "on its standard output (gjk formats fuzz).",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", metavar="N", help="The same seed gives the same pairs and findings."
        ),
    ] = 0,
    count: Annotated[
        int,
        typer.Option(
            "--count", min=1, metavar="N", help="Try at most this many pairs (1 or more)."
        ),
    ] = 1000,
    seconds: Annotated[
        float | None,
        typer.Option(
            "--time",
            min=0.0,
            metavar="SECONDS",
            help="Search at most this many seconds (then shrink).",
        ),
    ] = None,
    types: Annotated[
        str | None,
        typer.Option(
            "--types",
            metavar="TYPE,...",
            help="Only pairs of these native shape types, without transform, margin, holes "
            "or name (comma-separated: point, segment, polygon, hull, circle, ellipse, "
            "rectangle, capsule): the shapes the engine supports. Polygons are convex "
            "unless 'nonconvex' is named too.",
        ),
    ] = None,
    families: Annotated[
        str | None,
        typer.Option(
            "--families",
            metavar="NAME,...",
            help="Only these sources (comma-separated): gjk generate's families, 'random' "
            "(random shapes, scales and offsets) and 'scaled' (family pairs made small).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="The folder for the findings and summary.json (default: gjk-fuzz); an "
            "earlier run's output there is replaced, anything else refused.",
        ),
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            min=0.001,
            metavar="SECONDS",
            help="Seconds a program may take per pair (at least 0.001).",
        ),
    ] = 10.0,
    max_calls: Annotated[
        int,
        typer.Option(
            "--max-calls",
            min=0,
            metavar="N",
            help="Engine calls allowed to shrink each finding (0 or more).",
        ),
    ] = 2000,
    quiet: Annotated[
        bool, typer.Option("--quiet", help="Print nothing; the exit status tells.")
    ] = False,
    precision: Precision = None,
    rtol: Rtol = None,
    atol: Atol = None,
    angle: Angle = None,
    normal_convention: NormalConvention = None,
) -> None:
    """Fuzz your collision engine against gjkcli; shrink each kind of wrong answer."""
    from gjkcli.fuzz.command import (
        TYPES,
        UsageError,
        default_out,
        families_allowed,
        make_engine,
        parse_list,
        run_fuzz,
    )
    from gjkcli.fuzz.run import FuzzOptions

    settings = _expect_settings(precision, rtol, atol, angle, normal_convention)
    try:
        options = FuzzOptions(
            seed=seed,
            count=count,
            seconds=seconds,
            types=parse_list("--types", types, TYPES),
            families=parse_list("--families", families, families_allowed()),
            out=out if out is not None else default_out(),
            max_calls=max_calls,
            settings=settings,
        )
        engine = make_engine(impl, impl_cmd, timeout)
        result = run_fuzz(engine, options, quiet)
    except UsageError as error:
        _fail(str(error))
    raise typer.Exit(EXIT_DISAGREE if result.findings else EXIT_OK)


@contextlib.contextmanager
def _progress(show: bool, total: int | None) -> Iterator[Callable[["Summary"], None]]:
    """A progress bar on standard error while a batch runs (if ``show``): a bar with the
    pairs done out of ``total`` and the time left, or, for a stream of unknown length,
    a count."""
    if not show:
        yield lambda summary: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns: list[ProgressColumn | str] = (
        [BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()]
        if total is not None
        else [SpinnerColumn(), TextColumn("{task.completed:,} pairs")]
    )
    with Progress(
        *columns,
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=_console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("", total=total)

        def update(summary: "Summary") -> None:
            bar.update(
                task,
                completed=summary.pairs + summary.skipped,
                description=f"{summary.pairs_per_second:,.0f}/s, {summary.failing:,} failing",
            )

        yield update


def _direction(given: tuple[float, float] | None) -> tuple[float, float] | None:
    """``--direction``, checked as the runs check it (:func:`~gjkcli.algorithms.support.
    first_direction`), so that a bad one is a usage error rather than an internal one."""
    if given is None:
        return None
    from gjkcli.algorithms.support import first_direction

    direction = (float(given[0]) + 0.0, float(given[1]) + 0.0)
    try:
        first_direction(direction)
    except ValueError as error:
        _fail(f"--direction {direction[0]:g} {direction[1]:g}: {error}")
    return direction


def _given(context: typer.Context, parameter: str) -> bool:
    """Whether the command line (not a default) gave the command's ``parameter``. (By name:
    Typer 0.29 has a Click of its own, whose ``ParameterSource`` is not Click's.)"""
    source = context.get_parameter_source(parameter)
    return source is not None and source.name != "DEFAULT"


def _check_picture_path(path: Path) -> None:
    from gjkcli.render.plot import SUFFIXES

    if path.suffix.lower() not in SUFFIXES:
        _fail(f"{path}: a picture file must end in " + ", ".join(SUFFIXES))


def _draw(
    result: "Check",
    query: PictureQuery,
    picture: Path | None = None,
    *,
    gif: Path | None = None,
    frames: Path | None = None,
    seconds_per_step: float = DEFAULT_SECONDS_PER_STEP,
    caption_size: float = DEFAULT_CAPTION_SIZE,
) -> None:
    """Draw a picture, or an animation and a folder of frames (drawn once for both); a
    missing matplotlib or an unwritable path is one line, exit 2."""
    from gjkcli.render.plot import PlotUnavailableError, save_plot, save_steps

    written = [path for path in (picture, gif, frames) if path is not None]
    try:
        if picture is not None:
            save_plot(result, query, picture, caption_size)
        else:
            save_steps(
                result,
                query,
                gif=gif,
                frames=frames,
                seconds_per_step=seconds_per_step,
                caption_size=caption_size,
            )
    except PlotUnavailableError as error:
        _fail(str(error))
    except OSError as error:
        where = error.filename or written[0]
        _fail(f"{where}: cannot write: {error.strerror or error}")
    for path in written:
        sys.stderr.write(f"gjk: wrote {path}\n")


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk example | gjk minkowski -\n"
    "  gjk minkowski a.json b.json --wkt\n"
    "  gjk minkowski pair.json --json\n"
    "\n"
    "Exit status:\n"
    "  0  the difference was printed\n"
    "  2  bad usage, unreadable input, or a shape that is not convex",
)
def minkowski(
    a: FirstShape,
    b: SecondShape = None,
    *,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print one JSON object and nothing else.")
    ] = False,
    wkt_output: Annotated[
        bool, typer.Option("--wkt", help="Print the difference as one WKT geometry.")
    ] = False,
) -> None:
    """The Minkowski difference A - B: exact for polygons, traced (with its error) for curves."""
    from gjkcli.algorithms.minkowski import minkowski_difference
    from gjkcli.render.json_record import error_record
    from gjkcli.render.minkowski import minkowski_record, minkowski_table, minkowski_wkt
    from gjkcli.shapes.compound import Compound

    if json_output and wkt_output:
        _fail("choose one of --json and --wkt")
    pair = _load(a, b, json_output)
    shape_a, shape_b = pair.a.shape, pair.b.shape
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        which = "A" if isinstance(shape_a, Compound) else "B"
        where = f"{a}: {which.lower()}" if b is None else (a if which == "A" else b)
        message = (
            f"{where}: gjk minkowski needs convex shapes, and {which} is a compound "
            "shape (non-convex or multi-part); gjk check and gjk plot handle it part by part"
        )
        if json_output:
            _print_json(error_record(pair.name, message))
        _fail(message)
    polygon = minkowski_difference(shape_a, shape_b)
    if json_output:
        _print_json(minkowski_record(pair.name, polygon))
    elif wkt_output:
        _write(sys.stdout, minkowski_wkt(polygon) + "\n")
    else:
        _console().print(minkowski_table(pair.name, polygon))


register_motion(app)  # gjk raycast, gjk cast: gjkcli/cli_motion.py


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk formats input\n"
    "  gjk formats expect\n"
    "  gjk formats exit\n"
    "  gjk formats --list\n"
    "  gjk formats | less\n"
    "\n"
    "Exit status:\n"
    "  0  printed\n"
    "  2  no section has that title",
)
def formats(
    section: Annotated[
        str | None,
        typer.Argument(
            metavar="SECTION",
            help="Only the sections whose titles have these words (the start of a word "
            "is enough: 'exit', 'expect', 'json', 'batch'), or the section of this number.",
        ),
    ] = None,
    *,
    list_sections: Annotated[
        bool, typer.Option("--list", help="List the sections' titles instead.")
    ] = False,
    trace_schema: Annotated[
        bool,
        typer.Option(
            "--trace-schema",
            help="Print the JSON Schema of the steps that gjk check --trace --json writes.",
        ),
    ] = False,
) -> None:
    """Print the file formats, the output and the exit statuses (FORMATS.md), or a part.

    The contract of gjkcli's input and output, as Markdown: the shapes, the pair
    files and their expect block, the JSON records and the exit statuses.
    """
    from gjkcli.reference import (
        TRACE_SCHEMA,
        ReferenceLookupError,
        formats_text,
        reference_file,
        sections_text,
    )

    try:
        if trace_schema:
            text = reference_file(TRACE_SCHEMA).read_text(encoding="utf-8")
        else:
            text = sections_text() if list_sections else formats_text(section)
    except ReferenceLookupError as error:
        _fail(str(error))
    _write(sys.stdout, text)


def _example_kinds() -> list[str]:
    """The kinds of ``gjk example``, for the shell's completion."""
    from gjkcli.reference import EXAMPLE_KINDS

    return list(EXAMPLE_KINDS)


@app.command(
    cls=Command,
    epilog="Examples:\n"
    "  gjk example | gjk check -\n"
    "  gjk example ellipse > pair.json && gjk check pair.json --trace\n"
    "  gjk example wkt\n"
    "  gjk example jsonl | gjk batch -\n"
    "\n"
    "Exit status:\n"
    "  0  printed\n"
    "  2  no example of that kind",
)
def example(
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND",
            autocompletion=_example_kinds,
            help="'pair' (JSON, with an expect block), 'wkt', 'geojson', 'mixed' (WKT and "
            "GeoJSON inside JSON), 'jsonl' (pairs for gjk batch, one a line), or a pair of one "
            "shape type: point, segment, polygon, hull, circle, ellipse, rectangle, capsule, "
            "compound; 'margin' and 'transform' show those keys.",
        ),
    ] = "pair",
) -> None:
    """Print a sample pair to start from (valid input for gjk check -; jsonl: for gjk batch -)."""
    from gjkcli.reference import ReferenceLookupError, example_text

    try:
        text = example_text(kind)
    except ReferenceLookupError as error:
        _fail(str(error))
    _write(sys.stdout, text + "\n")


class _ReaderGoneError(Exception):
    """Standard output's reader went away (``gjk batch --json ... | head``)."""


def _write(stream: "SupportsWrite[str]", text: str) -> None:
    """Write to a stream; a reader that went away ends the program quietly (see :func:`main`)."""
    try:
        stream.write(text)
    except BrokenPipeError:
        raise _ReaderGoneError from None


def _console(stderr: bool = False) -> "Console":
    """A Rich console on standard output (or error) whose lines end in no space, and that
    ends the program quietly when its reader goes away, like :func:`_write`, rather than
    with Rich's exit status 1."""
    from gjkcli.render.console import TidyConsole

    class _Console(TidyConsole):
        def on_broken_pipe(self) -> None:
            raise _ReaderGoneError

    return _Console(stderr=stderr)


def _atomic(stack: contextlib.ExitStack, path: Path) -> TextIO:
    """A file written atomically (see :mod:`gjkcli.io.atomic`), open until ``stack`` closes."""
    from gjkcli.io.atomic import atomic_text

    try:
        return stack.enter_context(atomic_text(path))
    except OSError as error:
        _fail(f"{path}: cannot write: {error.strerror or error}")


def _records_file(stack: contextlib.ExitStack, path: Path) -> "SupportsWrite[str]":
    """``--output``: JSON Lines, or a Parquet table (:mod:`gjkcli.io.record_table`) for a
    name ending in ``.parquet``; written atomically, complete when ``stack`` closes."""
    from gjkcli.io.source import PARQUET_SUFFIX

    if path.suffix.lower() != PARQUET_SUFFIX:
        return _atomic(stack, path)
    from gjkcli.io.arrow import ParquetUnavailableError
    from gjkcli.io.record_table import record_table

    try:
        return stack.enter_context(record_table(path))
    except ParquetUnavailableError as error:  # before any work, as all of this
        _fail(str(error))
    except OSError as error:
        _fail(f"{path}: cannot write: {error.strerror or error}")


def _load(a: str, b: str | None, json_output: bool) -> "Pair":
    """The pair named on the command line; bad input ends the program (exit status 2)."""
    from gjkcli.io import InputError, load_pair, load_two

    try:
        return load_pair(a) if b is None else load_two(a, b)
    except InputError as error:
        if json_output:
            from gjkcli.render.json_record import error_record

            _print_json(error_record(a if b is None else f"{a} {b}", str(error)))
        _fail(str(error))


def _notes(pair: "Pair") -> None:
    """The pair's notes (GeoJSON in longitude/latitude), one line each on standard error."""
    for note in pair.notes:
        _note(note)


def _note(message: str) -> None:
    """A note (a fact about the input that fails nothing) as one line on standard error."""
    from gjkcli.io.errors import printable

    sys.stderr.write(f"gjk: note: {printable(message)}\n")


def _print_json(record: dict[str, Any]) -> None:
    """One JSON object on standard output. A record that JSON cannot hold (a number that
    is not finite: a bug) is printed as an error record instead, and ends the program
    with one line on standard error and exit status 2, rather than a traceback."""
    from gjkcli.io.errors import printable
    from gjkcli.render.json_record import error_record
    from gjkcli.render.json_text import NotJSONError, json_text

    try:
        text = json_text(record)
    except NotJSONError as error:
        message = f"internal error: {error} (please report it)"
        _write(sys.stdout, json_text(error_record(str(record.get("name", "")), message)) + "\n")
        sys.stderr.write(f"gjk: {printable(message)}\n")
        raise typer.Exit(EXIT_INPUT) from None
    _write(sys.stdout, text + "\n")


def _same_path(one: Path, other: Path) -> bool:
    """Whether two paths name one file, whether it exists yet or not."""
    return os.path.realpath(one) == os.path.realpath(other)


def _same_file(target: Path, path: str) -> bool:
    """Whether ``target`` and ``path`` name one existing file."""
    try:
        return target.is_file() and os.path.samefile(target, path)
    except OSError:  # path is '-', or missing: it is no file that target could replace
        return False


def _margin(given: float) -> float:
    """``--manifold-margin``'s number: finite and 0 or more, else one line and exit 2."""
    if not math.isfinite(given):
        _fail(f"--manifold-margin {given:g}: the margin must be a finite number")
    if given < 0.0:
        _fail(f"--manifold-margin {given:g}: the margin must be 0 or more")
    return float(given) + 0.0


def _fail(message: str) -> NoReturn:
    """One line on standard error, exit status 2."""
    from gjkcli.io.errors import printable

    sys.stderr.write("gjk: error: " + printable(" ".join(message.split())) + "\n")
    raise typer.Exit(EXIT_INPUT)


def main() -> None:
    """Entry point of the ``gjk`` console script and of ``python -m gjkcli``."""
    for signum in (signal.SIGTERM, signal.SIGINT):
        if signal.getsignal(signum) is not signal.SIG_IGN:  # kept ignored (nohup, `cmd &`)
            signal.signal(signum, _stop)
    try:
        _app_for(sys.argv)()
    except (_ReaderGoneError, BrokenPipeError):
        # The reader of standard output went away (``gjk batch --json ... | head``): stop
        # quietly, with the status of a program that SIGPIPE ended (FORMATS section 5).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_READER_GONE)
    except _StoppedError as stopped:
        sys.exit(stopped.status)
    except Exception as error:  # a bug: say so in one line rather than a traceback
        if os.environ.get("GJK_DEBUG"):
            raise
        from gjkcli.io.errors import printable

        sys.stderr.write(
            f"gjk: internal error: {type(error).__name__}: {printable(str(error))} "
            "(please report it; set GJK_DEBUG=1 for a traceback)\n"
        )
        sys.exit(EXIT_INPUT)


class _StoppedError(BaseException):  # like KeyboardInterrupt: no handler may swallow it
    """SIGTERM or SIGINT arrived: unwind (workers stopped, partial files removed), then
    exit with the status of a program that the signal ended (FORMATS section 5)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + signum


def _stop(signum: int, frame: object) -> None:
    """The first SIGTERM or Ctrl-C stops the program; any more are ignored while it
    cleans up (stopping workers, removing partial files), which takes a moment at most."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise _StoppedError(signum)


def _app_for(argv: Sequence[str]) -> typer.Typer:
    """The app to run for the command line ``argv``: when its first word names a command,
    a copy of :data:`app` holding that command alone, else :data:`app` itself.

    Typer builds the parameters of every command it holds at each start (about 12 ms
    for all eleven, a twentieth of a cold ``gjk check``); the command named is all such
    a run can reach, and it is built, parsed and helped exactly as in the whole app.
    Options of ``gjk`` itself come before a command's name, so they never narrow it.

    >>> narrowed = _app_for(["gjk", "check", "pair.json"])
    >>> [info.callback.__name__ for info in narrowed.registered_commands]
    ['check']
    >>> _app_for(["gjk", "--version"]) is app
    True
    """
    if len(argv) > 1:
        names = [
            info.name or typer.main.get_command_name(getattr(info.callback, "__name__", ""))
            for info in app.registered_commands
        ]
        named = [
            info
            for info, name in zip(app.registered_commands, names, strict=True)
            if name == argv[1]
        ]
        if named:
            narrowed = copy.copy(app)
            narrowed.info = copy.copy(app.info)
            narrowed.info.cls = _OneCommandGroup
            narrowed.registered_commands = named
            return narrowed
    return app


class _OneCommandGroup(Group):
    """The group of a run of one command (:func:`_app_for`): it holds that command alone,
    and builds the others only when a usage error asks which command has an option."""

    def every_command(self) -> dict[str, Any]:
        """Every command of ``gjk``, by name (those of the whole app)."""
        return dict(getattr(typer.main.get_command(app), "commands", {}))
