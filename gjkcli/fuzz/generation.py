"""The pairs ``gjk fuzz`` tries: ``gjk generate``'s families, random shapes at random
scales and offsets, and small copies of family pairs, in a seeded, reproducible stream.

Pair ``i`` of a stream depends only on the seed, ``i`` and the sources (the families
and the two fuzz generators, ``random`` and ``scaled``), taken in turn. A pair never
carries its family's ``expect``: that would hand the engine the answer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from gjkcli.corpus import DEFAULT_FAMILIES, FAMILIES
from gjkcli.corpus.families import make_pair, random_shape
from gjkcli.fuzz.geometry import plain_type, scaled, translated
from gjkcli.pair import Pair
from gjkcli.shapes.compound import Compound

__all__ = ["FUZZ_SOURCES", "NONCONVEX", "NoPairsError", "fits_types", "fuzz_pairs", "sources"]

NONCONVEX = "nonconvex"
"""The name in ``--types`` that lets polygons be non-convex (``polygon`` alone means
convex polygons, what a GJK engine takes; gjkcli reads any other polygon as a compound
of convex parts)."""

FUZZ_SOURCES = ("random", "scaled")
"""The generators of ``gjk fuzz`` besides the families: ``random``, two random shapes
(:func:`~gjkcli.corpus.families.random_shape`) scaled by a power of two from 2**-30 to
2**20 and, one time in three, moved far from the origin; ``scaled``, a pair of one of
the families made small, scaled by 2**-6 to 2**-26 (exact in binary), so that an engine
whose tolerances are absolute, not relative, meets shapes its tolerances swamp."""

_GIVE_UP = 20_000
"""Pairs in a row that ``--types`` may turn away before the run is called hopeless."""


class NoPairsError(Exception):
    """No source makes pairs of the wanted types (a usage error)."""


def sources(families: Sequence[str] | None) -> list[str]:
    """The sources taken in turn: those named (families, ``random``, ``scaled``), or
    when none is named ``gjk generate``'s default families, then ``random`` and ``scaled``.

    >>> sources(["tiny", "scaled"])
    ['tiny', 'scaled']
    >>> sources(None)[-3:]
    ['pockets', 'random', 'scaled']
    """
    return list(families) if families else [*DEFAULT_FAMILIES, *FUZZ_SOURCES]


def fuzz_pairs(
    seed: int, families: Sequence[str] | None = None, types: Sequence[str] | None = None
) -> Iterator[dict[str, Any]]:
    """An endless stream of pairs (``{"a", "b", "name"}``), the same for the same seed.

    With ``types``, only pairs whose two shapes are native shapes of those types without
    transform, margin, holes or name (:func:`~gjkcli.fuzz.geometry.plain_type`).

    >>> stream = fuzz_pairs(1, ["tiny", "circles", "scaled"], ["circle"])
    >>> [next(stream)["name"] for _ in range(3)]
    ['tiny/0', 'circles/1', 'tiny/3']
    >>> next(fuzz_pairs(1, ["tiny"]))["a"] == next(fuzz_pairs(1, ["tiny"]))["a"]
    True
    """
    chosen = sources(families)
    base_families = [name for name in chosen if name in FAMILIES] or list(DEFAULT_FAMILIES)
    wanted = None if types is None else _type_names(types)
    refused = 0
    index = 0
    while True:
        source = chosen[index % len(chosen)]
        rng = random.Random(f"gjk-fuzz:{seed}:{index}:{source}")
        pair = _build(rng, source, base_families)
        name = f"{source}/{index}"
        index += 1
        if pair is None or (
            wanted is not None and not all(plain_type(pair[side]) in wanted for side in ("a", "b"))
        ):
            refused += 1
            if refused >= _GIVE_UP:
                raise NoPairsError(
                    f"no pair of the types {', '.join(sorted(wanted or ()))} came from "
                    f"{_GIVE_UP:,} tries of the sources {', '.join(chosen)}"
                )
            continue
        refused = 0
        yield {"a": pair["a"], "b": pair["b"], "name": name}


def _type_names(types: Sequence[str]) -> set[str]:
    return {"polygon" if name == NONCONVEX else name for name in types}


def fits_types(pair: dict[str, Any], loaded: Pair, types: Sequence[str] | None) -> bool:
    """Whether a pair is of the wanted types: each shape native and plain
    (:func:`~gjkcli.fuzz.geometry.plain_type`), of a type named, and convex unless
    :data:`NONCONVEX` is named.

    >>> from gjkcli.fuzz.judge import load
    >>> notch = {"type": "polygon", "points": [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]}
    >>> pair = {"a": notch, "b": {"type": "point", "at": [9, 9]}}
    >>> fits_types(pair, load(pair), ["polygon", "point"])
    False
    >>> fits_types(pair, load(pair), ["nonconvex", "point"]), fits_types(pair, load(pair), None)
    (True, True)
    """
    if types is None:
        return True
    names = _type_names(types)
    if not all(plain_type(pair[side]) in names for side in ("a", "b")):
        return False
    return NONCONVEX in types or not any(
        isinstance(shape.shape, Compound) for shape in (loaded.a, loaded.b)
    )


def _build(rng: random.Random, source: str, families: list[str]) -> dict[str, Any] | None:
    if source == "random":
        pair = make_pair(
            random_shape(rng, (0.0, 0.0)),
            random_shape(rng, (rng.uniform(-4, 4), rng.uniform(-4, 4))),
        )
        factor = 2.0 ** rng.randint(-30, 20)
        offset = (0.0, 0.0)
        if rng.random() < 1 / 3:
            offset = (rng.choice([-1, 1]) * 10.0 ** rng.randint(3, 9), 10.0 ** rng.randint(3, 9))
        return _moved(pair, factor, offset)
    if source == "scaled":
        family = rng.choice(families)
        return _moved(FAMILIES[family](rng), 2.0 ** -rng.randint(6, 26), (0.0, 0.0))
    return FAMILIES[source](rng)


def _moved(
    pair: dict[str, Any], factor: float, offset: tuple[float, float]
) -> dict[str, Any] | None:
    shapes = []
    for side in ("a", "b"):
        shape = scaled(pair[side], factor)
        if shape is not None and offset != (0.0, 0.0):
            shape = translated(shape, offset)
        if shape is None:
            return None
        shapes.append(shape)
    return {"a": shapes[0], "b": shapes[1]}
