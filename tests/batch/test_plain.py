"""The fast way in (gjkcli.batch.plain) reads a pair exactly as the general loaders do, or
leaves it to them: a batch's records are the same either way, byte for byte."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gjkcli.batch import runner
from gjkcli.batch.plain import LONGEST_RING, read_plain
from gjkcli.corpus import DEFAULT_FAMILIES
from gjkcli.corpus import generate as corpus
from gjkcli.io.discover import Item, default_name
from tests.bad_inputs import BAD_INPUTS
from tests.helpers import gjk_executable

POLYGON = [[0, 0], [2, 0], [2, 1], [0, 1]]
POINT = {"type": "point", "at": [3, 0.5]}


def items_of(lines: Iterable[str]) -> list[Item]:
    return [Item("stream.jsonl", number, line) for number, line in enumerate(lines, 1)]


def both_ways(items: list[Item]) -> tuple[list[runner.Row], list[runner.Row]]:
    fast, general = [], []
    for start in range(0, len(items), runner.CHUNK):
        chunk = items[start : start + runner.CHUNK]
        fast += runner.check_chunk(chunk, columnar=True)
        general += runner.check_chunk(chunk, columnar=False)
    return fast, general


def plain_share(items: list[Item]) -> float:
    pairs = read_plain(items, [default_name(item) for item in items])
    return sum(pair is not None for pair in pairs) / len(items)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_generated_corpus_gives_the_same_records(seed: int) -> None:
    pairs = corpus(600, seed, DEFAULT_FAMILIES)
    items = items_of(json.dumps(pair) for pair in pairs)
    fast, general = both_ways(items)
    assert fast == general
    assert plain_share(items) > 0.6  # the fast way is taken, and it is the same


def test_extreme_pairs_give_the_same_records() -> None:
    items = items_of(json.dumps(pair) for pair in corpus(300, 5, ("extreme",)))
    fast, general = both_ways(items)
    assert fast == general
    assert plain_share(items) > 0.05


def pair_line(a: Any, b: Any = POINT, **more: Any) -> str:
    return json.dumps({"a": a, "b": b, **more})


def polygon(points: Any, **more: Any) -> dict[str, Any]:
    return {"type": "polygon", "points": points, **more}


NOT_PLAIN = [
    # not JSON, or not a plain pair object
    '{"a": 1,',
    "[1, 2]",
    '{"type": "point", "at": [0, 0]}',
    pair_line(polygon(POLYGON), extra={"x": 1}),
    pair_line(polygon(POLYGON), name=7),
    pair_line(polygon(POLYGON), name={"nested": "object"}),
    # repeated keys, which Python's parser would merge
    '{"a": {"type": "point", "at": [0, 0]}, "a": {"type": "point", "at": [1, 0]}, '
    '"b": {"type": "point", "at": [2, 0]}}',
    '{"a": {"type": "point", "at": [0, 0], "at": [5, 5]}, "b": {"type": "point", "at": [2, 0]}}',
    '{"a": {"type": "point", "at": [0, 0]}, "b": {"type": "point", "at": [2, 0]}, '
    '"expect": {"distance": 2, "distance": 3}}',
    # numbers
    '{"a": {"type": "point", "at": [NaN, 0]}, "b": {"type": "point", "at": [2, 0]}}',
    '{"a": {"type": "point", "at": [1e999, 0]}, "b": {"type": "point", "at": [2, 0]}}',
    pair_line({"type": "point", "at": [True, 0]}),
    pair_line({"type": "point", "at": ["1", 0]}),
    pair_line({"type": "point", "at": [10**400, 0]}),
    pair_line({"type": "point", "at": [1e151, 0]}),
    pair_line({"type": "segment", "points": [[0, 0], [1e-160, 0]]}),
    pair_line({"type": "point", "at": [0, 0, 0]}),
    # rings
    pair_line(polygon([[0, 0], [2, 2], [2, 0], [0, 2]])),  # crossing
    pair_line(polygon([[0, 0], [4, 0], [1, 3], [2, -1], [3, 3]])),  # a pentagram
    pair_line(polygon([[0, 0], [1, 0]])),
    pair_line(polygon([[0, 0], [1e-151, 0], [0, 1e-151]])),
    pair_line(polygon([[0, 0], [9, 0], [9, 9], [0, 9]], holes=[[[20, 20], [21, 20], [21, 21]]])),
    pair_line(polygon(POLYGON, transform={"rotate": 30})),
    pair_line(polygon(POLYGON, ring=0)),
    # other shapes and keys
    pair_line({"type": "circle", "center": [0, 0], "radius": -1}),
    pair_line({"type": "circle", "center": [0, 0], "radius": 1, "radus": 2}),
    pair_line({"type": "circle", "center": [0, 0]}),
    pair_line({"type": "circle", "center": [0, 0], "radius": 1, "margin": -0.5}),
    pair_line({"type": "circle", "center": [0, 0], "radius": 1, "name": 3}),
    pair_line({"type": "rectangle", "center": [0, 0], "size": [1, -1]}),
    pair_line({"type": "ellipse", "center": [0, 0], "radii": [1, 2], "rotation": "30"}),
    pair_line({"type": "hull", "points": []}),
    pair_line({"type": "segment", "points": [[0, 0]]}),
    pair_line({"type": "capsule", "points": [[0, 0], [1, 0], [2, 0]], "radius": 1}),
    pair_line({"type": "point", "at": [0, 0], "transform": {"scale": [1, 2], "shear": 1}}),
    pair_line({"type": "point", "at": [0, 0], "transform": {"scale": True}}),
    pair_line({"type": "Circle", "center": [0, 0], "radius": 1}),
    pair_line({"type": "compound", "parts": [POINT]}),
    pair_line({"type": "Point", "coordinates": [0, 0]}),
    pair_line("POINT (0 0)"),
    # expectations
    pair_line(POINT, expect={"distance": -1}),
    pair_line(POINT, expect={"distance": True}),
    pair_line(POINT, expect={"intersects": 1}),
    pair_line(POINT, expect={"deep": 1}),
    pair_line(POINT, expect={"depth": 1, "penetration": 1}),
    pair_line(POINT, expect={"verdict": "apart"}),
    pair_line(POINT, expect={"normal": [0, "0"]}),
    pair_line(POINT, expect={"closest": [[0, 0]]}),
    pair_line(POINT, id=True),
    pair_line(POINT, id=1.5),
    pair_line(POINT, meta=[1]),
    pair_line(POINT, id=10**20),  # read as a float by the general loader, and refused
    pair_line(POINT, meta={"big": -(10**20)}),
    pair_line(POINT, meta={"y": {"x": 2}})[:-3] + ', "x": 3}}}',  # a repeated key in meta
    pair_line(POINT, expect=[]),
    # null where a value is optional: the general loader refuses it
    pair_line(POINT, expect=None),
    pair_line(POINT, name=None),
    pair_line({"type": "point", "at": [0, 0], "name": None}),
    pair_line({"type": "point", "at": [0, 0], "margin": None}),
    pair_line({"type": "point", "at": [0, 0], "transform": None}),
    pair_line({"type": "point", "at": [0, 0], "transform": {"rotate": None}}),
    pair_line({"type": "point", "at": [0, 0], "transform": {"scale": None}}),
    pair_line({"type": "point", "at": [0, 0], "transform": {"translate": None}}),
    pair_line({"type": "rectangle", "center": [0, 0], "size": [1, 1], "rotation": None}),
]
"""Lines the fast way must leave to the general loaders (some are errors, some are fine)."""

PLAIN = [
    pair_line(polygon(POLYGON)),
    pair_line(polygon([[0, 1], [2, 1], [2, 0], [0, 0]])),  # clockwise
    pair_line(polygon([*POLYGON, POLYGON[0]])),  # closed
    pair_line(polygon([[0.0, 0.0], [-0.0, 1.0], [-1.0, 0.5]])),
    pair_line({"type": "hull", "points": [[0, 0], [1, 1], [2, 0], [1, 0.2]]}),
    pair_line({"type": "segment", "points": [[0, 0], [0, 0]]}),
    pair_line({"type": "capsule", "points": [[0, 0], [4, 0]], "radius": 0.5}),
    pair_line({"type": "ellipse", "center": [1, 1], "radii": [3, 0], "rotation": 30}),
    pair_line({"type": "rectangle", "center": [1, 1], "size": [3, 2], "margin": 0.25}),
    pair_line(
        {"type": "circle", "center": [0, 0], "radius": 1, "name": "wheel"},
        {"type": "point", "at": [1, 1], "transform": {"scale": -2, "translate": [3, 1]}},
        name="named",
        expect={"intersects": False, "distance": 1.5, "tolerance": 0.5},
    ),
    pair_line({"type": "point", "at": [0, 0], "transform": {"scale": [0, 1], "rotate": 45}}),
    pair_line(polygon([[1e149, 1e149], [1.5e149, 1e149], [1e149, 1.5e149]]), name="big"),
    pair_line(polygon([[0, 0], [1e-140, 0], [0, 1e-140]]), name="small"),
    pair_line(polygon(POLYGON), name="\ud800 lone surrogate"),
    # null in an expectation: not stated (engines write every key)
    pair_line(POINT, expect={"intersects": None, "distance": None, "tolerance": None}),
    pair_line(
        POINT,
        id="case-7",
        meta={"engine": "toy", "seed": [1, 2], "nested": {"k": None}},
        expect={
            "verdict": "touching",
            "depth": 0,
            "normal": [0, 1],
            "closest": [[0, 0], [0, 0]],
            "contact": [[0, 0], [0, 0]],
        },
    ),
    pair_line(POINT, id=17),
    pair_line(POINT, id=-(10**18), meta={"big": 10**19}),  # the longest integers kept
]
"""Lines the fast way reads itself."""


BUILT_AS_LOADED = [
    pair_line(polygon([[0, 0], [1, 0], [2, 0], [2, 2], [0, 2]])),  # collinear
    pair_line(polygon([[0, 0], [2, 0], [2, 0], [2, 2], [0, 2]])),  # repeated
    pair_line(polygon([[0, 0], [2, 0], [1, 1], [2, 2], [0, 2]])),  # reflex: cut into parts
    pair_line(polygon([[0, 0], [1, 0], [0.5, 1e-14]])),  # a turn too slight to trust
    pair_line(polygon([[0, 0], [1, 0], [1, 1], [0, 0], [0, 0]])),  # closed twice
    pair_line(polygon(POLYGON, holes=[])),
    pair_line(polygon([[0, 0], [9, 0], [9, 9], [0, 9]], holes=[[[2, 2], [4, 2], [4, 4], [2, 4]]])),
]
"""Plain lines whose rings are not plainly convex, but which the general loader takes:
read_plain builds them with its functions (convexity_problem, decompose)."""


def test_rings_not_plainly_convex_are_built_as_the_general_loader_builds_them() -> None:
    items = items_of(BUILT_AS_LOADED)
    pairs = read_plain(items, [default_name(item) for item in items])
    assert pairs == [runner._load(item) for item in items]
    fast, general = both_ways(items)
    assert fast == general


def test_lines_that_are_not_plain_go_the_general_way() -> None:
    items = items_of(NOT_PLAIN)
    pairs = read_plain(items, [default_name(item) for item in items])
    assert [line for line, pair in zip(NOT_PLAIN, pairs, strict=True) if pair is not None] == []
    fast, general = both_ways(items)
    assert fast == general


def test_plain_lines_are_read_fast_and_the_same() -> None:
    items = items_of(PLAIN)
    pairs = read_plain(items, [default_name(item) for item in items])
    assert [line for line, pair in zip(PLAIN, pairs, strict=True) if pair is None] == []
    assert pairs == [runner._load(item) for item in items]
    fast, general = both_ways(items)
    assert fast == general


def test_long_rings_and_overflowing_rings_go_the_general_way_quietly() -> None:
    """A ring longer than LONGEST_RING is left to the general loader (the fast check pads
    every ring of a chunk to the longest); a ring beyond the coordinate limits overflows
    in the fast check, which must neither warn nor raise."""
    turn = [2 * math.pi * k / (LONGEST_RING + 1) for k in range(LONGEST_RING + 1)]
    long_ring = [[math.cos(t), math.sin(t)] for t in turn]
    lines = [
        pair_line(polygon(long_ring[:-1])),
        pair_line(polygon(long_ring)),
        pair_line(polygon([[0, 0], [1e200, 0], [0, 1e200]])),
        pair_line(polygon([[0, 0], [1.7e308, 0], [-1.7e308, 1.7e308]])),
    ]
    items = items_of(lines)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pairs = read_plain(items, [default_name(item) for item in items])
    assert [pair is not None for pair in pairs] == [True, False, False, False]
    fast, general = both_ways(items)
    assert fast == general


def mutations(line: str, rng: random.Random) -> str:
    """A plain line with one small edit: a character dropped, doubled or replaced."""
    at = rng.randrange(len(line))
    edit = rng.choice(["drop", "double", "replace"])
    if edit == "drop":
        return line[:at] + line[at + 1 :]
    if edit == "double":
        return line[:at] + line[at] + line[at:]
    return line[:at] + rng.choice('0123456789-.e,[]{}":tn ') + line[at + 1 :]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(1, 4))
def test_damaged_lines_are_read_the_same_way(rng: random.Random, edits: int) -> None:
    lines = []
    for original in PLAIN + NOT_PLAIN[:12]:
        line = original
        for _ in range(edits):
            line = mutations(line, rng)
        lines.append(line)
    items = items_of(lines)
    pairs = read_plain(items, [default_name(item) for item in items])
    for item, pair in zip(items, pairs, strict=True):
        if pair is not None:
            assert pair == runner._load(item), item.text


def test_a_corrupt_mixed_folder_gives_the_same_records_either_way(tmp_path: Path) -> None:
    """Pair files good and bad, WKT, GeoJSON, and a stream of plain, near-plain and broken
    lines: the same records and exit status on both ways, with one worker or three."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    for bad in BAD_INPUTS:
        (folder / f"{bad.id}{bad.suffix}").write_bytes(bad.content)
    (folder / "shape.json").write_text('{"type": "point", "at": [0, 0]}')
    (folder / "pair.wkt").write_text("POINT (0 0)\nLINESTRING (1 1, 2 0)\n")
    lines = [json.dumps(pair) for pair in corpus(300, 3, DEFAULT_FAMILIES)]
    lines += PLAIN + NOT_PLAIN
    lines += [
        bad.content.decode("utf-8", "replace") for bad in BAD_INPUTS if b"\n" not in bad.content
    ]
    (folder / "stream.jsonl").write_text("\n".join(lines) + "\n")
    outputs = []
    for way, workers in (("", 1), ("per-pair", 1), ("", 3)):
        out = tmp_path / f"out-{way}-{workers}.jsonl"
        completed = subprocess.run(
            [gjk_executable(), "batch", str(folder), "-o", str(out), "--workers", str(workers)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
            env={**os.environ, "GJKCLI_BATCH": way},
        )
        assert "Traceback" not in completed.stderr
        outputs.append((completed.returncode, out.read_text()))
    assert outputs[0][0] == 2  # some pairs are errors
    assert outputs[0] == outputs[1] == outputs[2]
    records = [json.loads(line) for line in outputs[0][1].splitlines()]
    from_stream = [r for r in records if r["source"]["file"].endswith("stream.jsonl")]
    assert len(from_stream) == len([line for line in lines if line.strip()])


def test_expectations_are_read_as_the_general_loader_reads_them() -> None:
    # the fast way reads a boolean and sizes written as floats itself; the rest, and
    # every expectation the general way refuses, go the general way
    expectations = [
        {"intersects": True},
        {"intersects": False, "distance": 0.25},
        {"distance": -0.0, "penetration": 0.0},
        {"distance": 1.7976931348623157e308},
        {"penetration": 5e-324, "intersects": None},
        {"distance": 1, "intersects": True},  # an int: the general way
        {"distance": -1e-300},  # below 0: refused
        {"distance": 1e400},  # inf: refused
        {"intersects": 1},  # not a boolean: refused
        {"depth": 0.5, "penetration": 0.5},  # both: refused
        {"distance": None},
        {"verdict": "touching", "distance": 0.0},
    ]
    lines = [
        json.dumps({"a": polygon(POLYGON), "b": POINT, "expect": expect}) for expect in expectations
    ]
    items = items_of(lines)
    pairs = read_plain(items, [default_name(item) for item in items])
    for item, pair in zip(items, pairs, strict=True):
        if pair is not None:
            assert pair == runner._load(item), item.text
    assert sum(pair is not None for pair in pairs) >= 7
    fast, general = both_ways(items)
    assert fast == general
