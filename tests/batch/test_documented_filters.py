"""Every jq filter that the README, FORMATS and the help of ``gjk`` show, run with jq over
a real ``gjk batch`` output holding every way a pair can end: each must select exactly
the rows it says it does (issue 16: the documented filters once dropped every row whose
expectation failed).

The filters are read from the documents, not copied here: a filter changed to a wrong
one fails. jq is not a Python package: where it is missing these runs are skipped, saying
so, and ``.ci/run`` installs it, as it does the browser.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT, documented_jq_filters

needs_jq = pytest.mark.skipif(
    shutil.which("jq") is None,
    reason="jq is not installed (apt-get install jq; .ci/run installs it when it is missing)",
)

POINT, FAR = {"type": "point", "at": [0, 0]}, {"type": "point", "at": [3, 4]}
BOX, SHIFTED = "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))", "POLYGON ((1 1, 3 1, 3 3, 1 3, 1 1))"

PAIRS = [
    {"name": "apart", "a": POINT, "b": FAR, "expect": {"distance": 5}},
    {"name": "overlap", "a": BOX, "b": SHIFTED, "expect": {"verdict": "overlapping"}},
    {"name": "wrong-distance", "a": POINT, "b": FAR, "expect": {"distance": 4}},
    {"name": "wrong-verdict", "a": BOX, "b": SHIFTED, "expect": {"verdict": "separated"}},
    {"name": "disagrees", "a": POINT, "b": FAR},
    {"a": {"type": "box"}, "b": FAR},
]
"""The pairs, one a line, and then a line that is not JSON: two that pass, two whose
expectation fails (one overlapping), one that :data:`PLANTED` makes disagree with
gjkcli's references, and two error rows (an unknown shape type, ``pairs:6``, and
``pairs:7``)."""

NOT_PASSING = {"wrong-distance", "wrong-verdict", "disagrees", "pairs:6", "pairs:7"}
OVERLAPPING = {"overlap", "wrong-verdict"}
"""The rows known by construction to fail or be errors, and to overlap."""

PLANTED = """
import dataclasses
import sys

from gjkcli.batch import runner
from gjkcli.cli import main

checks_of = runner.check_pairs


def planted(pairs, **options):
    return [
        dataclasses.replace(check, disagreements=("a planted disagreement",))
        if check.pair.name == "disagrees"
        else check
        for check in checks_of(pairs, **options)
    ]


runner.check_pairs = planted
# the columnar lane answers plain pairs without check_pairs: every pair the general way
runner.lane_rows = lambda chunk, *rest: [None] * len(chunk)
sys.argv[0] = "gjk"
main()
"""
"""``gjk`` with a disagreement planted in the pair named ``disagrees`` (gjkcli agrees
with its references on every pair it can be given, so a disagreeing row has to be
made); its worker is this process (``--workers 1``)."""

Record = dict[str, Any]

CLAIMS: dict[str, Callable[[Record], Any]] = {
    "every row that did not pass": lambda record: record if record["name"] in NOT_PASSING else None,
    "every row that did not pass: its name, source, status and reasons": lambda record: (
        {key: record[key] for key in ("name", "source", "status", "reasons")}
        if record["name"] in NOT_PASSING
        else None
    ),
    "every overlapping pair: its name and depth": lambda record: (
        {"name": record["name"], "depth": record["gjk"]["penetration"]["depth"]}
        if record["name"] in OVERLAPPING
        else None
    ),
}
"""What a documented filter may select, written from :data:`NOT_PASSING` and
:data:`OVERLAPPING` rather than from the records' own fields: each record gives the
value it is selected as, or ``None`` when it is not selected."""

FILTERS = documented_jq_filters()


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Record], Record]:
    """The records file of a ``gjk batch`` run over :data:`PAIRS`, its records and its
    summary."""
    folder = tmp_path_factory.mktemp("filters")
    pairs, out, summary = folder / "pairs.jsonl", folder / "out.jsonl", folder / "summary.json"
    pairs.write_text("".join(json.dumps(pair) + "\n" for pair in PAIRS) + '{"a": 1,\n')
    options = ["--workers", "1", "--quiet", "--output", str(out), "--summary-json", str(summary)]
    batch = subprocess.run(
        [sys.executable, "-c", PLANTED, "batch", str(pairs), *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert batch.returncode == 2 and "Traceback" not in batch.stderr, batch.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    return out, records, json.loads(summary.read_text())


def test_the_run_holds_every_way_a_pair_ends(run: tuple[Path, list[Record], Record]) -> None:
    _, records, summary = run
    statuses = {record["name"]: record["status"] for record in records}
    assert statuses == {
        "apart": "pass",
        "overlap": "pass",
        "wrong-distance": "fail",
        "wrong-verdict": "fail",
        "disagrees": "fail",
        "pairs:6": "error",
        "pairs:7": "error",
    }
    counts = ("passed", "disagreed", "failed_expectations", "errors")
    assert [summary[count] for count in counts] == [2, 1, 2, 2]
    assert {
        record["name"] for record in records if (record.get("gjk") or {}).get("penetration")
    } == OVERLAPPING


def test_the_documents_and_the_help_show_filters() -> None:
    places = {place.split(":")[0] for place, _ in FILTERS}
    assert {"README.md", "gjk batch --help"} <= places


@needs_jq
def test_every_claim_is_one_a_documented_filter_makes(
    run: tuple[Path, list[Record], Record],
) -> None:
    """No claim here is left over when the documents stop making it."""
    out, records, _ = run
    made = {claim_of(jq(out, text), records) for _, text in FILTERS}
    assert set(CLAIMS) <= made


@needs_jq
@pytest.mark.parametrize(("place", "text"), FILTERS, ids=[place for place, _ in FILTERS])
def test_a_documented_filter_selects_what_it_claims(
    run: tuple[Path, list[Record], Record], place: str, text: str
) -> None:
    out, records, _ = run
    selected = jq(out, text)
    claim = claim_of(selected, records)
    assert claim is not None, (
        f"{place}: jq '{text}' selects what no claim says: "
        f"{[value.get('name') for value in selected if isinstance(value, dict)]}; "
        f"not passing: {sorted(NOT_PASSING)}, overlapping: {sorted(OVERLAPPING)}"
    )


def jq(records_file: Path, text: str) -> list[Any]:
    """What ``jq -c text`` writes for the records, one JSON value a line."""
    run = subprocess.run(
        ["jq", "-c", text, str(records_file)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def claim_of(selected: list[Any], records: list[Record]) -> str | None:
    """The claim whose selection, in input order, is ``selected``; ``None`` if none is."""
    for claim, select in CLAIMS.items():
        expected = [value for value in map(select, records) if value is not None]
        if selected == expected:
            return claim
    return None
