"""``gjk batch --junit FILE``: the batch as JUnit XML, one test case per pair, in the layout
pytest's ``--junitxml`` writes and CI systems read (FORMATS section 4, "JUnit").

A pair that passed is a bare ``<testcase>``; one that failed holds a ``<failure>``
whose ``message`` is its first reason and whose text is every reason, one per
line; one that could not be read or computed holds an ``<error>``. Test cases are
kept in a temporary file as the pairs come, so memory stays flat however long the
run; the whole document is written at the end, with the counts of the test cases
it holds (with ``--resume``: the pairs this run checked).
"""

from __future__ import annotations

import re
import tempfile
from datetime import datetime, timezone
from typing import TextIO
from xml.sax.saxutils import escape, quoteattr

from gjkcli.verify.tally import Outcome

__all__ = ["JUnitReport"]

SUITE = "gjk batch"

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold (control characters, lone surrogates)."""


class JUnitReport:
    """Test cases gathered as the pairs come, and written as one document at the end.

    >>> import io
    >>> report = JUnitReport()
    >>> report.add(Outcome("agree", False, "ok", "p.jsonl", 1))
    >>> report.add(Outcome("agree", True, "bad\\x07", "p.jsonl", 2, ("expect.distance: <wrong>",)))
    >>> out = io.StringIO()
    >>> report.write(out, 0.0)
    >>> print(out.getvalue())  # doctest: +ELLIPSIS
    <?xml version="1.0" encoding="utf-8"?>
    <testsuites name="gjk batch" tests="2" failures="1" errors="0" time="0.000">
    <testsuite name="gjk batch" tests="2" failures="1" errors="0" skipped="0" time="0.000" ...>
    <testcase classname="p.jsonl" name="ok" file="p.jsonl" line="1" />
    <testcase classname="p.jsonl" name="bad\\x07" file="p.jsonl" line="2">
    <failure type="fail" message="expect.distance: &lt;wrong&gt;">expect.distance:
    &lt;wrong&gt;</failure>
    </testcase>
    </testsuite>
    </testsuites>
    """

    def __init__(self) -> None:
        self._cases: TextIO = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._counts = {"tests": 0, "failures": 0, "errors": 0}

    def add(self, outcome: Outcome) -> None:
        """One pair's test case."""
        where = "" if outcome.line is None else f" line={_attribute(str(outcome.line))}"
        head = (
            f"<testcase classname={_attribute(outcome.file)} name={_attribute(outcome.name)} "
            f"file={_attribute(outcome.file)}{where}"
        )
        status = outcome.status
        self._counts["tests"] += 1
        self._counts["failures"] += status == "fail"
        self._counts["errors"] += status == "error"
        if status == "pass":
            self._cases.write(f"{head} />\n")
            return
        kind = "error" if status == "error" else "failure"
        reasons = outcome.reasons or (status,)
        self._cases.write(
            f"{head}>\n<{kind} type={_attribute(status)} message={_attribute(reasons[0])}>"
            f"{_text(chr(10).join(reasons))}</{kind}>\n</testcase>\n"
        )

    def add_failure(self, classname: str, name: str, lines: list[str]) -> None:
        """A failing test case that is not a pair (answers that matched no pair)."""
        self._counts["tests"] += 1
        self._counts["failures"] += 1
        self._cases.write(
            f"<testcase classname={_attribute(classname)} name={_attribute(name)}>\n"
            f'<failure type="fail" message={_attribute(lines[0])}>{_text(chr(10).join(lines))}'
            "</failure>\n</testcase>\n"
        )

    def write(self, stream: TextIO, seconds: float) -> None:
        """The whole document, with the counts of the test cases gathered and the run's
        ``seconds``, to ``stream``; then the gathered test cases are let go."""
        counts = " ".join(f'{key}="{value}"' for key, value in self._counts.items())
        time = f'time="{seconds:.3f}"'
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        stream.write('<?xml version="1.0" encoding="utf-8"?>\n')
        stream.write(f"<testsuites name={_attribute(SUITE)} {counts} {time}>\n")
        stream.write(
            f'<testsuite name={_attribute(SUITE)} {counts} skipped="0" {time} '
            f"timestamp={_attribute(stamp)}>\n"
        )
        self._cases.seek(0)
        while block := self._cases.read(1 << 16):
            stream.write(block)
        stream.write("</testsuite>\n</testsuites>\n")
        self._cases.close()


def _clean(text: str) -> str:
    """``text`` with what XML cannot hold written as a Python escape (``\\x07``)."""
    return _NOT_XML.sub(lambda match: match.group().encode("unicode_escape").decode(), text)


def _attribute(text: str) -> str:
    return quoteattr(_clean(text), {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def _text(text: str) -> str:
    return escape(_clean(text))
