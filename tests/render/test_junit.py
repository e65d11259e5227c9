"""``gjk batch --junit`` writes what pytest's ``--junitxml`` writes, as CI systems read it:
the same elements, the attributes pytest gives them, and text XML can hold."""

from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from gjkcli.render.junit import JUnitReport
from gjkcli.verify.tally import Outcome

PYTEST_CASES = """
import pytest

def test_ok():
    pass

def test_bad():
    assert 1 == 2

@pytest.fixture
def broken():
    raise RuntimeError("x")

def test_err(broken):
    pass
"""


def attributes(root: ET.Element) -> dict[str, set[str]]:
    """Every element's tag, with the attributes it carries anywhere in the document."""
    found: dict[str, set[str]] = {}
    for element in root.iter():
        found.setdefault(element.tag, set()).update(element.attrib)
    return found


def test_the_layout_is_pytests(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(PYTEST_CASES)
    reference = tmp_path / "pytest.xml"
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    subprocess.run(
        [*pytest, "-o", "junit_family=xunit1", f"--junitxml={reference}", "test_x.py"],
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    theirs = attributes(ET.parse(reference).getroot())
    report = JUnitReport()
    report.add(Outcome("agree", False, "ok", "p.jsonl", 1))
    report.add(Outcome("agree", True, "bad", "p.jsonl", 2, ("x",)))
    report.add(Outcome("error", False, "err", "p.jsonl", 3, ("column 1: invalid JSON",)))
    out = io.StringIO()
    report.write(out, 1.5)
    ours = attributes(ET.fromstring(out.getvalue()))
    assert set(ours) == set(theirs) == {"testsuites", "testsuite", "testcase", "failure", "error"}
    assert theirs["testsuite"] - {"hostname"} <= ours["testsuite"]
    assert theirs["testcase"] - {"time"} <= ours["testcase"]
    assert theirs["failure"] <= ours["failure"] and theirs["error"] <= ours["error"]
    suite = ET.fromstring(out.getvalue()).find("testsuite")
    assert suite is not None
    assert [suite.get(key) for key in ("tests", "failures", "errors", "skipped")] == list("3110")


def test_any_name_or_reason_is_valid_xml() -> None:
    report = JUnitReport()
    nasty = 'a\x00b\x07c\ud800d]]>e"f<g>&h\U0001f600'
    report.add(Outcome("agree", True, nasty, nasty, 1, (nasty, "second")))
    out = io.StringIO()
    report.write(out, 0.0)
    case = ET.fromstring(out.getvalue()).find("testsuite/testcase")
    assert case is not None
    assert case.get("name") == 'a\\x00b\\x07c\\ud800d]]>e"f<g>&h\U0001f600'
    failure = case.find("failure")
    assert failure is not None and failure.text is not None
    assert failure.text.splitlines()[1] == "second"
