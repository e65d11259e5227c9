"""How long an animation's frames last and how large their captions are: the defaults
and bounds of ``gjk plot --seconds-per-step`` and ``--caption-size``.

Apart from :mod:`gjkcli.render.plot` so that the command line can state them in its
help without importing matplotlib, Shapely or the checks.
"""

from __future__ import annotations

__all__ = [
    "CAPTION_SIZES",
    "DEFAULT_CAPTION_SIZE",
    "DEFAULT_SECONDS_PER_STEP",
    "SECONDS_PER_STEP",
    "within",
]

DEFAULT_SECONDS_PER_STEP = 2.0
"""How long an animation holds each step (the last one twice as long)."""
SECONDS_PER_STEP = (0.1, 60.0)
"""The seconds per step an animation accepts: from a quick look to a slow lecture."""
DEFAULT_CAPTION_SIZE = 11.0
"""The size of the caption's letters, in points."""
CAPTION_SIZES = (6.0, 24.0)
"""The caption sizes accepted, in points: from small print to a projector."""


def within(name: str, value: float, bounds: tuple[float, float]) -> float:
    """``value`` if it lies within ``bounds``; else a :class:`ValueError` that says so.

    >>> within("caption_size", 11.0, CAPTION_SIZES)
    11.0
    >>> within("caption_size", float("nan"), CAPTION_SIZES)
    Traceback (most recent call last):
    ...
    ValueError: caption_size must be a number from 6 to 24, not nan
    """
    low, high = bounds
    if not low <= value <= high:  # NaN too
        raise ValueError(f"{name} must be a number from {low:g} to {high:g}, not {value!r}")
    return value
