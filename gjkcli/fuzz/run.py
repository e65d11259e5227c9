"""One fuzzing run: ask the engine about generated pairs within a budget, group the
findings by signature, shrink the first of each, and write them out."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gjkcli import tolerances
from gjkcli._version import __version__
from gjkcli.fuzz.engines import Engine
from gjkcli.fuzz.generation import fits_types, fuzz_pairs, sources
from gjkcli.fuzz.judge import Judgement, judge, load, short_signature
from gjkcli.fuzz.output import FORMAT, clear, prepare_folder, write_finding
from gjkcli.fuzz.shrink import Shrunk, measure, shrink
from gjkcli.pair import Pair
from gjkcli.verify.expect import ExpectSettings

__all__ = ["Finding", "FuzzOptions", "FuzzResult", "fuzz"]


@dataclass(frozen=True)
class FuzzOptions:
    """What a run does: ``count`` pairs and/or ``seconds`` of search (whichever ends
    first; ``None``: no limit of that kind), from ``families`` (``None``: the default
    sources), of ``types`` only (``None``: any), shrinking each finding with at most
    ``max_calls`` engine calls, judged with ``settings``, written to ``out``."""

    seed: int = 0
    count: int | None = 1000
    seconds: float | None = None
    types: tuple[str, ...] | None = None
    families: tuple[str, ...] | None = None
    out: Path = Path("gjk-fuzz")
    max_calls: int = 2000
    settings: ExpectSettings = field(default_factory=ExpectSettings)


@dataclass
class Finding:
    """One signature: the first pair that showed it, how many pairs did, and its
    shrunk form and folder once shrunk and written."""

    number: int
    signature: tuple[str, ...]
    first: Judgement
    count: int = 1
    shrunk: Shrunk | None = None
    folder: Path | None = None


@dataclass
class FuzzResult:
    """The outcome of a run: pairs ``tried`` (asked of the engine), ``filtered`` (not of
    the wanted types) and ``refused`` (that gjkcli itself does not read; neither asked),
    ``doubtful`` (the engine's answer failed but gjkcli is not sure of its own), the
    search's ``seconds``, and the findings."""

    tried: int = 0
    filtered: int = 0
    refused: int = 0
    doubtful: int = 0
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def pairs_per_second(self) -> float:
        """Pairs tried per second of search."""
        return self.tried / self.seconds if self.seconds > 0 else 0.0


def fuzz(
    engine: Engine,
    options: FuzzOptions,
    say: Callable[[str], None] = lambda line: None,
) -> FuzzResult:
    """Run the search, shrink and write the findings, and return what happened.
    ``say`` hears one line per event (a new signature, a shrunk finding)."""
    previous = prepare_folder(options.out)
    result = FuzzResult()
    by_signature: dict[tuple[str, ...], Finding] = {}
    settings = options.settings
    pending: list[str] = []
    start = time.perf_counter()
    for pair in fuzz_pairs(options.seed, options.families, options.types):
        if options.count is not None and result.tried >= options.count:
            break
        if options.seconds is not None and time.perf_counter() - start >= options.seconds:
            break
        loaded = load(pair)
        if loaded is None:
            result.refused += 1
            continue
        if not fits_types(pair, loaded, options.types):
            result.filtered += 1
            continue
        judgement = judge(pair, loaded, engine, settings)
        result.tried += 1
        if judgement.finding:
            known = by_signature.get(judgement.signature)
            if known is not None:
                known.count += 1
            else:
                finding = Finding(len(by_signature) + 1, judgement.signature, judgement)
                by_signature[judgement.signature] = finding
                pending.append(
                    f"finding {finding.number}: {', '.join(finding.signature)} "
                    f"on pair {pair['name']}: {judgement.failures[0]}"
                )
        elif judgement.signature:
            result.doubtful += 1
        if getattr(engine, "answered", True):  # a program that never answered may not run
            for line in pending:
                say(line)
            pending.clear()
    result.seconds = time.perf_counter() - start
    for line in pending:
        say(line)
    result.findings = list(by_signature.values())

    def ask(candidate: dict[str, Any], loaded: Pair) -> Judgement:
        return judge(candidate, loaded, engine, settings)

    clear(previous)  # the search ran: this run's output replaces the last one's
    for finding in result.findings:
        finding.shrunk = shrink(finding.first, ask, options.max_calls, options.types)
        finding.folder = write_finding(
            options.out, finding.number, finding.first, finding.shrunk.judgement, settings
        )
        after = measure(finding.shrunk.judgement.pair)
        say(
            f"finding {finding.number} shrunk in {finding.shrunk.seconds:.1f} s "
            f"({finding.shrunk.calls} engine calls): vertices {after['vertices']}, "
            f"at most {after['max_bits']} significant bits, written to {finding.folder}"
        )
    result.summary = _summary(engine, options, result)
    (options.out / "summary.json").write_text(json.dumps(result.summary, indent=1) + "\n")
    return result


def _summary(engine: Engine, options: FuzzOptions, result: FuzzResult) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": 1,
        "engine": engine.description,
        "seed": options.seed,
        "budget": {"count": options.count, "seconds": options.seconds},
        "types": None if options.types is None else list(options.types),
        "sources": sources(options.families),
        "judging": dataclasses.asdict(options.settings),
        "gjkcli": __version__,
        "constants": tolerances.constants(),
        "pairs_tried": result.tried,
        "pairs_filtered": result.filtered,
        "pairs_refused": result.refused,
        "doubtful": result.doubtful,
        "seconds": round(result.seconds, 3),
        "pairs_per_second": round(result.pairs_per_second, 1),
        "findings": [_finding_summary(finding) for finding in result.findings],
    }


def _finding_summary(finding: Finding) -> dict[str, Any]:
    first = finding.first
    entry: dict[str, Any] = {
        "folder": None if finding.folder is None else finding.folder.name,
        "signature": list(finding.signature),
        "short": short_signature(finding.signature),
        "count": finding.count,
        "first_pair": first.pair.get("name"),
        "failures": list(first.failures),
    }
    shrunk = finding.shrunk
    if shrunk is not None:
        before, after = measure(first.pair), measure(shrunk.judgement.pair)
        entry["shrink"] = {
            "tried": shrunk.tried,
            "kept": shrunk.kept,
            "skipped": shrunk.skipped,
            "engine_calls": shrunk.calls,
            "seconds": round(shrunk.seconds, 3),
            "stopped": shrunk.stopped,
            "before": before,
            "after": after,
            "failures": list(shrunk.judgement.failures),
        }
    return entry
