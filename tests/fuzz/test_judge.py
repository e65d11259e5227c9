"""Judging one engine answer in ``gjk fuzz``: keys gjkcli has no reference for are left
out of the judgement, not the whole answer."""

from __future__ import annotations

from gjkcli.fuzz.engines import CallableEngine
from gjkcli.fuzz.judge import judge, load
from gjkcli.verify.expect import ExpectSettings

ELL = {"type": "polygon", "points": [[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]]}
INSIDE = {"type": "polygon", "points": [[2, 0.25], [3, 0.25], [3, 0.75], [2, 0.75]]}


def test_a_missed_contact_is_found_though_the_depth_cannot_be_judged() -> None:
    pair = {"a": ELL, "b": INSIDE, "name": "inside"}
    engine = CallableEngine(lambda p: {"intersects": False, "depth": 0.0}, "wrong")
    judgement = judge(pair, load(pair), engine, ExpectSettings())  # type: ignore[arg-type]
    assert judgement.signature == ("answer.intersects",) and judgement.finding
    right = CallableEngine(lambda p: {"intersects": True, "depth": 0.25}, "right")
    judgement = judge(pair, load(pair), right, ExpectSettings())  # type: ignore[arg-type]
    assert judgement.signature == () and not judgement.finding
