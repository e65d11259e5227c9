"""Counting the outcomes of many checks: totals, and the first failing pairs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["FAILURES_SHOWN", "Failure", "Outcome", "Status", "Summary"]

Status = Literal["pass", "fail", "error"]
"""How a pair ended (the ``status`` of its record)."""

FAILURES_SHOWN = 20
"""How many failing pairs the summary keeps and lists; the rest are counted."""


@dataclass(frozen=True)
class Outcome:
    """One pair's result, as the summary needs it.

    ``kind`` is ``"agree"``, ``"disagree"`` (GJK and the referees differ),
    ``"error"`` (the pair could not be read or computed) or ``"skipped"`` (a
    file found in a folder that holds one shape, not a pair); ``expect_failed``
    says whether a stated expectation did not hold, ``warned`` whether the
    pair has warnings that ``--strict`` turns into a failure; ``reasons`` say
    what went wrong, one sentence each; ``notes`` are the pair's notes (FORMATS
    section 4), which fail nothing.
    """

    kind: Literal["agree", "disagree", "error", "skipped"]
    expect_failed: bool
    name: str
    file: str
    line: int | None
    reasons: tuple[str, ...] = ()
    warned: bool = False
    notes: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        """The reasons in one line."""
        return "; ".join(self.reasons)

    @property
    def failed(self) -> bool:
        """Anything that makes the exit status non-zero (``warned``: under ``--strict``)."""
        return self.kind in ("disagree", "error") or self.expect_failed or self.warned

    @property
    def status(self) -> Status:
        """``pass``, ``fail`` or ``error``, as the pair's record says (FORMATS section 4).

        >>> Outcome("agree", True, "p", "a.jsonl", 3).status
        'fail'
        """
        if self.kind == "error":
            return "error"
        return "fail" if self.failed else "pass"


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

    Every pair is counted once: ``passed + failed + errors == pairs``. A failed
    pair is counted once more, under the first reason that applies:
    ``disagreed`` (gjkcli disagrees with its own references), else
    ``failed_expectations`` (an ``expect`` or an engine's answer did not hold),
    else ``warned`` (a warning, under ``--strict``); so those three add up to
    ``failed``. ``answers_without_pair`` counts the answers of ``--answers`` that
    no pair took.

    >>> summary = Summary()
    >>> summary.add(Outcome("agree", False, "p1", "a.jsonl", 1))
    >>> summary.add(Outcome("disagree", True, "p2", "a.jsonl", 2, ("distance differs",)))
    >>> summary.add(Outcome("agree", True, "p3", "a.jsonl", 3, ("expect.distance: ...",)))
    >>> summary.pairs, summary.passed, summary.failed, summary.errors
    (3, 1, 2, 0)
    >>> summary.disagreed, summary.failed_expectations, summary.warned
    (1, 1, 0)
    >>> summary.exit_status
    1
    """

    pairs: int = 0
    passed: int = 0
    failed: int = 0
    disagreed: int = 0
    failed_expectations: int = 0
    warned: int = 0
    errors: int = 0
    skipped: int = 0
    answers_without_pair: int = 0
    elapsed: float = 0.0
    stopped_early: bool = False
    failures: list[Failure] = field(default_factory=list)
    more_failures: int = 0

    def add(self, outcome: Outcome) -> None:
        """Count one pair (a skipped file is counted apart: it is not a pair)."""
        kind = outcome.kind
        if kind == "skipped":
            self.skipped += 1
            return
        self.pairs += 1
        if kind == "agree" and not (outcome.expect_failed or outcome.warned):  # a pass
            self.passed += 1
            return
        status = outcome.status
        self.passed += status == "pass"
        self.errors += status == "error"
        if status == "fail":
            self.failed += 1
            if outcome.kind == "disagree":
                self.disagreed += 1
            elif outcome.expect_failed:
                self.failed_expectations += 1
            else:
                self.warned += 1
        if outcome.failed:
            if len(self.failures) < FAILURES_SHOWN:
                failure = Failure(outcome.name, outcome.file, outcome.line, outcome.reason)
                self.failures.append(failure)
            else:
                self.more_failures += 1

    @property
    def failing(self) -> int:
        """The pairs that did not pass: ``failed + errors``."""
        return self.failed + self.errors

    @property
    def exit_status(self) -> int:
        """FORMATS section 5: 2 if any pair could not be read, or there were none at all
        (nothing was checked: a wrong path or ``--glob`` must not pass), else 1 if any
        failed (or an answer matched no pair), else 0."""
        if self.errors or self.pairs == 0:
            return 2
        return 1 if self.failed or self.answers_without_pair else 0

    @property
    def pairs_per_second(self) -> float:
        """Throughput over the whole run (0 before any time has passed)."""
        return self.pairs / self.elapsed if self.elapsed > 0.0 else 0.0
