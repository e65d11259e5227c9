"""An independent check of the rotating time of impact: sample the motion densely with the
distance query, then bisect between the last apart sample and the first touching one.

It shares nothing with :mod:`gjkcli.algorithms.toi` but the poses and the
distance query: no speed bound, no proof, no advancement. It can miss a contact
that falls between two samples (a fast spin, a graze), so it answers only one
way: the time it returns is a time at which the distance query finds the shapes
touching or overlapping, so the first contact is no later than it (up to the
query's touching band), and a rotating time of impact must never report a
later one. When it finds no contact it proves nothing.
"""

from __future__ import annotations

from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.poses import Move, posed
from gjkcli.shapes.base import ConvexShape
from gjkcli.tolerances import TOI_ORACLE_WIDTH

__all__ = ["sampled_first_contact"]

_MAX_HALVINGS = 64
"""Bisection halves a bracket at most ``1 / samples`` wide; 64 halvings take it below
any float spacing in ``[0, 1]``, so the loop always ends on the width first."""


def sampled_first_contact(  # noqa: PLR0917 - the motion, and where sampling starts
    shape_a: ConvexShape,
    shape_b: ConvexShape,
    move_a: Move,
    move_b: Move,
    samples: int,
    start: float = 0.0,
) -> float | None:
    """The first of ``samples + 1`` evenly spaced times in ``[start, 1]`` at which the distance
    query finds the shapes in contact, moved back by bisection towards the last apart
    sample (to within :data:`~gjkcli.tolerances.TOI_ORACLE_WIDTH`); ``None`` when every
    sample is apart. (``start`` leaves out a touch at ``t = 0`` the shapes move away from.)

    >>> from gjkcli.algorithms.poses import Pose
    >>> from gjkcli.shapes import circle
    >>> ball = circle((0.0, 0.0), 1.0)
    >>> closing = Move(Pose(5.0, 0.0, 0.0), Pose(0.0, 0.0, 0.0))
    >>> found = sampled_first_contact(ball, ball, Move(), closing, 10)
    >>> abs(found - 0.6) < 1e-11
    True
    >>> sampled_first_contact(ball, ball, Move(), closing, 10, start=0.7)  # overlapping then
    0.7
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")

    def touching(t: float) -> bool:
        return distance(posed(shape_a, move_a.at(t)), posed(shape_b, move_b.at(t))).intersects

    apart = start
    for k in range(samples + 1):
        t = start + (1.0 - start) * k / samples
        if touching(t):
            break
        apart = t
    else:
        return None
    if t == start:
        return t
    for _ in range(_MAX_HALVINGS):
        if t - apart <= TOI_ORACLE_WIDTH:
            break
        middle = apart + (t - apart) / 2.0
        if touching(middle):
            t = middle
        else:
            apart = middle
    return t
