"""Loading pairs of shapes: pair files, two shape files, standard input.

A pair is a JSON object with keys ``a`` and ``b`` (FORMATS section 2), a
GeoJSON FeatureCollection of exactly two features, or a WKT file of two
geometries on two non-empty lines. A shape file holds one shape. Which
reader applies is decided by the file extension (``.json``, ``.geojson``,
``.wkt``) or, for other names and standard input, by the first character.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
from pathlib import Path
from typing import BinaryIO

from gjkcli.io.errors import InputError, NotAPairError
from gjkcli.io.expectation import CARRIED_KEYS, carried_fields, expect_from_node
from gjkcli.io.geojson import features
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.io.shape import shape_from_node
from gjkcli.io.source import (
    JSON_SUFFIXES,
    STDIN,
    STDIN_NAME,
    STREAM_SUFFIXES,
    WKT_SUFFIX,
    read_text,
)
from gjkcli.pair import Pair, ShapeInput

__all__ = ["load_pair", "load_shape", "load_two", "pair_from_node", "pair_from_text"]

_PAIR_KEYS = ("a", "b")
_PAIR_OPTIONAL = ("name", "expect", "extra", "source", *CARRIED_KEYS)


def load_pair(path: str, stdin: BinaryIO | None = None) -> Pair:
    """A pair from one file (``"-"``: standard input).

    >>> import io
    >>> text = b'{"a": "POINT (0 0)", "b": {"type": "point", "at": [1, 0]}}'
    >>> pair = load_pair("-", io.BytesIO(text))
    >>> pair.name, pair.a.kind, pair.b.kind
    ('stdin', 'WKT POINT', 'point')
    >>> load_pair("samples/circle")
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: samples/circle: is a directory, not a pair file: check the \
pairs in it with gjk batch samples/circle
    """
    if path != STDIN and os.path.isdir(path):
        raise InputError(
            path,
            "",
            "is a directory, not a pair file: check the pairs in it with "
            f"gjk batch {shlex.quote(path)}",
        )
    file, text = read_text(path, stdin)
    return pair_from_text(path, file, text)


def pair_from_text(path: str, file: str, text: str) -> Pair:
    """A pair from the text of the file ``path`` (named ``file`` in messages): a pair
    object, a FeatureCollection of two, or two lines of WKT, by suffix or content.

    >>> pair_from_text("p.wkt", "p.wkt", "POINT (0 0)\\rPOINT (1 0)\\r").name
    'p'
    """
    default_name = _stem(path)
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


def load_shape(path: str, stdin: BinaryIO | None = None) -> ShapeInput:
    """One shape from a shape file (``"-"``: standard input).

    >>> import io
    >>> shape = load_shape("-", io.BytesIO(b'{"type": "circle", "center": [0, 0], "radius": 2}'))
    >>> shape.kind, shape.shape.support((0.0, 1.0))
    ('circle', (0.0, 2.0))
    >>> load_shape("-", io.BytesIO(b'{"type": "circle", "center": [0, 0], "radus": 2}'))
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: <stdin>: radus: unknown key for a circle (did you mean \
'radius'?); valid keys: type, center, radius, transform, margin, name
    """
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
            "this file holds a pair, not one shape: pass it on its own (gjk check pair.json)"
        )
    shape = shape_from_node(root)
    return dataclasses.replace(shape, name=shape.name or _stem(path))


def load_two(path_a: str, path_b: str, stdin: BinaryIO | None = None) -> Pair:
    """A pair from two shape files (at most one of them ``"-"``).

    >>> import io
    >>> circle = io.BytesIO(b'{"type": "circle", "center": [5, 0], "radius": 1}')
    >>> pair = load_two("samples/formats/shape-triangle.wkt", "-", circle)
    >>> pair.name, pair.a.kind, pair.b.kind
    ('shape-triangle vs stdin', 'WKT POLYGON', 'circle')
    """
    if path_a == STDIN and path_b == STDIN:
        raise InputError(STDIN_NAME, "", "standard input can supply only one of the two shapes")
    a, b = load_shape(path_a, stdin), load_shape(path_b, stdin)
    return Pair(a, b, f"{_stem(path_a)} vs {_stem(path_b)}")


def pair_from_node(node: Node, default_name: str) -> Pair:
    """A pair from a parsed JSON document: a ``{"a": ..., "b": ...}`` object, or a GeoJSON
    FeatureCollection of exactly two features (a pair file, or one JSON Lines record).

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
        return Pair(a, b, default_name)
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
    return Pair(
        shape_from_node(node.key("a")),
        shape_from_node(node.key("b")),
        name_node.string() if name_node is not None else default_name,
        expect_from_node(expect_node) if expect_node is not None else None,
        carried=carried_fields(node),
    )


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
