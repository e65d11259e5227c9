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
    gjk, boolean, referee = check.gjk, check.boolean, check.shapely
    table = Table(
        title=Text(check.pair.name, style="bold"),
        caption=f"A: {_label(check.pair.a)}   B: {_label(check.pair.b)}",
        caption_justify="left",
    )
    table.add_column("", style="bold")
    table.add_column("GJK", overflow="fold")
    table.add_column("Shapely (GEOS)", overflow="fold")
    table.add_row("intersects", _yes_no(gjk.intersects), _yes_no(referee.intersects))
    table.add_row(
        "distance",
        compact(gjk.distance, _DISTANCE_DIGITS),
        compact(referee.distance, _DISTANCE_DIGITS),
    )
    for index, label in enumerate(("closest on A", "closest on B")):
        table.add_row(
            label,
            _closest(gjk.closest, index, check.scale),
            _closest(referee.closest, index, check.scale),
        )
    table.add_row("iterations", str(gjk.iterations), "")
    table.add_row("status", gjk.status, "")
    table.add_row(
        "boolean GJK",
        f"{_yes_no(boolean.intersects)} after {boolean.iterations} ({boolean.status})",
        "",
    )
    approximation = (
        f"curve error <= {compact(referee.approximation_error, 3)}"
        if referee.approximation_error > 0.0
        else "exact polygons"
    )
    table.add_row("tolerance", compact(check.tolerance, 3), approximation)
    table.add_row("touching band", compact(gjk.band, 3), "")
    lines: list[RenderableType] = [table, _verdict(check)]
    if check.expect is not None:
        lines.extend(_expect_lines(check.expect))
    return Group(*lines)


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
    lines.extend(Text(f"  not checked: {item}", style="yellow") for item in expect.unchecked)
    return lines


def _label(shape: ShapeInput) -> str:
    return f"{shape.name} ({shape.kind})" if shape.name else shape.kind


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _closest(points: tuple[Vec, Vec] | None, index: int, scale: float) -> str:
    return "-" if points is None else compact_point(points[index], scale=scale)
