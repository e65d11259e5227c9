"""A pair's motion cast and cross-checked: a linear cast for a translation, the rotating
time of impact for a motion that turns.

A motion whose angles never change is a translation: the shapes are cast linearly and
checked by :func:`~gjkcli.verify.cast_check.check_cast` (the exact time, the analytic
time, Shapely's swept region, the certificate). A motion that turns runs the rotating
time of impact, checked by sampling (:func:`~gjkcli.verify.toi_check.check_toi`).
"""

from __future__ import annotations

from gjkcli.algorithms.poses import Motion
from gjkcli.shapes.compound import Compound, Shape
from gjkcli.verify.cast_check import CastCheck, check_cast
from gjkcli.verify.toi_check import ToiCheck, check_toi

__all__ = ["MotionCheck", "check_motion"]

MotionCheck = CastCheck | ToiCheck
"""A cast and its cross-checks: linear (a translation) or rotating."""


def check_motion(
    shape_a: Shape, shape_b: Shape, motion: Motion, trace: bool = False
) -> MotionCheck:
    """Cast the pair along ``motion`` and cross-check the answer: linearly when no angle
    changes (compound shapes too, pair of parts by pair), else by the rotating time of
    impact (convex shapes only).

    >>> from gjkcli.algorithms.poses import Move, Pose, STILL
    >>> from gjkcli.shapes import rectangle
    >>> box, other = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((5.0, 0.0), (2.0, 2.0))
    >>> slide = Motion(Move(), Move(STILL, Pose(-4.5, 0.0, 0.0)))
    >>> type(check_motion(box, other, slide)).__name__
    'CastCheck'
    >>> turn = Motion(Move(), Move(STILL, Pose(-4.5, 0.0, 90.0)))
    >>> type(check_motion(box, other, turn)).__name__
    'ToiCheck'
    """
    if motion.a.rotates or motion.b.rotates:
        if isinstance(shape_a, Compound) or isinstance(shape_b, Compound):
            raise ValueError("a turning motion needs convex shapes (a translation casts any)")
        return check_toi(shape_a, shape_b, motion, trace)
    return check_cast(shape_a, shape_b, motion, trace=trace)
