"""A JSON record's layout, written once and filled two ways: as plain values (the dict a
caller gets), or straight as the JSON text of that dict (``gjk batch``'s rows).

A :class:`Form` lists the keys of an object in order, each with where its value is in
the thing the record describes and its :class:`Kind`: how the value is made plain (no
negative zero, points as lists, ...) and how it is written. ``form.plain(x)`` is the
dict. ``form.text(x)`` is ``json.dumps(form.plain(x))``, made without the dict: the
first time it is wanted, the form's text is laid out once, as a ``%`` template (the
keys, punctuation and constants, the keys of the objects nested in it too) and one
Python expression per value, compiled into one function (as :mod:`dataclasses`
compiles an ``__init__``), so that writing a record costs little more than formatting
its numbers.
Each kind writes its values as ``json.dumps`` writes their plain values: a float by
``float.__repr__``, a string by :mod:`json`'s own escaping; a value of a type a kind
does not expect either comes out through ``json.dumps`` or raises (``TypeError``), and
then the caller writes the record the general way. A number that is not finite is not
written: ``text`` raises :class:`UnwritableError`, and the caller writes the record the
general way (:func:`gjkcli.render.json_text.json_text`), which says where it is.

>>> point = Form[complex](Field("x", NUMBER, "real"), Field("y", NUMBER, "imag"))
>>> point.plain(1.5 - 0j), point.text(1.5 - 0j)
({'x': 1.5, 'y': 0.0}, '{"x": 1.5, "y": 0.0}')
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from json.encoder import encode_basestring_ascii
from operator import attrgetter
from typing import Any, Generic, TypeVar

from gjkcli.render import json_values as jv

__all__ = [
    "COUNT",
    "FLAG",
    "NUMBER",
    "PLAIN",
    "POINT",
    "RATIONAL",
    "TEXT",
    "TEXTS",
    "Field",
    "Form",
    "Kind",
    "Spread",
    "UnwritableError",
    "list_of",
    "literal",
    "nested",
    "one_of",
    "optional",
    "pair_of",
]

T_contra = TypeVar("T_contra", contravariant=True)
S = TypeVar("S")


class UnwritableError(ValueError):
    """A value that the straight way does not write (a number that is not finite): the
    record is to be written the general way, which says what and where."""


def _dumps(value: Any) -> str:
    """Any plain value as JSON text, as it reads inside a record (``json.dumps``'s
    separators, ASCII); ``ValueError`` for a number that is not finite."""
    return json.dumps(value, allow_nan=False)


def _same(value: Any) -> Any:
    return value


def _refuse(number: float) -> str:
    raise UnwritableError(f"{number!r} is not a JSON number")


class _Code:
    """The Python source of a text function being written: the names it uses (helpers,
    and the objects it calls), and fresh names for the values it holds on to."""

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {
            "_repr": float.__repr__,
            "_int": int.__repr__,
            "_string": encode_basestring_ascii,
            "_dumps": _dumps,
            "_rational": jv.rational,
            "_refuse": _refuse,
        }
        self._held = 0

    def name(self, thing: Any) -> str:
        """A name for ``thing`` in the function's namespace."""
        name = f"_n{len(self.namespace)}"
        self.namespace[name] = thing
        return name

    def hold(self) -> str:
        """A fresh name to hold a value (bound with ``:=``, used again after)."""
        self._held += 1
        return f"_v{self._held}"

    def function(self, body: str) -> Callable[[Any], str]:
        """A function of ``x`` that returns ``body``, compiled in this namespace."""
        exec(f"def text(x):\n    return {body}\n", self.namespace)
        function: Callable[[Any], str] = self.namespace["text"]
        return function


Writer = Callable[[_Code, str], str]
"""How a kind writes a value: given the source of the expression that yields the value
(evaluated once), the source of an expression for its JSON text."""


@dataclass(frozen=True)
class Kind:
    """What sort of value a field holds: ``plain`` makes it the plain JSON value a
    record holds; ``write`` gives the source that writes it as ``json.dumps`` writes that
    plain value (each value expression evaluated once, first). A constant's kind holds
    its text (``constant``), an object's its form (``form``).

    >>> NUMBER.plain(-0.0), NUMBER.text(-0.0), TEXTS.text(("a", 'say "b"'))
    (0.0, '0.0', '["a", "say \\\\"b\\\\""]')
    """

    plain: Callable[[Any], Any]
    write: Writer
    constant: str | None = None
    form: Form[Any] | None = None

    @cached_property
    def text(self) -> Callable[[Any], str]:
        """A value of this kind as JSON text (compiled once)."""
        code = _Code()
        return code.function(self.write(code, "x"))


def _number(code: _Code, value: str) -> str:
    # x + 0.0 is jv.number's rule (no -0.0), written out; x - x is 0 unless x is not
    # finite (NaN or an infinity), which JSON cannot hold.
    held = code.hold()
    return f"(_repr({held} + 0.0) if ({held} := {value}) - {held} == 0.0 else _refuse({held}))"


def _two(first: Writer, second: Writer) -> Writer:
    """How the first two values of a sequence are written, as a list of two."""

    def write(code: _Code, value: str) -> str:
        held = code.hold()
        one, two = first(code, f"({held} := {value})[0]"), second(code, f"{held}[1]")
        return f"'[%s, %s]' % ({one}, {two})"

    return write


def _flag(code: _Code, value: str) -> str:
    held = code.hold()
    true, false = f"({held} := {value}) is True", f"{held} is False"
    return f"('true' if {true} else 'false' if {false} else _dumps({held}))"


def _texts(code: _Code, value: str) -> str:
    held = code.hold()  # most lists of sentences are empty (no reasons, no warnings)
    return f"('[]' if ({held} := {value}) == () else '[%s]' % ', '.join(map(_string, {held})))"


def _count(code: _Code, value: str) -> str:
    held = code.hold()
    return f"(_int({held}) if type({held} := {value}) is int else _dumps({held}))"


NUMBER = Kind(jv.number, _number)
"""A float, never ``-0.0`` (:func:`~gjkcli.render.json_values.number`)."""
POINT = Kind(jv.point, _two(_number, _number))
"""A point, as ``[x, y]`` (:func:`~gjkcli.render.json_values.point`)."""
TEXT = Kind(_same, lambda code, value: f"_string({value})")
"""A string (:func:`optional` for one that may be null)."""
TEXTS = Kind(list, _texts)
"""Sentences (a tuple of strings), as a list."""
FLAG = Kind(_same, _flag)
"""``true`` or ``false``."""
COUNT = Kind(_same, _count)
"""An integer."""
RATIONAL = Kind(jv.rational, lambda code, value: f"'\"%s\"' % _rational({value})")
"""An exact fraction, as the string ``"p/q"`` (:func:`~gjkcli.render.json_values.rational`:
digits, a sign and a slash, nothing to escape)."""
PLAIN = Kind(_same, lambda code, value: f"_dumps({value})")
"""A value that is plain JSON already (a trace), written by ``json.dumps``."""


def literal(value: Any) -> Kind:
    """The same plain value in every record (a certificate's ``kind``), whatever the
    field's value; its text is part of the form's fixed text.

    >>> literal("part-pairs").plain(None), literal("part-pairs").constant
    ('part-pairs', '"part-pairs"')
    """
    text = _dumps(value)
    return Kind(lambda _: value, lambda code, _: repr(text), constant=text)


def optional(kind: Kind) -> Kind:
    """``kind``, or null for ``None``.

    >>> optional(POINT).text(None), optional(POINT).plain((1.0, 2.0))
    ('null', [1.0, 2.0])
    """

    def write(code: _Code, value: str) -> str:
        held = code.hold()
        return f"('null' if ({held} := {value}) is None else {kind.write(code, held)})"

    plain = kind.plain
    return Kind(lambda value: None if value is None else plain(value), write)


def list_of(kind: Kind) -> Kind:
    """A sequence of values of ``kind``, as a list.

    >>> list_of(POINT).text([(0.0, 1.0), (2.0, 3.0)])
    '[[0.0, 1.0], [2.0, 3.0]]'
    """

    def write(code: _Code, value: str) -> str:
        each = code.hold()
        return f"'[%s]' % ', '.join([{kind.write(code, each)} for {each} in {value}])"

    plain = kind.plain
    return Kind(lambda values: [plain(value) for value in values], write)


def pair_of(first: Kind, second: Kind) -> Kind:
    """The first two values of a sequence, of ``first`` and ``second`` kind, as a list of
    two.

    >>> pair_of(COUNT, NUMBER).plain((3, -0.0)), pair_of(COUNT, NUMBER).text((3, 0.5))
    ([3, 0.0], '[3, 0.5]')
    """
    return Kind(
        lambda values: [first.plain(values[0]), second.plain(values[1])],
        _two(first.write, second.write),
    )


def nested(form: Form[Any]) -> Kind:
    """An object laid out by ``form`` (whose fixed text becomes part of the enclosing
    form's, where the object is a field's value).

    >>> inner = Form[complex](Field("x", NUMBER, "real"))
    >>> outer = Form[complex](Field("at", nested(inner)))
    >>> outer.plain(2.5j + 1), outer.text(2.5j + 1)
    ({'at': {'x': 1.0}}, '{"at": {"x": 1.0}}')
    """
    return Kind(form.plain, lambda code, value: f"{code.name(form._text)}({value})", form=form)


def one_of(choose: Callable[[Any], Form[Any]]) -> Kind:
    """An object laid out by the form that ``choose`` picks for the value (a certificate,
    by its type).

    >>> real = Form[complex](Field("x", NUMBER, "real"))
    >>> both = Form[complex](Field("x", NUMBER, "real"), Field("y", NUMBER, "imag"))
    >>> form = Form[complex](Field("v", one_of(lambda z: both if z.imag else real)))
    >>> form.text(1 + 0j), form.text(1 + 2j)
    ('{"v": {"x": 1.0}}', '{"v": {"x": 1.0, "y": 2.0}}')
    """

    def text(value: Any) -> str:
        return choose(value)._text(value)

    return Kind(
        lambda value: choose(value).plain(value),
        lambda code, value: f"{code.name(text)}({value})",
    )


Where = str | Callable[[Any], Any] | None
"""Where a value is, from the object a form lays out: an attribute path
(``"answer.gjk.distance"``), a function of the object, or ``None``: the object itself."""

_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def _getter(where: Where) -> Callable[[Any], Any]:
    if where is None:
        return _same
    if isinstance(where, str):
        if not _PATH.fullmatch(where):
            raise ValueError(f"not an attribute path: {where!r}")
        return attrgetter(where)
    return where


def _source(code: _Code, reach: str, where: Where) -> str:
    """The source of the expression for the value at ``where`` in the object that the
    expression ``reach`` yields."""
    if where is None:
        return reach
    return f"{reach}.{where}" if isinstance(where, str) else f"{code.name(where)}({reach})"


@dataclass(frozen=True)
class Field(Generic[T_contra]):
    """One key of an object, of ``kind``; its value is at ``get``: an attribute path
    (dotted: ``"answer.gjk.distance"``) or a function of the object (``None`` for a
    :func:`literal`, whose value is not needed). With ``omitted``, a ``None`` value
    leaves the key out rather than writing null.

    >>> form = Form[complex](Field("x", NUMBER, "real"), Field("z", PLAIN, omitted=True,
    ...                      get=lambda z: None))
    >>> form.text(-0.0 + 0j)  # a negative zero is written as 0.0, an omitted None not at all
    '{"x": 0.0}'
    """

    key: str
    kind: Kind
    get: str | Callable[[T_contra], Any] | None = None
    omitted: bool = False
    fetch: Callable[[Any], Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fetch", _getter(self.get))


@dataclass(frozen=True)
class Spread(Generic[T_contra]):
    """Keys of the user's own, at ``get`` (as for a :class:`Field`) as ``(key, plain
    value)`` pairs, copied into the object where the spread stands (``dict.update``: a
    field of the same key later on replaces the value in its place).

    >>> form = Form[dict[str, Any]](Field("name", TEXT, lambda d: d["name"]),
    ...                             Spread(lambda d: d["own"].items()))
    >>> form.text({"name": "p", "own": {"id": 7, "meta": {"seed": 1}}})
    '{"name": "p", "id": 7, "meta": {"seed": 1}}'
    """

    get: str | Callable[[T_contra], Iterable[tuple[str, Any]]]
    fetch: Callable[[Any], Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fetch", _getter(self.get))


class Form(Generic[S]):
    """The layout of a JSON object: its fields (and spreads), in order. The first member
    is a field that is always written.

    >>> form = Form[dict[str, Any]](
    ...     Field("name", TEXT, lambda d: d["name"]),
    ...     Spread(lambda d: d["own"]),
    ...     Field("more", PLAIN, lambda d: d.get("more"), omitted=True),
    ...     Field("error", literal(None)),
    ... )
    >>> form.plain({"name": "p", "own": [("id", 7)]})
    {'name': 'p', 'id': 7, 'error': None}
    >>> form.text({"name": "p", "own": [("id", 7)], "more": [1]})
    '{"name": "p", "id": 7, "more": [1], "error": null}'
    """

    def __init__(self, *members: Field[S] | Spread[S]) -> None:
        first = members[0] if members else None
        if not isinstance(first, Field) or first.omitted:
            raise ValueError("a form starts with a field that is always written")
        self.members = members
        self.keys = frozenset(member.key for member in members if isinstance(member, Field))

    def nulled(self, keys: Iterable[str]) -> Form[S]:
        """This layout with the fields ``keys`` always null.

        >>> form = Form[complex](Field("x", NUMBER, "real"), Field("y", NUMBER, "imag"))
        >>> form.nulled({"y"}).plain(1j), form.nulled({"y"}).text(1j)
        ({'x': 0.0, 'y': None}, '{"x": 0.0, "y": null}')
        """
        keys = set(keys)
        return Form(
            *(
                Field[S](member.key, literal(None), None, member.omitted)
                if isinstance(member, Field) and member.key in keys
                else member
                for member in self.members
            )
        )

    def plain(self, x: S) -> dict[str, Any]:
        """The object as a dict of plain JSON values."""
        record: dict[str, Any] = {}
        for member in self.members:
            if isinstance(member, Spread):
                record.update(member.fetch(x))
                continue
            value = member.fetch(x)
            if not (member.omitted and value is None):
                record[member.key] = member.kind.plain(value)
        return record

    def text(self, x: S) -> str:
        """``json.dumps(self.plain(x))``, made without the dict (:class:`UnwritableError`
        for a number that is not finite).

        >>> Form[float](Field("x", NUMBER, None)).text(float("inf"))
        Traceback (most recent call last):
        ...
        gjkcli.render.record_form.UnwritableError: inf is not a JSON number
        """
        return self._text(x)

    @cached_property
    def _text(self) -> Callable[[S], str]:
        """:meth:`text`, compiled when first wanted (``gjk check`` wants only the dict)."""
        code, fixed, values = _Code(), list[str](), list[str]()
        _lay_out(self, "x", code, fixed, values)
        return code.function(f"{''.join(fixed)!r} % ({', '.join(values)},)")


def _lay_out(form: Form[Any], reach: str, code: _Code, fixed: list[str], values: list[str]) -> None:
    """Append the text of ``form``'s object to ``fixed`` (a ``%`` template), and the
    source of the expression for each ``%s`` in it to ``values`` (``reach``: the source
    of the expression for the object). The keys of an object in a field are fixed text
    too."""
    fixed.append("{")
    for index, member in enumerate(form.members):
        if isinstance(member, Spread):
            fixed.append("%s")
            values.append(f"{code.name(_own_keys(form))}({_source(code, reach, member.get)})")
            continue
        key = f"{encode_basestring_ascii(member.key)}: "
        kind, value = member.kind, _source(code, reach, member.get)
        if member.omitted:
            fixed.append("%s")
            values.append(f"{code.name(_omittable(key, kind.text))}({value})")
            continue
        fixed.append((key if index == 0 else f", {key}").replace("%", "%%"))
        if kind.constant is not None:
            fixed.append(kind.constant.replace("%", "%%"))
        elif kind.form is not None and (member.get is None or isinstance(member.get, str)):
            _lay_out(kind.form, value, code, fixed, values)
        else:
            fixed.append("%s")
            values.append(kind.write(code, value))
    fixed.append("}")


def _own_keys(form: Form[Any]) -> Callable[[Iterable[tuple[str, Any]]], str]:
    """How a spread of the user's own keys is written in ``form``: after a separator
    (nothing when there are none)."""

    def text(pairs: Iterable[tuple[str, Any]]) -> str:
        own = dict(pairs)
        if own.keys() & form.keys:  # one of them replaced in place by a field: rare
            raise UnwritableError("a key of the user's own is also a key of the record")
        return f", {_dumps(own)[1:-1]}" if own else ""

    return text


def _omittable(key: str, write: Callable[[Any], str]) -> Callable[[Any], str]:
    """How a field left out when ``None`` is written: with its separator and key, or not
    at all."""
    return lambda value: "" if value is None else f", {key}{write(value)}"
