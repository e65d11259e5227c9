"""Floating-point predicates with proven error bounds, for the filter in front of the
exact arbiter (:mod:`gjkcli.verify.exact_filter`).

Each function takes columns of coordinates and returns, with every computed
value, a bound on its distance from the exact value of the same formula on the
same floats. The bounds hold under a precondition the caller checks pair by
pair (:func:`quantum_exponents` measures it): all coordinates are finite, less
than 1 in magnitude (a pair is scaled into ``(-1, 1)`` by a power of two, which
is exact), and integer multiples of one power of two ``Q >= 2^-480``, the
pair's *quantum*. Then:

* a difference ``x - y`` of two coordinates is a multiple of ``Q`` below 2 in
  magnitude; if it is not 0, it is at least ``Q``, and so is its rounded value
  (rounding is monotone and ``Q`` is a float), and it rounds to 0 only when it
  is 0 (``x == y``);
* a product of two rounded differences is 0 exactly when a factor is, and
  otherwise lies between ``Q^2 >= 2^-960`` and 4: no product (nor any square,
  sum of two squares, or the bounds below) underflows or overflows.

So every operation rounds once, relatively: ``fl(x op y) = (x op y)(1 + d)``,
``|d| <= u = 2^-53``. For a two-term sum of products ``T = p1 +- p2`` (the
orientation determinant, a dot product), each rounded product carries three
roundings (two differences, one product): ``|P_k - p_k| <= g |p_k|`` with
``g = 3u / (1 - 3u)``, and ``|p_k| <= |P_k| / (1 - 3u)``; the final sum or
difference adds ``u (|P1| + |P2|)``. Hence, with ``S = |P1| + |P2|``::

    |D - T| <= (u + g / (1 - 3u)) S < 5u S.

The bound returned is :data:`RELATIVE_BOUND` ``* fl(S)`` ``= 16u fl(S)``, and
``fl(S) >= (1 - u) S``: more than three times the need, which also covers the
roundings of the interval ends computed from it (see each function).

A determinant whose bound is below half of ``Q^2`` is decided even when it is
0, ``Q`` being a power of two all the coordinates it is computed from are
multiples of (the pair's quantum, or a shape's own for the points of one
shape): the exact determinant is a multiple of ``Q^2`` (products of multiples
of ``Q``) within the bound of the computed one, so if the computed one is
within its bound of 0, the exact one is 0 (:func:`sign_codes`). Integer
coordinates, halves and the like get exact zeros this way.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = [
    "LEAST_QUANTUM_EXPONENT",
    "NEGATIVE",
    "POSITIVE",
    "RELATIVE_BOUND",
    "UNKNOWN",
    "ZERO",
    "Floats",
    "Points",
    "dot",
    "line_distance_bounds",
    "orient",
    "quantum_exponents",
    "sign_codes",
    "squared_distance_bounds",
]

Floats = npt.NDArray[np.float64]
Codes = npt.NDArray[np.uint8]
Points = tuple[Floats, Floats]
"""Points as two columns, ``x`` and ``y``."""

RELATIVE_BOUND = 2.0**-49
"""``16u``: the relative error bound of a two-term sum of products, and the
margin by which interval ends are widened; more than three times what the
rounding can do (see the module notes)."""

LEAST_QUANTUM_EXPONENT = -480
"""The least quantum a pair may have (``2^-480``, after scaling into ``(-1, 1)``):
products of differences then stay above ``2^-960``, far from underflow (below
``2^-1022``), and so do the squares and quotients the distance bounds form."""

_SMALLEST_FACTOR = 2.0**-500
"""Heights below this are taken as 0 in lower bounds and as this in upper bounds
before squaring, so that no square (at least ``2^-1000``) or quotient of one
underflows. Lowering a lower bound or raising an upper one is always safe; it
only widens the interval, for heights that small beside coordinates below 1."""

POSITIVE, ZERO, NEGATIVE, UNKNOWN = 1, 2, 4, 8
"""Sign codes, one bit each, so that OR-ing codes tells which signs occur."""


def orient(a: Points, b: Points, c: Points) -> tuple[Floats, Floats]:
    """Twice the signed area of ``a, b, c`` (positive when ``c`` is left of ``a -> b``),
    and its error bound.

    Differences are taken from ``c`` (as in Shewchuk's orient2d): when ``c``
    equals ``a`` or ``b``, a factor is exactly 0, and so are the value and its bound.

    >>> zero, one = np.zeros(1), np.ones(1)
    >>> orient((zero, zero), (one, zero), (zero, one))
    (array([1.]), array([1.77635684e-15]))
    """
    (ax, ay), (bx, by), (cx, cy) = a, b, c
    left = (ax - cx) * (by - cy)
    right = (ay - cy) * (bx - cx)
    return left - right, RELATIVE_BOUND * (np.abs(left) + np.abs(right))


def dot(a: Points, b: Points, c: Points) -> tuple[Floats, Floats]:
    """``(a - c) . (b - c)`` and its error bound.

    >>> zero, one = np.zeros(1), np.ones(1)
    >>> dot((2 * one, zero), (3 * one, zero), (one, one))
    (array([3.]), array([5.32907052e-15]))
    """
    (ax, ay), (bx, by), (cx, cy) = a, b, c
    first = (ax - cx) * (bx - cx)
    second = (ay - cy) * (by - cy)
    return first + second, RELATIVE_BOUND * (np.abs(first) + np.abs(second))


def sign_codes(value: Floats, bound: Floats, quantum_squared: Floats) -> Codes:
    """The sign of each exact value as a code: :data:`POSITIVE` or :data:`NEGATIVE`
    when the computed value is beyond its bound, :data:`ZERO` when it is within
    it and the bound is below half the square of the quantum (see the module
    notes), :data:`UNKNOWN` otherwise.

    >>> sign_codes(np.array([1.0, -1.0, 0.0, 0.0]), np.array([0.5, 0.5, 0.25, 0.5]), np.ones(4))
    array([1, 4, 2, 8], dtype=uint8)
    """
    codes = np.full(value.shape, UNKNOWN, dtype=np.uint8)
    codes[value > bound] = POSITIVE
    codes[value < -bound] = NEGATIVE
    codes[(np.abs(value) <= bound) & (2.0 * bound < quantum_squared)] = ZERO
    return codes


def squared_distance_bounds(a: Points, b: Points) -> tuple[Floats, Floats]:
    """Bounds below and above on ``|a - b|^2``.

    The computed value ``V`` carries four roundings, all relative (no product
    underflows, see the module notes), so the exact value lies in
    ``[V / (1 + u)^4, V / (1 - u)^4]``; ``V (1 -+ 16u)``, each rounded once more,
    lies outside that interval on either side.

    >>> zero, one = np.zeros(1), np.ones(1)
    >>> low, high = squared_distance_bounds((zero, zero), (3 * one, 4 * one))
    >>> bool(low[0] < 25.0 < high[0])
    True
    """
    dx, dy = a[0] - b[0], a[1] - b[1]
    value = dx * dx + dy * dy
    return value * (1.0 - RELATIVE_BOUND), value * (1.0 + RELATIVE_BOUND)


def line_distance_bounds(
    height: Floats, bound: Floats, p: Points, q: Points
) -> tuple[Floats, Floats]:
    """Bounds below and above on the squared distance from a point to the line
    through ``p != q``, given ``orient(p, q, point)`` and its bound: ``h^2 / |q - p|^2``.

    ``|h|`` lies in ``[|H| - B, |H| + B]`` (``B`` is more than three times the
    rounding); ``fl(|H| - B)`` rounds up by at most ``u (|H| + B)``, which the
    surplus of ``B`` over the rounding covers, and likewise ``fl(|H| + B)``
    rounds down by less than that surplus. The length squared is bounded as in
    :func:`squared_distance_bounds`. The heights are clamped to
    :data:`_SMALLEST_FACTOR` (down to 0, up to it) so that their squares do not
    underflow; the two further roundings (square, quotient) are covered by the
    final factor ``1 -+ 16u``.

    >>> zero, one = np.zeros(1), np.ones(1)
    >>> low, high = line_distance_bounds(2 * one, one * 1e-15, (zero, zero), (one, one))
    >>> bool(low[0] < 2.0 < high[0])  # the height 2 over the length sqrt(2), squared
    True
    """
    length_low, length_high = squared_distance_bounds(p, q)
    low = np.abs(height) - bound
    low[low < _SMALLEST_FACTOR] = 0.0
    high = np.maximum(np.abs(height) + bound, _SMALLEST_FACTOR)
    return (
        low * low / length_high * (1.0 - RELATIVE_BOUND),
        high * high / length_low * (1.0 + RELATIVE_BOUND),
    )


def quantum_exponents(values: Floats) -> npt.NDArray[np.int64]:
    """For each finite value, the exponent of the largest power of two it is an integer
    multiple of; 0 for 0 (a multiple of anything), which leaves the least exponent of
    values below 1 in magnitude (all negative) as it is.

    >>> quantum_exponents(np.array([3.0, 0.75, -0.5, 0.0, 2.0**-1074]))
    array([    0,    -2,    -1,     0, -1074])
    """
    mantissa, exponent = np.frexp(values)
    digits = np.ldexp(mantissa, 53).astype(np.int64)  # exact: |mantissa| < 1
    lowest = digits & -digits
    lowest[lowest == 0] = 1
    shift = np.frexp(lowest.astype(np.float64))[1] - 1
    quantum = exponent.astype(np.int64) - 53 + shift
    quantum[values == 0.0] = 0
    return np.asarray(quantum, dtype=np.int64)
