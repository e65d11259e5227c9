"""The differential run at the edges of the input limits (issue "Trust first").

Pairs of every shape type, 1e-6 to 1e14 long, 0 to 1e12 from the origin, 0 to 1
apart (``gjk generate --family extreme``), each checked in full as ``gjk batch``
checks it: nothing may disagree, nothing may fail inside (an exception, or a
record that is not JSON), and no verdict may contradict a proof: the answer
read first (the ruling) never differs from the exact arbiter or from a
re-checked certificate's proof, and GJK's own verdict never differs from what
its own re-checked certificate proves.

The quick run is part of the suite; the full one (20,000 pairs) is marked slow:
``python -m pytest tests/test_extremes.py -m slow -s`` prints its tally.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

import pytest

from gjkcli.corpus import generate
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.render.json_record import check_record
from gjkcli.verify.check import Check, check_pairs


@dataclass
class Tally:
    """What a differential run found: counts, and the names of the pairs behind them."""

    pairs: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, what: str, name: str) -> None:
        self.counts[what] += 1
        self.examples.setdefault(what, [])
        if len(self.examples[what]) < 5:
            self.examples[what].append(name)

    @property
    def failures(self) -> dict[str, int]:
        """The counts that must be 0."""
        return {what: self.counts[what] for what in _MUST_BE_ZERO if self.counts[what]}


_MUST_BE_ZERO = (
    "internal error",
    "record not JSON",
    "disagreement",
    "ruling against the exact answer",
    "ruling against the certificate",
    "GJK against its own proof",
)


def differential(count: int, seed: int) -> Tally:
    """Check ``count`` pairs of the ``extreme`` family in chunks, as a batch does."""
    tally = Tally()
    pairs = [
        pair_from_node(Node(record, "extreme", ""), record["name"])
        for record in generate(count, seed, ["extreme"])
    ]
    for start in range(0, len(pairs), 64):
        chunk = pairs[start : start + 64]
        try:
            checks = check_pairs(chunk)
        except Exception:
            checks = []
            for pair in chunk:
                try:
                    checks.extend(check_pairs([pair]))
                except Exception as error:
                    tally.pairs += 1
                    tally.note("internal error", f"{pair.name}: {type(error).__name__}: {error}")
        for check in checks:
            tally.pairs += 1
            _classify(check, tally)
    return tally


def _classify(check: Check, tally: Tally) -> None:
    name = check.pair.name
    try:
        json.dumps(check_record(check), allow_nan=False)
    except ValueError:
        tally.note("record not JSON", name)
    if not check.agree:
        tally.note("disagreement", f"{name}: {'; '.join(check.disagreements)}")
    ruling, proves = check.ruling, check.certificate_check.proves
    if check.exact is not None and ruling.verdict != check.exact.verdict:
        tally.note("ruling against the exact answer", name)
    if proves == "separated" and ruling.verdict != "separated":
        tally.note("ruling against the certificate", name)
    if proves == "overlapping" and ruling.verdict != "overlapping":
        tally.note("ruling against the certificate", name)
    if proves is not None and check.answer.verdict != proves:
        tally.note("GJK against its own proof", name)
    tally.note(f"ruling from {ruling.source}", name)
    if check.exact is not None and check.answer.verdict != check.exact.verdict:
        tally.note("GJK's verdict differs from the exact one within the band", name)
    if not check.certificate_check.ok:
        tally.note("certificate does not re-check", name)


def test_extreme_pairs_quick() -> None:
    tally = differential(200, seed=13)
    assert tally.pairs == 200
    assert not tally.failures, (tally.failures, tally.examples)


@pytest.mark.slow
def test_extreme_pairs_twenty_thousand() -> None:
    tally = differential(20_000, seed=2026)
    print(f"\n{tally.pairs} pairs")
    for what, number in sorted(tally.counts.items()):
        print(f"  {what}: {number}  e.g. {tally.examples[what][:2]}")
    assert tally.pairs == 20_000
    assert not tally.failures, (tally.failures, tally.examples)
