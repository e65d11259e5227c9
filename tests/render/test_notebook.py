"""Issue 19: the answers of the public queries show as pictures in a notebook.

Jupyter calls ``_repr_svg_``; each picture must be an SVG document that holds both
shapes (their outlines, point for point, up to the picture's scale) and the marks of
the answer (at the answer's own points), titled with the answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from xml.etree import ElementTree

import pytest

import gjkcli
from gjkcli import Compound, circle, convex_polygon, decompose, ellipse, rectangle
from gjkcli.algorithms.distance import distance as algorithm_distance
from gjkcli.algorithms.pictured import Pictured
from gjkcli.render.scene import boundary
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Shape

SVG = "{http://www.w3.org/2000/svg}"

TRIANGLE_UP = convex_polygon([(0.0, 1.0), (1.0, -1.0), (-1.0, -1.0)])
TRIANGLE_DOWN = convex_polygon([(0.0, -1.0), (1.0, 1.0), (-1.0, 1.0)])
TILTED = ellipse((0.0, 0.0), (3.0, 1.0), 30.0)
DISC = circle((2.0, 1.0), 1.0)
FAR_DISC = circle((0.0, 3.0), 1.0)
U_SHAPE = decompose([(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)])
IN_THE_NOTCH = rectangle((3.0, 4.0), (1.0, 1.0))

QUERIES: dict[str, Callable[[object, object], Pictured | None]] = {
    "distance": gjkcli.distance,
    "intersects": gjkcli.intersects,
    "penetration": gjkcli.penetration,
    "solve": gjkcli.solve,
}

PAIRS: dict[str, tuple[Shape, Shape]] = {
    "triangles overlapping": (TRIANGLE_UP, TRIANGLE_DOWN),
    "triangle and disc apart": (TRIANGLE_UP, FAR_DISC),
    "ellipse and disc overlapping": (TILTED, DISC),
    "U and a box in its notch": (U_SHAPE, IN_THE_NOTCH),
}


def _parsed(picture: str) -> ElementTree.Element:
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def _with_class(root: ElementTree.Element, css: str) -> list[ElementTree.Element]:
    return [e for e in root.iter() if css in e.get("class", "").split()]


def _path_points(d: str) -> list[Vec]:
    numbers = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2], strict=True))


def _normalised(points: list[Vec], flip: bool) -> list[Vec]:
    """``points`` moved and scaled into the unit box by their larger span (y flipped for
    the picture's downward y)."""
    xs, ys = [p[0] for p in points], [(-p[1] if flip else p[1]) for p in points]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    return [((x - min(xs)) / span, (y - min(ys)) / span) for x, y in zip(xs, ys, strict=True)]


def assert_outlines(root: ElementTree.Element, shape: Shape, side: str) -> None:
    """The picture draws ``shape`` on ``side`` ("a" or "b"): each convex part's outline,
    point for point up to the picture's scale and shift."""
    if isinstance(shape, Compound):
        drawn, parts = _with_class(root, f"part-{side}"), list(shape.parts)
    else:
        drawn, parts = _with_class(root, f"shape-{side}"), [shape]
    assert len(drawn) == len(parts)
    all_world = [p for part in parts for p in boundary(part)]
    all_picture = _outline_points(
        root, f"part-{side}" if isinstance(shape, Compound) else f"shape-{side}"
    )
    assert len(all_picture) == len(all_world)
    pixels = max(
        max(p[0] for p in all_picture) - min(p[0] for p in all_picture),
        max(p[1] for p in all_picture) - min(p[1] for p in all_picture),
    )
    rounding = 0.021 / pixels  # the picture writes 0.01 of a pixel: a point, the least, the span
    for got, want in zip(
        _normalised(all_picture, False), _normalised(all_world, True), strict=True
    ):
        assert got == pytest.approx(want, abs=rounding)


def _data(element: ElementTree.Element, prefix: str = "") -> Vec:
    return (
        float(element.get(f"data-{prefix}x", "nan")),
        float(element.get(f"data-{prefix}y", "nan")),
    )


def _marked(root: ElementTree.Element, css: str) -> list[Vec]:
    return [_data(element) for element in _with_class(root, css)]


def _outline_points(root: ElementTree.Element, css: str) -> list[Vec]:
    return [p for element in _with_class(root, css) for p in _path_points(element.get("d", ""))]


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("query", QUERIES)
def test_each_answer_shows_its_shapes_and_its_marks(query: str, pair: str) -> None:
    a, b = PAIRS[pair]
    try:
        result = QUERIES[query](a, b)
    except gjkcli.shapes.NotConvexError:
        assert query == "penetration" and pair.startswith("U")  # depth: convex shapes only
        return
    if result is None:
        assert query == "penetration" and "apart" in pair
        return
    assert result.shapes == (a, b)
    picture = result._repr_svg_()
    assert picture is not None
    root = _parsed(picture)
    assert_outlines(root, a, "a")
    assert_outlines(root, b, "b")
    title = "".join(_with_class(root, "title")[0].itertext())
    assert title.startswith("A and B: ")
    if isinstance(result, gjkcli.DistanceResult) and result.closest is not None:
        assert _marked(root, "closest-a") == [result.closest[0]]
        assert _marked(root, "closest-b") == [result.closest[1]]
        assert title.endswith(f"distance {result.distance:.6g}")
    overlap = result.penetration if isinstance(result, gjkcli.Answer) else result
    if isinstance(overlap, gjkcli.Penetration):
        assert _marked(root, "contact-a") == [overlap.contact[0]]
        assert _marked(root, "contact-b") == [overlap.contact[1]]
        assert title.endswith(f"depth {overlap.depth:.6g}")
        assert len(_with_class(root, "move")) == 1
    if isinstance(result, gjkcli.IntersectResult):
        assert ("intersecting" in title) is result.intersects


def _side(point: Vec, line: ElementTree.Element) -> float:
    x1, y1, x2, y2 = (float(line.get(key, "nan")) for key in ("x1", "y1", "x2", "y2"))
    return (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)


@pytest.mark.parametrize(
    "b",
    [FAR_DISC, convex_polygon([(3.0, 1.0), (4.0, 3.0), (2.0, 4.0)]), circle((-2.5, -0.5), 0.6)],
)
def test_boolean_gjk_apart_draws_a_line_that_separates_the_shapes(b: Shape) -> None:
    result = gjkcli.intersects(TRIANGLE_UP, b, direction=(0.6, 0.8))
    assert not result and result.status == "separating-axis"
    root = _parsed(result._repr_svg_() or "")
    (line,) = _with_class(root, "separating")
    sides_a = {_side(p, line) > 0 for p in _outline_points(root, "shape-a")}
    sides_b = {_side(p, line) > 0 for p in _outline_points(root, "shape-b")}
    assert len(sides_a) == len(sides_b) == 1 and sides_a != sides_b
    assert _data(line, "d") == result.direction


def test_compound_shapes_draw_no_separating_line() -> None:
    """The axis that separates the deciding parts need not separate the whole shapes."""
    result = gjkcli.intersects(U_SHAPE, IN_THE_NOTCH)
    assert not result and result.status == "separating-axis"
    assert not _with_class(_parsed(result._repr_svg_() or ""), "separating")


def test_the_shapes_kept_change_no_answer() -> None:
    """The algorithms (and the compiled core) keep no shapes: such a result shows as text,
    and is equal, with the same repr and hash, to the one the public query returns."""
    mine = gjkcli.distance(TRIANGLE_UP, FAR_DISC)
    bare = algorithm_distance(TRIANGLE_UP, FAR_DISC)
    assert bare.shapes is None and bare._repr_svg_() is None
    assert mine == bare and repr(mine) == repr(bare) and hash(mine) == hash(bare)
    assert gjkcli.solve(TRIANGLE_UP, FAR_DISC).gjk.shapes is None  # kept once, on the whole


def test_a_check_and_a_solve_draw_the_same_answer() -> None:
    check = gjkcli.check(TRIANGLE_UP, TRIANGLE_DOWN)
    assert check._repr_svg_() == gjkcli.solve(TRIANGLE_UP, TRIANGLE_DOWN)._repr_svg_()
