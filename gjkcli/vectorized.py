"""GJK over arrays of shape pairs at once, in the manner of Shapely 2's vectorized functions.

``distance``, ``intersects`` and ``penetration`` take two collections of
shapes and broadcast them against each other as NumPy broadcasts arrays
(one shape against many, ``n`` against ``n``, a column against a row). Each
collection may be Shapely geometries (an array, a GeoPandas GeoSeries, a
list), the ``(geometry_type, coords, offsets)`` of ``shapely.to_ragged_array``,
gjkcli's own shapes, or a :class:`~gjkcli.shape_array.ShapeArray` (ragged
coordinates, circles, capsules, ellipses, built once and reused). Curved
shapes are answered as curves: exactly, with no polygon standing in.

>>> import numpy as np, shapely
>>> from gjkcli import vectorized
>>> from gjkcli.shape_array import ShapeArray
>>> squares = shapely.box([0.0, 10.0], [0.0, 0.0], [1.0, 11.0], [1.0, 1.0])
>>> vectorized.distance(squares, shapely.Point(3.0, 0.5))
array([2., 7.])
>>> discs = ShapeArray.circles([[0.0, 0.0], [0.0, 5.0]], [1.0, 1.0])
>>> vectorized.intersects(discs, ShapeArray.circles([[1.5, 0.0]], [0.5]))
array([ True, False])
>>> vectorized.penetration(discs, ShapeArray.circles([[1.5, 0.0]], [1.0]))
array([0.5, 0. ])

The answers are those of :func:`gjkcli.distance`, :func:`gjkcli.intersects` and
:func:`gjkcli.penetration` for each pair, to the last bit. The compiled core
answers without the GIL, on ``threads`` threads; without it, the pure-Python
engine answers pair by pair (slowly, but the same).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from gjkcli.algorithms.compiled import STATUSES, core
from gjkcli.algorithms.distance import distance as distance_of
from gjkcli.algorithms.epa import penetration as penetration_of
from gjkcli.algorithms.intersect import intersects as intersects_of
from gjkcli.shape_array import ShapeArray, as_shape_array

__all__ = [
    "STATUSES",
    "DistanceArrays",
    "IntersectArrays",
    "PenetrationArrays",
    "distance",
    "distance_details",
    "intersects",
    "intersects_details",
    "penetration",
    "penetration_details",
]

_NO_OVERLAP = "apart"
"""The status of a penetration query on shapes that do not overlap (no EPA run)."""

_FAILED = "error"
"""The status of a pair the engine could not answer (where the single-pair function
raises); its numbers are NaN."""

_DISTANCE, _INTERSECTS, _PENETRATION = 0, 1, 2
_CHUNK = 4096  # pairs per task when several threads share the work

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class DistanceArrays:
    """:func:`distance_details`: one entry per pair, in the broadcast shape.

    ``closest[..., 0, :]`` is the closest point on A and ``closest[..., 1, :]``
    on B (NaN for shapes that intersect).
    """

    distance: Floats
    intersects: npt.NDArray[np.bool_]
    closest: Floats
    iterations: npt.NDArray[np.int32]
    status: npt.NDArray[np.str_]


@dataclass(frozen=True)
class IntersectArrays:
    """:func:`intersects_details`: the verdicts, and the last search direction (a
    separating axis where ``status`` is ``separating-axis``)."""

    intersects: npt.NDArray[np.bool_]
    direction: Floats
    iterations: npt.NDArray[np.int32]
    status: npt.NDArray[np.str_]


@dataclass(frozen=True)
class PenetrationArrays:
    """:func:`penetration_details`: the depth (0 for shapes that do not overlap), the
    unit normal to move B along, and the contact points on A and B (``contact[..., 0,
    :]`` and ``contact[..., 1, :]``; NaN where the shapes do not overlap)."""

    depth: Floats
    normal: Floats
    contact: Floats
    iterations: npt.NDArray[np.int32]
    status: npt.NDArray[np.str_]


def distance(a: Any, b: Any, *, threads: int = 1) -> Floats:
    """The distance of each pair (0 where the shapes intersect).

    >>> import shapely
    >>> distance(shapely.points([[0.0, 0.0], [3.0, 4.0]]), shapely.Point(0.0, 0.0))
    array([0., 5.])
    """
    return _run(_DISTANCE, a, b, threads, points=False).value


def intersects(a: Any, b: Any, *, threads: int = 1) -> npt.NDArray[np.bool_]:
    """Whether each pair shares a point (touching counts), by boolean GJK."""
    return _run(_INTERSECTS, a, b, threads, points=False).flag


def penetration(a: Any, b: Any, *, threads: int = 1) -> Floats:
    """How deeply each pair overlaps (0 for shapes that do not), by EPA."""
    return _run(_PENETRATION, a, b, threads, points=False).value


def distance_details(a: Any, b: Any, *, threads: int = 1) -> DistanceArrays:
    """Distances, verdicts, closest points, iterations and statuses of each pair.

    >>> from gjkcli.shapes import circle
    >>> found = distance_details([circle((0.0, 0.0), 1.0)], [circle((4.0, 0.0), 1.0)])
    >>> found.distance, found.closest.tolist(), found.status
    (array([2.]), [[[1.0, 0.0], [3.0, 0.0]]], array(['duplicate-support'], dtype='<U17'))
    """
    run = _run(_DISTANCE, a, b, threads)
    closest = run.points[..., :4].reshape(*run.value.shape, 2, 2)
    return DistanceArrays(run.value, run.flag, closest, run.iterations, run.status())


def intersects_details(a: Any, b: Any, *, threads: int = 1) -> IntersectArrays:
    """Verdicts, last search directions, iterations and statuses of each pair."""
    run = _run(_INTERSECTS, a, b, threads)
    return IntersectArrays(run.flag, run.points[..., :2].copy(), run.iterations, run.status())


def penetration_details(a: Any, b: Any, *, threads: int = 1) -> PenetrationArrays:
    """Depths, normals, contact points, iterations and statuses of each pair."""
    run = _run(_PENETRATION, a, b, threads)
    contact = run.points[..., 2:].reshape(*run.value.shape, 2, 2)
    normal = run.points[..., :2].copy()
    return PenetrationArrays(run.value, normal, contact, run.iterations, run.status())


@dataclass(frozen=True)
class _Answers:
    """What the engine wrote for every pair, in the broadcast shape: the value (distance or
    depth), the flag (the verdict), six numbers, the iterations and the status codes."""

    value: Floats
    flag: npt.NDArray[np.bool_]
    points: Floats
    iterations: npt.NDArray[np.int32]
    codes: npt.NDArray[np.int8]

    def status(self) -> npt.NDArray[np.str_]:
        """The status codes as names."""
        names = np.array([*STATUSES, _NO_OVERLAP, _FAILED])
        known = np.where(self.codes == -1, len(STATUSES), len(STATUSES) + 1)
        return names[np.where(self.codes >= 0, self.codes, known)]


def _run(query: int, a: Any, b: Any, threads: int, *, points: bool = True) -> _Answers:
    """Answer every pair of the broadcast ``a`` and ``b``; the six numbers a pair only when
    ``points`` (else NaN, and no memory written for them)."""
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    first, second = as_shape_array(a), as_shape_array(b)
    index_a, index_b = np.broadcast_arrays(
        np.arange(len(first), dtype=np.int64).reshape(first.shape),
        np.arange(len(second), dtype=np.int64).reshape(second.shape),
    )
    shape = index_a.shape
    pairs_a = np.array(index_a.reshape(-1), order="C")  # copies the core may read unlocked
    pairs_b = np.array(index_b.reshape(-1), order="C")
    pairs_a.setflags(write=False)
    pairs_b.setflags(write=False)
    count = len(pairs_a)
    fast = core()
    wanted = points or fast is None  # the pure path writes them anyway
    outputs = (
        np.empty(count, dtype=np.float64),
        np.empty(count, dtype=np.bool_),
        np.empty((count, 6), dtype=np.float64) if wanted else np.full((1, 6), np.nan),
        np.empty(count, dtype=np.int32),
        np.empty(count, dtype=np.int8),
    )
    if fast is None:
        _answer_in_python(query, (first, second), (pairs_a, pairs_b), outputs)
    else:
        columns = (first.columns(), second.columns())
        written = outputs if wanted else (*outputs[:2], None, *outputs[3:])

        def answer(start: int, stop: int) -> None:
            fast.many(query, *columns, pairs_a, pairs_b, start, stop, *written)

        _in_chunks(answer, count, threads)
    value, flag, numbers, iterations, codes = outputs
    return _Answers(
        value.reshape(shape),
        flag.reshape(shape),
        np.broadcast_to(numbers, (count, 6)).reshape(*shape, 6),
        iterations.reshape(shape),
        codes.reshape(shape),
    )


def _in_chunks(answer: Any, count: int, threads: int) -> None:
    """Run ``answer(start, stop)`` over ``[0, count)``: at once on one thread, else in
    chunks shared by ``threads`` threads (the core releases the GIL)."""
    workers = min(threads, os.cpu_count() or 1, max(1, count // _CHUNK))
    if workers == 1:
        answer(0, count)
        return
    step = max(_CHUNK, -(-count // (workers * 4)))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for done in [
            pool.submit(answer, start, min(start + step, count)) for start in range(0, count, step)
        ]:
            done.result()


def _answer_in_python(
    query: int,
    shapes: tuple[ShapeArray, ShapeArray],
    pairs: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]],
    outputs: tuple[Any, ...],
) -> None:
    """The pure-Python engine's answers, pair by pair, in the core's layout."""
    value, flag, points, iterations, codes = outputs
    (first, second), (pairs_a, pairs_b) = shapes, pairs
    points[:] = np.nan
    shapes_a = {index: first.shape_at(index) for index in set(pairs_a.tolist())}
    shapes_b = {index: second.shape_at(index) for index in set(pairs_b.tolist())}
    for k, (i, j) in enumerate(zip(pairs_a.tolist(), pairs_b.tolist(), strict=True)):
        a, b = shapes_a[i], shapes_b[j]
        try:
            if query == _INTERSECTS:
                run = intersects_of(a, b)
                value[k], flag[k], iterations[k] = np.nan, run.intersects, run.iterations
                codes[k] = STATUSES.index(run.status)
                points[k, :2] = run.direction
                continue
            gjk = distance_of(a, b)
            value[k], flag[k], iterations[k] = gjk.distance, gjk.intersects, gjk.iterations
            codes[k] = STATUSES.index(gjk.status)
            if query == _DISTANCE:
                if gjk.closest is not None:
                    points[k, :4] = (*gjk.closest[0], *gjk.closest[1])
                continue
            depth = penetration_of(a, b, gjk)
            if depth is None:
                value[k], iterations[k], codes[k] = 0.0, 0, -1
            else:
                value[k], iterations[k] = depth.depth, depth.iterations
                codes[k] = STATUSES.index(depth.status)
                points[k] = (*depth.normal, *depth.contact[0], *depth.contact[1])
        except (ZeroDivisionError, IndexError):  # no answer, as in the core
            value[k], flag[k], iterations[k], codes[k] = np.nan, False, 0, -2
            points[k] = np.nan
