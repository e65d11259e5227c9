"""Points read at once (``plain_points``, inside ``Node.points``) are those read point by
point, and everything else gets the point-by-point message."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gjkcli.io.errors import InputError
from gjkcli.io.jsondoc import NonFinite, parse_json
from gjkcli.io.node import Node
from gjkcli.io.rings import polygon_shape


def _point_by_point(node: Node) -> list[tuple[float, float]]:
    """The general way, without the plain reading."""
    return [item.xy() for item in node.sequence("points", 3)]


def _read(read: Any, node: Node) -> object:
    """What reading the ring gives: its points, or the error's words."""
    try:
        return read(node)
    except InputError as error:
        return ("error", str(error))


def _coordinate(rng: random.Random) -> Any:
    """Mostly a number a ring may hold; now and then one it may not."""
    if rng.random() < 0.97:
        return rng.choice([rng.uniform(-5.0, 5.0), rng.randint(-5, 5), -0.0])
    return rng.choice([10**400, True, "1", None, NonFinite("NaN"), float("inf"), [1.0]])


def _point(rng: random.Random) -> Any:
    if rng.random() < 0.97:
        return [_coordinate(rng), _coordinate(rng)]
    return rng.choice([[1.0], [1.0, 2.0, 3.0], (1.0, 2.0), "xy", 3.0, {"x": 1.0}])


def test_points_read_at_once_are_those_read_point_by_point() -> None:
    rng = random.Random(15)
    short = 0
    for _ in range(3000):
        value: Any = [_point(rng) for _ in range(rng.randint(0, 6))]
        if rng.random() < 0.03:
            value = rng.choice([{"points": value}, "ring", 3.0, None, tuple(value)])
        node = Node(value, "x.json", "a.points")
        expected = _read(_point_by_point, node)
        got = _read(lambda n: n.points(3), node)
        assert got == expected
        assert repr(got) == repr(expected)  # -0.0 stays -0.0
        short += isinstance(expected, list)
    assert short >= 300


def test_parsed_rings_give_the_same_shapes_either_way() -> None:
    text = '{"r": [[0, 0], [4, 0], [4, 4], [2, 1e-3], [0, 4]], "h": [[1, 1], [1.5, 1], [1, 1.5]]}'
    document = Node(parse_json(text, "x.json"), "x.json")
    rings = [document.key("r"), document.key("h")]
    shape = polygon_shape(rings, document)
    assert [node.points(3) for node in rings] == [_point_by_point(node) for node in rings]
    assert shape.geometry == {  # type: ignore[union-attr]
        "type": "Polygon",
        "coordinates": [[list(map(float, p)) for p in ring.value] for ring in rings],
    }


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ([[0, 0], [1, 0]], "too few points"),
        ([[0, 0], [1, 0], [0, True]], "a.points[2][1]: expected a number, got true"),
        ([[0, 0], [1, 0], [0, 10**400]], "a.points[2][1]: number too large for a float"),
        ([[0, 0], [1, 0], [0, NonFinite("NaN")]], "NaN is not allowed"),
        ([[0, 0], [1, 0], [0, 1, 2]], "a.points[2]: expected a point [x, y]"),
    ],
)
def test_bad_rings_get_the_general_message(value: Any, words: str) -> None:
    node = Node(value, "x.json", "a.points")
    with pytest.raises(InputError) as caught:
        polygon_shape([node], node)
    assert words in str(caught.value)
