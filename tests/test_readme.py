"""The README's promises that can be checked mechanically."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import sysconfig

from tests.helpers import ROOT, fenced_commands


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


def test_the_certificate_snippet_runs_on_separated_overlapping_and_compound_pairs() -> None:
    snippet = certificate_snippet()
    environment = {
        **os.environ,
        "PATH": sysconfig.get_path("scripts") + os.pathsep + os.environ["PATH"],
    }
    for sample, expected in [
        ("samples/capsule/separated.json", "apart: "),
        ("samples/seed-example.json", "they intersect"),
        ("samples/compound/notch.json", "apart: "),
        ("samples/compound/hole-bridging.json", "they intersect"),
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


VALUE_START = re.compile(r"[-+.\d(\[{'\"]|(True|False|None)\b")
"""How a comment that shows a value begins: a number, a bracket, a quote, a constant."""


def shown_value(comment: str) -> tuple[object] | None:
    """The value a comment begins with, alone or before words or a colon
    (``('separated', 0.5)``, ``3 convex parts``, ``4.0: WKT``), in a 1-tuple (the value
    may be ``None``); ``None`` for a comment of words. A comment that begins like a
    value but cannot be read as one fails, rather than go unchecked."""
    words = comment.split(" ")
    for end in range(len(words), 0, -1):
        try:
            return (ast.literal_eval(" ".join(words[:end]).removesuffix(":")),)
        except (ValueError, SyntaxError):
            continue
    assert not VALUE_START.match(comment), f"a value the test cannot read: # {comment}"
    return None


def checked(block: str) -> str:
    """The block with an assertion after each expression whose comment shows a value
    (``answer.verdict  # ('separated', 0.5)``), so that the values shown are the values."""
    lines = []
    for line in block.splitlines():
        lines.append(line)
        code, _, comment = line.partition("  # ")
        if not comment or not isinstance(ast.parse(code).body[0], ast.Expr):
            continue
        shown = shown_value(comment)
        if shown is not None:
            lines.append(f"assert ({code}) == {shown[0]!r}, {code!r}")
    return "\n".join(lines)


def test_the_python_api_examples_run_each_on_its_own() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Python API") :]
    section = section[: section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)\n```", section, flags=re.DOTALL)
    assert len(blocks) >= 2
    for block in blocks:
        code = checked(block)
        assert "assert" in code  # at least one value shown is checked
        run = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
        )
        assert run.returncode == 0, run.stderr
