"""``gjk batch``'s rows are written straight from the checks (``check_record_text``): the
text is the same as the general way's, ``json_text(check_record(...))``, byte for byte,
on every record: whole corpora of every family, odd names and fields, answers, casts,
and records that JSON cannot hold (the same error, naming the same place)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gjkcli.batch import runner
from gjkcli.batch.runner import run_batch
from gjkcli.corpus import DEFAULT_FAMILIES, FAMILIES
from gjkcli.corpus import generate as corpus
from gjkcli.io.discover import Item
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.pair import Expect
from gjkcli.render import json_record
from gjkcli.render import record_form as rf
from gjkcli.render.cast_record import cast_fields
from gjkcli.render.json_record import Source, check_record, check_record_text
from gjkcli.render.json_text import json_text
from gjkcli.verify.check import Check, check_pairs
from gjkcli.verify.pair_cast import cast_pair, with_cast
from tests.helpers import Records

CAST_FAMILIES = tuple(family for family in FAMILIES if family.startswith("cast-"))


def general(check: Check, source: Source | None, strict: bool, cast: Any) -> str:
    """The general way's text, or its error."""
    try:
        return json_text(check_record(check, source=source, strict=strict, cast=cast))
    except Exception as error:  # the batch makes any error the pair's row: compare them too
        return f"{type(error).__name__}: {error}"


def straight(check: Check, source: Source | None, strict: bool, cast: Any) -> str:
    """The straight way's text, or its error."""
    try:
        return check_record_text(check, source, strict, cast)
    except Exception as error:
        return f"{type(error).__name__}: {error}"


def assert_same(
    checks: Iterable[tuple[Check, Any]], strict: bool = False, source: Source | None = None
) -> int:
    """Both ways agree on every check (with its cast's fields, if any); how many."""
    count = 0
    for check, cast in checks:
        where = source or Source("stream.jsonl", count + 1)
        assert straight(check, where, strict, cast) == general(check, where, strict, cast)
        count += 1
    return count


@pytest.fixture
def general_ways(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the records ``check_record_text`` wrote the general way."""
    names: list[str] = []

    def counted(record: dict[str, Any], indent: int | None = None) -> str:
        names.append(record["name"])
        return json_text(record, indent)

    monkeypatch.setattr(json_record, "json_text", counted)
    return names


def checked(lines: Iterable[str]) -> Iterator[tuple[Check, Any]]:
    """Each line's check, and for a moving pair its cast folded in and the cast's fields."""
    pairs = [pair_from_node(Node(parse_json(line, "p.jsonl"), "p.jsonl"), "p") for line in lines]
    for check in check_pairs(pairs):
        motion = check.pair.motion
        if motion is None:
            yield check, None
            continue
        cast = cast_pair(check.pair)
        yield with_cast(check, cast), cast_fields(cast.check, motion)


def octagon(rng: random.Random, center: tuple[float, float], radius: float) -> list[list[float]]:
    angles = [(k + 0.2 + 0.6 * rng.random()) * math.pi / 4 for k in range(8)]
    return [[center[0] + radius * math.cos(t), center[1] + radius * math.sin(t)] for t in angles]


def octagon_pairs(count: int, seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    for index in range(count):
        a = octagon(rng, (0.0, 0.0), rng.uniform(0.5, 2.0))
        b = octagon(rng, (rng.uniform(-4, 4), rng.uniform(-4, 4)), rng.uniform(0.5, 2.0))
        polygons = {"a": {"type": "polygon", "points": a}, "b": {"type": "polygon", "points": b}}
        yield json.dumps({"name": f"octagons/{index}", **polygons})


@pytest.mark.parametrize("strict", [False, True])
def test_a_generated_corpus_of_every_family_gives_the_same_text(
    strict: bool, general_ways: list[str]
) -> None:
    lines = [json.dumps(pair) for pair in corpus(1600, 21, DEFAULT_FAMILIES)]
    assert assert_same(checked(lines), strict) == 1600
    assert general_ways == []  # every record written straight, and the same


def test_extreme_and_moving_pairs_give_the_same_text(general_ways: list[str]) -> None:
    extreme = [json.dumps(pair) for pair in corpus(400, 22, ("extreme",))]
    moving = [json.dumps(pair) for pair in corpus(12 * len(CAST_FAMILIES), 23, CAST_FAMILIES)]
    assert assert_same(checked(extreme + moving)) == 400 + 12 * len(CAST_FAMILIES)
    assert assert_same(checked(moving), strict=True) == 12 * len(CAST_FAMILIES)
    assert general_ways == []


def test_random_octagons_give_the_same_text(general_ways: list[str]) -> None:
    assert assert_same(checked(octagon_pairs(600, 7))) == 600
    assert general_ways == []


NAMES = (
    'quote " and back \\ slash',
    "tab\t, newline\n, bell\x07",
    "caf\u00e9 \u540d\u524d",
    "grin \U0001f600 beyond U+FFFF",
    "lone \ud800 high",
    "lone \udcff low",
    "the text \\ud800 of an escape",
    "per % cent %s %%",
    "[nan, inf, -inf]",
    "{braces} and ': '",
    "",
)


def varied(check: Check, index: int) -> Check:
    """The check of a pair with its own fields, expectations and answers, and odd names."""
    pair = check.pair
    carried: tuple[tuple[str, Any], ...] = (
        (("id", index),),
        (("id", f"id-{index}-\u00e9"), ("meta", {"seed": [1, -0.0, 1e300, 2**70], "x": None})),
        (("meta", {"name": NAMES[index % len(NAMES)], "deep": {"a": [True, False]}}),),
        (),
    )[index % 4]
    answer = (None, Expect(distance=0.5), Expect(verdict="touching", tolerance=1e-3))[index % 3]
    pair = dataclasses.replace(
        pair,
        name=NAMES[index % len(NAMES)] + f"/{index}",
        carried=carried,
        expect=Expect(intersects=True) if index % 5 == 0 else pair.expect,
        answer=answer,
        answer_missing="answer: no answer in engine.jsonl has id 7" if index % 7 == 0 else None,
    )
    return check_pairs([pair])[0]


def test_ids_meta_expectations_answers_and_odd_names_give_the_same_text(
    general_ways: list[str],
) -> None:
    lines = [json.dumps(pair) for pair in corpus(400, 24, DEFAULT_FAMILIES)]
    checks = [varied(check, index) for index, (check, _) in enumerate(checked(lines))]
    assert assert_same((check, None) for check in checks) == 400
    # only text that looks like a surrogate's escape when written goes the general way
    # (json_text mends it): a lone surrogate, a character beyond U+FFFF, such an escape
    assert {name.split("/")[0] for name in general_ways} == set(NAMES[3:7])
    assert assert_same(((check, None) for check in checks), strict=True) == 400
    assert assert_same(((check, None) for check in checks[:50]), source=Source("\ud800", None))


def test_a_users_field_named_like_a_record_key_goes_the_general_way(
    general_ways: list[str],
) -> None:
    (check, _), *_ = checked(octagon_pairs(1, 3))
    for key in ("status", "name", "error", "gjk"):
        own = dataclasses.replace(check, pair=dataclasses.replace(check.pair, carried=((key, 1),)))
        assert assert_same([(own, None)]) == 1
    assert len(general_ways) == 4


def test_shapely_that_could_not_run_and_negative_zeros_give_the_same_text() -> None:
    checks = [check for check, _ in checked(octagon_pairs(40, 4))]
    for index, check in enumerate(checks):
        referee = check.shapely
        if index % 2:
            referee = dataclasses.replace(referee, unavailable="GEOS met an overflow")
        else:
            referee = dataclasses.replace(referee, penetration_unavailable="its hull is empty")
        gjk = dataclasses.replace(check.answer.gjk, distance=-0.0, band=-0.0)
        answer = dataclasses.replace(check.answer, gjk=gjk, verdict_tolerance=-0.0)
        assert assert_same([(dataclasses.replace(check, shapely=referee, answer=answer), None)])
        text = check_record_text(dataclasses.replace(check, answer=answer))
        assert '"distance": 0.0' in text and not re.search(r"-0\.0[,\]}]", text)


def unwritable(check: Check, value: Any) -> Iterator[tuple[str, Check]]:
    """The check with ``value`` in one place at a time, and the place."""
    gjk, answer, referee = check.answer.gjk, check.answer, check.shapely
    yield (
        "gjk.distance",
        dataclasses.replace(
            check, answer=dataclasses.replace(answer, gjk=dataclasses.replace(gjk, distance=value))
        ),
    )
    if gjk.closest is not None:
        closest = ((gjk.closest[0][0], value), gjk.closest[1])
        yield (
            "gjk.closest[0][1]",
            dataclasses.replace(
                check,
                answer=dataclasses.replace(answer, gjk=dataclasses.replace(gjk, closest=closest)),
            ),
        )
    yield (
        "shapely.approximation_error",
        dataclasses.replace(check, shapely=dataclasses.replace(referee, approximation_error=value)),
    )
    yield "tolerances.depth", dataclasses.replace(check, depth_tolerance=value)
    yield (
        "gjk.iterations",
        dataclasses.replace(
            check,
            answer=dataclasses.replace(answer, gjk=dataclasses.replace(gjk, iterations=value)),
        ),
    )


@pytest.mark.parametrize(
    ("value", "what"),
    [
        (math.nan, "NaN"),
        (math.inf, "infinity"),
        (-math.inf, "-infinity"),
        (np.float32(1.5), "a value of type float32"),
        (np.float64(math.nan), "NaN"),  # a NumPy float's repr is not a plain float's
    ],
)
def test_a_record_json_cannot_hold_is_refused_alike_naming_the_place(value: Any, what: str) -> None:
    checks = [check for check, _ in checked(octagon_pairs(6, 5))]
    for check in checks:
        for place, bad in unwritable(check, value):
            refused = straight(bad, None, False, None)
            assert refused == general(bad, None, False, None)
            assert refused == f"NotJSONError: {what} at {place} cannot be written as JSON"


def test_a_nan_in_a_casts_fields_is_refused_alike() -> None:
    moving = [json.dumps(pair) for pair in corpus(len(CAST_FAMILIES), 25, CAST_FAMILIES)]
    for check, fields in checked(moving):
        bad = fields | {"tolerance": math.nan}
        expected = "NotJSONError: NaN at cast.tolerance cannot be written as JSON"
        assert straight(check, None, False, bad) == general(check, None, False, bad) == expected


def test_a_batch_row_with_a_nan_is_an_error_row_naming_the_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def with_nan(pairs: Any, *args: Any, **kwargs: Any) -> list[Check]:
        return [
            next(bad for place, bad in unwritable(check, math.nan) if place == "gjk.closest[0][1]")
            if check.pair.name == "octagons/1"
            else check
            for check in check_pairs(pairs, *args, **kwargs)
        ]

    monkeypatch.setattr(runner, "check_pairs", with_nan)
    items = [Item("o.jsonl", number, line) for number, line in enumerate(octagon_pairs(3, 9), 1)]
    written = Records()
    # the general way, which the NaN is planted in (the columnar lane would answer them)
    summary = run_batch(items, workers=1, fail_fast=False, write=written.write, columnar=False)
    message = (
        "o.jsonl:2: internal error in its record: NaN at gjk.closest[0][1] cannot be "
        "written as JSON"
    )
    assert json.loads(written[1])["error"] == message
    assert (summary.pairs, summary.errors) == (3, 1)


def json_values() -> st.SearchStrategy[Any]:
    return st.floats() | st.integers() | st.text() | st.booleans() | st.none()


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_number_is_written_as_json_writes_it(x: float) -> None:
    assert rf.NUMBER.text(x) == json.dumps(rf.NUMBER.plain(x))
    point = (x, -x)
    assert rf.POINT.text(point) == json.dumps(rf.POINT.plain(point))


@given(st.text(), st.lists(st.text(), max_size=4))
def test_text_is_written_as_json_writes_it(text: str, texts: list[str]) -> None:
    assert rf.TEXT.text(text) == json.dumps(text)
    assert rf.optional(rf.TEXT).text(None) == "null"
    assert rf.TEXTS.text(tuple(texts)) == json.dumps(texts)


@given(json_values())
def test_a_value_of_an_unexpected_type_is_written_as_json_writes_it_or_refused(
    value: Any,
) -> None:
    for kind in (rf.COUNT, rf.FLAG, rf.NUMBER, rf.TEXT):
        try:
            expected = json.dumps(kind.plain(value), allow_nan=False)
        except (TypeError, ValueError):
            with pytest.raises((TypeError, ValueError)):
                kind.text(value)
            continue
        with contextlib.suppress(TypeError):  # not written straight: the general way will
            assert kind.text(value) == expected
