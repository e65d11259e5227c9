"""What makes a query's answer show as a picture in a notebook: the two shapes it is about.

The results of :func:`gjkcli.distance`, :func:`gjkcli.intersects`,
:func:`gjkcli.penetration` and :func:`gjkcli.solve` keep the shapes they were asked
about (:func:`keep_shapes`), and Jupyter shows them as a picture (``_repr_svg_``,
drawn by :func:`gjkcli.render.svg.result_svg`). The algorithms themselves, and the
compiled core, leave ``shapes`` unset (``None``), and such a result shows as text.
The shapes are no part of the answer: ``==``, ``hash`` and ``repr`` leave them out.

>>> from gjkcli import circle, distance
>>> result = distance(circle((0.0, 0.0), 1.0), circle((4.0, 0.0), 1.0))
>>> result._repr_svg_().startswith("<svg"), result.shapes[1].radius
(True, 1.0)
>>> from gjkcli.algorithms.distance import distance as algorithm
>>> algorithm(circle((0.0, 0.0), 1.0), circle((4.0, 0.0), 1.0))._repr_svg_() is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from gjkcli.shapes.compound import Shape

__all__ = ["Pictured", "keep_shapes"]


@dataclass(frozen=True)
class Pictured:
    """A query's result that can show as a picture: ``shapes`` is the pair it answers for
    (A, B), or ``None`` when no one kept them."""

    shapes: tuple[Shape, Shape] | None = field(
        default=None, kw_only=True, compare=False, repr=False
    )

    def _repr_svg_(self) -> str | None:
        """The answer drawn with its shapes, for notebooks; ``None`` (no picture: Jupyter
        shows the text) when the shapes were not kept."""
        if self.shapes is None:
            return None
        from gjkcli.render.svg import result_svg  # the one look up the layers: for notebooks

        return result_svg(self)


P = TypeVar("P", bound=Pictured)


def keep_shapes(result: P, shape_a: Shape, shape_b: Shape) -> P:
    """``result``, just made by a query, with the shapes it answers for kept in it.

    The result is changed in place, as its ``__init__`` would set the field: it is new and
    no one else holds it yet, and a copy (:func:`dataclasses.replace`) would cost as much
    as a compiled query.

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.shapes import point
    >>> a, b = point((0.0, 0.0)), point((3.0, 4.0))
    >>> kept = keep_shapes(distance(a, b), a, b)
    >>> kept.shapes == (a, b), kept == distance(a, b)
    (True, True)
    """
    vars(result)["shapes"] = (shape_a, shape_b)  # as object.__setattr__ sets it, quicker
    return result
