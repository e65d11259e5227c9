"""The Rich table of ``gjk check``: GJK and Shapely side by side, then the verdict."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.pair import ShapeInput
from gjkcli.render.numbers import compact, compact_point
from gjkcli.shapes.base import Vec
from gjkcli.verify.check import Check
from gjkcli.verify.expect import ExpectOutcome

__all__ = ["check_table"]

_DISTANCE_DIGITS = 12


def check_table(check: Check) -> RenderableType:
    """The table, the agree / DISAGREE line and the expectation lines for one pair."""
    table = Table(
        title=Text(check.pair.name, style="bold"),
        caption=f"A: {_label(check.pair.a)}   B: {_label(check.pair.b)}",
        caption_justify="left",
    )
    table.add_column("", style="bold")
    table.add_column("GJK", overflow="fold")
    table.add_column("Shapely (GEOS)", overflow="fold")
    for row in (*_answer_rows(check), *_penetration_rows(check), *_run_rows(check)):
        table.add_row(*row)
    lines: list[RenderableType] = [table, _verdict(check)]
    if check.expect is not None:
        lines.extend(_expect_lines(check.expect))
    return Group(*lines)


Row = tuple[str, str, str]


def _answer_rows(check: Check) -> list[Row]:
    """Intersects, distance, and the closest points when either side has them."""
    gjk, referee = check.gjk, check.shapely
    rows = [
        ("intersects", _yes_no(gjk.intersects), _yes_no(referee.intersects)),
        (
            "distance",
            compact(gjk.distance, _DISTANCE_DIGITS),
            compact(referee.distance, _DISTANCE_DIGITS),
        ),
    ]
    if gjk.closest is not None or referee.closest is not None:
        for index, label in enumerate(("closest on A", "closest on B")):
            rows.append(
                (
                    label,
                    _point_of(gjk.closest, index, check.scale),
                    _point_of(referee.closest, index, check.scale),
                )
            )
    return rows


def _penetration_rows(check: Check) -> list[Row]:
    """Depth (against the Minkowski-hull oracle), normal, contact points, EPA's run."""
    overlap, oracle = check.penetration, check.shapely.penetration
    if overlap is None:
        return []
    return [
        (
            "depth",
            compact(overlap.depth, _DISTANCE_DIGITS),
            "origin outside A - B" if oracle is None else compact(oracle, _DISTANCE_DIGITS),
        ),
        ("normal", compact_point(overlap.normal), ""),
        ("contact on A", _point_of(overlap.contact, 0, check.scale), ""),
        ("contact on B", _point_of(overlap.contact, 1, check.scale), ""),
        ("EPA", f"{_count(overlap.iterations, 'iteration')} ({overlap.status})", ""),
        (
            "depth tolerance",
            compact(check.depth_tolerance, 3),
            f"hull error <= {compact(check.shapely.penetration_error, 3)}"
            if check.shapely.penetration_error > 0.0
            else "exact vertex hull",
        ),
    ]


def _run_rows(check: Check) -> list[Row]:
    """How GJK's runs ended, and the tolerances used."""
    gjk, boolean, referee = check.gjk, check.boolean, check.shapely
    errors = referee.approximation_error + referee.penetration_error
    approximation = (
        f"curve error <= {compact(referee.approximation_error, 3)}"
        if errors > 0.0
        else "exact polygons"
    )
    return [
        ("iterations", str(gjk.iterations), ""),
        ("status", gjk.status, ""),
        (
            "boolean GJK",
            f"{_yes_no(boolean.intersects)} after {boolean.iterations} ({boolean.status})",
            "",
        ),
        ("tolerance", compact(check.tolerance, 3), approximation),
        ("touching band", compact(gjk.band, 3), ""),
    ]


def _verdict(check: Check) -> Text:
    if check.agree:
        return Text.assemble(("agree", "bold green"), ": GJK and Shapely give the same answer")
    text = Text("DISAGREE", style="bold red")
    for reason in check.disagreements:
        text.append(f"\n  {reason}")
    return text


def _expect_lines(expect: ExpectOutcome) -> list[Text]:
    lines: list[Text] = []
    if expect.ok:
        lines.append(Text.assemble(("expect", "bold green"), ": every stated expectation holds"))
    else:
        lines.append(Text("expect FAILED", style="bold red"))
        lines.extend(Text(f"  {failure}") for failure in expect.failures)
    return lines


def _label(shape: ShapeInput) -> str:
    return f"{shape.name} ({shape.kind})" if shape.name else shape.kind


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _point_of(points: tuple[Vec, Vec] | None, index: int, scale: float) -> str:
    return "-" if points is None else compact_point(points[index], scale=scale)
