"""The range of sizes a shape may have: beyond it, squared lengths overflow or underflow."""

from __future__ import annotations

from gjkcli.io.node import Node
from gjkcli.shapes.compound import Shape, shape_bounds
from gjkcli.tolerances import MAX_COORDINATE, MIN_SIZE, coordinate_scale

__all__ = ["bounds_problem", "check_bounds", "check_size", "size_problem", "within_limits"]


def within_limits(shape: Shape, node: Node) -> None:
    """Reject a shape whose coordinates could overflow squared distances, or whose
    size could underflow them.

    >>> from gjkcli.shapes import circle
    >>> within_limits(circle((0.0, 0.0), 1e200), Node({}, "x.json", "a"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.json: a: coordinates reach 1e+200; at most 1e+150 ...
    """
    check_bounds(shape_bounds(shape), node)


def check_bounds(bounds: tuple[float, float, float, float], node: Node) -> None:
    """:func:`within_limits` for a bounding box ``(minx, miny, maxx, maxy)``."""
    problem = bounds_problem(bounds)
    if problem is not None:
        raise node.error(problem)


def bounds_problem(bounds: tuple[float, float, float, float]) -> str | None:
    """Why a shape with this bounding box is refused, or ``None`` when it is within the
    limits.

    >>> bounds_problem((0.0, 0.0, 1.0, 1.0)) is None
    True
    """
    largest = coordinate_scale(bounds)
    if not largest <= MAX_COORDINATE:
        return (
            f"coordinates reach {largest:.3g}; at most {MAX_COORDINATE:.0e} in absolute value "
            "is accepted (larger squares overflow double precision)"
        )
    return size_problem(max(bounds[2] - bounds[0], bounds[3] - bounds[1]))


def check_size(size: float, node: Node) -> None:
    """Reject a shape whose size is positive but below :data:`~gjkcli.tolerances.MIN_SIZE`.

    >>> check_size(1e-170, Node([], "x.json", "a"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: x.json: a: the shape is 1e-170 across; ... at least 1e-150 ...
    """
    problem = size_problem(size)
    if problem is not None:
        raise node.error(problem)


def size_problem(size: float) -> str | None:
    """Why a shape ``size`` across is refused (positive, below the least size), or ``None``."""
    if 0.0 < size < MIN_SIZE:
        return (
            f"the shape is {size:.3g} across; a shape (other than a point) must be at least "
            f"{MIN_SIZE:.0e} across (smaller squares underflow double precision)"
        )
    return None
