"""The Rich console every command prints its tables and traces through.

Rich pads each line it draws to the width of what it lays out (a table's
caption to the console's width, a grid's last column to its widest cell), so
piped output would end its lines in spaces. :class:`TidyConsole` drops them as
the lines are written, whatever drew them, on a terminal too; spaces painted
with a background colour are kept (they are visible).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rich.console import Console
from rich.segment import Segment

__all__ = ["TidyConsole", "without_trailing_spaces"]


class TidyConsole(Console):
    """A :class:`rich.console.Console` whose output has no line ending in a space.

    >>> import io
    >>> from rich.table import Table
    >>> table = Table.grid()
    >>> table.add_column()
    >>> table.add_row("a long cell")
    >>> table.add_row("short")
    >>> out = io.StringIO()
    >>> TidyConsole(file=out, width=40).print(table)
    >>> out.getvalue()
    'a long cell\\nshort\\n'
    >>> out = io.StringIO()
    >>> TidyConsole(file=out).print("[bold]a name[/bold] :smile:")
    >>> out.getvalue()
    '[bold]a name[/bold] :smile:\\n'
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Text is printed as it is: a name such as '[red]' or ':warning:' in a pair or
        # a file is not read as Rich markup or an emoji code (nor parsed for them).
        kwargs.setdefault("markup", False)
        kwargs.setdefault("emoji", False)
        super().__init__(*args, **kwargs)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        # The one place where Rich turns segments into text, for every renderable.
        return super()._render_buffer(without_trailing_spaces(buffer))


def without_trailing_spaces(segments: Iterable[Segment]) -> Iterator[Segment]:
    """The segments with the spaces that end each line removed (control segments, such as
    cursor moves, are kept; spaces on a background colour too).

    >>> from rich.style import Style
    >>> lines = without_trailing_spaces([Segment("ab  "), Segment("  \\ncd "), Segment(" ")])
    >>> [segment.text for segment in lines]
    ['ab', '\\n', 'cd']
    >>> painted = Style(bgcolor="red")
    >>> kept = without_trailing_spaces([Segment("x"), Segment("  ", painted), Segment("\\n")])
    >>> [segment.text for segment in kept]
    ['x', '  ', '\\n']
    """
    line: list[Segment] = []  # the segments of the line being gathered
    for segment in segments:
        text, style, control = segment
        if control or "\n" not in text:
            line.append(segment)
            continue
        *ends, rest = text.split("\n")
        for piece in ends:
            line.append(Segment(piece, style))
            yield from _trimmed(line)
            yield Segment("\n")
            line = []
        line.append(Segment(rest, style))
    yield from _trimmed(line)


def _trimmed(line: list[Segment]) -> list[Segment]:
    """One line's segments without its trailing spaces, and without empty text segments."""
    kept = list(line)
    end = len(kept)
    while end > 0:
        text, style, control = kept[end - 1]
        if control:
            end -= 1
            continue
        if style is not None and style.bgcolor is not None:
            break
        stripped = text.rstrip(" ")
        kept[end - 1] = Segment(stripped, style)
        if stripped:
            break
        end -= 1
    return [segment for segment in kept if segment.control or segment.text]
