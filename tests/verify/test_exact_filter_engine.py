"""The compiled filter (``_engine.exact_filter``) decides exactly as the NumPy one does.

Pair for pair, on seeded random polygon pairs of every kind, size and scale:
the same verdict code (the same pairs decided, the same way, the same left
undecided) and the same distance candidates, so the same exact step follows;
and the answers of ``exact_answers`` on either path equal ``exact_answer``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import numpy as np
import pytest

from gjkcli.engine import compiled
from gjkcli.shapes import Polytope
from gjkcli.shapes.base import Vec
from gjkcli.verify import exact_filter
from gjkcli.verify.exact import exact_answer
from gjkcli.verify.exact_filter import MOST_VERTICES, exact_answers
from gjkcli.verify.filter_rows import Columns
from tests.helpers import random_convex_ring
from tests.verify.test_exact_filter import (
    Pairs,
    collinear,
    corpus,
    kinds,
    mapped,
    polygon,
    scaled_pairs,
    shuffled,
    touching_pairs,
)

CORE = compiled()

pytestmark = pytest.mark.skipif(CORE is None, reason="the compiled engine is not active")


def assert_same_decisions(pairs: Pairs) -> None:
    """The compiled and the NumPy filter give the same codes and candidates on ``pairs``
    (in chunks of 256, as a batch calls them), and both paths answer as
    ``exact_answer`` does."""
    for start in range(0, len(pairs), 256):
        chunk = pairs[start : start + 256]
        small = [
            (a, b)
            for a, b in chunk
            if isinstance(a, Polytope)
            and isinstance(b, Polytope)
            and max(len(a.vertices), len(b.vertices)) <= MOST_VERTICES
        ]
        columns = Columns.load(small)
        if columns is None:
            continue
        assert_same_columns(Columns.load(small, CORE), columns)
        codes, candidates = exact_filter._decisions(columns, CORE)
        expected_codes, expected_candidates = exact_filter._decisions(columns, None)
        assert codes.tolist() == expected_codes.tolist()
        assert sorted(zip(*(column.tolist() for column in candidates), strict=True)) == sorted(
            zip(*(column.tolist() for column in expected_candidates), strict=True)
        )


def assert_same_columns(read: Columns | None, expected: Columns) -> None:
    """The columns the compiled reader gives equal those read in Python."""
    assert read is not None
    for name in ("x", "y", "start", "count", "usable", "shift", "quantum"):
        assert getattr(read, name).tolist() == getattr(expected, name).tolist(), name


def assert_answers(pairs: Pairs, monkeypatch: pytest.MonkeyPatch) -> None:
    """``exact_answers`` on the compiled path and on the NumPy path equals ``exact_answer``."""
    expected = [exact_answer(a, b) for a, b in pairs]
    assert exact_answers(pairs) == expected
    with monkeypatch.context() as patch:
        patch.setattr(exact_filter, "compiled", lambda: None)
        assert exact_answers(pairs) == expected


def sized(rng: random.Random, count: int) -> Polytope:
    """A random convex ring of ``count`` vertices (a point, a segment for 1, 2)."""
    center = (rng.uniform(-2, 2), rng.uniform(-2, 2))
    return polygon(random_convex_ring(rng, count, center, rng.uniform(0.1, 2.0)))


def sizes(rng: random.Random, count: int, most: int = MOST_VERTICES) -> Pairs:
    """Pairs of random rings of 1 to ``most`` vertices each."""
    return [
        (sized(rng, rng.randint(1, most)), sized(rng, rng.randint(1, most))) for _ in range(count)
    ]


def ring(rng: random.Random) -> Polytope:
    """A random ring of 1 to 8 vertices."""
    return sized(rng, rng.randint(1, 8))


def nearly_collinear(rng: random.Random) -> Polytope:
    """Points on a line, each moved off it by a few units in the last place (or not)."""
    start = (rng.uniform(-1, 1), rng.uniform(-1, 1))
    step = (rng.uniform(-1, 1), rng.uniform(-1, 1))
    points: list[Vec] = []
    for _ in range(rng.randint(2, 9)):
        t = rng.uniform(-2, 2)
        x, y = start[0] + t * step[0], start[1] + t * step[1]
        for _ in range(rng.randint(0, 3)):
            y = math.nextafter(y, rng.choice([math.inf, -math.inf]))
        points.append((x, y))
    return polygon(points)


def degenerate(rng: random.Random, count: int) -> Pairs:
    """Nearly collinear and exactly collinear shapes against each other and against
    small rings, both orders, some with shuffled vertex lists."""
    pairs: Pairs = []
    for _ in range(count):
        makers: list[Callable[[random.Random], Polytope]] = [nearly_collinear, collinear, ring]
        a = rng.choice(makers)(rng)
        b = rng.choice(makers[:2])(rng)
        pairs += [(a, b), (b, a), (shuffled(rng, a), b)]
    return pairs


def grazing(rng: random.Random, count: int) -> Pairs:
    """Integer polygons sharing a vertex, with a vertex on an edge, or with collinear
    edges, and the same a few units in the last place apart."""
    pairs: Pairs = []
    for _ in range(count):
        width, height = rng.randint(1, 6), rng.randint(1, 6)
        box = polygon([(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)])
        on = rng.randint(0, height)
        others = [
            polygon([(width, height), (width + 2.0, height + 1.0), (width + 1.0, height + 3.0)]),
            polygon([(width, float(on)), (width + 2.0, on - 1.0), (width + 2.0, on + 1.0)]),
            polygon([(width, height + 1.0), (width, height + 4.0), (width + 3.0, height + 2.0)]),
            polygon([(width, -1.0), (width + 1.0, -1.0), (width + 1.0, height + 1.0)]),
        ]
        other = rng.choice(others)
        nudge = rng.choice([0, 1, -1])
        moved = polygon(
            [(math.nextafter(x, math.inf * nudge) if nudge else x, y) for x, y in other.vertices]
        )
        pairs += [(box, other), (other, box), (box, moved)]
    return pairs


def test_every_kind_of_pair() -> None:
    rng = random.Random(31)
    assert_same_decisions(kinds(rng, 800) + touching_pairs(rng, 80))


def test_every_size() -> None:
    assert_same_decisions(sizes(random.Random(32), 1000))


def test_touching_and_nearly_degenerate_pairs() -> None:
    rng = random.Random(33)
    assert_same_decisions(grazing(rng, 200) + degenerate(rng, 200))


@pytest.mark.parametrize(
    "scale",
    [
        pytest.param(lambda rng: 10.0 ** rng.uniform(100, 150), id="huge"),
        pytest.param(lambda rng: 10.0 ** rng.uniform(-150, -100), id="tiny"),
        pytest.param(lambda rng: 2.0 ** rng.randint(-500, -460), id="tiny, powers of two"),
        pytest.param(lambda rng: 10.0 ** rng.uniform(-150, 150), id="anything"),
    ],
)
def test_huge_and_tiny_coordinates(scale: Callable[[random.Random], float]) -> None:
    rng = random.Random(34)
    assert_same_decisions(scaled_pairs(rng, 200, lambda: scale(rng)))


def test_the_generated_corpus() -> None:
    assert_same_decisions(corpus(600, 35))
    assert_same_decisions(corpus(300, 36, ["extreme"]))


def test_answers_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(37)
    pairs = sizes(rng, 200, MOST_VERTICES + 1) + grazing(rng, 30) + degenerate(rng, 30)
    pairs += [(mapped(a, 1e-140), mapped(b, 1e-140)) for a, b in kinds(rng, 50)]  # type: ignore[arg-type]
    assert_answers(pairs, monkeypatch)


def test_shapes_beyond_the_limit_are_left_undecided() -> None:
    rng = random.Random(38)
    pairs = [(sized(rng, MOST_VERTICES + 1), sized(rng, 3)), (sized(rng, 3), sized(rng, 3))]
    columns = Columns.load(pairs)
    assert columns is not None
    codes, _ = exact_filter._decisions(columns, CORE)
    assert codes[0] == 0 and codes[1] != 0


def test_the_inputs_are_checked() -> None:
    assert CORE is not None
    x = np.zeros(3)
    codes = np.zeros(1, dtype=np.uint8)
    count, usable = np.array([1, 1], dtype=np.int64), np.ones(1, dtype=bool)
    with pytest.raises(ValueError, match="counts"):
        CORE.exact_filter(x, x, count, usable, count, codes)
    with pytest.raises(ValueError, match="format"):
        CORE.exact_filter(x, x, count.astype(np.float64), usable, count, codes)


def test_the_reader_leaves_coordinates_other_than_floats_to_python() -> None:
    assert CORE is not None
    floats = polygon([(0.0, 0.0), (1.0, 0.5)])
    pairs = [(floats, polygon([(2, 0), (3, 1)])), (floats, polygon([(2**60 + 1, 0.0)]))]
    assert CORE.exact_read(pairs) is None and CORE.exact_read(pairs[:0]) is not None
    columns = Columns.load(pairs, CORE)
    assert columns is not None
    assert columns.usable.tolist() == [True, False]
    assert_same_columns(columns, Columns.load(pairs))  # type: ignore[arg-type]
    with_nan = [(floats, polygon([(math.nan, 0.0), (math.inf, 1.0)]))]
    assert_same_columns(Columns.load(with_nan, CORE), Columns.load(with_nan))  # type: ignore[arg-type]


@pytest.mark.slow
def test_decisions_at_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The long run: 100,000 pairs of random sizes, kinds and scales."""
    rng = random.Random(39)
    for _ in range(5):
        pairs = sizes(rng, 8000) + kinds(rng, 6000) + touching_pairs(rng, 500)
        pairs += grazing(rng, 500) + degenerate(rng, 500)
        pairs += scaled_pairs(rng, 1000, lambda: 10.0 ** rng.uniform(-150, 150))
        assert_same_decisions(pairs)
        assert_answers(pairs, monkeypatch)


class _Odd(float):
    """A float that converts to another number (a user's own type, through the library)."""

    def __float__(self) -> float:
        return 99.0


def test_a_float_subclass_is_read_as_the_reference_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled reader takes floats only, exactly: anything else is read in Python,
    through ``float()``, as the reference filter reads it."""
    square = Polytope(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    other = Polytope(((2.0, 0.0), (3.0, 0.0), (0.5, _Odd(0.5))))
    compiled = exact_answers([(square, other)])
    monkeypatch.setattr(exact_filter, "compiled", lambda: None)
    reference = exact_answers([(square, other)])
    assert compiled == reference
