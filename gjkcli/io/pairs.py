"""Loading pairs of shapes: pair files, two shape files, standard input.

A pair is a JSON object with keys ``a`` and ``b`` (FORMATS section 2), a
GeoJSON FeatureCollection of exactly two features, or a WKT file of two
geometries on two non-empty lines. A shape file holds one shape. Which
reader applies is decided by the file extension (``.json``, ``.geojson``,
``.wkt``) or, for other names and standard input, by the first character.

A name that is not an existing file but reads as a shape (JSON text starting
with ``{``, or WKT) is that shape, or that pair (:mod:`gjkcli.io.shape_value`);
a shape may also be given as a Python value (a dict, a Shapely geometry,
coordinates), to :func:`load_shape`.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeVar

from gjkcli.io.errors import InputError, NotAPairError
from gjkcli.io.expectation import CARRIED_KEYS, carried_fields, expect_from_node
from gjkcli.io.geojson import features
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.shape import shape_from_node
from gjkcli.io.shape_value import (
    looks_like_shape_text,
    plain_json,
    shape_from_text,
    shape_from_value,
)
from gjkcli.io.source import (
    JSON_SUFFIXES,
    PARQUET_SUFFIX,
    STDIN,
    STDIN_NAME,
    STREAM_SUFFIXES,
    WKT_SUFFIX,
    read_text,
)
from gjkcli.pair import Pair, ShapeInput

if TYPE_CHECKING:
    from gjkcli.algorithms.poses import Motion
    from gjkcli.shapes.compound import Shape

__all__ = [
    "load_pair",
    "load_shape",
    "load_two",
    "pair_from_node",
    "pair_from_text",
    "shape_label",
]

_T = TypeVar("_T")

_PAIR_KEYS = ("a", "b")
_PAIR_OPTIONAL = ("name", "expect", "motion", "extra", "source", *CARRIED_KEYS)


def load_pair(source: object, stdin: BinaryIO | None = None) -> Pair:
    """A pair from one file (a path; ``"-"``: standard input), from JSON text that is not
    a file's name, or from a pair object as a Python dict.

    >>> import io
    >>> text = b'{"a": "POINT (0 0)", "b": {"type": "point", "at": [1, 0]}}'
    >>> pair = load_pair("-", io.BytesIO(text))
    >>> pair.name, pair.a.kind, pair.b.kind
    ('stdin', 'WKT POINT', 'point')
    >>> load_pair('{"a": "POINT (0 0)", "b": "POINT (3 4)"}').b.kind
    'WKT POINT'
    >>> load_pair({"a": [0, 0], "b": "POINT (3 4)"}).a.kind
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: pair: a: expected a shape (a JSON object), got a list of 2 items
    >>> load_pair("samples/circle")
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: samples/circle: is a directory, not a pair file: check the \
pairs in it with gjk batch samples/circle
    """
    if isinstance(source, Mapping):
        return pair_from_node(Node(plain_json(source, "pair"), "pair"), "pair")
    path = os.fspath(source) if isinstance(source, os.PathLike) else source
    if not isinstance(path, str):
        raise InputError("pair", "", f"not a pair: got {type(source).__name__}")
    if not isinstance(source, os.PathLike) and _is_text(path):
        name = _text_name(path)
        return _as_text(name, lambda: pair_from_text(name, name, path, default_name="pair"))
    if path != STDIN and os.path.isdir(path):
        import shlex

        raise InputError(
            path,
            "",
            "is a directory, not a pair file: check the pairs in it with "
            f"gjk batch {shlex.quote(path)}",
        )
    file, text = read_text(path, stdin)
    return pair_from_text(path, file, text)


def pair_from_text(path: str, file: str, text: str, default_name: str | None = None) -> Pair:
    """A pair from the text of the file ``path`` (named ``file`` in messages): a pair
    object, a FeatureCollection of two, or two lines of WKT, by suffix or content.
    The pair's name, if it has none of its own, is ``default_name`` (the file's stem).

    >>> pair_from_text("p.wkt", "p.wkt", "POINT (0 0)\\rPOINT (1 0)\\r").name
    'p'
    """
    default_name = default_name or _stem(path)
    if not _looks_like_json(path, text):
        lines = _wkt_lines(text)
        if len(lines) == 1:
            shape_from_node(Node(lines[0][1], file, "line 1"))  # a bad geometry is reported as such
            raise NotAPairError(
                file,
                "",
                "holds one shape, not a pair: give a second shape file "
                "(gjk check a.wkt b.wkt) or write the two geometries on two lines",
            )
        if len(lines) != 2:
            raise InputError(
                file,
                "",
                f"a WKT pair file needs two geometries on two lines, got {len(lines)} lines",
            )
        a, b = (shape_from_node(Node(line, file, f"line {number}")) for number, line in lines)
        return Pair(a, b, default_name)
    return pair_from_node(Node(parse_json(text, file), file), default_name)


def load_shape(source: object, stdin: BinaryIO | None = None, name: str = "shape") -> ShapeInput:
    """One shape, from wherever it is: a shape file (a path; ``"-"``: standard input),
    text that is not a file's name (JSON or WKT), or a Python value (a native or
    GeoJSON dict, a Shapely geometry or anything with ``__geo_interface__``,
    coordinates, or a gjkcli shape): :mod:`gjkcli.io.shape_value`. Errors in a
    Python value name it as ``name``.

    >>> import io, shapely
    >>> shape = load_shape("-", io.BytesIO(b'{"type": "circle", "center": [0, 0], "radius": 2}'))
    >>> shape.kind, shape.shape.support((0.0, 1.0))
    ('circle', (0.0, 2.0))
    >>> load_shape("POINT (0 0)").kind, load_shape(shapely.box(0, 0, 1, 1)).kind
    ('WKT POINT', 'GeoJSON Polygon')
    >>> load_shape({"type": "circle", "center": [0, 0], "radus": 2})
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: shape: radus: unknown key for a circle (did you mean \
'radius'?); valid keys: type, center, radius, transform, margin, name
    >>> load_shape("box 2 2")
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: box 2 2: no such file, and not a shape (shape text is a JSON \
object, as in '{"type": "point", "at": [0, 0]}', or WKT, as in 'POINT (0 0)')
    """
    if isinstance(source, os.PathLike):
        return _shape_file(os.fspath(source), stdin)
    if not isinstance(source, str):
        return shape_from_value(source, name)
    if _is_text(source):
        text, label = source, _text_name(source)
        return _as_text(label, lambda: shape_from_text(text, label))
    if not source.strip():
        raise InputError(repr(source), "", "an empty name: neither a file nor a shape")
    if source != STDIN and not _known_suffix(source) and not _exists(source):
        raise InputError(
            source,
            "",
            "no such file, and not a shape (shape text is a JSON object, as in "
            """'{"type": "point", "at": [0, 0]}', or WKT, as in 'POINT (0 0)')""",
        )
    return _shape_file(source, stdin)


def _shape_file(path: str, stdin: BinaryIO | None) -> ShapeInput:
    """One shape from a shape file (``"-"``: standard input)."""
    file, text = read_text(path, stdin)
    if not _looks_like_json(path, text):
        try:
            shape = shape_from_node(Node(text, file))
        except InputError:
            if len(_wkt_lines(text)) == 2:
                raise InputError(
                    file, "", "this WKT file holds two geometries (a pair), not one shape"
                ) from None
            raise
        return ShapeInput(shape.shape, shape.kind, _stem(path))
    root = Node(parse_json(text, file), file)
    if isinstance(root.value, dict) and "a" in root.value and "b" in root.value:
        raise root.error(
            "this file holds a pair, not one shape: pass it on its own (gjk check pair.json; "
            "load_pair in Python)"
        )
    shape = shape_from_node(root)
    return dataclasses.replace(shape, name=shape.name or _stem(path))


def load_two(path_a: object, path_b: object, stdin: BinaryIO | None = None) -> Pair:
    """A pair from two shapes, each as :func:`load_shape` takes it (at most one ``"-"``).

    >>> import io
    >>> circle = io.BytesIO(b'{"type": "circle", "center": [5, 0], "radius": 1}')
    >>> pair = load_two("samples/formats/shape-triangle.wkt", "-", circle)
    >>> pair.name, pair.a.kind, pair.b.kind
    ('shape-triangle vs stdin', 'WKT POLYGON', 'circle')
    >>> load_two("POINT (0 0)", '{"type": "circle", "center": [3, 4], "radius": 1}').name
    'POINT (0 0) vs circle'
    """
    if _is_stdin(path_a) and _is_stdin(path_b):
        raise InputError(STDIN_NAME, "", "standard input can supply only one of the two shapes")
    a, b = load_shape(path_a, stdin), load_shape(path_b, stdin)
    return Pair(a, b, f"{shape_label(path_a, a)} vs {shape_label(path_b, b)}")


def pair_from_node(node: Node, default_name: str) -> Pair:
    """A pair from a parsed JSON document: a ``{"a": ..., "b": ...}`` object, or a GeoJSON
    FeatureCollection of exactly two features (a pair file, or one JSON Lines record),
    whose top-level ``motion`` member, if any, is the pair's motion.

    A document that is one shape (an object with a ``type``, and neither ``a``
    nor ``b``; a FeatureCollection of one feature) raises
    :class:`NotAPairError`, which a batch uses to skip shape files.

    >>> collection = {"type": "FeatureCollection", "features": [
    ...     {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}},
    ...     {"type": "Feature", "geometry": {"type": "Point", "coordinates": [3, 4]}}]}
    >>> pair = pair_from_node(Node(collection, "pairs.jsonl:7"), "pairs:7")
    >>> pair.name, pair.a.kind, pair.b.kind
    ('pairs:7', 'GeoJSON Point', 'GeoJSON Point')
    """
    mapping = node.mapping("a pair")
    if mapping.get("type") == "FeatureCollection":
        parts = features(node)
        if len(parts) == 1:
            raise NotAPairError(
                node.file,
                "",
                "holds one shape (a FeatureCollection of one feature), not a pair: "
                "give gjk check a second shape file (gjk check a.geojson b.json)",
            )
        if len(parts) != 2:
            raise node.error(
                f"a FeatureCollection pair needs exactly two features, got {len(parts)}"
            )
        a, b = (shape_from_node(part, node) for part in parts)
        return Pair(a, b, default_name, motion=_motion_of(node, a.shape, b.shape))
    if "a" not in mapping and "b" not in mapping and "type" in mapping:
        raise NotAPairError(
            node.file,
            "",
            'holds one shape, not a pair: write {"a": ..., "b": ...}, '
            "or give gjk check two shape files (gjk check a.json b.json)",
        )
    node.check_keys("a pair", _PAIR_KEYS, _PAIR_OPTIONAL)
    name_node = node.get("name")
    expect_node = node.get("expect")
    a, b = shape_from_node(node.key("a")), shape_from_node(node.key("b"))
    expect = None if expect_node is None else expect_from_node(expect_node)
    cast_node = None if expect_node is None else expect_node.get("cast")
    if cast_node is not None and node.get("motion") is None:
        raise cast_node.error(
            "a cast's expectation needs a motion to cast: add a 'motion' key to the pair"
        )
    return Pair(
        a,
        b,
        name_node.string() if name_node is not None else default_name,
        expect,
        carried=carried_fields(node),
        motion=_motion_of(node, a.shape, b.shape),
    )


def _motion_of(node: Node, a: Shape, b: Shape) -> Motion | None:
    """The motion in the pair ``node``'s ``motion`` member, if it has one (the motion
    loader, and the poses, are imported only then)."""
    motion_node = node.get("motion")
    if motion_node is None:
        return None
    from gjkcli.io.motion import motion_from_node

    return motion_from_node(motion_node, a, b)


def _looks_like_json(path: str, text: str) -> bool:
    suffix = Path(path).suffix.lower()
    if suffix in (*JSON_SUFFIXES, *STREAM_SUFFIXES):
        return True
    if suffix == WKT_SUFFIX:
        return False
    return text.lstrip()[:1] in ("{", "[", '"')


def _wkt_lines(text: str) -> list[tuple[int, str]]:
    # lines end at "\n", "\r\n" or "\r" (str.splitlines would also end them at "\v", "\f"...)
    lines = re.split(r"\r\n|\r|\n", text)
    return [(number, line) for number, line in enumerate(lines, 1) if line.strip()]


def _stem(path: str) -> str:
    return "stdin" if path == STDIN else Path(path).stem


def _is_stdin(source: object) -> bool:
    return isinstance(source, str) and source == STDIN


def _is_text(source: str) -> bool:
    """Whether a name given for a file is shape text instead: it reads as JSON or WKT,
    has no file suffix, and no file has that name."""
    return looks_like_shape_text(source) and not _known_suffix(source) and not _exists(source)


def _exists(path: str) -> bool:
    """Whether something has this name (``False`` for a name no file can have: one too
    long, or with a NUL character)."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def _known_suffix(path: str) -> bool:
    suffix = Path(path).suffix.lower()
    return suffix in (*JSON_SUFFIXES, *STREAM_SUFFIXES, WKT_SUFFIX, PARQUET_SUFFIX)


_TEXT_NAME_LENGTH = 40
"""How much of a shape written in place of a file name messages quote."""


def _text_name(text: str) -> str:
    """Shape text as messages name it: itself, on one line, shortened."""
    flat = " ".join(text.split())
    if len(flat) > _TEXT_NAME_LENGTH:
        flat = flat[: _TEXT_NAME_LENGTH - 3] + "..."
    return flat


def _as_text(name: str, read: Callable[[], _T]) -> _T:
    """``read()``, whose errors say that ``name`` was read as shape text, not as a file."""
    try:
        return read()
    except InputError as error:
        where = f"{error.place}: " if error.place else ""
        message = f"not a file; as text: {where}{error.message}"
        raise type(error)(error.file, "", message) from None


def shape_label(source: object, shape: ShapeInput) -> str:
    """What a shape is called in its pair's name: its file's stem, or its text, or its kind.

    >>> shape_label("POINT (1 2)", load_shape("POINT (1 2)"))
    'POINT (1 2)'
    """
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not _is_text(source)):
        return _stem(os.fspath(source))
    if isinstance(source, str):
        return _text_name(source) if shape.kind.startswith("WKT") else shape.name or shape.kind
    return shape.name or shape.kind
