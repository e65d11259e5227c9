"""Checking a certificate with nothing but the shapes' support functions and vertex lists.

This module does not use the code that made the certificate (GJK, EPA, the
simplex solver, the part-pair search): it recomputes every claim from the
shapes themselves. It shares with it only the rules that make a bound
rigorous (:func:`~gjkcli.algorithms.bounds.separation`,
:func:`~gjkcli.algorithms.bounds.rounding_bound`,
:func:`~gjkcli.algorithms.bounds.reach`,
:func:`~gjkcli.algorithms.bounds.membership_slack`,
:func:`~gjkcli.algorithms.certificate.named_point`,
:func:`~gjkcli.algorithms.verdict.encloses_origin`, and the bound on the
distance between two parts' boxes in a frame,
:func:`~gjkcli.algorithms.extents.separations`).

* Every number must be finite; every test below is written so that ``NaN``
  fails it.
* A separating axis must be a unit vector no longer than 1 (exactly); its
  lower bound must not exceed the separation along it recomputed from the
  shapes, proven despite rounding, and must be positive. The closest points
  must belong to their shapes (as weights over a polygon's vertices, or, for
  a curved shape, behind its support line along the axis and in
  ``CERTIFICATE_DIRECTIONS`` directions), and the upper bound must not be
  below their distance (recomputed from the vertex weights for polygons)
  plus its rounding bound. Then ``lower <= upper``, and the distance between
  them, with no slack.
* An enclosing simplex must have weights that are non-negative (down to
  ``-CERTIFICATE_RELATIVE``: they are rounded) and sum to 1,
  points that are differences of points of A and of B (the named vertices,
  for polygons), and a weighted sum within the touching band of the origin,
  and within its claimed residual.
* A compound pair's certificate is checked part pair by part pair, as above,
  on the parts it names; for separated shapes, every pair of parts it does
  not name must be at least ``horizon`` apart as the parts' boxes in its
  ``frame`` show (recomputed from four support points each, or from their
  bounding boxes in the frame ``(1, 0)``, by the rule of
  :mod:`gjkcli.algorithms.extents`, which the broad phase also uses). The
  pairs that could fall short are found with an STRtree of B's boxes,
  grown by the horizon and a margin for rounding, so the check takes time
  near the number of pairs whose boxes are near, not the number of pairs;
  which pairs the search tested is not trusted. The least lower bound must
  be positive, and with the least upper bound bracket the distance, with no
  slack.

Every other comparison allows only the rounding of the numbers it compares,
derived from their sizes (:data:`~gjkcli.tolerances.CERTIFICATE_ROUNDING`): a
closest point near the end of a capsule 1e6 long carries the rounding of the
capsule's far end, not of its own small coordinates.

The common case, two convex shapes (polygons, and rounded or mapped shapes of
them: circles, capsules, ellipses, rounded polygons) with a separating axis or an
enclosing simplex, alone or as a pair of parts of compound shapes, is decided first
by the compiled core where it is active (``gjkcli/_recheck.c``, a port of this
module's arithmetic, operation for operation; :func:`compiled_holds`). It says only
whether nothing is wrong: when it is not sure, or something is, this module's Python
runs as the reference, and it alone names the problems.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from gjkcli.algorithms.bounds import (
    SUPPORT_DIRECTIONS,
    membership_slack,
    reach,
    rounding_bound,
    separation,
)
from gjkcli.algorithms.certificate import (
    Certificate,
    EnclosingSimplex,
    PartsCertificate,
    SeparatingAxis,
    Weights,
    named_point,
)
from gjkcli.algorithms.compiled import core
from gjkcli.algorithms.extents import extents, separations
from gjkcli.algorithms.verdict import Proven, encloses_origin
from gjkcli.dyadic import longer_than_one
from gjkcli.shapes.base import ConvexShape, Vec, supports
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import CERTIFICATE_RELATIVE

__all__ = [
    "CertificateCheck",
    "check_certificate",
    "compiled_holds",
    "membership_problems",
    "reference_check",
]


@dataclass(frozen=True)
class CertificateCheck:
    """Whether a certificate holds, what is wrong with it if not, and what it proves.

    ``proves`` is ``"separated"`` for a separating axis (or axes, for compound
    shapes) that holds, ``"overlapping"`` for an enclosing simplex that holds
    the origin strictly inside ``A - B`` (decided exactly), and ``None``
    otherwise: an enclosing simplex that only comes within the touching band
    of the origin proves nothing exactly.
    """

    ok: bool
    problems: tuple[str, ...]
    proves: Proven | None = None


def check_certificate(
    shape_a: Shape,
    shape_b: Shape,
    certificate: Certificate,
    distance: float,
    band: float,
) -> CertificateCheck:
    """Re-check ``certificate`` for the answer ``distance`` (touching band ``band``).

    >>> from gjkcli.shapes import rectangle
    >>> from gjkcli.algorithms.certificate import SeparatingAxis
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 0.0), (2.0, 2.0))
    >>> good = SeparatingAxis((1.0, 0.0), 1.99, 2.01, ((1.0, 0.0), (3.0, 0.0)), None, None)
    >>> check_certificate(a, b, good, 2.0, 1e-14).ok
    True
    >>> unproven = SeparatingAxis((1.0, 0.0), 2.0, 2.01, ((1.0, 0.0), (3.0, 0.0)), None, None)
    >>> check_certificate(a, b, unproven, 2.0, 1e-14).problems  # rounding could hide a smaller gap
    ('lower bound: 2 claimed, at most 1.9999999999999929 follows from the support functions',)
    >>> nan = SeparatingAxis((1.0, 0.0), float("nan"), 2.01, ((1.0, 0.0), (3.0, 0.0)), None, None)
    >>> check_certificate(a, b, nan, 2.0, 1e-14).problems
    ('not a finite number: nan in the separating axis',)
    """
    module = core()
    if compiled_holds(shape_a, shape_b, certificate, distance, band, module=module):
        return CertificateCheck(True, (), _proves(shape_a, shape_b, certificate))
    return _checked(shape_a, shape_b, certificate, (distance, band), module)


def compiled_holds(
    shape_a: Shape,
    shape_b: Shape,
    certificate: Certificate,
    distance: float,
    band: float,
    *,
    module: ModuleType | None,
) -> bool:
    """Whether the compiled re-check in ``module`` (the configured core, ``core()``: ``None``
    on the pure-Python engine) finds nothing wrong with ``certificate``. ``True`` exactly
    when :func:`reference_check` finds no problem; ``False`` when it finds one, or when
    the core is not sure: it takes the common case, two polygons (or rounded or mapped
    shapes of them) with a separating axis or with an enclosing simplex, and leaves
    anything else, and whatever floats cannot decide, to the Python.
    ``gjkcli/_recheck.c`` mirrors this module line by line.

    >>> from dataclasses import replace
    >>> from gjkcli.shapes import rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 0.0), (2.0, 2.0))
    >>> named = ((1, 0.5), (2, 0.5)), ((0, 0.5), (3, 0.5))  # the middles of two sides
    >>> proof = SeparatingAxis((1.0, 0.0), 1.99, 2.01, ((1.0, 0.0), (3.0, 0.0)), *named)
    >>> compiled_holds(a, b, proof, 2.0, 1e-14, module=core()) == (core() is not None)
    True
    >>> compiled_holds(a, b, replace(proof, lower=2.0), 2.0, 1e-14, module=core())
    False
    """
    if module is None:
        return False
    kind = type(certificate)
    if kind is SeparatingAxis:
        return bool(module.separating_axis_holds(shape_a, shape_b, certificate, distance))
    if kind is EnclosingSimplex:
        return bool(module.enclosing_simplex_holds(shape_a, shape_b, certificate, band))
    return False


def reference_check(
    shape_a: Shape,
    shape_b: Shape,
    certificate: Certificate,
    distance: float,
    band: float,
) -> CertificateCheck:
    """:func:`check_certificate` in Python alone: the reference, which names the problems
    (and the only path on the pure-Python engine).

    >>> from gjkcli.shapes import rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 0.0), (2.0, 2.0))
    >>> proof = SeparatingAxis((1.0, 0.0), 1.99, 2.01, ((1.0, 0.0), (3.0, 0.0)), None, None)
    >>> reference_check(a, b, proof, 2.0, 1e-14)
    CertificateCheck(ok=True, problems=(), proves='separated')
    """
    return _checked(shape_a, shape_b, certificate, (distance, band), None)


def _checked(
    shape_a: Shape,
    shape_b: Shape,
    certificate: Certificate,
    answer: tuple[float, float],
    module: ModuleType | None,
) -> CertificateCheck:
    """:func:`reference_check` for the answer ``(distance, band)``, a compound pair's part
    pairs held first by the compiled re-check in ``module`` where it is given
    (:func:`compiled_holds`, which holds a pair exactly when the Python finds no problem
    with it: the Python names the problems of the others)."""
    distance, band = answer
    if isinstance(certificate, PartsCertificate):
        problems = _parts_problems(shape_a, shape_b, certificate, answer, module)
    elif isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        problems = ["a compound shape needs a certificate made of part pairs"]
    elif isinstance(certificate, SeparatingAxis):
        problems = _separating_axis_problems(shape_a, shape_b, certificate, distance)
    else:
        problems = _enclosing_problems(shape_a, shape_b, certificate, band)
    if problems:
        return CertificateCheck(False, tuple(problems))
    return CertificateCheck(True, (), _proves(shape_a, shape_b, certificate))


def _proves(shape_a: Shape, shape_b: Shape, certificate: Certificate) -> Proven | None:
    """What a certificate that holds proves (see :class:`CertificateCheck`)."""
    if isinstance(certificate, SeparatingAxis):
        return "separated"
    if isinstance(certificate, PartsCertificate):
        if certificate.lower is not None:
            return "separated"
        first = certificate.proofs[0]
        part_a, part_b = parts_of(shape_a)[first.a], parts_of(shape_b)[first.b]
        inner = first.proof
        if isinstance(inner, EnclosingSimplex) and _proves_overlap(part_a, part_b, inner):
            return "overlapping"  # the interiors of two parts meet, so do the shapes'
        return None
    if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
        return None
    return "overlapping" if _proves_overlap(shape_a, shape_b, certificate) else None


def _parts_problems(
    a: Shape,
    b: Shape,
    proof: PartsCertificate,
    answer: tuple[float, float],
    module: ModuleType | None,
) -> list[str]:
    distance, band = answer
    parts_a, parts_b = parts_of(a), parts_of(b)
    problems: list[str] = []
    named = set()
    for item in proof.proofs:
        if not (0 <= item.a < len(parts_a) and 0 <= item.b < len(parts_b)):
            problems.append(f"parts ({item.a}, {item.b}): no such pair of parts")
            continue
        named.add((item.a, item.b))
        part_a, part_b = parts_a[item.a], parts_b[item.b]
        # an axis is checked for its own upper bound, a simplex for the band
        gap = item.proof.upper if isinstance(item.proof, SeparatingAxis) else distance
        if compiled_holds(part_a, part_b, item.proof, gap, band, module=module):
            found = []
        elif isinstance(item.proof, SeparatingAxis):
            found = _separating_axis_problems(part_a, part_b, item.proof, gap)
        else:
            found = _enclosing_problems(part_a, part_b, item.proof, band)
        problems += [f"parts ({item.a}, {item.b}): {problem}" for problem in found]
    axes = [item.proof for item in proof.proofs if isinstance(item.proof, SeparatingAxis)]
    if proof.lower is None:  # intersecting: one enclosing simplex of a pair of parts is the proof
        if len(proof.proofs) != 1 or axes or proof.upper is not None:
            problems.append("an intersecting pair needs exactly one enclosing simplex")
        return problems
    if len(axes) != len(proof.proofs) or not axes:
        problems.append("separated shapes need a separating axis for every pair of parts named")
    if not axes or proof.upper is None:
        return [*problems, "separated shapes need a lower and an upper bound from an axis"]
    given = [] if proof.horizon is None else [proof.horizon]
    unfinite = _not_finite("the bounds", [proof.lower, proof.upper, *given])
    if unfinite:
        return problems + unfinite
    lower = min([axis.lower for axis in axes] + given)
    upper = min(axis.upper for axis in axes)
    if not (proof.lower <= lower and proof.upper >= upper):
        problems.append(
            f"bounds: [{proof.lower:.17g}, {proof.upper:.17g}] claimed, "
            f"[{lower:.17g}, {upper:.17g}] from the pairs of parts"
        )
    if not proof.lower > 0.0:
        problems.append(
            f"the bounds do not prove the shapes apart (lower bound {proof.lower:.17g})"
        )
    problems += _bracket(proof.lower, proof.upper, distance)
    if proof.horizon is None:
        return problems + _unnamed_pairs(a, b, named, None)
    if proof.frame is None:
        return [*problems, "the pairs of parts not named need a frame for their boxes"]
    frame_problems = _frame_problems(proof.frame)
    if frame_problems:
        return problems + frame_problems
    return problems + _unnamed_pairs(a, b, named, (proof.frame, proof.horizon))


def _frame_problems(frame: Vec) -> list[str]:
    """A frame's axis must be finite, and no longer than 1, exactly (else its boxes'
    gaps could exceed the distances they bound)."""
    unfinite = _not_finite("the frame", frame)
    if unfinite:
        return unfinite
    nx, ny = frame
    if longer_than_one(nx, ny):
        return [f"frame: longer than 1 (length {math.hypot(nx, ny):.17g})"]
    return []


_CHECK_PAIRS = 1 << 18
"""The pairs near a batch of A's parts are looked for together, at most this many
parts of A times B at a time, so that the pairs held at once stay bounded."""


def _unnamed_pairs(
    a: Shape,
    b: Shape,
    named: set[tuple[int, int]],
    apart: tuple[Vec, float] | None,
) -> list[str]:
    """Is every pair of parts not named at least ``horizon`` apart, by its boxes in the
    frame ``apart = (frame, horizon)``? (Without one, every pair must be named.)

    A pair whose boxes, grown by the horizon and four rounding bounds of the largest
    sizes, do not meet has a gap (as computed) beyond the horizon by more than the
    rounding that lowers it: only the pairs whose grown boxes meet need their bound.
    """
    import shapely

    count_a, count_b = len(parts_of(a)), len(parts_of(b))
    if apart is None:
        if len(named) == count_a * count_b:
            return []
        i, j = next((i, j) for i in range(count_a) for j in range(count_b) if (i, j) not in named)
        return [f"parts ({i}, {j}): not named, and no horizon bounds the pairs not named"]
    frame, horizon = apart
    boxes_a, boxes_b = extents(a, frame), extents(b, frame)
    margin = 4.0 * rounding_bound(boxes_a.reach, boxes_b.reach, horizon)
    grown = boxes_a.boxes(horizon + margin)
    tree = shapely.STRtree(boxes_b.boxes())
    step = max(1, _CHECK_PAIRS // count_b)
    for start in range(0, count_a, step):
        near_a, near_b = tree.query(grown[start : start + step])
        near_a = near_a + start
        bounds = separations(boxes_a, boxes_b, near_a, near_b)
        for k in np.flatnonzero(~(bounds >= horizon)):
            i, j = int(near_a[k]), int(near_b[k])
            if (i, j) not in named:
                return [
                    f"parts ({i}, {j}): not named, and their boxes show them only "
                    f"{float(bounds[k]):.17g} apart, less than the horizon {horizon:.17g}"
                ]
    return []


def _separating_axis_problems(
    a: ConvexShape, b: ConvexShape, proof: SeparatingAxis, distance: float
) -> list[str]:
    weights = [weight for _, weight in (proof.weights_a or ()) + (proof.weights_b or ())]
    numbers = [*proof.axis, proof.lower, proof.upper, *proof.closest[0], *proof.closest[1]]
    unfinite = _not_finite("the separating axis", numbers + weights)
    if unfinite:
        return unfinite
    (ax, ay), (bx, by) = proof.closest
    nx, ny = proof.axis
    problems = []
    if not abs(math.hypot(nx, ny) - 1.0) <= CERTIFICATE_RELATIVE:
        problems.append(f"axis: not a unit vector (length {math.hypot(nx, ny):.17g})")
    elif longer_than_one(nx, ny):
        problems.append(f"axis: longer than 1 (length {math.hypot(nx, ny):.17g})")
    reach_a, reach_b = reach(a), reach(b)
    lower = separation(a, b, (nx, ny)).lower
    if not proof.lower <= lower:
        problems.append(
            f"lower bound: {proof.lower:.17g} claimed, at most {lower:.17g} follows "
            "from the support functions"
        )
    if not proof.lower > 0.0:
        problems.append(f"the axis does not separate the shapes (lower bound {proof.lower:.17g})")
    problems_a = membership_problems(a, "A", (ax, ay), proof.weights_a, also=(nx, ny))
    problems_b = membership_problems(b, "B", (bx, by), proof.weights_b, also=(-nx, -ny))
    point_a = (ax, ay) if problems_a else named_point(a, proof.weights_a, (ax, ay))
    point_b = (bx, by) if problems_b else named_point(b, proof.weights_b, (bx, by))
    gap = math.hypot(point_b[0] - point_a[0], point_b[1] - point_a[1])
    upper = gap + rounding_bound(reach_a, reach_b, gap)
    if not proof.upper >= upper:
        problems.append(
            f"upper bound: {proof.upper:.17g} claimed, |pA - pB| is {gap:.17g}, "
            f"so at least {upper:.17g}"
        )
    return problems + _bracket(proof.lower, proof.upper, distance) + problems_a + problems_b


def _bracket(lower: float, upper: float, distance: float) -> list[str]:
    """Do the bounds bracket the distance (and so each other)? No slack: they are rigorous."""
    if not lower <= upper:
        return [f"bounds: the lower bound {lower:.17g} exceeds the upper bound {upper:.17g}"]
    if not lower <= distance:
        return [f"lower bound {lower:.17g} exceeds the distance {distance:.17g}"]
    if not distance <= upper:
        return [f"upper bound {upper:.17g} is below the distance {distance:.17g}"]
    return []


def _not_finite(what: str, numbers: Sequence[float]) -> list[str]:
    """One problem naming the first number that is infinite or not a number, if any."""
    if all(map(math.isfinite, numbers)):  # the usual case, without a loop in Python
        return []
    for number in numbers:
        if not math.isfinite(number):
            return [f"not a finite number: {number} in {what}"]
    return []


def _enclosing_problems(
    a: ConvexShape, b: ConvexShape, proof: EnclosingSimplex, band: float
) -> list[str]:
    coordinates = [c for pair in proof.members for p in pair for c in p]
    numbers = [c for p in proof.points for c in p] + coordinates
    unfinite = _not_finite("the enclosing simplex", [*numbers, *proof.weights, proof.residual])
    if unfinite:
        return unfinite
    problems = []
    if not all(weight >= -CERTIFICATE_RELATIVE for weight in proof.weights):
        problems.append(f"weights: a negative weight in {list(proof.weights)}")
    if not abs(sum(proof.weights) - 1.0) <= CERTIFICATE_RELATIVE:
        problems.append(f"weights: they sum to {sum(proof.weights):.17g}, not 1")
    # a shape's support lines are the same for each of its points: found once
    named = proof.pairs is not None
    lines_a = None if named and isinstance(a, Polytope) else _support_lines(a)
    lines_b = None if named and isinstance(b, Polytope) else _support_lines(b)
    for k, ((px, py), (pa, pb)) in enumerate(zip(proof.points, proof.members, strict=True)):
        size = abs(pa[0]) + abs(pa[1]) + abs(pb[0]) + abs(pb[1])
        if not math.hypot(px - (pa[0] - pb[0]), py - (pa[1] - pb[1])) <= rounding_bound(size):
            problems.append(f"point {k}: not the difference of its points of A and B")
        pair = proof.pairs[k] if proof.pairs is not None else None
        weights_a = None if pair is None else ((pair[0], 1.0),)
        weights_b = None if pair is None else ((pair[1], 1.0),)
        problems += membership_problems(a, "A", pa, weights_a, lines=lines_a)
        problems += membership_problems(b, "B", pb, weights_b, lines=lines_b)
    sx = sum(w * p[0] for w, p in zip(proof.weights, proof.points, strict=True))
    sy = sum(w * p[1] for w, p in zip(proof.weights, proof.points, strict=True))
    residual = math.hypot(sx, sy)
    # the weighted sum rounds by a few units in the last place of its terms, and each
    # point a - b by a few units in the last place of a and b
    slack = rounding_bound(
        sum(
            abs(w) * (abs(p[0]) + abs(p[1]) + abs(pa[0]) + abs(pa[1]) + abs(pb[0]) + abs(pb[1]))
            for w, p, (pa, pb) in zip(proof.weights, proof.points, proof.members, strict=True)
        )
    )
    if not residual <= band + slack:
        problems.append(
            f"the weighted points sum to ({sx:.3g}, {sy:.3g}), {residual:.3g} from the origin "
            f"(touching band {band:.3g})"
        )
    elif not residual <= proof.residual + slack:
        problems.append(
            f"residual: {proof.residual:.3g} claimed, the weighted points sum to "
            f"{residual:.3g} from the origin"
        )
    return problems


def _proves_overlap(a: ConvexShape, b: ConvexShape, proof: EnclosingSimplex) -> bool:
    """Whether a (re-checked) enclosing simplex puts the origin strictly inside ``A - B``
    (:func:`~gjkcli.algorithms.verdict.encloses_origin`, on the certificate's own points).

    >>> from gjkcli.shapes import rectangle
    >>> from gjkcli.algorithms.answer import solve
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((0.5, 0.0), (2.0, 2.0))
    >>> _proves_overlap(a, b, solve(a, b).certificate)
    True
    """
    return encloses_origin(a, b, proof.simplex)


def membership_problems(
    shape: ConvexShape,
    label: str,
    point: Vec,
    weights: Weights | None,
    *,
    also: Vec | None = None,
    lines: list[tuple[float, float, float]] | None = None,
) -> list[str]:
    """Why ``point`` is not in ``shape`` (one sentence per reason, each starting with
    ``label``; empty when it is). By weights over a polygon's vertices, else by support lines
    (``lines``: the shape's :func:`_support_lines`, when already found).

    The slack is the rounding of the numbers compared. By weights: the
    weighted sum of the vertices named, recomputed here and by
    :func:`~gjkcli.algorithms.certificate.named_point`, rounds by at most a
    few units in the last place of the sum of ``|weight| * |vertex|``. By
    support lines: the point itself was computed from the shape's points (by
    GJK, from support points and weights) with an error of a few units in the
    last place of the shape's reach, the support value along each direction
    carries at most as much, and the dot products compared add the rounding of
    the point's own size.

    >>> from gjkcli.shapes import rectangle
    >>> membership_problems(rectangle((0.0, 0.0), (2.0, 2.0)), "A", (3.0, 0.0), None)
    ['A: (3, 0) lies beyond the shape along (1, 0)']
    """
    x, y = point
    if weights is not None and isinstance(shape, Polytope):
        vertices = shape.vertices
        sums = _weighted_sums(vertices, weights)
        if sums is None:
            if not all(0 <= index < len(vertices) for index, _ in weights):
                return [f"{label}: a vertex number out of range in {list(weights)}"]
            return [f"{label}: a negative weight in {list(weights)}"]
        total, wx, wy, size = sums
        if not abs(total - 1.0) <= CERTIFICATE_RELATIVE:
            return [f"{label}: the weights do not sum to 1"]
        if not math.hypot(wx - x, wy - y) <= rounding_bound(size, abs(x) + abs(y)):
            return [f"{label}: ({x:.17g}, {y:.17g}) is not the weighted sum of the vertices named"]
        return []
    slack = membership_slack(shape, point)
    for nx, ny, height in _support_lines(shape, also) if lines is None else lines:
        if not nx * x + ny * y <= height + slack:
            along = f"({nx + 0.0:.3g}, {ny + 0.0:.3g})"  # + 0.0: no "-0" in the sentence
            return [f"{label}: ({x:.17g}, {y:.17g}) lies beyond the shape along {along}"]
    return []


def _weighted_sums(
    vertices: tuple[Vec, ...], weights: Weights
) -> tuple[float, float, float, float] | None:
    """The sums of the weights, of ``weight * vertex`` and of ``|weight| |vertex|_1`` (each a
    ``sum`` of its terms in order), or ``None`` when a vertex number is out of range or a
    weight is negative (or not a number)."""
    count = len(vertices)
    terms = []
    for index, weight in weights:
        if not (0 <= index < count and weight >= 0.0):
            return None
        x, y = vertices[index]
        terms.append((weight, weight * x, weight * y, abs(weight) * (abs(x) + abs(y))))
    if not terms:
        return 0.0, 0.0, 0.0, 0.0  # no weights: they sum to 0, not to 1
    total, wx, wy, size = map(sum, zip(*terms, strict=True))
    return total, wx, wy, size


def _support_lines(shape: ConvexShape, also: Vec | None = None) -> list[tuple[float, float, float]]:
    """``(nx, ny, n . support(n))`` along ``also``, if given, then along each of the
    ``CERTIFICATE_DIRECTIONS`` directions ``n``: the lines no point of ``shape`` lies beyond."""
    directions = SUPPORT_DIRECTIONS if also is None else (also, *SUPPORT_DIRECTIONS)
    farthest = supports(shape, directions)
    return [
        (nx, ny, nx * fx + ny * fy) for (nx, ny), (fx, fy) in zip(directions, farthest, strict=True)
    ]
