"""The fast way in: plain pairs of a JSON Lines chunk read into shapes without the detours.

Most lines of a large batch are plain: ``{"name": ..., "a": {...}, "b": {...}}``
with native shapes written the simple way (no transform, margin or label on a
polygon), numbers that are finite and in range, and valid polygons. For
those, the general loaders (:mod:`gjkcli.io.pairs`), which wrap every value
to say where a problem is, cost several times the rest of the check. Here a
chunk's plain lines are read at once: one :func:`json.loads` per line, the
structure checked with plain comparisons, and every polygon's ring checked
for convexity over the whole chunk at once with NumPy.

**Scanned lines.** The commonest line of all, two polygons and perhaps a name
(``{"a": {"type": "polygon", "points": [...]}, "b": {...}, "name": "..."}``,
keys in any order, no escape in a string), is read by the compiled engine's
scanner (``gjkcli/_scan.c``), the whole chunk in one call, without
:func:`json.loads` and the structure checks: it gives the name and both rings'
points exactly as they are read here from the parsed line (the same floats, by
CPython's own conversion), or ``None`` for anything else, which is then read
here as before. Its rings are checked with the others. With the pure-Python
engine there is no scanner, and every line is read here.

**The same pair, or none.** A line read here becomes exactly the
:class:`~gjkcli.pair.Pair` the general loaders build: the same shape
builders (:mod:`gjkcli.shapes.primitives`, :class:`~gjkcli.shapes.Polytope`
for a convex ring as given), the same floats, the same kinds and names. A
line that is anything else (another shape type or key, a ``motion`` among
them: a moving pair is cast, one by one; an object in an expectation, as
``expect.cast``; a GeoJSON or WKT shape, a polygon the general loader refuses, a
number out of range, a duplicate key, invalid JSON, an expectation
that is not plainly valid) is not read here: ``None`` sends it to the general
loaders, which build it or report its problem exactly as they always do. So
this module only ever decides *faster*, never *differently*; the batch tests
compare the two ways on whole corpora.

**Rings.** A ring is taken here when, after dropping a closing point that
repeats the first, it has at least three points and at most
:data:`LONGEST_RING`, no two consecutive points
equal, every turn clearly one way (the cross product of the edges meeting at
a vertex larger in size than ``1e-12`` times the product of their sizes,
the margin beyond which :func:`gjkcli.shapes.rings.orientation` trusts the
floating-point sign too, so the sign is the exact one), the same way as the
ring's signed area (summed in the same order as
:func:`~gjkcli.shapes.rings.convexity_problem`, which uses its sign), and
turning around once (the turning angles add up to less than ``3 pi``; a
closed walk whose turns all go one way turns by a whole multiple of
``2 pi``). Such a ring is exactly one the general loader accepts as convex.
Any other ring (collinear or repeated vertices, or not convex at all) is built by
the general loader's own functions (:func:`_polygon_as_loaded`): as it is written
when :func:`~gjkcli.shapes.rings.convexity_problem` finds it convex, else cut into
convex parts (:func:`~gjkcli.algorithms.decompose.decompose`); a ring they refuse
goes to the general loader, which says why.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from gjkcli.algorithms.decompose import InvalidPolygonError, decompose
from gjkcli.engine import compiled
from gjkcli.io.discover import Item
from gjkcli.io.errors import InputError
from gjkcli.io.expectation import CARRIED_KEYS, carried_fields, expect_from_node
from gjkcli.io.jsondoc import stays_integer
from gjkcli.io.limits import bounds_problem
from gjkcli.io.node import Node, plain_points
from gjkcli.pair import Expect, Pair, ShapeInput
from gjkcli.shapes import primitives
from gjkcli.shapes.affine import Affine
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Shape, round_shape, shape_bounds, transform_shape
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rings import convexity_problem, open_ring
from gjkcli.tolerances import MAX_COORDINATE, MIN_SIZE

__all__ = ["FEWEST", "LONGEST_RING", "plain_rings", "read_plain"]

_DOUBT = 1e-12
"""The relative size below which a turn's floating-point sign is not trusted here (the
margin of :func:`gjkcli.shapes.rings.orientation`); such a ring takes the general way."""

LONGEST_RING = 64
"""Rings with more vertices than this (a closing point aside) take the general way: the
check here pads every ring of a chunk to the longest, and a few long rings are cheap
there compared with their own check."""

FEWEST = 3
"""The fewest points a polygon's ring is written with here (a closing point included)."""

_PAIR_KEYS = frozenset(("a", "b", "name", "expect", *CARRIED_KEYS))


class _NotPlainError(Exception):
    """The line is not plain: the general loaders read it."""


def read_plain(chunk: Sequence[Item], default_names: Sequence[str]) -> list[Pair | None]:
    """The pair of each plain JSON Lines item (see the module notes), ``None`` for the rest.

    ``default_names`` names a pair whose line has no ``name``.

    >>> line = '{"a": {"type": "point", "at": [0, 0]}, "b": {"type": "polygon", '
    >>> line += '"points": [[1, 0], [2, 0], [2, 1], [1, 0]]}}'
    >>> chunk = [Item("p.jsonl", 1, line), Item("p.jsonl", 2, "[")]
    >>> pair, other = read_plain(chunk, ["p:1", "p:2"])
    >>> pair.name, pair.a.kind, pair.b.shape.vertices, other
    ('p:1', 'point', ((1.0, 0.0), (2.0, 0.0), (2.0, 1.0)), None)
    """
    pairs: list[Pair | None] = [None] * len(chunk)
    rings: list[list[Vec]] = []
    pending: list[tuple[int, _Parts, _Shape, _Shape]] = []
    for index, (item, scanned) in enumerate(zip(chunk, _scan(chunk), strict=True)):
        if item.text is None or item.error is not None:
            continue
        if scanned is not None:
            name, points_a, points_b = scanned
            parts = _Parts(default_names[index] if name is None else name, _POLYGON, _POLYGON)
            rings += (points_a, points_b)
            pending.append((index, parts, (_POLYGON, len(rings) - 2), (_POLYGON, len(rings) - 1)))
            continue
        try:
            parts = _pair_parts(item.text, default_names[index], f"{item.file}:{item.line}")
            shapes = (_ring_of(parts.a, rings), _ring_of(parts.b, rings))
        except (_NotPlainError, ValueError, TypeError, KeyError, RecursionError, OverflowError):
            continue
        pending.append((index, parts, shapes[0], shapes[1]))
    convex = _convex_rings(rings)
    for index, parts, first, second in pending:
        try:
            shape_a, shape_b = _shape(first, rings, convex), _shape(second, rings, convex)
            pairs[index] = Pair(shape_a, shape_b, parts.name, parts.expect, carried=parts.carried)
        except (_NotPlainError, ValueError, TypeError, OverflowError):
            continue
    return pairs


_Shape = tuple[dict[str, Any], int | None]
"""A shape's JSON object, and the number of its ring among the chunk's (polygons only)."""

_POLYGON: dict[str, Any] = {"type": "polygon"}
"""What :func:`_shape` reads of a scanned polygon's object: its type (its points are
among the chunk's rings)."""


_Scanned = tuple[str | None, list[Vec], list[Vec]]
"""A line of plain polygons as the scanner reads it: its name (``None`` if it has none),
and the points of A's ring and of B's, just as :func:`~gjkcli.io.node.plain_points` reads
them from the parsed line."""


def _scan(chunk: Sequence[Item]) -> list[_Scanned | None]:
    """Each item's pair of plain polygons as the compiled scanner reads it (the engine's
    ``scan_plain``, ``gjkcli/_scan.c``), ``None`` where it does not, and everywhere when
    the pure-Python engine is active."""
    core = compiled()
    if core is None:
        return [None] * len(chunk)
    texts = [item.text if item.error is None else None for item in chunk]
    scanned: list[_Scanned | None] = core.scan_plain(texts, FEWEST, LONGEST_RING + 1)
    return scanned


def _ring_of(shape: dict[str, Any], rings: list[list[Vec]]) -> _Shape:
    """The shape, with its ring added to ``rings`` if it is a plainly written polygon."""
    if shape["type"] != "polygon":
        return shape, None
    _keys(shape, ("points",), ("holes",))
    rings.append(_points(shape["points"], FEWEST, LONGEST_RING + 1))
    return shape, len(rings) - 1


class _Parts(NamedTuple):
    """What a plain line holds besides the shapes' geometry."""

    name: str
    a: dict[str, Any]
    b: dict[str, Any]
    expect: Expect | None = None
    carried: tuple[tuple[str, Any], ...] = ()


def _pair_parts(text: str, default_name: str, where: str) -> _Parts:
    document = json.loads(text)
    if type(document) is not dict or not document.keys() <= _PAIR_KEYS:
        raise _NotPlainError
    a, b = document["a"], document["b"]
    if type(a) is not dict or type(b) is not dict:
        raise _NotPlainError
    name = document.get("name", default_name)
    if type(name) is not str:
        raise _NotPlainError
    expect = document.get("expect")
    own = [document.get(key) for key in CARRIED_KEYS]
    keys = len(document) + _keys_in(a) + _keys_in(b) + _keys_in(expect) + _all_keys(own)
    if len(_KEY.findall(text)) != keys:
        raise _NotPlainError
    return _Parts(
        name,
        a,
        b,
        _expect(expect, where) if "expect" in document else None,
        _carried(document, where),
    )


def _keys_in(value: Any) -> int:
    """The keys of a shape or an expectation, and of a shape's transform."""
    if type(value) is not dict:
        return 0
    transform = value.get("transform")
    return len(value) + (len(transform) if type(transform) is dict else 0)


def _all_keys(value: Any) -> int:
    """The keys of every object in a JSON value (the user's own ``id`` and ``meta``, copied
    into the record: an integer the general loader reads as a float makes the line not
    plain)."""
    if type(value) is dict:
        return len(value) + sum(map(_all_keys, value.values()))
    if type(value) is list:
        return sum(map(_all_keys, value))
    if type(value) is int and not stays_integer(value):
        raise _NotPlainError
    return 0


_KEY = re.compile(r'"\s*:')
"""Where a key of a JSON object ends. Python's JSON parser keeps the last of two equal
keys; the general loader reports them. A plain line's objects are the pair, its two
shapes, their transforms and its expectation (any other object makes the line not
plain), so if they hold fewer keys than the line has key ends, a key was repeated. A
string holding such an end only adds to the count, which sends a line the general way,
never the reverse."""


def _expect(value: Any, where: str) -> Expect:
    if type(value) is dict and value.keys() <= _PLAIN_EXPECT:  # as gjk generate writes them
        intersects, distance, depth = (value.get(key) for key in _PLAIN_EXPECT_ORDER)
        plain = intersects is None or type(intersects) is bool
        if plain and _size(distance) and _size(depth):
            return Expect(intersects=intersects, distance=distance, depth=depth)
    try:
        return expect_from_node(Node(value, where, "expect"))
    except InputError:  # the general way says what is wrong, and where
        raise _NotPlainError from None


_PLAIN_EXPECT_ORDER = ("intersects", "distance", "penetration")
_PLAIN_EXPECT = frozenset(_PLAIN_EXPECT_ORDER)
"""An expectation :func:`_expect` reads itself (the rest, :func:`expect_from_node`): a
boolean, and floats that are sizes (:func:`_size`), each or none of them."""


def _size(value: Any) -> bool:
    """Whether a value is ``None`` or a float ``expect_from_node`` takes as a size as it is
    (finite and not below 0)."""
    return value is None or (type(value) is float and 0.0 <= value <= sys.float_info.max)


def _carried(document: dict[str, Any], where: str) -> tuple[tuple[str, Any], ...]:
    try:
        return carried_fields(Node(document, where))
    except InputError:
        raise _NotPlainError from None


def _number(value: Any) -> float:
    if type(value) is not float and type(value) is not int:
        raise _NotPlainError
    number = float(value)
    if not math.isfinite(number):
        raise _NotPlainError
    return number


def _non_negative(value: Any) -> float:
    number = _number(value)
    if number < 0.0:
        raise _NotPlainError
    return number


def _xy(value: Any) -> Vec:
    if type(value) is not list or len(value) != 2:
        raise _NotPlainError
    return (_number(value[0]), _number(value[1]))


def _points(value: Any, least: int, most: int | None = None) -> list[Vec]:
    points = plain_points(value, least, most)
    if points is None:
        raise _NotPlainError
    return points


def _two(value: Any) -> tuple[Vec, Vec]:
    first, second = _points(value, 2, 2)
    return first, second


def _keys(shape: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    keys = shape.keys()
    if not (keys >= {"type", *required} and keys <= {"type", *required, *optional}):
        raise _NotPlainError


def _rotation(shape: dict[str, Any]) -> float:
    return _number(shape["rotation"]) if "rotation" in shape else 0.0


def _pair_of_sizes(value: Any) -> tuple[float, float]:
    if type(value) is not list or len(value) != 2:
        raise _NotPlainError
    return (_non_negative(value[0]), _non_negative(value[1]))


_BUILDERS: dict[str, tuple[tuple[str, ...], tuple[str, ...], Callable[[Any], ConvexShape]]] = {
    "point": (("at",), (), lambda s: primitives.point(_xy(s["at"]))),
    "segment": (("points",), (), lambda s: primitives.segment(*_two(s["points"]))),
    "hull": (("points",), (), lambda s: primitives.hull(_points(s["points"], 1))),
    "circle": (
        ("center", "radius"),
        (),
        lambda s: primitives.circle(_xy(s["center"]), _non_negative(s["radius"])),
    ),
    "ellipse": (
        ("center", "radii"),
        ("rotation",),
        lambda s: primitives.ellipse(_xy(s["center"]), _pair_of_sizes(s["radii"]), _rotation(s)),
    ),
    "rectangle": (
        ("center", "size"),
        ("rotation",),
        lambda s: primitives.rectangle(_xy(s["center"]), _pair_of_sizes(s["size"]), _rotation(s)),
    ),
    "capsule": (
        ("points", "radius"),
        (),
        lambda s: primitives.capsule(*_two(s["points"]), _non_negative(s["radius"])),
    ),
}
"""The plain native shapes other than polygons: their keys, and the general loader's
own builder called with the values read plainly."""


def _shape(written: _Shape, rings: list[list[Vec]], convex: list[bool]) -> ShapeInput:
    shape, ring = written
    kind = shape["type"]
    if ring is not None:
        points = rings[ring]
        if "holes" in shape:
            holes = shape["holes"]
            if type(holes) is not list:
                raise _NotPlainError
            return ShapeInput(_polygon_as_loaded(points, [_points(h, FEWEST) for h in holes]), kind)
        if not convex[ring]:
            return ShapeInput(_polygon_as_loaded(points), kind)
        return ShapeInput(Polytope(tuple(points[:-1] if points[0] == points[-1] else points)), kind)
    if type(kind) is not str or kind not in _BUILDERS:
        raise _NotPlainError
    required, optional, build = _BUILDERS[kind]
    _keys(shape, required, (*optional, *_COMMON))
    built: Shape = build(shape)
    if "transform" in shape:
        built = transform_shape(built, _affine(shape["transform"]))
    if "margin" in shape:
        built = round_shape(built, _non_negative(shape["margin"]))
    _check_limits(shape_bounds(built))
    label = shape.get("name")
    if "name" in shape and type(label) is not str:
        raise _NotPlainError
    return ShapeInput(built, kind, label)


def _polygon_as_loaded(points: list[Vec], holes: list[list[Vec]] | None = None) -> Shape:
    """A plain polygon whose ring is not plainly convex (collinear or repeated vertices, or
    not convex at all), or that has ``holes``, built as the general loader builds it
    (:func:`gjkcli.io.rings.polygon_shape`, by the same functions): within the size limits,
    a convex ring without holes as it is written, any other polygon cut into convex parts.
    A polygon that loader refuses (no area, crossing itself, a hole outside) is left to it,
    which says why.

    >>> notch = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 1.0), (0.0, 4.0)]
    >>> len(_polygon_as_loaded(notch).parts)
    3
    """
    if len(open_ring(points)) > LONGEST_RING:  # as for the convex ones: the general way
        raise _NotPlainError
    xs, ys = [x for x, _ in points], [y for _, y in points]
    if bounds_problem((min(xs), min(ys), max(xs), max(ys))) is not None:
        raise _NotPlainError
    if not holes:
        problem = convexity_problem(points)
        if problem is None:
            return Polytope(tuple(open_ring(points)))
        if problem.degenerate:
            raise _NotPlainError
    try:
        return decompose(points, holes or [])
    except InvalidPolygonError:
        raise _NotPlainError from None


_COMMON = ("transform", "margin", "name")
"""Keys every native shape but a polygon may have here (a polygon with them takes the
general way, which maps its rings before it checks them)."""


def _affine(value: Any) -> Affine:
    if type(value) is not dict or not value.keys() <= {"scale", "rotate", "translate"}:
        raise _NotPlainError
    scale = value.get("scale", 1.0)
    factors = _xy(scale) if type(scale) is list else (_number(scale), _number(scale))
    rotate = _number(value.get("rotate", 0.0))
    return Affine.from_parts(factors, rotate, _xy(value.get("translate", [0.0, 0.0])))


def _check_limits(bounds: tuple[float, float, float, float]) -> None:
    """The general loader's size limits (:mod:`gjkcli.io.limits`): beyond them, it says so."""
    if bounds_problem(bounds) is not None:
        raise _NotPlainError


def _convex_rings(rings: list[list[Vec]]) -> list[bool]:
    """For each ring, whether it is plainly convex (see the module notes) and within the
    size limits (:func:`_check_limits`), all at once."""
    if not rings:
        return []
    with np.errstate(all="ignore"):  # beyond the limits: not finite, so not plain
        return _plain_rings(rings)


def _plain_rings(rings: list[list[Vec]]) -> list[bool]:
    counts = np.array([len(ring) - (ring[0] == ring[-1]) for ring in rings])
    points = np.array([p for ring, count in zip(rings, counts, strict=True) for p in ring[:count]])
    plain: list[bool] = plain_rings(points, counts).tolist()
    return plain


def plain_rings(points: Any, counts: Any) -> Any:
    """Which rings are plainly convex and within the size limits (see the module notes):
    ``counts[k]`` points each, laid end to end in ``points`` (one row a point), a closing
    point that repeats the first already dropped. A NumPy array of bools.

    >>> square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
    >>> with np.errstate(all="ignore"):
    ...     plain_rings(np.array(square + square[::-1] + square[:3] + [[2.0, 2.0]]),
    ...                 np.array([4, 4, 4])).tolist()
    [True, True, False]
    """
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    first = np.repeat(starts, counts)
    size = np.repeat(counts, counts)
    local = np.arange(len(points)) - first
    before = points[first + (local - 1) % size]
    after = points[first + (local + 1) % size]
    ex, ey = points[:, 0] - before[:, 0], points[:, 1] - before[:, 1]
    fx, fy = after[:, 0] - points[:, 0], after[:, 1] - points[:, 1]
    cross = ex * fy - ey * fx
    clear = np.abs(cross) > _DOUBT * (np.abs(ex) + np.abs(ey)) * (np.abs(fx) + np.abs(fy))
    left = np.logical_and.reduceat(clear & (cross > 0.0), starts)
    right = np.logical_and.reduceat(clear & (cross < 0.0), starts)
    turned = np.add.reduceat(np.arctan2(np.abs(cross), ex * fx + ey * fy), starts)
    area = _twice_areas(points, after, first, counts)
    low = np.minimum.reduceat(points, starts)
    high = np.maximum.reduceat(points, starts)
    reach = np.maximum(np.abs(low), np.abs(high)).max(axis=1)
    size = (high - low).max(axis=1)
    return (
        (counts >= 3)
        & (counts <= LONGEST_RING)
        & (left & (area > 0.0) | right & (area < 0.0))
        & (turned < 3.0 * math.pi)
        & (reach <= MAX_COORDINATE)
        & ~((size > 0.0) & (size < MIN_SIZE))
    )


def _twice_areas(points: Any, after: Any, first: Any, counts: Any) -> Any:
    """Each ring's twice signed area, summed in the general loader's order: the triangles
    of a fan about the ring's first point, one after the other (a running sum along rows
    of zero-padded terms). ``after`` holds each point's successor in its ring, ``first``
    the index of its ring's first point."""
    rows = np.repeat(np.arange(len(counts)), counts)
    local = np.arange(len(points)) - first
    origin = points[first]
    x0, y0 = points[:, 0] - origin[:, 0], points[:, 1] - origin[:, 1]
    x1, y1 = after[:, 0] - origin[:, 0], after[:, 1] - origin[:, 1]
    fan = (local >= 1) & (local <= counts[rows] - 2)
    terms = np.zeros((len(counts), int(counts.max())))
    terms[rows[fan], local[fan]] = (x0 * y1 - x1 * y0)[fan]
    return np.cumsum(terms, axis=1)[:, -1]
