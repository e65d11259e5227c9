"""Geometry-aware shrinking: the smallest, plainest pair on which the engine still fails
the same way.

Greedy and repeated until nothing changes: each pass tries, in order, simpler shapes
(:func:`~gjkcli.fuzz.geometry.simpler_shapes`), dropping a vertex of a polygon or hull,
rounding every number to a coarser binary grid or to fewer significant bits, moving
both shapes together towards the origin, and scaling both about the origin by a power
of two. A candidate is tried only when it is simpler by :func:`cost`, gjkcli reads it,
and it keeps each convex shape convex; it is kept only when the engine fails on it with
the same signature and gjkcli is sure of its own answer (:attr:`Judgement.finding`).
Every engine call counts against a cap; the reason shrinking stopped is recorded.
"""

from __future__ import annotations

import functools
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gjkcli.fuzz.generation import fits_types
from gjkcli.fuzz.geometry import (
    complexity,
    magnitude,
    map_numbers,
    numbers,
    scaled,
    simpler_shapes,
    total_bits,
    translated,
    vertex_count,
    without_vertex,
)
from gjkcli.fuzz.judge import Judgement, load
from gjkcli.fuzz.numbers import round_bits, round_grid, significant_bits
from gjkcli.pair import Pair
from gjkcli.shapes.compound import Compound, shape_bounds

__all__ = ["HANG_CALLS", "Shrunk", "cost", "measure", "shrink"]

HANG_CALLS = 10
"""The cap on engine calls when shrinking a hang: each try may cost the whole timeout."""

Ask = Callable[[dict[str, Any], Pair], Judgement]
"""Ask the engine about a pair (as JSON and as gjkcli read it) and judge the reply."""

Cost = tuple[int, int, int]


@dataclass(frozen=True)
class Shrunk:
    """The smallest failing pair found, and how shrinking went: ``tried`` candidates the
    engine was asked about, ``kept`` of them, ``skipped`` candidates gjkcli refused
    (invalid, or no longer convex), ``calls`` to the engine, ``seconds``, and why it
    ``stopped``."""

    judgement: Judgement
    tried: int
    kept: int
    skipped: int
    calls: int
    seconds: float
    stopped: str


def cost(pair: dict[str, Any]) -> Cost:
    """How far a pair is from simple: its shapes' complexity, then the significant bits
    of its numbers, then how far they are from 1 in binary orders of magnitude.

    >>> cost({"a": {"type": "point", "at": [4, 0]}, "b": {"type": "point", "at": [0.5, 3]}})
    (4, 4, 4)
    """
    shapes = [pair["a"], pair["b"]]
    return (sum(complexity(s) for s in shapes), total_bits(shapes), magnitude(shapes))


def measure(pair: dict[str, Any]) -> dict[str, Any]:
    """The sizes a summary reports: vertices of A and B, and the most and the total
    significant bits of their numbers.

    >>> measure({"a": {"type": "point", "at": [4, 0]}, "b": {"type": "point", "at": [0.5, 3]}})
    {'vertices': [1, 1], 'max_bits': 2, 'total_bits': 4}
    """
    shapes = [pair["a"], pair["b"]]
    return {
        "vertices": [vertex_count(s) for s in shapes],
        "max_bits": max((significant_bits(x) for x in numbers(shapes)), default=0),
        "total_bits": total_bits(shapes),
    }


def shrink(
    first: Judgement, ask: Ask, max_calls: int, types: Sequence[str] | None = None
) -> Shrunk:
    """Shrink a finding (see the module's docstring)."""
    start = time.perf_counter()
    cap = min(max_calls, HANG_CALLS) if first.signature == ("hang",) else max_calls
    best = first
    tried = kept = skipped = 0
    stopped = "nothing simpler fails the same way"
    passes = (_simpler, _fewer_vertices, _coarser, _nearer, _rescaled)
    changed = True
    while changed and stopped.startswith("nothing"):
        changed = False
        for edits in passes:
            improved = True
            while improved:
                improved = False
                for candidate in edits(best.pair, best.loaded):
                    if tried >= cap:
                        stopped = f"the cap of {cap} engine calls"
                        break
                    if cost(candidate) >= cost(best.pair):
                        continue
                    loaded = load(candidate)
                    if (
                        loaded is None
                        or not fits_types(candidate, loaded, types)
                        or not _keeps_convexity(best.loaded, loaded)
                    ):
                        skipped += 1
                        continue
                    tried += 1
                    judgement = ask(candidate, loaded)
                    if judgement.finding and judgement.signature == first.signature:
                        best, kept, improved, changed = judgement, kept + 1, True, True
                        break
                if not stopped.startswith("nothing"):
                    break
            if not stopped.startswith("nothing"):
                break
    seconds = time.perf_counter() - start
    return Shrunk(best, tried, kept, skipped, tried, seconds, stopped)


def _keeps_convexity(before: Pair, after: Pair) -> bool:
    """A convex shape must stay convex (a compound may become convex)."""
    return all(
        isinstance(old.shape, Compound) or not isinstance(new.shape, Compound)
        for old, new in ((before.a, after.a), (before.b, after.b))
    )


def _with(pair: dict[str, Any], side: str, shape: Any) -> dict[str, Any]:
    return {**pair, side: shape}


def _simpler(pair: dict[str, Any], loaded: Pair) -> Iterator[dict[str, Any]]:
    for side in ("a", "b"):
        for shape in simpler_shapes(pair[side]):
            yield _with(pair, side, shape)


def _fewer_vertices(pair: dict[str, Any], loaded: Pair) -> Iterator[dict[str, Any]]:
    for side in ("a", "b"):
        shape = pair[side]
        for index in range(len(shape.get("points", [])) if isinstance(shape, dict) else 0):
            smaller = without_vertex(shape, index)
            if smaller is not None:
                yield _with(pair, side, smaller)


def _shapes(pair: dict[str, Any]) -> dict[str, Any]:
    return {"a": pair["a"], "b": pair["b"]}


def _coarser(pair: dict[str, Any], loaded: Pair) -> Iterator[dict[str, Any]]:
    """Every number on a coarser grid (a multiple of a power of two), coarsest first;
    then every number to fewer significant bits, fewest first."""
    values = [abs(x) for x in numbers(_shapes(pair)) if x != 0.0]
    if not values:
        return
    top = math.frexp(max(values))[1]
    for exponent in range(top, top - 64, -1):
        candidate = map_numbers(pair, functools.partial(round_grid, exponent=exponent))
        if candidate == pair:
            break
        yield candidate
    for bits in range(1, 53):
        candidate = map_numbers(pair, functools.partial(round_bits, bits=bits))
        if candidate == pair:
            break
        yield candidate


def _both(pair: dict[str, Any], edit: Callable[[Any], Any]) -> dict[str, Any] | None:
    a, b = edit(pair["a"]), edit(pair["b"])
    return None if a is None or b is None else {**pair, "a": a, "b": b}


def _nearer(pair: dict[str, Any], loaded: Pair) -> Iterator[dict[str, Any]]:
    """Both shapes moved by their rounded centre towards the origin, all the way, half
    way, and along one axis only."""
    boxes = [shape_bounds(loaded.a.shape), shape_bounds(loaded.b.shape)]
    cx = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2.0
    cy = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2.0
    moves: list[tuple[float, float]] = []
    for bits in (1, 2, 3, 4, 8, 16, 53):
        x, y = round_bits(cx, bits), round_bits(cy, bits)
        moves += [(-x, -y), (-x / 2.0, -y / 2.0), (-x, 0.0), (0.0, -y)]
    for move in dict.fromkeys(moves):
        if move != (0.0, 0.0):
            candidate = _both(pair, functools.partial(translated, by=move))
            if candidate is not None:
                yield candidate


def _rescaled(pair: dict[str, Any], loaded: Pair) -> Iterator[dict[str, Any]]:
    """Both shapes scaled about the origin by a power of two: towards numbers near 1
    first, then by 2**-8 to 2**8."""
    exponents = [math.frexp(x)[1] - 1 for x in numbers(_shapes(pair)) if x != 0.0]
    if not exponents:
        return
    towards_one = -round(statistics.median(exponents))
    powers = [towards_one] + [k for step in range(1, 9) for k in (step, -step)]
    for power in dict.fromkeys(powers):
        if power != 0:
            candidate = _both(pair, functools.partial(scaled, factor=2.0**power))
            if candidate is not None:
                yield candidate
