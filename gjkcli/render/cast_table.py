"""The Rich tables of ``gjk raycast`` and ``gjk cast``: the answer, then what each referee
says, then whether they all agree."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.algorithms.cast_start import StartCertificate
from gjkcli.algorithms.part_casts import PartsCastCertificate
from gjkcli.algorithms.poses import STILL, Motion, Pose
from gjkcli.io.errors import printable
from gjkcli.render.numbers import compact, compact_point
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Compound
from gjkcli.verify.cast_oracle import SweptCheck
from gjkcli.verify.exact import rational_text
from gjkcli.verify.toi_check import ToiCheck

if TYPE_CHECKING:
    from gjkcli.verify.cast_check import CastCheck
    from gjkcli.verify.motion_check import MotionCheck
from gjkcli.verify.ray_check import RayCheck

__all__ = ["cast_headline", "cast_table", "describe_motion", "ray_headline", "ray_table"]

_DIGITS = 12
"""Significant digits of a fraction or a time in the tables (the JSON has them all)."""

Row = tuple[str, ...]


def ray_headline(check: RayCheck, name: str) -> str:
    """The answer in one line.

    >>> from gjkcli.shapes import rectangle
    >>> from gjkcli.verify.ray_check import check_ray
    >>> box = rectangle((3.0, 0.0), (2.0, 2.0))
    >>> ray_headline(check_ray(box, (0.0, 0.0), (1.0, 0.0), 5.0), "box")
    'box: hit at fraction 2, the point (2, 0) (exact: 2)'
    >>> ray_headline(check_ray(box, (3.0, 0.0), (1.0, 0.0)), "box")
    'box: inside (the ray starts in the shape: fraction 0) (exact: the same)'
    """
    hit = check.hit
    if hit.status == "hit" and hit.fraction is not None and hit.point is not None:
        answer = f"hit at fraction {_time(hit.fraction)}, the point {compact_point(hit.point)}"
    elif hit.status == "inside":
        answer = "inside (the ray starts in the shape: fraction 0)"
    else:
        answer = f"miss (nothing within fraction {compact(check.max_fraction)})"
    if check.exact is not None:
        answer += _exact_note(check.exact.status, check.exact.fraction, hit.status)
    return printable(f"{name}: {answer}")


def ray_table(check: RayCheck, name: str) -> RenderableType:
    """The headline, the table of the ray cast and its referees, and the agree line."""
    hit = check.hit
    referee = "exact" if check.exact is not None else "analytic" if check.analytic else None
    columns = ("", "ray cast (GJK)", *((referee,) if referee else ()), "Shapely (swept)")
    rows: list[Row] = []
    other: tuple[str, str, str, str]
    if check.exact is not None:
        exact = check.exact
        other = (
            exact.status,
            "" if exact.fraction is None else rational_text(exact.fraction),
            ""
            if exact.point is None
            else compact_point((float(exact.point[0]), float(exact.point[1]))),
            "",
        )
    elif check.analytic is not None:
        fraction = check.analytic.fraction
        other = (check.analytic.status, "" if fraction is None else _time(fraction), "", "")
    else:
        other = ("", "", "", "")
    shapely = _shapely_cells(check.shapely, check.max_fraction, "fraction")
    rows.append(("status", hit.status, other[0], shapely[0]))
    rows.append(("fraction", _optional_time(hit.fraction), other[1], ""))
    rows.append(("point", _optional_point(hit.point), other[2], ""))
    rows.append(("normal", _optional_point(hit.normal), "", ""))
    if isinstance(check.shape, Compound):
        part = "" if hit.part is None else f"part {hit.part} of {len(check.shape.parts)}"
        rows.append(("part", part, "", ""))
    rows.append(("run", _run(hit.iterations, hit.stop), "", ""))
    rows.append(("float alone", _float_words(hit.float_answer, hit.status, hit.fraction), "", ""))
    rows.append(("gap before", "", "", shapely[1]))
    rows.append(("gap at it", "", "", shapely[2]))
    rows.append(("allowance", "", "", shapely[3]))
    rows.append(("tolerance", compact(check.tolerance, 3), "", ""))
    if referee is None:
        rows = [(row[0], row[1], row[3]) for row in rows]
    ray = (
        f"ray: from {compact_point(check.origin)} along {compact_point(check.direction)}, "
        f"fraction 0 to {compact(check.max_fraction)}"
    )
    return _layout(
        ray_headline(check, name), columns, rows, ray, _notes(check.problems, check.shapely)
    )


_CAST_ANSWERS = {
    "miss": "miss (no contact for t in [0, 1])",
    "overlapping": "overlapping at t = 0",
    "touching-approaching": "touching at t = 0, approaching: time 0",
    "touching-receding": "touching at t = 0, moving apart or sliding: no hit",
    "within-target": "within the target distance at t = 0: time 0",
}
"""A linear cast's answer in words, by its status (a hit says its time)."""


def cast_headline(check: MotionCheck, name: str) -> str:
    """The answer in one line.

    >>> from gjkcli.algorithms.poses import Motion, Move, Pose, STILL
    >>> from gjkcli.shapes import rectangle
    >>> from gjkcli.verify.motion_check import check_motion
    >>> box, other = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((5.0, 0.0), (2.0, 2.0))
    >>> motion = Motion(Move(), Move(STILL, Pose(-4.5, 0.0, 0.0)))
    >>> cast_headline(check_motion(box, other, motion), "boxes")
    'boxes: hit at t = 0.666666666667 (exact: 2/3)'
    """
    if isinstance(check, ToiCheck):
        result = check.result
        if result.status == "hit" and result.bracket is not None:
            low, high = result.bracket
            width = compact(high - low, 3)
            answer = f"hit at t = {_time(low)} (apart before, proven; touch by +{width})"
            if result.receding is not None:
                answer += " after a touch at t = 0 that moves apart"
        elif result.status == "touching-receding":
            answer = "touching at t = 0, moving apart: no hit (apart after, proven)"
        elif result.status == "miss":
            answer = "miss (apart for every t in [0, 1], proven)"
        elif result.status == "overlapping":
            answer = "overlapping at t = 0"
        else:
            low = result.bracket[0] if result.bracket is not None else 0.0
            answer = f"stopped at the iteration cap (apart before t = {_time(low)}, proven)"
        return printable(f"{name}: {answer}")
    cast = check.result
    if cast.status == "hit" and cast.time is not None and cast.target_distance > 0.0:
        answer = f"within {compact(cast.target_distance)} at t = {_time(cast.time)}"
    elif cast.status == "hit" and cast.time is not None:
        answer = f"hit at t = {_time(cast.time)}"
    else:
        answer = _CAST_ANSWERS.get(cast.status, cast.status)
    if check.exact is not None:
        answer += _exact_note(check.exact.status, check.exact.time, cast.status)
    return printable(f"{name}: {answer}")


def cast_table(check: MotionCheck, motion: Motion, name: str) -> RenderableType:
    """The headline, the table of the cast and its referees, and the agree line."""
    caption = f"motion: {describe_motion(motion)}"
    if isinstance(check, ToiCheck):
        return _layout(
            cast_headline(check, name),
            ("", "time of impact", "sampling"),
            _toi_rows(check),
            caption,
            _notes(check.problems, None, check.notes),
        )
    cast = check.result
    referee = (
        "exact"
        if check.exact is not None
        else "analytic"
        if check.analytic_status is not None
        else None
    )
    other: tuple[str, str]
    if check.exact is not None:
        exact = check.exact
        other = (exact.status, "" if exact.time is None else rational_text(exact.time))
    elif check.analytic_status is not None:
        analytic = check.analytic
        other = (check.analytic_status, "" if analytic is None else _time(analytic))
    else:
        other = ("", "")
    shapely = _shapely_cells(check.shapely)
    points = cast.points
    rows: list[Row] = [
        ("status", cast.status, other[0], shapely[0]),
        ("time", _optional_time(cast.time), other[1], ""),
        ("point on A", "" if points is None else compact_point(points[0]), "", ""),
        ("point on B", "" if points is None else compact_point(points[1]), "", ""),
        ("normal", _optional_point(cast.normal), "", ""),
        (
            "parts",
            "" if cast.parts is None else f"A's {cast.parts[0]}, B's {cast.parts[1]}",
            "",
            "",
        ),
        ("target", compact(cast.target_distance) if cast.target_distance > 0.0 else "", "", ""),
        ("run", _run(cast.iterations, cast.stop), "", ""),
        ("float alone", _float_words(cast.float_answer, cast.status, cast.time), "", ""),
        ("certificate", _proof_words(check), "", ""),
        ("tolerance", compact(check.time_tolerance, 3) if check.time_tolerance else "", "", ""),
        ("gap before", "", "", shapely[1]),
        ("gap at it", "", "", shapely[2]),
        ("allowance", "", "", shapely[3]),
    ]
    columns = ("", "cast (GJK)", *((referee,) if referee else ()), "Shapely (swept)")
    if referee is None:
        rows = [(row[0], row[1], row[3]) for row in rows]
    return _layout(
        cast_headline(check, name),
        columns,
        rows,
        caption,
        _notes(check.problems, check.shapely, check.notes),
    )


def _float_words(own: tuple[str, float | None] | None, status: str, time: float | None) -> str:
    """What floating point alone answered (``own``), where the exact sweep decided the answer
    (``status`` at ``time``): the same, or its own status and time."""
    if own is None:
        return ""
    if own == (status, time):
        return "the same"
    return own[0] if own[1] is None else f"{own[0]} at {_time(own[1])}"


def _proof_words(check: CastCheck) -> str:
    """What a linear cast's certificate proves, in a few words, and whether it re-checked."""
    cast, proof = check.result, check.result.certificate
    if proof is None:
        return f"none: the {cast.status} is unproven (see the note)" if check.notes else ""
    if isinstance(proof, PartsCastCertificate):
        count = len(proof.pairs)
        words = f"the answers of the {count} pair{'' if count == 1 else 's'} of parts cast"
        words += ", every other pair's boxes apart"
    elif isinstance(proof, StartCertificate):
        words = _start_proof_words(proof)
    elif cast.status == "miss" and proof.edge is not None:
        (i, j), (k, m) = proof.edge
        words = f"apart for t in [0, 1] along the exact normal of the edge a{i}-b{j} to a{k}-b{m}"
    elif cast.status == "miss":
        words = f"apart for t in [0, 1] along {compact_point(proof.axis)}"
    elif proof.apart_exactly:
        words = f"apart before t = {_time(proof.apart_until)}, decided exactly (a graze)"
    else:
        words = f"apart before t = {_time(proof.apart_until)} along {compact_point(proof.axis)}"
    return words + ("; re-checked" if not check.certificate_problems else "; FAILS its re-check")


def _start_proof_words(proof: StartCertificate) -> str:
    """What the certificate of a state at ``t = 0`` proves, in a few words."""
    parts = []
    if proof.contact is not None:
        parts.append("a contact at t = 0")
    if proof.overlap_time == 0.0:
        parts.append("a simplex of A - B around the origin")
    elif proof.overlap_time is not None:
        parts.append(f"overlapping at t = {_time(proof.overlap_time)}")
    if proof.axis is not None:
        parts.append(f"never closer along {compact_point(proof.axis)}")
    return ", ".join(parts)


def describe_motion(motion: Motion) -> str:
    """A motion in words: each shape that moves, by its translation or its poses.

    >>> from gjkcli.algorithms.poses import Move, Pose, STILL
    >>> describe_motion(Motion(Move(), Move(STILL, Pose(-3.0, 0.0, 0.0))))
    'B moves by (-3, 0)'
    >>> describe_motion(Motion(Move(STILL, Pose(1.0, 0.0, 90.0)), Move(), 0.0))
    'A moves from (0, 0) at 0 degrees to (1, 0) at 90 degrees'
    """
    parts = []
    for label, move in (("A", motion.a), ("B", motion.b)):
        if move.start == move.end:
            if move.start != STILL:
                parts.append(f"{label} stands at {_pose(move.start)}")
            continue
        if move.start.angle == 0.0 and move.end.angle == 0.0 and move.start.position == (0.0, 0.0):
            parts.append(f"{label} moves by {compact_point(move.end.position)}")
        else:
            parts.append(f"{label} moves from {_pose(move.start)} to {_pose(move.end)}")
    if motion.target > 0.0:
        parts.append(f"target distance {compact(motion.target)}")
    return "; ".join(parts) or "nothing moves"


def _pose(pose: Pose) -> str:
    return f"{compact_point(pose.position)} at {compact(pose.angle)} degrees"


def _toi_rows(check: ToiCheck) -> list[Row]:
    result = check.result
    bracket = (
        ""
        if result.bracket is None
        else (f"[{_time(result.bracket[0])}, {_time(result.bracket[1])}]")
    )
    sampled = (
        "no contact found" if check.sampled is None else f"contact at t = {_time(check.sampled)}"
    )
    if check.sampled_from > 0.0:
        sampled += f" after t = {_time(check.sampled_from)}"
    points = result.points
    return [
        ("status", result.status, sampled),
        ("time", _optional_time(result.time), f"{check.samples:,} samples, then bisection"),
        ("bracket", bracket, ""),
        ("width asked", compact(result.tolerance, 3), ""),
        ("point on A", "" if points is None else compact_point(points[0]), ""),
        ("point on B", "" if points is None else compact_point(points[1]), ""),
        ("normal", _optional_point(result.normal), ""),
        ("speed bound", compact(result.speed_bound), ""),
        ("run", _run(result.iterations, result.stop), ""),
    ]


def _exact_note(status: str, value: Fraction | None, own: str) -> str:
    """What the exact answer says, after the headline: its rational for a hit, else its
    status (``the same`` when it is the answer's)."""
    if status == "hit" and value is not None:
        return f" (exact: {rational_text(value)})"
    return " (exact: the same)" if status == own else f" (exact: {status})"


def _layout(
    headline: str,
    columns: Sequence[str],
    rows: Sequence[Row],
    caption: str,
    notes: Sequence[tuple[str, str, str]],
) -> RenderableType:
    table = Table(caption=printable(caption), caption_justify="left")
    table.add_column(columns[0], style="bold", no_wrap=True)
    for column in columns[1:]:
        table.add_column(column, overflow="fold")
    for row in rows:
        if any(row[1:]):
            table.add_row(*row)
    lines = Table.grid(padding=(0, 1))
    lines.add_column(no_wrap=True)
    lines.add_column(overflow="fold")
    for heading, sentence, style in notes:
        lines.add_row(Text(heading, style), Text(printable(sentence)))
    return Group(Text(headline), table, lines)


def _notes(
    problems: Sequence[str], shapely: SweptCheck | None, others: Sequence[str] = ()
) -> list[tuple[str, str, str]]:
    notes = [("DISAGREE", problem, "bold red") for problem in problems]
    if not problems:
        notes.append(("agree", "every referee agrees with the answer", "bold green"))
    if shapely is not None and shapely.unavailable is not None:
        notes.append(
            ("note", f"Shapely's cross-check could not run: {shapely.unavailable}", "cyan")
        )
    notes += [("note", other, "cyan") for other in others]
    return notes


def _shapely_cells(check: SweptCheck | None, scale: float = 1.0, unit: str = "t") -> Row:
    """Shapely's verdict on the claim, the gap it measured just before it (up to which
    time or fraction: ``scale`` times Shapely's time), the gap at it, and its allowance."""
    if check is None:
        return ("", "", "", "")
    if check.unavailable is not None:
        return ("could not run", "", "", "")
    before = ""
    if check.gap_before is not None and check.before is not None:
        before = f"{compact(check.gap_before, 3)} up to {unit} = {_time(check.before * scale)}"
    return (
        "consistent" if check.consistent else "INCONSISTENT",
        before,
        "" if check.gap_at is None else compact(check.gap_at, 3),
        compact(check.allowance, 3),
    )


def _run(iterations: int, stop: str) -> str:
    return f"{iterations} step{'' if iterations == 1 else 's'}: {stop}"


def _time(x: float) -> str:
    return compact(x, _DIGITS)


def _optional_time(x: float | None) -> str:
    return "" if x is None else _time(x)


def _optional_point(p: Vec | None) -> str:
    return "" if p is None else compact_point(p)
