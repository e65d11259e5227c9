"""Counting the outcomes of many checks: totals, and the first failing pairs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["FAILURES_SHOWN", "Failure", "Outcome", "Summary"]

FAILURES_SHOWN = 20
"""How many failing pairs the summary keeps and lists; the rest are counted."""


@dataclass(frozen=True)
class Outcome:
    """One pair's result, as the summary needs it.

    ``kind`` is ``"agree"``, ``"disagree"`` (GJK and the referees differ),
    ``"error"`` (the pair could not be read or computed) or ``"skipped"`` (a
    file found in a folder that holds one shape, not a pair); ``expect_failed``
    says whether a stated expectation did not hold, ``warned`` whether the
    pair has warnings that ``--strict`` turns into a failure; ``reason`` says
    what went wrong, in one line.
    """

    kind: Literal["agree", "disagree", "error", "skipped"]
    expect_failed: bool
    name: str
    file: str
    line: int | None
    reason: str = ""
    warned: bool = False

    @property
    def failed(self) -> bool:
        """Anything that makes the exit status non-zero (``warned``: under ``--strict``)."""
        return self.kind in ("disagree", "error") or self.expect_failed or self.warned


@dataclass(frozen=True)
class Failure:
    """A failing pair as listed in the summary."""

    name: str
    file: str
    line: int | None
    reason: str


@dataclass
class Summary:
    """Counts over all pairs so far, and the first :data:`FAILURES_SHOWN` failures.

    ``failing`` counts the pairs that make the exit status non-zero (a pair
    that disagrees and fails its expectation counts once).

    >>> summary = Summary()
    >>> summary.add(Outcome("agree", False, "p1", "a.jsonl", 1))
    >>> summary.add(Outcome("disagree", True, "p2", "a.jsonl", 2, "distance differs"))
    >>> summary.pairs, summary.agreed, summary.disagreed, summary.failed_expectations
    (2, 1, 1, 1)
    >>> summary.exit_status
    1
    """

    pairs: int = 0
    agreed: int = 0
    disagreed: int = 0
    failed_expectations: int = 0
    errors: int = 0
    warned: int = 0
    failing: int = 0
    skipped: int = 0
    elapsed: float = 0.0
    stopped_early: bool = False
    failures: list[Failure] = field(default_factory=list)
    more_failures: int = 0

    def add(self, outcome: Outcome) -> None:
        """Count one pair (a skipped file is counted apart: it is not a pair)."""
        if outcome.kind == "skipped":
            self.skipped += 1
            return
        self.pairs += 1
        self.agreed += outcome.kind == "agree"
        self.disagreed += outcome.kind == "disagree"
        self.errors += outcome.kind == "error"
        self.failed_expectations += outcome.expect_failed
        self.warned += outcome.warned
        if outcome.failed:
            self.failing += 1
            if len(self.failures) < FAILURES_SHOWN:
                failure = Failure(outcome.name, outcome.file, outcome.line, outcome.reason)
                self.failures.append(failure)
            else:
                self.more_failures += 1

    @property
    def exit_status(self) -> int:
        """FORMATS section 5: 2 if any pair could not be read, or there were none at all
        (nothing was checked: a wrong path or ``--glob`` must not pass), else 1 if any
        failed, else 0."""
        if self.errors or self.pairs == 0:
            return 2
        return 1 if self.disagreed or self.failed_expectations or self.warned else 0

    @property
    def pairs_per_second(self) -> float:
        """Throughput over the whole run (0 before any time has passed)."""
        return self.pairs / self.elapsed if self.elapsed > 0.0 else 0.0
