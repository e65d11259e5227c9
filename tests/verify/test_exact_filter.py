"""The filtered arbiter (``exact_answers``) gives exactly the exact arbiter's answers.

Identity is the test: the same verdict and the same ``Fraction`` (or ``None``),
pair for pair, on the pairs of ``gjk generate`` and on seeded random pairs of
every polygonal kind, the degenerate and the extreme ones above all. A last
test shows that the filter decides (it leaves random 8-gons to the rational
arithmetic almost never).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pytest

from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.corpus import generate
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.shapes import Polytope, circle, rectangle
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Shape
from gjkcli.verify import exact_filter
from gjkcli.verify.exact import ExactAnswer, exact_answer
from gjkcli.verify.exact_filter import exact_answers
from tests.helpers import random_convex_ring

Pairs = list[tuple[Shape, Shape]]


def assert_identical(pairs: Sequence[tuple[Shape, Shape]]) -> None:
    """``exact_answers`` on the whole list, and on chunks of 256 as a batch calls it,
    equals ``exact_answer`` pair by pair."""
    expected = [exact_answer(a, b) for a, b in pairs]
    chunked: list[ExactAnswer | None] = []
    for start in range(0, len(pairs), 256):
        chunked.extend(exact_answers(pairs[start : start + 256]))
    assert exact_answers(pairs) == expected
    differ = [(k, expected[k], got) for k, got in enumerate(chunked) if got != expected[k]]
    assert differ == []


def corpus(count: int, seed: int, families: Sequence[str] | None = None) -> Pairs:
    """The pairs ``gjk generate --count COUNT --seed SEED [--family ...]`` writes."""
    records = generate(count, seed) if families is None else generate(count, seed, families)
    pairs = [pair_from_node(Node(record, "corpus"), record["name"]) for record in records]
    return [(pair.a.shape, pair.b.shape) for pair in pairs]


def polygon(points: Sequence[Vec]) -> Polytope:
    return Polytope(tuple(points))


def ngon(rng: random.Random, count: int, center: Vec, radius: float) -> Polytope:
    return polygon(random_convex_ring(rng, count, center, radius))


def integer_polygon(rng: random.Random, count: int, reach: int) -> Polytope:
    """A convex ring with integer vertices, counter-clockwise (rounded from a circle,
    then hulled)."""
    ring = random_convex_ring(rng, count, (0.0, 0.0), float(reach))
    points = [(float(round(x)), float(round(y))) for x, y in ring]
    return polygon([points[k] for k in convex_hull_indices(points)])


def mapped(shape: Polytope, scale: float, offset: Vec = (0.0, 0.0)) -> Polytope:
    return polygon([(x * scale + offset[0], y * scale + offset[1]) for x, y in shape.vertices])


def touching(rng: random.Random) -> tuple[Polytope, Polytope]:
    """Two integer polygons touching at a vertex, a vertex on an edge, or along an edge,
    built exactly: ``B`` is ``A`` (or a wedge) turned through 180 degrees about a
    vertex or an edge's midpoint of ``A``."""
    a = integer_polygon(rng, rng.randint(3, 9), rng.randint(3, 40))
    ring = a.vertices
    if len(ring) < 3:
        return a, a
    k = rng.randrange(len(ring))
    p, q = ring[k], ring[(k + 1) % len(ring)]
    how = rng.choice(["vertex", "edge", "wedge"])
    if how == "vertex":
        centre = p
    elif how == "edge":
        centre = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    else:  # a wedge with its tip at the middle of an edge, outside A
        middle = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        out = (q[1] - p[1], p[0] - q[0])
        along = (q[0] - p[0], q[1] - p[1])
        wedge = [middle]
        for sign in (1.0, -1.0):
            wedge.append(
                (middle[0] + out[0] + sign * along[0], middle[1] + out[1] + sign * along[1])
            )
        return a, polygon(wedge)
    return a, polygon([(2 * centre[0] - x, 2 * centre[1] - y) for x, y in ring])


def nudged(shape: Polytope, steps: int) -> Polytope:
    """Every coordinate moved ``steps`` floats up (or down): one ulp apart, or a few."""
    toward = math.inf if steps > 0 else -math.inf

    def move(value: float) -> float:
        for _ in range(abs(steps)):
            value = math.nextafter(value, toward)
        return value

    return polygon([(move(x), move(y)) for x, y in shape.vertices])


def shuffled(rng: random.Random, shape: Polytope) -> Polytope:
    """The same hull, its vertices in random order, some repeated, a point inside."""
    points = list(shape.vertices)
    points += rng.sample(points, k=min(2, len(points)))
    if len(points) >= 3:
        (ax, ay), (bx, by), (cx, cy) = points[:3]
        points.append(((ax + bx + cx) / 3, (ay + by + cy) / 3))
    rng.shuffle(points)
    return polygon(points)


def collinear(rng: random.Random, scale: float = 1.0) -> Polytope:
    """Points on one line (with repeats): its hull is a segment, or a point."""
    start = (rng.randint(-5, 5) * scale, rng.randint(-5, 5) * scale)
    step = (rng.randint(-3, 3) * scale, rng.randint(-3, 3) * scale)
    ts = [rng.randint(-2, 2) for _ in range(rng.randint(1, 6))]
    return polygon([(start[0] + t * step[0], start[1] + t * step[1]) for t in ts])


def random_kind(rng: random.Random) -> Polytope:
    kind = rng.choice(["point", "segment", "triangle", "8-gon", "n-gon", "collinear", "cloud"])
    center = (rng.uniform(-2, 2), rng.uniform(-2, 2))
    if kind == "point":
        return polygon([center])
    if kind == "segment":
        return polygon([center, (center[0] + rng.uniform(-2, 2), center[1] + rng.uniform(-2, 2))])
    if kind == "collinear":
        return collinear(rng, 0.5)
    count = {"triangle": 3, "8-gon": 8, "n-gon": rng.randint(3, 20)}.get(kind, 12)
    shape = ngon(rng, count, center, rng.uniform(0.2, 2.0))
    return shuffled(rng, shape) if kind == "cloud" else shape


def kinds(rng: random.Random, count: int) -> Pairs:
    """Random pairs of every kind, near each other, mixed in one list."""
    return [(random_kind(rng), random_kind(rng)) for _ in range(count)]


def touching_pairs(rng: random.Random, count: int) -> Pairs:
    """Exactly touching pairs, and the same nudged one ulp (or two) apart or together,
    swapped, with shuffled vertex lists."""
    pairs: Pairs = []
    for _ in range(count):
        a, b = touching(rng)
        pairs += [(a, b), (b, a), (a, nudged(b, 1)), (a, nudged(b, -1)), (nudged(a, 2), b)]
        pairs.append((shuffled(rng, a), shuffled(rng, b)))
    return pairs


def scaled_pairs(rng: random.Random, count: int, scale: Callable[[], float]) -> Pairs:
    """Pairs of every kind (and touching ones) mapped by a random scale and offset."""
    pairs: Pairs = []
    for a, b in kinds(rng, count) + touching_pairs(rng, max(1, count // 10)):
        factor = scale()
        offset = (rng.choice([0.0, 1.0, -3.0]) * factor, rng.choice([0.0, 2.0]) * factor)
        assert isinstance(a, Polytope) and isinstance(b, Polytope)
        pairs.append((mapped(a, factor, offset), mapped(b, factor, offset)))
    return pairs


def test_the_generated_corpus() -> None:
    assert_identical(corpus(1500, 15))


def test_the_extreme_family() -> None:
    assert_identical(corpus(500, 16, ["extreme"]))


def test_every_kind_of_polygonal_pair() -> None:
    assert_identical(kinds(random.Random(1), 1500))


def test_pairs_touching_exactly_and_one_ulp_apart() -> None:
    assert_identical(touching_pairs(random.Random(2), 150))


@pytest.mark.parametrize(
    "scale",
    [
        pytest.param(lambda rng: 10.0 ** rng.uniform(100, 150), id="huge"),
        pytest.param(lambda rng: 2.0 ** rng.randint(330, 500), id="huge, powers of two"),
        pytest.param(lambda rng: 10.0 ** rng.uniform(-150, -140), id="tiny"),
        pytest.param(lambda rng: 2.0 ** rng.randint(-500, -460), id="tiny, powers of two"),
    ],
)
def test_huge_and_tiny_coordinates(scale: Callable[[random.Random], float]) -> None:
    rng = random.Random(3)
    assert_identical(scaled_pairs(rng, 300, lambda: scale(rng)))


def test_small_shapes_far_from_the_origin() -> None:
    rng = random.Random(4)
    pairs: Pairs = []
    for a, b in kinds(rng, 300) + touching_pairs(rng, 30):
        assert isinstance(a, Polytope) and isinstance(b, Polytope)
        offset = (rng.choice([1e9, -1e9, 1e9 + 0.5]), rng.choice([0.0, 1e9, 3.5]))
        size = rng.choice([1.0, 1e-3, 2.0**-20])
        pairs.append((mapped(a, size, offset), mapped(b, size, offset)))
    assert_identical(pairs)


def test_pairs_the_filter_must_leave_to_the_arbiter() -> None:
    square = polygon([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])
    many = ngon(random.Random(5), 40, (3.0, 0.0), 1.0)
    pairs: Pairs = [
        (square, polygon([(1e150, 0.0), (1e-150, 1e-150)])),  # too many binary orders
        (square, polygon([(2.0**-1074, 0.0)])),  # a subnormal
        (square, many),  # more vertices than the filter takes
        (square, polygon([(2**60 + 1, 0), (3, 1)])),  # an int that no float holds
        (square, polygon([(2, 0), (3, 1)])),  # ints a float holds
        (square, circle((3.0, 0.0), 1.0)),  # curved: no exact answer
        (rectangle((0.0, 0.0), (2.0, 2.0), 30.0), square),
        (square, square),
        (polygon([(1.0, 1.0)]), polygon([(1.0, 1.0)])),
        (polygon([(1.0, 1.0), (1.0, 1.0)]), polygon([(1.0, 1.0), (2.0, 2.0)])),
    ]
    assert_identical(pairs)
    assert exact_answers([]) == []


@pytest.mark.parametrize("bad", [math.inf, math.nan])
def test_coordinates_the_arbiter_refuses_raise_the_same(bad: float) -> None:
    pair = (polygon([(0.0, 0.0), (1.0, 0.0)]), polygon([(bad, 0.0)]))
    with pytest.raises(Exception) as expected:
        exact_answer(*pair)
    with pytest.raises(expected.type):
        exact_answers([pair])


def test_the_filter_decides_random_8_gons(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(6)
    pairs: Pairs = [
        (
            ngon(rng, 8, (0.0, 0.0), 1.0),
            ngon(rng, 8, (rng.uniform(-2.5, 2.5), rng.uniform(-2.5, 2.5)), 1.0),
        )
        for _ in range(1000)
    ]
    expected = [exact_answer(a, b) for a, b in pairs]
    left: list[tuple[Shape, Shape]] = []

    def counted(a: Shape, b: Shape) -> ExactAnswer | None:
        left.append((a, b))
        return exact_answer(a, b)

    monkeypatch.setattr(exact_filter, "exact_answer", counted)
    assert exact_answers(pairs) == expected
    assert {answer.verdict for answer in expected if answer} == {"separated", "overlapping"}
    assert len(left) <= 5  # none, in fact, at this seed


@pytest.mark.slow
def test_identity_at_scale() -> None:
    """The long run: 30,000 generated pairs, 20,000 extreme ones, 20,000 random ones."""
    for seed in (21, 22, 23):
        assert_identical(corpus(10_000, seed))
    assert_identical(corpus(20_000, 24, ["extreme"]))
    rng = random.Random(25)
    assert_identical(kinds(rng, 10_000) + touching_pairs(rng, 1000))
    assert_identical(scaled_pairs(rng, 3000, lambda: 10.0 ** rng.uniform(-150, 150)))
