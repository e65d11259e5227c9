"""The shrinker on its own, with engines written here (fast: no subprocess)."""

from __future__ import annotations

from typing import Any

from gjkcli.fuzz.engines import CallableEngine
from gjkcli.fuzz.geometry import numbers
from gjkcli.fuzz.judge import Judgement, judge, load
from gjkcli.fuzz.numbers import significant_bits
from gjkcli.fuzz.shrink import cost, shrink
from gjkcli.pair import Pair
from gjkcli.verify.expect import ExpectSettings

SETTINGS = ExpectSettings()

BIG_APART = {
    "a": {
        "type": "polygon",
        "points": [[1000.1, 3.3], [1004.7, 2.9], [1006.2, 5.51], [1003.3, 8.123], [999.9, 6.0]],
    },
    "b": {"type": "ellipse", "center": [1010.3, 4.4], "radii": [1.7, 0.9], "rotation": 33.0},
    "name": "big",
}


def _always_zero(pair: dict[str, Any]) -> dict[str, Any]:
    """A broken engine: every pair is at distance 0."""
    return {"distance": 0.0}


ENGINE = CallableEngine(_always_zero, "zero")


def _ask(pair: dict[str, Any], loaded: Pair) -> Judgement:
    return judge(pair, loaded, ENGINE, SETTINGS)


def _first() -> Judgement:
    loaded = load(BIG_APART)
    assert loaded is not None
    first = _ask(BIG_APART, loaded)
    assert first.finding and first.signature == ("answer.distance",)
    return first


def test_shrinking_keeps_the_signature_and_simplifies() -> None:
    shrunk = shrink(_first(), _ask, max_calls=2000)
    pair = shrunk.judgement.pair
    assert shrunk.judgement.signature == ("answer.distance",)
    assert shrunk.judgement.finding
    assert cost(pair) < cost(BIG_APART)
    assert pair["b"]["type"] in ("circle", "point")  # the ellipse gave way
    assert all(significant_bits(x) <= 4 for x in numbers([pair["a"], pair["b"]])), pair
    assert shrunk.stopped == "nothing simpler fails the same way"
    assert shrunk.kept <= shrunk.tried == shrunk.calls <= 2000


def test_shrinking_stops_at_the_cap() -> None:
    shrunk = shrink(_first(), _ask, max_calls=3)
    assert shrunk.calls == 3
    assert shrunk.stopped == "the cap of 3 engine calls"


def test_types_bound_the_shapes_shrinking_may_use() -> None:
    shrunk = shrink(_first(), _ask, max_calls=2000, types=["polygon", "ellipse"])
    assert shrunk.judgement.pair["b"]["type"] == "ellipse"
    assert shrunk.judgement.pair["a"]["type"] == "polygon"
