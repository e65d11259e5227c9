"""Builds the optional compiled engine, ``gjkcli._engine``, from ``gjkcli/_engine.c``,
and puts the reference that ``gjk formats`` and ``gjk example`` print into the package.

Everything else about the package is in ``pyproject.toml``. The engine is
optional: with no working C compiler the install still succeeds, with the
pure-Python engine, and the build output says so. Two environment variables
change that:

- ``GJKCLI_BUILD_ENGINE=0`` skips the engine on purpose (a pure-Python install);
- ``GJKCLI_REQUIRE_ENGINE=1`` makes a failed build an error (the wheels are built so).

Floating-point contraction (fusing ``a * b + c`` into one multiply-add that
rounds once) is turned off on every compiler, so that the engine rounds after
each operation, as the pure-Python reference does.

The reference (``docs/FORMATS.md`` and ``samples/``) is kept once, where it is
in the repository; a built package gets a copy of it in ``gjkcli/_reference/``
(see :class:`WithReference`), and an editable install reads the repository's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, ExecError, PlatformError

SOURCE = "gjkcli/_engine.c"
PARTS = "gjkcli/_*.c"
"""The C files ``SOURCE`` includes (and ``SOURCE`` itself): a change to any of them rebuilds it."""
REFERENCE = ("docs/FORMATS.md", "docs/trace.schema.json", "samples")
"""What ``gjkcli.reference`` reads, as paths from the top of the repository."""
BUILD = "GJKCLI_BUILD_ENGINE"
REQUIRE = "GJKCLI_REQUIRE_ENGINE"
FALLBACK = "the pure-Python engine will be used"

GCC_LIKE = ["-O2", "-fno-fast-math", "-ffp-contract=off", "-fno-math-errno"]
"""gcc and clang, Apple's included: clang contracts within a statement by default, and
gcc (in its default GNU C mode) across statements, wherever the target has a fused
multiply-add (arm64 always). ``-fno-fast-math`` undoes a ``-ffast-math`` or ``-Ofast``
coming from ``CFLAGS``, which precede these flags on the command line.
``-fno-math-errno`` lets ``sqrt`` be one instruction: the engine never reads ``errno``,
and no result changes."""

MSVC = ["/O2", "/fp:precise"]
"""MSVC does not contract under ``/fp:precise`` from Visual Studio 2022 (17.0) on; it does
under ``/fp:fast`` or ``/fp:contract``, which the build refuses (see ``msvc_conflicts``)."""

FLAGS = {"unix": GCC_LIKE, "mingw32": GCC_LIKE, "cygwin": GCC_LIKE, "msvc": MSVC}
"""The flags for each kind of compiler setuptools knows (``compiler_type``)."""


def setting(name: str) -> bool | None:
    """An on/off environment variable: ``True``, ``False``, or ``None`` when unset or empty."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return None
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise SystemExit(f"gjkcli: {name}={value!r}: use 1 or 0")


def one_line(error: BaseException) -> str:
    """What went wrong, on one line; a failed compiler or linker by its name and exit status."""
    cause = error.args[0] if error.args else None
    if isinstance(cause, subprocess.CalledProcessError):
        command = cause.cmd if isinstance(cause.cmd, str) else cause.cmd[0]
        return f"{command} exited with status {cause.returncode}"
    return " ".join(str(error).split())


def say(message: str) -> None:
    print(f"gjkcli: {message}", file=sys.stderr, flush=True)


def msvc_conflicts() -> list[str]:
    """Options that would let MSVC contract, given through its ``CL`` and ``_CL_`` variables."""
    words = (word for name in ("CL", "_CL_") for word in os.environ.get(name, "").split())
    return [word for word in words if word.lower()[1:] in {"fp:fast", "fp:contract"}]


def contraction_off(kind: str) -> list[str]:
    """The flags for a compiler of this kind (setuptools' ``compiler_type``)."""
    conflicts = msvc_conflicts() if kind == "msvc" else []
    if conflicts:
        raise PlatformError(f"{' '.join(conflicts)} in CL or _CL_ would turn contraction on")
    if kind not in FLAGS:
        raise PlatformError(f"no flags known to turn contraction off for compiler type {kind!r}")
    return FLAGS[kind]


class OptionalEngine(build_ext):
    """``build_ext`` with contraction off, and a failed build a warning unless it is required."""

    def build_extension(self, ext: Extension) -> None:
        try:
            flags = contraction_off(self.compiler.compiler_type)
            ext.extra_compile_args = [*ext.extra_compile_args, *flags]
            say(f"building the compiled engine with {' '.join(flags)}")
            super().build_extension(ext)
        except (CCompilerError, ExecError, PlatformError, OSError) as error:
            reason = one_line(error)
            if setting(REQUIRE):
                raise PlatformError(
                    f"gjkcli: could not build the compiled engine ({reason}), and {REQUIRE}=1"
                ) from error
            say(f"could not build the compiled engine ({reason}); {FALLBACK}")


class WithReference(build_py):
    """``build_py``, and the reference copied into the built package as
    ``gjkcli/_reference/docs/FORMATS.md`` and ``gjkcli/_reference/samples/`` (the
    same paths under ``_reference`` as in the repository). An editable install
    needs no copy: it reads the repository's own files."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        top = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "gjkcli" / "_reference"
        for relative in REFERENCE:
            source, copy = top / relative, target / relative
            if not source.exists():
                raise SystemExit(f"gjkcli: {relative} is missing: gjk formats needs it")
            copy.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, copy, dirs_exist_ok=True)
            else:
                shutil.copyfile(source, copy)


def extensions() -> list[Extension]:
    """The engine to build, or none (saying why) when it is skipped or its source is missing."""
    required, wanted = setting(REQUIRE), setting(BUILD)
    if required and wanted is False:
        raise SystemExit(f"gjkcli: {REQUIRE}=1 and {BUILD}=0 contradict each other")
    if wanted is False:
        say(f"{BUILD}=0: the compiled engine is not built; {FALLBACK}")
        return []
    if not (Path(__file__).resolve().parent / SOURCE).is_file():
        if required:
            raise SystemExit(f"gjkcli: {REQUIRE}=1 but {SOURCE} is missing")
        say(f"{SOURCE} is missing; {FALLBACK}")
        return []
    # The C library's maths (fma) is in libm wherever there is one: POSIX asks for -lm.
    libraries = [] if sys.platform == "win32" else ["m"]
    depends = sorted(str(path) for path in Path(__file__).resolve().parent.glob(PARTS))
    return [
        Extension(
            "gjkcli._engine",
            [SOURCE],
            depends=depends,
            libraries=libraries,
            optional=not required,
        )
    ]


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": OptionalEngine, "build_py": WithReference},
)
