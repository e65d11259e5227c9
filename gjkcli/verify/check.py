"""The whole check of one pair: GJK (both queries), Shapely, the verdict, the expectation.

``agree`` is the tool's promise, and this is where it is decided:

* GJK's distance and Shapely's agree. Shapely's stand-ins for curved shapes
  lie inside them, so Shapely's distance may exceed the true one by up to the
  sum of their error bounds and may not fall below it; with the rounding
  allowance ``AGREEMENT_RELATIVE * (1 + scale)`` the accepted range for GJK's
  distance is ``[shapely - errors - allowance, shapely + allowance]``.
* EPA's depth and the Minkowski-hull oracle's agree, in the same way with
  the oracle's tracing bound (its hull lies inside ``A - B``, so its depth
  may fall short of the true one, never exceed it).
* The boolean query agrees with the distance query, except when the
  distance or the depth is within the rounding allowance of zero, where
  "just touching" and "just apart" are both honest answers of floating-point
  arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gjkcli.algorithms.distance import DistanceResult, DistanceStep, distance
from gjkcli.algorithms.epa import Penetration, penetration
from gjkcli.algorithms.intersect import IntersectResult, IntersectStep, intersects
from gjkcli.pair import Pair
from gjkcli.shapes.base import bounding_box
from gjkcli.tolerances import agreement_tolerance, coordinate_scale
from gjkcli.verify.expect import ExpectOutcome, check_expect
from gjkcli.verify.shapely_oracle import ShapelyAnswer, shapely_answers

__all__ = ["Check", "check_pair", "check_pairs"]


@dataclass(frozen=True)
class Check:
    """Everything known about one pair after checking it.

    ``tolerance`` is the agreement tolerance actually used for the distance
    (rounding allowance plus Shapely's approximation error), and
    ``depth_tolerance`` the one for the penetration depth (rounding allowance
    plus the oracle's tracing error plus EPA's own remaining error; EPA's
    depth can only exceed the true one, the oracle's only fall short of it);
    ``disagreements`` says in words what
    did not agree. ``distance_trace`` and ``boolean_trace`` are filled only
    when tracing was asked for.
    """

    pair: Pair
    gjk: DistanceResult
    penetration: Penetration | None
    boolean: IntersectResult
    shapely: ShapelyAnswer
    scale: float
    tolerance: float
    depth_tolerance: float
    agree: bool
    disagreements: tuple[str, ...]
    expect: ExpectOutcome | None
    distance_trace: tuple[DistanceStep, ...] = ()
    boolean_trace: tuple[IntersectStep, ...] = ()

    @property
    def ok(self) -> bool:
        """Agreement, and every stated expectation met: exit status 0."""
        return self.agree and (self.expect is None or self.expect.ok)


def check_pair(pair: Pair, trace: bool = False) -> Check:
    """Run GJK (both queries), EPA and Shapely on a pair and compare them.

    >>> from gjkcli.pair import Pair, ShapeInput
    >>> from gjkcli.shapes import circle, rectangle
    >>> pair = Pair(
    ...     ShapeInput(rectangle((0.0, 0.0), (2.0, 2.0)), "rectangle"),
    ...     ShapeInput(circle((2.0, 0.0), 1.0), "circle"),
    ...     "touching",
    ... )
    >>> check = check_pair(pair)
    >>> check.gjk.intersects, check.gjk.distance, check.penetration.depth, check.agree
    (True, 0.0, 0.0, True)
    """
    return check_pairs([pair], trace)[0]


def check_pairs(pairs: Sequence[Pair], trace: bool = False) -> list[Check]:
    """:func:`check_pair` for many pairs, with one vectorized Shapely call for all of them."""
    runs = [_run_gjk(pair, trace) for pair in pairs]
    referees = shapely_answers(
        [(pair.a.shape, pair.b.shape) for pair in pairs], [run.gjk.intersects for run in runs]
    )
    return [
        _verdict_of(pair, run, referee)
        for pair, run, referee in zip(pairs, runs, referees, strict=True)
    ]


@dataclass(frozen=True)
class _Run:
    """GJK's side of a check: both queries, EPA, and the traces if asked for."""

    gjk: DistanceResult
    penetration: Penetration | None
    boolean: IntersectResult
    distance_trace: tuple[DistanceStep, ...]
    boolean_trace: tuple[IntersectStep, ...]


def _run_gjk(pair: Pair, trace: bool) -> _Run:
    a, b = pair.a.shape, pair.b.shape
    distance_steps: list[DistanceStep] | None = [] if trace else None
    boolean_steps: list[IntersectStep] | None = [] if trace else None
    gjk = distance(a, b, distance_steps)
    return _Run(
        gjk,
        penetration(a, b, gjk),
        intersects(a, b, recorder=boolean_steps),
        tuple(distance_steps or ()),
        tuple(boolean_steps or ()),
    )


def _verdict_of(pair: Pair, run: _Run, referee: ShapelyAnswer) -> Check:
    """Compare GJK's side with Shapely's, and with the expectation."""
    gjk, overlap = run.gjk, run.penetration
    scale = max(
        coordinate_scale(bounding_box(pair.a.shape)), coordinate_scale(bounding_box(pair.b.shape))
    )
    allowance = agreement_tolerance(scale)
    tolerance = agreement_tolerance(scale, referee.approximation_error)
    epa_error = overlap.error if overlap is not None else 0.0
    depth_tolerance = agreement_tolerance(scale, referee.penetration_error + epa_error)
    disagreements = (
        *_distance_disagreement(gjk, referee, allowance, tolerance),
        *_depth_disagreement(overlap, referee, allowance, depth_tolerance),
        *_boolean_disagreement(gjk, overlap, run.boolean, allowance),
    )
    expect = check_expect(pair.expect, gjk, overlap, scale) if pair.expect is not None else None
    return Check(
        pair,
        gjk,
        overlap,
        run.boolean,
        referee,
        scale,
        tolerance,
        depth_tolerance,
        not disagreements,
        disagreements,
        expect,
        run.distance_trace,
        run.boolean_trace,
    )


def _distance_disagreement(
    gjk: DistanceResult, referee: ShapelyAnswer, allowance: float, tolerance: float
) -> tuple[str, ...]:
    excess = gjk.distance - referee.distance
    if excess <= allowance and -excess <= tolerance:
        return ()
    verdicts = ""
    if gjk.intersects != referee.intersects:
        verdicts = f"; GJK says {_verdict(gjk.intersects)}, Shapely {_verdict(referee.intersects)}"
    return (
        f"distance: GJK {gjk.distance:.12g}, Shapely {referee.distance:.12g}, "
        f"differ by {abs(excess):.3g} (allowed {tolerance:.3g}){verdicts}",
    )


def _depth_disagreement(
    overlap: Penetration | None, referee: ShapelyAnswer, allowance: float, tolerance: float
) -> tuple[str, ...]:
    if overlap is None:
        return ()
    oracle = referee.penetration
    if oracle is None:
        if overlap.depth <= tolerance:
            return ()
        return (
            f"penetration: EPA depth {overlap.depth:.12g}, but the Minkowski hull "
            "does not contain the origin",
        )
    excess = overlap.depth - oracle
    if excess <= tolerance and -excess <= allowance:
        return ()
    return (
        f"penetration: EPA depth {overlap.depth:.12g}, Minkowski hull {oracle:.12g}, "
        f"differ by {abs(excess):.3g} (allowed {tolerance:.3g})",
    )


def _boolean_disagreement(
    gjk: DistanceResult, overlap: Penetration | None, boolean: IntersectResult, allowance: float
) -> tuple[str, ...]:
    if boolean.intersects == gjk.intersects:
        return ()
    clear_margin = gjk.raw_distance if overlap is None else overlap.depth
    if clear_margin <= allowance:
        return ()
    measure = (
        f"at distance {gjk.distance:.12g}" if overlap is None else f"at depth {overlap.depth:.12g}"
    )
    return (
        f"boolean GJK says {_verdict(boolean.intersects)} ({boolean.status}) but the "
        f"distance query says {_verdict(gjk.intersects)} {measure}",
    )


def _verdict(intersecting: bool) -> str:
    return "intersecting" if intersecting else "separated"
