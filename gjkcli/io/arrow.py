"""The optional dependency of Parquet files: pyarrow, and what to install without it."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["INSTALL", "ParquetUnavailableError", "pyarrow"]

INSTALL = "pip install 'gjkcli[parquet]'"
"""The command that installs what Parquet files need."""


class ParquetUnavailableError(Exception):
    """pyarrow is not installed; the message says what needed it, and what to install."""


def pyarrow(what: str) -> ModuleType:
    """The ``pyarrow`` module, with ``pyarrow.parquet`` and ``pyarrow.json`` imported, for
    ``what`` (``"reading pairs.parquet"``); :class:`ParquetUnavailableError` without it.

    >>> pyarrow("reading pairs.parquet").parquet.ParquetFile.__name__
    'ParquetFile'
    """
    try:
        for name in ("pyarrow.json", "pyarrow.parquet"):
            importlib.import_module(name)
    except ImportError:
        raise ParquetUnavailableError(
            f"{what} needs pyarrow, which is not installed: {INSTALL}"
        ) from None
    return importlib.import_module("pyarrow")
