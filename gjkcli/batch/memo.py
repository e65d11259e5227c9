"""Repeated pairs checked once: a worker's memory of the records it has written.

Streams repeat pairs under other names: a fuzz campaign meets the same case
again, a corpus draws its tiny shapes from a small grid (``gjk generate``'s
``tiny`` family repeats nearly every pair). A line that starts with a plain name
(``{"name": "...", `` with no escape in it) and whose text after the name is
that of a line checked before, in the same file, in the same run, with the
same settings, is the same pair under another name. Checking is a function of the pair alone,
so its record is the earlier one with the name and the place (``source``)
swapped, which is what :func:`gjkcli.batch.runner.check_chunk` writes without
checking it again; a test compares the two ways on streams full of repeats.

Only the records of pairs checked in full are remembered (an error row names
its line), and never those of a pair with a ``motion`` (its record adds a cast)
or with an engine's answer joined to it (``--answers``, joined by position or
name). A line whose text after its name holds ``"name"`` anywhere (a named
shape, a second name) is not remembered: which name the pair takes is then the
loader's business; nor is one whose name is its default name (``corpus:17``):
a GeoJSON FeatureCollection's ``name`` is not read, so its record carries its
default name, which the next line's would not. The memory holds at most
:data:`REMEMBERED` records, the oldest forgotten first, as text, so it stays
small (a few megabytes) and costs the garbage collector nothing however long
the run.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Hashable
from typing import NamedTuple

from gjkcli.io.discover import Item, default_name
from gjkcli.render.json_text import json_text
from gjkcli.verify.expect import ExpectSettings
from gjkcli.verify.tally import Outcome

__all__ = ["REMEMBERED", "Memo", "Recall", "plain_name"]

REMEMBERED = 1024
"""Records a worker remembers at most (a few kilobytes each)."""

_HEAD = '{"name": "'
_AFTER_NAME = '", '

Row = tuple[str, Outcome]
"""A pair's record and its outcome, as :mod:`gjkcli.batch.runner` makes them."""


class Recall(NamedTuple):
    """What the memory knows a line by: its pair's name (as written), and what makes its
    record the same as another's but for that name and its place."""

    name: str
    key: Hashable


def plain_name(text: str) -> tuple[str, str] | None:
    """A JSON Lines record's name and the text after it, if the record starts with a
    plain name: ``{"name": "...", `` whose string holds no escape and only printable
    characters, so the name is the text as written; else ``None``.

    >>> plain_name('{"name": "tiny/11", "a": "POINT (0 0)", "b": "POINT (1 0)"}')
    ('tiny/11', '"a": "POINT (0 0)", "b": "POINT (1 0)"}')
    >>> plain_name('{"name": "say \\\\"hi\\\\"", "a": 1}') is None  # an escape
    True
    >>> plain_name('{"a": "POINT (0 0)", "name": "late"}') is None
    True
    """
    if not text.startswith(_HEAD):
        return None
    end = text.find(_AFTER_NAME, len(_HEAD))
    if end < 0:
        return None
    name = text[len(_HEAD) : end]
    if "\\" in name or '"' in name or not name.isprintable():  # no control characters
        return None
    return name, text[end + len(_AFTER_NAME) :]


class Memo:
    """The records of pairs seen before (see the module notes); safe to share between
    threads.

    >>> memo = Memo()
    >>> item = Item("in.jsonl", 1, '{"name": "p", "a": "POINT (0 0)", "b": "POINT (1 0)"}')
    >>> recall = memo.recall(item, ExpectSettings(), strict=False, run="r")
    >>> record = '{"schema": 2, "name": "p", "source": {"file": "in.jsonl", "line": 1}, "x": 1}'
    >>> memo.put(recall, item, (record, Outcome("agree", False, "p", "in.jsonl", 1)))
    >>> again = Item("in.jsonl", 9, '{"name": "q", "a": "POINT (0 0)", "b": "POINT (1 0)"}')
    >>> text, outcome = memo.row(memo.recall(again, ExpectSettings(), False, "r"), again)
    >>> text
    '{"schema": 2, "name": "q", "source": {"file": "in.jsonl", "line": 9}, "x": 1}'
    >>> outcome.name, outcome.line
    ('q', 9)
    """

    def __init__(self, size: int = REMEMBERED) -> None:
        self._size = size
        self._rows: dict[Hashable, tuple[str, str, Outcome]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def recall(item: Item, settings: ExpectSettings, strict: bool, run: str) -> Recall | None:
        """What the memory knows ``item`` by, or ``None`` if it is not to be remembered.
        ``run`` names the run (the memory outlives it, in a worker process or a thread
        pool: another run, with other constants or with checks replaced by a test, must
        not be answered from it)."""
        if item.text is None or item.answer is not None or item.searched:
            return None
        named = plain_name(item.text)
        if named is None or '"name"' in named[1]:
            return None
        name, rest = named
        return Recall(name, (run, item.file, settings, strict, rest))

    def row(self, recall: Recall, item: Item) -> Row | None:
        """The row remembered for ``recall``, for ``item``: its name and place."""
        with self._lock:
            found = self._rows.get(recall.key)
        if found is None:
            return None
        before, after, outcome = found
        text = f"{before}{_place(recall.name, item)}{after}"
        return text, dataclasses.replace(outcome, name=recall.name, line=item.line)

    def put(self, recall: Recall, item: Item, row: Row) -> None:
        """Remember ``item``'s row (not if its record does not start with its name and
        place as :func:`_place` writes them), forgetting the oldest if the memory is
        full."""
        text, outcome = row
        if outcome.kind not in ("agree", "disagree") or self._size < 1:
            return
        if recall.name == default_name(item):  # perhaps not read from the line (see above)
            return
        place = _place(recall.name, item)
        at = text.find(place)
        if at < 0 or '"name"' in text[:at]:
            return
        with self._lock:
            if recall.key not in self._rows and len(self._rows) >= self._size:
                del self._rows[next(iter(self._rows))]
            self._rows[recall.key] = (text[:at], text[at + len(place) :], outcome)


def _place(name: str, item: Item) -> str:
    """The part of a record that names the pair and says where it is."""
    source = json_text({"file": item.file, "line": item.line})
    return f'"name": {json_text(name)}, "source": {source}'
