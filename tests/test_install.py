"""Installing from source with no working C compiler: pip succeeds, says so, and gjk runs.

The install builds a copy of the repository into a new virtual environment, as
``pip install .`` does (so pip fetches the build requirements, as it would for a
user). The dependencies are not installed again: the new environment sees this
one's through a ``.pth`` file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from gjkcli import engine
from tests.helpers import ROOT

NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "wheelhouse",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    "*.so",
    "*.pyd",
)
STAND_IN = "/* Stands in for the engine when it is not in the checkout: never compiled here. */\n"


def scripts(environment: Path, name: str) -> Path:
    return environment / ("Scripts" if sys.platform == "win32" else "bin") / name


@pytest.mark.skipif(
    sys.platform == "win32", reason="MSVC is found without CC, so CC cannot take it away"
)
def test_an_install_without_a_compiler_falls_back_to_pure_python_and_says_so(
    tmp_path: Path,
) -> None:
    failing_compiler = shutil.which("false")
    assert failing_compiler is not None
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_COPIED)
    if not (source / "gjkcli" / "_engine.c").is_file():
        (source / "gjkcli" / "_engine.c").write_text(STAND_IN)
    environment = tmp_path / "env"
    venv.create(environment, with_pip=False)
    python = scripts(environment, "python")
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    borrowed = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(site) / "borrowed.pth").write_text("".join(f"{path}\n" for path in sorted(borrowed)))

    settings = {name: value for name, value in os.environ.items() if not name.startswith("GJKCLI")}
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "-v", "--no-deps", source],
        capture_output=True,
        text=True,
        check=False,
        env={**settings, "CC": failing_compiler},
    )
    log = install.stdout + install.stderr
    assert install.returncode == 0, log
    assert f"{failing_compiler} " in log  # the compile was tried, with the failing compiler
    assert (
        f"gjkcli: could not build the compiled engine ({failing_compiler} exited with status 1);"
        " the pure-Python engine will be used"
    ) in log

    installed = subprocess.run(
        [
            python,
            "-c",
            "import gjkcli, gjkcli.engine as e; print(gjkcli.__file__); print(e.describe())",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env=settings,
    ).stdout.splitlines()
    assert Path(installed[0]).resolve().is_relative_to(environment.resolve())
    assert installed[1] == engine.PURE_MISSING

    check = subprocess.run(
        [scripts(environment, "gjk"), "check", "samples/polygon/separated.json"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env=settings,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "separated" in check.stdout
