"""Reading an expectation (a pair's ``expect``, or an engine's answer) and the user's own
fields of a pair (``id``, ``meta``), with messages that point at the place.

The keys are those of FORMATS section 2: ``intersects``, ``verdict``, ``distance``,
``closest``, ``depth`` (or its older name ``penetration``), ``normal``, ``contact``,
``tolerance``, and for a pair with a motion ``cast`` (``{"status", "time"}``). A key
whose value is ``null`` is not stated (engines often write every key, with ``null`` for
what does not apply).
"""

from __future__ import annotations

import math
from typing import Any

from gjkcli.io.jsondoc import NonFinite
from gjkcli.io.node import Node, describe
from gjkcli.pair import CAST_STATUSES, VERDICTS, CastExpect, Expect
from gjkcli.shapes.base import Vec

__all__ = ["CARRIED_KEYS", "CAST_KEYS", "EXPECT_KEYS", "carried_fields", "expect_from_node"]

EXPECT_KEYS = (
    "intersects",
    "verdict",
    "distance",
    "closest",
    "depth",
    "penetration",
    "normal",
    "contact",
    "tolerance",
    "cast",
)
"""The keys an expectation may hold (``penetration`` is the older name of ``depth``)."""

CARRIED_KEYS = ("id", "meta")
"""The user's own fields of a pair, copied into its record untouched: ``id`` (a string
or an integer) and ``meta`` (any JSON object)."""


def expect_from_node(
    node: Node, what: str = "an expectation", ignored: tuple[str, ...] = ()
) -> Expect:
    """The expectation held by the JSON object at ``node`` (keys ``ignored`` aside).

    >>> node = Node({"verdict": "touching", "normal": [0, 2], "depth": None}, "p.json", "expect")
    >>> expect_from_node(node)  # doctest: +ELLIPSIS
    Expect(intersects=None, distance=None, depth=None, tolerance=None, verdict='touching', ...
    >>> expect_from_node(Node({"verdict": "apart"}, "p.json", "expect"))
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: p.json: expect.verdict: expected one of separated, touching, \
overlapping, got a string ("apart")
    """
    node.check_keys(what, (), (*EXPECT_KEYS, *ignored))
    given = {key: node.key(key) for key in EXPECT_KEYS if node.value.get(key) is not None}
    if "depth" in given and "penetration" in given:
        raise given["penetration"].error("give the depth once: 'depth' or 'penetration', not both")
    depth = given.get("depth") or given.get("penetration")
    verdict = given.get("verdict")
    if verdict is not None and verdict.value not in VERDICTS:
        raise verdict.error(f"expected one of {', '.join(VERDICTS)}, got {describe(verdict.value)}")
    closest, normal, contact = (given.get(key) for key in ("closest", "normal", "contact"))
    intersects, distance, tolerance = (
        given.get(key) for key in ("intersects", "distance", "tolerance")
    )
    return Expect(
        intersects=None if intersects is None else intersects.boolean(),
        distance=None if distance is None else distance.non_negative(),
        depth=None if depth is None else depth.non_negative(),
        tolerance=None if tolerance is None else tolerance.non_negative(),
        verdict=None if verdict is None else verdict.string(),
        closest=None if closest is None else _two_points(closest),
        normal=None if normal is None else _direction(normal),
        contact=None if contact is None else _two_points(contact),
        cast=None if "cast" not in given else _cast(given["cast"]),
    )


CAST_KEYS = ("status", "time")
"""The keys of ``expect.cast``: ``status`` (needed) and ``time`` (optional)."""


def _cast(node: Node) -> CastExpect:
    """A cast's expected status, and its time of impact (in [0, 1]) if stated.

    >>> _cast(Node({"status": "hit", "time": 0.5}, "p.json", "expect.cast"))
    CastExpect(status='hit', time=0.5)
    >>> _cast(Node({"status": "hit", "time": 2}, "p.json", "expect.cast"))
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: p.json: expect.cast.time: expected a time in [0, 1], got 2
    """
    node.check_keys("a cast's expectation", ("status",), CAST_KEYS)
    status = node.key("status")
    if status.value not in CAST_STATUSES:
        raise status.error(
            f"expected one of {', '.join(CAST_STATUSES)}, got {describe(status.value)}"
        )
    time_node = node.get("time")
    if time_node is None or time_node.value is None:
        return CastExpect(status.string())
    time = time_node.number()
    if not 0.0 <= time <= 1.0:
        raise time_node.error(f"expected a time in [0, 1], got {time:g}")
    return CastExpect(status.string(), time)


def carried_fields(node: Node) -> tuple[tuple[str, Any], ...]:
    """The pair's ``id`` and ``meta``, checked to be JSON that a record can hold.

    >>> carried_fields(Node({"a": 1, "id": 7, "meta": {"seed": [1, 2]}}, "p.jsonl:3"))
    (('id', 7), ('meta', {'seed': [1, 2]}))
    """
    fields = []
    for key in CARRIED_KEYS:
        child = node.get(key)
        if child is None:
            continue
        if key == "id" and (
            isinstance(child.value, bool) or not isinstance(child.value, (str, int))
        ):
            raise child.error(f"expected a string or an integer, got {describe(child.value)}")
        if key == "meta":
            child.mapping("the pair's own fields")
        _check_json(child)
        fields.append((key, child.value))
    return tuple(fields)


def _check_json(node: Node) -> None:
    """Refuse what a record could not write back: repeated keys, numbers that are not finite."""
    value = node.value
    if isinstance(value, NonFinite) or (isinstance(value, float) and not math.isfinite(value)):
        raise node.error(f"{describe(value)} is not JSON: numbers must be finite")
    if isinstance(value, dict):
        node.mapping("an object")
        for key in value:
            _check_json(node.key(key))
    elif isinstance(value, list):
        for item in node.items():
            _check_json(item)


def _two_points(node: Node) -> tuple[Vec, Vec]:
    first, second = node.points(2, 2)
    return first, second


def _direction(node: Node) -> Vec:
    """A normal, any length; ``[0, 0]`` is an engine's "no normal" (judged as such)."""
    return node.xy()
