"""The README's promises that can be checked mechanically."""

from __future__ import annotations

import re

from tests.helpers import ROOT


def fenced_commands(text: str) -> list[str]:
    return re.findall(r"```\n(python3 -m venv [^\n]+)\n```", text)


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    install_and_run, test_command = fenced_commands(readme)
    assert "gjk check samples/" in install_and_run
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line.strip()]
    assert ci_lines[-1] == test_command


def test_readme_sample_exists() -> None:
    readme = (ROOT / "README.md").read_text()
    install_and_run = fenced_commands(readme)[0]
    sample = install_and_run.rsplit(" ", 1)[-1]
    assert (ROOT / sample).is_file()
