"""Judging one engine answer: gjkcli checks the pair, and the answer against its reference.

A pair is a *finding* when the engine's answer fails (or the engine itself failed) and
gjkcli is sure of its own answer: its check agrees with its references (Shapely, the
exact arbiter), and for two polygonal shapes the reference is the exact one. A key
gjkcli has no reference for (the depth of compound shapes that overlap) is left out of
the judgement. A finding
is therefore never gjkcli's own doubt. Findings are grouped by *signature*: the sorted
keys that failed (``("answer.intersects", "answer.verdict")``), or the way the engine
failed (``("crash",)``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from gjkcli.fuzz.engines import Engine, EngineFailure
from gjkcli.io.errors import InputError
from gjkcli.io.expectation import expect_from_node
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.pair import Expect, Pair
from gjkcli.shapes.compound import Compound, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.verify.check import Check, check_pair
from gjkcli.verify.expect import ExpectSettings

__all__ = ["Judgement", "judge", "load", "polygonal", "short_signature"]

WHERE = "fuzz"
"""The file name messages about generated pairs carry."""


def load(pair: dict[str, Any]) -> Pair | None:
    """The pair as gjkcli reads it, or ``None`` when gjkcli refuses it.

    >>> load({"a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [1, 0]}}).name
    'fuzz'
    >>> load({"a": {"type": "polygon", "points": [[0, 0], [1, 1]]}, "b": {"type": "point",
    ...       "at": [1, 0]}}) is None
    True
    """
    try:
        return pair_from_node(Node(pair, WHERE), str(pair.get("name", WHERE)))
    except (InputError, RecursionError):
        return None


def polygonal(pair: Pair) -> bool:
    """Whether both shapes are convex polygons (points, segments included): the pairs
    for which gjkcli's reference is the exact arbiter's.

    >>> polygonal(load({"a": {"type": "point", "at": [0, 0]},
    ...                 "b": {"type": "circle", "center": [3, 0], "radius": 1}}))
    False
    """
    shapes = (pair.a.shape, pair.b.shape)
    if any(isinstance(shape, Compound) for shape in shapes):
        return False
    return all(isinstance(part, Polytope) for shape in shapes for part in parts_of(shape))


@dataclass(frozen=True)
class Judgement:
    """One pair, the engine's reply, and gjkcli's judgement of it.

    ``signature`` is empty when the engine's answer passed; ``failures`` holds one
    sentence per failure; ``trusted`` says gjkcli is sure of its reference (always true
    for an engine that failed outright: that needs no reference). ``check`` is gjkcli's
    check with the answer joined (``None`` when the engine gave no answer).
    """

    pair: dict[str, Any]
    loaded: Pair
    reply: dict[str, Any] | EngineFailure
    check: Check | None
    signature: tuple[str, ...]
    failures: tuple[str, ...]
    trusted: bool

    @property
    def finding(self) -> bool:
        """A failure of the engine that gjkcli is sure of."""
        return bool(self.signature) and self.trusted


def judge(
    pair: dict[str, Any], loaded: Pair, engine: Engine, settings: ExpectSettings
) -> Judgement:
    """Ask the engine about ``pair`` (already :func:`load`-ed) and judge its reply.

    >>> from gjkcli.fuzz.engines import CallableEngine
    >>> pair = {"a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [3, 4]}}
    >>> wrong = CallableEngine(lambda p: {"distance": 4.5, "intersects": False}, "wrong")
    >>> judgement = judge(pair, load(pair), wrong, ExpectSettings())
    >>> judgement.signature, judgement.finding
    (('answer.distance',), True)
    >>> judge(pair, load(pair), CallableEngine(lambda p: [], "list"), ExpectSettings()).signature
    ('garbage',)
    """
    reply = engine.ask(pair)
    if isinstance(reply, EngineFailure):
        return Judgement(pair, loaded, reply, None, (reply.kind,), (reply.message,), True)
    try:
        answer = expect_from_node(
            Node(reply, WHERE, "answer"), "an answer", ignored=("id", "name", "meta")
        )
    except InputError as error:
        failure = EngineFailure("garbage", f"not an answer: {error}", None)
        return Judgement(pair, loaded, failure, None, ("garbage",), (failure.message,), True)
    return judged(pair, loaded, reply, answer, settings)


def judged(
    pair: dict[str, Any],
    loaded: Pair,
    reply: dict[str, Any],
    answer: Expect,
    settings: ExpectSettings,
) -> Judgement:
    """The judgement of an answer the engine gave (:func:`judge` without asking)."""
    check = check_pair(dataclasses.replace(loaded, answer=answer), settings=settings)
    outcome = check.expect
    unjudged = set(outcome.unjudged) if outcome is not None else set()
    failures = tuple(
        failure
        for failure in (outcome.failures if outcome is not None else ())
        if failure.split(":", 1)[0] not in unjudged  # keys gjkcli has no reference for
    )
    signature = tuple(sorted({failure.split(":", 1)[0] for failure in failures}))
    trusted = check.agree and (check.exact is not None or not polygonal(loaded))
    return Judgement(pair, loaded, reply, check, signature, failures, trusted)


def short_signature(signature: tuple[str, ...]) -> str:
    """A signature as a folder name's tail.

    >>> short_signature(("answer.intersects", "answer.verdict")), short_signature(("hang",))
    ('intersects+verdict', 'hang')
    """
    return "+".join(key.removeprefix("answer.") for key in signature) or "none"
