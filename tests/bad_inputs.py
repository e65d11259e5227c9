"""Every class of bad input from the spine issue, as files, with the message each must produce.

Shared by the loader tests (in-process) and the command-line tests (through
the installed ``gjk``), so that both check the same promise: exit status 2,
one line naming the file, the place, and what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

CIRCLE = '{"type": "circle", "center": [0, 0], "radius": 1}'


@dataclass(frozen=True)
class BadInput:
    """A pair file's content and the place and words its error message must contain."""

    id: str
    content: bytes
    place: str
    words: str
    suffix: str = ".json"


def pair(b: str) -> bytes:
    return ('{"a": ' + CIRCLE + ', "b": ' + b + "}").encode()


BAD_INPUTS = [
    BadInput(
        "malformed-json",
        b'{"a": {"type": "point",\n  "at": [0, 0]\n  "b": 1}',
        "line 3, column 3",
        "invalid JSON",
    ),
    BadInput(
        "missing-key",
        pair('{"type": "circle", "center": [0, 0]}'),
        "b",
        "missing key 'radius' for a circle",
    ),
    BadInput(
        "unknown-key",
        pair('{"type": "circle", "center": [0, 0], "radus": 1}'),
        "b.radus",
        "did you mean 'radius'?",
    ),
    BadInput(
        "unknown-type",
        pair('{"type": "cirlce", "center": [0, 0], "radius": 1}'),
        "b.type",
        "did you mean 'circle'?",
    ),
    BadInput(
        "wrong-type",
        pair('{"type": "circle", "center": [0, 0], "radius": "2"}'),
        "b.radius",
        'expected a number, got a string ("2")',
    ),
    BadInput(
        "boolean-for-number",
        pair('{"type": "polygon", "points": [[0, 0], [1, 0], [1, 1], [true, 1]]}'),
        "b.points[3][0]",
        "expected a number, got true",
    ),
    BadInput(
        "nan",
        pair('{"type": "circle", "center": [0, 0], "radius": NaN}'),
        "b.radius",
        "NaN is not allowed",
    ),
    BadInput(
        "infinity",
        pair('{"type": "point", "at": [-Infinity, 0]}'),
        "b.at[0]",
        "-Infinity is not allowed",
    ),
    BadInput(
        "overflow", pair('{"type": "point", "at": [1e999, 0]}'), "b.at[0]", "1e999 is not allowed"
    ),
    BadInput(
        "too-large",
        pair('{"type": "circle", "center": [1e151, 0], "radius": 1}'),
        "b",
        "coordinates reach 1e+151; at most 1e+150",
    ),
    BadInput(
        "too-small",
        pair('{"type": "polygon", "points": [[0, 0], [1e-170, 0], [0, 1e-170]]}'),
        "b.points",
        "the shape is 1e-170 across; a shape (other than a point) must be at least 1e-150",
    ),
    BadInput(
        "too-small-after-transform",
        pair('{"type": "segment", "points": [[0, 0], [1, 0]], "transform": {"scale": 1e-300}}'),
        "b",
        "the shape is 1e-300 across",
    ),
    BadInput(
        "negative-radius",
        pair('{"type": "capsule", "points": [[0, 0], [1, 0]], "radius": -1}'),
        "b.radius",
        "must be >= 0, got -1",
    ),
    BadInput(
        "too-few-points",
        pair('{"type": "polygon", "points": [[0, 0], [1, 0]]}'),
        "b.points",
        "too few points: expected at least 3, got 2",
    ),
    BadInput(
        "point-arity",
        pair('{"type": "point", "at": [1, 2, 3]}'),
        "b.at",
        "expected a point [x, y], got a list of 3 items",
    ),
    BadInput(
        "empty-geojson",
        pair('{"type": "Polygon", "coordinates": []}'),
        "b.coordinates",
        "empty geometry",
    ),
    BadInput("empty-wkt", pair('"POINT EMPTY"'), "b", "empty geometry"),
    BadInput("invalid-wkt", pair('"POLYGON ((0 0, 1 0"'), "b", "invalid WKT"),
    BadInput(
        "self-intersecting",
        pair('{"type": "polygon", "points": [[0, 0], [2, 2], [2, 0], [0, 2]]}'),
        "b.points",
        "the ring crosses itself at (1, 1)",
    ),
    BadInput(
        "duplicate-key",
        pair('{"type": "circle", "center": [0, 0], "radius": 1, "radius": 2}'),
        "b.radius",
        "appears more than once",
    ),
    BadInput(
        "too-large", pair('{"type": "point", "at": [1e200, 0]}'), "b", "coordinates reach 1e+200"
    ),
    BadInput(
        "hole-crossing-exterior",
        pair(
            '{"type": "polygon", "points": [[0, 0], [4, 0], [4, 4]], '
            '"holes": [[[1, 1], [2, 1], [1, 2]]]}'
        ),
        "b.holes",
        "a hole crosses the exterior ring or another hole at (1, 1)",
    ),
    BadInput(
        "hole-crossing-itself",
        pair(
            '{"type": "polygon", "points": [[0, 0], [9, 0], [9, 9], [0, 9]], '
            '"holes": [[[1, 1], [3, 3], [3, 1], [1, 3]]]}'
        ),
        "b.holes[0]",
        "the ring crosses itself at (2, 2)",
    ),
    BadInput(
        "polygon-scaled-flat",
        pair(
            '{"type": "polygon", "points": [[0, 0], [1, 0], [0, 1]], '
            '"transform": {"scale": [1, 0], "rotate": 30}}'
        ),
        "b.transform",
        "this transform flattens the polygon (a scale of 0",
    ),
    BadInput(
        "hole-without-area",
        pair(
            '{"type": "polygon", "points": [[0, 0], [9, 0], [9, 9], [0, 9]], '
            '"holes": [[[1, 1], [2, 2], [3, 3]]]}'
        ),
        "b.holes[0]",
        "zero area: all points lie on one line",
    ),
    BadInput(
        "compound-foreign-part",
        pair('{"type": "compound", "parts": [{"type": "Point", "coordinates": [0, 0]}]}'),
        "b.parts[0].type",
        "a compound's parts are native shapes, and 'Point' is not a native type "
        "(did you mean 'point'?); valid types: point, segment,",
    ),
    BadInput(
        "compound-empty",
        pair('{"type": "compound", "parts": []}'),
        "b.parts",
        "too few parts: expected at least 1, got 0",
    ),
    BadInput("shape-not-pair", CIRCLE.encode(), "", "holds one shape, not a pair"),
    BadInput("empty-file", b"  \n", "", "file is empty"),
    BadInput("not-utf8", b'{"a": "caf\xe9"}', "line 1", "not UTF-8 text (byte 0xe9 at offset 10)"),
    BadInput("wkt-one-shape", b"POINT (0 0)\n", "", "holds one shape, not a pair", ".wkt"),
    BadInput(
        "wkt-three-lines", b"POINT (0 0)\nPOINT (1 1)\nPOINT (2 2)\n", "", "got 3 lines", ".wkt"
    ),
    BadInput(
        "integer-of-5000-digits",
        pair('{"type": "point", "at": [1' + "0" * 5000 + ", 0]}"),
        "b.at[0]",
        "1000000000... (5001 digits) is not allowed: numbers must be finite",
    ),
    BadInput(
        "curved-wkt",
        pair('"CIRCULARSTRING (0 0, 1 1, 2 0)"'),
        "b",
        "curved WKT geometry (arcs) is not supported",
    ),
    BadInput(
        "wkt-nested-too-deeply",
        pair('"' + "GEOMETRYCOLLECTION (" * 600 + "POINT (1 1)" + ")" * 600 + '"'),
        "b",
        "invalid WKT: nested too deeply",
    ),
    BadInput(
        "wkt-multipoint-with-an-empty-point",
        pair('"MULTIPOINT (EMPTY, (0 0))"'),
        "b",
        "empty geometry: a MULTIPOINT holds an EMPTY point",
    ),
    BadInput(
        "wkt-with-nul", pair('"POINT (0 0)\\u0000junk"'), "b", "a NUL character at position 11"
    ),
    BadInput("wkt-hexadecimal", pair('"POINT (0x10 0)"'), "b", "a hexadecimal number"),
    BadInput(
        "empty-point-in-a-collection",
        pair('"GEOMETRYCOLLECTION (POINT EMPTY, POINT (1 1))"'),
        "b (WKT).geometries[0].coordinates",
        "empty geometry: the Point has no coordinates",
    ),
]
