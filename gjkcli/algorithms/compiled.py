"""The compiled core, handed the reference's classes, exact steps and tolerances.

:func:`core` is what the query functions (:func:`~gjkcli.algorithms.distance.distance`,
:func:`~gjkcli.algorithms.intersect.intersects`,
:func:`~gjkcli.algorithms.epa.penetration`) ask before running their pure-Python
loops: the configured extension, or ``None`` when the pure-Python engine is
active (see :mod:`gjkcli.engine`). The core returns the reference's own result
classes, and hands the reference's exact rational steps back to it.
"""

from __future__ import annotations

from array import array
from types import ModuleType

from gjkcli import engine

__all__ = ["STATUSES", "configured", "core"]

STATUSES = (
    "converged",
    "duplicate-support",
    "contains-origin",
    "degenerate",
    "max-iterations",
    "separating-axis",
    "cores-apart",
)
"""The statuses of the three loops by the code the core gives them (the index here); the
core checks, when it is configured, that it numbers them the same way."""

_CONFIGURED: list[ModuleType] = []


def core() -> ModuleType | None:
    """The compiled core, configured on first use; ``None`` on the pure-Python engine.

    >>> core() is None or core().distance.__name__ == "distance"
    True
    """
    if _CONFIGURED:
        return _CONFIGURED[0]
    module = engine.compiled()
    if module is None:
        return None
    _CONFIGURED.append(configured(module))
    return module


def configured(module: ModuleType) -> ModuleType:
    """``module`` (the extension ``gjkcli._engine``) handed what it needs: the shape and
    result classes, the exact steps it may leave to the Python, and the tolerances (the
    certificate re-check's too).
    The tests use it to reach the core whichever engine is active."""
    from gjkcli import tolerances
    from gjkcli.algorithms import bounds, distance, epa, intersect, simplex, support
    from gjkcli.shapes.affine import Transformed
    from gjkcli.shapes.polytope import Polytope
    from gjkcli.shapes.rounded import Rounded

    module.configure(
        {
            "Polytope": Polytope,
            "Rounded": Rounded,
            "Transformed": Transformed,
            "SupportPoint": support.SupportPoint,
            "STATUSES": STATUSES,
            "DistanceResult": distance.DistanceResult,
            "IntersectResult": intersect.IntersectResult,
            "Penetration": epa.Penetration,
            "triangle_around_origin": simplex.triangle_around_origin,
            **{
                name: getattr(tolerances, name)
                for name in (
                    "TOUCH_RELATIVE",
                    "CONVERGENCE_RELATIVE",
                    "ROUNDING_FACTOR",
                    "PENETRATION_RELATIVE",
                    "MAX_ITERATIONS",
                    "EPA_MAX_ITERATIONS",
                )
            },
        }
    )
    lines = array("d", [c for direction in bounds.SUPPORT_DIRECTIONS for c in direction])
    module.recheck_configure(
        tolerances.CERTIFICATE_ROUNDING, tolerances.CERTIFICATE_RELATIVE, lines
    )
    module.lane_configure(tolerances.AGREEMENT_RELATIVE, tolerances.MIN_SIZE)
    return module
