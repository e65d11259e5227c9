"""What ``gjk fuzz`` writes: a folder per finding, and ``summary.json`` (FORMATS section 4,
"gjk fuzz").

```
gjk-fuzz/
  summary.json
  finding-01-intersects+verdict/
    pair.json        the shrunk pair, its expect gjkcli's reference answer
    answer.jsonl     the engine's wrong answer on it (one line)
    original.json    the pair as first found
    trace.txt        what `gjk check pair.json --trace` prints
    picture.png      the pair drawn (when matplotlib is installed)
    engine.txt       how the engine failed (crash, hang, garbage, error, raised)
    command.txt      the gjk batch command that fails the answer for the same reason
```
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import shutil
from pathlib import Path
from typing import Any

from gjkcli.fuzz.engines import EngineFailure
from gjkcli.fuzz.judge import Judgement, short_signature
from gjkcli.io.expectation import expect_from_node
from gjkcli.io.node import Node
from gjkcli.pair import Expect
from gjkcli.verify.check import Check, check_pair
from gjkcli.verify.expect import ExpectSettings, Reference

__all__ = [
    "FORMAT",
    "OutputError",
    "clear",
    "judging_options",
    "prepare_folder",
    "reference_expect",
    "write_finding",
]

WRITTEN = frozenset(("pair.json", "answer.jsonl", "original.json", "trace.txt", "picture.png")) | {
    "engine.txt",
    "command.txt",
}
"""The files a finding's folder holds: a later run removes such a folder only if it holds
nothing else."""

FORMAT = "gjk fuzz"
"""The ``format`` of ``summary.json``: how a later run knows the folder is its own."""


class OutputError(Exception):
    """The output folder cannot be used (a usage error)."""


def prepare_folder(folder: Path) -> list[Path]:
    """Check that ``folder`` can take a run: new (it is created), empty, or holding only
    a previous run's output (``summary.json`` of :data:`FORMAT`, or none after an
    interrupted run, and ``finding-*`` folders as a run writes them). Anything else is
    refused. Return what a previous run left, for :func:`clear` to remove once this run
    has something to write (a run that fails before that leaves it as it was)."""
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: exists and is not a folder")
    if not folder.exists():
        try:
            folder.mkdir(parents=True)
        except OSError as error:
            raise OutputError(f"{folder}: cannot create: {error.strerror or error}") from None
        return []
    entries = list(folder.iterdir())
    summary = folder / "summary.json"
    try:
        ours = json.loads(summary.read_text("utf-8")).get("format") == FORMAT
    except (OSError, ValueError, AttributeError):
        ours = not summary.exists()  # an interrupted run writes no summary
    strangers = [entry.name for entry in entries if entry != summary and not _finding(entry)]
    if not ours or strangers:
        what = f" ({strangers[0]} is not a finding of gjk fuzz)" if ours else ""
        raise OutputError(
            f"{folder}: not empty, and not the output of an earlier gjk fuzz run{what} "
            "(choose another --out, or empty it)"
        )
    return entries


def clear(entries: list[Path]) -> None:
    """Remove a previous run's output (as :func:`prepare_folder` found it)."""
    for entry in entries:
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def _finding(entry: Path) -> bool:
    """Whether ``entry`` is a finding's folder as a run writes it, and nothing more."""
    if entry.is_symlink() or not entry.is_dir() or not entry.name.startswith("finding-"):
        return False
    return all(
        inner.name in WRITTEN and inner.is_file() and not inner.is_symlink()
        for inner in entry.iterdir()
    )


def judging_options(settings: ExpectSettings) -> list[str]:
    """The options of ``gjk batch`` that judge answers as ``settings`` do, whatever a
    ``[tool.gjkcli]`` table says where it runs.

    >>> judging_options(ExpectSettings())
    ['--rtol', '1e-09', '--atol', '1e-09', '--angle', '1e-06', '--normal-convention', 'a-to-b']
    """
    convention = "a-to-b" if settings.normal_sign == 1 else "b-to-a"
    return [
        *("--rtol", repr(settings.rtol), "--atol", repr(settings.atol)),
        *("--angle", repr(settings.angle), "--normal-convention", convention),
    ]


def reference_expect(check: Check) -> dict[str, Any]:
    """gjkcli's reference answer as a pair's ``expect``: intersects, verdict, distance,
    and the depth when they intersect (and it has one)."""
    pair = check.pair
    reference = Reference(
        (pair.a.shape, pair.b.shape), check.answer, check.exact, check.ruling, check.scale
    )
    verdict = check.ruling.verdict
    expect: dict[str, Any] = {
        "intersects": verdict != "separated",
        "verdict": verdict,
        "distance": reference.distance,
    }
    if verdict != "separated" and reference.depth is not None:
        expect["depth"] = reference.depth
    return expect


def write_finding(
    folder: Path,
    number: int,
    first: Judgement,
    shrunk: Judgement,
    settings: ExpectSettings,
) -> Path:
    """Write one finding's folder; return its path."""
    target = folder / f"finding-{number:02d}-{short_signature(first.signature)}"
    target.mkdir()
    plain = dataclasses.replace(shrunk.loaded, answer=None, expect=None)
    check = check_pair(plain, trace=True, settings=settings)
    name = f"finding-{number:02d}"
    pair = {"name": name, "a": shrunk.pair["a"], "b": shrunk.pair["b"]}
    pair["expect"] = reference_expect(check)
    _write_json(target / "pair.json", pair)
    _write_json(target / "original.json", _original(first))
    reply = shrunk.reply
    if isinstance(reply, EngineFailure):
        lines = [f"{reply.kind}: {reply.message}"]
        if reply.output is not None:
            lines.append(f"output: {reply.output}")
        (target / "engine.txt").write_text("\n".join(lines) + "\n", "utf-8")
    else:
        own = {key: value for key, value in reply.items() if key not in ("id", "name")}
        (target / "answer.jsonl").write_text(  # without id or name: joined by position
            json.dumps(own, separators=(",", ":")) + "\n", "utf-8"
        )
        command = ["gjk", "batch", "pair.json", "--answers", "answer.jsonl"]
        command += judging_options(settings)
        (target / "command.txt").write_text(" ".join(command) + "\n", "utf-8")
    checked = check_pair(
        dataclasses.replace(shrunk.loaded, name=name, expect=_expect_of(pair)),
        trace=True,
        settings=settings,
    )
    (target / "trace.txt").write_text(_trace_text(checked), "utf-8")
    _picture(checked, target / "picture.png")
    return target


def _original(first: Judgement) -> dict[str, Any]:
    original = {"name": first.pair.get("name", "original"), "a": first.pair["a"]}
    original["b"] = first.pair["b"]
    if first.check is not None:
        original["expect"] = reference_expect(first.check)
    return original


def _expect_of(pair: dict[str, Any]) -> Expect:
    return expect_from_node(Node(pair["expect"], "pair.json", "expect"))


def _write_json(path: Path, value: Any) -> None:
    """An object with each top-level key on a line of its own, its value on that line
    (a shape, with all its points, reads at a glance)."""
    if not isinstance(value, dict):
        path.write_text(json.dumps(value) + "\n", "utf-8")
        return
    lines = [f" {json.dumps(key)}: {json.dumps(item)}" for key, item in value.items()]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", "utf-8")


def _trace_text(check: Check) -> str:
    """What ``gjk check pair.json --trace`` prints, as plain text."""
    from gjkcli.render.console import TidyConsole
    from gjkcli.render.table import check_table
    from gjkcli.render.trace import trace_text

    buffer = io.StringIO()
    console = TidyConsole(file=buffer, width=100, color_system=None)
    console.print(check_table(check))
    console.print(trace_text("both", check.answer))
    return buffer.getvalue()


def _picture(check: Check, path: Path) -> None:
    """Draw the pair as ``gjk check --plot`` does; nothing without matplotlib."""
    from gjkcli.render.plot import PlotUnavailableError, save_plot

    with contextlib.suppress(PlotUnavailableError):
        save_plot(check, "distance", path)
