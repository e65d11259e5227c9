"""The README's promises that can be checked mechanically."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig

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


def certificate_snippet() -> str:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### Re-checking a certificate yourself") :]
    start = section.index("```python\n") + len("```python\n")
    return section[start : section.index("\n```", start)]


def test_the_certificate_snippet_runs_on_a_separated_and_an_overlapping_pair() -> None:
    snippet = certificate_snippet()
    environment = {
        **os.environ,
        "PATH": sysconfig.get_path("scripts") + os.pathsep + os.environ["PATH"],
    }
    for sample, expected in [
        ("samples/capsule/separated.json", "apart: "),
        ("samples/seed-example.json", "they intersect"),
    ]:
        code = snippet.replace("samples/capsule/separated.json", sample)
        run = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=environment,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        assert run.stdout.startswith(expected)


def test_the_python_api_examples_run() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Python API") :]
    section = section[: section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)\n```", section, flags=re.DOTALL)
    assert len(blocks) >= 2
    run = subprocess.run(
        [sys.executable, "-c", "\n".join(blocks)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stderr
