"""Binary facts about doubles: significant bits, and rounding that keeps fewer of them.

A shrunk case is easiest to read (and to type into a test) when its coordinates
are short binary fractions: ``3``, ``0.75``, ``-1.5``. These are the measures and
the roundings the shrinker uses; every one is exact arithmetic on the double's
binary representation (``math.frexp`` and ``math.ldexp`` do not round).
"""

from __future__ import annotations

import math

__all__ = ["round_bits", "round_grid", "significant_bits"]


def significant_bits(x: float) -> int:
    """How many bits of the mantissa ``x`` needs: from its leading 1 to its last 1.

    >>> [significant_bits(v) for v in (0.0, 1.0, 3.0, -0.75, 12.0, 0.1)]
    [0, 1, 2, 2, 2, 52]
    >>> significant_bits(2.0**-1074)  # the smallest subnormal
    1
    """
    if x == 0.0 or not math.isfinite(x):
        return 0
    mantissa, _ = math.frexp(abs(x))
    whole = int(math.ldexp(mantissa, 53))  # an integer below 2**53, exactly
    trailing = (whole & -whole).bit_length() - 1
    return 53 - trailing


def round_bits(x: float, bits: int) -> float:
    """``x`` rounded to ``bits`` significant bits (half to even).

    >>> round_bits(0.1, 1), round_bits(0.1, 4), round_bits(-7.0, 2), round_bits(0.0, 3)
    (0.125, 0.1015625, -8.0, 0.0)
    """
    if x == 0.0 or not math.isfinite(x) or bits >= 53:
        return x
    mantissa, exponent = math.frexp(x)
    return math.ldexp(round(math.ldexp(mantissa, bits)), exponent - bits)


def round_grid(x: float, exponent: int) -> float:
    """``x`` rounded to the nearest multiple of ``2**exponent`` (half to even).

    >>> round_grid(2.7, 0), round_grid(2.7, -1), round_grid(-5.0, 2), round_grid(1e-9, 0)
    (3.0, 2.5, -4.0, 0.0)
    """
    if not math.isfinite(x):
        return x
    return math.ldexp(round(math.ldexp(x, -exponent)), exponent) + 0.0
