"""``gjk fuzz``: differential fuzzing of a user's collision engine against gjkcli.

The engine (a Python function, or a program speaking the line protocol of FORMATS
section 4, "gjk fuzz") is asked about generated pairs; gjkcli judges each answer
against its own reference; each kind of failure gjkcli is sure of is shrunk to a small
pair with short coordinates and written out as a regression test.

The modules, one job each: :mod:`~gjkcli.fuzz.engines` (asking the engine),
:mod:`~gjkcli.fuzz.generation` (the pairs), :mod:`~gjkcli.fuzz.judge` (the verdict on
one answer), :mod:`~gjkcli.fuzz.geometry` and :mod:`~gjkcli.fuzz.numbers` (edits of
shapes and numbers), :mod:`~gjkcli.fuzz.shrink` (the shrinker),
:mod:`~gjkcli.fuzz.output` (the findings' folders), :mod:`~gjkcli.fuzz.run` (one run),
:mod:`~gjkcli.fuzz.report` (the table) and :mod:`~gjkcli.fuzz.command` (the command).
"""

from __future__ import annotations

__all__: list[str] = []
