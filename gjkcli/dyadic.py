"""Floats as exact integers: every float is an integer over a power of two; and the
power of two that scales numbers near 1, exactly.

Scaled by the largest of those powers, a list of floats becomes a list of
integers in exactly the same ratios. Sums, differences and products of them
are then exact (Python integers do not overflow), which is how the exact
arbiter and the simplex solver's barycentric weights avoid rounding.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

__all__ = ["common_integers", "longer_than_one", "shift_to_unit"]


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


def shift_to_unit(biggest: float) -> int:
    """The exponent ``k`` for which ``ldexp(biggest, k)`` lies in ``[0.5, 1)``: scaling by
    ``2**k`` is exact (short of the subnormals) and brings numbers up to ``biggest`` near 1,
    where squares and products neither overflow nor underflow. 0 for 0 and non-finite.

    >>> shift_to_unit(4e99), math.ldexp(4e99, shift_to_unit(4e99)), shift_to_unit(0.0)
    (-331, 0.91438991302582, 0)
    """
    return -math.frexp(biggest)[1] if math.isfinite(biggest) else 0


def longer_than_one(x: float, y: float) -> bool:
    """Whether the vector ``(x, y)`` is longer than 1, exactly: ``x^2 + y^2 > 1`` for the
    rationals the floats are (as ``Fraction(x) ** 2 + Fraction(y) ** 2 > 1``, faster).

    >>> longer_than_one(0.6, 0.8), longer_than_one(0.5999999999999999, 0.7999999999999999)
    (True, False)
    """
    (p, q), (r, s) = x.as_integer_ratio(), y.as_integer_ratio()
    return (p * s) ** 2 + (r * q) ** 2 > (q * s) ** 2
