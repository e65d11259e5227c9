"""Pairs of polytopes as rows of floats, and the orientation signs the filter in front of
the exact arbiter decides from (:mod:`gjkcli.verify.exact_filter`).

:class:`Columns` lays the vertices of all pairs end to end, scales each pair
by its own power of two into ``(-1, 1)`` and checks the preconditions of the
bounds of :mod:`gjkcli.verify.float_filter`. :class:`Rows` then takes the
pairs whose larger shape has one given number of vertices, each shape a row
padded with copies of its last vertex (a copy changes no sign, no bounding
box, no supporting line; it is left out of the distance), and computes, for
every pair of vertices ``i < j`` of every shape:

* ``within``: the OR of the sign codes of ``orient(v_i, v_j, v_k)`` over the
  vertices of its own shape. Each unordered triple is computed once and its
  sign turned for the orders that are odd permutations of it; two equal
  points make an orientation exactly 0 (see :func:`_within`);
* ``across``: the OR over the vertices of the other shape, computed only for
  the pairs that may support their shape (no vertex of it proven on each
  side), which are the only ones the verdicts and the distance look at
  across. The orientations themselves are kept for the distance.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from gjkcli.shapes.polytope import Polytope
from gjkcli.verify.float_filter import (
    LEAST_QUANTUM_EXPONENT,
    NEGATIVE,
    POSITIVE,
    UNKNOWN,
    ZERO,
    Codes,
    Floats,
    orient,
    quantum_exponents,
    sign_codes,
)

__all__ = ["Bools", "Columns", "Ints", "Rows"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_TURNED = np.array(
    [
        (code & ~(POSITIVE | NEGATIVE))
        | (POSITIVE if code & NEGATIVE else 0)
        | (NEGATIVE if code & POSITIVE else 0)
        for code in range(16)
    ],
    dtype=np.uint8,
)
"""Each sign code with positive and negative exchanged."""


@dataclass(frozen=True)
class Columns:
    """The vertices of all pairs, laid end to end, and which pairs the filter can take.

    Shape ``2p`` is pair ``p``'s first, ``2p + 1`` its second; its vertices are
    ``x[start[s]:start[s] + count[s]]`` and the same of ``y``, scaled by a power of
    two, the pair's own, into ``(-1, 1)``.
    ``usable`` says which pairs meet the preconditions of
    :mod:`gjkcli.verify.float_filter` (coordinates taken exactly as floats,
    finite, scaled exactly, a quantum of at least
    ``2^LEAST_QUANTUM_EXPONENT``); ``shift`` is the exponent each pair was
    scaled by, ``quantum`` the exponent of each shape's own quantum (scaled),
    and :meth:`pair_quantum` the pair's, the smaller of its shapes'.

    >>> square = Polytope(((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)))
    >>> dot, speck = Polytope(((1.0, 2.0),)), Polytope(((2.0**-600, 0.0),))
    >>> columns = Columns.load([(square, dot), (square, speck)])
    >>> columns.x[:5].tolist(), columns.usable.tolist()  # 2^-600 is too fine beside 4
    ([0.0, 0.5, 0.5, 0.0, 0.125], [True, False])
    """

    x: Floats
    y: Floats
    start: Ints
    count: Ints
    usable: Bools
    shift: Ints
    quantum: Ints

    def pair_quantum(self, pairs: Ints) -> Ints:
        """The exponent of the quantum of each of ``pairs``."""
        return np.minimum(self.quantum[2 * pairs], self.quantum[2 * pairs + 1])

    @staticmethod
    def load(
        pairs: list[tuple[Polytope, Polytope]], core: ModuleType | None = None
    ) -> Columns | None:
        """The columns of ``pairs`` (``None`` if there are none, or if the coordinates do
        not even convert to floats). The compiled engine ``core``, if given, reads the
        vertices when they are all floats (``core.exact_read``), as :func:`_read` does."""
        if not pairs:
            return None
        read = core.exact_read(pairs) if core is not None else None
        if read is not None:
            flat = np.frombuffer(read[0], dtype=np.float64)
            count: Ints = np.frombuffer(read[1], dtype=np.int64)
            taken = np.isfinite(flat)
        else:
            found = _read(pairs)
            if found is None:
                return None
            flat, count, taken = found
        return Columns.of(flat, count, taken)

    @staticmethod
    def of(flat: Floats, count: Ints, taken: Bools) -> Columns:
        """The columns of pairs whose shapes' vertices are ``flat`` (end to end, ``x`` and
        ``y`` in turn, ``count[s]`` vertices for shape ``s``, two shapes a pair); ``taken``
        says which coordinates were taken exactly as floats and are finite.

        >>> flat = np.array([0.0, 0.0, 4.0, 0.0, 1.0, 2.0])
        >>> columns = Columns.of(flat, np.array([2, 1]), np.isfinite(flat))
        >>> columns.x.tolist(), columns.shift.tolist(), columns.usable.tolist()
        ([0.0, 0.5, 0.125], [-3], [True])
        """
        flat = np.array(flat, dtype=np.float64)  # a copy: the coordinates not taken become 0
        per_pair = 2 * (count[0::2] + count[1::2])
        blocks = np.cumsum(per_pair) - per_pair
        shape_blocks = 2 * (np.cumsum(count) - count)
        flat[~taken] = 0.0
        usable = np.logical_and.reduceat(taken, blocks)
        shift = -np.frexp(np.maximum.reduceat(np.abs(flat), blocks))[1].astype(np.int64)
        shifts = np.repeat(shift, per_pair)
        scaled = np.ldexp(flat, shifts)
        usable &= np.logical_and.reduceat(np.ldexp(scaled, -shifts) == flat, blocks)
        quantum = np.minimum.reduceat(quantum_exponents(scaled), shape_blocks)
        usable &= np.minimum(quantum[0::2], quantum[1::2]) >= LEAST_QUANTUM_EXPONENT
        return Columns(
            x=scaled[0::2],
            y=scaled[1::2],
            start=np.cumsum(count) - count,
            count=count,
            usable=usable,
            shift=shift,
            quantum=np.maximum(quantum, LEAST_QUANTUM_EXPONENT),
        )


@dataclass(frozen=True)
class Rows:
    """``pairs`` (indices into ``columns``) as rows of ``size`` vertices: row ``2k`` the
    first shape of ``pairs[k]``, ``2k + 1`` its second (see the module notes).

    ``x``, ``y`` are the scaled coordinates, ``index`` each vertex's place in
    the columns, ``present`` whether it is a vertex and not a copy.
    The pairs of vertices ``i < j`` of a row are ``first``, ``second``;
    ``distinct`` says whether they differ, ``within`` and ``across`` hold
    their sign codes (``across`` is 0 where not computed). ``chosen_row``,
    ``chosen_pair`` list the pairs of vertices computed across, and
    ``height``, ``bound`` their orientations against each vertex of the other
    shape, one row each.
    """

    columns: Columns
    pairs: Ints
    index: Ints
    present: Bools
    x: Floats
    y: Floats
    first: Ints
    second: Ints
    distinct: Bools
    within: Codes
    across: Codes
    chosen_row: Ints
    chosen_pair: Ints
    height: Floats
    bound: Floats

    @staticmethod
    def build(columns: Columns, pairs: Ints, size: int) -> Rows:
        """The rows of ``pairs``, whose larger shapes have ``size`` vertices.

        >>> square = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
        >>> dot = Polytope(((0.5, 0.5),))
        >>> rows = Rows.build(Columns.load([(square, dot)]), np.array([0]), 4)
        >>> rows.first.tolist(), rows.second.tolist()
        ([0, 0, 0, 1, 1, 2], [1, 2, 3, 2, 3, 3])
        >>> rows.within.tolist()  # sides: 0 and one sign; diagonals: both signs
        [[3, 7, 6, 3, 7, 3], [2, 2, 2, 2, 2, 2]]
        >>> rows.across[0].tolist()  # the dot: left of 0->1, 1->2, 2->3, right of 0->3
        [1, 0, 4, 1, 0, 1]
        """
        template = _template(size)
        shapes = np.stack([2 * pairs, 2 * pairs + 1], axis=1).ravel()
        count = columns.count[shapes][:, None]
        place = np.arange(size)
        index = columns.start[shapes][:, None] + np.minimum(place, count - 1)
        x, y = columns.x[index], columns.y[index]
        own_quantum = columns.quantum[shapes][:, None]
        quantum_squared = np.ldexp(1.0, 2 * np.repeat(columns.pair_quantum(pairs), 2))[:, None]
        first, second = template.first, template.second
        distinct = (x[:, first] != x[:, second]) | (y[:, first] != y[:, second])
        within = _within(x, y, template, np.ldexp(1.0, 2 * own_quantum))
        forwards, backwards = _supporting(distinct, within, surely=False)
        chosen_row, chosen_pair = np.nonzero(forwards | backwards)
        other = chosen_row ^ 1
        p, q = first[chosen_pair], second[chosen_pair]
        height, bound = orient(
            (x[chosen_row, p][:, None], y[chosen_row, p][:, None]),
            (x[chosen_row, q][:, None], y[chosen_row, q][:, None]),
            (x[other], y[other]),
        )
        codes = sign_codes(height, bound, quantum_squared[chosen_row])
        across = np.zeros(within.shape, dtype=np.uint8)
        across[chosen_row, chosen_pair] = np.bitwise_or.reduce(codes, axis=1)
        return Rows(
            columns=columns,
            pairs=pairs,
            index=index,
            present=place < count,
            x=x,
            y=y,
            first=first,
            second=second,
            distinct=distinct,
            within=within,
            across=across,
            chosen_row=chosen_row,
            chosen_pair=chosen_pair,
            height=height,
            bound=bound,
        )

    def supporting(self, surely: bool) -> tuple[Bools, Bools]:
        """Whether each pair of vertices is surely (else possibly) supporting, forwards
        and backwards: no vertex of its shape proven (else possibly) right of it, or left."""
        return _supporting(self.distinct, self.within, surely)


def _supporting(distinct: Bools, within: Codes, surely: bool) -> tuple[Bools, Bools]:
    unknown = UNKNOWN if surely else 0
    return (
        distinct & (within & (NEGATIVE | unknown) == 0),
        distinct & (within & (POSITIVE | unknown) == 0),
    )


@dataclass(frozen=True)
class _Template:
    """The index patterns of rows of ``size``: the pairs ``first < second``, the triples
    ``a < b < c`` (``triples[:, t]``), and for each pair and vertex the column of the
    code to read (``lookup``): a triple's code, its turned code (after the triples),
    or the zero column (last) when the vertex is one of the pair."""

    first: Ints
    second: Ints
    triples: Ints
    lookup: Ints


@cache
def _template(size: int) -> _Template:
    first, second = (np.asarray(side, dtype=np.int64) for side in np.triu_indices(size, 1))
    triples = list(itertools.combinations(range(size), 3))
    number = {triple: t for t, triple in enumerate(triples)}
    lookup = np.full((len(first), size), 2 * len(triples), dtype=np.int64)
    for e, (i, j) in enumerate(zip(first.tolist(), second.tolist(), strict=True)):
        for k in range(size):
            if k not in (i, j):
                # (i, j, k) is an even permutation of its sorted order unless i < k < j
                turned = i < k < j
                lookup[e, k] = number[tuple(sorted((i, j, k)))] + turned * len(triples)
    return _Template(first, second, np.array(triples, dtype=np.int64).reshape(-1, 3).T, lookup)


def _within(x: Floats, y: Floats, template: _Template, quantum_squared: Floats) -> Codes:
    """The OR of the sign codes of ``orient(v_i, v_j, v_k)`` over the vertices ``k`` of the
    row, for each row and pair of vertices ``i < j``.

    A triple ``a < b < c`` is computed with differences from ``c``, so that
    ``c`` equal to ``a`` or ``b`` gives an exact 0 with a bound of 0; ``a``
    equal to ``b`` gives an exact 0 too, with a bound that is not, so it is
    set to zero here.
    """
    a, b, c = template.triples
    ax, ay, bx, by = x[:, a], y[:, a], x[:, b], y[:, b]
    value, bound = orient((ax, ay), (bx, by), (x[:, c], y[:, c]))
    codes = sign_codes(value, bound, quantum_squared)
    codes[(ax == bx) & (ay == by)] = ZERO
    zero = np.full((len(x), 1), ZERO, dtype=np.uint8)
    every = np.concatenate([codes, _TURNED[codes], zero], axis=1)
    within: Codes = np.bitwise_or.reduce(every[:, template.lookup], axis=2)
    return within


def _read(pairs: list[tuple[Polytope, Polytope]]) -> tuple[Floats, Ints, Bools] | None:
    """The coordinates of the shapes' vertices end to end (``x`` and ``y`` in turn), each
    shape's number of vertices, and whether each coordinate was taken exactly and is
    finite; ``None`` if they do not even convert to floats."""
    shapes = [shape for pair in pairs for shape in pair]
    points = [vertex for shape in shapes for vertex in shape.vertices]
    coordinates = [value for vertex in points for value in vertex]
    if len(coordinates) != 2 * len(points):
        return None
    try:
        flat = np.array(coordinates, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        return None
    count = np.array([len(shape.vertices) for shape in shapes], dtype=np.int64)
    return flat, count, np.isfinite(flat) & _taken_exactly(flat, coordinates)


def _taken_exactly(flat: Floats, coordinates: list[float]) -> Bools:
    """Whether each coordinate is the float it became (ints beyond ``2^53``, say, are not)."""
    values = flat.tolist()
    if values == coordinates:
        return np.ones(len(values), dtype=bool)
    return np.array([a == b for a, b in zip(values, coordinates, strict=True)], dtype=bool)
