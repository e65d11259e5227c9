"""Reading a pair's ``motion`` (FORMATS section 2, "Motion"), with messages that point at
the place.

``motion`` is an object with optional keys ``a`` and ``b`` (at least one of them: the
shape that moves) and ``target``. A shape's move is a translation ``[dx, dy]`` over
t in [0, 1], or two poses ``{"from": [x, y, angle], "to": [x, y, angle]}`` (``from``
defaults to ``[0, 0, 0]``; the angle is in degrees): the shape as written is rotated
about the origin by the angle, then moved to ``(x, y)``. ``target`` is the distance at
which a linear cast stops (0 or more; a motion that rotates has none).
"""

from __future__ import annotations

import math

from gjkcli.algorithms.poses import STILL, Motion, Move, Pose
from gjkcli.io.node import Node, describe
from gjkcli.shapes.compound import Shape, shape_bounds
from gjkcli.tolerances import MAX_ANGLE, MAX_COORDINATE, coordinate_scale

__all__ = ["MOTION_KEYS", "MOVE_KEYS", "motion_from_node", "reach_problem"]

MOTION_KEYS = ("a", "b", "target")
"""The keys of a ``motion`` object (all optional, but one of ``a`` and ``b`` is needed)."""

MOVE_KEYS = ("from", "to")
"""The keys of a move written as two poses (``to`` is needed; ``from`` defaults to the
shape as written)."""

_MOVE_FORMS = 'a translation [dx, dy] or poses {"from": [x, y, angle], "to": [x, y, angle]}'


def motion_from_node(node: Node, a: Shape, b: Shape) -> Motion:
    """The motion written at ``node`` for the shapes ``a`` and ``b`` (whose sizes bound
    how far they may move: every coordinate of a moved shape stays within
    :data:`~gjkcli.tolerances.MAX_COORDINATE`, as the loaders require of a shape).

    >>> from gjkcli.shapes import point
    >>> here = point((0.0, 0.0))
    >>> motion_from_node(Node({"b": [-3, 0.5]}, "p.json", "motion"), here, here).b.end
    Pose(x=-3.0, y=0.5, angle=0.0)
    >>> turn = {"a": {"to": [1, 0, 90]}, "b": [0, 1], "target": 0.5}
    >>> motion_from_node(Node(turn, "p.json", "motion"), here, here)
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: p.json: motion.target: a target distance goes with \
translations only, and A rotates (its angle goes from 0 to 90 degrees)
    >>> motion_from_node(Node({"b": {"form": [0, 0, 0]}}, "p.json", "motion"), here, here)
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: p.json: motion.b.form: unknown key for a move (did you \
mean 'from'?); valid keys: from, to
    """
    node.check_keys("a motion", (), MOTION_KEYS)
    if "a" not in node.value and "b" not in node.value:
        raise node.error("a motion needs 'a' or 'b' (or both): the shape that moves")
    moves = {}
    for key, shape in (("a", a), ("b", b)):
        child = node.get(key)
        moves[key] = Move(STILL, STILL) if child is None else _move(child, shape)
    target_node = node.get("target")
    target = 0.0 if target_node is None else target_node.non_negative()
    if target_node is not None and target > 0.0:
        for key, move in moves.items():
            if move.rotates:
                raise target_node.error(
                    f"a target distance goes with translations only, and {key.upper()} "
                    f"rotates (its angle goes from {move.start.angle:g} to "
                    f"{move.end.angle:g} degrees)"
                )
    return Motion(moves["a"], moves["b"], target)


def _move(node: Node, shape: Shape) -> Move:
    """One shape's move: a translation, or two poses; within reach of the limits."""
    if isinstance(node.value, list):
        if len(node.value) != 2:
            raise node.error(f"expected {_MOVE_FORMS}, got {describe(node.value)}")
        dx, dy = (item.number() for item in node.items())
        move = Move(STILL, Pose(dx, dy, 0.0))
    elif isinstance(node.value, dict):
        node.check_keys("a move", (), MOVE_KEYS)
        if "to" not in node.value:
            raise node.error("missing key 'to' for a move (the pose at t = 1)")
        start = node.get("from")
        move = Move(STILL if start is None else _pose(start), _pose(node.key("to")))
    else:
        raise node.error(f"expected {_MOVE_FORMS}, got {describe(node.value)}")
    problem = reach_problem(move, shape)
    if problem is not None:
        raise node.error(problem)
    return move


def _pose(node: Node) -> Pose:
    """A pose ``[x, y, angle]`` (the angle in degrees, at most
    :data:`~gjkcli.tolerances.MAX_ANGLE` in absolute value).

    >>> _pose(Node([0, 0, 1e20], "p.json", "motion.b.to"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gjkcli.io.errors.InputError: p.json: motion.b.to[2]: the angle 1e+20 degrees is \
beyond the limit: at most 1e+06 in absolute value is accepted ...
    """
    if not isinstance(node.value, list) or len(node.value) != 3:
        raise node.error(f"expected a pose [x, y, angle in degrees], got {describe(node.value)}")
    x_node, y_node, angle_node = node.items()
    angle = angle_node.number()
    if not abs(angle) <= MAX_ANGLE:
        raise angle_node.error(
            f"the angle {angle:.3g} degrees is beyond the limit: at most {MAX_ANGLE:.0e} "
            "in absolute value is accepted (the rounding of larger angles, interpolated "
            "along the move, is a sizeable part of a turn)"
        )
    return Pose(x_node.number(), y_node.number(), angle)


def reach_problem(move: Move, shape: Shape) -> str | None:
    """Why ``shape`` may not make ``move`` (some coordinate of it, somewhere along the
    move, could pass :data:`~gjkcli.tolerances.MAX_COORDINATE`), or ``None``.

    The bound is the shape's own largest coordinate (its farthest point from the origin
    when some pose turns it, which covers every angle), plus the largest coordinate of
    a position.

    >>> from gjkcli.shapes import circle
    >>> reach_problem(Move(STILL, Pose(1e150, 0.0, 0.0)), circle((0.0, 0.0), 1e149))
    "the moved shape's coordinates reach 1.1e+150; at most 1e+150 in absolute value is \
accepted (larger squares overflow double precision)"
    """
    size = coordinate_scale(shape_bounds(shape))
    if move.start.angle != 0.0 or move.end.angle != 0.0:
        size = math.hypot(size, size)
    poses = (move.start, move.end)
    reach = size + max(abs(value) for pose in poses for value in (pose.x, pose.y))
    if reach <= MAX_COORDINATE:
        return None
    return (
        f"the moved shape's coordinates reach {reach:.3g}; at most {MAX_COORDINATE:.0e} "
        "in absolute value is accepted (larger squares overflow double precision)"
    )
