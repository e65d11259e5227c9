"""Pictures of a check: the shapes, and GJK (then EPA) at work on their Minkowski difference.

A picture is one *frame* of the run, and frame k shows only what is known
after step k, so that the frames, read one by one, tell the run as the seed
article tells it:

* left panel, A and B: the step's support points, the farthest point ``a`` of
  A along the search direction and ``b`` of B against it, each joined by a
  dotted line across the figure to the point ``w = a - b`` of ``A - B`` it
  makes (a line across the panels rather than ``A - B`` drawn over the shapes:
  each panel keeps its own place and scale, and the join still shows which
  points make ``w``);
* right panel: ``A - B`` (faint; for the distance run of rounded shapes the
  cores' difference, the full one dashed), the origin, the search direction,
  ``w``, every simplex so far numbered and faded by age (numbers that would
  print on one another are written once, ``5-9``), and for the boolean run the
  line ``w.d = 0`` through the origin, across which ``w`` must reach; for the
  distance run the simplex's point ``v`` nearest the origin;
* when the shapes overlap, EPA's steps follow GJK's: the polygon grown inside
  ``A - B``, its edge nearest the origin with the outward normal, and the new
  support point with its ``a`` and ``b``;
* the caption: the step in words, the sentences of ``gjk check --trace``
  (:mod:`gjkcli.render.narration`).

The answer (the verdict in the title, the closest points and distance, the
overlap, the contact points, the move that separates, the depth vector) is
drawn on the last frame only; the still picture is that last frame.

The parts that never change are drawn once; each frame's own artists are drawn
over a copy of them, and the pixels go to Pillow (one GIF frame per step, each
with its own duration), so that a run of ten steps takes a few seconds.

A compound shape is drawn part by part (the cuts between parts dotted), with
the pair of parts that decided the answer outlined; the right panel shows
that pair's ``A - B`` and run.

matplotlib is an optional dependency (``pip install 'gjkcli[plot]'``),
imported only here; its figures are drawn on an Agg canvas of their own (no
display, and nothing left in pyplot's list of open figures).
"""

from __future__ import annotations

import math
import os
import re
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from gjkcli.algorithms.epa import EpaStep
from gjkcli.algorithms.minkowski import minkowski_difference
from gjkcli.algorithms.support import SupportPoint
from gjkcli.io.errors import printable
from gjkcli.render.narration import (
    boolean_step_lines,
    distance_step_lines,
    epa_notes,
    epa_step_lines,
    on_cores,
    radii_notes,
)
from gjkcli.render.numbers import compact
from gjkcli.render.pacing import (
    CAPTION_SIZES,
    DEFAULT_CAPTION_SIZE,
    DEFAULT_SECONDS_PER_STEP,
    SECONDS_PER_STEP,
    within,
)
from gjkcli.render.scene import (
    boundary,
    deciding_indices,
    deciding_parts,
    geometry_lines,
    overlap_ring,
)
from gjkcli.render.table import verdict_summary
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape
from gjkcli.shapes.rounded import split_radius
from gjkcli.verify.check import Check

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from PIL.Image import Image

__all__ = [
    "FRAME_NAME",
    "PlotUnavailableError",
    "RunQuery",
    "check_figure",
    "save_plot",
    "save_steps",
]

RunQuery = Literal["boolean", "distance"]
"""Which GJK run the right panel shows."""

SUFFIXES = (".svg", ".png", ".pdf")

COLOR_A, COLOR_B = "#1f77b4", "#ff7f0e"
COLOR_DIFFERENCE, COLOR_SIMPLEX, COLOR_FINAL = "#7f7f7f", "#6a3d9a", "#d62728"
COLOR_DIRECTION, COLOR_OVERLAP, COLOR_EPA = "#2ca02c", "#d62728", "#8c564b"
DPI = 100
_WIDTH = 12.0  # inches
_PANELS = 5.0  # inches of the panels' height
_LEGENDS = 1.3  # inches below the panels for their legends
_TITLE = 0.85  # inches above the panels for the title and the panels' titles
_PARTS = 0.25  # inches more for the right panel title's second line: the deciding parts
MONOSPACE_WIDTH = 0.61  # a monospace letter's width, in ems (DejaVu Sans Mono: 0.602)
CLUSTER = 14.0  # points: step numbers whose places are closer are written as one label
LABEL_SIZE = 10.0
TITLE_SIZE = 14.0


class PlotUnavailableError(Exception):
    """matplotlib is not installed; the message says what to install."""


@dataclass(frozen=True)
class _Step:
    """What the panels need from one step of either GJK run."""

    number: int
    simplex: tuple[Vec, ...]
    support: SupportPoint
    direction: Vec
    caption: list[str]
    closest: Vec | None = None  # the distance run's point of the simplex nearest the origin
    boolean: bool = False  # the boolean run: its step is decided by the line w.d = 0


@dataclass(frozen=True)
class _Frame:
    """One picture: GJK's first ``known`` steps, and EPA's step ``epa`` when there is one."""

    known: int
    epa: EpaStep | None
    caption: list[str]
    last: bool


@dataclass
class _Label:
    """The number of one or more GJK steps whose simplices have (nearly) the same middle."""

    place: Vec
    members: list[int]
    offset: Vec = (0.0, 0.0)  # points from the place to the middle of the text


@dataclass
class _Scene:
    """A figure with the parts that never change drawn, and what its frames need."""

    check: Check
    query: RunQuery
    figure: Any
    world: Any
    difference: Any
    steps: list[_Step]
    frames: list[_Frame]
    caption_size: float
    wrap: int
    rounded: bool
    radii: float
    extent: float
    labels: list[_Label] = field(default_factory=list)
    name: str = ""  # the pair's, as the titles write it (cut short if need be)
    legend: Any = None  # the right panel's, for GJK's frames or EPA's


def save_plot(
    check: Check, query: RunQuery, path: Path, caption_size: float = DEFAULT_CAPTION_SIZE
) -> None:
    """The picture of ``check`` (traced): its last frame, with the answer, as SVG, PNG or
    PDF by ``path``'s suffix."""
    scene = _scene(check, query, caption_size)
    _draw_frame(scene, len(scene.frames) - 1, animated=False)
    scene.figure.savefig(path, dpi=DPI)


FRAME_NAME = re.compile(r"step-\d{2,}\.png")
"""The names of the frames :func:`save_steps` writes (``step-01.png``, ...)."""


def save_steps(
    check: Check,
    query: RunQuery,
    *,
    gif: Path | None = None,
    frames: Path | None = None,
    seconds_per_step: float = DEFAULT_SECONDS_PER_STEP,
    caption_size: float = DEFAULT_CAPTION_SIZE,
) -> None:
    """The frames of ``check``'s run (traced), one per step of GJK's run and then of EPA's,
    drawn once: as a GIF at ``gif``, each frame held ``seconds_per_step`` seconds (the
    last twice as long), and as PNGs ``step-01.png``, ``step-02.png``, ... in the folder
    ``frames`` (created if needed).

    Frames of an earlier, longer run in that folder (files named as frames are,
    ``step-NN.png``) are removed after, so that the folder holds this run's alone; no
    other file is touched.
    """
    within("seconds_per_step", seconds_per_step, SECONDS_PER_STEP)
    scene = _scene(check, query, caption_size)
    images = list(_images(scene))
    if frames is not None:
        _write_frames(images, frames)
    if gif is not None:
        hold = round(seconds_per_step * 1000)  # milliseconds; the GIF keeps hundredths
        durations = [hold] * (len(images) - 1) + [2 * hold]
        from PIL.Image import Quantize

        # Pillow's own reduction to a GIF's 256 colours is ten times slower, and no better
        # for flat-coloured drawings
        first, *rest = [image.quantize(method=Quantize.FASTOCTREE) for image in images]
        first.save(gif, save_all=True, append_images=rest, duration=durations, loop=0)


def check_figure(
    check: Check,
    query: RunQuery = "distance",
    step: int | None = None,
    caption_size: float = DEFAULT_CAPTION_SIZE,
) -> Figure:
    """The matplotlib figure of ``check`` (traced) after frame ``step`` (1 on: GJK's steps,
    then EPA's), or its last frame, with the answer, when ``step`` is ``None``.

    :func:`gjkcli.figure` makes it from two shapes in any form.

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> check = check_pair(load_pair("samples/seed-example.json"), trace=True)
    >>> first = check_figure(check, "boolean", step=1)
    >>> [text.get_text() for text in first.texts][0]
    'seed-example: boolean GJK, step 1 of 3'
    >>> [text.get_text() for text in check_figure(check, "boolean").texts][0]
    'seed-example: overlapping, depth 0.894427'
    """
    scene = _scene(check, query, caption_size)
    count = len(scene.frames)
    if step is not None and not 1 <= step <= count:
        raise ValueError(f"step {step}: this run has frames 1 to {count}")
    _draw_frame(scene, count - 1 if step is None else step - 1, animated=False)
    scene.figure.canvas.draw()  # a notebook or a caller sees the figure as it is saved
    figure: Figure = scene.figure
    return figure


def _write_frames(images: list[Image], directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    names = set()
    for number, image in enumerate(images, start=1):
        name = f"step-{number:02d}.png"
        image.save(directory / name, compress_level=1)  # quick: flat colours pack well anyway
        names.add(name)
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


def _images(scene: _Scene) -> Iterator[Image]:
    """Each frame as an RGB image: the frame's artists drawn over a copy of the parts
    that do not change in its phase (GJK's frames or EPA's), drawn once per phase."""
    from PIL import Image as Pillow

    figure = scene.figure
    backgrounds: dict[bool, Any] = {}
    for index, frame in enumerate(scene.frames):
        epa = frame.epa is not None
        if epa not in backgrounds:
            if _phase(scene, epa):
                figure.canvas.draw()
            backgrounds[epa] = figure.canvas.copy_from_bbox(figure.bbox)
        figure.canvas.restore_region(backgrounds[epa])
        artists = _draw_frame(scene, index, animated=True)
        above = [  # the origin stays on top of the frame's simplices and arrows
            artist for artist in scene.difference.get_lines() if artist.get_gid() == "origin"
        ]
        for artist in sorted([*artists, *above], key=lambda artist: artist.get_zorder()):
            figure.draw_artist(artist)
        yield Pillow.fromarray(_rgba(figure.canvas)).convert("RGB")
        for artist in artists:
            artist.remove()


def _phase(scene: _Scene, epa: bool) -> bool:
    """The right panel's title and legend for GJK's frames or for EPA's; whether they
    changed."""
    if scene.legend is not None and scene.legend.get_gid() == ("legend-epa" if epa else "legend"):
        return False
    if scene.legend is not None:
        scene.legend.remove()
    for artist in scene.difference.get_children():
        if artist.get_gid() == "difference-cores":
            artist.set_visible(epa)
    scene.legend = _run_legend(scene, epa)
    run = "EPA's polygon" if epa else f"the simplices of {_run_name(scene)}"
    scene.difference.set_title(f"A - B and {run}{_which_parts(scene.check)}")
    return True


def _rgba(canvas: Any) -> Any:
    import numpy

    return numpy.asarray(canvas.buffer_rgba())


def new_figure(size: tuple[float, float]) -> Any:
    """A figure of its own, on an Agg canvas (no display, and nothing kept by pyplot)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotUnavailableError(
            "plotting needs matplotlib, which is not installed: pip install 'gjkcli[plot]'"
        ) from None
    figure = Figure(figsize=size, dpi=DPI)
    FigureCanvasAgg(figure)
    return figure


def _steps(check: Check, query: RunQuery) -> list[_Step]:
    """The steps of the run to draw; the check must have been made with ``trace=True``."""
    if not check.answer.boolean_trace:
        raise ValueError("a picture needs the steps of the run: check_pair(pair, trace=True)")
    if query == "boolean":
        return [
            _Step(s.iteration, s.simplex, s.support, s.direction, boolean_step_lines(s), None, True)
            for s in check.answer.boolean_trace
        ]
    cores = on_cores(check.answer)
    steps = [
        _Step(
            s.iteration,
            s.simplex,
            s.support,
            s.direction,
            distance_step_lines(s, cores),
            s.closest,
        )
        for s in check.answer.distance_trace
    ]
    if cores and steps:  # the run ends on |v|: the last step says how the distance follows
        last = steps[-1]
        steps[-1] = replace(last, caption=[*last.caption, radii_notes(check.answer)[1]])
    return steps


def _frames(check: Check, steps: list[_Step]) -> list[_Frame]:
    """GJK's steps, then EPA's; the last of them all carries the answer, and the words
    ``--trace`` ends EPA with: how the depth follows (the radii added, for rounded
    shapes), and why EPA ran no loop when it did not."""
    answer = check.answer
    run = [(len(steps), step) for step in answer.epa_trace]
    frames = [
        _Frame(
            step.number, None, [f"step {step.number}: {step.caption[0]}", *step.caption[1:]], False
        )
        for step in steps
    ]
    cores = on_cores(answer)
    for known, step in run:
        lines = epa_step_lines(step, cores)
        heading = f"EPA step {step.iteration} of {len(run)}: {lines[0]}"
        frames.append(_Frame(known, step, [heading, *lines[1:]], False))
    last = frames[-1]
    notes: tuple[str, ...] = ()
    if answer.penetration is not None:
        before, after = epa_notes(answer)
        notes = (after,) if answer.epa_trace else (before, after)
    frames[-1] = _Frame(last.known, last.epa, [*last.caption, *notes], True)
    return frames


def _scene(check: Check, query: RunQuery, caption_size: float) -> _Scene:
    """The figure with everything that never changes drawn, its views fixed, and the
    places of the step numbers chosen."""
    within("caption_size", caption_size, CAPTION_SIZES)
    steps = _steps(check, query)
    frames = _frames(check, steps)
    wrap = max(40, int((_WIDTH - 0.4) * 72 / (MONOSPACE_WIDTH * caption_size)))
    lines = max(len(wrapped(frame.caption, wrap)) for frame in frames)
    caption = (lines * 1.25 * caption_size) / 72 + 0.3
    title = _TITLE + (_PARTS if check.answer.parts is not None else 0.0)
    height = title + _PANELS + _LEGENDS + caption
    figure = new_figure((_WIDTH, height))
    world, difference = figure.subplots(1, 2)
    figure.subplots_adjust(
        left=0.05,
        right=0.98,
        top=1 - title / height,
        bottom=(_LEGENDS + caption) / height,
        wspace=0.18,
    )
    shape_a, shape_b = deciding_parts(check)
    core_a, radius_a = split_radius(shape_a)
    core_b, radius_b = split_radius(shape_b)
    full = list(minkowski_difference(shape_a, shape_b).vertices)
    scene = _Scene(
        check,
        query,
        figure,
        world,
        difference,
        steps,
        frames,
        caption_size,
        wrap,
        rounded=query == "distance" and radius_a + radius_b > 0.0,
        radii=radius_a + radius_b,
        extent=_extent(full),
    )
    scene.name = _fitted_name(scene)
    _draw_world(scene)
    cores = list(minkowski_difference(core_a, core_b).vertices)
    if scene.rounded:  # the distance run works on the cores: filled, the whole dashed
        _draw_polygon(difference, cores, "cores: A - B")
        _draw_outline(difference, full, "A - B", "difference-full")
    else:
        _draw_polygon(difference, full, "A - B")
        if scene.radii > 0.0 and check.answer.epa_trace:
            # the boolean run works on the whole shapes, EPA on the cores: on EPA's frames
            _draw_outline(difference, cores, "cores: A - B", "difference-cores")
    difference.plot(
        0.0, 0.0, "k+", markersize=14, markeredgewidth=2, zorder=8, label="origin", gid="origin"
    )
    tips = [_arrow_tip(scene, step.direction) for step in steps]
    tips += [_normal_ends(scene, step)[1] for step in check.answer.epa_trace]
    xs, ys = zip(*[*full, (0.0, 0.0), *(tip for tip in tips if tip is not None)], strict=True)
    difference.plot(xs, ys, alpha=0.0)  # keeps every frame's arrows inside the view
    for axes in (world, difference):
        axes.set_aspect("equal", adjustable="datalim")
        axes.grid(True, linewidth=0.5, alpha=0.5)
    _phase(scene, epa=False)
    figure.canvas.draw()  # fixes the views: no frame moves them
    for axes in (world, difference):
        axes.set_autoscale_on(False)
    scene.labels = _place_labels(scene)
    return scene


def _extent(corners: Sequence[Vec]) -> float:
    """The size of the right panel's view: of ``A - B`` and the origin together; 1 when
    ``A - B`` is the origin alone (any size will do: the arrows then make the view)."""
    points = [*corners, (0.0, 0.0)]
    size = max(
        max(x for x, _ in points) - min(x for x, _ in points),
        max(y for _, y in points) - min(y for _, y in points),
    )
    return size if size > 0.0 else 1.0


def _arrow_tip(scene: _Scene, direction: Vec) -> Vec | None:
    """Where the arrow of a search direction ends: a quarter of the view's size from the
    origin; ``None`` for a direction that is no usable number."""
    dx, dy = direction
    length = math.hypot(dx, dy)
    if not length > 0.0 or not math.isfinite(length):
        return None
    scale = 0.25 * scene.extent / length
    return (dx * scale, dy * scale)


def wrapped(lines: list[str], width: int) -> list[str]:
    return [
        part
        for line in lines
        for part in textwrap.wrap(line, width, subsequent_indent="    ") or [""]
    ]


def _draw_world(scene: _Scene) -> None:
    """The left panel's parts that never change: A and B, and room for the answer."""
    axes, check = scene.world, scene.check
    deciding = deciding_indices(check.answer) or (-1, -1)
    _draw_any(axes, check.pair.a.shape, COLOR_A, "A", deciding[0])
    _draw_any(axes, check.pair.b.shape, COLOR_B, "B", deciding[1])
    if check.answer.parts is not None:
        axes.plot([], [], "-", color="black", linewidth=1.2, label="the deciding pair of parts")
    axes.plot([], [], "o", color=COLOR_A, markeredgecolor="black", label="a: A's point of the step")
    axes.plot([], [], "o", color=COLOR_B, markeredgecolor="black", label="b: B's point of the step")
    overlap = check.answer.penetration
    if overlap is not None:  # the separating move's arrow, drawn on the last frame, fits
        (_, _), (bx, by) = overlap.contact
        nx, ny = overlap.normal
        axes.plot([bx + nx * overlap.depth], [by + ny * overlap.depth], alpha=0.0)
    axes.set_title("A and B")
    axes.legend(loc="upper left", bbox_to_anchor=(0.0, -0.07), ncol=1, fontsize=8, frameon=False)


def _draw_answer(scene: _Scene) -> list[Any]:
    """The left panel's answer: the closest points and the distance, or the overlap, the
    contact points and the move that separates; drawn on the last frame only."""
    axes, check = scene.world, scene.check
    made: list[Any] = []
    handles: list[Any] = []
    if check.answer.gjk.closest is not None:
        (ax, ay), (bx, by) = check.answer.gjk.closest
        made += axes.plot([ax, bx], [ay, by], "k--", linewidth=1.2, zorder=4)
        made += axes.plot([ax, bx], [ay, by], "ko", markersize=4, zorder=5, label="closest points")
        handles.append(made[-1])
        made.append(
            axes.annotate(
                f"distance {compact(check.answer.gjk.distance)}",
                ((ax + bx) / 2, (ay + by) / 2),
                textcoords="offset points",
                xytext=(6, 6),
            )
        )
    overlap = check.answer.penetration
    if overlap is not None:
        hatch = draw_overlap(axes, check.pair.a.shape, check.pair.b.shape)
        made += hatch
        handles += hatch
        (ax, ay), (bx, by) = overlap.contact
        made += axes.plot([ax, bx], [ay, by], "ko", markersize=4, zorder=5, label="contact points")
        handles.append(made[-1])
        if overlap.depth > 0.0:
            nx, ny = overlap.normal
            made.append(
                axes.annotate(
                    "",
                    (bx + nx * overlap.depth, by + ny * overlap.depth),
                    (bx, by),
                    arrowprops={"arrowstyle": "->", "color": "black", "linewidth": 1.5},
                    zorder=6,
                )
            )
            made += axes.plot([], [], color="black", label=f"move B by {compact(overlap.depth)}")
            handles.append(made[-1])
    for artist in made:
        artist.set_gid("answer")
    if handles:
        made.append(
            add_legend(axes, handles, loc="upper right", bbox_to_anchor=(1.0, -0.07), gid="answer")
        )
    return made


def add_legend(axes: Any, handles: list[Any], gid: str, **placed: Any) -> Any:
    """A legend of its own (an axes can hold several), added to ``axes``; small and with
    no frame unless ``placed`` says otherwise."""
    from matplotlib.legend import Legend

    options = {"fontsize": 8, "frameon": False, **placed}
    legend = Legend(axes, handles, [h.get_label() for h in handles], **options)
    legend.set_gid(gid)
    axes.add_artist(legend)
    return legend


def draw_overlap(axes: Any, shape_a: Shape, shape_b: Shape) -> list[Any]:
    """The region two convex shapes share, hatched (nothing when it has no area)."""
    ring = overlap_ring(shape_a, shape_b)
    if not ring:
        return []
    x, y = zip(*ring, strict=True)
    made: list[Any] = axes.fill(
        x,
        y,
        facecolor="none",
        edgecolor=COLOR_OVERLAP,
        hatch="///",
        linewidth=0.8,
        label="overlap",
        zorder=3,
    )
    return made


def _draw_any(axes: Any, shape: Shape, color: str, label: str, deciding: int) -> None:
    """A convex shape, or a compound one: its parts filled, the cuts between them dotted,
    the deciding part outlined in black, and its boundary (that of the geometry it was
    cut from, as Shapely has it) drawn over them."""
    if not isinstance(shape, Compound):
        draw_shape(axes, shape, color, label)
        return
    for index, part in enumerate(shape.parts):
        points = boundary(part)
        if len(points) >= 3:
            xs, ys = zip(*points, strict=True)
            axes.fill(xs, ys, facecolor=color, alpha=0.3, edgecolor="none")
        xs, ys = zip(*([*points, points[0]] if len(points) >= 3 else points), strict=True)
        if len(points) >= 3:
            axes.plot(xs, ys, ":", color=color, linewidth=0.8)
        if index == deciding:
            style = "o" if len(points) == 1 else "-"
            axes.plot(xs, ys, style, color="black", linewidth=1.2, markersize=4, zorder=4)
    lines, points = geometry_lines(shape)
    for line in lines:
        xs, ys = zip(*line, strict=True)
        axes.plot(xs, ys, "-", color=color, linewidth=2.5 if len(line) < 3 else 1.5)
    for x, y in points:
        axes.plot(x, y, "o", color=color, markersize=7, zorder=3)
    axes.plot([], [], "s", color=color, alpha=0.5, label=f"{label} ({len(shape.parts)} parts)")


def draw_shape(
    axes: Any,
    shape: ConvexShape,
    color: str,
    label: str | None,
    *,
    alpha: float | None = None,
    outline: str | None = None,
    gid: str | None = None,
) -> list[Any]:
    """A convex shape: a dot for a point, a thick line for a segment, else filled; or with
    ``outline`` (a line style) its boundary alone. ``alpha``: every artist's opacity
    (``None``: filled at 0.3, lines and dots opaque). Returns its artists.
    """
    points = boundary(shape)
    xs, ys = zip(*points, strict=True)
    if len(points) == 1:
        made: list[Any] = axes.plot(
            xs, ys, "o", color=color, alpha=alpha, markersize=7, label=label, zorder=3
        )
    elif len(points) == 2:
        made = axes.plot(
            xs, ys, outline or "-", color=color, alpha=alpha, linewidth=2.5, label=label, zorder=3
        )
    elif outline is not None:
        xs, ys = (*xs, xs[0]), (*ys, ys[0])
        made = axes.plot(xs, ys, outline, color=color, alpha=alpha, linewidth=1.5, label=label)
    else:
        made = axes.fill(
            xs,
            ys,
            facecolor=color,
            alpha=0.3 if alpha is None else alpha,
            edgecolor=color,
            linewidth=1.5,
            label=label,
        )
    for artist in made:
        artist.set_gid(gid)
    return made


def _which_parts(check: Check) -> str:
    search = check.answer.parts
    if search is None:
        return ""
    return f"\nfor part {search.deciding.a} of A and part {search.deciding.b} of B"


def _draw_polygon(axes: Any, corners: list[Vec], label: str) -> None:
    xs, ys = zip(*corners, strict=True)
    if len(corners) >= 3:
        axes.fill(
            xs,
            ys,
            facecolor=COLOR_DIFFERENCE,
            alpha=0.18,
            edgecolor=COLOR_DIFFERENCE,
            label=label,
            gid="difference",
        )
    else:
        axes.plot(xs, ys, "-o", color=COLOR_DIFFERENCE, label=label, gid="difference")


def _draw_outline(axes: Any, corners: list[Vec], label: str, gid: str) -> None:
    xs, ys = zip(*[*corners, corners[0]], strict=True)
    axes.plot(xs, ys, "--", color=COLOR_DIFFERENCE, linewidth=1.2, label=label, gid=gid)


def _draw_frame(scene: _Scene, index: int, animated: bool) -> list[Any]:
    """Everything frame ``index`` adds to the parts that never change; returns the artists
    (``animated``: left out of the figure's own drawing, to be drawn one by one)."""
    frame, figure = scene.frames[index], scene.figure
    _phase(scene, frame.epa is not None)
    made: list[Any] = []
    made.append(
        figure.text(
            0.5,
            1 - 0.3 / figure.get_figheight(),
            f"{scene.name}: {_title_words(scene, frame)}",
            ha="center",
            va="center",
            fontsize=TITLE_SIZE,
            fontweight="bold",
            parse_math=False,  # a name is text: "$5 and $6" is no formula
            gid="title",
        )
    )
    made.append(
        figure.text(
            0.02,
            0.15 / figure.get_figheight(),
            "\n".join(wrapped(frame.caption, scene.wrap)),
            fontsize=scene.caption_size,
            va="bottom",
            family="monospace",
            gid="caption",
        )
    )
    made += _draw_run(scene, frame)
    support = scene.steps[frame.known - 1].support if frame.epa is None else frame.epa.support
    made += _draw_support(scene, support)
    if frame.last:
        made += _draw_answer(scene)
        made += _draw_depth(scene)
    for artist in made:
        artist.set_animated(animated)
    return made


def _title_words(scene: _Scene, frame: _Frame) -> str:
    """The title of a frame after the pair's name: the step, or the answer on the last."""
    answer = scene.check.answer
    if frame.last:
        return verdict_summary(answer)
    if frame.epa is not None:
        return f"EPA, step {frame.epa.iteration} of {len(answer.epa_trace)}"
    return f"{_run_name(scene)}, step {frame.known} of {len(scene.steps)}"


def _fitted_name(scene: _Scene) -> str:
    """The pair's name as the titles write it: cut short ("...") if the widest title
    would not fit the figure's width, so that a long name never hides the answer."""
    name = printable(scene.check.pair.name)
    figure = scene.figure
    renderer = figure.canvas.get_renderer()
    probe = figure.text(0, 0, "", fontsize=TITLE_SIZE, fontweight="bold", parse_math=False)

    def width(text: str) -> float:
        probe.set_text(text)
        return float(probe.get_window_extent(renderer).width)

    room = figure.bbox.width - 0.4 * figure.dpi  # a fifth of an inch free on each side
    room -= max(width(words) for words in {_title_words(scene, f) for f in scene.frames})
    fitted = name
    if width(f"{name}: ") > room:  # the longest start of the name that fits, by halves
        low, high = 0, len(name)
        while low < high:
            middle = (low + high + 1) // 2
            low, high = (
                (middle, high) if width(f"{name[:middle]}...: ") <= room else (low, middle - 1)
            )
        fitted = f"{name[:low]}..."
    probe.remove()
    return fitted


def _run_name(scene: _Scene) -> str:
    return "GJK distance" if scene.query == "distance" else "boolean GJK"


def _draw_support(scene: _Scene, support: SupportPoint) -> list[Any]:
    """The step's point of A and of B, each joined to the point of ``A - B`` they make."""
    from matplotlib.patches import ConnectionPatch

    made: list[Any] = []
    for point, color, name in ((support.a, COLOR_A, "a"), (support.b, COLOR_B, "b")):
        made += scene.world.plot(
            *point, "o", color=color, markeredgecolor="black", markersize=8, zorder=7, gid=name
        )
        join = ConnectionPatch(
            point,
            support.w,
            coordsA=scene.world.transData,
            coordsB=scene.difference.transData,
            color=color,
            linestyle=":",
            linewidth=1.2,
            alpha=0.8,
            zorder=6,
        )
        join.set_gid(f"join-{name}")
        scene.figure.add_artist(join)
        made.append(join)
    return made


def _draw_run(scene: _Scene, frame: _Frame) -> list[Any]:
    """The right panel's part of a frame: GJK's simplices so far and the step's direction,
    point and decision; on EPA's frames, EPA's polygon over GJK's simplices (faint)."""
    axes = scene.difference
    made: list[Any] = []
    shown = scene.steps[: frame.known]
    for step in shown:
        if frame.epa is None:
            age = (frame.known - step.number) / max(frame.known, 1)
            made.append(_draw_simplex(axes, step, step is shown[-1], age))
        else:
            made.append(_draw_simplex(axes, step, False, 1.0))
    if frame.epa is None:
        made += _draw_labels(scene, frame.known)
        made += _draw_step(scene, shown[-1])
    else:
        made += _draw_epa(scene, frame.epa)
    return made


def _run_legend(scene: _Scene, epa: bool) -> Any:
    """The right panel's legend for GJK's frames, or for EPA's: the same on every frame of
    the phase (the numbers of a step are in its caption), so drawn once per phase."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    axes = scene.difference
    handles: list[Any] = [
        artist
        for artist in axes.get_children()
        if artist.get_gid() in ("difference", "difference-cores", "difference-full", "origin")
        and artist.get_visible()
    ]
    star: dict[str, Any] = {
        "marker": "*",
        "color": COLOR_FINAL,
        "markersize": 12,
        "linestyle": "none",
    }
    arrow: dict[str, Any] = {"color": COLOR_DIRECTION, "linewidth": 2}
    if not epa:
        handles += [
            Line2D([], [], label="support point w = a - b", **star),
            Line2D([], [], label="search direction d", **arrow),
            Line2D([], [], color=COLOR_FINAL, linewidth=2.5, label="simplex after the step"),
            Line2D([], [], color=COLOR_SIMPLEX, label="earlier simplices (older: fainter)"),
        ]
        if scene.query == "boolean":
            handles.append(
                Line2D([], [], linestyle="--", label="w.d = 0: w must reach this line", **arrow)
            )
        else:
            label = "v: the simplex's point nearest the origin"
            handles.append(Line2D([], [], linestyle=":", color="black", label=label))
    else:
        handles += [
            Patch(facecolor=COLOR_EPA, alpha=0.3, edgecolor=COLOR_EPA, label="EPA's polygon"),
            Line2D([], [], color=COLOR_EPA, linewidth=3, label="its edge nearest the origin"),
            Line2D([], [], label="the edge's outward normal n", **arrow),
            Line2D(
                [], [], linestyle=":", color="black", label="origin to the edge (last: the depth)"
            ),
            Line2D([], [], label="support point w = a - b along n", **star),
            Line2D([], [], color=COLOR_SIMPLEX, alpha=0.3, label="GJK's simplices"),
        ]
    return add_legend(
        axes,
        handles,
        "legend-epa" if epa else "legend",
        loc="upper center",
        bbox_to_anchor=(0.5, -0.07),
        ncol=2,
    )


def _draw_step(scene: _Scene, step: _Step) -> list[Any]:
    """A GJK step's point ``w``, its direction, and the line ``w.d = 0`` (boolean run) or
    the point ``v`` of the simplex nearest the origin (distance run)."""
    axes = scene.difference
    made: list[Any] = axes.plot(
        *step.support.w, "*", color=COLOR_FINAL, markersize=12, zorder=7, gid="support"
    )
    tip = _arrow_tip(scene, step.direction)
    if tip is not None:
        made.append(
            axes.annotate(
                "",
                tip,
                (0.0, 0.0),
                arrowprops={"arrowstyle": "-|>", "color": COLOR_DIRECTION, "linewidth": 2},
                zorder=8,
            )
        )
        made[-1].set_gid("direction")
        if step.boolean:
            dx, dy = step.direction
            made.append(
                axes.axline(
                    (0.0, 0.0),
                    (-dy, dx),
                    linestyle="--",
                    color=COLOR_DIRECTION,
                    linewidth=1.2,
                    alpha=0.8,
                    zorder=4,
                    gid="crossing",
                )
            )
    if step.closest is not None and math.isfinite(step.closest[0]):
        vx, vy = step.closest
        made += axes.plot(
            [0.0, vx], [0.0, vy], ":", color="black", linewidth=1.2, zorder=6, gid="closest"
        )
    return made


def _draw_epa(scene: _Scene, step: EpaStep) -> list[Any]:
    """An EPA step: the polygon, its edge nearest the origin, the normal, the new point."""
    axes = scene.difference
    xs, ys = zip(*[*step.polygon, step.polygon[0]], strict=True)
    made: list[Any] = axes.fill(
        xs, ys, facecolor=COLOR_EPA, alpha=0.15, edgecolor=COLOR_EPA, linewidth=1.2, zorder=5
    )
    made[-1].set_gid("epa-polygon")
    (sx, sy), (ex, ey) = step.edge
    made += axes.plot(
        [sx, ex], [sy, ey], "-", color=COLOR_EPA, linewidth=3, zorder=6, gid="epa-edge"
    )
    nx, ny = step.normal
    made += axes.plot(
        [0.0, nx * step.height],
        [0.0, ny * step.height],
        ":",
        color="black",
        linewidth=1.2,
        zorder=6,
        gid="epa-gap",
    )
    start, tip = _normal_ends(scene, step)
    if tip is not None:
        made.append(
            axes.annotate(
                "",
                tip,
                start,
                arrowprops={"arrowstyle": "-|>", "color": COLOR_DIRECTION, "linewidth": 2},
                zorder=8,
            )
        )
        made[-1].set_gid("epa-normal")
    made += axes.plot(
        *step.support.w, "*", color=COLOR_FINAL, markersize=12, zorder=7, gid="epa-support"
    )
    return made


def _normal_ends(scene: _Scene, step: EpaStep) -> tuple[Vec, Vec | None]:
    """Where an EPA step's normal is drawn: outwards from the edge nearest the origin (its
    tip ``None`` when the normal is no usable number). On the last step, which the depth
    is drawn with (from the origin, the radii past the edge when EPA runs on the cores),
    it starts where the depth ends, clear of it."""
    nx, ny = step.normal
    last = step is scene.check.answer.epa_trace[-1]
    reach = step.height + (scene.radii if last else 0.0)
    start = (nx * reach, ny * reach)
    ahead = _arrow_tip(scene, step.normal)
    if ahead is None:
        return start, None
    return start, (start[0] + 0.6 * ahead[0], start[1] + 0.6 * ahead[1])


def _draw_depth(scene: _Scene) -> list[Any]:
    """On the last frame after EPA: the depth vector, from the origin to the nearest point
    of ``A - B``'s boundary."""
    overlap = scene.check.answer.penetration
    if overlap is None or not scene.check.answer.epa_trace or not overlap.depth > 0.0:
        return []
    nx, ny = overlap.normal
    arrow = scene.difference.annotate(
        "",
        (nx * overlap.depth, ny * overlap.depth),
        (0.0, 0.0),
        arrowprops={"arrowstyle": "->", "color": "black", "linewidth": 1.8},
        zorder=9,
    )
    arrow.set_gid("answer")
    return [arrow]


def _simplex_points(step: _Step) -> list[Vec]:
    """The simplex after the step; when it is empty (boolean GJK stopped at its first
    support point, which fell short of the origin), that support point stands in."""
    return list(step.simplex) or [step.support.w]


def _middle(step: _Step) -> Vec:
    """Where the step's number belongs: the middle of its simplex."""
    points = _simplex_points(step)
    return (
        sum(x for x, _ in points) / len(points),
        sum(y for _, y in points) / len(points),
    )


def _draw_simplex(axes: Any, step: _Step, final: bool, age: float) -> Any:
    """The step's simplex, faded by ``age`` (0: this step's, 1: the oldest)."""
    color = COLOR_FINAL if final else COLOR_SIMPLEX
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
    return artist


def _place_labels(scene: _Scene) -> list[_Label]:
    """The step numbers' labels: steps whose simplices' middles are within a few points of
    one another share one label (``5-9``), each placed by :func:`label_offsets` clear of the
    other labels, the origin and the middles."""
    axes = scene.difference
    middles = [_middle(step) for step in scene.steps]
    labels = [
        _Label(middles[group[0]], [scene.steps[index].number for index in group])
        for group in clusters(axes, middles)
    ]
    taken = [
        point_box(axes, (0.0, 0.0), 16.0),
        *(point_box(axes, label.place, 6.0) for label in labels),
    ]
    offsets = label_offsets(
        axes,
        [_numbers(label.members) for label in labels],
        [label.place for label in labels],
        taken,
    )
    for label, offset in zip(labels, offsets, strict=True):
        label.offset = offset
    return labels


Box = tuple[float, float, float, float]
"""A rectangle on the figure, in points: left, bottom, right, top."""


def clusters(axes: Any, places: Sequence[Vec]) -> list[list[int]]:
    """The indices of ``places`` in groups, each place joining the first group whose first
    place is within ``CLUSTER`` points of it on ``axes`` (its view fixed), so that labels
    that would print on one another are written once."""
    groups: list[list[int]] = []
    for index, place in enumerate(places):
        x, y = _in_points(axes, place)
        for group in groups:
            gx, gy = _in_points(axes, places[group[0]])
            if math.hypot(x - gx, y - gy) <= CLUSTER:
                group.append(index)
                break
        else:
            groups.append([index])
    return groups


def point_box(axes: Any, place: Vec, size: float) -> Box:
    """A square of ``size`` points around ``place`` of ``axes``: room a label keeps clear."""
    return _box(_in_points(axes, place), (size, size))


def label_offsets(
    axes: Any, texts: Sequence[str], places: Sequence[Vec], taken: list[Box]
) -> list[Vec]:
    """Where each text goes (points from its place, bold, ``LABEL_SIZE``): the first of a
    ring of places around its place where it stays inside ``axes`` and covers neither a
    box of ``taken`` nor a label placed before it (added to ``taken``)."""
    figure = axes.get_figure()
    scale = 72 / figure.dpi  # pixels to points
    renderer = figure.canvas.get_renderer()
    inside = axes.get_window_extent(renderer)
    room = (inside.x0 * scale, inside.y0 * scale, inside.x1 * scale, inside.y1 * scale)
    offsets: list[Vec] = []
    for text, place in zip(texts, places, strict=True):
        probe = axes.annotate(text, (0.0, 0.0), fontsize=LABEL_SIZE, fontweight="bold")
        extent = probe.get_window_extent(renderer)
        probe.remove()
        size = (extent.width * scale + 3.0, extent.height * scale + 3.0)
        x, y = _in_points(axes, place)
        candidates = [
            (radius * math.cos(math.radians(angle)), radius * math.sin(math.radians(angle)))
            for radius in (size[1], 1.6 * size[1], 2.4 * size[1], 3.2 * size[1])
            for angle in (60, 120, -60, -120, 90, -90, 20, 160, -20, -160)
        ]
        for dx, dy in candidates:  # a fixed number of tries: the last one stands if all fail
            box = _box((x + dx, y + dy), size)
            if _within(box, room) and not any(_overlap(box, other) for other in taken):
                break
        offsets.append((dx, dy))
        taken.append(box)
    return offsets


def _in_points(axes: Any, place: Vec) -> Vec:
    """Where ``place`` of ``axes`` is on the figure, in points."""
    scale = 72 / axes.get_figure().dpi
    x, y = axes.transData.transform(place)
    return (float(x) * scale, float(y) * scale)


def _box(center: Vec, size: tuple[float, float]) -> Box:
    x, y = float(center[0]), float(center[1])
    return (x - size[0] / 2, y - size[1] / 2, x + size[0] / 2, y + size[1] / 2)


def _overlap(one: Box, two: Box) -> bool:
    return one[0] < two[2] and two[0] < one[2] and one[1] < two[3] and two[1] < one[3]


def _within(box: Box, room: Box) -> bool:
    return room[0] <= box[0] and room[1] <= box[1] and box[2] <= room[2] and box[3] <= room[3]


def _numbers(members: list[int]) -> str:
    """Step numbers, runs of consecutive ones shortened: ``3, 5-9``.

    >>> _numbers([3, 5, 6, 7, 8, 9]), _numbers([4]), _numbers([1, 2])
    ('3, 5-9', '4', '1-2')
    """
    runs: list[list[int]] = []
    for number in members:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def _draw_labels(scene: _Scene, known: int) -> list[Any]:
    """The labels of steps 1 to ``known``, each as its places (and this frame) have it."""
    made = []
    for label in scene.labels:
        members = [number for number in label.members if number <= known]
        if not members:
            continue
        final = members[-1] == known
        color = COLOR_FINAL if final else COLOR_SIMPLEX
        alpha = 1.0 if final else max(0.5, 0.7 * (1.0 - (known - members[-1]) / known))
        text = scene.difference.annotate(
            _numbers(members),
            label.place,
            textcoords="offset points",
            xytext=label.offset,
            ha="center",
            va="center",
            color=color,
            alpha=alpha,
            fontsize=LABEL_SIZE,
            fontweight="bold",
            zorder=9,
        )
        text.set_gid(f"step-label-{members[0]}")
        made.append(text)
    return made
