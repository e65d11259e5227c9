"""Checking an answer against the ``expect`` block of the input (FORMATS section 2)."""

from __future__ import annotations

from dataclasses import dataclass

from gjkcli.algorithms.distance import DistanceResult
from gjkcli.pair import Expect
from gjkcli.tolerances import AGREEMENT_RELATIVE

__all__ = ["ExpectOutcome", "check_expect"]


@dataclass(frozen=True)
class ExpectOutcome:
    """Which expectations failed (each as a sentence), which could not be checked, and why."""

    ok: bool
    failures: tuple[str, ...]
    unchecked: tuple[str, ...]
    tolerance: float


def check_expect(expect: Expect, result: DistanceResult, scale: float) -> ExpectOutcome:
    """Compare GJK's answer with what the input expects.

    Without ``expect.tolerance`` the tolerance is
    ``AGREEMENT_RELATIVE * (1 + scale)``. Penetration depth is not computed
    yet, so a ``penetration`` expectation is reported as unchecked (never as
    passed).

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.shapes import circle, point
    >>> result = distance(circle((0.0, 0.0), 5.0), point((11.0, 0.0)))
    >>> check_expect(Expect(intersects=False, distance=6.0), result, 11.0).ok
    True
    >>> check_expect(Expect(distance=5.0), result, 11.0).failures
    ('distance: expected 5, got 6 (tolerance 1.2e-08)',)
    """
    tolerance = (
        expect.tolerance if expect.tolerance is not None else AGREEMENT_RELATIVE * (1.0 + scale)
    )
    failures: list[str] = []
    unchecked: list[str] = []
    if expect.intersects is not None and expect.intersects != result.intersects:
        failures.append(
            f"intersects: expected {_flag(expect.intersects)}, got {_flag(result.intersects)}"
        )
    if expect.distance is not None and not abs(result.distance - expect.distance) <= tolerance:
        failures.append(
            f"distance: expected {expect.distance:.12g}, got {result.distance:.12g} "
            f"(tolerance {tolerance:.2g})"
        )
    if expect.penetration is not None:
        unchecked.append("penetration: penetration depth is not computed yet")
    return ExpectOutcome(not failures, tuple(failures), tuple(unchecked), tolerance)


def _flag(value: bool) -> str:
    return "true" if value else "false"
