"""Installing from source as the README says (``pip install .``, not editable), then
its first command: with no working C compiler pip succeeds, says so, and gjk runs on the
pure-Python engine; with one, gjk runs on the compiled engine. The installed gjk carries
its own reference (``gjk formats``, ``gjk example``).

Each install builds a copy of the repository into a new virtual environment, as
``pip install .`` does (so pip fetches the build requirements, as it would for a
user). The dependencies are not installed again: the new environment sees this
one's through a ``.pth`` file.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

from gjkcli import engine
from tests.helpers import ROOT, fenced_commands

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
NOT_MSVC = pytest.mark.skipif(
    sys.platform == "win32",
    reason="MSVC is not looked for here (setuptools finds it itself); the wheels workflow uses it",
)


@dataclass(frozen=True)
class Installed:
    """gjkcli installed from a copy of the checkout (``pip install .``, not editable)."""

    environment: Path
    settings: dict[str, str]
    """The environment to run it in (without this one's GJKCLI_ settings)."""
    log: str
    """What pip printed."""
    compiler: str
    """The C compiler it was built with."""

    def run(
        self, program: str, *args: str, cwd: Path = ROOT, stdin: str = ""
    ) -> subprocess.CompletedProcess[str]:
        """Run one of the environment's programs (``gjk``, ``python``) with ``args``."""
        return subprocess.run(
            [scripts(self.environment, program), *args],
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
            cwd=cwd,
            env=self.settings,
        )

    def first_command(self) -> subprocess.CompletedProcess[str]:
        """The README's first command after the install (``gjk check`` on a shipped
        sample), run from the checkout, where the README runs it."""
        install_and_run = fenced_commands((ROOT / "README.md").read_text(encoding="utf-8"))[0]
        command = shlex.split(install_and_run.rsplit("&&", 1)[-1])
        assert command[:2] == ["gjk", "check"], install_and_run
        return self.run(*command)

    def engine_line(self) -> str:
        """The line of ``gjk --version`` that names the engine."""
        version = self.run("gjk", "--version")
        assert version.returncode == 0, version.stdout + version.stderr
        return version.stdout.splitlines()[1]

    def where(self, module: str) -> Path:
        """Where the environment's Python imports ``module`` from, away from the checkout."""
        found = self.run(
            "python", "-c", f"import {module} as m; print(m.__file__)", cwd=self.environment
        )
        assert found.returncode == 0, found.stderr
        return Path(found.stdout.strip()).resolve()


def install(tmp_path_factory: pytest.TempPathFactory, compiler: str) -> Installed:
    """``pip install .`` of a copy of the checkout into a new environment, building the
    engine with ``compiler``, with no GJKCLI_ settings."""
    tmp_path = tmp_path_factory.mktemp("install")
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
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "-v", "--no-deps", source],
        capture_output=True,
        text=True,
        check=False,
        env={**settings, "CC": compiler},
    )
    log = pip.stdout + pip.stderr
    assert pip.returncode == 0, log
    return Installed(environment, settings, log, compiler)


def c_compiler() -> str | None:
    """The C compiler that ``pip install .`` builds the engine with here (``CC``, else the
    one this Python was built with), if it is installed."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC")
    return shutil.which(shlex.split(command)[0]) if command else None


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """One install for the tests of this module: a C compiler that fails, so the
    pure-Python engine."""
    failing_compiler = shutil.which("false")
    assert failing_compiler is not None
    return install(tmp_path_factory, failing_compiler)


@WINDOWS
def test_an_install_without_a_compiler_falls_back_to_pure_python_and_says_so(
    installed: Installed,
) -> None:
    assert f"{installed.compiler} " in installed.log  # the compile was tried, with it
    assert (
        f"gjkcli: could not build the compiled engine ({installed.compiler} exited with"
        " status 1); the pure-Python engine will be used"
    ) in installed.log
    assert installed.where("gjkcli").is_relative_to(installed.environment.resolve())
    assert installed.engine_line() == f"engine: {engine.PURE_MISSING}"
    first = installed.first_command()
    assert first.returncode == 0, first.stdout + first.stderr
    assert "every stated expectation holds" in first.stdout


@NOT_MSVC
def test_an_install_with_a_compiler_builds_and_uses_the_compiled_engine(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    compiler = c_compiler()
    if compiler is None:
        pytest.skip("no C compiler found (CC, or the one this Python was built with)")
    installed = install(tmp_path_factory, compiler)
    assert "could not build the compiled engine" not in installed.log
    assert installed.where("gjkcli._engine").is_relative_to(installed.environment.resolve())
    assert installed.engine_line() == f"engine: {engine.COMPILED}"
    first = installed.first_command()
    assert first.returncode == 0, first.stdout + first.stderr
    assert "every stated expectation holds" in first.stdout


@WINDOWS
def test_an_installed_gjk_carries_its_reference(installed: Installed, tmp_path: Path) -> None:
    """Away from the checkout, gjk formats prints the repository's FORMATS.md (the copy
    made as the package was built) and gjk example a pair that gjk check passes."""

    def gjk(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return installed.run("gjk", *args, cwd=tmp_path, stdin=stdin)

    formats = gjk("formats")
    assert formats.returncode == 0, formats.stderr
    assert formats.stdout == (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    schema = gjk("formats", "--trace-schema")
    assert schema.returncode == 0, schema.stderr
    assert schema.stdout == (ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8")
    where = installed.run(
        "python",
        "-c",
        "from gjkcli.reference import FORMATS, reference_file; print(reference_file(FORMATS))",
        cwd=tmp_path,
    )
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).resolve().is_relative_to(installed.environment.resolve())
    example = gjk("example")
    assert example.returncode == 0, example.stderr
    checked = gjk("check", "-", stdin=example.stdout)
    assert checked.returncode == 0, checked.stdout + checked.stderr
