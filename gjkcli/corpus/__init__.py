"""Reproducible corpora of shape pairs for testing collision code (``gjk generate``).

>>> pairs = list(generate(3, seed=7))
>>> [pair["name"] for pair in pairs]
['polygons/0', 'mixed/1', 'circles/2']
>>> pairs == list(generate(3, seed=7))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from gjkcli.corpus.casts import CAST_FAMILIES
from gjkcli.corpus.compounds import COMPOUND_FAMILIES
from gjkcli.corpus.extremes import EXTREME_FAMILIES
from gjkcli.corpus.families import CONVEX_FAMILIES

__all__ = ["DEFAULT_FAMILIES", "FAMILIES", "generate"]

FAMILIES = {**CONVEX_FAMILIES, **COMPOUND_FAMILIES, **EXTREME_FAMILIES, **CAST_FAMILIES}
"""Every family by name."""

DEFAULT_FAMILIES = (*CONVEX_FAMILIES, *COMPOUND_FAMILIES)
"""The families ``gjk generate`` cycles through when none is named, in order: all but
``extreme`` and the moving pairs (``cast-*``, :mod:`gjkcli.corpus.casts`), which are
named on purpose (``--family extreme``, ``--family cast-grazing``)."""


def generate(
    count: int, seed: int, families: Sequence[str] = DEFAULT_FAMILIES
) -> Iterator[dict[str, Any]]:
    """``count`` pairs, cycling through ``families`` in order.

    Pair ``i`` depends only on ``seed``, ``i`` and its family: a larger
    ``count`` extends a corpus without changing the pairs already in it.
    """
    for index in range(count):
        family = families[index % len(families)]
        rng = random.Random(f"{seed}:{index}:{family}")
        yield {"name": f"{family}/{index}", **FAMILIES[family](rng)}
