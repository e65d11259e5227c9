"""Where the origin lies relative to ``A - B``: outside, on the boundary, or inside.

A proof beats the touching band. The distance run answers in floating point,
and calls two shapes touching when they are closer than its band
(:data:`~gjkcli.tolerances.TOUCH_RELATIVE` times the size of the numbers it
combined). :func:`settle` then looks for proofs, and the answer follows them:

* **separated**, when a separating axis proves it: the axis GJK's distance
  run ended on, or the direction along which the boolean run found ``A - B``
  falling short of the origin, whose separation
  (:func:`~gjkcli.algorithms.bounds.separation`) stays positive after every
  rounding it can carry is accounted for (and, where rounding hides its sign,
  after it is computed exactly). The shapes are then apart whatever the band
  says, and the distance is GJK's (raised to the proven lower bound if
  rounding, within the band, left it below);
* **intersecting**, when two polytopes' ``A - B`` holds the origin strictly
  inside a triangle of the boolean run's support points, decided exactly: the
  shapes overlap whatever the distance run measured; and, for any shapes the
  distance run found within its band, when a triangle of either run holds the
  origin strictly inside, farther from each side than the rounding of its
  points (:func:`encloses_origin`).

What nothing proves, the band decides, and the band is never narrower than what
the separating axis along GJK's final direction falls short of proving: its
rounding, and (up to the rounding of the shapes' reach) the tilt that rounding
gives any axis floating point can write down, which along an edge 1e9 long
costs more than a gap of 1e-8. Closer than that, no floating-point axis tells
touching from apart (the exact arbiter still can, for polygons).
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from gjkcli.algorithms.axis import from_direction, from_distance_run
from gjkcli.algorithms.bounds import (
    Separation,
    membership_slack,
    reach,
    rounding_bound,
    separation,
)
from gjkcli.algorithms.distance import DistanceResult, near_scale
from gjkcli.algorithms.epa import Penetration
from gjkcli.algorithms.intersect import IntersectResult
from gjkcli.algorithms.support import SupportPoint
from gjkcli.dyadic import common_integers
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import CERTIFICATE_ROUNDING, MIN_SIZE, touch_band

__all__ = [
    "Decision",
    "Proven",
    "Settled",
    "Verdict",
    "encloses_origin",
    "settle",
    "verdict",
]

_R = CERTIFICATE_ROUNDING
_TINY = sys.float_info.min

Verdict = Literal["separated", "touching", "overlapping"]
"""``separated``: no common point. ``touching``: common points, but the
interiors are disjoint. ``overlapping``: the interiors meet."""

Proven = Literal["separated", "overlapping"]
"""What a proof settled: apart (a separating axis), or overlapping (a triangle of
``A - B`` strictly around the origin)."""


@dataclass(frozen=True)
class Settled:
    """The distance run's answer once the proofs have had their say.

    ``gjk`` is the distance result, changed where a proof overrules the band;
    ``axis`` and ``separation`` the separating axis examined (``None`` when there
    was none to examine) and how far apart it holds the shapes; ``proven``
    what a proof settled, ``None`` when the band decided.
    """

    gjk: DistanceResult
    axis: Vec | None
    separation: Separation | None
    proven: Proven | None


def settle(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    gjk: DistanceResult,
    boolean: IntersectResult | None = None,
) -> Settled:
    """Let proofs overrule the touching band (see the module notes).

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.shapes import point, segment
    >>> long = segment((0.0, 1.0), (1e14, 1.0))
    >>> settled = settle(long, point((0.0, 0.5)), distance(long, point((0.0, 0.5))))
    >>> settled.gjk.distance, settled.proven, settled.axis
    (0.5, 'separated', (0.0, -1.0))
    """
    examined: tuple[Vec, Separation] | None = None
    for axis in _candidate_axes(gjk, boolean):
        apart = separation(shape_a, shape_b, axis)
        if apart.lower > 0.0:
            # rounding may leave GJK's distance a hair below the proven bound; more than
            # that is GJK's own error, left for the cross-checks to see
            distance = gjk.raw_distance
            if gjk.raw_distance < apart.lower <= gjk.raw_distance + gjk.band:
                distance = apart.lower
            elif gjk.raw_distance < min(apart.lower, MIN_SIZE):
                # the square of a gap below MIN_SIZE underflows: GJK's loop cannot see it
                # (a point 1e-200 above a segment is at distance 0 for it), but hypot of
                # the witness points' gap can
                assert gjk.witness is not None  # there are no axes to examine without it
                (ax, ay), (bx, by) = gjk.witness
                distance = max(apart.lower, math.hypot(bx - ax, by - ay))
            proven = gjk.settled_as(distance, gjk.witness, gjk.band, gjk.simplex)
            return Settled(proven, axis, apart, "separated")
        examined = examined or (axis, apart)
    overlap = _overlap_proof(shape_a, shape_b, gjk, boolean)
    if overlap is not None:
        return Settled(overlap, None, None, "overlapping")
    # within the band: a triangle of either run that holds the origin proves the overlap
    # the band could not (EPA measures the depth with the result as it is)
    held = gjk.intersects and _holds_origin(shape_a, shape_b, gjk, boolean)
    if examined is None:
        return Settled(gjk, None, None, "overlapping" if held else None)
    axis, apart = examined
    if gjk.intersects:
        return Settled(gjk, axis, apart, "overlapping" if held else None)
    band = max(gjk.band, apart.rounding)
    shortfall = gjk.raw_distance - apart.lower  # what the axis falls short of proving
    if shortfall <= touch_band(reach(shape_a) + reach(shape_b)):
        # a float axis is tilted by rounding, and along an edge 1e9 long that costs more
        # than a gap of 1e-8: no axis floating point can write down tells touching from
        # apart there, so the band takes it in (up to the rounding of the shapes' reach)
        band = max(band, shortfall)
    if gjk.raw_distance > band:
        return Settled(gjk.with_band(band), axis, apart, None)
    touching = gjk.settled_as(0.0, None, band, gjk.simplex)
    return Settled(touching, axis, apart, None)


def _candidate_axes(gjk: DistanceResult, boolean: IntersectResult | None) -> Iterator[Vec]:
    """The axes a proof of separation may rest on, in order, each computed only when the
    one before it proved nothing: the one GJK's distance run ended on, then the direction
    along which the boolean run found ``A - B`` falling short of the origin. None without
    the distance run's witness points."""
    if gjk.witness is None:
        return
    ended_on = from_distance_run(gjk)
    if ended_on is not None:
        yield ended_on
    if boolean is not None and boolean.status == "separating-axis":
        short_of = from_direction(boolean.direction)
        if short_of is not None:
            yield short_of


def _overlap_proof(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    gjk: DistanceResult,
    boolean: IntersectResult | None,
) -> DistanceResult | None:
    """The distance result turned intersecting, with the boolean run's triangle as its
    simplex, when that triangle proves two polytopes overlap and the distance run
    said they are apart."""
    if gjk.intersects or boolean is None or boolean.status != "contains-origin":
        return None
    if not (isinstance(shape_a, Polytope) and isinstance(shape_b, Polytope)):
        return None
    if not encloses_origin(shape_a, shape_b, boolean.simplex):
        return None
    return gjk.settled_as(0.0, None, gjk.band, boolean.simplex)


def _holds_origin(
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    gjk: DistanceResult,
    boolean: IntersectResult | None,
) -> bool:
    """Whether the distance run's final triangle, or the boolean run's, proves the origin
    strictly inside ``A - B`` (:func:`encloses_origin`)."""
    triangles = [gjk.simplex]
    if boolean is not None and boolean.status == "contains-origin":
        triangles.append(boolean.simplex)
    return any(
        len(triangle) == 3 and encloses_origin(shape_a, shape_b, triangle) for triangle in triangles
    )


def encloses_origin(
    shape_a: ConvexShape, shape_b: ConvexShape, points: Sequence[SupportPoint]
) -> bool:
    """Whether three points ``a - b`` of ``A - B`` prove that the origin is strictly inside
    it (the shapes overlap): their triangle holds the origin strictly inside, decided
    exactly from the members ``a`` and ``b``, and, unless those are polygon vertices (exact
    points of the shapes), farther from each side than the members' rounding
    (:func:`~gjkcli.algorithms.bounds.membership_slack`).

    >>> from gjkcli.shapes import point
    >>> up, left, right = (((0.0, 1.0), (0.0, 0.0)), ((-1.0, -1.0), (0.0, 0.0)),
    ...                    ((1.0, -1.0), (0.0, 0.0)))
    >>> triangle = [SupportPoint(a, a, b) for a, b in (up, left, right)]
    >>> encloses_origin(point((0.0, 0.0)), point((0.0, 0.0)), triangle)
    True
    """
    if len(points) != 3:
        return False
    around = _filtered_around_origin(points)
    if around is None:
        around = _exact_around_origin(tuple(c for p in points for corner in p[1:] for c in corner))
    if not around:
        return False
    if isinstance(shape_a, Polytope) and isinstance(shape_b, Polytope):
        return True
    slack = max(membership_slack(shape_a, p.a) + membership_slack(shape_b, p.b) for p in points)
    for k in range(3):
        (x1, y1), (x2, y2) = points[k].w, points[(k + 1) % 3].w
        ex, ey = x2 - x1, y2 - y1
        height = abs(x1 * ey - y1 * ex) / math.hypot(ex, ey)
        if not height > slack + rounding_bound(abs(x1) + abs(y1), abs(x2) + abs(y2)):
            return False
    return True


@functools.lru_cache(maxsize=64)
def _exact_around_origin(coordinates: tuple[float, ...]) -> bool:
    """Whether the triangle of the exact points ``w_k = a_k - b_k`` holds the origin
    strictly inside (``coordinates``: ``a_1, b_1, a_2, ...`` flattened): its sides
    ``cross(w_k, w_k+1)``, computed exactly (as integers in the same ratios), are all
    positive or all negative. The same triangle is asked about several times in a
    check (the verdict, the certificate, its re-check), so the last answers are kept."""
    integers = common_integers(coordinates)[0]
    exact = [
        (integers[4 * k] - integers[4 * k + 2], integers[4 * k + 1] - integers[4 * k + 3])
        for k in range(3)
    ]
    sides = [
        (exact[(k + 1) % 3][0] - exact[k][0]) * -exact[k][1]
        - (exact[(k + 1) % 3][1] - exact[k][1]) * -exact[k][0]
        for k in range(3)
    ]
    return all(side > 0 for side in sides) or all(side < 0 for side in sides)


def _filtered_around_origin(points: Sequence[SupportPoint]) -> bool | None:
    """:func:`_exact_around_origin` decided in floating point where rounding cannot change
    the answer, else ``None`` (then it is computed exactly).

    With ``u = 2**-53``, for the floats ``a`` and ``b`` behind a point,
    ``x = fl(ax - bx)`` is within ``u |ax - bx|`` of the exact difference (a
    subtraction never underflows), and so is ``y``. A side ``s = x1 y2 - x2 y1``
    computed as ``fl(fl(x1 y2) - fl(x2 y1))`` from them is then within
    ``(3u + u + O(u^2)) M + 3 eta`` of the exact side, with ``M = |x1 y2| + |x2 y1|``
    and ``eta = 2**-1075`` what a product that underflows can lose: each product's
    factors carry a relative error of at most ``u`` each and it rounds once more,
    and the difference rounds once. With ``X = |ax| + |bx|`` (at least ``|x|``), and
    so for ``Y``, ``M <= S = X1 Y2 + X2 Y1``; ``S`` computed in floating point (four
    roundings, each down by at most a factor ``1 - u``, and two products that may
    underflow) is at least ``(1 - u)^4 S - 2 eta``. So the computed side is within
    ``5.01u S~ + 4 eta`` of the exact one, and ``fl(8u S~ + tiny)`` (``8u`` is
    :data:`~gjkcli.tolerances.CERTIFICATE_ROUNDING`, a power of two, and ``tiny``
    the smallest normal number, far above ``4 eta``) is at least that much, its own
    rounding included. A computed side farther from 0 than that has the sign of the
    exact one, which is not 0. A side no farther (or not a number, or not finite:
    no comparison holds then, and the products of ``X`` and ``Y`` overflow before
    those of ``x`` and ``y`` do, rounding being monotonic) leaves the answer to the
    exact computation, unless two sides already proven have opposite signs.
    """
    (_, (ax, ay), (bx, by)), (_, (cx, cy), (dx, dy)), (_, (ex, ey), (fx, fy)) = points
    x0, y0, x1, y1, x2, y2 = ax - bx, ay - by, cx - dx, cy - dy, ex - fx, ey - fy
    size_x0, size_y0 = abs(ax) + abs(bx), abs(ay) + abs(by)
    size_x1, size_y1 = abs(cx) + abs(dx), abs(cy) + abs(dy)
    size_x2, size_y2 = abs(ex) + abs(fx), abs(ey) + abs(fy)
    side_0, side_1, side_2 = x0 * y1 - x1 * y0, x1 * y2 - x2 * y1, x2 * y0 - x0 * y2
    bound_0 = _R * (size_x0 * size_y1 + size_x1 * size_y0) + _TINY
    bound_1 = _R * (size_x1 * size_y2 + size_x2 * size_y1) + _TINY
    bound_2 = _R * (size_x2 * size_y0 + size_x0 * size_y2) + _TINY
    above = (side_0 > bound_0, side_1 > bound_1, side_2 > bound_2)
    below = (side_0 < -bound_0, side_1 < -bound_1, side_2 < -bound_2)
    if True in above and True in below:
        return False
    # no side unknown (neither above nor below its bound): all above, or all below
    return True if all(above) or all(below) else None


class Decision(NamedTuple):
    """GJK's verdict, the tolerance it was decided with, and the touching band in it."""

    verdict: Verdict
    tolerance: float
    band: float


def verdict(
    gjk: DistanceResult, overlap: Penetration | None, proven: Proven | None = None
) -> Decision:
    """GJK's verdict, and the tolerance and band it was decided with.

    Apart is ``separated``; otherwise a depth within the touching band is
    ``touching``, a deeper overlap ``overlapping``, unless a proof says they
    overlap (``proven``: a triangle of ``A - B`` strictly around the origin,
    :func:`encloses_origin`), however shallow the depth. A distance run that
    ended a little short of the origin (within the band) is touching, whatever
    depth EPA measures from its simplex, which does not hold the origin. The depth is measured along
    EPA's normal, so the band is that of the numbers behind EPA's contact
    points along it (and, where the distance run ended short of a triangle, at
    least the distance run's band); it is widened by EPA's own error, which is
    0 for polygons.

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.algorithms.epa import penetration
    >>> from gjkcli.shapes import rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 1.0), (2.0, 2.0))
    >>> result = distance(a, b)
    >>> verdict(result, penetration(a, b, result)).verdict
    'touching'
    """
    if overlap is None or not gjk.intersects:
        return Decision("separated", gjk.band, gjk.band)
    contact = [SupportPoint((0.0, 0.0), overlap.contact[0], overlap.contact[1])]
    band = touch_band(near_scale(contact, overlap.normal) + sum(gjk.radii) + overlap.depth)
    if len(gjk.simplex) < 3:
        band = max(band, gjk.band)
    tolerance = band + overlap.error
    # a distance run that ended short of the origin, within the band, saw no overlap:
    # EPA, grown from a simplex that does not hold the origin, cannot show one either
    touching = (overlap.depth <= tolerance or gjk.raw_distance > 0.0) and proven != "overlapping"
    return Decision("touching" if touching else "overlapping", tolerance, band)
