"""The summary of a batch run: a table for people, an object for scripts."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli import tolerances
from gjkcli._version import __version__
from gjkcli.io.errors import printable
from gjkcli.render.json_record import SCHEMA
from gjkcli.verify.tally import Failure, Summary

__all__ = ["failure_lines", "print_summary", "summary_record", "summary_table"]


def print_summary(console: Console, summary: Summary) -> None:
    """The summary table, then one unwrapped line per failing pair (file names stay whole)."""
    console.print(summary_table(summary))
    for line in failure_lines(summary):
        console.print(line, soft_wrap=True)


def failure_lines(summary: Summary) -> list[Text]:
    """The failing pairs (name, file and line, what differed), capped with a count of the rest."""
    if not summary.failures:
        return []
    lines = [Text("failing pairs:", style="bold red")]
    lines.extend(Text(f"  {_describe(failure)}") for failure in summary.failures)
    if summary.more_failures:
        lines.append(Text(f"  ... and {summary.more_failures:,} more"))
    return lines


def summary_table(summary: Summary) -> RenderableType:
    """Counts, time and throughput (and a note when the run stopped early)."""
    table = Table(title=Text("gjk batch", style="bold"), show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    table.add_row("pairs", f"{summary.pairs:,}")
    table.add_row("passed", f"{summary.passed:,}")
    table.add_row("failed", _marked(summary.failed))
    table.add_row("  disagreed with the references", _marked(summary.disagreed))
    table.add_row("  failed expectations", _marked(summary.failed_expectations))
    if summary.warned:
        table.add_row("  warnings (--strict)", _marked(summary.warned))
    table.add_row("errors", _marked(summary.errors))
    if summary.answers_without_pair:
        table.add_row("answers without a pair", _marked(summary.answers_without_pair))
    if summary.skipped:
        table.add_row("skipped (shape files)", f"{summary.skipped:,}")
    table.add_row("elapsed", f"{summary.elapsed:.2f} s")
    table.add_row("pairs per second", _rate(summary.pairs_per_second))
    if not summary.stopped_early:
        return table
    return Group(table, Text("stopped at the first failure (--fail-fast)", style="yellow"))


def _rate(per_second: float) -> str:
    """Whole pairs per second, or two decimals when there are fewer than ten.

    >>> _rate(4714.4), _rate(0.1176), _rate(0.0)
    ('4,714', '0.12', '0')
    """
    if per_second == 0.0 or per_second >= 10.0:
        return f"{per_second:,.0f}"
    return f"{per_second:.2f}"


def summary_record(summary: Summary) -> dict[str, Any]:
    """The summary as a JSON object (``gjk batch --summary-json``; see ``docs/FORMATS.md``),
    with the run's settings: the gjkcli version, the schema of its records and the named
    constants of :mod:`gjkcli.tolerances` (reported here once, not in every record)."""
    return {
        "pairs": summary.pairs,
        "passed": summary.passed,
        "failed": summary.failed,
        "disagreed": summary.disagreed,
        "failed_expectations": summary.failed_expectations,
        "warned": summary.warned,
        "errors": summary.errors,
        "skipped": summary.skipped,
        "answers_without_pair": summary.answers_without_pair,
        "elapsed_seconds": summary.elapsed,
        "pairs_per_second": summary.pairs_per_second,
        "stopped_early": summary.stopped_early,
        "exit_status": summary.exit_status,
        "failures": [
            {"name": f.name, "file": f.file, "line": f.line, "reason": f.reason}
            for f in summary.failures
        ],
        "more_failures": summary.more_failures,
        "gjkcli": __version__,
        "schema": SCHEMA,
        "constants": tolerances.constants(),
    }


def _marked(count: int) -> Text:
    return Text(f"{count:,}", style="bold red" if count else "")


def _describe(failure: Failure) -> str:
    where = failure.file if failure.line is None else f"{failure.file}:{failure.line}"
    return printable(f"{failure.name} ({where}): {failure.reason}")
