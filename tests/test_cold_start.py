"""``gjk check`` imports only what it uses (issue 14, a quicker start).

Each case runs the command line in a fresh interpreter and reads the modules
it imported from ``sys.modules``; the time taken is never asserted (see
``benchmarks/cold_start.py`` for that).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

_RUN_AND_LIST = """
import json, sys
from gjkcli.cli import main
listing = sys.argv[1]
sys.argv = ["gjk", *sys.argv[2:]]
try:
    main()
finally:
    with open(listing, "w") as stream:
        json.dump(sorted(sys.modules), stream)
"""
"""Run ``gjk`` with the arguments after the first, then write the names of the modules
imported into the file named by the first."""

NEVER = (
    "pydantic",  # Typer 0.29 coerces parameters with it; gjkcli.cli_values does without
    "numpy.ma",  # np.unique checks for a masked array unless asked for indices
    "matplotlib",
    "gjkcli.render.plot",
    "gjkcli.batch",
    "gjkcli.corpus",
)
"""Never imported by ``gjk check`` without ``--plot``."""

TERMINAL = ("rich", "gjkcli.render.table", "gjkcli.render.trace")
"""The table and the trace on the terminal: not for ``--json``."""

WKT = ("gjkcli.io.wkt", "shapely.wkt")
"""The WKT reader: not for input in JSON."""


def imported(tmp_path: Path, *args: str) -> set[str]:
    """The modules imported by ``gjk *args``, run in a fresh interpreter (which must exit 0)."""
    listing = tmp_path / "modules.json"
    completed = subprocess.run(
        [sys.executable, "-c", _RUN_AND_LIST, str(listing), *args],
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return set(json.loads(listing.read_text()))


def among(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    """The ``packages`` of which ``modules`` holds the package itself or a submodule."""
    return [
        package
        for package in packages
        if package in modules or any(name.startswith(package + ".") for name in modules)
    ]


@pytest.mark.parametrize(
    "sample",
    [
        "samples/polygon/separated.json",
        "samples/polygon/overlapping.json",
        "samples/circle/overlapping.json",
    ],
)
def test_check_json_imports_neither_rich_nor_pydantic_nor_wkt(tmp_path: Path, sample: str) -> None:
    # the overlapping pairs reach the depth oracle, which takes the distinct corners
    modules = imported(tmp_path, "check", sample, "--json")
    assert among(modules, NEVER + TERMINAL + WKT) == []
    assert among(modules, ("shapely", "numpy", "gjkcli.render.json_record")) == [
        "shapely",
        "numpy",
        "gjkcli.render.json_record",
    ]


def test_check_table_imports_rich_but_not_pydantic_nor_wkt(tmp_path: Path) -> None:
    modules = imported(tmp_path, "check", "samples/circle/overlapping.json", "--trace")
    assert among(modules, NEVER + WKT) == []
    assert among(modules, TERMINAL) == list(TERMINAL)
    assert among(modules, ("gjkcli.render.json_record",)) == []


def test_check_of_wkt_imports_the_wkt_reader_only(tmp_path: Path) -> None:
    wkt = "samples/formats/shape-triangle.wkt"
    modules = imported(tmp_path, "check", wkt, "samples/formats/shape-circle.json", "--json")
    assert among(modules, NEVER + TERMINAL) == []
    assert among(modules, ("gjkcli.io.wkt",)) == ["gjkcli.io.wkt"]


def test_the_names_imported_on_first_use_are_listed_before_it() -> None:
    # dir() lists the whole public API in a fresh interpreter, before any of it is used:
    # the REPL's completion of gjkcli.dis<Tab> and help(gjkcli) read it.
    completed = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, gjkcli; print(json.dumps([gjkcli.__all__, dir(gjkcli)]))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    public, listed = json.loads(completed.stdout)
    assert "distance" in public and listed == sorted(listed)
    assert [name for name in public if name not in listed] == []
