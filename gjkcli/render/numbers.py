"""Numbers for people: compact, with exact integers shown as integers."""

from __future__ import annotations

import math

from gjkcli.shapes.base import Vec

__all__ = ["compact", "compact_point"]


def compact(x: float, digits: int = 6) -> str:
    """A short form of ``x``: integers without a decimal point, else ``digits`` significant digits.

    >>> compact(3.0), compact(-0.0), compact(0.894427191), compact(1e-13), compact(2.5e20)
    ('3', '0', '0.894427', '1e-13', '2.5e+20')
    >>> compact(1.41421356237, digits=10)
    '1.414213562'
    """
    x = x + 0.0  # turns -0.0 into 0.0
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.{digits}g}"


def compact_point(p: Vec, digits: int = 6, scale: float = 0.0) -> str:
    """``(x, y)`` with :func:`compact` coordinates, rounded relative to ``scale``.

    A coordinate far smaller than the coordinates around it (``scale``) is
    rounding noise at the precision shown, and is shown as such: with
    ``digits`` 6 and ``scale`` 4, ``2e-08`` reads ``0``.

    >>> compact_point((0.0, -2.0)), compact_point((1 / 3, 2.5))
    ('(0, -2)', '(0.333333, 2.5)')
    >>> compact_point((1.96e-08, 2.0), scale=4.0), compact_point((1.96e-08, 2.0))
    ('(0, 2)', '(1.96e-08, 2)')
    """
    return f"({_relative(p[0], digits, scale)}, {_relative(p[1], digits, scale)})"


def _relative(x: float, digits: int, scale: float) -> str:
    if scale > 0.0:
        decimals = digits - 1 - math.floor(math.log10(scale))
        x = round(x, decimals) if decimals < 300 else x
    return compact(x, digits)
