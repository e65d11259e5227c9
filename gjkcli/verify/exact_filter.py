"""The exact arbiter for many pairs at once, behind a certified floating-point filter.

:func:`exact_answers` gives, pair for pair, what
:func:`~gjkcli.verify.exact.exact_answer` gives (the same verdict, the same
``Fraction``), but decides what it can in floating point, over the whole list
at once (NumPy, on the vertex lists laid end to end), under the proven bounds
of :mod:`gjkcli.verify.float_filter`. Rational arithmetic is left for the few
distance candidates the floats cannot rank, and for the pairs they cannot
decide, which go to the exact arbiter as they are.

**The geometry.** Let ``A`` and ``B`` be the hulls of the two vertex lists
(in any order, with repeats and collinear points) and ``M = A - B``; the
arbiter says where the origin lies relative to ``M``. Call two vertices
``a_i != a_j`` of ``A`` a *supporting pair* (forwards) when no vertex of ``A``
lies strictly right of the line ``a_i -> a_j``: the line supports ``A``, with
outward normal ``n`` on its right, and the support function of ``M`` along it,
``h(n) = n.a_i - min_b n.b``, has the sign of the largest
``orient(a_i, a_j, b)`` over the vertices ``b`` of ``B`` ("the signs across").
Backwards (``a_j -> a_i``) all signs turn; for pairs of ``B``, against the
vertices of ``A``, the normal is ``-n``. Every edge of ``M`` lies along a
supporting line of ``A`` or (turned) of ``B`` through two of its vertices, so
when ``M`` has area it is the intersection of the half-planes
``n.x <= h(n)`` of the supporting pairs: the origin is strictly inside
(*overlapping*) iff every supporting pair has ``h > 0``, on the boundary
(*touching*) iff every one has ``h >= 0`` and one has ``h = 0``. Whether ``M``
has area or not, a supporting pair with ``h < 0`` (all of ``B`` strictly
beyond a line through two vertices of ``A``), or bounding boxes apart, prove
the shapes *separated*; when ``M`` is flat (points, parallel segments) it holds
the origin only on its boundary (*touching*). These are the arbiter's own
verdicts: it builds ``M`` exactly and calls the origin overlapping when it is
strictly inside an ``M`` with area, touching when it is in ``M`` otherwise,
separated otherwise, with the squared distance from ``M``, which is the
squared distance between ``A`` and ``B``.

**The filter.** Each orientation's sign is proven positive, zero or negative,
or unknown (:func:`~gjkcli.verify.float_filter.sign_codes`). A pair is
*surely* supporting when every sign within its shape is proven ``>= 0``,
*possibly* supporting when none is proven negative: the possible ones include
every true one. A pair of shapes is

* separated when a surely supporting pair has every sign across proven
  negative, or the bounding boxes are apart (exact comparisons);
* overlapping when some pair is possibly supporting and every one has a sign
  across proven positive. ``M`` then has area: the pairs of a flat shape are
  supporting both ways, so the other shape has vertices strictly on both
  sides of its line, which a point cannot have;
* touching when every possibly supporting pair has a sign across proven
  ``>= 0``, a surely supporting one has every sign across proven ``<= 0``,
  one of them proven 0, and ``M`` is proven to have area: a vertex proven off
  the line of a pair of its own shape, or two vertices of the other shape
  with different proven signs across a pair (not parallel to it);
* undecided otherwise (flat ``M`` touching, signs too close to call), and
  answered by the exact arbiter.

**The distance** of separated shapes is the least of the candidates: each
vertex of ``A`` against each vertex of ``B``, and each vertex against each
possibly supporting pair of the other shape it is not proven to project
outside of (onto the segment's line, beyond an end; then a vertex candidate
is as near). The least is attained, since two disjoint convex polygons have a
closest pair of points one of which is a vertex, the other a vertex or a
point inside an edge of the other hull (a supporting pair), and never
undercut, since every candidate segment lies in its hull. Each candidate's
exact squared distance gets bounds below and above in floats: a vertex's
(:func:`~gjkcli.verify.float_filter.squared_distance_bounds`); for a segment,
those of the squared distance to its line, which is never more
(:func:`~gjkcli.verify.float_filter.line_distance_bounds`), with no bound above
unless the vertex is proven to project strictly inside it. Every candidate
whose bound below is at most the pair's least bound above is computed
exactly (:func:`~gjkcli.verify.exact.segment_squared_ratio`), and the least of
those is the answer: the true minimum is among them.

**Compiled.** When the compiled engine is active, each pair's verdict and
distance candidates come from its copy of these rules (``exact_filter`` in
``gjkcli/_exact.c``): the same bounds, each value computed by the same
floating-point operations, pair by pair instead of row by row, so it decides the
same pairs the same way (tests/verify/test_exact_filter_engine.py holds it to
that). The NumPy code here is the reference, and the path of the pure-Python
engine. The exact step after it is the same on both paths.

**Whole pairs go to the exact arbiter** when a shape has more than
:data:`MOST_VERTICES` vertices, or the coordinates are not all floats (taken
exactly), not finite, do not scale exactly into ``(-1, 1)`` by one power of
two, or span more binary orders than the bounds allow (a quantum below
:data:`~gjkcli.verify.float_filter.LEAST_QUANTUM_EXPONENT`). Curved and
compound shapes get ``None``, as from the exact arbiter.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from types import ModuleType

import numpy as np

from gjkcli.algorithms.verdict import Verdict
from gjkcli.engine import compiled
from gjkcli.shapes.compound import Shape
from gjkcli.shapes.polytope import Polytope
from gjkcli.verify.exact import ExactAnswer, exact_answer, segment_squared_ratio
from gjkcli.verify.filter_rows import Bools, Columns, Ints, Rows
from gjkcli.verify.float_filter import (
    NEGATIVE,
    POSITIVE,
    UNKNOWN,
    ZERO,
    Codes,
    Floats,
    dot,
    line_distance_bounds,
    squared_distance_bounds,
)

__all__ = ["MOST_VERTICES", "exact_answers", "filtered_columns"]

MOST_VERTICES = 16
"""Shapes with more vertices go to the exact arbiter: the filter looks at every
triple of a shape's vertices (``n^3 / 6`` orientations), which at 16 vertices
costs about what the arbiter does (measured; 3 to 4 times less at 8)."""

_ROW_SIZES = (1, 2, 4, 6, 8, 10, 12, 14, 16)
"""The numbers of vertices rows are padded to: few enough that a chunk has few
groups, close enough that padding costs little (a row of ``n`` costs about
``n^3 / 6`` orientations)."""

_SMALLEST_GROUP = 32
"""Groups of pairs cost a fixed number of NumPy calls each, about what 30 pairs of
8-gons cost in arithmetic (measured): fewer pairs than this are padded into the
next larger size instead."""

_VERDICTS: tuple[Verdict | None, ...] = (None, "separated", "touching", "overlapping")
"""The filter's verdict codes: 0 undecided, then each proven verdict."""

Candidates = tuple[Ints, Ints, Ints, Ints]
"""Distance candidates, one a column each: the pair, the vertex (its place in the
:class:`~gjkcli.verify.filter_rows.Columns`), and the ends ``p``, ``q`` of the segment
it is measured to (the same place twice for a vertex)."""

_MIXED = np.array([bin(code & (POSITIVE | ZERO | NEGATIVE)).count("1") >= 2 for code in range(16)])
"""Whether an OR of sign codes holds two different proven signs."""


def exact_answers(pairs: Sequence[tuple[Shape, Shape]]) -> list[ExactAnswer | None]:
    """``[exact_answer(a, b) for a, b in pairs]``, most of it decided in floating point.

    >>> from gjkcli.shapes import Polytope, circle, segment
    >>> square = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    >>> answers = exact_answers(
    ...     [
    ...         (square, segment((2.0, 0.5), (3.0, 0.5))),
    ...         (square, segment((1.0, 0.5), (3.0, 0.5))),
    ...         (square, segment((0.5, 0.5), (3.0, 0.5))),
    ...         (square, circle((0.0, 0.0), 1.0)),
    ...     ]
    ... )
    >>> [answer.verdict for answer in answers[:3]], answers[3]
    (['separated', 'touching', 'overlapping'], None)
    >>> answers[0].distance_squared
    Fraction(1, 1)
    """
    answers: list[ExactAnswer | None] = [None] * len(pairs)
    polygonal = [
        (k, a, b)
        for k, (a, b) in enumerate(pairs)
        if isinstance(a, Polytope) and isinstance(b, Polytope)
    ]
    small = [
        (k, a, b) for k, a, b in polygonal if max(len(a.vertices), len(b.vertices)) <= MOST_VERTICES
    ]
    decided = _filtered([(a, b) for _, a, b in small])
    for (k, _, _), answer in zip(small, decided, strict=True):
        answers[k] = answer
    for k, a, b in polygonal:
        if answers[k] is None:
            answers[k] = exact_answer(a, b)
    return answers


def _filtered(pairs: list[tuple[Polytope, Polytope]]) -> list[ExactAnswer | None]:
    """The answers the filter proves (``None`` for the rest)."""
    answers: list[ExactAnswer | None] = [None] * len(pairs)
    columns = Columns.load(pairs, compiled())
    if columns is None:
        return answers
    codes, distances = filtered_columns(columns)
    for pair, code in enumerate(codes.tolist()):
        verdict = _VERDICTS[code]
        if verdict is not None:
            squared = distances[pair] if verdict == "separated" else Fraction(0)
            answers[pair] = ExactAnswer(verdict, squared)
    return answers


def filtered_columns(columns: Columns) -> tuple[Codes, dict[int, Fraction]]:
    """What the filter proves of the pairs in ``columns``: each pair's verdict code (0
    undecided, else an index into ``_VERDICTS``: 1 separated, 2 touching, 3 overlapping),
    and the exact squared distance of each separated pair, by pair (the columnar path of
    ``gjk batch`` reads them as they are: :mod:`gjkcli.verify.polygon_columns`).

    >>> square = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    >>> codes, distances = filtered_columns(Columns.load([(square, Polytope(((3.0, 0.5),)))]))
    >>> codes.tolist(), distances
    ([1], {0: Fraction(4, 1)})
    """
    codes, candidates = _decisions(columns, compiled())
    return codes, _least_exactly(columns, candidates)


def _decisions(columns: Columns, core: ModuleType | None) -> tuple[Codes, Candidates]:
    """Each pair's verdict code (an index into :data:`_VERDICTS`), and the distance
    candidates of the separated pairs: decided by the compiled engine's copy of the
    filter (``core.exact_filter``, the same decisions pair by pair), or in NumPy
    when ``core`` is ``None``.

    >>> square = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    >>> columns = Columns.load([(square, Polytope(((3.0, 0.5),)))])
    >>> codes, (pair, point, p, q) = _decisions(columns, None)
    >>> codes.tolist(), pair.tolist(), point.tolist(), p.tolist(), q.tolist()
    ([1], [0], [4], [1], [2])
    """
    codes = np.zeros(len(columns.usable), dtype=np.uint8)
    if core is not None:
        found = core.exact_filter(
            np.ascontiguousarray(columns.x),
            np.ascontiguousarray(columns.y),
            columns.count,
            columns.usable,
            columns.quantum,
            codes,
        )
        return codes, _joined([np.frombuffer(found, dtype=np.int64).reshape(-1, 4).T])
    parts: list[Candidates] = []
    for members, size in _groups(columns):
        rows = Rows.build(columns, members, size)
        verdicts = _verdicts(rows)
        codes[rows.pairs] = verdicts
        parts.append(_candidates(rows, verdicts == _VERDICTS.index("separated")))
    return codes, _joined(parts)


def _joined(parts: Sequence[Candidates | Ints]) -> Candidates:
    """The candidates of ``parts`` (each four columns) in one list."""
    pair, point, p, q = (
        np.concatenate([part[k] for part in parts]).astype(np.int64, copy=False)
        if parts
        else np.zeros(0, dtype=np.int64)
        for k in range(4)
    )
    return pair, point, p, q


def _groups(columns: Columns) -> Iterator[tuple[Ints, int]]:
    """The usable pairs in groups, each with the number of vertices its rows have: the
    larger shape's count rounded up to one of :data:`_ROW_SIZES`, and groups of
    fewer than :data:`_SMALLEST_GROUP` pairs joined to the next size."""
    larger = np.maximum(columns.count[0::2], columns.count[1::2])
    sizes = np.asarray(_ROW_SIZES)[np.searchsorted(_ROW_SIZES, larger)]
    waiting = np.zeros(0, dtype=np.int64)
    present = sorted(set(sizes[columns.usable].tolist()))  # np.unique would import numpy.ma
    for size in present:
        members = np.concatenate([waiting, np.flatnonzero(columns.usable & (sizes == size))])
        if len(members) < _SMALLEST_GROUP and size != present[-1]:
            waiting = members
        else:
            yield members, size
            waiting = waiting[:0]


def _verdicts(rows: Rows) -> Ints:
    """Each pair's proven verdict, as an index into :data:`_VERDICTS` (0: undecided)."""

    def anywhere(flags: Bools) -> Bools:
        return np.asarray(flags.reshape(len(rows.pairs), 2 * flags.shape[1]).any(axis=1))

    possible_f, possible_b = rows.supporting(surely=False)
    sure_f, sure_b = rows.supporting(surely=True)
    positive_f, zero_f, negative_f = _height_signs(rows.across, POSITIVE, NEGATIVE)
    positive_b, zero_b, negative_b = _height_signs(rows.across, NEGATIVE, POSITIVE)
    separated = anywhere((sure_f & negative_f) | (sure_b & negative_b)) | _boxes_apart(rows)
    overlapping = anywhere(possible_f | possible_b) & ~anywhere(
        (possible_f & ~positive_f) | (possible_b & ~positive_b)
    )
    off_line = (rows.within & (POSITIVE | NEGATIVE) != 0) | _MIXED[rows.across]
    touching = (
        ~anywhere((possible_f & ~(positive_f | zero_f)) | (possible_b & ~(positive_b | zero_b)))
        & anywhere((sure_f & zero_f) | (sure_b & zero_b))
        & anywhere(rows.distinct & off_line)
    )
    codes: Ints = np.select(
        [separated, overlapping, touching],
        [_VERDICTS.index(verdict) for verdict in ("separated", "overlapping", "touching")],
        0,
    )
    return codes


def _height_signs(across: Codes, inner: int, outer: int) -> tuple[Bools, Bools, Bools]:
    """Whether ``h`` is proven positive, zero, negative for a supporting line whose
    inner side has the sign ``inner`` (see the module notes)."""
    positive = across & inner != 0
    zero = (across & (inner | UNKNOWN) == 0) & (across & ZERO != 0)
    return positive, zero, across == outer


def _boxes_apart(rows: Rows) -> Bools:
    """Whether each pair's bounding boxes are apart (exact comparisons)."""
    apart = np.zeros(len(rows.pairs), dtype=bool)
    for column in (rows.x, rows.y):
        low = column.min(axis=1).reshape(-1, 2)
        high = column.max(axis=1).reshape(-1, 2)
        apart |= (high[:, 0] < low[:, 1]) | (high[:, 1] < low[:, 0])
    return apart


def _candidates(rows: Rows, separated: Bools) -> Candidates:
    """The distance candidates of the ``separated`` pairs that may be the nearest: those
    whose bound below is at most their pair's least bound above (see the module notes)."""
    chosen = np.flatnonzero(separated)
    if not len(chosen):
        return _joined([])
    vertex_low, vertex_high, vertex_mask = _vertex_candidates(rows, chosen)
    least = np.full(len(rows.pairs), np.inf)
    least[chosen] = np.where(vertex_mask, vertex_high, np.inf).min(axis=(1, 2))
    segment, segment_low, segment_high, segment_mask = _segment_candidates(rows, separated)
    row = rows.chosen_row[segment]
    np.minimum.at(least, row >> 1, np.where(segment_mask, segment_high, np.inf).min(axis=1))
    k, i, j = np.nonzero(vertex_mask & (vertex_low <= least[chosen, None, None]))
    first_row = 2 * chosen[k]
    k, v = np.nonzero(segment_mask & (segment_low <= least[row >> 1, None]))
    pair_of_vertices = rows.chosen_pair[segment[k]]
    at_row = np.concatenate([first_row, row[k]])
    return (
        rows.pairs[at_row >> 1],
        rows.index[np.concatenate([first_row + 1, row[k] ^ 1]), np.concatenate([j, v])],
        rows.index[at_row, np.concatenate([i, rows.first[pair_of_vertices]])],
        rows.index[at_row, np.concatenate([i, rows.second[pair_of_vertices]])],
    )


def _least_exactly(columns: Columns, candidates: Candidates) -> dict[int, Fraction]:
    """The least exact squared distance of each pair's candidates, by pair: candidate
    ``k`` is pair ``pair[k]``'s vertex ``point[k]`` against the segment from ``p[k]`` to
    ``q[k]`` (places in ``columns``; a vertex when ``p[k] == q[k]``).

    The pair's scaled coordinates are integers in units of its quantum, so the
    distances are computed on Python integers, as ratios
    (:func:`~gjkcli.verify.exact.segment_squared_ratio`), and compared as they are;
    the least is scaled back to the input's units, ``2^(quantum - shift)``.
    """
    pair, point, p, q = candidates
    quantum = columns.pair_quantum(pair)

    def integers(at: Ints) -> list[list[int]]:
        return [
            [int(value) for value in np.ldexp(values[at], -quantum).tolist()]
            for values in (columns.x, columns.y)
        ]

    (point_x, point_y), (p_x, p_y), (q_x, q_y) = integers(point), integers(p), integers(q)
    least: dict[int, tuple[int, int]] = {}
    exponents: dict[int, int] = {}
    for k, (at, exponent) in enumerate(
        zip(pair.tolist(), (2 * (quantum - columns.shift[pair])).tolist(), strict=True)
    ):
        numerator, denominator = segment_squared_ratio(
            (p_x[k] - point_x[k], p_y[k] - point_y[k]), (q_x[k] - point_x[k], q_y[k] - point_y[k])
        )
        known = least.get(at)
        if known is None or numerator * known[1] < known[0] * denominator:
            least[at] = numerator, denominator
            exponents[at] = exponent
    answers: dict[int, Fraction] = {}
    for at, (numerator, denominator) in least.items():
        exponent = exponents[at]
        if exponent >= 0:
            answers[at] = Fraction(numerator << exponent, denominator)
        else:
            answers[at] = Fraction(numerator, denominator << -exponent)
    return answers


def _vertex_candidates(rows: Rows, chosen: Ints) -> tuple[Floats, Floats, Bools]:
    """Bounds below and above on the squared distance from each vertex ``i`` of the
    first shape to each vertex ``j`` of the second, ``[k, i, j]`` for the pair
    ``chosen[k]``, and which are vertices (not copies)."""
    first, second = 2 * chosen, 2 * chosen + 1
    x, y, present = rows.x, rows.y, rows.present
    low, high = squared_distance_bounds(
        (x[first][:, :, None], y[first][:, :, None]), (x[second][:, None, :], y[second][:, None, :])
    )
    return low, high, present[first][:, :, None] & present[second][:, None, :]


def _segment_candidates(rows: Rows, separated: Bools) -> tuple[Ints, Floats, Floats, Bools]:
    """The pairs of vertices computed across (indices ``k`` into ``rows.chosen_row``)
    that may support their shape, in the ``separated`` pairs; bounds below and
    above on the squared distance from each vertex ``v`` of the other shape to
    their segment, ``[k, v]``; and which are candidates: a vertex (not a copy)
    not proven to project beyond an end of the segment. The bound above is
    infinite unless the vertex is proven to project inside the segment."""
    forwards, backwards = rows.supporting(surely=False)
    row, pair_of_vertices = rows.chosen_row, rows.chosen_pair
    segment = np.flatnonzero(
        separated[row >> 1]
        & (forwards | backwards)[row, pair_of_vertices]
        & rows.present[row, rows.second[pair_of_vertices]]
    )
    row, pair_of_vertices = row[segment], pair_of_vertices[segment]
    p, q = rows.first[pair_of_vertices], rows.second[pair_of_vertices]
    x, y = rows.x, rows.y
    start = (x[row, p][:, None], y[row, p][:, None])
    end = (x[row, q][:, None], y[row, q][:, None])
    vertex = (x[row ^ 1], y[row ^ 1])
    along_p, bound_p = dot(vertex, end, start)  # (v - p).(q - p)
    along_q, bound_q = dot(vertex, start, end)  # (v - q).(p - q)
    mask = rows.present[row ^ 1] & (along_p > -bound_p) & (along_q > -bound_q)
    low = np.full(mask.shape, np.inf)
    high = np.full(mask.shape, np.inf)
    k, v = np.nonzero(mask)
    found_low, found_high = line_distance_bounds(
        rows.height[segment[k], v],
        rows.bound[segment[k], v],
        (start[0][k, 0], start[1][k, 0]),
        (end[0][k, 0], end[1][k, 0]),
    )
    inside = (along_p[k, v] > bound_p[k, v]) & (along_q[k, v] > bound_q[k, v])
    low[k, v] = found_low
    high[k, v] = np.where(inside, found_high, np.inf)
    return segment, low, high, mask
