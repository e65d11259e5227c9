"""Every numerical tolerance and iteration cap of gjkcli, in one place.

Each constant is documented where it is defined and reported once per run
(:func:`constants`: ``gjk --version --json``, the ``--summary-json`` of ``gjk
batch`` and its ``--output-dir`` manifest; see ``docs/FORMATS.md``); each
record reports only the tolerances of its own pair. Nothing else in the
package hard-codes a tolerance. (Two bounds live with their code because they
change no answer: the ring test's switch from floating point to rationals, in
:mod:`gjkcli.shapes.rings`, and the most ulp steps that shorten a separating
axis to unit length, in :mod:`gjkcli.algorithms.certificate`.)

Most tolerances are *relative*: they are multiplied by ``1 + scale``, where
``scale`` is the largest absolute coordinate of the two shapes (see
:func:`coordinate_scale`). A float carries about 16 significant digits, so an
absolute tolerance would be meaningless for shapes a billion units from the
origin and far too loose for shapes a millionth of a unit wide.

>>> allowance = agreement_tolerance(coordinate_scale((-3.0, -1.0, 4.0, 2.0)))
>>> allowance == AGREEMENT_RELATIVE * 5.0
True
"""

from __future__ import annotations

import sys
from typing import Final

__all__ = [
    "AGREEMENT_RELATIVE",
    "CAST_POLISH_STEPS",
    "CAST_TIME_RELATIVE",
    "CERTIFICATE_DIRECTIONS",
    "CERTIFICATE_RELATIVE",
    "CERTIFICATE_ROUNDING",
    "CONVERGENCE_RELATIVE",
    "CURVE_ERROR_RELATIVE",
    "CURVE_MAX_POINTS",
    "CURVE_SEGMENTS",
    "EPA_MAX_ITERATIONS",
    "EXPECT_ANGLE_DOUBLE",
    "EXPECT_ANGLE_SINGLE",
    "EXPECT_ATOL",
    "EXPECT_RTOL_DOUBLE",
    "EXPECT_RTOL_SINGLE",
    "MANIFOLD_BIAS_RELATIVE",
    "MAX_ANGLE",
    "MAX_COORDINATE",
    "MAX_ITERATIONS",
    "MIN_SIZE",
    "NEAR_END",
    "ORACLE_CURVE_MAX_POINTS",
    "ORACLE_CURVE_POINTS",
    "PENETRATION_RELATIVE",
    "RAY_CONVERGENCE_RELATIVE",
    "RAY_MAX_ITERATIONS",
    "ROUNDING_FACTOR",
    "START_HALVINGS",
    "TOI_MAX_DOUBLINGS",
    "TOI_MAX_ITERATIONS",
    "TOI_ORACLE_WIDTH",
    "TOI_TOLERANCE",
    "TOUCH_RELATIVE",
    "agreement_tolerance",
    "cast_time_tolerance",
    "constants",
    "coordinate_scale",
    "difference_scale",
    "rounding",
    "swept_rounding",
    "touch_band",
]

TOUCH_RELATIVE: Final = 1e-14
"""Touching band. Two shapes whose GJK distance is at most ``TOUCH_RELATIVE *
size`` are reported as intersecting (touching counts as intersecting), with
distance 0, unless a separating axis proves them apart: a proof beats the
band (:func:`gjkcli.algorithms.verdict.settle`). ``size`` is the size of the
numbers GJK combined near the origin: the coordinates of the shape points
behind its final simplex, each weighted by how much it moves the distance (its
component along the direction of the distance:
:func:`gjkcli.algorithms.distance.near_scale`), plus the size of the numbers a
curved shape's support points are computed from
(:func:`gjkcli.algorithms.bounds.noise`: 0 for polygons, whose support points
are their own vertices), the radii and the distance itself. The largest
coordinate GJK merely visited does not count: a segment from (0, 1) to
(1e14, 1) is 0.5 from the point (0, 0.5), not within rounding of it. The band
absorbs the rounding of the closest-point computation: about 45 units in the
last place of those numbers; measured on thousands of pairs built to touch
(polygons, ellipses, circles, capsules, at offsets up to 1e6), GJK's distance
stays below it. It is widened to the rounding that a separating axis along
GJK's final direction has to give up: closer than that, nothing floating point
computes tells touching from apart. For overlapping shapes the depth is
compared with the band of the numbers behind EPA's contact points along its
normal. The distance loop also stops as soon as its simplex passes this close
to the origin."""

AGREEMENT_RELATIVE: Final = 1e-9
"""GJK and Shapely agree when their distances differ by at most
``AGREEMENT_RELATIVE * (1 + scale)``, widened by the error bound of Shapely's
polygonal approximation of curved shapes. The boolean GJK query and the
distance query must give the same ``intersects`` unless the computed distance
is within this allowance of zero, where "just touching" and "just apart" are
both honest answers of floating-point arithmetic."""

CONVERGENCE_RELATIVE: Final = 1e-15
"""The GJK distance loop stops (status ``converged``) when a new support point
improves the lower bound on the distance by less than this fraction: with
``v`` the current closest point and ``w`` the new support point,
``|v|^2 - v.w <= CONVERGENCE_RELATIVE * |v|^2``. Polygons usually stop earlier,
on a repeated support point; curved shapes stop here or on the rounding test
below, with a relative error in the distance of about this size."""

ROUNDING_FACTOR: Final = 8.0
"""The size of the rounding error of a few floating-point operations on
numbers of size ``x``, in units of ``eps * x`` (see :func:`rounding`). The
distance loop also stops when the improvement is below the rounding of its
own measurement, ``rounding(|v| * (|w| + |w1|))``: past that point it would
be chasing rounding noise. EPA likewise stops within ``rounding(scale)`` of the
boundary, the rounding of its support points' coordinates."""

CAST_TIME_RELATIVE: Final = 1e-12
"""A cast's float time of impact ``t`` agrees with the exact (rational) time ``t*``, or
the analytic one of rounded shapes, when

* ``|t - t*| <= CAST_TIME_RELATIVE * t*``: relative to the time itself; or
* ``|t - t*| <= touch_band(reach) / |r|``: the time the motion takes to cross the
  touching band (:data:`TOUCH_RELATIVE`) of ``A - B``, where ``reach`` is the largest
  absolute coordinate of ``A - B``'s bounding box (:func:`difference_scale`: the
  shapes' relative position, not their distance from the origin, since the cast works
  on ``A - B``) and ``r`` the relative translation ``translation_b - translation_a``.
  This is how the rule degrades for tiny times: below ``TOUCH_RELATIVE * reach /
  (CAST_TIME_RELATIVE * |r|)``, that is when the motion covers less than 1% of
  ``reach`` before the contact, the bound is absolute, the band of positions in which
  gjkcli itself calls shapes touching (:func:`cast_time_tolerance`); or
* ``t < t*`` and the exact distance between the shapes at ``t`` (less the target
  distance) is within ``touch_band(reach)``: an early answer at which the shapes
  already touch to within the band. A grazing contact (the motion tangent to a curved
  boundary) has an ill-conditioned time: the distance changes with the square of the
  time there, so positions correct to rounding give times correct only to about its
  square root, and the time rule alone would fail a correct answer.

A late answer gets no such allowance: the shapes may slide along each other for a
while after the first contact, at distance 0 all along."""

MAX_ITERATIONS: Final = 100
"""Hard cap on iterations of both GJK loops (the boolean query and the
distance query). Polygons need a handful; curved shapes converge linearly and
use a few dozen at most. A run that reaches the cap reports status
``max-iterations``."""

EPA_MAX_ITERATIONS: Final = 2000
"""Hard cap on EPA's iterations. Polygons need a handful, most curved pairs a
few dozen; nearly round ones need many more, since their depth barely changes
with the direction (two ellipses with radii 1.57 and 1.564 take about 400).
At the cap EPA stops with status ``max-iterations`` and reports the depth it
has reached, a valid separating move, with its remaining uncertainty as
``error``."""

PENETRATION_RELATIVE: Final = 1e-12
"""EPA (penetration depth) stops when the support point along the normal of
the nearest edge lies at most ``PENETRATION_RELATIVE * size + rounding(scale)``
beyond that edge, where ``size`` is the largest distance from the origin of
a point of ``A - B`` EPA has met (the overlap's own size) and ``scale`` the
largest coordinate of the shape points behind them. The true depth lies
between the edge's distance and the support point's, so this also bounds the
depth's error for curved shapes (reported as ``error``); for polygons EPA
ends on a repeated vertex and is exact to rounding. Measured against the
overlap, not against the coordinates: two squares 1e-3 wide at 1e9 get their
depth to rounding, not to within 1e-3."""

RAY_MAX_ITERATIONS: Final = 100
"""Hard cap on the iterations of the GJK ray cast (:mod:`gjkcli.algorithms.raycast`), and so
of a linear shape cast. Polygons need a handful (each step either moves the ray's point
to a new supporting line or adds a support point); curved shapes converge linearly
(near the hit the simplex is a chord of the curve that about halves each step, and
the ray's point's distance to it drops about fourfold) and need 20 to 30. A run at the
cap reports stop ``max-iterations``; its fraction is then still a proven lower bound on
the hit (every point of the ray before it lies beyond a supporting line of the shape)."""

CAST_POLISH_STEPS: Final = 8
"""Hard cap on the steps that finish a linear cast of curved shapes (neither polytopes nor
rounded polytopes, whose hits are exact or in closed form): while the distance query at
the time found still sees a gap beyond its touching band, the time moves on by the gap
over the relative speed (a step that cannot pass the first contact). The ray loop can
stop short where a curved shape's flat part (a rounded box's side against an ellipse)
makes the support point jump; one or two steps close that."""

NEAR_END: Final = 1.0 + 1e-6
"""How far past its end (as a factor of the ray's ``max_fraction``, or of a cast's time 1) a
float ray loop's miss is looked at again: the loop moves the ray's point to each
supporting line it crosses in float, so a hit exactly at the end (a cast reaching its
target distance at ``t = 1``) can come out a hair beyond it. Such a near miss is refined
on the loop's last feature (exactly for polytopes, in closed form for rounded ones)
before it is reported; polygonal statuses are decided exactly in any case
(:mod:`gjkcli.algorithms.sweep`)."""

RAY_CONVERGENCE_RELATIVE: Final = 1e-15
"""The ray cast stops (stop ``converged``) when the ray's point ``x`` lies within
``RAY_CONVERGENCE_RELATIVE * size`` of the simplex of support points (a part of the
shape), where ``size`` is the largest distance from ``x`` of those points, or within the
rounding of the numbers the loop combines (:func:`rounding` of the largest coordinate of
``x`` and of the support points, and of the shape's own size passed in by the caller):
closer than that, no floating-point step moves ``x`` further. For polytopes the hit
is then made exact on the final edge (the edge's line and the ray's, met in rational
arithmetic), so this bounds only curved shapes' error in the fraction: about this
fraction of the shape's size along the ray, divided by the cosine of the angle
between the ray and the normal at the hit."""

CERTIFICATE_RELATIVE: Final = 1e-12
"""Slack allowed where a certificate is checked on numbers it states rather than
recomputes: its weights must be non-negative down to ``-CERTIFICATE_RELATIVE``
and sum to 1 within it, and a separating axis must be a unit vector within it
(and no longer than 1, exactly). Every other comparison is allowed only the
rounding of the numbers it compares (see :data:`CERTIFICATE_ROUNDING`). A
certificate whose bounds are farther apart than the agreement tolerance is
reported as loose (an error with ``--strict``)."""

CERTIFICATE_ROUNDING: Final = 2.0**-50
"""Rounding bound of a computation, relative to the sizes of the numbers it
combined: 8 units of roundoff (``8 * 2**-53``, about 8.9e-16), more than the
few that a handful of products and sums can lose. It is what every rigorous
bound allows for rounding (:mod:`gjkcli.algorithms.bounds`): the support value
of a polygon along an axis may exceed each vertex's computed value by
``CERTIFICATE_ROUNDING * (|nx x| + |ny y|)``, so that a separating axis's
``lower`` bound is below the exact separation (and where that allowance hides
its sign, the separation is computed exactly); ``upper`` is raised by
``CERTIFICATE_ROUNDING * (ra + rb + upper)`` with ``ra``, ``rb`` the shapes'
reaches (:func:`gjkcli.algorithms.bounds.reach`), so that ``lower <= exact
distance <= upper`` for polygons, and for curved shapes to the accuracy of their
support functions. A point computed from a curved shape's support points is
accepted as a point of it within ``CERTIFICATE_ROUNDING * (2 reach + |x| + |y|)``
(:func:`gjkcli.algorithms.bounds.membership_slack`), a weighted sum of vertices
within ``CERTIFICATE_ROUNDING`` of the sum of the terms. The bound that two
parts' boxes give on their distance (:mod:`gjkcli.algorithms.extents`: the
broad phase's, and a compound certificate's horizon) is lowered the same way,
gap by gap, and its ``hypot`` by ``CERTIFICATE_ROUNDING`` times itself."""

CERTIFICATE_DIRECTIONS: Final = 64
"""A certificate's closest point on a curved shape has no vertex weights to
check; it is accepted when it lies behind the shape's support line (within the
rounding allowance above) along the separating axis and along this many evenly
spaced directions. This bounds how far outside the shape an accepted point can
be: a point beyond a circle of radius r by more than ``r * (1 / cos(pi / 64) -
1)``, about 1.2e-3 r, fails one of them."""

ORACLE_CURVE_POINTS: Final = 256
"""The independent penetration oracle builds ``A - B`` as the convex hull of
all differences of the two shapes' vertices, which costs the product of their
vertex counts: a curved shape enters it traced through this many evenly
spaced support points (with the error bound of that tracing)..."""

ORACLE_CURVE_MAX_POINTS: Final = 320
"""... and up to this many in all: the extra ones go to the intervals whose error
bound is the largest, such as those round a thin ellipse's sharp ends, whose bound
would otherwise be tens of times that of the rest."""

CURVE_SEGMENTS: Final = 256
"""Shapely has no curves: a curved shape is handed to it as the polygon through
its support points, starting from this many evenly spaced directions. The
polygon lies inside the shape (to within the rounding of its coordinates), and
its distance to the true boundary is bounded exactly, rounding included (see
``gjkcli.algorithms.outline``)."""

CURVE_ERROR_RELATIVE: Final = 1e-5
"""Points are added (on each coarse interval, the support point along the normal
of its chord) until that bound is at most this fraction of the shape's size
(the larger side of its bounding box). For a circle of radius r this takes 512
points and gives a bound of about 1.9e-5 r, the true error; far from the origin
the rounding of the coordinates there is added."""

CURVE_MAX_POINTS: Final = 4096
"""No stand-in polygon gets more points than this; the bound reported is then
whatever was reached, and the tolerance is widened by it all the same."""

MANIFOLD_BIAS_RELATIVE: Final = 1e-4
"""Contact manifolds (:mod:`gjkcli.algorithms.manifold`) clip against A's face unless
one of B's faces separates the shapes by more than this fraction of the pair's size
(the longest side of the two shapes' bounding boxes), plus rounding: a near tie, as
for a box resting on another, keeps the same reference face from one call to the
next instead of flipping on rounding. (Box2D uses an absolute ``0.1 * linearSlop``,
0.0005 m, about 5e-4 of a metre-sized shape.) Rounded shapes whose cores are apart
meet face to face when a face separates the cores by their distance to within the
same allowance, corner to corner otherwise."""

MAX_COORDINATE: Final = 1e150
"""Largest absolute coordinate accepted in input (after transforms). Squared
distances of larger coordinates overflow double precision (about 1.8e308),
after which no comparison means anything; such input is rejected with a
message instead of answered wrongly."""


MAX_ANGLE: Final = 1e6
"""Largest absolute angle, in degrees, accepted in a pose of a ``motion``. The angle at
a time t is interpolated between the two poses, and rounded there by about one unit in
the last place of the larger angle: at 1e6 degrees (some 2800 turns) that is about
1e-10 degrees, below the time of impact's tolerance for a shape of size 1; at 1e20
degrees it is several turns, the turn between two times means nothing, and the time
of impact's steps (bounded by the speed of turning) shrink until its iteration cap.
Larger angles are refused with a message (the turns beyond a whole number of them add
nothing: write the angle modulo 360)."""


MIN_SIZE: Final = 1e-150
"""Smallest width or height accepted for a shape that is not a single point
(after transforms). Squared lengths of smaller shapes underflow double
precision (below about 2.2e-308), after which a ring's area is 0 and GEOS
fails outright; such input is rejected with a message. A point, or a shape
whose size is exactly 0, is always accepted."""


EXPECT_RTOL_DOUBLE: Final = 1e-9
"""``--precision double`` (the default): expectations and engines' answers (``expect``,
``gjk batch --answers``, ``gjk fuzz``) are compared within ``atol + rtol * scale``
(``scale``: the pair's largest absolute coordinate), with this ``rtol``. With
:data:`EXPECT_ATOL` it is the agreement tolerance ``1e-9 * (1 + scale)`` that gjkcli
holds itself to against its references."""

EXPECT_RTOL_SINGLE: Final = 1e-5
"""``--precision single``: the ``rtol`` for an engine that computes in single precision
(float32, whose unit roundoff is 2**-24, about 6e-8): about 170 units in the last
place of the coordinate scale, room for the rounding of the input to float32, of the
engine's arithmetic, and of its answer."""

EXPECT_ATOL: Final = 1e-9
"""The ``atol`` of both presets: the floor of the tolerance for shapes near the origin."""

EXPECT_ANGLE_DOUBLE: Final = 1e-6
"""``--precision double``: an expected ``normal`` passes within this angle (radians) of
gjkcli's (or when it is a valid normal itself: :mod:`gjkcli.verify.expect`)."""

EXPECT_ANGLE_SINGLE: Final = 1e-3
"""``--precision single``: the angle, in radians, for a float32 engine's normals."""


START_HALVINGS: Final = 64
"""How many times a cast that starts touching halves the time at which it looks for the
proof of where the motion takes the shapes, from 1: a linear cast that approaches, the
time at which they are proven to overlap
(:func:`gjkcli.algorithms.cast_start.approach_proof`); a turning one that recedes, the
time up to which they are proven apart (:func:`gjkcli.algorithms.toi.time_of_impact`).
One try is the rule; more where the shapes pass through each other (or turn back)
before ``t = 1``; past ``2**-64`` of the motion nothing is above any rounding floor,
and the touch stays unproven (a linear cast: no certificate) or a hit at ``t = 0`` (a
turning one)."""

TOI_TOLERANCE: Final = 1e-9
"""The width asked of a rotating time of impact's bracket by default
(:func:`gjkcli.algorithms.toi.time_of_impact`): the shapes are proven apart at every
time before ``t_lo`` and touch at ``t_hi``, at most this much later (``t`` runs over
``[0, 1]``, so it is a fraction of the whole motion)."""

TOI_MAX_ITERATIONS: Final = 2000
"""Hard cap on the rotating time of impact's loop (a proven step, and at most one probe,
per iteration). On 3,000 seeded random motions (``tests/algorithms/test_toi.py``) runs
took 9 iterations at the median, 51 at the 99th percentile and 98 at most; a motion
that grazes, touching at one instant, ends at the rounding floor within a few dozen
(stop reason ``stalled``). A run that reaches the cap has status ``iteration-cap``
and reports the proven ``t_lo``."""

TOI_MAX_DOUBLINGS: Final = 64
"""How many times one step of the rotating time of impact is doubled at most, while the
finer bound still proves the shapes apart along the longer step (the step then is
``2**64`` times what the speed bound alone proved, or the rest of the motion)."""

TOI_ORACLE_WIDTH: Final = 1e-12
"""The cross-check of the rotating time of impact (:mod:`gjkcli.verify.toi_oracle`)
bisects between its last apart sample and its first touching one until they are
at most this far apart, and reports the touching end."""


def constants() -> dict[str, float]:
    """Every named constant of this module, by its name in lower case: what a run reports
    as ``constants``.

    >>> named = constants()
    >>> named["touch_relative"] == TOUCH_RELATIVE, named["max_iterations"]
    (True, 100)
    """
    module = sys.modules[__name__]
    return {name.lower(): getattr(module, name) for name in __all__ if name.isupper()}


def rounding(size: float) -> float:
    """The rounding error of a few operations on numbers of size ``size``.

    >>> rounding(1.0) == ROUNDING_FACTOR * 2.0**-52
    True
    """
    return ROUNDING_FACTOR * sys.float_info.epsilon * size


def coordinate_scale(bounds: tuple[float, float, float, float]) -> float:
    """The largest absolute coordinate of a bounding box ``(minx, miny, maxx, maxy)``.

    >>> coordinate_scale((-1e9, 0.0, 2.0, 3.0))
    1000000000.0
    """
    return max(map(abs, bounds))


def difference_scale(
    bounds_a: tuple[float, float, float, float], bounds_b: tuple[float, float, float, float]
) -> float:
    """The largest absolute coordinate of ``A - B``'s bounding box, from the boxes of A
    and B: the ``reach`` of :data:`CAST_TIME_RELATIVE`.

    >>> difference_scale((1e9, 1e9, 1e9 + 2.0, 1e9 + 1.0), (1e9 + 5.0, 1e9, 1e9 + 6.0, 1e9 + 1.0))
    6.0
    """
    a_minx, a_miny, a_maxx, a_maxy = bounds_a
    b_minx, b_miny, b_maxx, b_maxy = bounds_b
    return coordinate_scale((a_minx - b_maxx, a_miny - b_maxy, a_maxx - b_minx, a_maxy - b_miny))


def swept_rounding(scale: float) -> float:
    """How far the swept region a cast's Shapely check builds (the hull of B and of B's
    points moved by ``t r``) may lie from the true one, for coordinates up to ``scale``:
    each moved coordinate is rounded once or twice (the product ``t r`` and the sum; half
    a unit in the last place each, at most ``2 * sqrt(2) * 2^-53 * scale`` for a point),
    and shrinking A by this much (Shapely's buffer) rounds a few times more: within
    :func:`rounding` of ``scale`` (``16 * 2^-53 * scale``). A sweep aimed at a corner of A
    and missing it by less (a ray whose end ``o + d`` rounds onto the corner's side) meets
    A in Shapely, though the true sweep does not; so Shapely's meeting contradicts a miss
    only when A shrunk by this much still meets the sweep.

    >>> swept_rounding(1.0) == rounding(1.0) == 16 * 2.0**-53
    True
    """
    return rounding(scale)


def touch_band(size: float) -> float:
    """Largest distance still reported as touching, for numbers of size ``size``.

    >>> touch_band(0.0), touch_band(2.0) == 2.0 * TOUCH_RELATIVE
    (0.0, True)
    """
    return TOUCH_RELATIVE * size


def cast_time_tolerance(time: float, reach: float, speed: float) -> float:
    """Largest allowed difference between a cast's float time and the exact one,
    ``time``, by the first two rules of :data:`CAST_TIME_RELATIVE`; ``speed`` is ``|r|``.

    >>> cast_time_tolerance(0.5, 10.0, 4.0) == 0.5 * CAST_TIME_RELATIVE
    True
    >>> cast_time_tolerance(1e-9, 10.0, 4.0) == touch_band(10.0) / 4.0
    True
    """
    floor = touch_band(reach) / speed if speed > 0.0 else 0.0
    return max(CAST_TIME_RELATIVE * time, floor)


def agreement_tolerance(scale: float, approximation_error: float = 0.0) -> float:
    """Largest allowed difference between GJK's and Shapely's distance.

    ``approximation_error`` is the sum of the error bounds of the polygons that
    stand in for curved shapes in Shapely (0 for polygonal shapes).

    >>> agreement_tolerance(0.0)
    1e-09
    >>> agreement_tolerance(1.0, 0.5)
    0.500000002
    """
    return AGREEMENT_RELATIVE * (1.0 + scale) + approximation_error
