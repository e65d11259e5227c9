"""Checking an answer against the ``expect`` block of the input (FORMATS section 2)."""

from __future__ import annotations

from dataclasses import dataclass

from gjkcli.algorithms.distance import DistanceResult
from gjkcli.algorithms.epa import Penetration
from gjkcli.pair import Expect
from gjkcli.tolerances import agreement_tolerance

__all__ = ["ExpectOutcome", "check_expect"]


@dataclass(frozen=True)
class ExpectOutcome:
    """Which expectations failed (each as a sentence), and the tolerance they were held to."""

    ok: bool
    failures: tuple[str, ...]
    tolerance: float


def check_expect(
    expect: Expect, result: DistanceResult, overlap: Penetration | None, scale: float
) -> ExpectOutcome:
    """Compare GJK's and EPA's answers with what the input expects.

    Without ``expect.tolerance`` the tolerance is
    ``AGREEMENT_RELATIVE * (1 + scale)``.

    >>> from gjkcli.algorithms.distance import distance
    >>> from gjkcli.shapes import circle, point
    >>> result = distance(circle((0.0, 0.0), 5.0), point((11.0, 0.0)))
    >>> check_expect(Expect(intersects=False, distance=6.0), result, None, 11.0).ok
    True
    >>> outcome = check_expect(Expect(distance=5.0, penetration=1.0), result, None, 11.0)
    >>> for failure in outcome.failures:
    ...     print(failure)
    distance: expected 5, got 6 (tolerance 1.2e-08)
    penetration: expected 1, got none (separated)
    """
    tolerance = expect.tolerance if expect.tolerance is not None else agreement_tolerance(scale)
    failures: list[str] = []
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
        if overlap is None:
            why = "compound shapes have no depth" if result.intersects else "separated"
            failures.append(f"penetration: expected {expect.penetration:.12g}, got none ({why})")
        elif not abs(overlap.depth - expect.penetration) <= tolerance:
            failures.append(
                f"penetration: expected {expect.penetration:.12g}, got {overlap.depth:.12g} "
                f"(tolerance {tolerance:.2g})"
            )
    return ExpectOutcome(not failures, tuple(failures), tolerance)


def _flag(value: bool) -> str:
    return "true" if value else "false"
