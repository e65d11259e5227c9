"""Evidence for an answer, that anyone can check with the shapes' support functions.

* **Separated**: a *separating axis* ``n`` (a unit vector from A towards B,
  shortened by an ulp if rounding left it longer than 1). Every point of A
  lies at most ``max over A of n.a`` along ``n``, every point of B at least
  ``min over B of n.b``; the difference is a lower bound on the distance
  (as ``|n| <= 1``), and it needs only two support points to compute. The
  closest points ``pA`` and ``pB`` are points of A and B, so ``|pA - pB|``
  bounds the distance from above. Where a shape is a polygon its closest
  point is given as weights over its vertices, which proves it belongs to the
  shape, and ``pA`` is recomputed from them. Both bounds are computed in
  floating point and then moved apart by :func:`rounding_bound`, a bound on
  their rounding errors, so that ``lower <= distance <= upper`` holds exactly.
* **Intersecting**: points ``w_i = a_i - b_i`` of ``A - B`` (with ``a_i`` in A
  and ``b_i`` in B: vertex numbers where the shapes are polygons) and weights
  ``l_i >= 0`` summing to 1 with ``sum l_i w_i = 0``: the origin is in ``A - B``,
  so ``sum l_i a_i = sum l_i b_i`` is a common point. The ``residual``
  ``|sum l_i w_i|``, computed, is within the touching band.

* **Compound shapes** (:class:`PartsCertificate`): intersecting, an
  enclosing simplex for one pair of parts (a point they share is a point of
  both shapes); separated, a separating axis for the nearest pair of parts
  and for every pair tested whose broad-phase bound (the distance between
  the parts' boxes in a frame, :mod:`gjkcli.algorithms.extents`) falls short
  of that axis's lower bound by more than rounding, and for every other pair
  the least such bound, the ``horizon``. The least of those lower bounds
  bounds the distance from below; the nearest pair's closest points from
  above. Its size does not grow with the number of parts unless their boxes
  prove too little.

Certificates are made from the GJK runs here; :mod:`gjkcli.verify.certificates`
checks them without this code, sharing only the rules that make a bound
rigorous: :func:`~gjkcli.algorithms.bounds.separation`,
:func:`~gjkcli.algorithms.bounds.rounding_bound`, :func:`~gjkcli.algorithms.bounds.reach`
and :func:`named_point`.

Rounding. With ``u = 2**-53`` the unit roundoff, ``ra`` and ``rb`` the reaches
of A and B (no point of them is farther from the origin) and ``|n| <= 1``:

* ``lower`` is :func:`~gjkcli.algorithms.bounds.separation`'s proven lower
  bound of ``min n.b - max n.a``: the rounding of every dot product, and of
  the choice of each support point, is bounded from the numbers actually
  combined (so a long shape lying across the axis costs nothing for its far
  end), and where that rounding hides the sign of the separation it is
  computed exactly.
* ``upper = |pB - pA|``, with ``pA`` recomputed from vertex weights by
  :func:`named_point`: ``pA`` is within ``4u ra`` of the point of A the weights
  name (products, a correctly rounded sum, a division by the weights' sum),
  and the subtraction and ``hypot`` add ``3u upper``. At most
  ``4u (ra + rb) + 3u upper``. (Without weights, for curved shapes, GJK's
  closest points are within about ``6u`` of their reach of the shapes, to the
  accuracy of the shapes' support functions.)

Adding the bound costs one more rounding, ``u |bound|``. ``8u (ra + rb +
|upper|)``, with ``8u`` :data:`CERTIFICATE_ROUNDING`, covers all of it; the
smallest normal number is added for products that underflow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gjkcli.algorithms.axis import from_distance_run, unit
from gjkcli.algorithms.bounds import Separation, reach, rounding_bound, separation
from gjkcli.algorithms.compound import CompoundResult
from gjkcli.algorithms.distance import DistanceResult, witness_points
from gjkcli.algorithms.intersect import IntersectResult
from gjkcli.algorithms.simplex import closest_to_origin, nearest_to_origin, triangle_around_origin
from gjkcli.algorithms.support import SupportPoint
from gjkcli.algorithms.verdict import encloses_origin
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Shape, parts_of, shape_bounds
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import split_radius, surface_points
from gjkcli.tolerances import coordinate_scale

__all__ = [
    "Certificate",
    "EnclosingSimplex",
    "PartProof",
    "PartsCertificate",
    "SeparatingAxis",
    "certificate",
    "named_point",
    "parts_certificate",
]

Weights = tuple[tuple[int, float], ...]
"""``(vertex number, weight)`` pairs: a point as a combination of a polygon's vertices."""


@dataclass(frozen=True)
class SeparatingAxis:
    """Proof that A and B are apart, and bounds ``lower <= distance <= upper``."""

    axis: Vec
    lower: float
    upper: float
    closest: tuple[Vec, Vec]
    weights_a: Weights | None
    weights_b: Weights | None

    @property
    def gap(self) -> float:
        """How loose the bounds are: ``upper - lower``."""
        return self.upper - self.lower


@dataclass(frozen=True)
class EnclosingSimplex:
    """Proof that A and B share a point: weights of ``A - B`` points that give the origin."""

    points: tuple[Vec, ...]
    members: tuple[tuple[Vec, Vec], ...]
    pairs: tuple[tuple[int, int], ...] | None
    weights: tuple[float, ...]
    residual: float

    @property
    def simplex(self) -> tuple[SupportPoint, ...]:
        """The points with their members, as support points of ``A - B``."""
        return tuple(
            SupportPoint(w, a, b) for w, (a, b) in zip(self.points, self.members, strict=True)
        )


@dataclass(frozen=True)
class PartProof:
    """The certificate of one pair of parts: part ``a`` of A and part ``b`` of B."""

    a: int
    b: int
    proof: SeparatingAxis | EnclosingSimplex


@dataclass(frozen=True)
class PartsCertificate:
    """Proof for a pair with a compound shape, made of certificates of part pairs.

    Intersecting: ``proofs`` is one enclosing simplex, and ``frame``,
    ``horizon``, ``lower`` and ``upper`` are ``None``. Separated: a separating
    axis for each pair of parts in ``proofs`` (the nearest first); every other
    pair's boxes in the frame of the axis ``frame`` prove it at least
    ``horizon`` apart (``None``: there is no other pair), so
    ``lower = min(the axes' lower bounds, horizon) <= distance <= upper``, the
    least ``upper`` of the axes.
    """

    proofs: tuple[PartProof, ...]
    frame: Vec | None
    horizon: float | None
    lower: float | None
    upper: float | None

    @property
    def gap(self) -> float:
        """How loose the bounds are: ``upper - lower`` (0 for an intersecting pair)."""
        return 0.0 if self.lower is None or self.upper is None else self.upper - self.lower


Certificate = SeparatingAxis | EnclosingSimplex | PartsCertificate


def certificate(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    gjk: DistanceResult,
    boolean: IntersectResult,
    axis: Vec | None = None,
    *,
    apart: Separation | None = None,
) -> SeparatingAxis | EnclosingSimplex:
    """The certificate for GJK's answer on a pair; ``axis`` is the separating axis the
    answer rests on (by default the one GJK's distance run ended on), and ``apart`` the
    :func:`~gjkcli.algorithms.bounds.separation` of the shapes along it, when it is
    already known (:func:`~gjkcli.algorithms.verdict.settle` computes it), so that it
    is not computed again.

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.algorithms.intersect import intersects
    >>> from gjkcli.shapes import rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((4.0, 0.0), (2.0, 2.0))
    >>> proof = certificate(a, b, distance(a, b), intersects(a, b))
    >>> proof.axis, proof.lower, proof.upper
    ((1.0, 0.0), 1.999999999999993, 2.0000000000000075)
    """
    if gjk.closest is not None:
        return _separating_axis(shape_a, shape_b, gjk, gjk.closest, axis, apart=apart)
    return _enclosing_simplex(shape_a, shape_b, gjk, boolean)


def parts_certificate(
    shape_a: Shape, shape_b: Shape, search: CompoundResult, boolean: IntersectResult
) -> PartsCertificate:
    """The certificate for a compound pair, from its part-pair search; ``boolean`` is the
    boolean query on the deciding pair.

    A pair tested whose bound is positive and within ``4 rounding_bound(sa, sb,
    lower)`` of the nearest pair's lower bound (``sa`` and ``sb`` the shapes' largest
    coordinates) gets no axis of its own: its bound lowers the certificate's by no
    more than rounding, and pairs of long parts side by side, all as near as each
    other, need no list of thousands of axes.

    >>> from gjkcli.algorithms.compound import compound_query
    >>> from gjkcli.shapes import point, segment, union_of
    >>> a = union_of([segment((0.0, 0.0), (0.0, 2.0)), segment((4.0, 0.0), (4.0, 2.0))])
    >>> b = point((1.0, 1.0))
    >>> search = compound_query(a, b)
    >>> from gjkcli.algorithms.intersect import intersects
    >>> proof = parts_certificate(a, b, search, intersects(a.parts[0], b))
    >>> proof.lower, proof.upper, round(proof.horizon, 9), [(p.a, p.b) for p in proof.proofs]
    (0.9999999999999982, 1.000000000000004, 1.0, [(0, 0)])
    """
    parts_a, parts_b = parts_of(shape_a), parts_of(shape_b)
    pair = search.deciding
    if search.verdict != "separated":
        proof = certificate(parts_a[pair.a], parts_b[pair.b], pair.result, boolean)
        return PartsCertificate((PartProof(pair.a, pair.b, proof),), None, None, None, None)
    closest = pair.result.closest
    assert closest is not None  # the nearest pair of separated shapes is apart
    nearest = _separating_axis(parts_a[pair.a], parts_b[pair.b], pair.result, closest, pair.axis)
    axes = [PartProof(pair.a, pair.b, nearest)]
    bounds = [] if search.horizon is None else [search.horizon]
    if search.close:  # the shapes' size is needed only then
        scales = (coordinate_scale(shape_bounds(shape_a)), coordinate_scale(shape_bounds(shape_b)))
        enough = nearest.lower - 4.0 * rounding_bound(*scales, nearest.lower)
        for other in search.close:
            apart = other.result.closest  # every pair tested is apart (else the re-check fails)
            if (other.bound < enough or not other.bound > 0.0) and apart is not None:
                axis = _separating_axis(
                    parts_a[other.a], parts_b[other.b], other.result, apart, other.axis
                )
                axes.append(PartProof(other.a, other.b, axis))
            else:
                bounds.append(other.bound)
    horizon = min(bounds, default=None)
    lowers = [p.proof.lower for p in axes if isinstance(p.proof, SeparatingAxis)]
    uppers = [p.proof.upper for p in axes if isinstance(p.proof, SeparatingAxis)]
    lower = min(lowers) if horizon is None else min(*lowers, horizon)
    return PartsCertificate(tuple(axes), search.frame, horizon, lower, min(uppers))


def _separating_axis(
    a: ConvexShape,
    b: ConvexShape,
    gjk: DistanceResult,
    closest_points: tuple[Vec, Vec],
    axis: Vec | None,
    *,
    apart: Separation | None = None,
) -> SeparatingAxis:
    """The separating axis certificate along ``axis`` (``apart``: the separation along it,
    if known), else along the axis GJK's run ended on, or between its closest points."""
    (ax, ay), (bx, by) = closest_points
    if axis is None or apart is None:
        nx, ny = axis or from_distance_run(gjk) or unit((bx - ax, by - ay)) or (1.0, 0.0)
        apart = separation(a, b, (nx, ny))
    else:
        nx, ny = axis
    reach_a, reach_b = reach(a), reach(b)
    closest = closest_to_origin([p.w for p in gjk.simplex])
    kept = [gjk.simplex[i] for i in closest.kept]
    weights_a = _vertex_weights(a, [p.a for p in kept], closest.weights)
    weights_b = _vertex_weights(b, [p.b for p in kept], closest.weights)
    point_a = named_point(a, weights_a, closest_points[0])
    point_b = named_point(b, weights_b, closest_points[1])
    upper = math.hypot(point_b[0] - point_a[0], point_b[1] - point_a[1])
    return SeparatingAxis(
        (nx, ny),
        apart.lower,
        upper + rounding_bound(reach_a, reach_b, upper),
        (point_a, point_b),
        weights_a,
        weights_b,
    )


def named_point(shape: ConvexShape, weights: Weights | None, claimed: Vec) -> Vec:
    """The closest point a bound relies on: for a polygon with vertex weights, the point
    they name, ``sum w_i v_i / sum w_i`` with correctly rounded sums (within ``4u`` of the
    polygon's reach of the exact one); else the point ``claimed``.

    >>> from gjkcli.shapes import Polytope
    >>> triangle = Polytope(((0.0, 0.0), (4.0, 0.0), (0.0, 2.0)))
    >>> named_point(triangle, ((1, 0.25), (2, 0.75)), (1.0, 1.5000001))
    (1.0, 1.5)
    >>> named_point(triangle, None, (1.0, 1.5000001))
    (1.0, 1.5000001)
    """
    if weights is None or not isinstance(shape, Polytope):
        return claimed
    few = _few_named(shape.vertices, weights) if 1 <= len(weights) <= 2 else None
    return _named(shape.vertices, weights) if few is None else few


def _named(vertices: tuple[Vec, ...], weights: Weights) -> Vec:
    """``sum w_i v_i / sum w_i``, with correctly rounded sums."""
    total = math.fsum(weight for _, weight in weights)
    x = math.fsum(weight * vertices[index][0] for index, weight in weights)
    y = math.fsum(weight * vertices[index][1] for index, weight in weights)
    return (x / total, y / total)


def _few_named(vertices: tuple[Vec, ...], weights: Weights) -> Vec | None:
    """:func:`_named` for one or two weights, faster, where the sums are finite (``None``
    otherwise): ``fsum`` of two floats is their float sum, correctly rounded like it,
    except that ``fsum`` gives ``+0.0`` for ``-0.0 + -0.0`` (so ``+ 0.0`` here) and raises
    on overflow, where the float sum is infinite (so :func:`_named` takes those).

    >>> _few_named(((0.0, 0.0), (4.0, 2.0)), ((0, 0.25), (1, 0.75)))
    (3.0, 1.5)
    """
    if len(weights) == 1:
        ((index, weight),) = weights
        x, y = vertices[index]
        total, sum_x, sum_y = weight + 0.0, weight * x + 0.0, weight * y + 0.0
    else:
        (first, weight), (second, other) = weights
        x, y = vertices[first]
        u, v = vertices[second]
        total = weight + other + 0.0
        sum_x, sum_y = weight * x + other * u + 0.0, weight * y + other * v + 0.0
    if not (math.isfinite(total) and math.isfinite(sum_x) and math.isfinite(sum_y)):
        return None
    return (sum_x / total, sum_y / total)


def _enclosing_simplex(
    a: ConvexShape, b: ConvexShape, gjk: DistanceResult, boolean: IntersectResult
) -> EnclosingSimplex:
    """From whichever simplex proves the most: one whose triangle holds the origin strictly
    inside (:func:`~gjkcli.algorithms.verdict.encloses_origin`), else the one that comes
    nearest the origin: the boolean run's, if it holds the origin, or the distance run's.

    The two runs decide "inside" with different tests, and near rounding one
    may hold the origin where the other's closest point is a rounding-sized step
    off it. The distance run works on the cores of rounded shapes. When the
    cores themselves are apart, the two points of A and of B on the line
    between the cores' closest points, a radius beyond and before them, give a
    segment of ``A - B`` through the origin.
    """
    candidates = [list(boolean.simplex)] if boolean.status == "contains-origin" else []
    candidates.append(_through_the_radii(gjk))
    ranked: list[tuple[bool, float, list[SupportPoint]]] = []
    for simplex in candidates:  # each measured once: holding the origin first, then nearer
        nearest = nearest_to_origin([p.w for p in simplex])
        outside = not encloses_origin(a, b, simplex)
        ranked.append((outside, math.hypot(*nearest), simplex))
    outside, _, points = min(ranked, key=lambda rank: rank[:2])
    around = (
        triangle_around_origin([(p.a, p.b) for p in points])
        if len(points) == 3 and not outside
        else None
    )
    if around is not None:
        # all three, with the origin's weights computed exactly and rounded once: a thin
        # triangle around the origin, with a corner 1e11 away, may hold it a
        # rounding-sized step from its short side, where floating point puts it outside
        # (and would keep only that side, 1e-6 from the origin); its float weights
        # cancel to nothing like the true ones
        kept, weights = list(points), tuple(around.weights)
    else:
        closest = closest_to_origin([p.w for p in points])
        kept, weights = [points[i] for i in closest.kept], tuple(closest.weights)
    pairs = None
    if isinstance(a, Polytope) and isinstance(b, Polytope):
        found = [(_vertex_number(a, p.a), _vertex_number(b, p.b)) for p in kept]
        if all(i is not None and j is not None for i, j in found):
            pairs = tuple((i, j) for i, j in found if i is not None and j is not None)
    x = sum(w * p.w[0] for w, p in zip(weights, kept, strict=True))
    y = sum(w * p.w[1] for w, p in zip(weights, kept, strict=True))
    return EnclosingSimplex(
        tuple(p.w for p in kept),
        tuple((p.a, p.b) for p in kept),
        pairs,
        weights,
        math.hypot(x, y),
    )


def _through_the_radii(gjk: DistanceResult) -> list[SupportPoint]:
    """The distance run's final simplex, or for rounded shapes whose cores are apart, the
    segment through the origin between the surface points on both sides."""
    points = list(gjk.simplex)
    if not sum(gjk.radii) > 0.0:
        return points
    closest = closest_to_origin([p.w for p in points])
    vx, vy = closest.v
    gap = math.hypot(vx, vy)
    if gap > 0.0:
        pa, pb = witness_points([points[i] for i in closest.kept], closest.weights)
        ux, uy = vx / gap, vy / gap
        points = [
            _support_point(*surface_points((pa, pb), (ux, uy), gjk.radii)),
            _support_point(*surface_points((pa, pb), (-ux, -uy), gjk.radii)),
        ]
    return points


def _support_point(a: Vec, b: Vec) -> SupportPoint:
    return SupportPoint((a[0] - b[0], a[1] - b[1]), a, b)


def _vertex_weights(
    shape: ConvexShape, points: list[Vec], weights: tuple[float, ...]
) -> Weights | None:
    """A point of a polygon as weights over its vertices (merged where a vertex repeats)."""
    core, radius = split_radius(shape)
    if not isinstance(core, Polytope) or radius > 0.0:
        return None
    merged: dict[int, float] = {}
    for point, weight in zip(points, weights, strict=True):
        index = _vertex_number(core, point)
        if index is None:
            return None
        merged[index] = merged.get(index, 0.0) + weight
    return tuple(sorted(merged.items()))


def _vertex_number(shape: Polytope, point: Vec) -> int | None:
    try:
        return shape.vertices.index(point)
    except ValueError:
        return None
