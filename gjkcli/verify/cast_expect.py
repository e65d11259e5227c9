"""Judging a stated cast (a pair's ``expect.cast``, or an engine's answer's ``cast``)
against the cast gjkcli computed for the pair's motion (FORMATS section 2,
"Expectations").

The status must be the cast's own. A stated time must be within ``atol + rtol`` (the
run's length tolerance for numbers of size 1: times lie in [0, 1]) of the cast's time;
for a rotating motion, whose answer is a bracket ``[t_lo, t_hi]`` holding the first
contact, also the bracket's width is allowed, since the stated time may lie anywhere in
it. A time stated where the cast has none (a miss, receding) fails, said once: with the
status when that differs too. A time left out is not judged (the status says whether
there is one). Times are written as Python writes floats, shortest first.
"""

from __future__ import annotations

from gjkcli.pair import CastExpect
from gjkcli.verify.expect import ExpectSettings, Source

__all__ = ["cast_failures"]


def cast_failures(
    stated: CastExpect,
    status: str,
    time: float | None,
    settings: ExpectSettings,
    *,
    bracket: float = 0.0,
    source: Source = "expect",
) -> tuple[str, ...]:
    """The sentences of the stated cast's keys that do not hold (empty when all do).

    ``status`` and ``time`` are the cast's; ``bracket`` the width of a rotating time of
    impact's bracket (0 for a linear cast).

    >>> stated = CastExpect("hit", 0.5)
    >>> cast_failures(stated, "hit", 0.5 + 1e-12, ExpectSettings())
    ()
    >>> for failure in cast_failures(stated, "hit", 0.375, ExpectSettings()):
    ...     print(failure)
    expect.cast.time: expected 0.5, cast 0.375 (difference 0.125, tolerance 2e-09)
    >>> cast_failures(CastExpect("touching-receding"), "touching-approaching", 0.0,
    ...               ExpectSettings(), source="answer")
    ('answer.cast.status: answered touching-receding, cast touching-approaching',)
    >>> cast_failures(stated, "miss", None, ExpectSettings())
    ('expect.cast.status: expected hit, cast miss',)
    """
    said = "expected" if source == "expect" else "answered"
    failures = []
    if stated.status != status:
        failures.append(f"{source}.cast.status: {said} {stated.status}, cast {status}")
    if stated.time is None or (time is None and failures):  # the status says it already
        return tuple(failures)
    if time is None:
        failures.append(f"{source}.cast.time: {said} {stated.time!r}, cast none")
        return tuple(failures)
    difference = abs(time - stated.time)
    tolerance = settings.tolerance(1.0) + bracket
    if not difference <= tolerance:
        failures.append(
            f"{source}.cast.time: {said} {stated.time!r}, cast {time!r} "
            f"(difference {difference:.3g}, tolerance {tolerance:.2g})"
        )
    return tuple(failures)
