"""Output of ``gjk minkowski``: a table of vertices, a JSON object, or WKT."""

from __future__ import annotations

from typing import Any

import shapely
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.algorithms.minkowski import MinkowskiPolygon
from gjkcli.io.errors import printable
from gjkcli.render.numbers import compact

__all__ = ["minkowski_record", "minkowski_table", "minkowski_wkt"]

_DIGITS = 12


def minkowski_table(name: str, polygon: MinkowskiPolygon) -> RenderableType:
    """Vertices in counter-clockwise order, with the vertex pairs they come from when exact."""
    table = Table(title=Text(printable(f"A - B: {name}"), style="bold"))
    table.add_column("#", justify="right")
    table.add_column("x", justify="right")
    table.add_column("y", justify="right")
    if polygon.exact:
        table.add_column("from A vertex", justify="right")
        table.add_column("minus B vertex", justify="right")
    for index, (x, y) in enumerate(polygon.vertices):
        row = [str(index), compact(x, _DIGITS), compact(y, _DIGITS)]
        if polygon.exact:
            row.extend(str(k) for k in polygon.sources[index])
        table.add_row(*row)
    if polygon.exact:
        note = Text(
            f"exact: {len(polygon.vertices)} vertices, by the edge merge; "
            "shape vertices count from 0"
        )
    else:
        count = len(polygon.vertices)
        flat = "" if count > 2 else " (no area: a segment)" if count == 2 else " (one point)"
        note = Text(
            f"traced through the support function of A - B: {count} vertices{flat}, "
            "inside A - B to within rounding, and at most "
            f"{compact(polygon.error, 3)} from its boundary"
        )
    return Group(table, note)


def minkowski_record(name: str, polygon: MinkowskiPolygon) -> dict[str, Any]:
    """The JSON object of ``gjk minkowski --json`` (see ``docs/FORMATS.md``).

    >>> from gjkcli.algorithms.minkowski import minkowski_difference
    >>> from gjkcli.shapes import point, segment
    >>> difference = minkowski_difference(segment((0.0, 0.0), (2.0, 0.0)), point((1.0, 1.0)))
    >>> minkowski_record("p", difference)  # doctest: +NORMALIZE_WHITESPACE
    {'name': 'p', 'exact': True, 'error': 0.0, 'vertices': [[-1.0, -1.0], [1.0, -1.0]],
     'sources': [[0, 0], [1, 0]]}
    """
    return {
        "name": name,
        "exact": polygon.exact,
        "error": polygon.error,
        "vertices": [[x + 0.0, y + 0.0] for x, y in polygon.vertices],
        "sources": [list(pair) for pair in polygon.sources] if polygon.exact else None,
    }


def minkowski_wkt(polygon: MinkowskiPolygon) -> str:
    """The difference as WKT at full precision (a POINT or LINESTRING when it has no area).

    >>> from gjkcli.algorithms.minkowski import minkowski_difference
    >>> from gjkcli.shapes import rectangle, point
    >>> minkowski_wkt(minkowski_difference(rectangle((0.0, 0.0), (2.0, 2.0)), point((5.0, 0.0))))
    'POLYGON ((-6 -1, -4 -1, -4 1, -6 1, -6 -1))'
    """
    vertices = polygon.vertices
    if len(vertices) == 1:
        geometry = shapely.points(vertices[0])
    elif len(vertices) == 2:
        geometry = shapely.linestrings(vertices)
    else:
        geometry = shapely.polygons(vertices)
    return str(shapely.to_wkt(geometry, rounding_precision=-1))
