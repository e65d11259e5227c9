"""Many shapes traced at once (``outlines``) give, to the bit, what the algorithm gave
one shape at a time before it was batched (issue 15).

``_frozen_outline`` below is that algorithm as it stood (``gjkcli/algorithms/outline.py``
at commit 8f9705d), kept here only as the reference: every point and every error bound
of ``outlines`` must equal its own, whichever shapes are traced together, for every kind
of curved shape, far out, tiny, flattened, overflowing, and for each setting of the
refinement. It forms its products as it did (``directions @ local.T``, ``einsum``): a
change in how ``outlines`` forms one that changed a single bit would show here.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from gjkcli import engine
from gjkcli.algorithms import outline as outline_module
from gjkcli.algorithms.outline import Outline, outline, outlines
from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.shapes import Affine, capsule, circle, ellipse, hull, rectangle, rounded, transformed
from gjkcli.shapes.affine import Transformed, rotation
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import Rounded
from gjkcli.tolerances import rounding

SETTINGS: list[dict[str, Any]] = [
    {},  # the defaults: Shapely's stand-ins
    {"segments": 256, "max_points": 320},  # the depth oracle's
    {"segments": 4, "relative_error": 1e-3, "max_points": 64},
    {"segments": 7, "max_points": 5},  # fewer points allowed than the first round has
    {"segments": 16, "relative_error": 1e-9, "max_points": 600},
]


class _Delegate:
    """A convex shape of a kind the outline does not know: asked point by point."""

    def __init__(self, inner: ConvexShape) -> None:
        self.inner = inner

    def support(self, d: Vec) -> Vec:
        return self.inner.support(d)


def random_shape(rng: random.Random, nested: bool = True) -> Any:
    """A shape of a random kind, size (1e-9 to 1e6, sometimes about 1) and place (up to
    1e12 out), now and then of size 0 in some part."""
    scale = 10 ** rng.uniform(-9, 6) if rng.random() < 0.5 else rng.uniform(0.1, 5.0)
    far = rng.choice([0.0, 0.0, 1.0, 1e3, 1e6, 1e10, 1e12, -1e10])
    centre = (far + rng.uniform(-5, 5) * scale, rng.uniform(-5, 5) * scale)
    if rng.random() < 0.3:
        centre = (centre[0], centre[1] + far)

    def size() -> float:
        return rng.uniform(0.0, 5.0) * scale if rng.random() > 0.05 else 0.0

    def near() -> Vec:
        return (centre[0] + rng.uniform(-3, 3) * scale, centre[1] + rng.uniform(-3, 3) * scale)

    kinds = ["circle", "ellipse", "capsule", "rounded polygon", "polygon"]
    if nested:
        kinds += ["margin", "mapped", "mapped twice", "difference", "unknown"]
    kind = rng.choice(kinds)
    if kind == "circle":
        return circle(centre, size())
    if kind == "ellipse":  # a radius of 0 flattens it
        return ellipse(centre, (size(), size()), rng.uniform(0, 360))
    if kind == "capsule":
        return capsule(centre, centre if rng.random() < 0.05 else near(), size())
    if kind == "rounded polygon":
        if rng.random() < 0.3:
            return Rounded(rectangle(centre, (size(), size()), rng.uniform(0, 90)), size())
        return Rounded(hull([near() for _ in range(rng.randint(1, 9))]), size())
    if kind == "polygon":
        return hull([near() for _ in range(rng.randint(1, 6))])
    if kind == "margin":
        return rounded(random_shape(rng, nested=False), size() + 1e-300)
    if kind == "mapped":
        return transformed(random_shape(rng, nested=False), _random_map(rng, centre))
    if kind == "mapped twice":
        inner = Transformed(random_shape(rng, nested=False), _random_map(rng, centre))
        return Transformed(inner, _random_map(rng, (rng.uniform(-9, 9), 0.0)))
    if kind == "difference":
        return MinkowskiDifference(random_shape(rng, nested=False), random_shape(rng, False))
    return _Delegate(circle(centre, size()))


def _random_map(rng: random.Random, offset: Vec) -> Affine:
    if rng.random() < 0.3:  # any matrix, singular ones too
        matrix = (rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2))
        return Affine(matrix, offset)
    scale = (rng.uniform(0.01, 3.0), rng.uniform(0.01, 3.0))
    return Affine.from_parts(scale, rng.uniform(0, 360), offset)


def extreme_shapes() -> list[Any]:
    """Shapes whose outlines overflow (an infinite bound, infinite points), or sit among
    subnormal numbers, or have size 0."""
    return [
        circle((1e308, 0.0), 1e308),
        ellipse((0.0, 0.0), (1.7e308, 1e308), 30.0),
        capsule((-1.5e308, 0.0), (1.5e308, 1.0), 1.0),
        rounded(hull([(-1.7e308, -1e308), (1.7e308, 1e308), (0.0, 1.0)]), 1e300),
        MinkowskiDifference(circle((1e308, 0.0), 1e307), circle((-1e308, 0.0), 1e307)),
        circle((5e-324, 0.0), 5e-324),
        ellipse((1e-310, 0.0), (1e-310, 3e-320)),
        capsule((0.0, 0.0), (0.0, 0.0), 0.0),
        circle((3.0, 4.0), 0.0),
        ellipse((2.0, 1e10), (0.0, 3.0), 10.0),
    ]


def assert_identical(found: Outline, expected: Outline) -> None:
    """The same points and bound, bit for bit (NaN and the sign of 0 included)."""
    assert type(found.error) is float
    assert np.float64(found.error).tobytes() == np.float64(expected.error).tobytes()
    assert found.points.dtype == expected.points.dtype
    assert found.points.shape == expected.points.shape
    assert found.points.tobytes() == expected.points.tobytes()


def _check_against_the_frozen_algorithm(seed: int, count: int) -> None:
    rng = random.Random(seed)
    shapes = [random_shape(rng) for _ in range(count)] + extreme_shapes()
    rng.shuffle(shapes)
    for settings in SETTINGS:
        with np.errstate(all="ignore"):
            expected = [_frozen_outline(shape, **settings) for shape in shapes]
            together = outlines(shapes, **settings)
            some = rng.sample(range(len(shapes)), len(shapes) // 3)
            among_others = outlines([shapes[i] for i in some], **settings)
            alone = {i: outline(shapes[i], **settings) for i in some[:40]}
        assert len(together) == len(shapes)
        for found, wanted in zip(together, expected, strict=True):
            assert_identical(found, wanted)
        for i, found in zip(some, among_others, strict=True):
            assert_identical(found, expected[i])
        for i, found in alone.items():
            assert_identical(found, expected[i])


def test_outlines_equal_the_frozen_algorithm_bit_for_bit() -> None:
    _check_against_the_frozen_algorithm(seed=151, count=400)


@pytest.mark.slow
def test_outlines_equal_the_frozen_algorithm_on_thousands_of_shapes() -> None:
    for seed in (152, 153, 154):
        _check_against_the_frozen_algorithm(seed, count=1500)


def test_the_compiled_tracer_gives_the_numpy_outlines_to_the_bit() -> None:
    # gjkcli/_outline.c traces polytopes grown by discs and mapped, in any nesting; what
    # it leaves to the NumPy (a farthest vertex or an angle in doubt, as for shapes
    # flattened to a segment, numbers beyond 1e150) is some 15% of these random shapes
    if engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    rng = random.Random(155)
    shapes = [shape for shape in (random_shape(rng) for _ in range(2500)) if _chained(shape)]
    shapes += [shape for shape in extreme_shapes() if _chained(shape)]
    shapes += [capsule((0.0, 0.0), (0.0, 3.0), 1.0), capsule((1.0, 1.0), (1.0, 1.0), 2.0)]
    shapes += [Rounded(rectangle((2.0, 0.0), (3.0, 1.0)), 0.5), Rounded(Polytope(((1, 2),)), 1)]
    assert sum(type(shape) is Transformed for shape in shapes) > 100
    for settings in SETTINGS:
        arguments = (
            settings.get("segments", 256),
            settings.get("relative_error", 1e-5),
            settings.get("max_points", 4096),
        )
        with np.errstate(all="ignore"):
            found = outline_module._compiled(shapes, *arguments)
            expected = outline_module._traced_numpy(shapes, *arguments)
        traced = [(f, e) for f, e in zip(found, expected, strict=True) if f is not None]
        assert len(traced) > 0.8 * len(shapes)
        for got, wanted in traced:
            assert_identical(got, wanted)


def test_mapped_shapes_are_left_to_numpy_where_the_products_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if engine.compiled() is None:
        pytest.skip("the compiled engine is not active")
    assert outline_module._compiled_products_agree()  # on this machine's NumPy and BLAS
    monkeypatch.setattr(outline_module, "_compiled_products_agree", lambda: False)
    shapes = [ellipse((0.0, 0.0), (3.0, 1.0), 30.0), circle((1.0, 0.0), 2.0)]
    found = outline_module._compiled(shapes, 256, 1e-5, 4096)
    assert found[0] is None and found[1] is not None


def _chained(shape: Any) -> bool:
    return outline_module._chain(shape, True) is not None


def test_twins_are_traced_once_and_get_the_outline_each_gets_alone() -> None:
    # shapes equal to the bit (built apart, or the same object twice) are traced once;
    # near twins (one number apart, or its sign of 0) each get the outline of their own
    twins, near_twins = [], []
    for seed in range(60):
        shape = random_shape(random.Random(seed))
        twins += [shape, random_shape(random.Random(seed)), shape]
    for x in (0.0, -0.0, 1e-300):
        step = x * 1e300  # 0, -0 or 1
        near_twins += [circle((x, 1.0), 2.0), circle((1.0, x), 2.0), circle((0.0, 1.0), 2.0 + step)]
        near_twins += [capsule((0.0, x), (1.0, 0.0), 0.5), ellipse((0.0, 0.0), (1.0, 2.0), x)]
        near_twins += [Rounded(rectangle((0.0, 0.0), (1.0, 2.0)), 0.5 + step)]
        for matrix, offset in [((1.0, x, 0.5, 2.0), (0.0, 0.0)), ((1.0, 0.0, 0.5, 2.0), (step, x))]:
            near_twins += [Transformed(circle((0.0, 0.0), 1.0), Affine(matrix, offset))]
        box = rectangle((0.0, 0.0), (1.0, 2.0))
        near_twins += [MinkowskiDifference(circle((step, x), 1.0), box)]
        near_twins += [MinkowskiDifference(box, circle((step, x), 1.0))]
    shapes = twins + near_twins + twins[:30]
    random.Random(7).shuffle(shapes)
    for settings in SETTINGS[:3]:
        with np.errstate(all="ignore"):
            expected = [_frozen_outline(shape, **settings) for shape in shapes]
            found = outlines(shapes, **settings)
        for got, wanted in zip(found, expected, strict=True):
            assert_identical(got, wanted)
        assert len({id(got.points) for got in found}) == len(found)  # arrays of their own


def test_outlines_of_no_shapes_and_too_few_directions() -> None:
    assert outlines([]) == []
    with pytest.raises(ValueError, match="at least 4 directions"):
        outlines([circle((0.0, 0.0), 1.0)], segments=3)


def test_shapes_of_one_structure_and_different_point_counts_are_traced_apart() -> None:
    # ellipses of one structure refine to different point counts: the rounds go on for
    # some after the others have stopped, and each gets its own products
    shapes = [ellipse((0.0, 0.0), (1.0, 10.0**-k), 10.0 * k) for k in range(6)]
    traced = outlines(shapes)
    assert len({len(t.points) for t in traced}) > 3
    for shape, found in zip(shapes, traced, strict=True):
        assert_identical(found, _frozen_outline(shape))


# --- the algorithm before it was batched (commit 8f9705d), kept only as the reference ---

_TURN = 2.0 * np.pi


def _frozen_outline(
    shape: Any, segments: int = 256, relative_error: float = 1e-5, max_points: int = 4096
) -> Outline:
    if segments < 4:
        raise ValueError(f"at least 4 directions are needed, got {segments}")
    centre, centre_error = _centre(shape)
    angles, normals = _even_directions(segments)
    points, noise = _local_supports(shape, normals)
    size = float((points.max(axis=0) - points.min(axis=0)).max())
    target = relative_error * size
    while True:  # each round adds at least one point, never past max_points: it ends
        probes = _probe(shape, angles, points)
        noise = max(noise, probes.noise)
        worst = float(probes.errors.max())
        coarse = np.flatnonzero((probes.errors > target) & probes.insertable)
        if len(angles) + len(coarse) > max_points:
            coarse = np.flatnonzero((probes.errors > worst / 2.0) & probes.insertable)
        if not worst > target or len(coarse) == 0 or len(angles) + len(coarse) > max_points:
            break
        order = np.argsort(np.concatenate((angles, probes.angles[coarse])), kind="stable")
        angles = np.concatenate((angles, probes.angles[coarse]))[order]
        points = np.concatenate((points, probes.points[coarse]))[order]
    extent = float(np.abs(points).max())
    local_error = worst + 2.0 * noise + rounding(extent)
    placed, moved = _moved(points, centre)
    error = local_error + centre_error + moved
    return Outline(placed, error if math.isfinite(error) else math.inf)


@functools.cache
def _even_directions(segments: int) -> tuple[Any, Any]:
    angles = np.linspace(0.0, _TURN, segments, endpoint=False)
    normals = np.array([rotation(360.0 * k / segments) for k in range(segments)])
    angles.flags.writeable = normals.flags.writeable = False
    return angles, normals


@dataclass(frozen=True)
class _Probes:
    errors: Any
    points: Any
    angles: Any
    insertable: Any
    noise: float


def _probe(shape: Any, angles: Any, points: Any) -> _Probes:
    chord = np.roll(points, -1, axis=0) - points
    length = np.hypot(chord[:, 0], chord[:, 1])
    moving = np.flatnonzero(length > 0.0)
    normals = np.column_stack((chord[moving, 1], -chord[moving, 0])) / length[moving, None]
    found, noise = _local_supports(shape, normals)
    reach = np.maximum(
        np.einsum("ij,ij->i", normals, found - points[moving]),
        np.einsum("ij,ij->i", normals, found - np.roll(points, -1, axis=0)[moving]),
    )
    errors = np.zeros(len(points))
    errors[moving] = np.minimum(np.maximum(reach, 0.0), length[moving])
    start = angles[moving]
    end = np.where(moving + 1 < len(angles), angles[(moving + 1) % len(angles)], _TURN)
    turn = np.arctan2(normals[:, 1], normals[:, 0]) % _TURN
    turn = np.where(turn < start, turn + _TURN, turn)
    inside = np.zeros(len(points), dtype=bool)
    inside[moving] = (start < turn) & (turn < end)
    probe_points = np.zeros_like(points)
    probe_points[moving] = found
    probe_angles = np.zeros(len(points))
    probe_angles[moving] = turn % _TURN
    return _Probes(errors, probe_points, probe_angles, inside, noise)


def _centre(shape: Any) -> tuple[Any, float]:
    if isinstance(shape, Polytope):
        return _box_centre(np.array(shape.vertices, dtype=float)), 0.0
    if isinstance(shape, Rounded):
        return _centre(shape.core)
    if isinstance(shape, Transformed):
        inner, inner_error = _centre(shape.inner)
        matrix = _matrix(shape)
        centre = matrix @ inner + np.array(shape.affine.offset, dtype=float)
        products = float((np.abs(matrix) @ np.abs(inner)).sum())
        adding = _half_ulps(centre) if products > 0.0 else 0.0
        return centre, _norm(matrix) * inner_error + rounding(products) + adding
    if isinstance(shape, MinkowskiDifference):
        centre_a, error_a = _centre(shape.a)
        centre_b, error_b = _centre(shape.b)
        centre = centre_a - centre_b
        return centre, error_a + error_b + _half_ulps(centre)
    return np.zeros(2), 0.0


def _local_supports(shape: Any, directions: Any) -> tuple[Any, float]:
    if isinstance(shape, Polytope):
        vertices = np.array(shape.vertices, dtype=float)
        local = vertices - _box_centre(vertices)
        chosen = local[np.argmax(directions @ local.T, axis=1)]
        return chosen, rounding(_largest(local))
    if isinstance(shape, Rounded):
        core, noise = _local_supports(shape.core, directions)
        lengths = np.hypot(directions[:, 0], directions[:, 1])[:, None]
        with np.errstate(invalid="ignore", divide="ignore"):
            push = np.where(lengths > 0.0, directions / lengths * shape.radius, 0.0)
        return core + push, noise + rounding(_largest(core) + shape.radius)
    if isinstance(shape, Transformed):
        matrix = _matrix(shape)
        inner, noise = _local_supports(shape.inner, directions @ matrix)
        terms = (np.abs(inner) @ np.abs(matrix).T).max() if len(inner) else 0.0
        return inner @ matrix.T, _norm(matrix) * noise + rounding(float(terms))
    if isinstance(shape, MinkowskiDifference):
        part_a, noise_a = _local_supports(shape.a, directions)
        part_b, noise_b = _local_supports(shape.b, -directions)
        local = part_a - part_b
        return local, noise_a + noise_b + rounding(_largest(local))
    found = np.array([shape.support((float(x), float(y))) for x, y in directions]).reshape(-1, 2)
    return found, rounding(_largest(found))


def _moved(local: Any, centre: Any) -> tuple[Any, float]:
    placed = local + centre
    back = placed - local
    lost = (local - (placed - back)) + (centre - back)
    moved = float(np.hypot(lost[:, 0], lost[:, 1]).max()) if len(lost) else 0.0
    return placed, moved


def _box_centre(points: Any) -> Any:
    low, high = points.min(axis=0), points.max(axis=0)
    middle = low / 2.0 + high / 2.0
    return np.where(np.abs(middle) > high - low, middle, 0.0)


def _half_ulps(vector: Any) -> float:
    return float((np.spacing(np.abs(vector)) / 2.0).sum())


def _matrix(shape: Transformed) -> Any:
    a, b, c, d = shape.affine.matrix
    return np.array([[a, b], [c, d]])


def _norm(matrix: Any) -> float:
    return float(np.hypot(*np.hypot(*matrix)))


def _largest(points: Any) -> float:
    return float(np.abs(points).max()) if len(points) else 0.0
