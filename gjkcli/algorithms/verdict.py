"""Where the origin lies relative to ``A - B``: outside, on the boundary, or inside."""

from __future__ import annotations

from typing import Literal

from gjkcli.algorithms.distance import DistanceResult
from gjkcli.algorithms.epa import Penetration

__all__ = ["Verdict", "verdict"]

Verdict = Literal["separated", "touching", "overlapping"]
"""``separated``: no common point. ``touching``: common points, but the
interiors are disjoint. ``overlapping``: the interiors meet."""


def verdict(gjk: DistanceResult, overlap: Penetration | None) -> tuple[Verdict, float]:
    """GJK's verdict and the tolerance it was decided with.

    Apart beyond the touching band is ``separated``; otherwise a depth within
    the band (widened by EPA's own error, which is 0 for polygons) is
    ``touching``, a deeper overlap ``overlapping``.

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.algorithms.epa import penetration
    >>> from gjkcli.shapes import rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 1.0), (2.0, 2.0))
    >>> result = distance(a, b)
    >>> verdict(result, penetration(a, b, result))[0]
    'touching'
    """
    if overlap is None:
        return "separated", gjk.band
    tolerance = gjk.band + overlap.error
    return ("touching" if overlap.depth <= tolerance else "overlapping"), tolerance
