"""Floats as exact integers: every float is an integer over a power of two.

Scaled by the largest of those powers, a list of floats becomes a list of
integers in exactly the same ratios. Sums, differences and products of them
are then exact (Python integers do not overflow), which is how the exact
arbiter and the simplex solver's barycentric weights avoid rounding.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["common_integers"]


def common_integers(values: Iterable[float]) -> tuple[list[int], int]:
    """``(integers, denominator)`` with ``values[i] == integers[i] / denominator`` exactly.

    ``denominator`` is a power of two, the least common one.

    >>> common_integers([0.5, 3.0, -0.125])
    ([4, 24, -1], 8)
    >>> common_integers([])
    ([], 1)
    """
    ratios = [value.as_integer_ratio() for value in values]
    denominator = max((d for _, d in ratios), default=1)
    return [numerator * (denominator // d) for numerator, d in ratios], denominator
