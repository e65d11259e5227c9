"""A moving pair's whole check: the static check of the shapes as written, and the cast
along the pair's motion with its cross-checks (``gjk batch``, FORMATS section 4,
"gjk batch --json").

The cast is :func:`~gjkcli.verify.motion_check.check_motion`'s, the one ``gjk cast``
makes: a linear cast checked against the exact time, the analytic time, Shapely's swept
region and its certificate, or for a motion that turns the rotating time of impact
checked against sampling. :func:`with_cast` folds it into the static
:class:`~gjkcli.verify.check.Check`, so that everything which reads a check (its
``agree``, its status and reasons, its record) follows the cast too: each of the cast's
disagreements becomes one of the pair's, as ``cast: <sentence>``, each stated cast
that does not hold (``expect.cast``, or an engine's ``answer.cast``) one of its
expectation failures, and a cast stopped at its iteration cap one of its warnings.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from gjkcli.pair import Expect, Pair
from gjkcli.shapes.compound import Compound
from gjkcli.verify.cast_expect import cast_failures
from gjkcli.verify.check import Check
from gjkcli.verify.expect import ExpectOutcome, ExpectSettings, Source
from gjkcli.verify.motion_check import MotionCheck, check_motion
from gjkcli.verify.toi_check import ToiCheck

__all__ = ["CastRefusedError", "PairCast", "cast_pair", "with_cast"]


class CastRefusedError(ValueError):
    """The pair's shapes cannot be cast (a compound shape that turns): bad input, at
    ``motion``."""


@dataclass(frozen=True)
class PairCast:
    """A moving pair's cast, cross-checked (``check``), and the sentences of the stated
    casts that did not hold (``failures``: ``expect.cast.*`` then ``answer.cast.*``)."""

    check: MotionCheck
    failures: tuple[str, ...]


def cast_pair(pair: Pair, settings: ExpectSettings | None = None) -> PairCast:
    """Cast ``pair`` along its motion, cross-check the cast, and judge its stated casts.

    >>> from gjkcli.io import pair_from_node
    >>> from gjkcli.io.node import Node
    >>> boxes = {"a": {"type": "rectangle", "center": [0, 0], "size": [2, 2]},
    ...          "b": {"type": "rectangle", "center": [5, 0], "size": [2, 2]},
    ...          "motion": {"b": [-6, 0]}, "expect": {"cast": {"status": "hit", "time": 0.5}}}
    >>> cast = cast_pair(pair_from_node(Node(boxes, "p.json"), "p"))
    >>> cast.check.result.status, cast.check.result.time, cast.check.agree
    ('hit', 0.5, True)
    >>> cast.failures
    ()
    >>> late = {**boxes, "expect": {"cast": {"status": "hit", "time": 0.75}}}
    >>> cast_pair(pair_from_node(Node(late, "p.json"), "p")).failures
    ('expect.cast.time: expected 0.75, cast 0.5 (difference 0.25, tolerance 2e-09)',)

    A compound shape is cast pair of parts by pair along a translation, and cannot turn:

    >>> ring = {"type": "polygon", "points": [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]}
    >>> cast_pair(pair_from_node(Node({**boxes, "a": ring}, "p.json"), "p")).check.result.time
    0.0
    >>> turning = {**boxes, "a": ring, "motion": {"b": {"to": [-6, 0, 90]}}}
    >>> cast_pair(pair_from_node(Node(turning, "p.json"), "p"))
    Traceback (most recent call last):
    ...
    gjkcli.verify.pair_cast.CastRefusedError: a turning motion needs convex shapes, and A is \
a compound shape (non-convex or multi-part); a translation casts it part by part
    """
    motion = pair.motion
    if motion is None:
        raise ValueError(f"{pair.name}: the pair has no motion to cast")
    a, b = pair.a.shape, pair.b.shape
    turns = motion.a.rotates or motion.b.rotates
    if turns and (isinstance(a, Compound) or isinstance(b, Compound)):
        which = "A" if isinstance(a, Compound) else "B"
        raise CastRefusedError(
            f"a turning motion needs convex shapes, and {which} is a compound shape "
            "(non-convex or multi-part); a translation casts it part by part"
        )
    check = check_motion(a, b, motion)
    settings = settings or ExpectSettings()
    result = check.result
    bracket = 0.0
    if isinstance(check, ToiCheck) and check.result.bracket is not None:
        bracket = check.result.bracket[1] - check.result.bracket[0]
    stated: tuple[tuple[Expect | None, Source], ...] = (
        (pair.expect, "expect"),
        (pair.answer, "answer"),
    )
    failures = [
        failure
        for expect, source in stated
        if expect is not None and expect.cast is not None
        for failure in cast_failures(
            expect.cast, result.status, result.time, settings, bracket=bracket, source=source
        )
    ]
    return PairCast(check, tuple(failures))


def with_cast(check: Check, cast: PairCast) -> Check:
    """``check`` with the cast folded in: its disagreements (``cast: ...``), its stated
    casts that failed, and a cast cut short by its iteration cap as a warning (which
    ``--strict`` fails, as it fails a static run cut short), so that ``agree``, the
    status and the reasons follow both."""
    problems = tuple(f"cast: {problem}" for problem in cast.check.problems)
    result = cast.check.result
    capped = result.status == "iteration-cap" or result.stop == "max-iterations"
    warnings = (f"cast: the cast stopped at its iteration cap ({result.stop})",) if capped else ()
    expect = check.expect
    if cast.failures:
        assert expect is not None  # a stated cast is part of the pair's expect or answer
        expect = ExpectOutcome(
            False, (*expect.failures, *cast.failures), expect.tolerance, expect.unjudged
        )
    return dataclasses.replace(
        check,
        disagreements=(*check.disagreements, *problems),
        expect=expect,
        warnings=(*check.warnings, *warnings),
    )
