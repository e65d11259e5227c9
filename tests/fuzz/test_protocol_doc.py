"""The example exchange of FORMATS section 4 ("gjk fuzz") is what the toy program says."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers import ROOT


def test_the_documented_exchange_is_true() -> None:
    text = (ROOT / "docs" / "FORMATS.md").read_text()
    section = text[text.index("### `gjk fuzz`") :]
    lines = section[: section.index("```\n\n")].splitlines()
    sent = [line[2:] for line in lines if line.startswith("> ")]
    answers = [line[2:] for line in lines if line.startswith("< ")]
    assert len(sent) == len(answers) == 2
    program = ROOT / "examples" / "toy_engine" / "program.py"
    completed = subprocess.run(
        [sys.executable, str(program)],
        input="\n".join(sent) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert completed.stdout.splitlines() == answers
