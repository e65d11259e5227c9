"""The run's settings for judging stated answers: command-line options over a
``[tool.gjkcli]`` table in ``pyproject.toml`` over the ``--precision`` preset.

The table is looked for as ruff and pytest look for theirs: in the working
directory, then each parent in turn; the first ``pyproject.toml`` that has a
``[tool.gjkcli]`` table is used (FORMATS section 2, "Expectations").
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from typing import Any, Literal

from gjkcli.io.node import unknown
from gjkcli.tolerances import MAX_COORDINATE
from gjkcli.verify.expect import PRECISIONS, ExpectSettings

__all__ = ["CONVENTIONS", "ConfigError", "expect_settings", "find_table"]

CONVENTIONS: dict[str, Literal[1, -1]] = {"a-to-b": 1, "b-to-a": -1}
"""``--normal-convention``: which way an engine's normals point (gjkcli's is ``a-to-b``)."""

_KEYS = ("precision", "rtol", "atol", "angle", "normal-convention")


class ConfigError(Exception):
    """A ``[tool.gjkcli]`` table or an option that cannot be used (a usage error)."""


def expect_settings(
    *,
    precision: str | None = None,
    rtol: float | None = None,
    atol: float | None = None,
    angle: float | None = None,
    normal_convention: str | None = None,
    start: Path | None = None,
) -> ExpectSettings:
    """The settings from the options given (``None``: not given) over the table found
    from ``start`` (the working directory by default) over the preset. A ``precision``
    given as an option sets all three tolerances afresh (the table's ``rtol``, ``atol``
    and ``angle`` are then not used); the other options override one key each.

    >>> expect_settings(precision="single", atol=0.0, start=Path("/"))
    ExpectSettings(rtol=1e-05, atol=0.0, angle=0.001, normal_sign=1)
    """
    found = find_table(start or Path.cwd())
    given = {
        "precision": precision,
        "rtol": rtol,
        "atol": atol,
        "angle": angle,
        "normal-convention": normal_convention,
    }
    options = {key: value for key, value in given.items() if value is not None}
    _settings(options, "the options")  # an option's own problem is the option's
    values: dict[str, Any] = {}
    if found is not None:
        path, table = found
        _settings(table, f"[tool.gjkcli] in {path}")
        values = dict(table)
        if "precision" in options:
            values = {key: values[key] for key in ("normal-convention",) if key in values}
    return _settings(values | options, "the options")


def find_table(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The first ``pyproject.toml`` from ``start`` upwards with a ``[tool.gjkcli]`` table,
    and the table."""
    for folder in (start, *start.parents):
        path = folder / "pyproject.toml"
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigError(f"{path}: cannot read it: {error}") from None
        if not _may_hold_table(text):  # not parsed, nor the parser imported (a cold start)
            continue
        if sys.version_info >= (3, 11):
            import tomllib
        else:  # pragma: no cover - Python 3.10
            import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{path}: cannot read it: {error}") from None
        tool = document.get("tool", {})
        table = tool.get("gjkcli") if isinstance(tool, dict) else None
        if table is None:
            continue
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.gjkcli] must be a table")
        return path, table
    return None


_KEY = r"""\s*["']?{}["']?\s*"""  # a bare or quoted key, with the spaces TOML allows around it
_MAY_HOLD_TABLE = re.compile(
    "|".join(
        (
            _KEY.format("tool") + r"\." + _KEY.format("gjkcli"),  # [tool.gjkcli], tool.gjkcli.x =
            # [tool], under which gjkcli = {...}; on the first line maybe after a byte order
            # mark, which the parser refuses (the file is then an error, not passed over)
            r"^\ufeff?\s*\[" + _KEY.format("tool") + r"\]",
            _KEY.format("tool") + r"=\s*\{",  # tool = {gjkcli = {...}}
            r"\\[uUx]",  # an escape, which might spell either key (\x: TOML 1.1, as tomli reads it)
        )
    ),
    re.MULTILINE,
)


def _may_hold_table(text: str) -> bool:
    """Whether the TOML document ``text`` may have a ``[tool.gjkcli]`` table: ``False``
    only where no way of writing one (a header, a dotted key, a key under ``[tool]``, an
    inline table) is there, so that most ``pyproject.toml`` files, ones that name gjkcli
    as a dependency among them, are passed over without parsing them.

    >>> _may_hold_table('[project]\\ndependencies = ["gjkcli>=0.1"]\\n')
    False
    >>> _may_hold_table('[ tool . "gjkcli" ]\\nrtol = 1e-6\\n')
    True
    >>> _may_hold_table('[tool]\\ngjkcli = { rtol = 1e-6 }\\n')
    True
    """
    return _MAY_HOLD_TABLE.search(text) is not None


def _settings(values: dict[str, Any], where: str) -> ExpectSettings:
    strangers = [key for key in values if key not in _KEYS]
    if strangers:
        raise ConfigError(
            f"{where}: unknown key '{strangers[0]}'{unknown(strangers[0], _KEYS, 'keys')}"
        )
    precision = values.get("precision", "double")
    if precision not in PRECISIONS:
        raise ConfigError(
            f"{where}: precision must be one of {', '.join(PRECISIONS)}, got {precision!r}"
        )
    preset = PRECISIONS[precision]
    rtol, atol, angle = (
        _non_negative(values[key], key, where, _MOST[key])
        if key in values
        else getattr(preset, key)
        for key in ("rtol", "atol", "angle")
    )
    convention = values.get("normal-convention", "a-to-b")
    if convention not in CONVENTIONS:
        choices = ", ".join(CONVENTIONS)
        raise ConfigError(
            f"{where}: normal-convention must be one of {choices}, got {convention!r}"
        )
    return ExpectSettings(rtol, atol, angle, CONVENTIONS[convention])


_MOST = {"rtol": 1.0, "atol": MAX_COORDINATE, "angle": math.inf}
"""The largest value of each tolerance, as the options allow: a relative tolerance
beyond 1, or an absolute one beyond the largest coordinate, accepts anything, and
together they would overflow ``atol + rtol * scale``."""


def _non_negative(value: Any, key: str, where: str, most: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{where}: {key} must be a number, got {value!r}")
    if not (math.isfinite(value) and value >= 0):
        raise ConfigError(f"{where}: {key} must be a finite number >= 0, got {value!r}")
    if value > most:
        raise ConfigError(f"{where}: {key} must be at most {most:g}, got {value!r}")
    return float(value)
