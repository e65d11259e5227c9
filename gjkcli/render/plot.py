"""Pictures of a check: the shapes, and GJK at work on their Minkowski difference.

Left panel: A and B where they are, with the closest points and the distance,
or the overlap with the contact points and the move that separates them.
Right panel: ``A - B`` (exact for polygons, traced for curves), the origin,
every simplex of the run numbered and faded by age, the last one
highlighted, and the last search direction as an arrow. The animation draws
the right panel once per step, captioned with the step in words.

A compound shape is drawn part by part (the cuts between parts dotted), with
the pair of parts that decided the answer outlined; the right panel shows
that pair's ``A - B`` and run.

matplotlib is an optional dependency (``pip install 'gjkcli[plot]'``),
imported only here, with the Agg backend: no display is needed.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from gjkcli.algorithms.hull import convex_hull_indices
from gjkcli.algorithms.minkowski import minkowski_difference
from gjkcli.algorithms.outline import outline
from gjkcli.io.errors import printable
from gjkcli.render.narration import boolean_step_lines, distance_step_lines
from gjkcli.render.numbers import compact
from gjkcli.render.table import verdict_text
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.polytope import Polytope
from gjkcli.shapes.rounded import split_radius
from gjkcli.verify.check import Check
from gjkcli.verify.shapely_oracle import shapely_geometry

__all__ = [
    "FRAME_NAME",
    "PlotUnavailableError",
    "RunQuery",
    "save_animation",
    "save_frames",
    "save_plot",
]

RunQuery = Literal["boolean", "distance"]
"""Which GJK run the right panel shows."""

SUFFIXES = (".svg", ".png", ".pdf")

_COLOR_A, _COLOR_B = "#1f77b4", "#ff7f0e"
_COLOR_DIFFERENCE, _COLOR_SIMPLEX, _COLOR_FINAL = "#7f7f7f", "#6a3d9a", "#d62728"
_COLOR_DIRECTION, _COLOR_OVERLAP = "#2ca02c", "#d62728"
_DPI = 100


class PlotUnavailableError(Exception):
    """matplotlib is not installed; the message says what to install."""


@dataclass(frozen=True)
class _Step:
    """What the right panel needs from one step of either run."""

    number: int
    simplex: tuple[Vec, ...]
    support: Vec
    direction: Vec
    caption: list[str]
    closest: Vec | None = None  # the distance run's point of the simplex nearest the origin


def save_plot(check: Check, query: RunQuery, path: Path) -> None:
    """The two-panel picture of ``check`` (traced), as SVG, PNG or PDF by ``path``'s suffix."""
    pyplot = _pyplot()
    steps = _steps(check, query)
    figure, difference = _figure(pyplot, check, captioned=False)
    _draw_run(difference, check, query, steps, len(steps))
    figure.savefig(path, dpi=_DPI)
    pyplot.close(figure)


FRAME_NAME = re.compile(r"step-\d{2,}\.png")
"""The names of the frames :func:`save_frames` writes (``step-01.png``, ...)."""


def save_frames(check: Check, query: RunQuery, directory: Path) -> list[Path]:
    """One PNG per step in ``directory`` (created if needed), ``step-01.png`` on; returns
    the files written. Frames of an earlier, longer run (files named as frames are,
    ``step-NN.png``) are removed after, so that the folder holds this run's alone; no
    other file is touched."""
    pyplot = _pyplot()
    directory.mkdir(parents=True, exist_ok=True)
    figure = _captioned_figure(pyplot, check)
    written = []
    for step in _each_step(figure, check, query, _steps(check, query)):
        path = directory / f"step-{step:02d}.png"
        figure.savefig(path, dpi=_DPI)
        written.append(path)
    pyplot.close(figure)
    names = {path.name for path in written}
    with os.scandir(directory) as entries:
        stale = [
            entry.path
            for entry in entries
            if FRAME_NAME.fullmatch(entry.name)
            and entry.name not in names
            and entry.is_file(follow_symlinks=False)
        ]
    for name in stale:
        os.remove(name)
    return written


def save_animation(check: Check, query: RunQuery, path: Path, seconds_per_step: int = 2) -> None:
    """A GIF with one frame per step, each captioned with what happened in it.

    The GIF runs at one frame a second; each step is held ``seconds_per_step``
    seconds, the last one twice as long.
    """
    pyplot = _pyplot()
    from matplotlib.animation import PillowWriter

    figure = _captioned_figure(pyplot, check)
    writer = PillowWriter(fps=1)
    with writer.saving(figure, str(path), dpi=80):
        steps = _steps(check, query)
        for step in _each_step(figure, check, query, steps):
            hold = seconds_per_step * (2 if step == len(steps) else 1)
            for _ in range(hold):
                writer.grab_frame()
    pyplot.close(figure)


def _captioned_figure(pyplot: Any, check: Check) -> Any:
    """The figure of an animation: the left panel drawn, the right one and the caption empty."""
    figure, _ = _figure(pyplot, check)
    figure.text(0.02, 0.02, "", fontsize=9, va="bottom", family="monospace", gid="caption")
    return figure


def _each_step(figure: Any, check: Check, query: RunQuery, steps: list[_Step]) -> Iterator[int]:
    """Draws the right panel and the caption for step 1, 2, ... in turn, yielding the step."""
    _, difference = figure.axes
    (caption,) = [text for text in figure.texts if text.get_gid() == "caption"]
    for upto in range(1, len(steps) + 1):
        difference.clear()
        _draw_run(difference, check, query, steps, upto)
        caption.set_text(_caption(steps[upto - 1]))
        yield upto


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlotUnavailableError(
            "plotting needs matplotlib, which is not installed: pip install 'gjkcli[plot]'"
        ) from None
    matplotlib.use("Agg")
    from matplotlib import pyplot

    return pyplot


def _steps(check: Check, query: RunQuery) -> list[_Step]:
    """The steps of the run to draw; the check must have been made with ``trace=True``."""
    if not check.answer.boolean_trace:
        raise ValueError("a picture needs the steps of the run: check_pair(pair, trace=True)")
    if query == "boolean":
        return [
            _Step(
                s.iteration,
                s.simplex,
                s.support.w,
                s.direction,
                boolean_step_lines(s),
            )
            for s in check.answer.boolean_trace
        ]
    cores = sum(check.answer.gjk.radii) > 0.0
    return [
        _Step(
            s.iteration,
            s.simplex,
            s.support.w,
            s.direction,
            distance_step_lines(s, cores),
            s.closest,
        )
        for s in check.answer.distance_trace
    ]


def _figure(pyplot: Any, check: Check, captioned: bool = True) -> tuple[Any, Any]:
    """The figure with its left panel drawn, and its empty right panel (room for a caption)."""
    height = 7.4 if captioned else 6.2
    figure, (world, difference) = pyplot.subplots(1, 2, figsize=(12, height))
    figure.subplots_adjust(
        left=0.05, right=0.98, top=0.9, bottom=0.33 if captioned else 0.2, wspace=0.18
    )
    figure.suptitle(
        printable(f"{check.pair.name}: {_verdict(check)}"),
        fontsize=14,
        fontweight="bold",
        parse_math=False,  # a name is text: "$5 and $6" is no formula
    )
    _draw_world(world, check)
    return figure, difference


def _verdict(check: Check) -> str:
    """The verdict as the table words it, with the depth or the distance that goes with it."""
    answer = check.answer
    words = verdict_text(answer)
    if answer.parts is not None and answer.gjk.intersects:
        return f"{words} (compound shapes: no depth)"
    if answer.verdict == "overlapping" and answer.penetration is not None:
        return f"{words}, depth {compact(answer.penetration.depth)}"
    if answer.verdict == "separated":
        return f"{words}, distance {compact(answer.gjk.distance)}"
    return words


def _draw_world(axes: Any, check: Check) -> None:
    """A and B, with the closest points and distance, or the overlap and the separating move."""
    search = check.answer.parts
    deciding = (-1, -1) if search is None else (search.deciding.a, search.deciding.b)
    outline_a = _draw_any(axes, check.pair.a.shape, _COLOR_A, "A", deciding[0])
    outline_b = _draw_any(axes, check.pair.b.shape, _COLOR_B, "B", deciding[1])
    if search is not None:
        axes.plot([], [], "-", color="black", linewidth=1.2, label="the deciding pair of parts")
    if check.answer.gjk.closest is not None:
        (ax, ay), (bx, by) = check.answer.gjk.closest
        axes.plot([ax, bx], [ay, by], "k--", linewidth=1.2, zorder=4)
        axes.plot([ax, bx], [ay, by], "ko", markersize=4, zorder=5, label="closest points")
        axes.annotate(
            f"d = {compact(check.answer.gjk.distance)}",
            ((ax + bx) / 2, (ay + by) / 2),
            textcoords="offset points",
            xytext=(6, 6),
        )
    overlap = check.answer.penetration
    if overlap is not None:
        _draw_overlap(axes, outline_a, outline_b)
        (ax, ay), (bx, by) = overlap.contact
        axes.plot([ax, bx], [ay, by], "ko", markersize=4, zorder=5, label="contact points")
        if overlap.depth > 0.0:
            nx, ny = overlap.normal
            axes.annotate(
                "",
                (bx + nx * overlap.depth, by + ny * overlap.depth),
                (bx, by),
                arrowprops={"arrowstyle": "->", "color": "black", "linewidth": 1.5},
                zorder=6,
            )
            axes.plot([], [], color="black", label=f"move B by {compact(overlap.depth)}")
    axes.set_title("A and B")
    _finish_axes(axes)


def _draw_overlap(axes: Any, outline_a: list[Vec], outline_b: list[Vec]) -> None:
    import shapely

    if len(outline_a) < 3 or len(outline_b) < 3:
        return
    region = shapely.intersection(shapely.Polygon(outline_a), shapely.Polygon(outline_b))
    if region.geom_type == "Polygon" and not region.is_empty:
        x, y = region.exterior.xy
        axes.fill(
            x,
            y,
            facecolor="none",
            edgecolor=_COLOR_OVERLAP,
            hatch="///",
            linewidth=0.8,
            label="overlap",
            zorder=3,
        )


def _draw_any(axes: Any, shape: Shape, color: str, label: str, deciding: int) -> list[Vec]:
    """A convex shape (its outline is returned), or a compound one: its parts filled, the
    cuts between them dotted, the deciding part outlined in black, and its boundary
    (that of the geometry it was cut from, as Shapely has it) drawn over them."""
    if not isinstance(shape, Compound):
        return _draw_shape(axes, shape, color, label)
    for index, part in enumerate(shape.parts):
        points = _boundary(part)
        if len(points) >= 3:
            xs, ys = zip(*points, strict=True)
            axes.fill(xs, ys, facecolor=color, alpha=0.3, edgecolor="none")
        xs, ys = zip(*([*points, points[0]] if len(points) >= 3 else points), strict=True)
        if len(points) >= 3:
            axes.plot(xs, ys, ":", color=color, linewidth=0.8)
        if index == deciding:
            style = "o" if len(points) == 1 else "-"
            axes.plot(xs, ys, style, color="black", linewidth=1.2, markersize=4, zorder=4)
    geometry, _ = shapely_geometry(shape)
    for line in _lines(geometry):
        xs, ys = zip(*line, strict=True)
        axes.plot(xs, ys, "-", color=color, linewidth=2.5 if len(line) < 3 else 1.5)
    for x, y in _points(geometry):
        axes.plot(x, y, "o", color=color, markersize=7, zorder=3)
    axes.plot([], [], "s", color=color, alpha=0.5, label=f"{label} ({len(shape.parts)} parts)")
    return []


def _lines(geometry: Any) -> list[list[Vec]]:
    """The rings of a geometry's polygons and its lines, each as a list of points."""
    import shapely

    found: list[list[Vec]] = []
    for part in shapely.get_parts(geometry):
        if part.geom_type == "Polygon":
            rings = [part.exterior, *part.interiors]
            found += [[(float(x), float(y)) for x, y in ring.coords] for ring in rings]
        elif part.geom_type == "LineString":
            found.append([(float(x), float(y)) for x, y in part.coords])
        elif part.geom_type != "Point":
            found += _lines(part)
    return found


def _points(geometry: Any) -> list[Vec]:
    import shapely

    return [
        (float(part.x), float(part.y))
        for part in shapely.get_parts(geometry)
        if part.geom_type == "Point"
    ]


def _draw_shape(axes: Any, shape: ConvexShape, color: str, label: str) -> list[Vec]:
    points = _boundary(shape)
    if len(points) == 1:
        axes.plot(*points[0], "o", color=color, markersize=7, label=label, zorder=3)
    elif len(points) == 2:
        xs, ys = zip(*points, strict=True)
        axes.plot(xs, ys, "-", color=color, linewidth=2.5, label=label, zorder=3)
    else:
        xs, ys = zip(*points, strict=True)
        axes.fill(xs, ys, facecolor=color, alpha=0.3, edgecolor=color, linewidth=1.5, label=label)
    return points


def _boundary(shape: ConvexShape) -> list[Vec]:
    """The corners of a polytope's hull, or a curved shape traced closely enough to look smooth."""
    if isinstance(shape, Polytope):
        return [shape.vertices[i] for i in convex_hull_indices(shape.vertices)]
    return outline(shape).ring()


def _draw_run(axes: Any, check: Check, query: RunQuery, steps: list[_Step], upto: int) -> None:
    """``A - B``, the origin, simplices 1..upto (the last highlighted) and its direction.

    The distance query runs on the cores of rounded shapes (their radii are
    subtracted at the end), so its simplices are drawn on the cores'
    difference, with the full difference outlined around it.
    """
    shape_a, shape_b = _deciding_parts(check)
    distance_run = query == "distance"
    core_a, radius_a = split_radius(shape_a)
    core_b, radius_b = split_radius(shape_b)
    rounded = distance_run and radius_a + radius_b > 0.0
    corners = list(minkowski_difference(core_a, core_b).vertices if rounded else ())
    full = list(minkowski_difference(shape_a, shape_b).vertices)
    which = _which_parts(check)
    _draw_polygon(
        axes, corners or full, f"A - B{which}" if not rounded else "cores: A - B without radii"
    )
    if rounded:
        xs, ys = zip(*[*full, full[0]], strict=True)
        axes.plot(xs, ys, "--", color=_COLOR_DIFFERENCE, linewidth=1.2, label=f"A - B{which}")
    shown = steps[:upto]
    labelled: dict[Vec, int] = {}  # how many step numbers stand at each place already
    for step in shown:
        place = _label_place(step)
        _draw_simplex(
            axes,
            step,
            final=step is shown[-1],
            age=(upto - step.number) / max(upto, 1),
            stack=labelled.get(place, 0),
        )
        labelled[place] = labelled.get(place, 0) + 1
    last = shown[-1]
    axes.plot(
        *last.support,
        "*",
        color=_COLOR_FINAL,
        markersize=12,
        zorder=7,
        label=f"support point w{last.number}",
    )
    axes.plot(0.0, 0.0, "k+", markersize=14, markeredgewidth=2, zorder=8, label="origin")
    if last.closest is not None and math.isfinite(last.closest[0]):
        vx, vy = last.closest
        norm = math.hypot(vx, vy)
        label = f"v, nearest to the origin (|v| = {compact(norm)}"
        if rounded:
            label += f",\nless the radii: {compact(max(norm - radius_a - radius_b, 0.0))}"
        axes.plot(
            [0.0, vx], [0.0, vy], ":", color="black", linewidth=1.2, zorder=6, label=label + ")"
        )
    _draw_direction(axes, full, last)
    axes.plot([], [], color=_COLOR_SIMPLEX, label="earlier simplices (older: fainter)")
    axes.plot([], [], color=_COLOR_FINAL, linewidth=2.5, label=f"simplex after step {upto}")
    run = "GJK distance" if distance_run else "boolean GJK"
    axes.set_title(f"A - B and the simplices of {run}, step {upto} of {len(steps)}")
    _finish_axes(axes)


def _which_parts(check: Check) -> str:
    search = check.answer.parts
    if search is None:
        return ""
    return f" for part {search.deciding.a} of A and part {search.deciding.b} of B"


def _deciding_parts(check: Check) -> tuple[ConvexShape, ConvexShape]:
    """The two shapes whose run is drawn: the shapes, or for compounds the deciding parts."""
    search = check.answer.parts
    a, b = check.pair.a.shape, check.pair.b.shape
    index_a, index_b = (0, 0) if search is None else (search.deciding.a, search.deciding.b)
    return parts_of(a)[index_a], parts_of(b)[index_b]


def _draw_polygon(axes: Any, corners: list[Vec], label: str) -> None:
    xs, ys = zip(*corners, strict=True)
    if len(corners) >= 3:
        axes.fill(
            xs,
            ys,
            facecolor=_COLOR_DIFFERENCE,
            alpha=0.25,
            edgecolor=_COLOR_DIFFERENCE,
            label=label,
        )
    else:
        axes.plot(xs, ys, "-o", color=_COLOR_DIFFERENCE, label=label)


def _simplex_points(step: _Step) -> list[Vec]:
    """The simplex after the step; when it is empty (boolean GJK stopped at its first
    support point, which fell short of the origin), that support point stands in."""
    return list(step.simplex) or [step.support]


def _label_place(step: _Step) -> Vec:
    """Where the step's number is written: the middle of its simplex."""
    points = _simplex_points(step)
    return (
        sum(x for x, _ in points) / len(points),
        sum(y for _, y in points) / len(points),
    )


def _draw_simplex(axes: Any, step: _Step, final: bool, age: float, stack: int) -> None:
    """The step's simplex, numbered; ``stack`` numbers already stand at the same place
    (a step that keeps the simplex), so this one goes above them."""
    color = _COLOR_FINAL if final else _COLOR_SIMPLEX
    alpha = 1.0 if final else max(0.15, 0.7 * (1.0 - age))
    width = 2.5 if final else 1.2
    points = _simplex_points(step)
    xs, ys = zip(*points, strict=True)
    if len(points) == 3:
        (artist,) = axes.fill(
            xs, ys, facecolor=color, alpha=alpha * 0.35, edgecolor=color, linewidth=width, zorder=5
        )
    elif step.simplex:
        (artist,) = axes.plot(
            xs, ys, "-o", color=color, alpha=alpha, linewidth=width, markersize=5, zorder=5
        )
    else:  # no simplex: the support point that fell short, drawn hollow
        (artist,) = axes.plot(
            xs, ys, "o", markerfacecolor="none", color=color, alpha=alpha, markersize=9, zorder=5
        )
    artist.set_gid(f"simplex-{step.number}")
    label = axes.annotate(
        str(step.number),
        _label_place(step),
        textcoords="offset points",
        xytext=(8, 6 + 12 * stack),  # clear of the origin's cross when the middle is the origin
        color=color,
        alpha=max(alpha, 0.5),
        fontsize=10,
        fontweight="bold",
        zorder=9,
    )
    label.set_gid(f"step-label-{step.number}")


def _draw_direction(axes: Any, corners: list[Vec], step: _Step) -> None:
    dx, dy = step.direction
    length = math.hypot(dx, dy)
    if not length > 0.0 or not math.isfinite(length):
        return
    extent = max(
        max(x for x, _ in corners) - min(x for x, _ in corners),
        max(y for _, y in corners) - min(y for _, y in corners),
        sys.float_info.min,  # a difference that is one point: any positive size will do
    )
    scale = 0.25 * extent / length
    axes.plot([dx * scale], [dy * scale], alpha=0.0)  # keeps the arrow inside the view
    axes.annotate(
        "",
        (dx * scale, dy * scale),
        (0.0, 0.0),
        arrowprops={"arrowstyle": "-|>", "color": _COLOR_DIRECTION, "linewidth": 2},
        zorder=8,
    )
    axes.plot([], [], color=_COLOR_DIRECTION, linewidth=2, label=f"direction d{step.number}")


def _finish_axes(axes: Any) -> None:
    axes.set_aspect("equal", adjustable="datalim")
    axes.grid(True, linewidth=0.5, alpha=0.5)
    axes.legend(  # below the panel, where it hides nothing
        loc="upper center", bbox_to_anchor=(0.5, -0.07), ncol=2, fontsize=8, frameon=False
    )


def _caption(step: _Step) -> str:
    import textwrap

    lines = [f"step {step.number}: {step.caption[0]}", *step.caption[1:]]
    return "\n".join(textwrap.fill(line, 150, subsequent_indent="    ") for line in lines)
