"""Installing from source with no working C compiler: pip succeeds, says so, and gjk runs;
and the installed gjk carries its own reference (``gjk formats``, ``gjk example``).

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
from dataclasses import dataclass
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


WINDOWS = pytest.mark.skipif(
    sys.platform == "win32", reason="MSVC is found without CC, so CC cannot take it away"
)


@dataclass(frozen=True)
class Installed:
    """gjkcli installed from a copy of the checkout (``pip install .``, not editable)."""

    environment: Path
    settings: dict[str, str]
    """The environment to run it in (without this one's GJKCLI_ settings)."""
    log: str
    """What pip printed."""
    failing_compiler: str
    """The compiler it was built with: one that always fails."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """One install for the tests of this module: a C compiler that fails, so the
    pure-Python engine, and no GJKCLI_ settings."""
    tmp_path = tmp_path_factory.mktemp("install")
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
    return Installed(environment, settings, log, failing_compiler)


@WINDOWS
def test_an_install_without_a_compiler_falls_back_to_pure_python_and_says_so(
    installed: Installed, tmp_path: Path
) -> None:
    environment, settings, log = installed.environment, installed.settings, installed.log
    failing_compiler = installed.failing_compiler
    assert f"{failing_compiler} " in log  # the compile was tried, with the failing compiler
    assert (
        f"gjkcli: could not build the compiled engine ({failing_compiler} exited with status 1);"
        " the pure-Python engine will be used"
    ) in log

    installed_files = subprocess.run(
        [
            scripts(environment, "python"),
            "-c",
            "import gjkcli, gjkcli.engine as e; print(gjkcli.__file__); print(e.describe())",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env=settings,
    ).stdout.splitlines()
    assert Path(installed_files[0]).resolve().is_relative_to(environment.resolve())
    assert installed_files[1] == engine.PURE_MISSING

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


@WINDOWS
def test_an_installed_gjk_carries_its_reference(installed: Installed, tmp_path: Path) -> None:
    """Away from the checkout, gjk formats prints the repository's FORMATS.md (the copy
    made as the package was built) and gjk example a pair that gjk check passes."""
    gjk = scripts(installed.environment, "gjk")

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [gjk, *args],
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
            env=installed.settings,
        )

    formats = run("formats")
    assert formats.returncode == 0, formats.stderr
    assert formats.stdout == (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    schema = run("formats", "--trace-schema")
    assert schema.returncode == 0, schema.stderr
    assert schema.stdout == (ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8")
    where = subprocess.run(
        [
            scripts(installed.environment, "python"),
            "-c",
            "from gjkcli.reference import FORMATS, reference_file; print(reference_file(FORMATS))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env=installed.settings,
    ).stdout.strip()
    assert Path(where).resolve().is_relative_to(installed.environment.resolve())
    example = run("example")
    assert example.returncode == 0, example.stderr
    checked = run("check", "-", stdin=example.stdout)
    assert checked.returncode == 0, checked.stdout + checked.stderr
