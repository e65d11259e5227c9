"""The short Rich summary ``gjk fuzz`` prints: one row per finding, and the totals."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.fuzz.judge import short_signature
from gjkcli.fuzz.run import FuzzResult
from gjkcli.fuzz.shrink import measure

__all__ = ["summary_table"]


def summary_table(result: FuzzResult, out: Path) -> RenderableType:
    """The findings as a table, and a line with the pairs tried, the speed and where
    the findings were written.

    >>> from rich.console import Console
    >>> console = Console(width=100, color_system=None)
    >>> console.print(summary_table(FuzzResult(tried=10, seconds=2.0), Path("out")))
    gjk fuzz: 10 pairs in 2.0 s (5 pairs/s): no findings; summary written to out/summary.json
    """
    head = (
        f"gjk fuzz: {result.tried:,} pairs in {result.seconds:.1f} s "
        f"({result.pairs_per_second:,.0f} pairs/s)"
    )
    if result.doubtful:
        head += f", {result.doubtful:,} set aside (gjkcli unsure of its own answer)"
    if not result.findings:
        return Text(f"{head}: no findings; summary written to {out / 'summary.json'}")
    table = Table(title="findings", title_justify="left")
    headers = ("#", "failing keys", "pairs", "shrunk to vertices", "bits", "calls", "seconds")
    for column in headers:
        table.add_column(column, justify="left" if column == "failing keys" else "right")
    for finding in result.findings:
        shrunk = finding.shrunk
        vertices, bits = "-", "-"
        if shrunk is not None:
            size = measure(shrunk.judgement.pair)
            vertices, bits = "+".join(map(str, size["vertices"])), str(size["max_bits"])
        table.add_row(
            str(finding.number),
            short_signature(finding.signature).replace("+", ", "),
            f"{finding.count:,}",
            vertices,
            bits,
            "-" if shrunk is None else f"{shrunk.calls:,}",
            "-" if shrunk is None else f"{shrunk.seconds:.1f}",
        )
    count = len(result.findings)
    where = f"{count} finding{'' if count == 1 else 's'}, in {out}/"
    return Group(table, Text(f"{head}: {where}"))
