"""The commands of ``gjk`` for moving shapes: ``gjk raycast`` and ``gjk cast``.

They are registered on the app of :mod:`gjkcli.cli` by :func:`register`, and share its
ways of failing, printing and loading (imported when a command runs: this module is
imported at every start, so it imports nothing else then). No geometry lives here:
the cross-checked answers come from :mod:`gjkcli.verify.motion_check`, the words and
records from the renderers.

As in :mod:`gjkcli.cli`, the annotations are evaluated as the module is (Typer reads them
at every start).
"""

import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from gjkcli.cli_values import Command

if TYPE_CHECKING:
    from gjkcli.algorithms.poses import Motion
    from gjkcli.pair import Pair, ShapeInput
    from gjkcli.shapes.base import Vec
    from gjkcli.shapes.compound import Shape
    from gjkcli.verify.motion_check import MotionCheck
    from gjkcli.verify.ray_check import RayCheck

__all__ = ["cast", "raycast", "register"]

_RAYCAST_EPILOG = (
    "Examples:\n"
    "  gjk raycast 'POLYGON ((2 -1, 4 0, 2 1, 2 -1))' --origin 0 0 --direction 3 0\n"
    "  gjk raycast shape.json --origin 0 3 --direction 1 -1 --json\n"
    "  gjk raycast shape.json --origin 0 0 --direction 3 0 --trace --plot ray.svg\n"
    "\n"
    "Exit status:\n"
    "  0  the ray was cast, and every cross-check agreed\n"
    "  1  a cross-check disagreed (the exact or analytic ray cast, Shapely, the normal)\n"
    "  2  bad usage or unreadable input\n"
    "\n"
    "The statuses, the stop reasons and the JSON record: gjk formats raycast."
)

_CAST_EPILOG = (
    "Examples:\n"
    "  gjk cast pair.json                      (the pair's motion key)\n"
    "  gjk cast pair.json --translation -3 0   (B moves by (-3, 0), A stands still)\n"
    "  gjk cast a.json b.json --translation 0 -2 --target 0.1 --json\n"
    "  gjk cast pair.json --trace --plot cast.svg\n"
    "\n"
    "Exit status:\n"
    "  0  the cast ran, and every cross-check agreed\n"
    "  1  a cross-check disagreed (the exact time, the analytic time, Shapely's swept "
    "region, the certificate; for a turning motion, sampling)\n"
    "  2  bad usage, unreadable input, no motion, or a turning motion of a shape that is\n"
    "     not convex"
    "\n"
    "The motion key, the statuses and the JSON record: gjk formats cast."
)


def register(app: typer.Typer) -> None:
    """Add ``gjk raycast`` and ``gjk cast`` to ``app``."""
    app.command(cls=Command, epilog=_RAYCAST_EPILOG)(raycast)
    app.command(cls=Command, epilog=_CAST_EPILOG)(cast)


_JSON_HELP = "Print one JSON object and nothing else (gjk formats json describes it)."
_PLOT_HELP = "Also draw it to this file (.svg, .png or .pdf)."


def raycast(
    shape: Annotated[
        str,
        typer.Argument(
            metavar="SHAPE",
            help="A shape file, or a shape written out as WKT or JSON text; '-' reads "
            "standard input.",
        ),
    ],
    *,
    origin: Annotated[
        tuple[float, float],
        typer.Option("--origin", metavar="X Y", help="Where the ray starts."),
    ],
    direction: Annotated[
        tuple[float, float],
        typer.Option(
            "--direction",
            metavar="DX DY",
            help="The ray's direction, not zero; its length sets the scale of the fraction "
            "(the point at fraction f is origin + f * direction).",
        ),
    ],
    max_fraction: Annotated[
        float,
        typer.Option(
            "--max",
            metavar="T",
            help="How far the ray reaches, as a fraction of --direction (0 or more).",
        ),
    ] = 1.0,
    json_output: Annotated[bool, typer.Option("--json", help=_JSON_HELP)] = False,
    trace: Annotated[
        bool,
        typer.Option(
            "--trace",
            help="After the table, every step of the ray cast in words (with "
            "--json: the 'trace' key).",
        ),
    ] = False,
    plot: Annotated[Path | None, typer.Option("--plot", metavar="FILE", help=_PLOT_HELP)] = None,
) -> None:
    """Cast a ray at a shape: hit or miss, the fraction, the point, the normal (a non-convex or
    multi-part shape part by part: the first hit over its parts)."""
    from gjkcli import cli

    start, along = _vector("--origin", origin), _vector("--direction", direction)
    if along == (0.0, 0.0):
        _fail("--direction 0 0: a ray needs a direction that is not zero")
    reach = _non_negative("--max", max_fraction)
    if plot is not None:
        cli._check_picture_path(plot)
    loaded = _load_shape(shape, json_output)
    from gjkcli.io.pairs import shape_label

    name = shape_label(shape, loaded)
    problem = _ray_problem(start, along, reach)
    if problem is not None:
        _refuse(name, f"--origin, --direction, --max: {problem}", json_output)
    from gjkcli.verify.ray_check import check_ray

    result = check_ray(loaded.shape, start, along, reach, trace=trace)
    _show_ray(result, name, json_output, trace)
    if plot is not None:
        from gjkcli.render.motion_plot import save_ray_plot

        draw_picture(
            lambda: save_ray_plot(
                result.shape,
                result.origin,
                result.direction,
                result.hit,
                plot,
                max_fraction=result.max_fraction,
                name=name,
            ),
            plot,
        )
    raise typer.Exit(cli.EXIT_OK if result.agree else cli.EXIT_DISAGREE)


def cast(
    a: Annotated[
        str,
        typer.Argument(
            metavar="A",
            help="A pair file (its 'motion' key says how the shapes move), or the first of "
            "two shapes: a shape file, or a shape written out as WKT or JSON text; '-' reads "
            "standard input.",
        ),
    ],
    b: Annotated[
        str | None,
        typer.Argument(
            metavar="B", help="The second shape (a file, or WKT or JSON text), when A is one shape."
        ),
    ] = None,
    *,
    translation: Annotated[
        tuple[float, float] | None,
        typer.Option(
            "--translation",
            metavar="DX DY",
            help="B's translation relative to A over t in [0, 1], instead of the pair's "
            "motion (the shapes as written; a target distance in the motion is kept).",
        ),
    ] = None,
    target: Annotated[
        float | None,
        typer.Option(
            "--target",
            metavar="D",
            help="Stop when the shapes come within this distance (0 or more; instead of the "
            "motion's target; translations only).",
        ),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help=_JSON_HELP)] = False,
    trace: Annotated[
        bool,
        typer.Option(
            "--trace",
            help="After the table, every step of the cast in words (with --json: the 'trace' key).",
        ),
    ] = False,
    plot: Annotated[Path | None, typer.Option("--plot", metavar="FILE", help=_PLOT_HELP)] = None,
) -> None:
    """Move two shapes (sliding, or turning too) and find when they first touch: the time,
    the contact, the normal."""
    from gjkcli import cli

    move = None if translation is None else _vector("--translation", translation)
    distance = None if target is None else _non_negative("--target", target)
    if plot is not None:
        cli._check_picture_path(plot)
    pair = cli._load(a, b, json_output)
    cli._notes(pair)
    motion = _motion(pair, a, move, distance, json_output)
    shape_a, shape_b = _castable(pair, (a, b), motion, json_output)
    from gjkcli.verify.motion_check import check_motion

    result = check_motion(shape_a, shape_b, motion, trace=trace)
    _show_cast(result, motion, pair.name, json_output, trace)
    if plot is not None:
        from gjkcli.render.motion_plot import save_cast_plot

        answer = result.result
        draw_picture(
            lambda: save_cast_plot(shape_a, shape_b, motion, answer, plot, name=pair.name), plot
        )
    raise typer.Exit(cli.EXIT_OK if result.agree else cli.EXIT_DISAGREE)


def _vector(option: str, given: tuple[float, float]) -> "Vec":
    """An option's two numbers, which must be finite (Click reads 'nan' and 'inf' as
    numbers); ``-0.0`` becomes ``0.0``."""
    x, y = given
    if not (math.isfinite(x) and math.isfinite(y)):
        _fail(f"{option} {x:g} {y:g}: numbers must be finite")
    return (float(x) + 0.0, float(y) + 0.0)


def _non_negative(option: str, given: float) -> float:
    """An option's number, which must be finite and 0 or more (checked here, not by
    Click, whose range check calls NaN out of range rather than not a number)."""
    if not math.isfinite(given):
        _fail(f"{option} {given:g}: the number must be finite")
    if given < 0.0:
        _fail(f"{option} {given:g}: must be 0 or more")
    return float(given) + 0.0


def _ray_problem(origin: "Vec", direction: "Vec", reach: float) -> str | None:
    """Why the ray cannot be cast (it reaches beyond the input limit), or ``None``."""
    from gjkcli.tolerances import MAX_COORDINATE

    end = (origin[0] + reach * direction[0], origin[1] + reach * direction[1])
    largest = max(abs(value) for value in (*origin, *end))
    if largest <= MAX_COORDINATE:
        return None
    return (
        f"the ray reaches coordinates of {largest:.3g}; at most {MAX_COORDINATE:.0e} in "
        "absolute value is accepted (larger squares overflow double precision)"
    )


def _motion(
    pair: "Pair", where: str, translation: "Vec | None", target: float | None, json_output: bool
) -> "Motion":
    """The motion to cast: ``--translation`` (B's, the shapes as written) or the pair's
    own, with ``--target`` as its target; a missing or impossible motion ends the
    program (exit status 2)."""
    from gjkcli.algorithms.poses import STILL, Motion, Move, Pose
    from gjkcli.io.motion import reach_problem

    if translation is not None:
        kept = 0.0 if pair.motion is None else pair.motion.target
        move = Move(STILL, Pose(translation[0], translation[1], 0.0))
        problem = reach_problem(move, pair.b.shape)
        if problem is not None:
            _refuse(
                pair.name,
                f"--translation {translation[0]:g} {translation[1]:g}: {problem}",
                json_output,
            )
        motion = Motion(Move(), move, kept)
    elif pair.motion is None:
        _refuse(
            pair.name,
            f"{where}: the pair has no motion: give --translation DX DY, or a 'motion' key "
            "in the pair file (gjk formats motion)",
            json_output,
        )
    else:
        motion = pair.motion
    if target is None:
        return motion
    if motion.a.rotates or motion.b.rotates:
        _refuse(
            pair.name,
            f"--target {target:g}: a target distance goes with translations only, and "
            f"{where}'s motion rotates",
            json_output,
        )
    return Motion(motion.a, motion.b, target)


def _castable(
    pair: "Pair", given: tuple[str, str | None], motion: "Motion", json_output: bool
) -> "tuple[Shape, Shape]":
    """The pair's two shapes; a compound shape (non-convex or multi-part) is refused for a
    motion that turns: the rotating time of impact needs convex shapes (a translation casts
    compound shapes pair of parts by pair)."""
    from gjkcli.shapes.compound import Compound

    a, b = given
    for which, shape in (("A", pair.a.shape), ("B", pair.b.shape)):
        if isinstance(shape, Compound) and (motion.a.rotates or motion.b.rotates):
            where = f"{a}: {which.lower()}" if b is None else (a if which == "A" else b)
            _refuse(
                pair.name,
                f"{where}: a turning motion needs convex shapes, and {which} is a compound "
                "shape (non-convex or multi-part); a translation casts it part by part",
                json_output,
            )
    return pair.a.shape, pair.b.shape


def _load_shape(text: str, json_output: bool) -> "ShapeInput":
    """The shape named on the command line; bad input ends the program (exit status 2)."""
    from gjkcli.io import InputError, load_shape

    try:
        return load_shape(text)
    except InputError as error:
        _refuse(text, str(error), json_output)


def _show_ray(result: "RayCheck", name: str, json_output: bool, trace: bool) -> None:
    """The ray's record (``--json``), or its table and, with ``trace``, its steps in words."""
    from gjkcli import cli

    if json_output:
        from gjkcli.render.cast_record import ray_record

        cli._print_json(ray_record(result, name, trace))
        return
    from gjkcli.render.cast_table import ray_table

    console = cli._console()
    console.print(ray_table(result, name))
    if trace:
        from gjkcli.render.cast_narration import ray_trace_text

        console.print(ray_trace_text(result.steps), highlight=False)


def _show_cast(
    result: "MotionCheck", motion: "Motion", name: str, json_output: bool, trace: bool
) -> None:
    """The cast's record (``--json``), or its table and, with ``trace``, its steps in words."""
    from gjkcli import cli

    if json_output:
        from gjkcli.render.cast_record import cast_record

        cli._print_json(cast_record(result, motion, name, trace))
        return
    from gjkcli.render.cast_table import cast_table

    console = cli._console()
    console.print(cast_table(result, motion, name))
    if trace:
        from gjkcli.render.cast_narration import cast_trace_text

        console.print(cast_trace_text(result), highlight=False)


def draw_picture(draw: Callable[[], None], path: Path) -> None:
    """Draw a picture; a missing matplotlib or an unwritable path is one line, exit 2."""
    from gjkcli import cli
    from gjkcli.render.plot import PlotUnavailableError

    try:
        draw()
    except PlotUnavailableError as error:
        cli._fail(str(error))
    except OSError as error:
        cli._fail(f"{error.filename or path}: cannot write: {error.strerror or error}")
    sys.stderr.write(f"gjk: wrote {path}\n")


def _refuse(name: str, message: str, json_output: bool) -> NoReturn:
    """Bad input found after loading: with ``--json`` an error record, then one line on
    standard error, exit status 2."""
    from gjkcli import cli

    if json_output:
        from gjkcli.render.json_record import error_record

        cli._print_json(error_record(name, message))
    cli._fail(message)


def _fail(message: str) -> NoReturn:
    from gjkcli import cli

    cli._fail(message)
