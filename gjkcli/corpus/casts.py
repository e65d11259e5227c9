"""Families of moving pairs: pair files with a ``motion`` (FORMATS section 2, "Motion").

Every builder takes a seeded random generator and returns one pair object with a
``motion``. Where the cast's answer is known exactly by construction, the pair's
``expect`` holds it under ``cast`` (``{"status", "time"}``, FORMATS section 2,
"Expectations"), next to the usual keys for the shapes as written (at t = 0 for a
translation). Each answer is derived by hand, in the comment beside its builder,
never by running gjkcli: the shapes are integer (or dyadic) boxes and polygons, turned
by multiples of 90 degrees, moved by integers or powers of two, so that every
coordinate, every gap and every time of impact is exact in double precision.

The families (the part of each ``name`` before the slash), all named on purpose
(``gjk generate --family cast-grazing``), none in the default mix:

* ``cast-grazing``: a corner of B passing a corner of A: exactly touching at one
  instant (a hit at 1/2), a hair above it (a miss), a hair below it (a hit just before 1/2).
* ``cast-start-contact``: touching at t = 0 and approaching (time 0), receding, or
  sliding along the edge (no hit).
* ``cast-overlapping``: interiors overlapping at t = 0, whatever the motion (time 0).
* ``cast-parallel-sliding``: parallel edges a gap apart, sliding along each other (a
  miss), or closing face on (a hit).
* ``cast-far-thin``: a 1e6-long segment or a 1/1024-thick box near (1e9, 1e9), hit by a
  small box, or passed through in one step (the first contact still counts).
* ``cast-hair-miss``: stopping a hair short (a miss), reaching exactly at t = 1 (a hit),
  passing a hair from a face (a miss).
* ``cast-zero-motion``: no relative motion (both still, or both moved alike): apart,
  touching or overlapping, it stays so.
* ``cast-rotating``: a bar spinning about its middle into a box (a hit at the angle of a
  3-4-5 triangle), grazing its corner at that angle (no cast stated: see the builder),
  or too short to reach it (a miss).
* ``cast-peers``: the cases of the peers' bug reports, each with its ``source``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from gjkcli.corpus.families import Json, Points, make_pair, turned

__all__ = ["CAST_FAMILIES"]

Vector = list[float]


def _box(x0: float, y0: float, x1: float, y1: float) -> Points:
    """The corners of ``[x0, x1] x [y0, y1]``, anticlockwise."""
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _polygon(points: Points) -> Json:
    return {"type": "polygon", "points": points}


def _turn(vector: Vector, quarter_turns: int) -> Vector:
    """A translation turned with the scene (exact: coordinates swap and change sign)."""
    return turned([vector], quarter_turns, (0, 0))[0]


def _cast(status: str, time: float | None = None) -> Json:
    """The cast's hand-derived answer (``time`` only where the status has one)."""
    return {"status": status} if time is None else {"status": status, "time": time}


def _moving_pair(a: Json, b: Json, motion: Json, expect: Json, cast: Json | None) -> Json:
    if cast is not None:
        expect = {**expect, "cast": cast}
    pair = make_pair(a, b, expect)
    pair["motion"] = motion
    return pair


def _turned_scene(
    rng: random.Random, a: Points, b: Points, move_b: Vector, *, expect: Json, cast: Json | None
) -> Json:
    """Two polygons and B's translation, all turned by the same random multiple of 90
    degrees and the shapes moved by the same random integers: every distance, and the
    time of impact, stay as they were (a rigid motion of the whole scene)."""
    turns, shift = rng.randrange(4), (rng.randint(-50, 50), rng.randint(-50, 50))
    return _moving_pair(
        _polygon(turned(a, turns, shift)),
        _polygon(turned(b, turns, shift)),
        {"b": _turn(move_b, turns)},
        expect,
        cast,
    )


def _apart(gap: float) -> Json:
    return {"intersects": False, "distance": gap}


def _touching() -> Json:
    return {"intersects": True, "distance": 0, "penetration": 0}


def cast_grazing(rng: random.Random) -> Json:
    """B's bottom-left corner runs down-right along a line through (or a hair beside) A's
    top-right corner.

    A is ``[0, w] x [0, h]``; B is the square of side ``s`` above and right of its own
    bottom-left corner ``c``, which starts at ``(w - k, h + k + e)`` and moves by
    ``(2k, -2k)`` (``k <= w``). Write ``u = k - 2kt``, so ``c(t) = (w - u, h + u + e)``.

    * ``e = 0``: while ``u > 0`` B's bottom ``h + u`` is above A's top, and while ``u < 0``
      B's left side ``w - u`` is right of A's; at ``u = 0`` (``t = 1/2``) the corners
      coincide: a hit at exactly 1/2, the shapes touching at that instant only.
    * ``e > 0`` (a hair ``2^-j``): the same two arguments hold with a gap of at least ``e``
      above and of ``|u|`` beside, and at ``u = 0`` the corners are still ``e`` apart: a miss.
    * ``e < 0``: B's bottom edge reaches A's top edge (``y = h``) when ``u = -e``, that is
      at ``t = 1/2 + e/(2k)``, with ``c = (w + e, h)``: B's bottom edge, from ``w + e`` on,
      overlaps A's top edge over ``-e``: a hit then (``k`` and ``e`` powers of two: exact).

    At t = 0 B is straight above A (``w - k >= 0``): the distance is ``k + e``.
    """
    w, h, s = rng.randint(2, 9), rng.randint(1, 9), rng.randint(1, 6)
    k = 2 ** rng.randint(0, 3)
    while k > w:
        k //= 2
    variant = rng.randrange(3)
    hair = 2.0 ** -rng.randint(10, 40)
    e = (0.0, hair, -hair)[variant]
    cx, cy = w - k, h + k + e
    b = _box(cx, cy, cx + s, cy + s)
    cast = (_cast("hit", 0.5), _cast("miss"), _cast("hit", 0.5 + e / (2 * k)))[variant]
    return _turned_scene(
        rng, _box(0, 0, w, h), b, [2.0 * k, -2.0 * k], expect=_apart(k + e), cast=cast
    )


def cast_start_contact(rng: random.Random) -> Json:
    """B rests on A's top edge (a vertex inside it, or a stretch of edge on it) at t = 0.

    A lies in ``y <= h`` and B in ``y >= h``, touching on ``y = h``. Moving B by
    ``(dx, dy)``: with ``dy >= 0`` B stays in ``y >= h`` at every time, so they never
    overlap: moving up is receding, moving sideways (``dy = 0``) is sliding along the
    edge, both "touching-receding" (no hit). With ``dy < 0`` the contact point, which
    lies inside A's top edge (not at its ends), goes below ``y = h`` at once while
    staying over the edge for small t: the interiors overlap for every t > 0, so
    "touching-approaching" at time 0.
    """
    h = rng.randint(-9, 9)
    x0 = rng.randint(-9, 0)
    x1 = x0 + rng.randint(4, 10)
    a = _box(x0, h - rng.randint(1, 6), x1, h)
    contact = rng.randint(x0 + 1, x1 - 1)
    if rng.random() < 0.5:  # a vertex of B on the edge: a triangle standing on its tip
        spread, tall = rng.randint(1, 4), rng.randint(1, 5)
        b: Points = [[contact, h], [contact + spread, h + tall], [contact - spread, h + tall]]
    else:  # an edge of B along the edge, from the contact to the right by at least 1
        b = _box(contact, h, contact + rng.randint(1, 6), h + rng.randint(1, 5))
    kind = rng.randrange(3)
    size = rng.randint(1, 8)
    if kind == 0:  # approaching: down, perhaps slanted
        move, cast = (
            [float(rng.randint(-size, size)), -float(size)],
            _cast("touching-approaching", 0.0),
        )
    elif kind == 1:  # receding: up, perhaps slanted
        move, cast = [float(rng.randint(-size, size)), float(size)], _cast("touching-receding")
    else:  # sliding along the edge
        move, cast = [float(rng.choice([-size, size])), 0.0], _cast("touching-receding")
    return _turned_scene(rng, a, b, move, expect=_touching(), cast=cast)


def cast_overlapping(rng: random.Random) -> Json:
    """Two axis-aligned boxes whose interiors overlap at t = 0: "overlapping" at time 0,
    whatever the motion. A is ``[0, w] x [0, h]``, B ``[x, x + p] x [y, y + q]`` with
    ``-p < x < w`` and ``-q < y < h``: the overlaps along x and y, ``ox`` and ``oy``, are
    positive. Their Minkowski difference ``A - B`` is the box
    ``[-(x + p), w - x] x [-(y + q), h - y]``, holding the origin strictly inside; the
    least move of B that separates them is the origin's distance to that box's boundary,
    so the depth is ``min(x + p, w - x, y + q, h - y)``.
    """
    w, h = rng.randint(2, 9), rng.randint(2, 9)
    p, q = rng.randint(1, 6), rng.randint(1, 6)
    x, y = rng.randint(1 - p, w - 1), rng.randint(1 - q, h - 1)
    expect = {"intersects": True, "depth": min(x + p, w - x, y + q, h - y)}
    move = [float(rng.randint(-9, 9)), float(rng.randint(-9, 9))]
    return _turned_scene(
        rng,
        _box(0, 0, w, h),
        _box(x, y, x + p, y + q),
        move,
        expect=expect,
        cast=_cast("overlapping", 0.0),
    )


def cast_parallel_sliding(rng: random.Random) -> Json:
    """A diamond B whose lower-left edge is parallel to A's upper-right edge, a gap apart.

    A is the diamond ``|x| + |y| <= m`` (upper-right edge on ``x + y = m``); B the
    diamond ``|x - c| + |y - c| <= n``, whose lower-left edge lies on
    ``x + y = 2c - n``; ``2c - n > m``, so the gap between the lines is
    ``g = (2c - n - m) / sqrt 2`` and the edges face each other (both centred on the
    line ``y = x``). Sliding (B moves by ``(d, -d)``, along the edges): ``x + y`` is
    unchanged, so the gap stays ``g``: a miss. Closing (B moves by ``(-d, -d)``): the
    line moves to ``x + y = 2c - n - 2dt``, meeting A's edge at ``t = (2c - n - m) / (2d)``
    (``d`` a power of two, so exact), where the two edges overlap (both centred on
    ``y = x``): a hit then, if that is at most 1.
    """
    m, n = rng.randint(1, 6), rng.randint(1, 6)
    lines = rng.randint(1, 8)  # 2c - n - m, the gap between the lines times sqrt 2
    if (lines + n + m) % 2:
        lines += 1
    c = (lines + n + m) // 2
    a: Points = [[m, 0], [0, m], [-m, 0], [0, -m]]
    b: Points = [[c + n, c], [c, c + n], [c - n, c], [c, c - n]]
    d = 2.0 ** rng.randint(0, 4)
    if rng.random() < 0.5:
        move, cast = [d, -d], _cast("miss")
    else:
        t = lines / (2 * d)
        move, cast = [-d, -d], _cast("hit", t) if t <= 1 else _cast("miss")
    return _turned_scene(rng, a, b, move, expect={"intersects": False}, cast=cast)


_FAR = 1e9
_LONG = 1e6


def cast_far_thin(rng: random.Random) -> Json:
    """A long thin target far out, hit from above by a small box (the scale where the
    peers' time of impact loses digits: parry #429, #414).

    The target is the segment from ``(X - 5e5, Y)`` to ``(X + 5e5, Y)`` or the box
    ``[X - 5e5, X + 5e5] x [Y - 2^-10, Y]`` (``X``, ``Y`` near 1e9: integers, and ``Y``
    minus a power of two down to 2^-10 is exact there, where a unit in the last place is
    2^-23). B is an ``s`` by ``s`` box whose bottom is ``g`` above ``Y``, well inside the
    target's length, moved by ``(dx, -d)`` with ``|dx| <= 8``: B's bottom reaches
    ``y = Y`` at ``t = g / d`` (``d`` a power of two: exact), still over the target, and
    not before (it is above ``Y`` until then): a hit at ``g / d``, whether B then stops
    on the target or, with ``d`` beyond ``g`` plus the thickness plus ``s``, would pass
    right through it by ``t = 1`` (the first contact still counts). ``d < g``: a miss.
    """
    x = _FAR + rng.randint(-1000, 1000)
    y = _FAR + rng.randint(-1000, 1000)
    if rng.random() < 0.5:
        a: Json = {"type": "segment", "points": [[x - _LONG / 2, y], [x + _LONG / 2, y]]}
    else:
        a = _polygon(_box(x - _LONG / 2, y - 2.0**-10, x + _LONG / 2, y))
    s, g = rng.randint(1, 4), rng.randint(1, 16)
    left = x + rng.randint(-1000, 1000)
    b = _polygon(_box(left, y + g, left + s, y + g + s))
    d = 2.0 ** rng.randint(0, 7)
    dx = float(rng.randint(-8, 8))
    cast = _cast("hit", g / d) if g <= d else _cast("miss")
    return _moving_pair(a, b, {"b": [dx, -d]}, _apart(g), cast)


def cast_hair_miss(rng: random.Random) -> Json:
    """B above A's top face at a gap ``g``, moved down by ``g - e`` (a hair ``e = 2^-j``
    short: the gap at t = 1 is ``e``, a miss), by exactly ``g`` (touching at t = 1, a
    hit at time 1), or sideways past A's top face ``e`` above it (the gap stays ``e``: a
    miss). ``g`` is an integer at most 16 and ``e`` at least 2^-36, so ``g - e`` and
    ``h + e`` are exact."""
    w, h = rng.randint(2, 9), rng.randint(1, 9)
    s = rng.randint(1, 4)
    g = rng.randint(1, 16)
    e = 2.0 ** -rng.randint(8, 36)
    left = rng.randint(0, w - 1)
    variant = rng.randrange(3)
    if variant == 0:
        b, move, expect, cast = (
            _box(left, h + g, left + s, h + g + s),
            [0.0, -(g - e)],
            _apart(g),
            _cast("miss"),
        )
    elif variant == 1:
        b, move, expect, cast = (
            _box(left, h + g, left + s, h + g + s),
            [0.0, -float(g)],
            _apart(g),
            _cast("hit", 1.0),
        )
    else:
        b = _box(-s - g, h + e, -g, h + e + s)  # starts left of A, a hair above its top
        # at t = 0 B's corner (-g, h + e) is nearest A's (0, h): hypot rounds that once
        move, expect, cast = [float(w + s + 2 * g), 0.0], _apart(math.hypot(g, e)), _cast("miss")
    return _turned_scene(rng, _box(0, 0, w, h), b, move, expect=expect, cast=cast)


def cast_zero_motion(rng: random.Random) -> Json:
    """No relative motion: B moved as A is (both still, or both by the same translation),
    so the distance at every time is the distance at t = 0. Apart (a gap ``g`` between
    boxes side by side): a miss. Touching (the gap 0): touching, and the motion does not
    push into overlap: "touching-receding", no hit. Overlapping (B, ``[w - r, w - r + s] x
    [0, h]``, reaches ``r`` into A, ``[0, w] x [0, h]``): "overlapping" at time 0, and the
    depth is the least of the moves that free B: ``r`` right, ``w - r + s`` left, ``h`` up
    or down (``A - B`` is ``[r - w - s, r] x [-h, h]``)."""
    w, h, s = rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 9)
    state = rng.randrange(3)
    gap = (rng.randint(1, 8), 0, -rng.randint(1, w))[state]
    a, b = _box(0, 0, w, h), _box(w + gap, 0, w + gap + s, h)
    expect, cast = (
        (_apart(gap), _cast("miss")),
        (_touching(), _cast("touching-receding")),
        ({"intersects": True, "depth": min(-gap, w + gap + s, h)}, _cast("overlapping", 0.0)),
    )[state]
    shared = [float(rng.randint(-9, 9)), float(rng.randint(-9, 9))]
    motion: Json = {"b": [0.0, 0.0]} if rng.random() < 0.5 else {"a": shared, "b": shared}
    return _moving_pair(_polygon(a), _polygon(b), motion, expect, cast)


def cast_rotating(rng: random.Random) -> Json:
    """A bar spinning about its middle into a box.

    The bar is the segment from ``-L u`` to ``L u`` (``u`` a unit axis, turned with the
    scene), turned about the origin from 0 to ``theta`` degrees. The box lies in
    ``y >= 4k`` (turned with the scene) with ``(3k, 4k)`` on its lowest edge: the point
    ``5k`` from the origin at the angle ``phi = atan2(4, 3)``, about 53.13 degrees.

    A point of the half-plane ``y >= 4k`` at an angle below ``phi`` has ``x > 3y/4 >= 3k``,
    so it is farther than ``5k`` from the origin; and a point ``r`` along the bar at the
    angle ``alpha < phi`` has ``r sin(alpha) < 4k`` for every ``r <= 5k``. So with
    ``L = 5k`` nothing touches before the bar's angle is ``phi``, when its tip reaches
    ``(3k, 4k)`` (the other half of the bar points below the x axis until then): the
    first contact is at ``t = phi / theta``, computed here in floating point (within a
    few units in the last place). With ``[3k - p, 3k + p] x [4k, 4k + q]`` the bar then
    cuts into the box: a hit then. With the box ``[3k, 3k + p] x [4k, 4k + q]`` the tip
    only grazes its corner at that instant, and the pair states no cast: a turned shape's
    corners are rounded (cosines and sines of the angle), so whether the shapes as
    computed touch at all is decided by that rounding, not by the geometry; gjkcli may
    only say it cannot tell (a grazing contact is still the hard case to run). With
    ``L = 5k - 1/2`` and the corner box, whose nearest point is ``(3k, 4k)``, the bar
    never comes within 1/2 of it: a miss. At t = 0 the bar lies along ``u``, ``4k`` below
    the box's lowest edge, which lies over the bar.
    """
    k = rng.randint(1, 8)
    p, q = rng.randint(1, 3), rng.randint(1, 6)
    variant = rng.randrange(3)  # grazing the corner, cutting into the edge, a miss
    length = 5.0 * k - 0.5 if variant == 2 else 5.0 * k
    left = 3 * k - p if variant == 1 else 3 * k
    theta = rng.choice([90, 180, 360, 720])
    turns = rng.randrange(4)
    bar = turned([[-length, 0.0], [length, 0.0]], turns, (0, 0))
    box = turned(_box(left, 4 * k, 3 * k + p, 4 * k + q), turns, (0, 0))
    phi = math.degrees(math.atan2(4.0, 3.0))
    cast = (None, _cast("hit", phi / theta), _cast("miss"))[variant]
    motion = {"a": {"from": [0, 0, 0], "to": [0, 0, theta]}}
    return _moving_pair(
        {"type": "segment", "points": bar}, _polygon(box), motion, _apart(4 * k), cast
    )


def _peer(name: str, source: str, pair: Json) -> Json:
    return {**pair, "extra": {"case": name}, "source": source}


def _receding_from_rest() -> Json:
    """box3d #32: a box resting on the ground, cast up and sideways, got an instant hit.
    The box ``[1, 2] x [0, 1]`` sits on ``[-8, 8] x [-1, 0]`` and moves by ``(3, 2)``:
    its bottom rises (``2t >= 0``), so the interiors never overlap: touching-receding."""
    return _moving_pair(
        _polygon(_box(-8, -1, 8, 0)),
        _polygon(_box(1, 0, 2, 1)),
        {"b": [3, 2]},
        _touching(),
        _cast("touching-receding"),
    )


def _sliding_cuboids() -> Json:
    """parry #405: two touching cuboids could not be cast perpendicular to their contact
    normal (along the face): ``[0, 1] x [0, 1]`` beside ``[1, 2] x [0, 1]``, B moved by
    ``(0, 4)``: B stays in ``x >= 1``, A in ``x <= 1``: touching-receding (sliding)."""
    return _moving_pair(
        _polygon(_box(0, 0, 1, 1)),
        _polygon(_box(1, 0, 2, 1)),
        {"b": [0, 4]},
        _touching(),
        _cast("touching-receding"),
    )


def _ball_on_large_cuboid(half: float) -> Json:
    """parry #429: a ball cast down at a cuboid came back short by an amount growing with
    the cuboid's size (0.25 mm at half-extent 5, 139 mm at 500). Here the ball (radius
    33/64, about the report's 0.5166) is centred ``1 + 33/64`` above the top of
    ``[-half, half] x [-1, 0]``, at ``x = half / 2``, and moved by ``(0, -2)``: its lowest
    point reaches the top face at ``t = 1/2``, straight over it; the distance at t = 0 is 1."""
    radius = 33 / 64
    return _moving_pair(
        _polygon(_box(-half, -1, half, 0)),
        {"type": "circle", "center": [half / 2, 1 + radius], "radius": radius},
        {"b": [0, -2]},
        _apart(1.0),
        _cast("hit", 0.5),
    )


def _cylinder_on_ground() -> Json:
    """parry #414: a cylinder swept down at a 10000 x 1 x 10000 ground got 0.119 for a time
    of about 0.94. In the plane the cylinder is its 1 by 2 profile, bottom ``15/16``
    above the ground ``[-5000, 5000] x [-1/2, 1/2]``, moved by ``(0, -1)``: the bottoms
    meet at ``t = 15/16``, over the ground."""
    bottom = 0.5 + 15 / 16
    return _moving_pair(
        _polygon(_box(-5000, -0.5, 5000, 0.5)),
        _polygon(_box(42.5, bottom, 43.5, bottom + 2)),
        {"b": [0, -1]},
        _apart(15 / 16),
        _cast("hit", 15 / 16),
    )


def _ball_in_wall() -> Json:
    """parry #107: a ball of radius 96 at ``(216.02324, -1632.0032)`` against the cuboid of
    half-extents ``(1280, 96)`` at ``(0, -1824)`` gave a time of 3.4e-8 (and none through
    the tree). The box's top is ``y = -1728`` and the ball reaches down to
    ``-1632.0032 - 96 = -1728.0032`` (the doubles differ from these decimals by far less
    than the 0.0032), straight over the box (``|216| < 1280``): it overlaps at t = 0."""
    return _moving_pair(
        _polygon(_box(-1280, -1920, 1280, -1728)),
        {"type": "circle", "center": [216.02324, -1632.0032], "radius": 96},
        {"b": [-10.606601, -10.606601]},
        {"intersects": True, "verdict": "overlapping"},
        _cast("overlapping", 0.0),
    )


def _ball_and_turned_polyline(up: bool) -> Json:
    """parry #19: a ball against a turned polyline, which parry cast as if unturned. The
    polyline from ``(1, 1)`` to ``(-1, 1)`` turned by -90 degrees is the segment from
    ``(1, -1)`` to ``(1, 1)``; the ball (radius 1/2, at the origin) moved by ``(1, 0)``
    reaches ``x = 1`` with its rightmost point at ``t = 1/2`` (a hit, over the segment);
    moved by ``(0, 1)`` it stays in ``x <= 1/2``: a miss."""
    move, cast = ([0, 1], _cast("miss")) if up else ([1, 0], _cast("hit", 0.5))
    return _moving_pair(
        {"type": "segment", "points": [[1, -1], [1, 1]]},
        {"type": "circle", "center": [0, 0], "radius": 0.5},
        {"b": move},
        _apart(0.5),
        cast,
    )


def _shape_cast_far_out() -> Json:
    """godot #103123: a shape cast a quarter pixel above a body at (8000, 8000), moved one
    pixel towards it, reported no collision. B's bottom is ``1/4`` above A's top
    ``y = 8000`` and B moves by ``(0, -1)``: a hit at ``t = 1/4``."""
    return _moving_pair(
        _polygon(_box(7990, 7990, 8010, 8000)),
        _polygon(_box(7999, 8000.25, 8001, 8002.25)),
        {"b": [0, -1]},
        _apart(0.25),
        _cast("hit", 0.25),
    )


def _ray_at_thin_cuboid(second: bool) -> Json:
    """rapier.js #258: castShape missed a thin cuboid. A point (a cast of no size, a ray)
    from ``(380, 241)`` moved by ``(624, -104)`` against the cuboid of half-extents
    ``(244.5, 0.5)`` at ``(884.5, 188.5)``, that is ``[640, 1129] x [188, 189]``: the
    point's ``y = 241 - 104t`` reaches 189 at ``t = 1/2``, where ``x = 692``, over the
    top: a hit at 1/2. The report's second case, ``[73, 743] x [286, 287]`` and a point
    from ``(894, 328)`` moved by ``(-509, -111)``: ``y = 287`` at ``t = 41/111``, where
    ``x = 894 - 509 * 41/111``, about 706, over the top: a hit at 41/111 (rounded once)."""
    if second:
        box, start, move, time = (
            _box(73, 286, 743, 287),
            [894, 328],
            [-509, -111],
            Fraction(41, 111),
        )
    else:
        box, start, move, time = _box(640, 188, 1129, 189), [380, 241], [624, -104], Fraction(1, 2)
    # at t = 0 the point is beside the box, off its top's end: apart, by an irrational length
    return _moving_pair(
        _polygon(box),
        {"type": "point", "at": start},
        {"b": move},
        {"intersects": False},
        _cast("hit", float(time)),
    )


def _parallel_cast_near_ground() -> Json:
    """box2d #917: a shape cast along flat ground, 2^-24 above it (5.96e-8), failed an
    assertion on its normal. B ``[7/16, 9/16] x [2^-24, 1/8 + 2^-24]`` moved by ``(5, 0)``
    above ``[-10, 10] x [-1, 0]``: the gap stays 2^-24: a miss."""
    hair = 2.0**-24
    return _moving_pair(
        _polygon(_box(-10, -1, 10, 0)),
        _polygon(_box(7 / 16, hair, 9 / 16, 0.125 + hair)),
        {"b": [5, 0]},
        _apart(hair),
        _cast("miss"),
    )


def _rotating_false_positive() -> Json:
    """box2d #115: b2TimeOfImpact reported touching for two boxes that never meet. A is
    the 50 by 10 box at (24, -60) turned 2.95 radians; B the 5 by 5 box moving from
    (53.474274, -50.252514) to (54.595478, -51.083473) while turning (Box2D's angles,
    less 162 pi, in degrees). A reaches no farther right than
    ``24 + 25 |cos 2.95| + 5 |sin 2.95|``, under 49.5; B's centre stays right of 53.47
    and B lies within ``2.5 sqrt 2``, under 3.54, of it: right of 49.9. A vertical line
    between them separates them at every time: a miss."""
    start = math.degrees(513.36676 - 162 * math.pi)
    end = math.degrees(513.62781 - 162 * math.pi)
    return _moving_pair(
        {
            "type": "rectangle",
            "center": [24, -60],
            "size": [50, 10],
            "rotation": math.degrees(2.95),
        },
        {"type": "rectangle", "center": [0, 0], "size": [5, 5]},
        {"b": {"from": [53.474274, -50.252514, start], "to": [54.595478, -51.083473, end]}},
        {"intersects": False},
        _cast("miss"),
    )


_PEER_CASES: tuple[tuple[str, str, Callable[[], Json]], ...] = (
    ("receding-from-rest", "https://github.com/erincatto/box3d/issues/32", _receding_from_rest),
    ("sliding-cuboids", "https://github.com/dimforge/parry/issues/405", _sliding_cuboids),
    (
        "ball-on-cuboid-5",
        "https://github.com/dimforge/parry/issues/429",
        lambda: _ball_on_large_cuboid(5),
    ),
    (
        "ball-on-cuboid-500",
        "https://github.com/dimforge/parry/issues/429",
        lambda: _ball_on_large_cuboid(500),
    ),
    (
        "ball-on-cuboid-5e5",
        "https://github.com/dimforge/parry/issues/429",
        lambda: _ball_on_large_cuboid(5e5),
    ),
    ("cylinder-on-ground", "https://github.com/dimforge/parry/pull/414", _cylinder_on_ground),
    ("ball-in-wall", "https://github.com/dimforge/parry/issues/107", _ball_in_wall),
    (
        "turned-polyline-hit",
        "https://github.com/dimforge/parry/issues/19",
        lambda: _ball_and_turned_polyline(False),
    ),
    (
        "turned-polyline-miss",
        "https://github.com/dimforge/parry/issues/19",
        lambda: _ball_and_turned_polyline(True),
    ),
    (
        "far-out-quarter-pixel",
        "https://github.com/godotengine/godot/issues/103123",
        _shape_cast_far_out,
    ),
    (
        "ray-at-thin-cuboid",
        "https://github.com/dimforge/rapier.js/issues/258",
        lambda: _ray_at_thin_cuboid(False),
    ),
    (
        "ray-at-thin-cuboid-2",
        "https://github.com/dimforge/rapier.js/issues/258",
        lambda: _ray_at_thin_cuboid(True),
    ),
    (
        "parallel-near-ground",
        "https://github.com/erincatto/box2d/issues/917",
        _parallel_cast_near_ground,
    ),
    (
        "rotating-false-positive",
        "https://github.com/erincatto/box2d/issues/115",
        _rotating_false_positive,
    ),
)
"""The peers' reports, each as a fixed case: (name, where it was reported, builder)."""


def cast_peers(rng: random.Random) -> Json:
    """One of the peers' reported cases (see each builder for its derivation)."""
    name, source, build = rng.choice(_PEER_CASES)
    return _peer(name, source, build())


CAST_FAMILIES: dict[str, Callable[[random.Random], Json]] = {
    "cast-grazing": cast_grazing,
    "cast-start-contact": cast_start_contact,
    "cast-overlapping": cast_overlapping,
    "cast-parallel-sliding": cast_parallel_sliding,
    "cast-far-thin": cast_far_thin,
    "cast-hair-miss": cast_hair_miss,
    "cast-zero-motion": cast_zero_motion,
    "cast-rotating": cast_rotating,
    "cast-peers": cast_peers,
}
"""The families of moving pairs by name (named on purpose: not in the default mix)."""
