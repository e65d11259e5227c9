"""The summary of a batch run: a table for people, an object for scripts."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.verify.tally import Failure, Summary

__all__ = ["summary_record", "summary_table"]


def summary_table(summary: Summary) -> RenderableType:
    """Counts, time and throughput, then the failing pairs (capped, with a count of the rest)."""
    table = Table(title=Text("gjk batch", style="bold"), show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    table.add_row("pairs", f"{summary.pairs:,}")
    table.add_row("agreed", f"{summary.agreed:,}")
    table.add_row("disagreed", _marked(summary.disagreed))
    table.add_row("failed expectations", _marked(summary.failed_expectations))
    table.add_row("errors", _marked(summary.errors))
    if summary.skipped:
        table.add_row("skipped (shape files)", f"{summary.skipped:,}")
    table.add_row("elapsed", f"{summary.elapsed:.2f} s")
    table.add_row("pairs per second", f"{summary.pairs_per_second:,.0f}")
    parts: list[RenderableType] = [table]
    if summary.stopped_early:
        parts.append(Text("stopped at the first failure (--fail-fast)", style="yellow"))
    if summary.failures:
        parts.append(Text("failing pairs:", style="bold red"))
        parts.extend(Text(f"  {_describe(failure)}") for failure in summary.failures)
        if summary.more_failures:
            parts.append(Text(f"  ... and {summary.more_failures:,} more"))
    return Group(*parts)


def summary_record(summary: Summary) -> dict[str, Any]:
    """The summary as a JSON object (``gjk batch --summary-json``; see ``docs/FORMATS.md``)."""
    return {
        "pairs": summary.pairs,
        "agreed": summary.agreed,
        "disagreed": summary.disagreed,
        "failed_expectations": summary.failed_expectations,
        "errors": summary.errors,
        "skipped": summary.skipped,
        "elapsed_seconds": summary.elapsed,
        "pairs_per_second": summary.pairs_per_second,
        "stopped_early": summary.stopped_early,
        "exit_status": summary.exit_status,
        "failures": [
            {"name": f.name, "file": f.file, "line": f.line, "reason": f.reason}
            for f in summary.failures
        ],
        "more_failures": summary.more_failures,
    }


def _marked(count: int) -> Text:
    return Text(f"{count:,}", style="bold red" if count else "")


def _describe(failure: Failure) -> str:
    where = failure.file if failure.line is None else f"{failure.file}:{failure.line}"
    return f"{failure.name} ({where}): {failure.reason}"
