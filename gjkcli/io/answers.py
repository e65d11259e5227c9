"""An engine's answers in their own file (``gjk batch --answers``), and joining them to
the pairs (FORMATS section 2, "Answers files").

An answers file is JSON Lines: one object per line with the keys of ``expect`` (the
engine's answer), and ``id`` or ``name`` to say which pair it answers. The first
answer decides how the file is joined: by ``id`` if it has one, else by ``name``,
else by position (the n-th answer answers the n-th pair of the input). Every answer
must then have that key, and no two the same value. A line that is not a JSON
object, or breaks those rules, refuses the whole file (a usage error): the join
would be a guess. An answer whose values are wrong (a distance that is not a number)
is its pair's error row.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from gjkcli.io.errors import InputError
from gjkcli.io.expectation import expect_from_node
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.source import read_text
from gjkcli.pair import Expect

__all__ = ["AnswerBook", "AnswerSlot", "AnswersError", "read_answers"]

Join = Literal["id", "name", "position"]

_OWN_KEYS = ("id", "name", "meta")
"""Keys of an answer that are not part of it: the join keys, and the engine's own."""


class AnswersError(Exception):
    """The answers file cannot be joined to the pairs (one line: file, line, problem)."""


@dataclass(frozen=True)
class AnswerSlot:
    """What the answers file holds for one pair: its answer, or why there is none
    (``missing``), or why it cannot be read (``problem``: ``(file, place, message)``)."""

    answer: Expect | None = None
    missing: str | None = None
    problem: tuple[str, str, str] | None = None


@dataclass
class _Entry:
    line: int
    key: Any
    slot: AnswerSlot
    used: bool = False


@dataclass
class AnswerBook:
    """The answers of one file, by their join key, and which of them a pair took."""

    file: str
    join: Join
    entries: dict[Any, _Entry] = field(default_factory=dict)

    def slot(self, name: str, pair_id: Any, position: int) -> AnswerSlot:
        """The answer for the pair named ``name`` with id ``pair_id`` (``None``: none),
        the ``position``-th (from 0) of the input.

        >>> book = read_text_answers("a.jsonl", '{"id": 7, "distance": 1}\\n')
        >>> book.slot("p", 7, 0).answer.distance, book.slot("p", 8, 1).missing
        (1.0, 'no answer in a.jsonl has id 8')
        >>> print(book.slot("q", 7, 2).missing)
        an earlier pair took the answer for it (a.jsonl:1 (id 7)): pairs joined by id need
        one id each
        >>> [entry.line for entry in book.unused()]
        []
        >>> by_position = read_text_answers("b.jsonl", '{"distance": 1}\\n{"distance": 2}\\n')
        >>> print(by_position.slot("r", None, 2).missing)
        no answer in b.jsonl for pair 3: answers are joined by position, and it has only 2
        """
        key = {"id": pair_id, "name": name, "position": position}[self.join]
        entry = self.entries.get(_key(key))
        if entry is None:
            if self.join == "id" and pair_id is None:
                return AnswerSlot(missing=f"the pair has no id (answers in {self.file} are by id)")
            if self.join == "position":
                return AnswerSlot(
                    missing=f"no answer in {self.file} for pair {position + 1}: answers are "
                    f"joined by position, and it has only {len(self.entries)}"
                )
            return AnswerSlot(missing=f"no answer in {self.file} has {self.join} {json.dumps(key)}")
        if entry.used:
            return AnswerSlot(
                missing=f"an earlier pair took the answer for it ({self.describe(entry)}): "
                f"pairs joined by {self.join} need one {self.join} each"
            )
        entry.used = True
        return entry.slot

    def unused(self) -> list[_Entry]:
        """The answers no pair took, in the file's order."""
        return sorted((entry for entry in self.entries.values() if not entry.used), key=_line)

    def describe(self, entry: _Entry) -> str:
        """Where an answer is, and what it answers, for a message."""
        key = "" if self.join == "position" else f" ({self.join} {json.dumps(entry.key)})"
        return f"{self.file}:{entry.line}{key}"


def read_answers(path: str) -> AnswerBook:
    """The answers file at ``path``; :class:`AnswersError` if it cannot be joined."""
    try:
        file, text = read_text(path)
    except InputError as error:
        raise AnswersError(f"--answers: {error}") from None
    return read_text_answers(file, text)


def read_text_answers(file: str, text: str) -> AnswerBook:
    """The answers in ``text`` (the contents of ``file``).

    >>> read_text_answers("a.jsonl", '{"name": "p", "verdict": "touching"}\\n{"distance": 2}')
    Traceback (most recent call last):
    ...
    gjkcli.io.answers.AnswersError: a.jsonl:2: no 'name': answers are joined by name (the \
first answer, on line 1, has one), so each must have one
    """
    book: AnswerBook | None = None
    for number, line in _lines(text):
        where = f"{file}:{number}"
        try:
            value = parse_json(line, where, one_line=True)
            Node(value, where).mapping("an answer")
        except InputError as error:
            raise AnswersError(str(error)) from None
        if book is None:
            join: Join = "id" if "id" in value else "name" if "name" in value else "position"
            book = AnswerBook(file, join)
            first = number
        key = _join_key(book, value, len(book.entries), where, first)
        earlier = book.entries.get(_key(key))
        if earlier is not None:
            raise AnswersError(
                f"{where}: a second answer for {book.join} {json.dumps(key)} "
                f"(the first is on line {earlier.line})"
            )
        book.entries[_key(key)] = _Entry(number, key, _slot(value, where))
    return book if book is not None else AnswerBook(file, "position")


def _join_key(book: AnswerBook, value: dict[str, Any], count: int, where: str, first: int) -> Any:
    if book.join == "position":
        if "id" in value or "name" in value:
            raise AnswersError(
                f"{where}: answers are joined by position (the first answer, on line {first}, "
                "has neither id nor name), so none may have an id or a name"
            )
        return count
    if book.join not in value:
        raise AnswersError(
            f"{where}: no '{book.join}': answers are joined by {book.join} (the first answer, "
            f"on line {first}, has one), so each must have one"
        )
    key = value[book.join]
    node = Node(key, where, book.join)
    valid = isinstance(key, str) or (book.join == "id" and isinstance(key, int))
    if isinstance(key, bool) or not valid:
        wanted = "a string or an integer" if book.join == "id" else "a string"
        raise AnswersError(str(node.error(f"expected {wanted}, got {json.dumps(key)}")))
    return key


def _slot(value: dict[str, Any], where: str) -> AnswerSlot:
    try:
        return AnswerSlot(answer=expect_from_node(Node(value, where), "an answer", _OWN_KEYS))
    except InputError as error:
        return AnswerSlot(problem=(error.file, error.place, error.message))


def _key(key: Any) -> tuple[str, Any]:
    """A dictionary key that keeps the id 7 apart from the id "7"."""
    return type(key).__name__, key


def _line(entry: _Entry) -> int:
    return entry.line


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        if line.strip():
            yield number, line
