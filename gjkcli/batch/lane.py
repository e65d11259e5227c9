"""The columnar lane: a chunk's plain pairs of two polygons checked whole, as columns.

The commonest line of a large batch holds two plain convex polygons and perhaps a
name (the lines the compiled scanner takes, :mod:`gjkcli.batch.plain`). For those,
:func:`lane_rows` does the whole check without an object per pair: the scanner lays
the chunk's polygons out as columns of numbers (``scan_polygons``), their rings are
checked for convexity over the whole chunk (:func:`~gjkcli.batch.plain.plain_rings`),
Shapely and the exact arbiter answer over arrays
(:mod:`gjkcli.verify.polygon_columns`), and the compiled engine's lane
(``lane_records``, ``gjkcli/_lane.c``) runs GJK, EPA, the proofs, the certificate and
its re-check, compares the answers and writes each record.

The lane answers only what it can answer as the general path does: a pair that
every referee agrees on, with no warning, whose every step the compiled lane
ports. Every other pair (and every line that is not such a pair, or has an answer
of the engine's own from an answers file) gets ``None``, and the general path
(:func:`gjkcli.batch.runner.check_chunk`) checks it as it always has. The records
are the same either way, byte for byte: the batch tests run the lane and the
general path on whole corpora and compare them.

With the pure-Python engine there is no lane, and every pair takes the general path;
so it does on Python 3.12 and later, whose compensated float sums the lane does not
mirror (the core says so: ``lane_ported``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from gjkcli.algorithms.compiled import core as configured_core
from gjkcli.batch.plain import FEWEST, LONGEST_RING, plain_rings
from gjkcli.io.discover import Item, default_name
from gjkcli.io.limits import bounds_problem
from gjkcli.shapes.base import Vec
from gjkcli.shapes.rings import convexity_problem
from gjkcli.tolerances import MAX_COORDINATE, MIN_SIZE
from gjkcli.verify.expect import ExpectSettings
from gjkcli.verify.polygon_columns import exact_columns, shapely_columns

__all__ = ["lane_rows"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_DOUBLE = ExpectSettings()
"""``--precision double``: how expectations are judged unless the run says otherwise."""


def lane_rows(
    chunk: Sequence[Item], settings: ExpectSettings | None = None
) -> list[tuple[str, str] | None]:
    """Each item's JSON Lines record (no newline) and its pair's name where the lane
    answers it, else ``None`` (see the module notes). ``settings`` say how the pairs'
    expectations are judged (``--precision double`` by default).

    >>> line = ('{"a": {"type": "polygon", "points": [[0, 0], [2, 0], [0, 2]]}, '
    ...         '"b": {"type": "polygon", "points": [[3, 0], [4, 0], [3, 1]]}}')
    >>> answered, other = lane_rows([Item("p.jsonl", 1, line), Item("p.jsonl", 2, "{")])
    >>> other, answered is None or (answered[1], answered[0][:30])
    (None, ('p:1', '{"schema": 2, "name": "p:1", "'))
    """
    rows: list[tuple[str, str] | None] = [None] * len(chunk)
    core = configured_core()
    if core is None or not chunk or not core.lane_ported:  # the lane's sums: before 3.12
        return rows
    texts = [_lane_text(item) for item in chunk]
    taken, names, xy, sizes, expects = core.scan_polygons(texts, FEWEST, LONGEST_RING + 1)
    places = np.flatnonzero(np.frombuffer(taken, dtype=np.uint8))
    if not len(places):
        return rows
    points, counts, plain = _shapes(
        np.frombuffer(xy, dtype=np.float64).reshape(-1, 2),
        np.frombuffer(sizes, dtype=np.int64).reshape(-1, 2),
    )
    chosen = np.flatnonzero(plain[0::2] & plain[1::2])
    if not len(chosen):
        return rows
    both = np.repeat(plain[0::2] & plain[1::2], 2)  # the shapes of the pairs chosen
    vertices = np.ascontiguousarray(points if both.all() else points[np.repeat(both, counts)])
    pair_counts = np.ascontiguousarray(counts[both])
    shapely = shapely_columns(vertices, pair_counts)
    exact = exact_columns(vertices, pair_counts)
    items = [chunk[place] for place in places[chosen].tolist()]
    pair_names = [
        default_name(item) if names[k] is None else names[k]
        for k, item in zip(chosen.tolist(), items, strict=True)
    ]
    answered = core.lane_records(
        vertices,
        pair_counts,
        pair_names,
        [item.file for item in items],
        np.array([item.line for item in items], dtype=np.int64),
        shapely.intersects.astype(np.uint8),
        shapely.touches.astype(np.uint8),
        shapely.distance,
        np.ascontiguousarray(shapely.closest),
        shapely.depth,
        np.where(shapely.answered, exact.verdict, 0).astype(np.uint8),
        exact.distance,
        exact.squared,
        np.ascontiguousarray(np.frombuffer(expects, dtype=np.float64).reshape(-1, 6)[chosen]),
        (settings or _DOUBLE).rtol,
        (settings or _DOUBLE).atol,
    )
    for place, record, name in zip(places[chosen].tolist(), answered, pair_names, strict=True):
        if record is not None:
            rows[place] = (record, name)
    return rows


_POLYGON = 0
"""The scanner's kind of a polygon (the others: rectangle, segment, point, hull)."""


def _shapes(points: Floats, sizes: Ints) -> tuple[Floats, Ints, Bools]:
    """The shapes' vertices laid end to end, their counts, and which shapes are plain, from
    the scanner's points (as written) and its rows of ``(count, kind)``: a polygon's ring
    without a closing point that repeats its first, plain when it is plainly convex
    (:func:`~gjkcli.batch.plain.plain_rings`, which checks the size limits too); the other
    polytopes as the scanner built them, plain when within the size limits (as the plain
    loader checks them, :func:`~gjkcli.io.limits.bounds_problem`)."""
    written, kinds = sizes[:, 0], sizes[:, 1]
    ends = np.cumsum(written)
    polygon = kinds == _POLYGON
    # a polygon's closing point, as the loaders compare tuples
    closed = polygon & (points[ends - written] == points[ends - 1]).all(axis=1)
    counts = written - closed
    kept = np.ones(len(points), dtype=bool)
    kept[(ends - 1)[closed]] = False
    points = points[kept]
    plain = np.zeros(len(counts), dtype=bool)
    rows = np.repeat(polygon, counts)
    with np.errstate(all="ignore"):  # beyond the limits: not finite, so not plain
        if polygon.any():
            plain[polygon] = plain_rings(points[rows], counts[polygon])
            starts = np.cumsum(counts) - counts
            for shape in np.flatnonzero(polygon & ~plain).tolist():  # collinear, repeated
                start = int(starts[shape])
                ring = points[start : start + int(counts[shape])].tolist()
                plain[shape] = _convex_as_written([(x, y) for x, y in ring])
        if not polygon.all():
            others, starts = points[~rows], np.cumsum(counts[~polygon]) - counts[~polygon]
            low, high = np.minimum.reduceat(others, starts), np.maximum.reduceat(others, starts)
            reach = np.maximum(np.abs(low), np.abs(high)).max(axis=1)
            size = (high - low).max(axis=1)
            plain[~polygon] = (reach <= MAX_COORDINATE) & ~((size > 0.0) & (size < MIN_SIZE))
    return points, counts, plain


def _convex_as_written(ring: list[Vec]) -> bool:
    """Whether the general loader takes a polygon's ring as it is written (with collinear or
    repeated vertices, which :func:`~gjkcli.batch.plain.plain_rings` leaves to it): within
    the size limits and convex (:func:`gjkcli.io.rings.polygon_shape`'s checks, by the same
    functions)."""
    if len(ring) < FEWEST or len(ring) > LONGEST_RING:
        return False
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    if bounds_problem((min(xs), min(ys), max(xs), max(ys))) is not None:
        return False
    return convexity_problem(ring) is None


def _lane_text(item: Item) -> str | None:
    """The line of an item the lane may answer: a line of a stream, read without an error,
    with no answer of the engine's own (whose judging the lane leaves to the general
    path)."""
    if item.text is None or item.error is not None or item.answer is not None:
        return None
    if item.line is None:
        return None
    return item.text
