"""gjkcli: distance, intersection and overlap of 2D shapes with GJK, convex or cut into parts.

Build shapes, ask GJK, and (optionally) have Shapely check the answer:

>>> from gjkcli import (
...     capsule, circle, distance, intersects, minkowski_difference, penetration, point, rectangle
... )
>>> box = rectangle((0.0, 0.0), (2.0, 2.0))
>>> result = distance(box, circle((4.0, 0.0), 1.0))
>>> result.distance, result.closest, result.status
(2.0, ((1.0, 0.0), (3.0, 0.0)), 'duplicate-support')
>>> intersects(box, capsule((1.5, -3.0), (1.5, 3.0), 0.5)).intersects
True
>>> overlap = penetration(box, circle((1.5, 0.0), 1.0))
>>> overlap.depth, overlap.normal
(0.5, (1.0, 0.0))
>>> minkowski_difference(box, point((5.0, 0.0))).vertices
((-6.0, -1.0), (-4.0, -1.0), (-4.0, 1.0), (-6.0, 1.0))

Files go through the same loaders as the command line, and ``check_pair``
runs both GJK queries and Shapely and compares them:

>>> import io
>>> from gjkcli import check_pair, load_pair
>>> text = b'''{"a": "POLYGON ((0 1, 1 -1, -1 -1, 0 1))",
...            "b": {"type": "circle", "center": [0, 3], "radius": 1}}'''
>>> check = check_pair(load_pair("-", io.BytesIO(text)))  # "-": standard input, here a stand-in
>>> check.agree, check.answer.gjk.intersects, check.answer.gjk.distance
(True, False, 1.0)

Non-convex and multi-part shapes are unions of convex parts; ``solve``
answers for them part pair by part pair (and for convex pairs as well):

>>> from gjkcli import decompose, solve
>>> u_shape = decompose([(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)])
>>> answer = solve(u_shape, rectangle((3.0, 4.0), (1.0, 1.0)))  # in the notch of the U
>>> len(u_shape.parts), answer.verdict, answer.gjk.distance
(3, 'separated', 0.5)

The shapes and the GJK algorithms are pure Python; the loaders, the checks,
the convex decomposition and the broad phase for compound shapes need
Shapely and NumPy, which are imported only when one of them is first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gjkcli._version import __version__
from gjkcli.algorithms.distance import DistanceResult
from gjkcli.algorithms.epa import Penetration
from gjkcli.algorithms.intersect import IntersectResult
from gjkcli.shapes import (
    Affine,
    Compound,
    ConvexShape,
    capsule,
    circle,
    convex_polygon,
    ellipse,
    hull,
    point,
    rectangle,
    rounded,
    segment,
    transformed,
)

if TYPE_CHECKING:
    from gjkcli.algorithms.answer import Answer
    from gjkcli.algorithms.decompose import decompose
    from gjkcli.algorithms.minkowski import MinkowskiPolygon
    from gjkcli.io import InputError, load_pair, load_shape, load_two
    from gjkcli.queries import (
        cast,
        check,
        distance,
        figure,
        intersects,
        manifold,
        minkowski_difference,
        penetration,
        raycast,
        solve,
        time_of_impact,
        union_of,
    )
    from gjkcli.verify.check import Check, check_pair

__all__ = [
    "Affine",
    "Answer",
    "Check",
    "Compound",
    "ConvexShape",
    "DistanceResult",
    "InputError",
    "IntersectResult",
    "MinkowskiPolygon",
    "Penetration",
    "__version__",
    "capsule",
    "cast",
    "check",
    "check_pair",
    "circle",
    "convex_polygon",
    "decompose",
    "distance",
    "ellipse",
    "figure",
    "hull",
    "intersects",
    "load_pair",
    "load_shape",
    "load_two",
    "manifold",
    "minkowski_difference",
    "penetration",
    "point",
    "raycast",
    "rectangle",
    "rounded",
    "segment",
    "solve",
    "time_of_impact",
    "transformed",
    "union_of",
]

_LAZY = {
    **dict.fromkeys(
        (
            "cast",
            "check",
            "distance",
            "figure",
            "intersects",
            "manifold",
            "minkowski_difference",
            "penetration",
            "raycast",
            "solve",
            "time_of_impact",
            "union_of",
        ),
        "gjkcli.queries",
    ),
    "MinkowskiPolygon": "gjkcli.algorithms.minkowski",
    "Answer": "gjkcli.algorithms.answer",
    "decompose": "gjkcli.algorithms.decompose",
    "InputError": "gjkcli.io",
    "load_pair": "gjkcli.io",
    "load_shape": "gjkcli.io",
    "load_two": "gjkcli.io",
    "Check": "gjkcli.verify.check",
    "check_pair": "gjkcli.verify.check",
}


def __getattr__(name: str) -> Any:
    """Import the query functions and the Shapely-backed parts of the API on first use (the
    command line, which imports this package first, needs few of them)."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value  # found at once from now on, as an import would have put it
        return value
    raise AttributeError(f"module 'gjkcli' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The package's names, those imported on first use among them (for ``help`` and the
    completion of ``gjkcli.<Tab>``, which read this)."""
    return sorted({*globals(), *_LAZY})
