"""Real test cases from other collision libraries (tests/data/peer-cases, with provenance)."""

from __future__ import annotations

import pytest

from gjkcli.io import pair_from_node
from gjkcli.io.jsondoc import parse_json
from gjkcli.io.node import Node
from gjkcli.verify.check import check_pair
from tests.helpers import DATA

CASES = [
    (path.name, number, line)
    for path in sorted((DATA / "peer-cases").glob("*.jsonl"))
    for number, line in enumerate(path.read_text().splitlines(), 1)
    if line.strip()
]


@pytest.mark.parametrize(("file", "number", "line"), CASES, ids=[f"{f}:{n}" for f, n, _ in CASES])
def test_peer_case(file: str, number: int, line: str) -> None:
    pair = pair_from_node(Node(parse_json(line, file), file), f"{file}:{number}")
    result = check_pair(pair)
    assert result.certificate_check.ok, result.certificate_check.problems
    assert result.agree, result.disagreements
    assert result.expect is not None
    assert result.expect.ok, result.expect.failures


def test_there_are_twenty_peer_cases() -> None:
    assert len(CASES) == 20
