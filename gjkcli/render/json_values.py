"""Numbers, points and fractions as the JSON records write them (no negative zero; a
fraction as the text ``"p/q"``), shared by every record that writes them."""

from __future__ import annotations

from fractions import Fraction

from gjkcli.shapes.base import Vec

__all__ = ["number", "optional_number", "optional_point", "optional_points", "point", "rational"]


def number(x: float) -> float:
    """``x`` as written: a float, never ``-0.0``.

    >>> number(-0.0), number(3)
    (0.0, 3.0)
    """
    return x + 0.0


def optional_number(x: float | None) -> float | None:
    """:func:`number`, or ``None`` (JSON null) for ``None``."""
    return None if x is None else number(x)


def point(p: Vec) -> list[float]:
    """A point as the list ``[x, y]``.

    >>> point((-0.0, 2.5))
    [0.0, 2.5]
    """
    return [number(p[0]), number(p[1])]


def optional_point(p: Vec | None) -> list[float] | None:
    """:func:`point`, or ``None`` for ``None``."""
    return None if p is None else point(p)


def optional_points(points: tuple[Vec, Vec] | None) -> list[list[float]] | None:
    """Two points (a contact's, one on each shape) as ``[[x, y], [x, y]]``, or ``None``."""
    return None if points is None else [point(p) for p in points]


def rational(value: Fraction) -> str:
    """An exact fraction as the text ``"p/q"``.

    >>> rational(Fraction(4, 6))
    '2/3'
    """
    return f"{value.numerator}/{value.denominator}"
