"""The compiled core gives the pure-Python reference's answers, to the last bit.

Every field of every result is compared through ``repr`` (which tells -0.0 from
0.0 and round-trips every float), on random pairs of every shape type at every
scale, and on the generated corpus (every family, extremes included, part by
part for compound shapes). The slow run takes 100,000 pairs of each type.
"""

from __future__ import annotations

import math
import random
import struct
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from gjkcli.algorithms.distance import reference_distance
from gjkcli.algorithms.epa import reference_penetration
from gjkcli.algorithms.intersect import reference_intersects
from gjkcli.corpus import FAMILIES, generate
from gjkcli.io.node import Node
from gjkcli.io.pairs import pair_from_node
from gjkcli.shapes import ConvexShape
from gjkcli.shapes.compound import parts_of
from tests.engine.pairs import SHAPE_TYPES, random_pairs


def _outcome(run: Callable[[], Any]) -> str:
    """What a call returned (as its repr) or raised (its exception type)."""
    try:
        return repr(run())
    except (ZeroDivisionError, IndexError) as error:
        return f"raised {type(error).__name__}"


def mismatches(fast: ModuleType, a: ConvexShape, b: ConvexShape) -> list[str]:
    """The queries on which the core and the reference differ for the pair ``a, b``."""
    direction = (0.6, -0.8)
    queries: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {
        "distance": (lambda: fast.distance(a, b), lambda: reference_distance(a, b)),
        "intersects": (
            lambda: fast.intersects(a, b, (0.0, 1.0)),
            lambda: reference_intersects(a, b),
        ),
        "intersects from (0.6, -0.8)": (
            lambda: fast.intersects(a, b, direction),
            lambda: reference_intersects(a, b, direction),
        ),
        "penetration": (lambda: fast.penetration(a, b, None), lambda: reference_penetration(a, b)),
        "penetration, traced": (
            lambda: fast.penetration(a, b, None),
            lambda: reference_penetration(a, b, recorder=[]),
        ),
    }
    return [
        f"{name}: core {core} != reference {reference} for {a!r}, {b!r}"
        for name, (run_core, run_reference) in queries.items()
        if (core := _outcome(run_core)) != (reference := _outcome(run_reference))
    ]


def _random_pairs_agree(fast: ModuleType, kind: str, count: int, seed: int) -> None:
    found = [m for a, b in random_pairs(kind, count, seed) for m in mismatches(fast, a, b)]
    assert not found, f"{len(found)} mismatches, the first: {found[:3]}"


def _corpus_agrees(fast: ModuleType, count: int, seed: int) -> int:
    """Compare on ``count`` corpus pairs of every family; the number of part pairs run."""
    found: list[str] = []
    compared = 0
    for record in generate(count, seed, list(FAMILIES)):
        pair = pair_from_node(Node(record, "corpus", ""), record["name"])
        for part_a in parts_of(pair.a.shape)[:4]:
            for part_b in parts_of(pair.b.shape)[:4]:
                compared += 1
                found.extend(mismatches(fast, part_a, part_b))
    assert not found, f"{len(found)} mismatches, the first: {found[:3]}"
    return compared


@pytest.mark.parametrize("kind", sorted(SHAPE_TYPES))
def test_random_pairs_of_every_type_agree(fast: ModuleType, kind: str) -> None:
    _random_pairs_agree(fast, kind, 600, seed=20261124)


def test_the_generated_corpus_agrees(fast: ModuleType) -> None:
    assert _corpus_agrees(fast, 300, seed=14) > 300


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(SHAPE_TYPES))
def test_100000_random_pairs_of_every_type_agree(fast: ModuleType, kind: str) -> None:
    _random_pairs_agree(fast, kind, 100_000, seed=14)


@pytest.mark.slow
def test_a_large_generated_corpus_agrees(fast: ModuleType) -> None:
    _corpus_agrees(fast, 20_000, seed=2026)


def _any_float(rng: random.Random) -> float:
    """A finite float: random bits half the time, else a random exponent."""
    if rng.random() < 0.5:
        value = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        if math.isfinite(value):
            return float(value)
    return rng.uniform(-1.0, 1.0) * math.pow(10.0, rng.uniform(-323.0, 307.0))


def test_hypot_is_cpythons_to_the_bit(fast: ModuleType) -> None:
    rng = random.Random(1)
    differ = []
    for _ in range(100_000):
        x = _any_float(rng)
        y = _any_float(rng) if rng.random() < 0.5 else x * 10.0 ** rng.uniform(-20.0, 0.0)
        try:
            expected = math.hypot(x, y)
        except OverflowError:
            continue
        if fast.hypot(x, y).hex() != expected.hex():
            differ.append((x, y))
    assert not differ, differ[:5]


def test_hypot_near_rounding_ties_is_cpythons(fast: ModuleType) -> None:
    """Multiples of Pythagorean triples, a few units in the last place off: the sums of
    squares lie near rounding ties, where CPython 3.10-3.11 and 3.12+ round differently
    (the core must follow the Python it is built for)."""
    rng = random.Random(3)
    triples = [(3, 4), (5, 12), (8, 15), (7, 24), (20, 21), (9, 40), (12, 35), (11, 60)]
    differ = []
    for _ in range(100_000):
        a, b = rng.choice(triples)
        scale = rng.uniform(0.5, 2.0) * math.pow(10.0, rng.uniform(-30.0, 30.0))
        x, y = a * scale, b * scale
        for _ in range(rng.randrange(3)):
            x = math.nextafter(x, rng.choice([-math.inf, math.inf]))
        if fast.hypot(x, y).hex() != math.hypot(x, y).hex():
            differ.append((x, y))
    assert not differ, differ[:5]
    assert fast.hypot(-2.2626952607277397, 1.6970214455458048) == math.hypot(
        -2.2626952607277397, 1.6970214455458048
    )
