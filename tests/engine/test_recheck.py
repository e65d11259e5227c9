"""The compiled certificate re-check (gjkcli/_recheck.c) against the Python reference.

On random polygon pairs (separated, overlapping, touching; 1 to 16 vertices; tiny,
huge and far-off coordinates; long thin shapes), the certificates ``solve`` makes
and many altered ones (bounds moved by a few units in the last place across their
exact thresholds, axes a hair too long, weights negative or summing to a hair
more or less than 1, vertex numbers out of range, numbers not finite, points moved
off their vertices, residuals and bands changed) are re-checked both ways: the core
says "holds" exactly when the reference finds no problem, except where it leaves
the decision to the Python by design (a separation whose sign rounding hides,
decided in rational arithmetic, and more weights than a closest point needs), and
:func:`check_certificate` gives what :func:`reference_check` gives.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from gjkcli.algorithms.answer import solve
from gjkcli.algorithms.bounds import membership_slack, reach, rounding_bound, separation
from gjkcli.algorithms.certificate import (
    Certificate,
    EnclosingSimplex,
    PartsCertificate,
    SeparatingAxis,
    named_point,
)
from gjkcli.algorithms.decompose import decompose
from gjkcli.algorithms.support import MinkowskiDifference
from gjkcli.shapes import Polytope, Rounded, capsule, circle, ellipse, hull
from gjkcli.shapes.affine import Affine, Transformed
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import parts_of
from gjkcli.tolerances import CERTIFICATE_RELATIVE
from gjkcli.verify.certificates import check_certificate, compiled_holds, reference_check

Case = tuple[Certificate, float, float]
"""A certificate with the distance and the touching band it is checked for."""

NAN, INF = math.nan, math.inf


def _ulps(value: float, steps: int) -> float:
    """``value`` moved by ``steps`` units in the last place (down when negative)."""
    toward = math.inf if steps > 0 else -math.inf
    for _ in range(abs(steps)):
        value = math.nextafter(value, toward)
    return value


def _near(value: float) -> list[float]:
    """``value`` and its neighbours a few units in the last place either side."""
    return [_ulps(value, steps) for steps in (-3, -2, -1, 0, 1, 2, 3)]


def _ring(rng: random.Random, count: int, center: Vec, radii: Vec, turn: float) -> list[Vec]:
    """``count`` points on an ellipse (a convex ring in angle order; 1 or 2 points: a point
    or a segment), turned by ``turn``, around ``center``."""
    angles = sorted(rng.uniform(0.0, 2.0 * math.pi) for _ in range(count))
    c, s = math.cos(turn), math.sin(turn)
    points = []
    for angle in angles:
        x, y = radii[0] * math.cos(angle), radii[1] * math.sin(angle)
        points.append((center[0] + c * x - s * y, center[1] + s * x + c * y))
    return points


def _pair(rng: random.Random) -> tuple[Polytope, Polytope]:
    """A random pair: separated, overlapping, or touching at a vertex or along a side."""
    exponent = rng.choice([rng.uniform(-3.0, 3.0), -150.0, 150.0, rng.uniform(-8.0, 8.0), -300.0])
    size = 10.0**exponent  # 1e-300: bounds near the smallest normal number
    offset = rng.choice([0.0, 0.0, 1e3, 1e6, 1e12]) * size * rng.choice([-1.0, 1.0])
    thin = rng.random() < 0.2  # long thin shapes: 1e-6 by 1 (and their rounding's reach)
    rings = []
    for _ in range(2):
        width = rng.uniform(0.1, 2.0) * size
        height = width * (1e-6 if thin else rng.uniform(0.1, 1.0))
        center = (offset + rng.uniform(-2.0, 2.0) * size, rng.uniform(-2.0, 2.0) * size)
        rings.append(_ring(rng, rng.randint(1, 16), center, (width, height), rng.uniform(0, 7)))
    kind = rng.random()
    if kind < 0.15:  # touching at a vertex: B's ring moved onto A's farthest vertex
        d = (math.cos(rng.uniform(0, 7)), math.sin(rng.uniform(0, 7)))
        top = max(rings[0], key=lambda p: p[0] * d[0] + p[1] * d[1])
        low = min(rings[1], key=lambda p: p[0] * d[0] + p[1] * d[1])
        rings[1] = [(x - low[0] + top[0], y - low[1] + top[1]) for x, y in rings[1]]
    elif kind < 0.25:  # touching along a side: two boxes on integers, scaled by a power of 2
        scale = 2.0 ** rng.randint(-60, 60)
        w, h, dy = rng.randint(1, 9), rng.randint(1, 9), rng.randint(-8, 8)
        rings = [
            [(0.0, 0.0), (w * scale, 0.0), (w * scale, h * scale), (0.0, h * scale)],
            [(w * scale, dy * scale), (2 * w * scale, dy * scale), (w * scale, (dy + h) * scale)],
        ]
    return Polytope(tuple(rings[0])), Polytope(tuple(rings[1]))


def _axis_variants(a: Any, b: Any, proof: SeparatingAxis, distance: float) -> Iterator[Case]:
    """``proof`` altered across each of its thresholds (and ``distance`` with it)."""
    replace: Any = dataclasses.replace
    nx, ny = proof.axis
    proven = separation(a, b, (nx, ny)).lower
    for lower in [*_near(proof.lower), *_near(proven), *_near(distance), 0.0, -0.0, 5e-324]:
        yield replace(proof, lower=lower), distance, 0.0
    point_a = named_point(a, proof.weights_a, proof.closest[0])
    point_b = named_point(b, proof.weights_b, proof.closest[1])
    gap = math.hypot(point_b[0] - point_a[0], point_b[1] - point_a[1])
    needed = gap + rounding_bound(reach(a), reach(b), gap)
    for upper in [*_near(proof.upper), *_near(needed), *_near(distance)]:
        yield replace(proof, upper=upper), distance, 0.0
    for moved in [*_near(distance), *_near(proof.lower), *_near(proof.upper)]:
        yield proof, moved, 0.0
    for scale in (1.0 + 1e-16, 1.0 + 2.2e-16, 1.0 - 1.1e-16, 1.0 + 1e-12, 1.0 + 1.1e-12, 0.5):
        yield replace(proof, axis=(nx * scale, ny * scale)), distance, 0.0
    for steps in (1, -1, 2):
        yield replace(proof, axis=(_ulps(nx, steps), ny)), distance, 0.0
        yield replace(proof, axis=(nx, _ulps(ny, steps))), distance, 0.0
    yield replace(proof, axis=(ny, -nx)), distance, 0.0
    (ax, ay), (bx, by) = proof.closest
    for steps in (1, 4, 8, 16, 64, -16):
        yield replace(proof, closest=((_ulps(ax, steps), ay), (bx, by))), distance, 0.0
        yield replace(proof, closest=((ax, ay), (bx, _ulps(by, steps)))), distance, 0.0
    yield from _weight_variants(proof, "weights_a", _vertex_count(a), distance)
    yield from _weight_variants(proof, "weights_b", _vertex_count(b), distance)
    for side, shape, toward in (("A", a, 1.0), ("B", b, -1.0)):
        if proof.weights_a if side == "A" else proof.weights_b:
            continue
        # a point checked by support lines, moved out across its slack
        px, py = proof.closest[0] if side == "A" else proof.closest[1]
        slack = membership_slack(shape, (px, py))
        for times in (0.25, 0.5, 1.0, 1.5, 2.0, 4.0):
            out = (px + toward * nx * slack * times, py + toward * ny * slack * times)
            closest = (out, proof.closest[1]) if side == "A" else (proof.closest[0], out)
            yield replace(proof, closest=closest), distance, 0.0
    for field in ("axis", "closest"):
        yield replace(proof, **{field: None}), distance, 0.0
    for bad in (NAN, INF, -INF):
        yield replace(proof, lower=bad), distance, 0.0
        yield replace(proof, upper=bad), distance, 0.0
        yield replace(proof, axis=(nx, bad)), distance, 0.0
        yield replace(proof, closest=((bad, ay), (bx, by))), distance, 0.0
        yield proof, bad, 0.0


def _weight_variants(
    proof: SeparatingAxis, name: str, count: int, distance: float
) -> Iterator[Case]:
    replace: Any = dataclasses.replace
    weights = getattr(proof, name)
    yield replace(proof, **{name: None}), distance, 0.0
    yield replace(proof, **{name: ()}), distance, 0.0
    if not weights:
        return
    (index, weight), rest = weights[0], tuple(weights[1:])
    for changed in (
        -1e-300,
        -0.0,
        weight + 2.0 * CERTIFICATE_RELATIVE,
        weight - 2.0 * CERTIFICATE_RELATIVE,
        weight + 0.5 * CERTIFICATE_RELATIVE,
        _ulps(weight, 1),
        NAN,
        INF,
    ):
        yield replace(proof, **{name: ((index, changed), *rest)}), distance, 0.0
    for other in (count, -1, 2**70, True):
        yield replace(proof, **{name: ((other, weight), *rest)}), distance, 0.0
    if len(weights) == 1:  # the same point, named twice over
        half = ((index, weight / 2.0), (index, weight / 2.0))
        yield replace(proof, **{name: half}), distance, 0.0
        yield replace(proof, **{name: (*half, (index, 0.0))}), distance, 0.0


def _vertex_count(shape: Any) -> int:
    """A polygon's number of vertices (0 for a curved shape: no vertex to name)."""
    return len(shape.vertices) if isinstance(shape, Polytope) else 0


def _simplex_variants(proof: EnclosingSimplex, distance: float, band: float) -> Iterator[Case]:
    """``proof`` altered across each of its thresholds (and ``band`` with it)."""
    replace: Any = dataclasses.replace
    weights, points, members = proof.weights, proof.points, proof.members
    residual = proof.residual
    edge = _residual_edge(proof)
    for moved in [*_near(band), *_near(residual), *_near(edge), 0.0, residual * 0.5, band * 1e3]:
        yield proof, distance, moved
        yield replace(proof, residual=moved), distance, band
    first = weights[0]
    for changed in (
        -CERTIFICATE_RELATIVE,
        _ulps(-CERTIFICATE_RELATIVE, -1),
        first + 2.0 * CERTIFICATE_RELATIVE,
        first - 2.0 * CERTIFICATE_RELATIVE,
        first + CERTIFICATE_RELATIVE,
        _ulps(first, 1),
        _ulps(first, -3),
        NAN,
        INF,
    ):
        yield replace(proof, weights=(changed, *weights[1:])), distance, band
    yield from _weight_thresholds(proof, distance)
    (px, py), ((ax, ay), (bx, by)) = points[0], members[0]
    for steps in (1, 4, 16, 64, -16):
        yield replace(proof, points=((_ulps(px, steps), py), *points[1:])), distance, band
        moved_a = ((_ulps(ax, steps), ay), (bx, by))
        yield replace(proof, members=(moved_a, *members[1:])), distance, band
        moved_b = ((ax, ay), (bx, _ulps(by, steps)))
        yield replace(proof, members=(moved_b, *members[1:])), distance, band
    if proof.pairs is not None:
        i, j = proof.pairs[0]
        for pair in ((i + 1, j), (i, j + 1), (-1, j), (i, 10**6), (i, True)):
            yield replace(proof, pairs=(pair, *proof.pairs[1:])), distance, band
        yield replace(proof, pairs=None), distance, band
    for bad in (NAN, INF):
        yield replace(proof, points=((bad, py), *points[1:])), distance, band
        yield replace(proof, residual=bad), distance, band
        yield proof, distance, bad


def _residual_edge(proof: EnclosingSimplex) -> float:
    """The least band (or residual claimed) the weighted points meet: their distance from
    the origin less its rounding, as the re-check computes them."""
    sx = sum(w * p[0] for w, p in zip(proof.weights, proof.points, strict=True))
    sy = sum(w * p[1] for w, p in zip(proof.weights, proof.points, strict=True))
    sizes = [
        abs(w) * (abs(p[0]) + abs(p[1]) + abs(a[0]) + abs(a[1]) + abs(b[0]) + abs(b[1]))
        for w, p, (a, b) in zip(proof.weights, proof.points, proof.members, strict=True)
    ]
    return math.hypot(sx, sy) - rounding_bound(sum(sizes))


def _weight_thresholds(proof: EnclosingSimplex, distance: float) -> Iterator[Case]:
    """The weights alone across their thresholds (a negative one, their sum): with the
    band and the residual claimed too large to matter."""
    replace: Any = dataclasses.replace
    loose = replace(proof, residual=1e300)
    first, rest = proof.weights[0], proof.weights[1:]
    if rest:
        for low in _near(-CERTIFICATE_RELATIVE):
            moved = (low, rest[0] + (first - low), *rest[1:])
            yield replace(loose, weights=moved), distance, 1e300
    for k in range(-3, 4):
        for sign in (1.0, -1.0):
            shift = sign * CERTIFICATE_RELATIVE * (1.0 + k * 1e-4)
            yield replace(loose, weights=(first + shift, *rest)), distance, 1e300


def _cases(
    rng: random.Random, pairs: int, make: Callable[[random.Random], Any]
) -> Iterator[tuple[Any, Any, Case]]:
    for _ in range(pairs):
        a, b = make(rng)
        answer = solve(a, b)
        proof, distance, band = answer.certificate, answer.gjk.distance, answer.gjk.band
        yield a, b, (proof, distance, band)
        if isinstance(proof, SeparatingAxis):
            variants = _axis_variants(a, b, proof, distance)
        else:
            assert isinstance(proof, EnclosingSimplex)
            variants = _simplex_variants(proof, distance, band)
        for case in variants:
            yield a, b, case


def _left_to_python(a: Any, b: Any, proof: Certificate) -> bool:
    """Whether the core leaves a certificate that holds to the Python by design: an
    enclosing simplex naming vertex pairs of a curved shape, a closest point with more
    weights than it needs or with weights on a curved shape (the Python ignores them and
    takes the support lines), a vertex number that is not an int (a bool), a separation
    whose sign rounding hides."""
    curved = not isinstance(a, Polytope) or not isinstance(b, Polytope)
    if isinstance(proof, EnclosingSimplex):
        if proof.pairs is None:
            return False
        return curved or any(type(i) is not int or type(j) is not int for i, j in proof.pairs)
    assert isinstance(proof, SeparatingAxis)
    # an axis with a component so small that its square's rounding error underflows
    # (below 2**-450): the core leaves its length to the Python's exact test
    tiny = any(c != 0.0 and abs(c) < 2.0**-450 for c in proof.axis)
    unnamed = any(
        named is not None
        and (
            not isinstance(shape, Polytope)
            or len(named) > 2
            or not named
            or any(type(i) is not int for i, _ in named)
        )
        for named, shape in ((proof.weights_a, a), (proof.weights_b, b))
    )
    return tiny or unnamed or separation(a, b, proof.axis).exact


def _compare(
    fast: ModuleType, seed: int, pairs: int, make: Callable[[random.Random], Any] | None = None
) -> dict[str, int]:
    """Re-check every case both ways (of polygon pairs, or of the pairs ``make`` makes);
    what was counted."""
    counts = {"cases": 0, "holds": 0, "left to the Python": 0, "raised": 0}
    for a, b, (proof, distance, band) in _cases(random.Random(seed), pairs, make or _pair):
        counts["cases"] += 1
        try:
            reference = reference_check(a, b, proof, distance, band)
        except (TypeError, ValueError, IndexError, AttributeError) as error:
            assert not compiled_holds(a, b, proof, distance, band, module=fast)
            with pytest.raises(type(error)):
                check_certificate(a, b, proof, distance, band)
            counts["raised"] += 1
            continue
        holds = compiled_holds(a, b, proof, distance, band, module=fast)
        assert check_certificate(a, b, proof, distance, band) == reference, (a, b, proof)
        if holds:
            assert reference.ok, (a, b, proof, distance, band)
            counts["holds"] += 1
        elif reference.ok:
            assert _left_to_python(a, b, proof), (a, b, proof, distance, band)
            counts["left to the Python"] += 1
    return counts


def test_the_core_holds_a_certificate_exactly_when_the_python_finds_no_problem(
    fast: ModuleType,
) -> None:
    counts = _compare(fast, 1501, 120)
    assert counts["cases"] > 8000
    assert counts["holds"] > 3000  # the core does take the common case


def test_the_certificates_solve_makes_are_held_by_the_core(fast: ModuleType) -> None:
    rng = random.Random(1502)
    held = good = 0
    for _ in range(400):
        a, b = _pair(rng)
        answer = solve(a, b)
        proof, distance, band = answer.certificate, answer.gjk.distance, answer.gjk.band
        # not all hold: GJK calls some shapes 1e-300 wide (or 1e150 wide and 1e162 away)
        # apart that the re-check does not find apart, on either engine
        if reference_check(a, b, proof, distance, band).ok:
            good += 1
            held += compiled_holds(a, b, proof, distance, band, module=fast)
    assert good > 350
    assert held > good - 4  # all but the pairs whose separation only rationals decide


def test_the_core_leaves_other_shapes_and_numbers_to_the_python(fast: ModuleType) -> None:
    a = Polytope(((0.0, 0.0), (2.0, 0.0), (2.0, 2.0)))
    b = Polytope(((4.0, 0.0), (6.0, 0.0), (4.0, 2.0)))
    answer = solve(a, b)
    proof, distance = answer.certificate, answer.gjk.distance
    assert compiled_holds(a, b, proof, distance, 0.0, module=fast)
    integers = Polytope(((4, 0), (6, 0), (4, 2)))
    assert not compiled_holds(a, integers, proof, distance, 0.0, module=fast)
    assert not compiled_holds(a, b, proof, 2, 0.0, module=fast)
    assert not compiled_holds(a, b, proof, distance, 0.0, module=None)
    # a shape known by its support function alone (a Minkowski difference) is the Python's
    other = MinkowskiDifference(b, Polytope(((0.0, 0.0),)))
    assert not compiled_holds(a, other, proof, distance, 0.0, module=fast)


@pytest.mark.slow
def test_the_core_agrees_with_the_python_on_many_certificates(fast: ModuleType) -> None:
    counts = _compare(fast, 1503, 1600)
    assert counts["cases"] >= 100_000, counts


def _compound_cases(rng: random.Random, pairs: int) -> Iterator[tuple[Any, Any, Case]]:
    """Pairs of a star-shaped polygon (decomposed into convex parts) and a polygon or
    another star, near each other, with their certificates and those altered in one part
    pair's proof at a time (as :func:`_cases` alters a polygon pair's)."""
    for _ in range(pairs):
        a = decompose(_star(rng, (0.0, 0.0)))
        other = (rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0))
        if rng.random() < 0.5:
            b: Any = decompose(_star(rng, other))
        else:
            radii = (rng.uniform(0.1, 2.0), rng.uniform(0.1, 2.0))
            b = Polytope(tuple(_ring(rng, rng.randint(1, 9), other, radii, rng.uniform(0, 7))))
        answer = solve(a, b)
        certificate, distance, band = answer.certificate, answer.gjk.distance, answer.gjk.band
        assert isinstance(certificate, PartsCertificate)
        yield a, b, (certificate, distance, band)
        parts_a, parts_b = parts_of(a), parts_of(b)
        for k, item in enumerate(certificate.proofs):
            part_a, part_b = parts_a[item.a], parts_b[item.b]
            assert isinstance(part_a, Polytope) and isinstance(part_b, Polytope)
            if isinstance(item.proof, SeparatingAxis):
                variants = _axis_variants(part_a, part_b, item.proof, item.proof.upper)
            else:
                variants = _simplex_variants(item.proof, distance, band)
            for proof, _, altered_band in variants:
                proofs = list(certificate.proofs)
                assert isinstance(proof, (SeparatingAxis, EnclosingSimplex))
                proofs[k] = dataclasses.replace(item, proof=proof)
                altered = dataclasses.replace(certificate, proofs=tuple(proofs))
                yield a, b, (altered, distance, altered_band or band)


def _star(rng: random.Random, center: Vec) -> list[Vec]:
    """A star-shaped ring of 5 to 12 points round ``center``, not convex as a rule."""
    count = rng.randint(5, 12)
    return [
        (
            center[0] + radius * math.cos(2.0 * math.pi * k / count),
            center[1] + radius * math.sin(2.0 * math.pi * k / count),
        )
        for k, radius in enumerate(rng.uniform(0.4, 2.0) for _ in range(count))
    ]


def test_a_compounds_part_pairs_are_held_by_the_core_as_the_python_holds_them(
    fast: ModuleType,
) -> None:
    # check_certificate holds a compound pair's part pairs compiled where it can, and
    # must say what the reference says of the whole certificate, problems included
    counts = {"cases": 0, "ok": 0, "problems": 0}
    for a, b, (proof, distance, band) in _compound_cases(random.Random(1504), 40):
        try:
            reference = reference_check(a, b, proof, distance, band)
        except (TypeError, ValueError, IndexError, AttributeError) as error:
            with pytest.raises(type(error)):
                check_certificate(a, b, proof, distance, band)
            continue
        assert check_certificate(a, b, proof, distance, band) == reference, proof
        counts["cases"] += 1
        counts["ok" if reference.ok else "problems"] += 1
    assert counts["cases"] > 2000 and counts["ok"] > 200 and counts["problems"] > 1000, counts


def _curved_pair(rng: random.Random) -> tuple[Any, Any]:
    """Two shapes near each other (apart, touching or overlapping), at least one of them
    curved: circles, capsules, ellipses, rounded polygons, margins round ellipses, and
    polygons; of sizes from 1e-6 to 1e3, near the origin or far out."""
    scale = rng.choice([1e-6, 1.0, 1.0, 1e3])
    far = rng.choice([0.0, 0.0, 1e6, -3e9])

    def shape(centre: Vec, curved: bool) -> Any:
        def size() -> float:
            return rng.uniform(0.1, 2.0) * scale

        def near() -> Vec:
            return (centre[0] + rng.uniform(-2, 2) * scale, centre[1] + rng.uniform(-2, 2) * scale)

        kinds = ["circle", "ellipse", "capsule", "rounded", "margin"] + (
            [] if curved else ["polygon"]
        )
        kind = rng.choice(kinds)
        if kind == "circle":
            return circle(centre, size())
        if kind == "ellipse":
            return ellipse(centre, (size(), size()), rng.uniform(0, 360))
        if kind == "capsule":
            return capsule(centre, near(), size())
        if kind == "rounded":
            return Rounded(hull([near() for _ in range(rng.randint(1, 6))]), size())
        if kind == "margin":
            return Rounded(ellipse(centre, (size(), size()), rng.uniform(0, 360)), size())
        return hull([near() for _ in range(rng.randint(1, 6))])

    offset = (rng.uniform(-5, 5) * scale, rng.uniform(-5, 5) * scale)
    a = shape((far, far), True)
    b = shape((far + offset[0], far + offset[1]), rng.random() < 0.5)
    return (a, b) if rng.random() < 0.5 else (b, a)


def _mapped_pair(rng: random.Random) -> tuple[Any, Any]:
    """Two shapes near each other made of polygons, rounded and mapped shapes in any
    nesting (up to three deep): maps turned and stretched, singular, zero (of either sign),
    with entries from 1e-20 to 1e20 and now and then 1e-150 to 1e150; radii of 0, -0.0,
    the least subnormal and every scale; shapes 1e-300 to 1e250 across, near the origin or
    far out (1e15 times their size), offsets up to 1e12 times the inner shape's size; all
    within 1e290 of the origin (their reach), so that their separations are floats."""
    scale = 10.0 ** rng.choice([rng.uniform(-150, 150), 0.0, rng.uniform(-5, 5), -300.0, 250.0])

    def shape(centre: Vec, size: float, depth: int) -> Any:
        kind = rng.random()
        if depth >= 3 or kind < 0.3:
            return Polytope(
                tuple(
                    (centre[0] + rng.uniform(-2, 2) * size, centre[1] + rng.uniform(-2, 2) * size)
                    for _ in range(rng.choice([1, 1, 2, 3, 4, 6]))
                )
            )
        if kind < 0.6:
            radius = rng.choice([0.0, -0.0, 5e-324, 1e-300, size * 1e-17, size * 1e8])
            return Rounded(
                shape(centre, size, depth + 1), rng.choice([radius, size * rng.random()])
            )
        first = rng.choice([10.0 ** rng.uniform(-150, 150), 1.0, 1e-8, 1e8])
        second = first * rng.choice([1.0, 0.0, 1e-10, 1e10, rng.random()])
        turn = rng.uniform(0, 7)
        c, s = math.cos(turn), math.sin(turn)
        matrix = rng.choice(
            [
                (c * first, -s * second, s * first, c * second),
                (first, 0.0, 0.0, second),
                (first, first, first, first),  # singular: onto a line
                (0.0, -0.0, 0.0, -0.0),
                tuple(rng.uniform(-1, 1) * 10.0 ** rng.uniform(-20, 20) for _ in range(4)),
            ]
        )
        inner_size = rng.choice([1.0, size, 1e-3])
        far = rng.choice([0.0, 0.0, 0.0, 1e12 * inner_size])
        offset = (centre[0] + far, centre[1] - far)
        return Transformed(shape((0.0, 0.0), inner_size, depth + 1), Affine(matrix, offset, None))

    while True:  # shapes whose points, and the numbers behind them, stay floats
        far = rng.choice([0.0, 0.0, 1e6, -3e9, 1e15]) * scale
        near = (far + rng.uniform(-6, 6) * scale, far + rng.uniform(-6, 6) * scale)
        a, b = shape((far, far), scale, 0), shape(near, scale, 0)
        if reach(a) < 1e290 and reach(b) < 1e290:
            return a, b


CURVED_KINDS = [  # a maker of pairs, its seeds and pairs (quick, slow), and the least counts
    # (a quick run's cases and holds, a slow run's cases)
    pytest.param(_curved_pair, (1505, 1506), (150, 2000), (15_000, 6000, 50_000), id="curved"),
    pytest.param(_mapped_pair, (1507, 1508), (60, 1500), (6000, 2000, 150_000), id="mapped"),
]


@pytest.mark.parametrize(("make", "seeds", "pairs", "least"), CURVED_KINDS)
def test_the_core_holds_a_curved_certificate_exactly_when_the_python_finds_no_problem(
    fast: ModuleType,
    make: Callable[[random.Random], Any],
    seeds: tuple[int, int],
    pairs: tuple[int, int],
    least: tuple[int, int, int],
) -> None:
    counts = _compare(fast, seeds[0], pairs[0], make)
    assert counts["cases"] > least[0], counts
    assert counts["holds"] > least[1], counts  # the core does take these shapes


@pytest.mark.slow
@pytest.mark.parametrize(("make", "seeds", "pairs", "least"), CURVED_KINDS)
def test_the_core_agrees_with_the_python_on_many_curved_certificates(
    fast: ModuleType,
    make: Callable[[random.Random], Any],
    seeds: tuple[int, int],
    pairs: tuple[int, int],
    least: tuple[int, int, int],
) -> None:
    counts = _compare(fast, seeds[1], pairs[1], make)
    assert counts["cases"] >= least[2], counts
