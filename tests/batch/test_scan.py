"""The compiled scanner of plain polygon pairs (gjkcli/_scan.c, used by gjkcli.batch.plain)
gives exactly what json.loads and plain_points give for the lines of its form, and None
for every other line: checked against a reading by json.loads on written, targeted,
truncated and damaged lines, and through read_plain against its pure-Python way, the
floats compared bit for bit (the sign of zero included), on both engines."""

from __future__ import annotations

import json
import math
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal, getcontext
from types import ModuleType
from typing import Any

import pytest

from gjkcli import engine
from gjkcli.batch import plain, runner
from gjkcli.batch.plain import LONGEST_RING, read_plain
from gjkcli.corpus import DEFAULT_FAMILIES
from gjkcli.corpus import generate as corpus
from gjkcli.io.discover import Item, default_name
from gjkcli.io.errors import InputError
from gjkcli.io.node import plain_points
from gjkcli.pair import Pair
from tests.helpers import ROOT

MOST = LONGEST_RING + 1
"""The most points a ring may have for read_plain (a closing point included)."""

SQUARE = "[[0, 0], [2, 0], [2, 1], [0, 1]]"
TRIANGLE = "[[3.5, 0.25], [4, 1e0], [3, 1]]"
LINE = (
    f'{{"a": {{"type": "polygon", "points": {SQUARE}}}, '
    f'"b": {{"type": "polygon", "points": {TRIANGLE}}}}}'
)
"""A line of the scanner's form; the targeted lines are made from it."""


CIRCLE = [
    [math.cos(2 * math.pi * k / LONGEST_RING), math.sin(2 * math.pi * k / LONGEST_RING)]
    for k in range(LONGEST_RING)
]


@pytest.fixture(scope="module")
def scan() -> Callable[[list[Any]], list[Any]]:
    """The compiled scanner, with read_plain's limits; a skip where the core is not built
    (never on CI, where a missing core is a failure)."""
    core = engine.compiled()
    if core is None:
        if os.environ.get("CI") and engine.describe() != engine.PURE_FORCED:
            pytest.fail("the compiled core is not built on CI")
        pytest.skip("the compiled scanner is not active here")
    module: ModuleType = core
    return lambda texts: list(module.scan_plain(texts, 3, MOST))


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a repeated key")
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def oracle(text: str) -> Any:
    """What the scanner must give for ``text``, read by json.loads: ``(name or None,
    points of a, points of b)`` for a line of its form, ``None`` otherwise. The form's
    limits beyond what read_plain's Python way takes: no escape in any string (so no
    backslash anywhere), no NaN or Infinity, and text that UTF-8 can hold."""
    if "\\" in text:
        return None
    try:
        text.encode()
        document = json.loads(text, object_pairs_hook=_unique, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    if type(document) is not dict or not {"a", "b"} <= document.keys() <= {"a", "b", "name"}:
        return None
    name = document.get("name")
    if "name" in document and (type(name) is not str or re.match(r"\s*:", name)):
        return None  # a name read_plain's Python way counts as one key more: not plain
    rings = []
    for shape in (document["a"], document["b"]):
        if type(shape) is not dict or shape.keys() != {"type", "points"}:
            return None
        if shape["type"] != "polygon":
            return None
        rings.append(plain_points(shape["points"], 3, MOST))
    if None in rings:
        return None
    return (name, rings[0], rings[1])


def bits(found: Any) -> Any:
    """A scanned (or expected) line with every float as its exact bits, and its types."""
    if found is None:
        return None
    name, a, b = found
    assert type(a) is list and type(b) is list
    return (name, [_point_bits(p) for p in a], [_point_bits(p) for p in b])


def _point_bits(point: Any) -> tuple[str, str]:
    assert type(point) is tuple and len(point) == 2
    assert type(point[0]) is float and type(point[1]) is float
    return (point[0].hex(), point[1].hex())


def assert_as_json_reads(scan: Callable[[list[Any]], list[Any]], texts: list[str]) -> int:
    """Every text scanned as json.loads reads it; the number the scanner took."""
    found = scan(texts)
    assert len(found) == len(texts)
    for text, result in zip(texts, found, strict=True):
        assert bits(result) == bits(oracle(text)), repr(text)
    return sum(result is not None for result in found)


def pair_bits(pair: Pair | None) -> Any:
    """A pair as read_plain builds it, with its vertices' exact bits."""
    if pair is None:
        return None
    shapes = []
    for side in (pair.a, pair.b):
        vertices = getattr(side.shape, "vertices", None)
        exact = None if vertices is None else [(x.hex(), y.hex()) for x, y in vertices]
        shapes.append((side.kind, side.name, type(side.shape).__name__, exact, side.notes))
    return (pair.name, shapes, pair.expect, pair.carried, pair.answer, pair.motion)


def both_ways(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], int]:
    """read_plain on the texts as one chunk with the scanner and without it: the pairs
    (the same), and how many pairs were read."""
    items = [Item("scan.jsonl", number, text) for number, text in enumerate(texts, 1)]
    names = [default_name(item) for item in items]
    fast = read_plain(items, names)
    with monkeypatch.context() as patched:
        patched.setattr(plain, "compiled", lambda: None)
        slow = read_plain(items, names)
    assert [pair_bits(p) for p in fast] == [pair_bits(p) for p in slow]
    assert fast == slow
    return [pair_bits(p) for p in fast], sum(pair is not None for pair in fast)


def line_with(a: str = SQUARE, b: str = TRIANGLE, more: str = "") -> str:
    return (
        f'{{"a": {{"type": "polygon", "points": {a}}}, '
        f'"b": {{"type": "polygon", "points": {b}}}{more}}}'
    )


def edited(old: str, new: str, count: int = 1) -> str:
    assert old in LINE
    return LINE.replace(old, new, count)


REFUSED = [
    # keys
    LINE[:-1] + f', "a": {{"type": "polygon", "points": {SQUARE}}}}}',
    line_with(more=', "name": "x", "name": "y"'),
    edited('"type": "polygon",', '"type": "polygon", "type": "polygon",'),
    edited('"points": [[0', f'"points": {SQUARE}, "points": [[0'),
    line_with(more=', "expect": {"intersects": true}'),
    line_with(more=', "id": 1'),
    edited('"type": "polygon",', '"type": "polygon", "name": "x",'),
    edited('"type": "polygon",', '"type": "polygon", "holes": [],'),
    edited('"type": "polygon", ', ""),
    edited(f', "points": {SQUARE}', ""),
    LINE.replace(f', "b": {{"type": "polygon", "points": {TRIANGLE}}}', ""),
    edited('"a"', '"\\u0061"'),
    edited('"a"', '"A"'),
    edited('"a"', "a"),
    # the type
    edited('"polygon"', '"Polygon"'),
    edited('"polygon"', '"hull"'),
    edited('"polygon"', '"polyg\\u006fn"'),
    edited('"polygon"', "1"),
    edited('"polygon"', "null"),
    edited('"polygon"', '"polygon "'),
    # the name
    line_with(more=', "name": "a\\u0041"'),
    line_with(more=', "name": "a\\"b"'),
    line_with(more=', "name": "a\\\\b"'),
    line_with(more=', "name": "tab\there"'),
    line_with(more=', "name": "nul\x00here"'),
    line_with(more=', "name": "\x1f"'),
    line_with(more=', "name": 7'),
    line_with(more=', "name": null'),
    line_with(more=', "name": ["x"]'),
    line_with(more=', "name": ":x"'),
    line_with(more=', "name": " \u3000:x"'),
    line_with(more=', "name": "\ud800 lone surrogate"'),
    line_with(more=', "name": "unterminated'),
    # numbers
    edited("[2, 0]", "[1e400, 0]"),
    edited("[2, 0]", "[-1e400, 0]"),
    edited("[2, 0]", "[1e99999999999999999999, 0]"),
    edited("[2, 0]", f"[{10**400}, 0]"),
    edited("[2, 0]", f"[-{10**309}, 0]"),
    edited("[2, 0]", "[1., 0]"),
    edited("[2, 0]", "[.5, 0]"),
    edited("[2, 0]", "[01, 0]"),
    edited("[2, 0]", "[-01, 0]"),
    edited("[2, 0]", "[+1, 0]"),
    edited("[2, 0]", "[NaN, 0]"),
    edited("[2, 0]", "[Infinity, 0]"),
    edited("[2, 0]", "[-Infinity, 0]"),
    edited("[2, 0]", "[1e, 0]"),
    edited("[2, 0]", "[1e+, 0]"),
    edited("[2, 0]", "[1.5e-, 0]"),
    edited("[2, 0]", "[-, 0]"),
    edited("[2, 0]", "[--1, 0]"),
    edited("[2, 0]", "[- 1, 0]"),
    edited("[2, 0]", "[1.5.2, 0]"),
    edited("[2, 0]", "[0x10, 0]"),
    edited("[2, 0]", "[1_000, 0]"),
    edited("[2, 0]", '["2", 0]'),
    edited("[2, 0]", "[true, 0]"),
    edited("[2, 0]", "[null, 0]"),
    edited("[2, 0]", "[\u0662, 0]"),  # an Arabic-Indic digit: not a JSON one
    # points and rings
    edited("[2, 0]", "[[2, 0]]"),
    edited("[2, 0]", "[[2], 0]"),
    edited(SQUARE, f"[{SQUARE}]"),
    edited("[2, 0]", "[2, 0, 0]"),
    edited("[2, 0]", "[2]"),
    edited("[2, 0]", "[]"),
    edited("[2, 0]", "{}"),
    edited("[2, 0]", "2"),
    edited(SQUARE, "[]"),
    edited(SQUARE, "[[0, 0], [1, 1]]"),
    edited(SQUARE, "[[0, 0], [2, 0], [2, 1], [0, 1],]"),
    edited(SQUARE, "[[0, 0], [2, 0] [2, 1], [0, 1]]"),
    edited(SQUARE, "[[0, 0], [2, 0], [2, 1], [0, 1]"),
    edited(SQUARE, "{}"),
    edited(SQUARE, "null"),
    edited(SQUARE, json.dumps([[math.cos(k), math.sin(k)] for k in range(MOST + 1)])),
    # the line
    LINE + "x",
    LINE + " {}",
    LINE + "}",
    LINE + ",",
    LINE + "\f",
    LINE + "\x00",
    "\ufeff" + LINE,
    "\u00a0" + LINE,
    "\v" + LINE,
    "[" + LINE + "]",
    "{}",
    "",
    "   ",
    "{",
    "true",
    '"a"',
    LINE.replace(", ", ",\f"),
    LINE.replace(": ", ":\u00a0"),
    LINE.replace('"', "'"),
]
"""Lines the scanner leaves to read_plain's Python way (which reads some of them)."""

TAKEN = [
    LINE,
    line_with(more=', "name": "a name"'),
    line_with(more=', "name": ""'),
    line_with(more=', "name": "pair:17"'),
    line_with(more=', "name": "x:"'),
    line_with(more=', "name": "é \u4e2d \U0001f600 \x7f"'),
    '{"name": "first", ' + LINE[1:],
    f'{{"b": {{"points": {TRIANGLE}, "type": "polygon"}}, "name": "n", '
    f'"a": {{"points": {SQUARE}, "type": "polygon"}}}}',
    LINE.replace(" ", ""),
    LINE.replace(" ", " \t\r\n "),
    " \t\r\n" + LINE.replace(",", " ,\n").replace(":", "\t:\r").replace("[", "[ ") + " \n\r\t",
    LINE.replace("[", "[\n").replace("]", "\n]").replace("{", "{\r\n").replace("}", "\r\n}"),
    edited("[2, 0]", "[2, -0]"),
    edited("[2, 0]", "[2.0, -0.0]"),
    edited("[0, 0]", "[-0, -0]"),
    edited("[0, 0]", "[-0e0, -0E+0]"),
    edited("[0, 0]", "[0.0e-5, -0.00]"),
    edited("[2, 0]", "[2E0, 1e-400]"),
    edited("[2, 0]", "[2, -1e-99999999999999999999]"),
    edited("[2, 0]", "[20e-1, -5e-324]"),
    edited("[2, 0]", "[1.99999999999999999999999, 2.4703282292062328e-324]"),
    edited("[2, 0]", "[2." + "0" * 400 + "1, 0." + "0" * 300 + "1e-30]"),
    edited(SQUARE, "[[0, 0], [1, 0], [0, 1]]"),
    edited(SQUARE, f"{SQUARE[:-1]}, [0, 0]]"),
    edited(SQUARE, json.dumps(CIRCLE + CIRCLE[:1])),
    edited("[4, 1e0]", "[4, 0.1000000000000000055511151231257827021181583404541015625e1]"),
]
"""Lines of the scanner's form, all plain (read_plain reads every one)."""


def loads(line: str) -> bool:
    """Whether read_plain takes a line whose rings are not plainly convex: the general
    loader builds its pair (no error), and no ring is longer than LONGEST_RING."""
    try:
        runner._load(Item("scan.jsonl", 1, line))
    except InputError:
        return False
    document = json.loads(line)
    rings = [document[key]["points"] for key in "ab"]
    return all(len(ring) - (ring[0] == ring[-1]) <= LONGEST_RING for ring in rings)


NOT_CONVEX = [
    edited("[4, 1e0]", f"[{2**53 + 1}, 1]"),
    edited("[4, 1e0]", "[123456789012345678901234567890123, 1.5E+0]"),
    edited("[4, 1e0]", "[1e149, 0.1000000000000000055511151231257827021181583404541015625]"),
    edited(SQUARE, json.dumps([*CIRCLE, [1.5, 0]])),
    edited("[2, 0]", "[-0, 0]"),
    edited("[2, 0]", "[5e-324, 1.7976931348623157e308]"),
    edited("[2, 0]", "[-1.7976931348623158e308, 1]"),
    edited(SQUARE, json.dumps([[0, 0], [1, 1], [2, 0], [1, 0.2]])),
]
"""Lines of the scanner's form whose rings are not plainly convex (a turn too slight, a
coordinate beyond the limits, too many points, a reflex vertex): read_plain builds the
ones the general loader takes as the general loader does, and leaves it the others."""


def test_lines_outside_the_form_are_left_to_the_python_way(
    scan: Callable[[list[Any]], list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert scan(REFUSED) == [None] * len(REFUSED)
    assert assert_as_json_reads(scan, REFUSED) == 0
    _, read = both_ways(REFUSED, monkeypatch)
    assert read >= 3  # a few are plain all the same: the Python way reads them


def test_lines_of_the_form_are_scanned_as_json_reads_them(
    scan: Callable[[list[Any]], list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert assert_as_json_reads(scan, TAKEN + NOT_CONVEX) == len(TAKEN + NOT_CONVEX)
    _, read = both_ways(TAKEN + NOT_CONVEX, monkeypatch)
    # the rings not plainly convex are read by the general loader's own functions where it
    # takes them as they are (valid and within the limits), else left to it
    loaded = sum(loads(line) for line in NOT_CONVEX)
    assert 0 < loaded < len(NOT_CONVEX)
    assert read == len(TAKEN) + loaded


def test_zeros_keep_json_s_signs(scan: Callable[[list[Any]], list[Any]]) -> None:
    """An integer literal is an int to json, and float(int) has no sign of zero."""
    line = edited("[2, 0]", "[-0, -0.0]").replace("[0, 1]]", "[-0e0, -0E3]]")
    name, a, _ = scan([line])[0]
    assert name is None
    assert [math.copysign(1.0, c) for c in (*a[1], *a[3])] == [1.0, -1.0, -1.0, -1.0]


def test_the_last_bit_is_json_s(scan: Callable[[list[Any]], list[Any]]) -> None:
    """Numbers near a tie between two floats, and integers beyond 2**53, round as
    json.loads and float() round them."""
    rng = random.Random(15)
    texts = []
    getcontext().prec = 800  # a tie between two floats, written exactly
    for _ in range(400):
        value = rng.choice([rng.uniform(-1, 1), rng.uniform(-1e6, 1e6)]) * 10.0 ** rng.randint(
            -30, 30
        )
        ties = [
            repr(value),
            f"{value:.17e}",
            f"{value:.25g}",
            f"{value:.40e}",
            str(rng.randrange(2**53, 2**70) * rng.choice([-1, 1])),
            str((Decimal(value) + Decimal(math.nextafter(value, math.inf))) / 2),  # a tie
        ]
        point = f"[{', '.join(ties[:2])}], [{', '.join(ties[2:4])}], [{', '.join(ties[4:])}]"
        texts.append(line_with(a=f"[{point}]"))
    assert assert_as_json_reads(scan, texts) == len(texts)


def test_every_truncation_is_refused(scan: Callable[[list[Any]], list[Any]]) -> None:
    for line in [LINE, TAKEN[1], TAKEN[10], TAKEN[20], TAKEN[-1]]:
        cut = [line[:end] for end in range(len(line.rstrip()))]
        assert scan(cut) == [None] * len(cut)
        assert scan([line, line + " \n"])[0] is not None


def _written(value: float, rng: random.Random) -> str:
    """A coordinate written one of the ways JSON allows: mostly exactly (to the float it
    was), now and then rounded to fewer digits."""
    way = rng.randrange(8)
    if way == 0 and value.is_integer():
        return str(int(value))
    if way == 1:
        return f"{value:.{rng.randint(16, 30)}e}".replace("e", rng.choice("eE"))
    if way == 2:
        return f"{value:.40f}"
    if way == 3:
        return f"{value:.{rng.randint(8, 15)}g}"
    return repr(value)


def _space(rng: random.Random) -> str:
    return "".join(rng.choice(" \t\r\n") for _ in range(rng.choice([0, 0, 0, 1, 2])))


def random_line(rng: random.Random) -> str:
    """A pair of polygons, written with random whitespace, key orders, number forms and
    names: mostly lines of the form, and some that are not."""

    def s() -> str:
        return _space(rng)

    shapes = []
    for _ in range(2):
        count = rng.choice([3, 4, 8, 8, 8, 16, LONGEST_RING, MOST])
        radius = 10.0 ** rng.uniform(-3, 4)
        turn = [2 * math.pi * (k + rng.uniform(0, 0.5)) / count for k in range(count)]
        if rng.random() < 0.05:
            rng.shuffle(turn)
        digits = rng.choice([None, 17]) if radius < 1e3 else rng.choice([None, 0, 3])
        points = [(radius * math.cos(t), radius * math.sin(t)) for t in turn]
        if digits is not None:
            points = [(round(x, digits), y) for x, y in points]
        if rng.random() < 0.2:
            points.append(points[0])
        written = f",{s()}".join(
            f"[{s()}{_written(x, rng)}{s()},{s()}{_written(y, rng)}{s()}]" for x, y in points
        )
        members = [f'"type"{s()}:{s()}"polygon"', f'"points"{s()}:{s()}[{s()}{written}{s()}]']
        rng.shuffle(members)
        shapes.append("{" + s() + f"{s()},{s()}".join(members) + s() + "}")
    members = [f'"a"{s()}:{s()}{shapes[0]}', f'"b"{s()}:{s()}{shapes[1]}']
    if rng.random() < 0.5:
        name = rng.choice(["p", "", "pair 7", "x:y", "é\u4e2d", ": no", "a\\u0041", " :"])
        members.append(f'"name"{s()}:{s()}"{name}"')
    rng.shuffle(members)
    return s() + "{" + s() + f"{s()},{s()}".join(members) + s() + "}" + s()


def test_random_lines_are_read_the_same_both_ways(
    scan: Callable[[list[Any]], list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(2026)
    texts = [random_line(rng) for _ in range(1500)]
    taken = assert_as_json_reads(scan, texts)
    assert taken > 1000
    for start in range(0, len(texts), 256):
        _, read = both_ways(texts[start : start + 256], monkeypatch)
        assert read > 80


def _damaged(line: str, rng: random.Random) -> str:
    """A line with one to four byte-level edits (a byte dropped, doubled, replaced or
    inserted), decoded so that a broken UTF-8 sequence becomes lone surrogates."""
    data = bytearray(line.encode("utf-8", "surrogatepass"))
    alphabet = b'0123456789-+.eE,:[]{}" \t\r\n\\\x00\x01\x7fanpltyu\xc3\xa9\xe4\xb8\xad\xff'
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        edit = rng.randrange(4)
        if edit == 0 and at < len(data):
            del data[at]
        elif edit == 1 and at < len(data):
            data.insert(at, data[at])
        elif edit == 2 and at < len(data):
            data[at] = rng.choice(alphabet)
        else:
            data.insert(at, rng.choice(alphabet))
    return data.decode("utf-8", "surrogateescape")


def test_damaged_lines_never_crash_nor_differ(
    scan: Callable[[list[Any]], list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(15)
    originals = TAKEN + [random_line(rng) for _ in range(200)]
    texts = [_damaged(rng.choice(originals), rng) for _ in range(4000)]
    taken = assert_as_json_reads(scan, texts)
    assert 100 < taken < len(texts)  # some edits leave a line of the form, most do not
    for start in range(0, len(texts), 256):
        both_ways(texts[start : start + 256], monkeypatch)


def test_odd_chunks(scan: Callable[[list[Any]], list[Any]]) -> None:
    """Items without text (or not text at all) are refused, and the arguments checked."""
    assert scan([]) == []
    found = scan([None, LINE, 7, b"{}", LINE])
    assert found[0] is None and found[2] is None and found[3] is None
    assert bits(found[1]) == bits(found[4]) == bits(oracle(LINE)) is not None
    core: Any = engine.compiled()
    assert core.scan_plain((text for text in [LINE]), 3, 3)[0] is None  # a 4-point ring
    assert core.scan_plain([LINE], 0, 4)[0] is not None
    for least, most in ((-1, 4), (4, 3), (3, 10**6)):
        with pytest.raises(ValueError):
            core.scan_plain([LINE], least, most)
    with pytest.raises(TypeError):
        core.scan_plain([LINE], 3)
    with pytest.raises(TypeError):
        core.scan_plain(7, 3, 4)


def test_the_generated_corpus_is_read_the_same_both_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lines of every kind, the plain polygons among them (whichever engine is active)."""
    texts = [json.dumps(pair) for pair in corpus(500, 11, DEFAULT_FAMILIES)]
    for start in range(0, len(texts), 256):
        both_ways(texts[start : start + 256], monkeypatch)


_ENGINE_RUN = """
import json, sys
from gjkcli import engine
from gjkcli.batch.plain import read_plain
from gjkcli.io.discover import Item, default_name
from gjkcli.io.errors import InputError
from tests.batch.test_scan import pair_bits
texts = json.load(sys.stdin)
items = [Item("scan.jsonl", n, t) for n, t in enumerate(texts, 1)]
pairs = read_plain(items, [default_name(item) for item in items])
print(json.dumps([engine.compiled() is None, [pair_bits(p) for p in pairs]], default=repr))
"""


def test_both_engines_read_the_same_pairs() -> None:
    """read_plain in a process with the pure-Python engine (no scanner) and in one with
    the engine built here: the same pairs, bit for bit."""
    rng = random.Random(3)
    texts = TAKEN + REFUSED + [random_line(rng) for _ in range(300)]
    texts += [_damaged(rng.choice(texts), rng) for _ in range(300)]
    outputs = []
    for choice in ("python", ""):
        run = subprocess.run(
            [sys.executable, "-c", _ENGINE_RUN],
            input=json.dumps(texts),
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, engine.ENVIRONMENT: choice},
            check=True,
            timeout=300,
        )
        outputs.append(json.loads(run.stdout))
    (pure, pure_pairs), (built, built_pairs) = outputs
    assert pure
    assert built == (engine.compiled() is None) or engine.describe() == engine.PURE_FORCED
    assert pure_pairs == built_pairs
    assert sum(pair is not None for pair in pure_pairs) > 150
