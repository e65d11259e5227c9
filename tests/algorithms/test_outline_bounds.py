"""The curve error bound at every offset and size the input limits allow.

For shapes 1e-6 to 1e14 long at offsets 0 to 1e12 (and some far beyond), the
bound of a traced outline must be finite, at least the true largest distance
from the shape to the polygon (measured on thousands of points of the true
boundary, computed independently, relative to the shape's own placement), and
not absurdly more: at most 4 times that distance plus the rounding of the
coordinates where the shape lies (``rounding``: 8 eps times the largest).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable

import numpy as np
import pytest
import shapely

from gjkcli.algorithms.minkowski import minkowski_difference
from gjkcli.algorithms.outline import outline
from gjkcli.shapes import Affine, capsule, circle, ellipse, hull, rounded, transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.tolerances import rounding

EPS = sys.float_info.epsilon
DIRECTIONS = 2500

Support = Callable[[np.ndarray], np.ndarray]
"""The true support points, relative to the shape's placement, for unit directions."""


def _unit(directions: np.ndarray) -> np.ndarray:
    unit: np.ndarray = directions / np.hypot(directions[:, 0], directions[:, 1])[:, None]
    return unit


def _through(matrix: np.ndarray, inner: Support) -> Support:
    """The support function of ``matrix`` applied to a shape (the offset left out)."""
    return lambda d: inner(d @ matrix) @ matrix.T


def _disc(radius: float) -> Support:
    return lambda d: radius * _unit(d)


def _rounded_points(points: np.ndarray, radius: float) -> Support:
    return lambda d: points[np.argmax(d @ points.T, axis=1)] + radius * _unit(d)


def _matrix(shape: ConvexShape) -> np.ndarray:
    a, b, c, d = shape.affine.matrix  # type: ignore[attr-defined]
    return np.array([[a, b], [c, d]])


def _shape(kind: str, at: Vec, length: float) -> tuple[ConvexShape, Support]:
    """A shape of ``kind`` about ``length`` long placed at ``at``, and its true support
    function relative to ``at`` (from the numbers the shape actually holds)."""
    if kind == "circle":
        return circle(at, length / 2), _disc(length / 2)
    if kind == "ellipse":
        shape = ellipse(at, (length / 2, length / 2 * 0.003), 30.0)
        return shape, _through(_matrix(shape), _disc(1.0))
    if kind == "capsule":
        end = (at[0] + length * 0.8, at[1] + length * 0.6)
        shape = capsule(at, end, length * 1e-3)
        ends = np.array([[0.0, 0.0], [end[0] - at[0], end[1] - at[1]]])
        return shape, _rounded_points(ends, length * 1e-3)
    if kind == "rounded-pentagon":
        ring = [
            (
                at[0] + length / 2 * math.cos(k * 1.2566 + 0.1),
                at[1] + length / 2 * math.sin(k * 1.2566),
            )
            for k in range(5)
        ]
        shape = rounded(hull(ring), length * 0.05)
        return shape, _rounded_points(np.array(ring) - np.array(at), length * 0.05)
    if kind == "squashed-capsule":
        squash = Affine.from_parts((length, length * 0.2), 70.0, at)
        shape = transformed(capsule((0.0, 0.0), (1.0, 0.0), 0.3), squash)
        inner = _rounded_points(np.array([[0.0, 0.0], [1.0, 0.0]]), 0.3)
        return shape, _through(_matrix(shape), inner)
    assert kind == "rounded-ellipse"
    flat = ellipse(at, (length / 2, length / 20), 110.0)
    through = _through(_matrix(flat), _disc(1.0))
    margin = length * 0.01
    return rounded(flat, margin), lambda d: through(d) + margin * _unit(d)


KINDS = ["circle", "ellipse", "capsule", "rounded-pentagon", "squashed-capsule", "rounded-ellipse"]


def measured_error(points: np.ndarray, at: Vec, support: Support) -> float:
    """The largest distance from the true boundary to the polygon through ``points``,
    all relative to ``at`` (where the shape was placed: differences of nearby numbers,
    so that the measurement keeps the digits the shape's size needs)."""
    angles = np.linspace(0.0, 2 * math.pi, DIRECTIONS, endpoint=False)
    boundary = support(np.column_stack((np.cos(angles), np.sin(angles))))
    polygon = shapely.convex_hull(shapely.multipoints(points - np.array(at)))
    return float(shapely.distance(shapely.points(boundary), polygon).max())


def assert_bound_is_sound_and_tight(
    bound: float, measured: float, reach: float, length: float
) -> None:
    """``bound`` covers ``measured`` (up to the measurement's own rounding, relative to
    the size) and exceeds 4 times it by at most ``rounding(reach)``, the rounding of
    the coordinates where the shape lies."""
    assert math.isfinite(bound)
    assert bound >= measured - rounding(length)
    assert bound <= 4 * measured + rounding(reach)


OFFSETS = [0.0, 1.0, 1e3, 1e6, 1e9, 1e10, 1e11, 1e12]
LENGTHS = [1e-6, 1e-3, 1.0, 1e3, 1e6, 1e10, 1e14]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("offset", OFFSETS)
def test_the_bound_is_finite_sound_and_tight_at_every_offset_and_size(
    kind: str, offset: float
) -> None:
    for length in LENGTHS:
        at = (offset * 0.6, -offset * 0.8)
        shape, support = _shape(kind, at, length)
        traced = outline(shape)
        reach = float(np.abs(traced.points).max())
        measured = measured_error(traced.points, at, support)
        assert_bound_is_sound_and_tight(traced.error, measured, reach, length)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("offset", "length"), [(1e149, 1e-3), (1e149, 1e140), (0.0, 1e149)])
def test_the_bound_holds_at_the_input_limits(kind: str, offset: float, length: float) -> None:
    at = (-offset * 0.6, offset * 0.8)
    shape, support = _shape(kind, at, length)
    traced = outline(shape)
    reach = float(np.abs(traced.points).max())
    measured = measured_error(traced.points, at, support)
    assert_bound_is_sound_and_tight(traced.error, measured, reach, length)


def test_the_issue_ellipse_far_out_gets_a_small_finite_bound() -> None:
    # gjkcli issue 13: traced at 1e11 the bound was NaN (its directions were halved
    # until two of them coincided), and from 1e10 on it reached billions
    thin = outline(ellipse((1e11, 0.0), (1.0, 0.01), 30.0))
    assert math.isfinite(thin.error) and thin.error < 1e-4
    thinner = outline(ellipse((1e10, 0.0), (1.0, 0.001)))
    assert thinner.error < 1e-4  # was 2e10 (4.25e9 rotated), for shapes 3.58 apart


def test_no_bound_is_nan_even_when_no_point_can_be_added() -> None:
    # a capsule 1e14 long of radius 1e-6 far out: its round ends are below the
    # rounding of its coordinates, so most intervals cannot be refined
    traced = outline(capsule((1e12, 1e12), (1e12 + 8e13, 1e12 + 6e13), 1e-6))
    assert math.isfinite(traced.error)
    assert traced.error < 1e-5 * 1e14


@pytest.mark.parametrize("offset", [0.0, 1e6, 1e10, 1e12, 1e140])
def test_minkowski_bound_of_curved_shapes_is_finite_and_small_far_out(offset: float) -> None:
    a = ellipse((offset, offset), (1.0, 0.001), 30.0)
    b = circle((offset + 3.0, offset), 1.0)
    difference = minkowski_difference(a, b)
    assert math.isfinite(difference.error)
    # A - B lies near -3: its own size sets the bound, not the offset of A and B
    assert difference.error < 1e-4
    apart = minkowski_difference(a, circle((-offset, 0.0), 1.0))
    assert math.isfinite(apart.error)
    assert apart.error <= 1e-4 + rounding(2 * offset)


def test_a_small_polygon_far_out_is_traced_in_the_order_of_its_directions() -> None:
    # a rounded pentagon 3e-5 wide at 3.3e9 (found by a random search): picking the
    # farthest vertex from products with the far-out coordinates themselves chose
    # vertices out of order, and the bound came out 1.9e-5, the size of the shape
    ring = [
        (3216600590.2170496, 814970810.2332789),
        (3216600590.2170367, 814970810.2332932),
        (3216600590.217019, 814970810.2332854),
        (3216600590.217021, 814970810.2332664),
        (3216600590.21704, 814970810.2332623),
    ]
    shape = rounded(hull(ring), 6.062042020094966e-06)
    traced = outline(shape)
    assert traced.error < 1e-5 * 4e-5 + rounding(3.3e9)
