"""Many convex shapes held as columns of numbers, for :mod:`gjkcli.vectorized`.

Every primitive shape gjkcli builds is, from the inside out, a polytope (the
hull of some points), grown by an *inner* radius, mapped by an optional affine
map ``p -> M p + t``, and grown by an *outer* radius:

* points, segments, convex polygons, hulls and rectangles are polytopes;
* circles and capsules are polytopes grown by a radius (``inner``);
* an ellipse is a unit disc (a point grown by 1) under a map;
* a margin grows any of these further (``outer``).

A :class:`ShapeArray` holds ``n`` such shapes as seven arrays (the vertices of
all polytopes one after another, with ``offsets`` saying where each begins,
in the layout of ``shapely.to_ragged_array``), so that the compiled core reads
them without Python objects. Curved shapes stay curved: a circle is a centre
and a radius, never a polygon standing in for one.

>>> import numpy as np
>>> discs = ShapeArray.circles(np.array([[0.0, 0.0], [5.0, 0.0]]), np.array([1.0, 2.0]))
>>> len(discs), discs.shape_at(1)
(2, Rounded(core=Polytope(vertices=((5.0, 0.0),)), radius=2.0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from gjkcli.shapes.affine import Affine, Transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.primitives import CONVEX_CLASSES, ellipse
from gjkcli.shapes.rings import convexity_problem
from gjkcli.shapes.rounded import Rounded

__all__ = ["ShapeArray", "as_shape_array"]

Floats = npt.NDArray[np.float64]

_CLEAR_TURN = 1e-12
"""A ring's turn counts as clearly convex when its floating-point cross product is
beyond this fraction of the products it is made of (rounding moves it by far
less); rings with a turn closer to straight are decided exactly, by
:func:`gjkcli.shapes.rings.convexity_problem`."""


@dataclass(frozen=True, eq=False)
class ShapeArray:
    """``len(offsets) - 1`` convex shapes as columns (see the module notes).

    Shape ``i`` is the hull of ``coords[offsets[i]:offsets[i + 1]]``, grown by
    ``inner[i]``, mapped by ``matrix[i]`` (row by row) and ``shift[i]`` when
    ``mapped[i]``, and grown by ``outer[i]``. ``shape`` is the array shape the
    shapes are laid out in for broadcasting (1-D unless built from an n-D
    array of Shapely geometries).
    """

    coords: Floats
    offsets: npt.NDArray[np.int64]
    inner: Floats
    mapped: npt.NDArray[np.bool_]
    matrix: Floats
    shift: Floats
    outer: Floats
    shape: tuple[int, ...]

    def __post_init__(self) -> None:
        """Check the columns once, and hold read-only copies of them: the core reads them
        without the GIL, so nothing may change them afterwards."""
        starts = np.asarray(self.offsets)
        if starts.dtype.kind not in "iu":
            raise ValueError(f"offsets must be integers, got {starts.dtype}")
        points = _frozen(self.coords, np.float64).reshape(-1, 2)
        starts = _frozen(starts, np.int64).reshape(-1)
        count = len(starts) - 1
        if count < 0 or starts[0] != 0 or starts[-1] != len(points):
            raise ValueError("offsets must start at 0 and end at the number of points")
        empty = np.flatnonzero(np.diff(starts) <= 0)
        if len(empty):
            raise ValueError(f"shape {int(empty[0])} has no points")
        columns = {
            "coords": points,
            "offsets": starts,
            "inner": _radius_column(self.inner, count, "radius"),
            "mapped": _frozen(np.broadcast_to(self.mapped, (count,)), np.bool_),
            "matrix": _frozen(self.matrix, np.float64).reshape(count, 4),
            "shift": _frozen(self.shift, np.float64).reshape(count, 2),
            "outer": _radius_column(self.outer, count, "margin"),
        }
        for name in ("coords", "matrix", "shift"):
            if not np.all(np.isfinite(columns[name])):
                raise ValueError(f"{name} must be finite")
        if math.prod(self.shape) != count:
            raise ValueError(f"shape {self.shape} does not hold {count} shapes")
        for name, column in columns.items():
            object.__setattr__(self, name, column)

    def __len__(self) -> int:
        return len(self.inner)

    def columns(self) -> tuple[Any, ...]:
        """The seven columns, in the order the compiled core reads them."""
        return (
            self.coords,
            self.offsets,
            self.inner,
            self.mapped,
            self.matrix,
            self.shift,
            self.outer,
        )

    def shape_at(self, index: int) -> ConvexShape:
        """Shape ``index`` as a gjkcli shape object (what the pure-Python engine answers).

        >>> ShapeArray.from_ragged(np.array([[0.0, 0.0], [1.0, 0.0]]), np.array([0, 2])).shape_at(0)
        Polytope(vertices=((0.0, 0.0), (1.0, 0.0)))
        """
        start, stop = int(self.offsets[index]), int(self.offsets[index + 1])
        shape: ConvexShape = Polytope(
            tuple((float(x), float(y)) for x, y in self.coords[start:stop].tolist())
        )
        if self.inner[index] != 0.0:
            shape = Rounded(shape, float(self.inner[index]))
        if self.mapped[index]:
            a, b, c, d = (float(value) for value in self.matrix[index])
            tx, ty = (float(value) for value in self.shift[index])
            shape = Transformed(shape, Affine((a, b, c, d), (tx, ty), None))
        if self.outer[index] != 0.0:
            shape = Rounded(shape, float(self.outer[index]))
        return shape

    @classmethod
    def _build(
        cls,
        coords: npt.ArrayLike,
        offsets: npt.ArrayLike,
        *,
        inner: npt.ArrayLike = 0.0,
        outer: npt.ArrayLike = 0.0,
        matrix: Floats | None = None,
        shift: Floats | None = None,
        mapped: npt.NDArray[np.bool_] | None = None,
        shape: tuple[int, ...] | None = None,
    ) -> ShapeArray:
        count = len(np.asarray(offsets).reshape(-1)) - 1
        mapped = np.full(max(count, 0), matrix is not None) if mapped is None else mapped
        return cls(
            np.asarray(coords),
            np.asarray(offsets),
            np.broadcast_to(np.asarray(inner, dtype=np.float64), (max(count, 0),)),
            mapped,
            np.zeros((max(count, 0), 4)) if matrix is None else matrix,
            np.zeros((max(count, 0), 2)) if shift is None else shift,
            np.broadcast_to(np.asarray(outer, dtype=np.float64), (max(count, 0),)),
            shape if shape is not None else (max(count, 0),),
        )

    @classmethod
    def from_ragged(
        cls, coords: npt.ArrayLike, offsets: npt.ArrayLike, radius: npt.ArrayLike = 0.0
    ) -> ShapeArray:
        """Shapes from ragged coordinates: shape ``i`` is the convex hull of
        ``coords[offsets[i]:offsets[i + 1]]`` (a point, a segment, a convex
        polygon's vertices, a point cloud), grown by ``radius`` (one for all, or one
        each: discs, capsules, rounded polygons).

        >>> coords = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [9.0, 9.0]])
        >>> shapes = ShapeArray.from_ragged(coords, np.array([0, 3, 4]), radius=[0.0, 0.5])
        >>> shapes.shape_at(1)
        Rounded(core=Polytope(vertices=((9.0, 9.0),)), radius=0.5)
        """
        return cls._build(coords, offsets, inner=radius)

    @classmethod
    def circles(cls, centers: npt.ArrayLike, radii: npt.ArrayLike) -> ShapeArray:
        """Discs: centres ``(n, 2)`` and radii (one for all, or ``n``)."""
        points = np.asarray(centers, dtype=np.float64).reshape(-1, 2)
        return cls._build(points, np.arange(len(points) + 1), inner=radii)

    @classmethod
    def capsules(
        cls, starts: npt.ArrayLike, ends: npt.ArrayLike, radii: npt.ArrayLike
    ) -> ShapeArray:
        """Capsules: segments from ``starts`` to ``ends`` (each ``(n, 2)``) grown by ``radii``."""
        first = np.asarray(starts, dtype=np.float64).reshape(-1, 2)
        second = np.asarray(ends, dtype=np.float64).reshape(-1, 2)
        points = np.stack([first, second], axis=1).reshape(-1, 2)
        return cls._build(points, np.arange(0, 2 * len(first) + 1, 2), inner=radii)

    @classmethod
    def ellipses(
        cls, centers: npt.ArrayLike, radii: npt.ArrayLike, rotation_degrees: npt.ArrayLike = 0.0
    ) -> ShapeArray:
        """Filled ellipses: centres ``(n, 2)``, semi-axes ``(n, 2)``, rotations in degrees,
        each built by :func:`gjkcli.ellipse` (so the same numbers as one built alone).

        >>> one = ShapeArray.ellipses([[0.0, 0.0]], [[3.0, 1.0]], [90.0])
        >>> one.shape_at(0).support((0.0, 1.0))
        (0.0, 3.0)
        """
        middle = np.asarray(centers, dtype=np.float64).reshape(-1, 2)
        axes = np.broadcast_to(np.asarray(radii, dtype=np.float64), middle.shape)
        angles = np.broadcast_to(np.asarray(rotation_degrees, dtype=np.float64), (len(middle),))
        return cls.from_shapes(
            [
                ellipse((x, y), (sx, sy), turn)
                for (x, y), (sx, sy), turn in zip(
                    middle.tolist(), axes.tolist(), angles.tolist(), strict=True
                )
            ]
        )

    @classmethod
    def from_shapes(cls, shapes: Sequence[ConvexShape]) -> ShapeArray:
        """gjkcli's own primitive shapes (points to ellipses, with margins).

        >>> from gjkcli.shapes import circle, ellipse
        >>> ShapeArray.from_shapes([circle((0.0, 0.0), 1.0), ellipse((1.0, 1.0), (2.0, 1.0))]).inner
        array([1., 1.])
        """
        parts = [_layers(shape, index) for index, shape in enumerate(shapes)]
        counts = [len(part[0]) for part in parts]
        return cls._build(
            np.array([vertex for part in parts for vertex in part[0]]).reshape(-1, 2),
            np.concatenate([[0], np.cumsum(counts, dtype=np.int64)]),
            inner=[part[1] for part in parts],
            outer=[part[4] for part in parts],
            matrix=np.array([part[2] or (0.0,) * 4 for part in parts]).reshape(-1, 4),
            shift=np.array([part[3] for part in parts]).reshape(-1, 2),
            mapped=np.array([part[2] is not None for part in parts], dtype=np.bool_),
        )

    @classmethod
    def from_shapely(cls, geometries: Any) -> ShapeArray:
        """Shapely geometries (an array of any shape, a GeoPandas GeoSeries, a list):
        points, two-point line strings (segments) and convex polygons without holes.

        A polygon that is not convex is refused (``ValueError`` naming it): its
        hull would answer a different question; :func:`gjkcli.solve` answers for
        non-convex shapes.

        >>> import shapely
        >>> geometries = shapely.from_wkt(["POINT (1 2)", "LINESTRING (0 0, 3 4)"])
        >>> ShapeArray.from_shapely(geometries).shape_at(1)
        Polytope(vertices=((0.0, 0.0), (3.0, 4.0)))
        """
        import shapely

        array = np.asarray(getattr(geometries, "values", geometries), dtype=object)
        flat = array.reshape(-1)
        missing = np.flatnonzero(shapely.is_missing(flat) | shapely.is_empty(flat))
        if len(missing):
            raise ValueError(f"geometry {int(missing[0])} is missing or empty")
        kinds = shapely.get_type_id(flat)
        allowed = {0: "Point", 1: "LineString", 3: "Polygon"}
        other = np.flatnonzero(~np.isin(kinds, list(allowed)))
        if len(other):
            index = int(other[0])
            raise ValueError(
                f"geometry {index} is a {flat[index].geom_type}: the array functions take "
                "points, segments and convex polygons (gjkcli.solve answers for the rest)"
            )
        raised = np.flatnonzero(shapely.has_z(flat))
        if len(raised):
            raise ValueError(f"geometry {int(raised[0])} has z coordinates: shapes are 2D")
        holes = np.flatnonzero((kinds == 3) & (shapely.get_num_interior_rings(flat) > 0))
        if len(holes):
            raise ValueError(f"geometry {int(holes[0])} is a polygon with holes: not convex")
        lines = np.flatnonzero((kinds == 1) & (shapely.get_num_coordinates(flat) != 2))
        if len(lines):
            raise ValueError(
                f"geometry {int(lines[0])} is a line string of more than two points: "
                "the array functions take segments"
            )
        outlines = np.where(kinds == 3, shapely.get_exterior_ring(flat), flat)
        coords, owner = shapely.get_coordinates(outlines, return_index=True)
        counts = np.bincount(owner, minlength=len(flat))
        offsets = np.concatenate([[0], np.cumsum(counts)])
        rings = np.flatnonzero(kinds == 3)
        keep = np.ones(len(coords), dtype=np.bool_)
        keep[offsets[rings + 1] - 1] = False  # a ring's closing point
        _check_convex(coords, offsets, rings)
        counts = counts - (kinds == 3)
        return cls._build(coords[keep], np.concatenate([[0], np.cumsum(counts)]), shape=array.shape)


def as_shape_array(shapes: Any) -> ShapeArray:
    """Whatever the array functions are given, as a :class:`ShapeArray`: one already,
    one gjkcli shape, a sequence of gjkcli shapes, Shapely geometries (an array, a
    GeoSeries, a list, one geometry), or the ``(geometry_type, coords, offsets)`` that
    ``shapely.to_ragged_array`` returns.

    >>> from gjkcli.shapes import point
    >>> len(as_shape_array(point((0.0, 0.0)))), as_shape_array([point((1.0, 1.0))]).shape
    (1, (1,))
    """
    if isinstance(shapes, ShapeArray):
        return shapes
    if isinstance(shapes, CONVEX_CLASSES):
        return replace(ShapeArray.from_shapes([shapes]), shape=())
    if isinstance(shapes, tuple) and len(shapes) == 3 and isinstance(shapes[2], tuple):
        return _from_ragged_geometries(*shapes)
    if (
        isinstance(shapes, Sequence)
        and shapes
        and all(isinstance(shape, CONVEX_CLASSES) for shape in shapes)
    ):
        return ShapeArray.from_shapes(shapes)
    array = np.asarray(getattr(shapes, "values", shapes), dtype=object)
    flat = array.reshape(-1)
    if len(flat) and all(isinstance(shape, CONVEX_CLASSES) for shape in flat):
        return replace(ShapeArray.from_shapes(list(flat)), shape=array.shape)
    built = ShapeArray.from_shapely(array)
    return built if array.ndim else replace(built, shape=())


def _from_ragged_geometries(kind: Any, coords: Any, offsets: tuple[Any, ...]) -> ShapeArray:
    """The arrays of ``shapely.to_ragged_array``, as shapes (see :func:`as_shape_array`)."""
    import shapely

    points = np.asarray(coords, dtype=np.float64)[:, :2]
    if kind == shapely.GeometryType.POINT:
        return ShapeArray._build(points, np.arange(len(points) + 1))
    if kind == shapely.GeometryType.LINESTRING:
        return ShapeArray.from_shapely(shapely.from_ragged_array(kind, coords, offsets))
    if kind == shapely.GeometryType.POLYGON:
        return ShapeArray.from_shapely(shapely.from_ragged_array(kind, coords, offsets))
    raise ValueError(f"{kind!r}: the array functions take points, segments and convex polygons")


def _frozen(values: npt.ArrayLike, dtype: type[Any]) -> Any:
    """A contiguous copy of ``values`` that cannot be written to: what a ShapeArray holds
    is checked once, and the core reads it without the GIL, so nothing may change it."""
    copy = np.array(values, dtype=dtype, order="C", copy=True)
    copy.setflags(write=False)
    return copy


def _radius_column(value: npt.ArrayLike, count: int, name: str) -> Floats:
    """A radius for each shape, from one number or ``count`` of them; checked."""
    column: Floats = _frozen(
        np.broadcast_to(np.asarray(value, dtype=np.float64), (count,)), np.float64
    )
    bad = np.flatnonzero(~(column >= 0.0) | ~np.isfinite(column))
    if len(bad):
        raise ValueError(f"shape {int(bad[0])}: the {name} must be finite and >= 0")
    return column


def _layers(shape: ConvexShape, index: int) -> tuple[tuple[Vec, ...], float, Any, Vec, float]:
    """``(vertices, inner radius, matrix or None, shift, outer radius)`` of one shape."""
    outer = inner = 0.0
    if isinstance(shape, Rounded) and isinstance(shape.core, Transformed):
        outer = shape.radius
        shape = shape.core
    matrix: Any = None
    shift: Vec = (0.0, 0.0)
    if isinstance(shape, Transformed):
        matrix, shift = shape.affine.matrix, shape.affine.offset
        shape = shape.inner
    if isinstance(shape, Rounded):
        inner = shape.radius
        shape = shape.core
    if not isinstance(shape, Polytope):
        raise ValueError(
            f"shape {index} is a {type(shape).__name__}: the array functions take primitive "
            "shapes (points, segments, polygons, hulls, rectangles, circles, capsules, "
            "ellipses, and margins around them); gjkcli.solve answers for compound shapes"
        )
    return shape.vertices, inner, matrix, shift, outer


def _check_convex(
    coords: Floats, offsets: npt.NDArray[np.int64], rings: npt.NDArray[np.intp]
) -> None:
    """Refuse any ring among ``rings`` (geometry indices; each ring's points run from
    ``offsets[ring]`` to its closing point) that does not bound a convex polygon.

    Rings whose every turn is clearly one way (see :data:`_CLEAR_TURN`) and that
    wind around once are convex, all decided at once; any other is decided
    exactly, ring by ring.
    """
    if not len(rings):
        return
    starts = offsets[rings]
    sizes = offsets[rings + 1] - 1 - starts  # without the closing point
    owner = np.repeat(np.arange(len(rings)), sizes)
    first = np.repeat(np.cumsum(sizes) - sizes, sizes)
    position = np.arange(len(owner)) - first
    points = coords[np.repeat(starts, sizes) + position]
    following = first + (position + 1) % np.repeat(sizes, sizes)
    edges = points[following] - points
    after = edges[following]
    left, right = edges[:, 0] * after[:, 1], edges[:, 1] * after[:, 0]
    cross = left - right
    clear = np.abs(cross) > _CLEAR_TURN * (np.abs(left) + np.abs(right))
    starts_of = np.cumsum(sizes) - sizes
    all_clear = np.logical_and.reduceat(clear, starts_of)
    all_left = np.logical_and.reduceat(cross > 0.0, starts_of)
    all_right = np.logical_and.reduceat(cross < 0.0, starts_of)
    turning = np.add.reduceat(
        np.arctan2(np.abs(cross), np.einsum("ij,ij->i", edges, after)), starts_of
    )
    convex = (sizes >= 3) & all_clear & (all_left | all_right) & (turning < 3.0 * math.pi)
    for k in np.flatnonzero(~convex).tolist():
        ring = int(rings[k])
        vertices = coords[int(starts[k]) : int(starts[k] + sizes[k])].tolist()
        problem = convexity_problem([(float(x), float(y)) for x, y in vertices])
        if problem is not None:
            where = "" if problem.index is None else f" at vertex {problem.index}"
            raise ValueError(f"geometry {ring} is not a convex polygon: {problem.message}{where}")
