"""Pictures of moving shapes: a ray cast, a shape's sweep to its time of impact, and a
contact manifold drawn over a check's picture.

* The ray (:func:`save_ray_plot`): the shape, the ray from its origin to its farthest
  fraction, and the answer: the hit point and the surface's normal there, or the origin
  marked as inside the shape, or the whole ray drawn as missing.
* The sweep (:func:`save_cast_plot`), for a linear cast or a rotating time of impact: A
  and B at the start (faint when a later pose is drawn), the path of each moving shape
  (for a translation the region it sweeps, the hull of the shape at the start and at the
  end of the drawn motion, shaded; for a rotation its outline at a few times between),
  and the shapes at the time of impact (solid) with the contact points and the normal. A
  miss (or a start in contact) draws the whole sweep, to the pose at ``t = 1`` (dotted).
  The caption gives the status, the time and why the search stopped.
* The manifold (:func:`draw_manifold`): its points, each with its separation (labels
  that would print on one another are written once, as the step numbers of
  :mod:`gjkcli.render.plot` are), the normal, and the reference edge drawn thick.

A small shape moving near a long one far from the origin would be a speck in a view of
everything: the view is then around the motion, the contact and the part of each still
shape nearest the motion (so a shape the motion misses is still seen), and the caption
names the shapes that run out of it.

The figures come from :mod:`gjkcli.render.plot`'s helpers (matplotlib optional: the same
message names what to install), on an Agg canvas of their own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gjkcli.algorithms.cast import CastResult
from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.algorithms.manifold import Manifold, numbered_vertices
from gjkcli.algorithms.poses import Motion, Move, Pose, posed
from gjkcli.algorithms.raycast import RayHit
from gjkcli.algorithms.toi import ToiResult
from gjkcli.render.numbers import compact, compact_point
from gjkcli.render.pacing import DEFAULT_CAPTION_SIZE
from gjkcli.render.plot import (
    COLOR_A,
    COLOR_B,
    COLOR_DIRECTION,
    COLOR_FINAL,
    DPI,
    LABEL_SIZE,
    MONOSPACE_WIDTH,
    TITLE_SIZE,
    RunQuery,
    add_legend,
    check_figure,
    clusters,
    draw_any,
    draw_overlap,
    draw_shape,
    label_offsets,
    new_figure,
    point_box,
    wrapped,
)
from gjkcli.render.scene import boundary
from gjkcli.shapes.base import ConvexShape, Vec, bounding_box
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import rounding
from gjkcli.verify.check import Check

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "cast_figure",
    "draw_manifold",
    "ray_figure",
    "save_cast_plot",
    "save_manifold_plot",
    "save_ray_plot",
]

_WIDTH = 8.0  # inches
_PANEL = 5.5  # inches of the panel's height
_TITLE = 0.6  # inches above the panel
_LEGEND = 0.9  # inches below the panel for its legend
_GHOSTS = 5  # a rotating shape's outlines drawn between the start and the drawn end
_FOCUS = 4.0  # a view of everything more than this many times the motion's size is too wide
_SAMPLES = 16  # points along a drawn line that a label keeps clear of
_SAME = 1e-3  # contact points nearer than this part of the view are drawn as one
_COLOR_MANIFOLD = "#e377c2"

Box = tuple[float, float, float, float]
"""min x, min y, max x, max y."""


def save_ray_plot(
    shape: Shape,
    origin: Vec,
    direction: Vec,
    hit: RayHit,
    path: Path,
    *,
    max_fraction: float = 1.0,
    name: str | None = None,
) -> None:
    """The picture of a ray cast (:func:`ray_figure`), as SVG, PNG or PDF by ``path``'s
    suffix.

    >>> import tempfile
    >>> from gjkcli.algorithms.raycast import raycast
    >>> from gjkcli.shapes import rectangle
    >>> box = rectangle((4.0, 0.0), (2.0, 2.0))
    >>> hit = raycast(box, (0.0, 0.0), (10.0, 0.0))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_ray_plot(box, (0.0, 0.0), (10.0, 0.0), hit, Path(folder) / "ray.svg")
    """
    figure = _ray_figure(shape, origin, direction, hit, max_fraction=max_fraction, name=name)
    figure.savefig(path, dpi=DPI)


def ray_figure(
    shape: Shape,
    origin: Vec,
    direction: Vec,
    hit: RayHit,
    *,
    max_fraction: float = 1.0,
    name: str | None = None,
) -> Figure:
    """The matplotlib figure of a ray cast: ``shape``, the ray from ``origin`` along
    ``direction`` up to ``max_fraction``, and ``hit``: the point and the surface's normal
    there, or the origin inside the shape, or a miss.

    >>> from gjkcli.algorithms.raycast import raycast
    >>> from gjkcli.shapes import rectangle
    >>> box = rectangle((4.0, 0.0), (2.0, 2.0))
    >>> figure = ray_figure(box, (0.0, 0.0), (10.0, 0.0), raycast(box, (0.0, 0.0), (10.0, 0.0)))
    >>> figure.texts[0].get_text()
    'hit at fraction 0.3 (ray cast)'
    """
    figure = _ray_figure(shape, origin, direction, hit, max_fraction=max_fraction, name=name)
    figure.canvas.draw()  # a caller sees the figure as it is saved
    return figure


def save_cast_plot(
    shape_a: Shape,
    shape_b: Shape,
    motion: Motion,
    result: CastResult | ToiResult,
    path: Path,
    *,
    name: str | None = None,
) -> None:
    """The picture of a cast or a rotating time of impact (:func:`cast_figure`), as SVG,
    PNG or PDF by ``path``'s suffix.

    >>> import tempfile
    >>> from gjkcli.algorithms.cast import cast
    >>> from gjkcli.algorithms.poses import Motion, Move, Pose
    >>> from gjkcli.shapes import circle, rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), circle((5.0, 0.0), 1.0)
    >>> motion = Motion(Move(), Move(Pose(0.0, 0.0, 0.0), Pose(-6.0, 0.0, 0.0)))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_cast_plot(a, b, motion, cast(a, b, (-6.0, 0.0)), Path(folder) / "cast.svg")
    """
    figure = _cast_figure(shape_a, shape_b, motion, result, name=name)
    figure.savefig(path, dpi=DPI)


def cast_figure(
    shape_a: Shape,
    shape_b: Shape,
    motion: Motion,
    result: CastResult | ToiResult,
    *,
    name: str | None = None,
) -> Figure:
    """The matplotlib figure of a cast (:class:`CastResult`) or a rotating time of impact
    (:class:`ToiResult`) of ``shape_a`` and ``shape_b`` (as written) moving by ``motion``:
    the start, the path, the shapes at the time of impact with the contact and the
    normal; a miss draws the whole sweep.

    >>> from gjkcli.algorithms.cast import cast
    >>> from gjkcli.algorithms.poses import Motion, Move, Pose
    >>> from gjkcli.shapes import circle, rectangle
    >>> a, b = rectangle((0.0, 0.0), (2.0, 2.0)), circle((5.0, 0.0), 1.0)
    >>> motion = Motion(Move(), Move(Pose(0.0, 0.0, 0.0), Pose(-6.0, 0.0, 0.0)))
    >>> cast_figure(a, b, motion, cast(a, b, (-6.0, 0.0))).texts[0].get_text()
    'hit at t = 0.5 (linear cast)'
    """
    figure = _cast_figure(shape_a, shape_b, motion, result, name=name)
    figure.canvas.draw()  # a caller sees the figure as it is saved
    return figure


def draw_manifold(
    axes: Any, manifold: Manifold, shapes: tuple[ConvexShape, ConvexShape] | None = None
) -> list[Any]:
    """Draw ``manifold`` on ``axes`` (its view as it is): each point with its separation
    (``s = -0.1``; points nearer than a label's size share one label), the normal from
    the points' middle, and, given the ``shapes`` (A, B), the reference edge drawn thick.
    Returns the artists drawn.

    >>> from gjkcli.algorithms.manifold import manifold
    >>> from gjkcli.shapes import rectangle
    >>> from gjkcli.render.plot import new_figure
    >>> a, b = rectangle((0.0, 0.0), (4.0, 2.0)), rectangle((0.0, 1.9), (2.0, 2.0))
    >>> axes = new_figure((4.0, 4.0)).subplots()
    >>> _ = axes.set_xlim(-3, 3), axes.set_ylim(-2, 4)
    >>> drawn = draw_manifold(axes, manifold(a, b), (a, b))
    >>> [artist.get_gid() for artist in drawn if "point" in artist.get_gid()]
    ['manifold-point-0', 'manifold-point-1']
    >>> [artist.get_text() for artist in drawn if artist.get_gid().startswith("separation")]
    ['s = -0.1', 's = -0.1']
    """
    made: list[Any] = []
    if not manifold.points:
        return made
    axes.apply_aspect()  # the labels are placed on the view as it will be drawn
    places = [contact.point for contact in manifold.points]
    nx, ny = manifold.normal
    reference = _reference_edge(manifold, shapes)
    if reference is not None:
        (sx, sy), (ex, ey) = reference
        side = "A" if manifold.reference == "a" else "B"
        made += axes.plot(
            [sx, ex],
            [sy, ey],
            "-",
            color=_COLOR_MANIFOLD,
            linewidth=5,
            alpha=0.6,
            solid_capstyle="butt",
            label=f"reference edge ({side}'s)",
            zorder=6,
            gid="reference-edge",
        )
    for index, (x, y) in enumerate(places):
        made += axes.plot(
            x,
            y,
            "D",
            color=_COLOR_MANIFOLD,
            markeredgecolor="black",
            markersize=7,
            label="manifold points (s: separation)" if index == 0 else None,
            zorder=9,
            gid=f"manifold-point-{index}",
        )
    cx = sum(x for x, _ in places) / len(places)
    cy = sum(y for _, y in places) / len(places)
    (x0, x1), (y0, y1) = axes.get_xlim(), axes.get_ylim()
    length = 0.12 * max(x1 - x0, y1 - y0)
    style = {"arrowstyle": "-|>", "color": _COLOR_MANIFOLD, "linewidth": 2}
    tip = (cx + nx * length, cy + ny * length)
    made.append(_named_arrow(axes, (cx, cy), tip, "manifold-normal", style, zorder=9))
    from matplotlib.lines import Line2D

    handles = [artist for artist in made if str(artist.get_label() or "_")[0] != "_"]
    handles.append(Line2D([], [], color=_COLOR_MANIFOLD, linewidth=2, label="normal, A to B"))
    legend = add_legend(
        axes, handles, "manifold-legend", loc="lower left", framealpha=0.8, frameon=True
    )
    made.append(legend)
    lines = [((cx, cy), tip), *([reference] if reference else [])]
    made += _separation_labels(axes, manifold, lines, legend)
    return made


def save_manifold_plot(
    check: Check,
    query: RunQuery,
    manifold: Manifold,
    path: Path,
    caption_size: float = DEFAULT_CAPTION_SIZE,
) -> None:
    """The picture of ``check`` (traced) as :func:`gjkcli.render.plot.save_plot` draws it,
    with ``manifold`` drawn over its left panel.

    >>> import tempfile
    >>> from gjkcli.algorithms.manifold import manifold
    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> check = check_pair(load_pair("samples/seed-example.json"), trace=True)
    >>> contact = manifold(check.pair.a.shape, check.pair.b.shape)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_manifold_plot(check, "distance", contact, Path(folder) / "seed.svg")
    """
    figure = check_figure(check, query, caption_size=caption_size)
    shapes = (check.pair.a.shape, check.pair.b.shape)
    convex = tuple(shape for shape in shapes if isinstance(shape, ConvexShape))
    world = figure.axes[0]
    draw_manifold(world, manifold, (convex[0], convex[1]) if len(convex) == 2 else None)
    figure.savefig(path, dpi=DPI)


def _ray_figure(
    shape: Shape,
    origin: Vec,
    direction: Vec,
    hit: RayHit,
    *,
    max_fraction: float = 1.0,
    name: str | None = None,
) -> Figure:
    """The figure of :func:`ray_figure`, not drawn yet."""
    ox, oy = origin
    dx, dy = direction
    end = (ox + max_fraction * dx, oy + max_fraction * dy)
    words, caption = _ray_words(origin, direction, max_fraction, hit)
    picture = _picture(_titled(name, words), caption)
    axes = picture.axes
    if isinstance(shape, Compound):  # its parts, the one hit outlined
        draw_any(axes, shape, COLOR_A, "the shape", -1 if hit.part is None else hit.part)
    else:
        draw_shape(axes, shape, COLOR_A, "the shape", gid="shape")
    focus: list[Vec] = [origin, end]
    arrow = {"arrowstyle": "-|>", "color": COLOR_DIRECTION, "linewidth": 1.2, "alpha": 0.5}
    _named_arrow(axes, origin, end, "ray", arrow, zorder=4)
    axes.plot([], [], color=COLOR_DIRECTION, alpha=0.5, label="the ray, to its farthest fraction")
    if hit.status == "hit" and hit.point is not None:
        focus.append(hit.point)
        axes.plot(
            [ox, hit.point[0]],
            [oy, hit.point[1]],
            "-",
            color=COLOR_DIRECTION,
            linewidth=2.5,
            label="the ray up to the hit",
            zorder=5,
            gid="ray-to-hit",
        )
        axes.plot(
            *hit.point,
            "*",
            color=COLOR_FINAL,
            markersize=14,
            markeredgecolor="black",
            label=f"hit point (fraction {compact(hit.fraction or 0.0)})",
            zorder=7,
            gid="hit",
        )
    origin_label = "origin: inside the shape" if hit.status == "inside" else "origin"
    axes.plot(*origin, "ko", markersize=6, label=origin_label, zorder=8, gid="origin")
    view = _view(axes, focus, [("the shape", part) for part in parts_of(shape)])
    if hit.status == "hit" and hit.point is not None and hit.normal is not None:
        _arrow(axes, hit.point, hit.normal, view, gid="normal", label="the surface's normal")
    if view.cut:
        caption.append(_cut_words(view.cut))
    return _finish(picture)


def _cast_figure(
    shape_a: Shape,
    shape_b: Shape,
    motion: Motion,
    result: CastResult | ToiResult,
    *,
    name: str | None = None,
) -> Figure:
    """The figure of :func:`cast_figure`, not drawn yet."""
    story = _story(motion, result)
    words, caption = _cast_words(motion, result, story)
    picture = _picture(_titled(name, words), caption)
    axes = picture.axes
    focus: list[Vec] = []
    still: list[tuple[str, ConvexShape]] = []
    for whole, move, color, letter in (
        (shape_a, motion.a, COLOR_A, "A"),
        (shape_b, motion.b, COLOR_B, "B"),
    ):
        parts = parts_of(whole)
        for index, shape in enumerate(parts):  # a compound shape part by part, named once
            part = None if len(parts) == 1 else index
            if _moves(move):
                focus += _draw_motion(axes, shape, move, color, (letter, part), story=story)
            else:
                gid = f"still-{letter.lower()}" + ("" if part is None else f"-{part}")
                draw_shape(
                    axes, posed(shape, move.start), color, letter if not index else None, gid=gid
                )
                still.append((letter, posed(shape, move.start)))
    if result.status == "overlapping":
        deciding = (
            (0, 0) if not isinstance(result, CastResult) or result.parts is None else result.parts
        )
        at_start = (
            posed(parts_of(shape_a)[deciding[0]], motion.a.start),
            posed(parts_of(shape_b)[deciding[1]], motion.b.start),
        )
        draw_overlap(axes, *at_start)
    points = result.points if story.contact is not None else None
    if points is not None:
        focus += list(points)
    if not focus:  # nothing moves: the view is of the shapes
        focus, still = [corner for _, s in still for corner in boundary(s)], []
    view = _view(axes, focus, still)
    if points is not None:
        _draw_contact(axes, points, result.normal, view)
    if view.cut:
        caption.append(_cut_words(view.cut))
    return _finish(picture)


@dataclass(frozen=True)
class _Story:
    """What a cast's picture draws: the time the paths run to, the time of the poses
    drawn solid as the impact (``None``: no such pose), and the time the result's contact
    points and normal belong to (``None``: they are not drawn)."""

    until: float
    impact: float | None
    contact: float | None


@dataclass(frozen=True)
class _View:
    box: Box
    cut: tuple[str, ...]  # the view is around the motion, and these still shapes run out of it

    @property
    def size(self) -> float:
        return max(self.box[2] - self.box[0], self.box[3] - self.box[1])


def _story(motion: Motion, result: CastResult | ToiResult) -> _Story:
    """A hit's paths end at the impact; otherwise (a miss, a start in contact, a search
    stopped early) they run to ``t = 1`` and the impact pose, if any, is the start. The
    contact is the impact's, or the touching at ``t = 0`` of shapes that recede."""
    time = _drawn_time(result)
    if result.status == "hit" and time is not None:
        return _Story(time, time, time)
    contact = 0.0 if result.status == "touching-receding" else time
    return _Story(1.0, time, contact)


def _drawn_time(result: CastResult | ToiResult) -> float | None:
    """The time the impact is drawn at: a cast's time, or a rotating time of impact's
    ``t_hi`` (where its contact points and normal were found; its ``time`` is ``t_lo``,
    just before the contact)."""
    if isinstance(result, ToiResult) and result.status == "hit" and result.bracket is not None:
        return result.bracket[1]
    return result.time


def _moves(move: Move) -> bool:
    return move.start != move.end


def _draw_motion(
    axes: Any,
    shape: ConvexShape,
    move: Move,
    color: str,
    name: tuple[str, int | None],
    *,
    story: _Story,
) -> list[Vec]:
    """A moving shape: at the start, its path up to ``story.until``, and at the impact, or
    at ``t = 1`` when there is no later impact to draw; the corners of all of them.
    ``name`` is the shape's letter and, for a part of a compound shape, the part's number
    (only part 0 is named in the legend)."""
    letter, part = name
    key = letter.lower() + ("" if part is None else f"-{part}")
    if part:  # the legend names each shape once
        letter = ""
    start = posed(shape, move.start)
    later = story.impact is not None and story.impact > 0.0
    draw_shape(
        axes,
        start,
        color,
        f"{letter} at t = 0" if letter else None,
        alpha=0.12 if later else None,
        gid=f"start-{key}",
    )
    corners = boundary(start)
    if move.rotates:
        for k in range(1, _GHOSTS + 1):
            time = story.until * k / (_GHOSTS + 1)
            ghost = posed(shape, move.at(time))
            label = f"{letter} on its way (every {compact(story.until / (_GHOSTS + 1), 3)})"
            draw_shape(
                axes,
                ghost,
                color,
                label if k == 1 and letter else None,
                alpha=0.25 + 0.35 * k / _GHOSTS,
                outline="-",
                gid=f"ghost-{key}-{k}",
            )
            corners += boundary(ghost)
    if story.until > 0.0:
        ring = boundary(start) + boundary(posed(shape, move.at(story.until)))
        hull = [ring[i] for i in convex_hull_indices(ring)]
        if len(hull) >= 3 and not move.rotates:
            xs, ys = zip(*hull, strict=True)
            axes.fill(
                xs,
                ys,
                facecolor=color,
                alpha=0.1,
                hatch="..",
                edgecolor=color,
                linewidth=0.0,
                label=f"{letter}'s sweep to t = {compact(story.until)}" if letter else None,
                gid=f"sweep-{key}",
            )
        corners += ring
    if later and story.impact is not None:
        at_impact = posed(shape, move.at(story.impact))
        impact = f"{letter} at t = {compact(story.impact)}" if letter else None
        draw_shape(axes, at_impact, color, impact, alpha=0.45, gid=f"impact-{key}")
    if not later:  # the whole sweep is drawn: where it ends
        end = posed(shape, move.end)
        ending = f"{letter} at t = 1" if letter else None
        draw_shape(axes, end, color, ending, outline=":", gid=f"end-{key}")
        corners += boundary(end)
    return corners


def _draw_contact(axes: Any, points: tuple[Vec, Vec], normal: Vec | None, view: _View) -> None:
    """The contact point, or when the points on A and on B are apart in the picture (a
    target distance) both, joined; and the normal from A's point."""
    (ax, ay), (bx, by) = points
    if math.hypot(bx - ax, by - ay) <= view.size * _SAME:
        marked = [(points[0], "o", "contact point")]
    else:
        axes.plot([ax, bx], [ay, by], "k--", linewidth=1.0, zorder=7, gid="contact-gap")
        marked = [(points[0], "o", "contact point on A"), (points[1], "s", "on B")]
    for index, (point, marker, label) in enumerate(marked):
        axes.plot(
            *point,
            marker,
            color="black",
            markerfacecolor="white" if index else "black",
            markersize=6,
            label=label,
            zorder=8,
            gid=f"contact-{index}",
        )
    if normal is not None:
        _arrow(axes, points[0], normal, view, gid="normal", label="normal, from A towards B")


def _arrow(axes: Any, start: Vec, direction: Vec, view: _View, *, gid: str, label: str) -> None:
    """An arrow from ``start`` along the unit ``direction``, an eighth of the view long."""
    length = view.size / 8
    tip = (start[0] + direction[0] * length, start[1] + direction[1] * length)
    style = {"arrowstyle": "-|>", "color": "black", "linewidth": 1.8}
    _named_arrow(axes, start, tip, gid, style, zorder=9)
    axes.plot([], [], color="black", linewidth=1.8, label=label)


def _named_arrow(
    axes: Any, start: Vec, tip: Vec, gid: str, style: dict[str, Any], *, zorder: float
) -> Any:
    """An arrow from ``start`` to ``tip``, named ``gid`` (its arrow too, as SVG ids)."""
    arrow = axes.annotate("", tip, start, arrowprops=style, zorder=zorder)
    arrow.set_gid(gid)
    arrow.arrow_patch.set_gid(gid)
    return arrow


def _box_of(points: Sequence[Vec]) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _view(axes: Any, focus: list[Vec], rest: list[tuple[str, ConvexShape]]) -> _View:
    """Set the view: of everything, or, when the ``rest`` (still shapes, by name) would
    make the ``focus`` (the motion and the contact) too small to see, of the focus and the
    point of each still shape nearest it, with room around them."""
    inner = _box_of(focus)
    outer = _box_of([*focus, *(c for _, s in rest for c in _boxed(s))])
    whole = max(outer[2] - outer[0], outer[3] - outer[1])
    cropped = _size(inner) > 0.0 and whole > _FOCUS * _size(inner)
    if cropped:
        inner = _box_of([*focus, *(_nearest(s, inner) for _, s in rest)])
        cropped = whole > _FOCUS * _size(inner)
    box = inner if cropped else outer
    span = max(box[2] - box[0], box[3] - box[1])
    pad = (0.5 if cropped else 0.12) * span if span > 0.0 else 1.0
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    place = axes.get_position()  # the panel's shape: the view widened to it, scale equal
    figure = axes.get_figure()
    ratio = (place.height * figure.get_figheight()) / (place.width * figure.get_figwidth())
    grow_x = max(0.0, (y1 - y0) / ratio - (x1 - x0)) / 2
    grow_y = max(0.0, (x1 - x0) * ratio - (y1 - y0)) / 2
    box = (x0 - grow_x, y0 - grow_y, x1 + grow_x, y1 + grow_y)
    axes.set_xlim(box[0], box[2])
    axes.set_ylim(box[1], box[3])
    axes.set_aspect("equal", adjustable="box")
    axes.set_autoscale_on(False)
    cut = tuple(name for name, s in rest if cropped and not _within(bounding_box(s), box))
    return _View(box, cut)


def _size(box: Box) -> float:
    return max(box[2] - box[0], box[3] - box[1])


def _within(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def _nearest(shape: ConvexShape, box: Box) -> Vec:
    """The point of ``shape`` nearest the ``box`` (the box's centre when they meet: the
    box then shows a part of the shape)."""
    x0, y0, x1, y1 = box
    found = distance(shape, Polytope(((x0, y0), (x1, y0), (x1, y1), (x0, y1))))
    if found.closest is not None:
        return found.closest[0]
    return ((x0 + x1) / 2, (y0 + y1) / 2)  # they overlap: the box itself shows the shape


def _cut_words(cut: tuple[str, ...]) -> str:
    """The caption's note about a view of the motion that still shapes run out of."""
    names = " and ".join(cut)
    cut_to = "are cut to their parts" if len(cut) > 1 else "is cut to its part"
    return f"the view is around the motion and the contact; {names} {cut_to} nearest them"


def _boxed(shape: ConvexShape) -> list[Vec]:
    x0, y0, x1, y1 = bounding_box(shape)
    return [(x0, y0), (x1, y1)]


def _reference_edge(
    manifold: Manifold, shapes: tuple[ConvexShape, ConvexShape] | None
) -> tuple[Vec, Vec] | None:
    """The reference face: the edge of the reference shape's core (the corners feature ids
    number) whose outward normal is the manifold's (A's face) or its opposite (B's),
    moved out by the shape's radius; ``None`` with no shapes, or no such edge (a curve,
    or two corners meeting)."""
    if shapes is None:
        return None
    numbered = numbered_vertices(shapes[0] if manifold.reference == "a" else shapes[1])
    if numbered is None:
        return None
    vertices, radius = numbered
    corners = [vertices[i] for i in convex_hull_indices(vertices)]
    nx, ny = (
        manifold.normal if manifold.reference == "a" else (-manifold.normal[0], -manifold.normal[1])
    )
    for start, end in zip(corners, [*corners[1:], corners[0]], strict=True):
        ex, ey = end[0] - start[0], end[1] - start[1]
        length = math.hypot(ex, ey)
        # the counter-clockwise ring's outward normal is the edge turned clockwise
        if length > 0.0 and (ey * nx - ex * ny) / length >= 1.0 - rounding(1.0):
            out = (nx * radius, ny * radius)
            return (start[0] + out[0], start[1] + out[1]), (end[0] + out[0], end[1] + out[1])
    return None


def _separation_labels(
    axes: Any, manifold: Manifold, lines: list[tuple[Vec, Vec]], legend: Any
) -> list[Any]:
    """``s = ...`` beside each point, clear of the points, of ``lines`` (the normal, the
    reference edge) and of the ``legend``; points closer than a label's size share one
    label."""
    places = [contact.point for contact in manifold.points]
    groups = clusters(axes, places)
    texts = [
        "s = " + ", ".join(compact(manifold.points[i].separation, 4) for i in group)
        for group in groups
    ]
    anchors = [places[group[0]] for group in groups]
    along = [
        (sx + (ex - sx) * k / _SAMPLES, sy + (ey - sy) * k / _SAMPLES)
        for (sx, sy), (ex, ey) in lines
        for k in range(_SAMPLES + 1)
    ]
    taken = [point_box(axes, place, 10.0) for place in [*places, *along]]
    figure = axes.get_figure()
    box = legend.get_window_extent(figure.canvas.get_renderer())
    scale = 72 / figure.dpi  # pixels to points
    taken.append((box.x0 * scale, box.y0 * scale, box.x1 * scale, box.y1 * scale))
    offsets = label_offsets(axes, texts, anchors, taken)
    made = []
    for text, anchor, offset, group in zip(texts, anchors, offsets, groups, strict=True):
        label = axes.annotate(
            text,
            anchor,
            textcoords="offset points",
            xytext=offset,
            ha="center",
            va="center",
            color="black",
            fontsize=LABEL_SIZE,
            fontweight="bold",
            zorder=10,
        )
        label.set_gid(f"separation-{group[0]}")
        made.append(label)
    return made


def _titled(name: str | None, words: str) -> str:
    return words if not name else f"{name}: {words}"


@dataclass
class _Picture:
    """A figure with one panel, and the caption to write at its foot."""

    figure: Any
    axes: Any
    caption: list[str]
    wrap: int  # letters a caption line holds


def _picture(title: str, caption: list[str]) -> _Picture:
    """A figure with one panel and its title, tall enough for the caption (wrapped to the
    width) and one line more, for a note about the view."""
    size = DEFAULT_CAPTION_SIZE
    wrap = max(40, int((_WIDTH - 0.4) * 72 / (MONOSPACE_WIDTH * size)))
    room = (len(wrapped(caption, wrap)) + 1) * 1.25 * size / 72 + 0.3
    height = _TITLE + _PANEL + _LEGEND + room
    figure = new_figure((_WIDTH, height))
    axes = figure.subplots()
    figure.subplots_adjust(
        left=0.1, right=0.97, top=1 - _TITLE / height, bottom=(_LEGEND + room) / height
    )
    figure.text(
        0.5,
        1 - 0.3 / height,
        title,
        ha="center",
        va="center",
        fontsize=TITLE_SIZE,
        fontweight="bold",
        parse_math=False,  # a name is text: "$5 and $6" is no formula
        gid="title",
    )
    axes.grid(True, linewidth=0.5, alpha=0.5)
    return _Picture(figure, axes, caption, wrap)


def _finish(picture: _Picture) -> Figure:
    """The legend under the panel and the caption at the foot; the figure."""
    figure, axes = picture.figure, picture.axes
    handles, _ = axes.get_legend_handles_labels()
    add_legend(axes, handles, "legend", loc="upper center", bbox_to_anchor=(0.5, -0.06), ncol=3)
    figure.text(
        0.02,
        0.15 / figure.get_figheight(),
        "\n".join(wrapped(picture.caption, picture.wrap)),
        fontsize=DEFAULT_CAPTION_SIZE,
        va="bottom",
        family="monospace",
        gid="caption",
    )
    made: Figure = figure
    return made


def _ray_words(
    origin: Vec, direction: Vec, max_fraction: float, hit: RayHit
) -> tuple[str, list[str]]:
    """The title's words and the caption of a ray cast."""
    ray = (
        f"the ray from {compact_point(origin)} along {compact_point(direction)}, "
        f"fractions 0 to {compact(max_fraction)}"
    )
    if hit.status == "hit" and hit.point is not None:
        fraction = compact(hit.fraction or 0.0, 12)
        words = f"hit at fraction {compact(hit.fraction or 0.0)} (ray cast)"
        scale = max(abs(c) for c in hit.point)
        answer = f"hit at fraction {fraction}: the point {_at(hit.point, scale, 12)}"
        if hit.normal is not None:
            answer += f", the surface's normal {_at(hit.normal, 1.0)}"
    elif hit.status == "inside":
        words = "the ray starts inside (ray cast)"
        answer = "the ray starts inside the shape: fraction 0"
    else:
        words = "miss (ray cast)"
        answer = "miss: no point of the ray up to its farthest fraction is in the shape"
    return words, [ray, answer, _stopped(hit.iterations, hit.stop)]


def _cast_words(
    motion: Motion, result: CastResult | ToiResult, story: _Story
) -> tuple[str, list[str]]:
    """The title's words and the caption of a cast or a rotating time of impact."""
    toi = isinstance(result, ToiResult)
    query = "rotating time of impact" if toi else "linear cast"
    time = _drawn_time(result)
    status = result.status
    sentences = {
        "hit": (
            f"first contact drawn at t_hi = {compact(time or 0.0, 12)}, the bracket's end"
            if toi
            else f"first contact at t = {compact(time or 0.0, 12)}"
            if motion.target == 0.0
            else f"within the target distance {compact(motion.target)} first at "
            f"t = {compact(time or 0.0, 12)}"
        ),
        "miss": "no contact for t in [0, 1]: the whole sweep is drawn",
        "overlapping": "the shapes already overlap at t = 0 (time 0)",
        "touching-approaching": "touching at t = 0, and the motion pushes them into "
        "overlap: time 0",
        "touching-receding": "touching at t = 0, and the motion moves them apart or slides "
        "them along: no hit",
        "within-target": f"within the target distance {compact(motion.target)} already at "
        "t = 0: time 0",
        "iteration-cap": "the search reached its iteration cap before deciding",
    }
    words = status + ("" if time is None else f" at t = {compact(time)}") + f" ({query})"
    lines = [
        sentences[status],
        "motion: "
        + "; ".join(
            f"{letter} {_move_words(move)}" for letter, move in (("A", motion.a), ("B", motion.b))
        ),
    ]
    if isinstance(result, ToiResult):
        if result.bracket is not None:
            low, high = result.bracket
            lines.append(
                f"apart (proven) at every time before {compact(low, 12)}, touching at "
                f"{compact(high, 12)} (bracket width at most {compact(result.tolerance)})"
            )
    elif result.target_distance > 0.0:
        lines.append(f"target distance {compact(result.target_distance)}")
    if result.points is not None and story.contact is not None:
        (a, b) = result.points
        scale = max(abs(c) for c in (*a, *b))  # smaller digits are rounding noise
        contact = f"contact: on A {_at(a, scale)}, on B {_at(b, scale)}"
        if result.normal is not None:
            contact += f"; normal {_at(result.normal, 1.0)} (from A towards B)"
        lines.append(contact)
    lines.append(_stopped(result.iterations, result.stop))
    return words, lines


def _at(point: Vec, scale: float, digits: int = 6) -> str:
    """A point, its digits below ``digits`` places of ``scale`` (rounding noise) left off."""
    return compact_point(point, digits, scale) if scale > 0.0 else compact_point(point, digits)


def _move_words(move: Move) -> str:
    if not _moves(move):
        return "still"
    if not move.rotates and move.start == Pose(0.0, 0.0, 0.0):
        return f"moves by {compact_point(move.translation)}"
    return f"from {_pose_words(move.start)} to {_pose_words(move.end)}"


def _pose_words(pose: Pose) -> str:
    return f"({compact(pose.x)}, {compact(pose.y)}, {compact(pose.angle)} deg)"


def _stopped(iterations: int, stop: str) -> str:
    return f"{iterations} iteration{'' if iterations == 1 else 's'}; stopped: {stop}"
