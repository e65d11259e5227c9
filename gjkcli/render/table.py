"""The Rich table of ``gjk check``: GJK and Shapely side by side, then the verdict."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.certificate import (
    EnclosingSimplex,
    PartsCertificate,
    SeparatingAxis,
)
from gjkcli.algorithms.distance import DistanceStatus
from gjkcli.algorithms.epa import PenetrationStatus
from gjkcli.algorithms.extents import AXIS_ALIGNED
from gjkcli.algorithms.intersect import IntersectStatus
from gjkcli.io.errors import printable
from gjkcli.pair import ShapeInput
from gjkcli.render.numbers import compact, compact_point
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Compound, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import EPA_MAX_ITERATIONS, MAX_ITERATIONS
from gjkcli.verify.agreement import not_run
from gjkcli.verify.check import Check
from gjkcli.verify.exact import rational_text

__all__ = [
    "BOOLEAN_RUN",
    "DISTANCE_RUN",
    "EPA_RUN",
    "TableCells",
    "check_table",
    "headline",
    "table_cells",
    "verdict_summary",
    "verdict_text",
]

_DISTANCE_DIGITS = 12

_NO_DIRECTION = "stopped: rounding left no usable search direction"

DISTANCE_RUN: dict[DistanceStatus, str] = {
    "converged": "converged (no point found nearer)",
    "duplicate-support": "converged (support point repeated)",
    "contains-origin": "origin enclosed (they intersect)",
    "degenerate": _NO_DIRECTION,
    "max-iterations": f"stopped at the cap of {MAX_ITERATIONS} steps",
}
"""Why GJK's distance run stopped, in words, by its status (the JSON keeps the code)."""

BOOLEAN_RUN: dict[IntersectStatus, str] = {
    "separating-axis": "a direction separates them",
    "contains-origin": "origin enclosed",
    "duplicate-support": "origin on the boundary of A - B (touching)",
    "degenerate": f"{_NO_DIRECTION} (counted as intersecting)",
    "max-iterations": f"stopped at the cap of {MAX_ITERATIONS} steps (counted as intersecting)",
}
"""Why the boolean run stopped, in words, by its status."""

EPA_RUN: dict[PenetrationStatus, str] = {
    "duplicate-support": "converged (support point repeated)",
    "converged": "converged (within its error bound)",
    "cores-apart": "decided by the radii (the cores are apart)",
    "degenerate": "no area to search (the depth is the sum of the radii, 0 without)",
    "max-iterations": f"stopped at the cap of {EPA_MAX_ITERATIONS} steps",
}
"""Why EPA (the depth run) stopped, in words, by its status."""


@dataclass(frozen=True)
class TableCells:
    """The table of a check as plain text: what :func:`check_table` draws with Rich and
    ``gjk explain`` as HTML.

    ``columns`` are the headings (the first is empty: the rows' names), ``rows`` one
    tuple of cells per row, as many as there are columns, ``caption`` the line naming
    A and B, and ``notes`` the lines under the table: a heading, a sentence, and the
    Rich style of the heading (``bold green`` for agreement, ``bold red`` for a
    failure, ``yellow`` for a warning, ``cyan`` for a note).
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str
    notes: tuple[tuple[str, str, str], ...]


def table_cells(check: Check) -> TableCells:
    """The cells of the table of ``check``, the caption and the notes under it.

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> cells = table_cells(check_pair(load_pair("samples/seed-example.json")))
    >>> cells.columns
    ('', 'GJK', 'Shapely (GEOS)', 'exact')
    >>> cells.rows[0], cells.caption
    (('verdict', 'overlapping', 'overlapping', 'overlapping'), 'A: A (polygon)   B: B (polygon)')
    >>> cells.notes[0]
    ('agree', 'GJK matches the exact answer, and its certificate re-checks', 'bold green')
    """
    exact = check.exact is not None
    rows = (
        *_answer_rows(check),
        *_parts_rows(check),
        *_penetration_rows(check),
        *_run_rows(check),
    )
    columns = ("", "GJK", "Shapely (GEOS)", "exact")
    return TableCells(
        columns if exact else columns[:3],
        tuple(row if exact else row[:3] for row in rows),
        printable(f"A: {_label(check.pair.a)}   B: {_label(check.pair.b)}"),
        tuple(_notes(check)),
    )


def check_table(check: Check) -> RenderableType:
    """The verdict (the best-proven one, and what proves it), then the table of what GJK,
    Shapely and the exact arbiter each say, then the agree / DISAGREE line, who is right,
    warnings, and the expectation."""
    cells = table_cells(check)
    table = Table(caption=cells.caption, caption_justify="left")
    table.add_column(cells.columns[0], style="bold")
    for column in cells.columns[1:]:
        table.add_column(column, overflow="fold")
    for row in cells.rows:
        table.add_row(*row)
    notes = Table.grid(padding=(0, 1))
    notes.add_column(no_wrap=True)
    notes.add_column(overflow="fold")
    for heading, sentence, style in cells.notes:
        notes.add_row(Text(heading, style), Text(sentence))
    return Group(headline(check), table, notes)


def headline(check: Check) -> Text:
    """``name: verdict (what proves it)``, the answer a user reads first.

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> print(headline(check_pair(load_pair("samples/seed-example.json"))))
    seed-example: overlapping (proven in exact arithmetic)
    """
    ruling = check.ruling
    return Text.assemble(
        (printable(check.pair.name), "bold"),
        ": ",
        (ruling.verdict, "bold"),
        f" ({ruling.reason})",
    )


Row = tuple[str, str, str, str]


def verdict_text(answer: Answer) -> str:
    """GJK's verdict; touching says within which band it was decided (for curved shapes
    the touching band widened by EPA's error)."""
    if answer.verdict != "touching":
        return answer.verdict
    return f"touching (within {compact(answer.verdict_tolerance, 3)})"


def verdict_summary(answer: Answer) -> str:
    """The verdict as :func:`verdict_text` words it, with the depth or the distance that
    goes with it: the title of a picture of the answer.

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import circle
    >>> verdict_summary(solve(circle((0.0, 0.0), 1.0), circle((3.0, 0.0), 1.0)))
    'separated, distance 1'
    >>> verdict_summary(solve(circle((0.0, 0.0), 1.0), circle((1.5, 0.0), 1.0)))
    'overlapping, depth 0.5'
    """
    words = verdict_text(answer)
    if answer.parts is not None and answer.gjk.intersects:
        return f"{words} (compound shapes: no depth)"
    if answer.verdict == "overlapping" and answer.penetration is not None:
        return f"{words}, depth {compact(answer.penetration.depth)}"
    if answer.verdict == "separated":
        return f"{words}, distance {compact(answer.gjk.distance)}"
    return words


def _answer_rows(check: Check) -> list[Row]:
    """Verdict, intersects, distance, the closest points, and the certificate."""
    answer, referee, exact = check.answer, check.shapely, check.exact
    gjk = answer.gjk
    ran = referee.unavailable is None
    rows: list[Row] = [
        (
            "verdict",
            verdict_text(answer),
            referee.verdict if ran else "not run",
            exact.verdict if exact else "",
        ),
        (
            "intersects",
            _yes_no(gjk.intersects),
            _yes_no(referee.intersects) if ran else "",
            _yes_no(exact.verdict != "separated") if exact else "",
        ),
        (
            "distance",
            compact(gjk.distance, _DISTANCE_DIGITS),
            compact(referee.distance, _DISTANCE_DIGITS) if ran else "",
            compact(exact.distance, _DISTANCE_DIGITS) if exact else "",
        ),
    ]
    if exact is not None:
        rows.append(("distance^2", "", "", rational_text(exact.distance_squared)))
    if gjk.closest is not None or referee.closest is not None:
        for index, label in enumerate(("closest on A", "closest on B")):
            rows.append(
                (
                    label,
                    _point_of(gjk.closest, index, check.scale),
                    _point_of(referee.closest, index, check.scale),
                    "",
                )
            )
    rows.append(("certificate", _certificate_text(check), "", ""))
    return rows


def _certificate_text(check: Check) -> str:
    proof = check.answer.certificate
    if isinstance(proof, PartsCertificate):
        claim = _parts_claim(proof)
    elif isinstance(proof, SeparatingAxis):
        claim = _axis_claim(proof)
    else:
        claim = _enclosing_claim(proof)
    if check.certificate_check.ok and check.certificate_check.proves is None:
        return f"{claim}; re-checked (it shows that they meet, not whether they overlap)"
    if check.certificate_check.ok:
        return f"{claim}; re-checked"
    return f"{claim}; FAILS: " + "; ".join(check.certificate_check.problems)


def _axis_claim(proof: SeparatingAxis) -> str:
    return (
        f"separating axis {compact_point(proof.axis, scale=1.0)}: "
        f"{compact(proof.lower, 8)} <= distance <= {compact(proof.upper, 8)}"
    )


def _enclosing_claim(proof: EnclosingSimplex) -> str:
    count = len(proof.points)
    verb = "is the origin" if count == 1 else "enclose the origin"
    claim = f"{_count(count, 'point')} of A - B {verb}"
    if proof.residual > 0.0:
        claim += f" (to within {compact(proof.residual, 3)})"
    return claim


def _parts_claim(proof: PartsCertificate) -> str:
    if proof.lower is None or proof.upper is None:
        first = proof.proofs[0]
        inner = first.proof
        text = _enclosing_claim(inner) if isinstance(inner, EnclosingSimplex) else "?"
        return f"parts {first.a} of A and {first.b} of B: {text}"
    more = len(proof.proofs) - 1
    axes = _count(len(proof.proofs), "separating axis", "separating axes")
    which = "the nearest pair of parts" + (f" and {more} more" if more else "")
    rest = ""
    if proof.horizon is not None:
        boxes = f"every other pair's boxes{_along(proof.frame)}"
        rest = f", {boxes} >= {compact(proof.horizon, 8)} apart"
    return (
        f"{axes} ({which}){rest}: "
        f"{compact(proof.lower, 8)} <= distance <= {compact(proof.upper, 8)}"
    )


def _along(frame: Vec | None) -> str:
    """`` (along 45°)``: the direction of the boxes' frame, unless it is the usual one."""
    if frame is None or frame == AXIS_ALIGNED:
        return ""
    return f" (along {math.degrees(math.atan2(frame[1], frame[0])):.4g}°)"


def _parts_rows(check: Check) -> list[Row]:
    """For compound shapes: the part pairs tested and skipped, and the deciding pair."""
    search = check.answer.parts
    if search is None:
        return []
    deciding = search.deciding
    rows: list[Row] = [
        (
            "part pairs",
            f"{search.total}: {search.tested} tested, {search.skipped} skipped by the "
            f"bounding boxes{_along(search.frame)}",
            "",
            "",
        ),
        ("deciding pair", f"part {deciding.a} of A, part {deciding.b} of B ({search.why})", "", ""),
    ]
    if check.answer.penetration_reason is not None:
        rows.append(("penetration", "not defined for compound shapes", "", ""))
    return rows


def _penetration_rows(check: Check) -> list[Row]:
    """Depth (against the Minkowski-hull oracle), normal, contact points, EPA's run."""
    overlap, referee = check.answer.penetration, check.shapely
    if overlap is None:
        return []
    oracle = referee.penetration
    ran = referee.unavailable is None and referee.penetration_unavailable is None
    if not ran:
        said = hull = "not run"
    else:
        said = "origin outside A - B" if oracle is None else compact(oracle, _DISTANCE_DIGITS)
        hull = (
            f"hull error <= {compact(referee.penetration_error, 3)}"
            if referee.penetration_error > 0.0
            else "exact vertex hull"
        )
    return [
        ("depth", compact(overlap.depth, _DISTANCE_DIGITS), said, ""),
        ("normal", compact_point(overlap.normal), "", ""),
        ("contact on A", _point_of(overlap.contact, 0, check.scale), "", ""),
        ("contact on B", _point_of(overlap.contact, 1, check.scale), "", ""),
        ("depth run (EPA)", f"{_steps(overlap.iterations)}: {EPA_RUN[overlap.status]}", "", ""),
        ("depth tolerance", compact(check.depth_tolerance, 3), hull, ""),
    ]


def _run_rows(check: Check) -> list[Row]:
    """How GJK's runs ended, and the tolerances used."""
    gjk, boolean, referee = check.answer.gjk, check.answer.boolean, check.shapely
    if referee.unavailable is not None:
        approximation = "not run"
    elif _curved(check):
        approximation = f"curve error <= {compact(referee.approximation_error, 3)}"
    else:
        approximation = "exact polygons"
    said = f"{_yes_no(boolean.intersects)} after {_steps(boolean.iterations)}"
    return [
        ("distance run", f"{_steps(gjk.iterations)}: {DISTANCE_RUN[gjk.status]}", "", ""),
        ("boolean run", f"{said}: {BOOLEAN_RUN[boolean.status]}", "", ""),
        ("tolerance", compact(check.tolerance, 3), approximation, ""),
        ("touching band", compact(gjk.band, 3), "", ""),
    ]


def _notes(check: Check) -> list[tuple[str, str, str]]:
    """The lines under the table: the verdict, who is right, warnings, the expectation.

    Each is a heading, a sentence and the heading's style; the table lays them out so
    that a long sentence wraps under itself rather than under the heading.
    """
    notes = [(heading, sentence, "cyan") for heading, sentence in _footnotes(check)]
    if check.agree:
        if check.exact is not None and check.exact.verdict != check.answer.verdict:
            agreed = (
                "GJK's distance matches the exact answer to within its touching band, "
                "and its certificate re-checks; their verdicts differ (below)"
            )
        elif check.exact is not None:
            agreed = "GJK matches the exact answer, and its certificate re-checks"
        elif check.shapely.unavailable is not None:
            agreed = "GJK's certificate re-checks (Shapely could not run: see below)"
        elif check.shapely.verdict != check.answer.verdict:
            agreed = "GJK's certificate re-checks, and its distance matches Shapely's"
        else:
            agreed = "GJK matches Shapely, and its certificate re-checks"
        notes.append(("agree", agreed, "bold green"))
    else:
        notes.extend(("DISAGREE", reason, "bold red") for reason in check.disagreements)
    notes.extend(("who is right", sentence, "yellow") for sentence in check.triage)
    for what, reason in (
        ("could not run", check.shapely.unavailable),
        ("depth oracle could not run", check.shapely.penetration_unavailable),
    ):
        if reason is not None:
            notes.append(("shapely", f"{what}: {reason}", "yellow"))
    said = [*not_run(check.shapely), *check.triage]  # already said, on the lines above
    notes.extend(
        ("warning", warning, "yellow") for warning in check.warnings if warning not in said
    )
    if check.expect is not None:
        if check.expect.ok:
            notes.append(("expect", "every stated expectation holds", "bold green"))
        else:
            notes.extend(
                ("expect FAILED", failure, "bold red") for failure in check.expect.failures
            )
    return notes


def _footnotes(check: Check) -> list[tuple[str, str]]:
    """What a learner needs to read the table: why the boolean run may answer otherwise
    than the distance run, and what the touching band is, where either matters."""
    answer = check.answer
    gjk, boolean = answer.gjk, answer.boolean
    notes = []
    if boolean.intersects != gjk.intersects:
        found, distance_run = (
            (
                "found no contact",
                "puts the shapes within its touching band (touching counts as intersecting)",
            )
            if gjk.intersects
            else ("found the origin enclosed", "finds them apart")
        )
        notes.append(
            (
                "boolean run",
                f"{found}, but the distance run {distance_run}: this close, rounding can tip "
                "either run; GJK answers as the distance run does",
            )
        )
    if notes or "touching" in (answer.verdict, check.ruling.verdict):
        widened = ""
        if answer.verdict_tolerance > gjk.band:
            widened = (
                f"; an overlap of at most {compact(answer.verdict_tolerance, 3)} (the band "
                "plus EPA's error on these curves) counts as touching too"
            )
        notes.append(
            (
                "touching band",
                f"a gap of at most {compact(gjk.band, 3)} counts as touching (distance 0) "
                f"unless a separating axis proves it: rounding hides gaps that small{widened}",
            )
        )
    return notes


def _steps(count: int) -> str:
    return _count(count, "step")


def _curved(check: Check) -> bool:
    """Whether either shape has a curved part (Shapely then gets traced stand-ins)."""
    parts = (*parts_of(check.pair.a.shape), *parts_of(check.pair.b.shape))
    return not all(isinstance(part, Polytope) for part in parts)


def _label(shape: ShapeInput) -> str:
    kind = shape.kind
    if isinstance(shape.shape, Compound):
        kind += f", {_count(len(shape.shape.parts), 'convex part')}"
    return f"{shape.name} ({kind})" if shape.name else kind


def _count(number: int, noun: str, plural: str | None = None) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {plural or noun + 's'}"


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _point_of(points: tuple[Vec, Vec] | None, index: int, scale: float) -> str:
    return "-" if points is None else compact_point(points[index], scale=scale)
