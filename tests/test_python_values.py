"""Issue 17: the public queries' results behave as Python values, and take shapes in any form."""

from __future__ import annotations

import json
import math
import pathlib
import random
import re

import numpy as np
import pytest
import shapely

import gjkcli
from gjkcli import (
    InputError,
    circle,
    convex_polygon,
    decompose,
    distance,
    intersects,
    load_shape,
    minkowski_difference,
    penetration,
    point,
    rectangle,
    solve,
    union_of,
)
from gjkcli.algorithms import distance as algorithms_distance
from gjkcli.algorithms import intersect as algorithms_intersect
from gjkcli.shapes import NotConvexError
from tests.helpers import random_convex_ring


def _star(rng: random.Random, center: tuple[float, float], count: int) -> list[tuple[float, float]]:
    """A random ring, star-shaped around ``center`` (so simple), and usually not convex."""
    angles = [(k + rng.uniform(0.1, 0.9)) * 2.0 * math.pi / count for k in range(count)]
    radii = [rng.uniform(0.3, 2.0) for _ in angles]
    return [
        (center[0] + r * math.cos(t), center[1] + r * math.sin(t))
        for r, t in zip(radii, angles, strict=True)
    ]


def test_an_intersects_result_is_truthy_exactly_when_the_shapes_intersect() -> None:
    rng = random.Random(17)
    seen = set()
    for _ in range(300):
        a = convex_polygon(random_convex_ring(rng, rng.randint(3, 8), (0.0, 0.0), 1.0))
        centre = (rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0))
        b = convex_polygon(random_convex_ring(rng, rng.randint(3, 8), centre, 1.0))
        result = intersects(a, b)
        assert bool(result) is result.intersects
        assert (not result) is (not result.intersects)
        seen.add(result.intersects)
    assert seen == {True, False}
    apart = intersects(circle((0.0, 0.0), 1.0), circle((10.0, 0.0), 1.0))
    assert not apart
    touching = intersects(rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 0.0), (2.0, 2.0)))
    assert touching  # touching counts as intersecting


def test_a_distance_result_is_its_distance_wherever_a_number_will_do() -> None:
    rng = random.Random(71)
    results = []
    for _ in range(200):
        a = circle((rng.uniform(-5, 5), rng.uniform(-5, 5)), rng.uniform(0.1, 2.0))
        b = rectangle((rng.uniform(-5, 5), rng.uniform(-5, 5)), (1.0, 2.0), rng.uniform(0, 90))
        result = distance(a, b)
        results.append(result)
        value = result.distance
        assert float(result) == value
        assert bool(result) is (value != 0.0)
        assert (result < value + 1.0) and (result <= value) and (result >= value)
        assert not (result > value) and not (result < value)
        assert (result > -1) and (value + 1 > result)  # the reflected operators too
        assert f"{result:.6f}" == f"{value:.6f}"
        assert math.isclose(math.sqrt(result), math.sqrt(value))
    ordered = sorted(results)
    assert [float(r) for r in ordered] == sorted(r.distance for r in results)
    assert min(results).distance == min(r.distance for r in results)
    far = distance(circle((0.0, 0.0), 1.0), circle((10.0, 0.0), 1.0))
    same = distance(circle((0.0, 0.0), 1.0), circle((10.0, 0.0), 1.0))
    assert far == same and far != 8.0  # type: ignore[comparison-overlap]  # whole results
    assert str(far) == f"{far}" == repr(far)
    with pytest.raises(TypeError):
        far < "8"  # noqa: B015  (the comparison is the test)
    assert float(np.float64(far)) == 8.0 and np.float64(1.0) < far


def test_a_penetration_converts_to_its_depth() -> None:
    overlap = penetration(circle((0.0, 0.0), 2.0), circle((3.0, 0.0), 2.0))
    assert overlap is not None and float(overlap) == overlap.depth == 1.0


def _forms(ring: list[tuple[float, float]]) -> dict[str, object]:
    """One polygon written every way a shape can be given."""
    closed = [*ring, ring[0]]
    geometry = shapely.Polygon(ring)
    native = {"type": "polygon", "points": [list(p) for p in ring]}
    geojson = {"type": "Polygon", "coordinates": [[list(p) for p in closed]]}
    return {
        "shapely": geometry,
        "wkt": shapely.to_wkt(geometry, rounding_precision=-1),
        "geojson dict": geojson,
        "geojson feature": {"type": "Feature", "geometry": geojson, "properties": {}},
        "native dict": native,
        "json text": json.dumps(native),
        "numpy array": np.array(ring),
        "list of tuples": ring,
        "list of lists": [list(p) for p in ring],
    }


@pytest.mark.parametrize("convex", [True, False])
def test_every_form_of_a_shape_gives_the_same_answer(convex: bool) -> None:
    rng = random.Random(1700 + convex)
    for _ in range(25):
        ring = (
            random_convex_ring(rng, rng.randint(3, 9), (0.0, 0.0), 1.5)
            if convex
            else _star(rng, (0.0, 0.0), rng.randint(5, 12))
        )
        if not shapely.Polygon(ring).is_valid:
            continue
        other = circle((rng.uniform(-4, 4), rng.uniform(-4, 4)), rng.uniform(0.1, 1.0))
        reference = distance(load_shape({"type": "polygon", "points": ring}).shape, other)
        # the answer is right: Shapely's distance to the circle's centre, minus the radius
        centre = shapely.Point(other.core.vertices[0])  # type: ignore[attr-defined]
        expected = max(0.0, shapely.distance(shapely.Polygon(ring), centre) - other.radius)  # type: ignore[attr-defined]
        assert reference.distance == pytest.approx(expected, abs=1e-9)
        for form, value in _forms(ring).items():
            # the loaders may start a ring at another vertex: the same answer, rounded anew
            result = distance(value, other)
            assert result.distance == pytest.approx(reference.distance, rel=1e-12, abs=1e-15)
            assert result.intersects is reference.intersects, form
            if result.closest is not None and reference.closest is not None:
                assert result.closest[0] == pytest.approx(reference.closest[0], abs=1e-12)
            assert distance(other, value).distance == pytest.approx(result.distance, abs=1e-15)
            assert bool(intersects(value, other)) is result.intersects, form
            assert solve(value, other).gjk.distance == result.distance, form


def test_other_forms_points_segments_features_and_shapes_as_they_are() -> None:
    disc = circle((3.0, 4.0), 1.0)
    for value in (
        point((0.0, 0.0)),
        shapely.Point(0, 0),
        "POINT (0 0)",
        " point(0 0)",
        '{"type": "point", "at": [0, 0]}',
        {"type": "Point", "coordinates": [0, 0]},
        np.array([0.0, 0.0]),
        (0, 0),
        [[0, 0]],
        np.array([[0, 0]], dtype=np.int64),
    ):
        assert float(distance(value, disc)) == 4.0, value
    segment = distance(np.array([[-5.0, 0.0], [5.0, 0.0]]), disc)
    assert float(segment) == 3.0 and segment.closest is not None
    assert segment.closest[0] == (3.0, 0.0) and segment.closest[1] == pytest.approx((3.0, 3.0))
    line = shapely.LineString([(-5, 0), (0, 0), (0, 10)])  # a polyline: its segments
    assert float(distance(line, disc)) == 2.0
    ring = shapely.LinearRing([(-5, 0), (5, 0), (5, 1)])  # a closed polyline, not an area
    expected = shapely.distance(ring, shapely.Point(0, 0.25)) - 0.1
    assert float(distance(ring, circle((0.0, 0.25), 0.1))) == pytest.approx(expected, abs=1e-12)
    multi = shapely.MultiPoint([(0, 0), (3, 0)])
    assert float(distance(multi, disc)) == 3.0
    collection = shapely.GeometryCollection([shapely.Point(0, 0), shapely.box(2, 2, 3, 2.5)])
    assert float(distance(collection, disc)) == 0.5
    built = decompose([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    assert float(distance(built, circle((3.0, 3.0), 1.0))) == 1.0
    assert load_shape(built).shape is built and load_shape(disc).shape is disc


def test_the_query_functions_answer_for_compound_shapes_part_pair_by_part_pair() -> None:
    rng = random.Random(4)
    kinds = set()
    for case in range(60):
        a = decompose(_star(rng, (0.0, 0.0), rng.randint(5, 10)))
        if case % 3 == 0:  # touching along a shared vertex, to within rounding or exactly
            b = decompose([(x + 2.0, y) for x, y in _star(rng, (0.0, 0.0), rng.randint(5, 10))])
        else:
            b = decompose(_star(rng, (rng.uniform(-3, 3), rng.uniform(-3, 3)), rng.randint(5, 10)))
        pairs = [(p, q) for p in a.parts for q in b.parts]
        # intersects: some pair of parts does, by boolean GJK (brute force over all pairs)
        any_pair = any(algorithms_intersect.intersects(p, q).intersects for p, q in pairs)
        assert bool(intersects(a, b)) is any_pair
        kinds.add(any_pair)
        # distance: GJK's own run on the deciding pair, the least over the pairs
        result = distance(a, b)
        least = min(algorithms_distance.distance(p, q).distance for p, q in pairs)
        assert result.distance == pytest.approx(least, abs=result.band + 1e-15)
        steps: list[algorithms_distance.DistanceStep] = []
        assert distance(a, b, steps) == result and steps  # a recorder only records
        # a compound of one part answers as that part alone
        alone = b.parts[0]
        assert distance(union_of([alone]), a) == distance(alone, a)
        # and solve's verdict, settled with proofs, agrees where no rounding is in doubt
        verdict = solve(a, b).verdict
        if result.distance > result.band:
            assert verdict == "separated"
    assert kinds == {True, False}
    with pytest.raises(NotConvexError, match=r"solve\(a, b\)"):
        penetration(decompose([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)]), point((1.0, 1.0)))
    with pytest.raises(NotConvexError, match="b is made of 2 convex parts"):
        minkowski_difference(point((0.0, 0.0)), shapely.MultiPoint([(0, 0), (3, 0)]))
    # a compound of one convex part is that part
    square = "MULTIPOLYGON (((0 0, 2 0, 2 2, 0 2, 0 0)))"
    assert minkowski_difference(square, "POINT (0 0)").vertices == (
        (0.0, 0.0),
        (2.0, 0.0),
        (2.0, 2.0),
        (0.0, 2.0),
    )
    depth = penetration(square, circle((2.0, 1.0), 0.5))
    assert depth is not None and depth.depth == 0.5


def test_something_that_is_not_a_shape_gets_one_clear_error() -> None:
    disc = circle((0.0, 0.0), 1.0)
    for value, words in [
        (7, "a: not a shape: got int; a shape is a gjkcli shape, a Shapely geometry"),
        (object(), "not a shape: got object"),
        ([], "not a shape: coordinates are numbers, got a list of 0 items"),
        ([["x", 1]], "not a shape: coordinates are numbers, got a list of 1 item"),
        (b"\x03\x00", "not a shape: got bytes"),
        (range(2), "not a shape: got range"),
        ({"a": 1, "b": 2}, "this is a pair, not one shape: give it alone"),
        (np.zeros((2, 2, 2)), "a: points[0][0]: expected a number, got a list of 2 items"),
        (np.ones((3, 3)), "a: points[0]: expected a point [x, y], got a list of 3 items"),
        ([[[[[1.0]]]]], "a: at: expected a point [x, y], got a list of 1 item"),
        (shapely.Point(), "empty geometry"),
        ("POINT (0 0", "a: invalid WKT"),
        ('{"type": "circle", "radius": 1}', "missing key 'center'"),
        ({"type": "box"}, "unknown shape type 'box'"),
        ("nosuch", "a: not a shape: shape text is JSON"),
        ("samples/seed-example.json", "(a file is read from a pathlib.Path, or by load_shape)"),
        ("-", "a: not a shape"),  # never standard input
        (np.array([[0, 0], [1, 1], [2, 2]]), "zero area"),
    ]:
        with pytest.raises(InputError) as raised:
            distance(value, disc)
        assert words in str(raised.value), (value, str(raised.value))
        assert "\n" not in str(raised.value) and not str(raised.value).endswith("1 items")
    with pytest.raises(InputError, match="not a file name: it holds a NUL character"):
        load_shape("pair\x00.json")  # no command line can name it; Python can
    with pytest.raises(InputError, match=r"^b: not a shape"):
        intersects(disc, 3.5)


def test_a_file_name_is_a_file_even_when_it_reads_as_wkt(
    tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # type: ignore[arg-type]
    with open("POINT (0 0)", "w") as file:
        file.write('{"type": "circle", "center": [10, 0], "radius": 1}')
    assert load_shape("POINT (0 0)").kind == "circle"  # load_shape reads files
    assert float(distance(pathlib.Path("POINT (0 0)"), "POINT (0 0)")) == 9.0  # so does a Path
    assert float(distance("POINT (0 0)", "POINT (0 0)")) == 0.0  # a string is shape text
    loaded = load_shape("POINT (0 0)")
    assert distance(loaded, point((0.0, 0.0))) == distance(loaded.shape, point((0.0, 0.0)))


def test_convex_polygon_takes_arrays_and_names_the_reflex_vertex() -> None:
    ring = np.array([[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]])
    square = convex_polygon(ring)
    assert square.support((1.0, 1.0)) == (2.0, 2.0)
    assert all(type(c) is float for v in square.vertices for c in v)  # type: ignore[attr-defined]
    with pytest.raises(NotConvexError) as raised:
        convex_polygon([(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)])
    assert str(raised.value) == (
        "reflex vertex 3 at (2.0, 1.0): the ring is not convex; "
        "decompose(ring) cuts it into convex parts"
    )
    assert raised.value.index == 3
    assert float(distance(circle(np.array([0, 0]), np.float32(1.0)), point((3, 0)))) == 2.0


def test_decompose_and_rounded_take_numpy_values_and_constructors_refuse_bad_points() -> None:
    ell = decompose(np.array([[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]]))
    assert float(distance(ell, circle((3.0, 3.0), 1.0))) == 1.0
    for polygon in ("POLYGON ((0 0, 1 0, 0 1, 0 0))", shapely.box(0, 0, 1, 1)):
        with pytest.raises(TypeError, match="goes straight to distance, intersects or solve"):
            decompose(polygon)  # type: ignore[arg-type]
    grown = gjkcli.rounded(point((0.0, 0.0)), np.float32(0.5))
    result = distance(grown, point((3.0, 0.0)))
    assert type(result.distance) is float and result.distance == 2.5
    for bad, words in [
        ((1.0, 2.0, 3.0), "a point is two numbers (x, y), got 3"),
        ("12", "a point is two numbers (x, y), got str"),
        ((math.nan, 0.0), "must be finite"),
        ((math.inf, 0.0), "must be finite"),
    ]:
        with pytest.raises(ValueError, match=re.escape(words)):
            point(bad)  # type: ignore[arg-type]


def test_the_package_exports_the_queries_that_take_any_shape() -> None:
    from gjkcli import queries

    # gjkcli lists them itself, to import them on first use: the two lists must agree
    lazy = {name for name, module in gjkcli._LAZY.items() if module == "gjkcli.queries"}
    assert lazy == set(queries.__all__) and lazy <= set(gjkcli.__all__)
    for name in queries.__all__:
        assert getattr(gjkcli, name) is getattr(queries, name), name
    assert gjkcli.solve("POINT (0 0)", "POINT (3 4)").gjk.distance == 5.0


def test_load_shape_keeps_the_note_that_geojson_in_longitude_latitude_is_in_degrees(
    tmp_path: pathlib.Path,
) -> None:
    louvre = tmp_path / "louvre.geojson"
    feature = {"type": "Point", "coordinates": [2.3376, 48.8606]}
    louvre.write_text(json.dumps({"type": "Feature", "properties": {}, "geometry": feature}))
    (note,) = load_shape(louvre).notes
    assert "distances and depths are in degrees" in note


def test_union_of_takes_any_shape_form_and_refuses_what_is_not_one() -> None:
    mixed = union_of([shapely.Point(0, 0), "POINT (3 0)", circle((6.0, 0.0), 1.0)])
    assert len(mixed.parts) == 3  # type: ignore[union-attr]
    assert float(distance(mixed, "POINT (4.5 0)")) == 0.5
    with pytest.raises(InputError, match=r"^members\[1\]: not a shape: got int"):
        union_of([point((0.0, 0.0)), 7])
    with pytest.raises(ValueError, match="at least one shape"):
        union_of([])
    with pytest.raises(TypeError, match=r"gjkcli\.union_of takes any shape form"):
        gjkcli.shapes.union_of(["POINT (0 0)"])  # type: ignore[list-item]
