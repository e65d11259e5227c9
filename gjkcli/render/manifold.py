"""A contact manifold for people (a Rich table) and for programs (the ``manifold`` object
of ``gjk check --manifold --json``, FORMATS section 4)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gjkcli.algorithms.manifold import Manifold
from gjkcli.render.numbers import compact, compact_point
from gjkcli.verify.manifold_oracle import ManifoldCheck

__all__ = ["manifold_heading", "manifold_record", "manifold_table"]


def manifold_record(check: ManifoldCheck) -> dict[str, Any]:
    """The ``manifold`` object: the normal, the reference shape, the margin, the points
    (each its ``point``, ``separation`` and ``feature``), Shapely's cross-check
    (``agree``, ``problems``, and ``unchecked``: why it did not run) and, when there is
    no manifold, why (``unavailable``).

    >>> from gjkcli.shapes import circle, rectangle
    >>> from gjkcli.verify.manifold_oracle import check_manifold
    >>> record = manifold_record(check_manifold(rectangle((0, 0), (4, 2)), circle((0, 1.5), 1)))
    >>> record["normal"], record["points"]
    ([0.0, 1.0], [{'point': [0.0, 0.5], 'separation': -0.5, 'feature': ['edge', 2, 'vertex', 0]}])
    """
    contact = check.manifold
    return {
        "normal": None if contact is None else _point(contact.normal),
        "reference": None if contact is None else contact.reference,
        "margin": check.margin + 0.0,
        "points": []
        if contact is None
        else [
            {
                "point": _point(p.point),
                "separation": p.separation + 0.0,  # + 0.0: no negative zero in the output
                "feature": list(p.feature),
            }
            for p in contact.points
        ],
        "agree": check.agree,
        "problems": list(check.problems),
        "unchecked": check.unchecked,
        "unavailable": check.unavailable,
    }


def manifold_table(check: ManifoldCheck) -> RenderableType:
    """The manifold under ``gjk check``'s table: a heading with the normal, a row per
    point, and Shapely's word on it."""
    contact = check.manifold
    if contact is None:
        return Text(f"contact manifold: none ({check.unavailable})")
    table = Table()
    for column in ("point", "separation", "A", "B"):
        table.add_column(column, overflow="fold")
    for p in contact.points:
        kind_a, index_a, kind_b, index_b = p.feature
        table.add_row(
            compact_point(p.point),
            compact(p.separation),
            f"{kind_a} {index_a}",
            f"{kind_b} {index_b}",
        )
    if check.unchecked is not None:
        verdict = Text(f"Shapely: not checked ({check.unchecked})", "yellow")
    elif check.agree:
        verdict = Text("Shapely: agrees (points on the overlap, separations match)", "green")
    else:
        verdict = Text("Shapely: DISAGREES: " + "; ".join(check.problems), "bold red")
    parts: list[RenderableType] = [Text(manifold_heading(contact), "bold")]
    if check.margin > 0.0:
        parts.append(Text(f"speculative: the points of shapes up to {compact(check.margin)} apart"))
    return Group(*parts, *([table] if contact.points else []), verdict)


def manifold_heading(contact: Manifold) -> str:
    """The manifold in a line: how many points, the normal, and whose face they are on.

    >>> from gjkcli.algorithms.manifold import manifold
    >>> from gjkcli.shapes import circle, rectangle
    >>> manifold_heading(manifold(rectangle((0, 0), (4, 2)), rectangle((0, 1.5), (2, 2))))
    "contact manifold: 2 points, normal (0, 1), on A's face"
    >>> manifold_heading(manifold(circle((0, 0), 1), circle((3, 0), 1)))
    'contact manifold: no points (apart beyond the margin)'
    """
    count = len(contact.points)
    if not count:
        return "contact manifold: no points (apart beyond the margin)"
    where = "on A's face" if contact.reference == "a" else "on B's face"
    if all("edge" not in p.feature for p in contact.points):
        where = "corner to corner or on a curve"
    plural = "s" if count > 1 else ""
    return (
        f"contact manifold: {count} point{plural}, normal {compact_point(contact.normal)}, {where}"
    )


def _point(p: tuple[float, float]) -> list[float]:
    return [p[0] + 0.0, p[1] + 0.0]
