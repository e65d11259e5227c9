"""The exact arbiter: the verdict and the squared distance in rational arithmetic.

For polygonal shapes (points, segments, polygons, hulls, rectangles, and
their transforms) the float vertices the shapes produce are taken as exact
rationals, and everything after that is exact: the hulls and the Minkowski
difference ``A - B``, the position of the origin relative to it, and the
squared distance from the origin to it. No floating-point operation, and
none of the GJK code, takes part, so the answer is the truth about the input
as given, to the last bit.

Every float is a dyadic rational ``n / 2^k``, so all coordinates of a pair
become integers once multiplied by one common power of two; the orientation
tests and the Minkowski difference then run on Python's unbounded integers
(exact, and ten times faster than :class:`fractions.Fraction` for the same
work), and the squared distance comes back as a ``Fraction``.

Curved shapes have no exact rational description; for them there is no exact
answer (``None``). Nor is there for compound shapes: their referee is Shapely,
on the geometry they were cut from.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction

from gjkcli.algorithms.minkowski import edge_merge
from gjkcli.algorithms.verdict import Verdict
from gjkcli.dyadic import common_integers
from gjkcli.shapes.compound import Shape
from gjkcli.shapes.polytope import Polytope

__all__ = [
    "ExactAnswer",
    "exact_answer",
    "rational_text",
    "segment_squared",
    "segment_squared_ratio",
    "square_root",
]

IntPoint = tuple[int, int]


@dataclass(frozen=True)
class ExactAnswer:
    """The exact verdict and squared distance (0 unless separated)."""

    verdict: Verdict
    distance_squared: Fraction

    @property
    def distance(self) -> float:
        """The distance, rounded once: the square root of the exact square."""
        return square_root(self.distance_squared)


def exact_answer(shape_a: Shape, shape_b: Shape) -> ExactAnswer | None:
    """The exact answer for two convex polygonal shapes, or ``None`` if either is curved
    or compound.

    >>> from gjkcli.shapes import Polytope, circle, segment
    >>> square = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    >>> exact_answer(square, segment((2.0, 0.5), (3.0, 0.5)))
    ExactAnswer(verdict='separated', distance_squared=Fraction(1, 1))
    >>> exact_answer(square, segment((1.0, 0.5), (3.0, 0.5))).verdict
    'touching'
    >>> exact_answer(square, circle((0.0, 0.0), 1.0)) is None
    True
    """
    if not (isinstance(shape_a, Polytope) and isinstance(shape_b, Polytope)):
        return None
    integers, scale = common_integers(
        value for p in (*shape_a.vertices, *shape_b.vertices) for value in p
    )
    points = list(zip(integers[0::2], integers[1::2], strict=True))
    count_a = len(shape_a.vertices)
    difference, _ = edge_merge(points[:count_a], points[count_a:])
    verdict, squared = _locate_origin(difference)
    return ExactAnswer(verdict, squared / (scale * scale))


def rational_text(value: Fraction) -> str:
    """A rational for people: ``p/2^k`` when the denominator is a power of two, and
    about 12 significant digits when the numerator is too long to read.

    >>> [rational_text(Fraction(n, d)) for n, d in [(1, 2**110), (3, 7), (5, 1)]]
    ['1/2^110', '3/7', '5']
    >>> rational_text(Fraction(10**200 + 1, 3))
    '3.33333333333e+199 (about)'
    """
    if len(str(value.numerator)) > _READABLE_DIGITS:
        with localcontext() as context:
            context.prec = 12
            quotient = (Decimal(value.numerator) / Decimal(value.denominator)).normalize()
            return f"{quotient:.12g} (about)"
    denominator = value.denominator
    if denominator == 1:
        return str(value.numerator)
    if denominator & (denominator - 1) == 0:
        return f"{value.numerator}/2^{denominator.bit_length() - 1}"
    return f"{value.numerator}/{denominator}"


_READABLE_DIGITS = 24
"""Longer numerators are shown rounded (the JSON keeps them exact)."""


def _locate_origin(polygon: list[IntPoint]) -> tuple[Verdict, Fraction]:
    """Outside, on the boundary or inside a counter-clockwise polygon (or a segment, a point),
    and the squared distance from the origin (0 unless outside)."""
    if len(polygon) == 1:
        x, y = polygon[0]
        norm = x * x + y * y
        return ("touching" if norm == 0 else "separated"), Fraction(norm)
    edges = [(polygon[k], polygon[(k + 1) % len(polygon)]) for k in range(len(polygon))]
    if len(polygon) == 2:
        edges = edges[:1]
    sides = [_cross(p, q) for p, q in edges]
    if len(polygon) > 2 and all(side >= 0 for side in sides):
        return ("overlapping" if all(side > 0 for side in sides) else "touching"), Fraction(0)
    squared = min(segment_squared(p, q) for p, q in edges)
    return ("touching" if squared == 0 else "separated"), squared


def _cross(p: IntPoint, q: IntPoint) -> int:
    """Positive when the origin is to the left of the edge ``p -> q``."""
    (px, py), (qx, qy) = p, q
    return (qx - px) * (-py) - (qy - py) * (-px)


def segment_squared(p: IntPoint, q: IntPoint) -> Fraction:
    """Squared distance from the origin to the segment ``p q`` (a point if ``p == q``),
    exactly: :func:`segment_squared_ratio` as a ``Fraction``.

    >>> segment_squared((-1, 2), (3, 2)), segment_squared((1, 1), (3, 1))
    (Fraction(4, 1), Fraction(2, 1))
    >>> segment_squared((0, 5), (0, 5))
    Fraction(25, 1)
    """
    numerator, denominator = segment_squared_ratio(p, q)
    return Fraction(numerator) if denominator == 1 else Fraction(numerator, denominator)


def segment_squared_ratio(p: IntPoint, q: IntPoint) -> IntPoint:
    """Squared distance from the origin to the segment ``p q`` (a point if ``p == q``),
    exactly, as a numerator and a positive denominator (not reduced).

    Beyond an end it is that end's squared norm; in between, the squared
    height of the triangle the segment forms with the origin,
    ``cross(p, q - p)^2 / |q - p|^2``: integers throughout.

    >>> segment_squared_ratio((-1, 2), (3, 2)), segment_squared_ratio((1, 1), (3, 1))
    ((64, 16), (2, 1))
    """
    (px, py), (qx, qy) = p, q
    ex, ey = qx - px, qy - py
    along = -(px * ex + py * ey)
    length = ex * ex + ey * ey
    if length == 0 or along <= 0:
        return px * px + py * py, 1
    if along >= length:
        return qx * qx + qy * qy, 1
    height = px * ey - py * ex
    return height * height, length


def square_root(value: Fraction) -> float:
    """``sqrt(value)`` to within an ulp, from the exact rational (no overflow or underflow
    on the way, however large or small its numerator and denominator).

    >>> square_root(Fraction(1, 2**110)) == 2.0**-55
    True
    """
    if value == 0:
        return 0.0
    numerator, denominator = value.numerator, value.denominator
    shift = max(0, 2 * 60 - numerator.bit_length() + denominator.bit_length())
    shift += shift % 2
    root = math.isqrt((numerator << shift) // denominator)
    return math.ldexp(float(root), -(shift // 2))
