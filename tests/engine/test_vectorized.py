"""gjkcli.vectorized: the same answers as the single-pair functions, pair by pair, from
every kind of input, broadcast, on one thread or several, on either engine."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

import numpy as np
import pytest
import shapely

from gjkcli import engine, vectorized
from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.epa import penetration
from gjkcli.algorithms.intersect import intersects
from gjkcli.shape_array import ShapeArray, as_shape_array
from gjkcli.shapes import ConvexShape, circle, convex_polygon, union_of
from tests.engine.pairs import SHAPE_TYPES, ngons, random_pairs


@pytest.fixture(params=["compiled", "pure"])
def engine_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test on the compiled core (when built) and on the pure-Python engine."""
    if request.param == "pure":
        monkeypatch.setattr("gjkcli.vectorized.core", lambda: None)
    elif engine.compiled() is None:
        pytest.skip("the compiled core is not active")
    return str(request.param)


def _pairs(count: int, seed: int) -> Iterator[tuple[ConvexShape, ConvexShape]]:
    for kind in sorted(SHAPE_TYPES):
        yield from random_pairs(kind, count, seed)


def _same(found: object, expected: object) -> bool:
    return repr(found) == repr(expected)


def test_every_answer_is_the_single_pair_functions(engine_path: str) -> None:
    pairs = list(_pairs(60 if engine_path == "pure" else 400, seed=3))
    a = ShapeArray.from_shapes([pair[0] for pair in pairs])
    b = ShapeArray.from_shapes([pair[1] for pair in pairs])
    found = vectorized.distance_details(a, b)
    depths = vectorized.penetration_details(a, b)
    verdicts = vectorized.intersects_details(a, b)
    for k, (shape_a, shape_b) in enumerate(pairs):
        gjk = distance(shape_a, shape_b)
        assert _same(float(found.distance[k]), gjk.distance)
        assert (bool(found.intersects[k]), int(found.iterations[k]), str(found.status[k])) == (
            gjk.intersects,
            gjk.iterations,
            gjk.status,
        )
        closest = found.closest[k].tolist()
        assert (
            _same(closest, [list(p) for p in gjk.closest])
            if gjk.closest
            else np.isnan(closest).all()
        )
        overlap = penetration(shape_a, shape_b)
        if overlap is None:
            assert (depths.depth[k], depths.status[k]) == (0.0, "apart")
        else:
            assert _same(float(depths.depth[k]), overlap.depth)
            assert _same(tuple(depths.normal[k].tolist()), overlap.normal)
            assert _same([tuple(p) for p in depths.contact[k].tolist()], list(overlap.contact))
            assert (int(depths.iterations[k]), str(depths.status[k])) == (
                overlap.iterations,
                overlap.status,
            )
        boolean = intersects(shape_a, shape_b)
        assert (bool(verdicts.intersects[k]), str(verdicts.status[k])) == (
            boolean.intersects,
            boolean.status,
        )
        assert _same(tuple(verdicts.direction[k].tolist()), boolean.direction)


def test_threads_change_nothing() -> None:
    pairs = list(_pairs(1200, seed=4))
    a = ShapeArray.from_shapes([pair[0] for pair in pairs])
    b = ShapeArray.from_shapes([pair[1] for pair in pairs])
    one = vectorized.distance_details(a, b, threads=1)
    two = vectorized.distance_details(a, b, threads=2)
    for name in ("distance", "closest", "iterations"):
        assert np.array_equal(getattr(one, name), getattr(two, name), equal_nan=True)
    assert np.array_equal(one.status, two.status)
    with pytest.raises(ValueError, match="threads"):
        vectorized.distance(a, b, threads=0)


def test_shapely_arrays_ragged_arrays_and_geoseries_like_input_agree(engine_path: str) -> None:
    rng = random.Random(5)
    rings_a, rings_b = ngons(rng, 50), ngons(rng, 50)
    geometries_a = shapely.polygons(rings_a)
    geometries_b = shapely.polygons(rings_b)

    class GeoSeriesLike:
        """What GeoPandas gives: geometries under ``.values``."""

        values = geometries_b

    expected = [
        distance(convex_polygon(p), convex_polygon(q)).distance
        for p, q in zip(rings_a, rings_b, strict=True)
    ]
    for a, b in [
        (geometries_a, geometries_b),
        (list(geometries_a), GeoSeriesLike()),
        (shapely.to_ragged_array(geometries_a), shapely.to_ragged_array(geometries_b)),
        ([convex_polygon(p) for p in rings_a], [convex_polygon(q) for q in rings_b]),
    ]:
        assert _same(vectorized.distance(a, b).tolist(), expected)
    # and Shapely's own answers, to its precision
    assert np.allclose(
        vectorized.distance(geometries_a, geometries_b),
        shapely.distance(geometries_a, geometries_b),
        atol=1e-12,
    )
    assert np.array_equal(
        vectorized.intersects(geometries_a, geometries_b),
        shapely.intersects(geometries_a, geometries_b),
    )


def test_a_real_geoseries_is_taken(engine_path: str) -> None:
    """A GeoPandas GeoSeries, where GeoPandas is installed (gjkcli does not need it)."""
    geopandas = pytest.importorskip("geopandas")
    rng = random.Random(6)
    rings_a, rings_b = ngons(rng, 30), ngons(rng, 30)
    series_a = geopandas.GeoSeries(shapely.polygons(rings_a))
    series_b = geopandas.GeoSeries(shapely.polygons(rings_b))
    expected = [
        distance(convex_polygon(p), convex_polygon(q)).distance
        for p, q in zip(rings_a, rings_b, strict=True)
    ]
    assert _same(vectorized.distance(series_a, series_b).tolist(), expected)
    assert np.allclose(vectorized.distance(series_a, series_b), series_a.distance(series_b))
    verdicts = vectorized.intersects(series_a, series_b)
    assert np.array_equal(verdicts, series_a.intersects(series_b).to_numpy())
    assert 0 < verdicts.sum() < len(verdicts)  # both verdicts are among the pairs
    one_against_many = vectorized.distance(series_a, series_b.iloc[0])  # a Shapely polygon
    assert _same(
        one_against_many.tolist(),
        [distance(convex_polygon(p), convex_polygon(rings_b[0])).distance for p in rings_a],
    )


def test_points_and_segments_from_shapely() -> None:
    shapes = as_shape_array(shapely.from_wkt(["POINT (3 4)", "LINESTRING (0 2, 5 2)"]))
    assert vectorized.distance(shapes, shapely.Point(0.0, 0.0)).tolist() == [5.0, 2.0]
    assert vectorized.distance(
        shapely.points([[0.0, 0.0], [3.0, 4.0]]), shapely.Point(0.0, 0.0)
    ).tolist() == [0.0, 5.0]


def test_broadcasting_follows_numpy() -> None:
    centers = np.array([[0.0, 0.0], [10.0, 0.0], [20.0, 0.0]])
    discs = ShapeArray.circles(centers, 1.0)
    points = shapely.points(centers)
    table = vectorized.distance(points[:, None], points[None, :])
    assert table.shape == (3, 3)
    assert table.tolist() == [[0.0, 10.0, 20.0], [10.0, 0.0, 10.0], [20.0, 10.0, 0.0]]
    one_against_many = vectorized.distance(discs, circle((0.0, 5.0), 1.0))
    assert one_against_many.shape == (3,)
    assert _same(
        one_against_many.tolist(),
        [
            distance(circle((x, 0.0), 1.0), circle((0.0, 5.0), 1.0)).distance
            for x in (0.0, 10.0, 20.0)
        ],
    )
    single = vectorized.distance(circle((0.0, 0.0), 1.0), circle((3.0, 4.0), 1.0))
    assert single.shape == () and float(single) == 3.0
    with pytest.raises(ValueError, match="broadcast"):
        vectorized.distance(discs, ShapeArray.circles(centers[:2], 1.0))


def test_curved_shapes_stay_curved_and_exact() -> None:
    """Two unit discs 3 apart are exactly 1 apart; an ellipse built in bulk is the one
    gjkcli.ellipse builds."""
    discs = ShapeArray.circles([[0.0, 0.0]], 1.0)
    assert vectorized.distance(discs, ShapeArray.circles([[3.0, 0.0]], 1.0)).tolist() == [1.0]
    many = ShapeArray.ellipses([[0.0, 0.0], [5.0, 1.0]], [[2.0, 1.0], [1.0, 1.0]], [30.0, 0.0])
    from gjkcli.shapes import ellipse

    assert repr(many.shape_at(0)) == repr(ellipse((0.0, 0.0), (2.0, 1.0), 30.0))
    assert repr(many.shape_at(1)) == repr(ellipse((5.0, 1.0), (1.0, 1.0)))
    capsules = ShapeArray.capsules([[0.0, 0.0]], [[4.0, 0.0]], 0.5)
    assert vectorized.distance(capsules, discs).tolist() == [0.0]
    assert vectorized.penetration(capsules, ShapeArray.circles([[2.0, 1.0]], 1.0)).tolist() == [0.5]


@pytest.mark.parametrize(
    ("geometry", "message"),
    [
        (
            "POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))",
            "geometry 0 is not a convex polygon: reflex vertex at vertex 3",
        ),
        (
            "POLYGON ((0 0, 9 0, 9 9, 0 9, 0 0), (1 1, 2 1, 2 2, 1 1))",
            "geometry 0 is a polygon with holes",
        ),
        ("MULTIPOINT ((0 0), (1 1))", "geometry 0 is a MultiPoint"),
        ("LINESTRING (0 0, 1 1, 2 0)", "more than two points"),
        ("POINT EMPTY", "geometry 0 is missing or empty"),
    ],
)
def test_shapes_the_array_functions_cannot_take_are_named(geometry: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        vectorized.distance(shapely.from_wkt([geometry]), shapely.Point(0.0, 0.0))


def test_compound_shapes_and_bad_radii_are_refused() -> None:
    two_discs = union_of([circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)])
    with pytest.raises(ValueError, match="shape 1 is a Compound"):
        ShapeArray.from_shapes([circle((0.0, 0.0), 1.0), cast(ConvexShape, two_discs)])
    with pytest.raises(ValueError, match="shape 1: the radius must be finite and >= 0"):
        ShapeArray.circles([[0.0, 0.0], [1.0, 1.0]], [1.0, -1.0])
    with pytest.raises(ValueError, match="shape 0 has no points"):
        ShapeArray.from_ragged(np.zeros((2, 2)), [0, 0, 2])


def test_a_shape_array_cannot_be_changed_under_the_core() -> None:
    """The core reads the columns without the GIL, after checking them once: they are
    copies that cannot be written to, so neither the caller's array nor another thread
    can change them."""
    coords = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0]])
    shapes = ShapeArray.from_ragged(coords, np.array([0, 2, 3]))
    coords[0, 0] = 100.0  # the caller's array: not the one held
    assert shapes.coords[0, 0] == 0.0
    for column in shapes.columns():
        with pytest.raises(ValueError, match="read-only"):
            column.reshape(-1)[0] = 1


def test_columns_built_by_hand_are_checked_too() -> None:
    """A ShapeArray made directly, not by its constructors, is checked all the same: an
    offsets column that claims more points than there are (a size that would overflow
    in the core), float offsets, negative radii and a wrong layout are refused."""
    zeros = (np.zeros(1), np.zeros(1, bool), np.zeros((1, 4)), np.zeros((1, 2)), np.zeros(1))

    def built(
        coords: object, offsets: object, *rest: object, shape: tuple[int, ...] = (1,)
    ) -> None:
        columns = rest or zeros
        ShapeArray(np.asarray(coords), np.asarray(offsets), *columns, shape)  # type: ignore[arg-type, call-arg]

    with pytest.raises(ValueError, match="end at the number of points"):
        built(np.zeros((1, 2)), [0, 2**60 + 1])
    with pytest.raises(ValueError, match="offsets must be integers"):
        built(np.zeros((2, 2)), [0.0, 2.0])
    with pytest.raises(ValueError, match="the radius must be finite and >= 0"):
        built(np.zeros((1, 2)), [0, 1], np.array([-1.0]), *zeros[1:])
    with pytest.raises(ValueError, match="does not hold"):
        built(np.zeros((1, 2)), [0, 1], shape=(2,))


def test_a_pair_with_no_answer_reports_none_on_both_engines(engine_path: str) -> None:
    """Where the single-pair function raises (polytopes 1e-162 across: a squared length
    underflows), the arrays say "error" with NaN numbers, no verdict and no iterations."""
    from gjkcli.shapes import Polytope

    a = Polytope(
        (
            (-9.996189829725245e-163, -3.3203173436413576e-164),
            (-8.54444560684092e-163, 1.2045371100455206e-162),
            (5.0016626592595206e-163, 1.144721702622757e-162),
            (1.1415896883484217e-162, 6.230157755157635e-164),
            (-5.157199541825691e-164, -1.0601775443911802e-162),
        )
    )
    b = Polytope(
        (
            (5.305571397591858e-163, 1.2555867702624116e-163),
            (1.1998308141706706e-162, -6.316769642785463e-163),
            (1.191120466476874e-162, -1.1920731523185178e-162),
            (-6.003906618315505e-163, -3.497011156669313e-163),
            (1.1923814524269405e-162, -3.1376480560100175e-163),
            (4.1906927842452126e-163, 3.1534796018130233e-163),
        )
    )
    with pytest.raises(ZeroDivisionError):
        penetration(a, b)
    found = vectorized.penetration_details([a], [b])
    assert found.status.tolist() == ["error"]
    assert np.isnan(found.depth).all() and np.isnan(found.normal).all()
    assert np.isnan(found.contact).all() and found.iterations.tolist() == [0]


def test_more_inputs_are_refused_or_taken_as_they_should_be() -> None:
    with pytest.raises(ValueError, match="z coordinates"):
        vectorized.distance(shapely.from_wkt(["POINT Z (0 0 1)"]), shapely.Point(0.0, 0.0))
    shapes = np.array([circle((0.0, 0.0), 1.0), circle((5.0, 0.0), 1.0)], dtype=object)
    assert vectorized.distance(shapes, circle((0.0, 3.0), 1.0)).tolist() == [
        1.0,
        distance(circle((5.0, 0.0), 1.0), circle((0.0, 3.0), 1.0)).distance,
    ]
