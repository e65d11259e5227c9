"""Joining an engine's answers (``gjk batch --answers``) to the pairs, as they stream past
in the main process, so that each chunk carries its own answers to the workers.

Joining by ``id`` or ``name`` reads each pair's own once more here (a JSON parse of
its line, or of its file); joining by position does not read the pairs at all.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from typing import Any

from gjkcli.io.answers import AnswerBook
from gjkcli.io.discover import Item, default_name
from gjkcli.io.errors import InputError
from gjkcli.io.source import read_text

__all__ = ["joined"]


def joined(items: Iterable[Item], book: AnswerBook) -> Iterator[Item]:
    """Each item with what ``book`` holds for its pair (:attr:`Item.answer`).

    >>> from gjkcli.io.answers import read_text_answers
    >>> book = read_text_answers("e.jsonl", '{"id": "b", "distance": 2}\\n{"id": "z"}')
    >>> pair = '{"a": "POINT (0 0)", "b": "POINT (2 0)", "id": '
    >>> lines = [Item("p.jsonl", 1, pair + '"a"}'), Item("p.jsonl", 2, pair + '"b"}')]
    >>> [item.answer.missing or item.answer.answer.distance for item in joined(lines, book)]
    ['no answer in e.jsonl has id "a"', 2.0]
    >>> [book.describe(entry) for entry in book.unused()]
    ['e.jsonl:2 (id "z")']
    """
    for position, item in enumerate(items):
        name, pair_id = ("", None) if book.join == "position" else _own_key(item)
        yield dataclasses.replace(item, answer=book.slot(name, pair_id, position))


def _own_key(item: Item) -> tuple[str, Any]:
    """The pair's name (its own, or the default one) and its id (``None``: none), as far
    as they can be read here; a pair that cannot be read keeps its default name (its
    row will be an error anyway)."""
    name = default_name(item)
    document = _document(item)
    if not isinstance(document, dict) or "a" not in document or "b" not in document:
        return name, None  # not a pair object: its name and id are not its own
    own = document.get("name")
    return (own if isinstance(own, str) else name), document.get("id")


def _document(item: Item) -> Any:
    text = item.text if item.text is not None else item.document
    try:
        if text is None and item.error is None:
            text = read_text(item.file)[1]
        return None if text is None else json.loads(text)
    except (InputError, ValueError, RecursionError):
        return None
