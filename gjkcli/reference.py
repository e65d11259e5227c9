"""The reference that comes with ``gjk``: the file formats and sample pairs.

``gjk formats`` prints ``docs/FORMATS.md`` (the contract of the file formats,
the output and the exit statuses), whole or a section of it; ``gjk example``
prints a sample pair from ``samples/``, ready for ``gjk check -``. Both are
read from where they are kept in the repository: an installed package carries
a copy of them made when it is built (``setup.py`` copies them into
``gjkcli/_reference/``), and an editable install or a checkout reads the
repository's own files. There is one source of each, never a copy kept by
hand.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gjkcli.io.native import NATIVE_TYPES

__all__ = [
    "EXAMPLE_KINDS",
    "FORMATS",
    "TRACE_SCHEMA",
    "ReferenceLookupError",
    "Section",
    "example_text",
    "formats_text",
    "reference_file",
    "sections",
    "sections_text",
]

FORMATS = "docs/FORMATS.md"
"""The file formats, as a path from the top of the repository (and of ``_reference``)."""

TRACE_SCHEMA = "docs/trace.schema.json"
"""The JSON Schema of ``--trace --json``'s step records, which FORMATS names."""

PACKAGED = Path(__file__).resolve().parent / "_reference"
"""Where a built package keeps its copy of the reference (see ``setup.py``)."""

CHECKOUT = Path(__file__).resolve().parent.parent
"""The top of the repository, for an editable install or a checkout."""

EXAMPLE_KINDS = ("pair", "wkt", "geojson", "mixed", "jsonl", *NATIVE_TYPES, "margin", "transform")
"""What ``gjk example`` can print: a pair in each input format, a stream of pairs
(``jsonl``), or a pair of shapes of one type (or with a margin, or a transform)."""

_SAMPLES: dict[str, str] = {
    "pair": "samples/seed-example.json",
    "wkt": "samples/formats/wkt-pair.wkt",
    "geojson": "samples/formats/geojson-pair.geojson",
    "mixed": "samples/formats/mixed-pair.json",
    **{
        kind: f"samples/{kind}/separated.json"
        for kind in ("point", "segment", "polygon", "hull", "circle", "ellipse")
    },
    **{kind: f"samples/{kind}/touching.json" for kind in ("rectangle", "capsule")},
    "compound": "samples/compound/notch.json",
    "margin": "samples/margin/rounded-rectangle.json",
    "transform": "samples/transform/rotated-polygon.json",
}
"""The sample that each kind of example prints (``jsonl``: all of the shape types')."""

_STREAM = ("circle", "polygon", "ellipse", "capsule", "compound")
"""The pairs of ``gjk example jsonl``, one per line."""

WIDTH = 78
"""The width that an example's JSON is laid out in (a member to a line where it is wider)."""


class ReferenceLookupError(LookupError):
    """A section or an example that does not exist, or a reference file that is missing."""


def reference_file(relative: str) -> Path:
    """The file at ``relative`` (a path from the top of the repository): the installed
    package's copy, or else the repository's own file.

    >>> reference_file(FORMATS).name
    'FORMATS.md'
    """
    for root in (PACKAGED, CHECKOUT):
        path = root / relative
        if path.is_file():
            return path
    raise ReferenceLookupError(
        f"{relative} is missing from this installation of gjkcli (reinstall it: "
        "pip install --force-reinstall gjkcli)"
    )


@dataclass(frozen=True)
class Section:
    """A section of ``FORMATS.md``: a heading of level 2 (``## 5. Exit status``) or 3."""

    level: int
    number: str | None
    """``"5"`` for ``## 5. Exit status``; ``None`` for a heading without a number."""
    title: str
    """The heading's text, without its number (``"Exit status"``)."""
    start: int
    """The index of the heading's line."""
    end: int
    """The index of the line after the section (its subsections included)."""

    @property
    def words(self) -> list[str]:
        """The title's words, in lower case, without punctuation."""
        return re.findall(r"[a-z0-9]+", self.title.lower())

    @property
    def heading(self) -> str:
        """The heading as it reads: ``5. Exit status``."""
        return self.title if self.number is None else f"{self.number}. {self.title}"


def sections(lines: list[str]) -> list[Section]:
    """The sections of a Markdown document (headings of levels 2 and 3, outside code).

    >>> text = "# T\\n## 1. A shape\\ntext\\n### Points\\n```\\n## not a heading\\n```\\n## 2. B\\n"
    >>> [(s.heading, s.start, s.end) for s in sections(text.splitlines())]
    [('1. A shape', 1, 7), ('Points', 3, 7), ('2. B', 7, 8)]
    """
    found: list[tuple[int, int, str]] = []
    fenced = False
    for index, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else re.fullmatch(r"(##|###) (.+)", line.rstrip())
        if heading is not None:
            found.append((len(heading[1]), index, heading[2].strip()))
    result = []
    for position, (level, start, text) in enumerate(found):
        end = next(
            (other for depth, other, _ in found[position + 1 :] if depth <= level), len(lines)
        )
        numbered = re.fullmatch(r"(\d+)\.\s+(.+)", text)
        number, title = (numbered[1], numbered[2]) if numbered else (None, text)
        result.append(Section(level, number, title, start, end))
    return result


def _formats_lines() -> list[str]:
    return reference_file(FORMATS).read_text(encoding="utf-8").splitlines()


def formats_text(query: str | None = None) -> str:
    """``FORMATS.md`` whole, or the sections whose titles have every word of ``query``
    (a word of the title starting with each word of it: ``exit``, ``expect``), or
    whose number it is (``5``). A section inside another that matches is printed
    with it, once.

    >>> print(formats_text("exit").splitlines()[0])
    ## 5. Exit status
    >>> formats_text("expect").splitlines()[0]
    '### Expectations'
    >>> formats_text("5") == formats_text("exit status")
    True
    >>> formats_text("nothing-like-it")
    Traceback (most recent call last):
    ...
    gjkcli.reference.ReferenceLookupError: no section of FORMATS.md is titled 'nothing-like-it' \
(gjk formats --list lists them)
    """
    lines = _formats_lines()
    if query is None:
        return "\n".join(lines) + "\n"
    wanted = re.findall(r"[a-z0-9]+", query.lower())
    found = [
        section
        for section in sections(lines)
        if wanted
        and (
            [section.number] == wanted
            or all(any(word.startswith(w) for word in section.words) for w in wanted)
        )
    ]
    outer = [
        section
        for section in found
        if not any(o.start < section.start and section.end <= o.end for o in found)
    ]
    if not outer:
        raise ReferenceLookupError(
            f"no section of FORMATS.md is titled {query!r} (gjk formats --list lists them)"
        )
    return "\n".join("\n".join(lines[s.start : s.end]).strip() + "\n" for s in outer)


def sections_text() -> str:
    """The headings of ``FORMATS.md``'s sections, one a line, subsections indented.

    >>> print(sections_text().splitlines()[0])
    1. A shape
    """
    return "".join(
        "   " * (section.level - 2) + section.heading + "\n"
        for section in sections(_formats_lines())
    )


def example_text(kind: str = "pair") -> str:
    """A sample of the given kind (one of :data:`EXAMPLE_KINDS`), as ``gjk example`` prints it:
    JSON laid out to be read (a member to a line where one line is too wide), WKT
    as it is, JSON Lines one pair a line.

    >>> print(example_text("circle"))
    {
      "name": "circles-apart",
      "a": {"type": "circle", "center": [0, 0], "radius": 1},
      "b": {"type": "circle", "center": [5, 0], "radius": 2},
      "expect": {"intersects": false, "distance": 2}
    }
    >>> print(example_text("wkt"))
    POLYGON ((0 1, 1 -1, -1 -1, 0 1))
    POLYGON ((0 -1, 1 1, -1 1, 0 -1))
    >>> example_text("box")
    Traceback (most recent call last):
    ...
    gjkcli.reference.ReferenceLookupError: no example 'box': pair, wkt, geojson, mixed, jsonl, \
point, segment, polygon, hull, circle, ellipse, rectangle, capsule, compound, margin, transform
    """
    if kind == "jsonl":
        return "\n".join(json.dumps(_sample(_SAMPLES[name])) for name in _STREAM)
    if kind not in _SAMPLES:
        kinds = ", ".join(EXAMPLE_KINDS)
        raise ReferenceLookupError(f"no example {kind!r}: {kinds}")
    relative = _SAMPLES[kind]
    if relative.endswith(".wkt"):
        return reference_file(relative).read_text(encoding="utf-8").strip()
    return _laid_out(_sample(relative), 0, WIDTH)


def _sample(relative: str) -> Any:
    return json.loads(reference_file(relative).read_text(encoding="utf-8"))


def _laid_out(value: Any, indent: int, room: int) -> str:
    """``value`` as JSON: on one line where that fits in ``room`` columns, else one
    member (or item) to a line, indented by two more than ``indent``.

    >>> print(_laid_out({"a": [1, 2], "b": {"c": [3, 4, 5]}}, 0, 20))
    {
      "a": [1, 2],
      "b": {"c": [3, 4, 5]}
    }
    """
    text = json.dumps(value)
    if len(text) <= room or not isinstance(value, (dict, list)) or not value:
        return text
    pad = " " * (indent + 2)
    pairs = (
        [(f"{json.dumps(key)}: ", item) for key, item in value.items()]
        if isinstance(value, dict)
        else [("", item) for item in value]
    )
    members = [
        pad + label + _laid_out(item, indent + 2, WIDTH - len(pad) - len(label) - 1)
        for label, item in pairs
    ]
    brackets = "{}" if isinstance(value, dict) else "[]"
    return brackets[0] + "\n" + ",\n".join(members) + "\n" + " " * indent + brackets[1]
