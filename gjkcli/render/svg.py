"""SVG pictures, drawn as text with no drawing library: shapes, an answer, and every
step of a check's runs for ``gjk explain``.

:func:`shape_svg`, :func:`answer_svg` and :func:`result_svg` are whole pictures (what
a notebook shows for a shape, a check, and the answer of a query);
:func:`walkthrough_svg` is the picture of ``gjk explain``: one ``<svg>`` that holds
the shapes, ``A - B`` and one group per step of the runs (``<g class="step"
data-run="boolean" data-step="3" data-index="2">``), of which a page shows one at a
time. Each point a step is
about is a mark carrying its coordinates at full precision (``data-x``,
``data-y``: Python's shortest repr, which reads back to the same float), so
that what is drawn can be checked against the trace without a browser.

A step's group holds only what is known after that step; the answer (closest
points, the overlap and the move that separates the shapes) is in a group of
its own, ``<g class="answer">``, which the page shows at the last step alone.
Labels are placed so that none covers another, nor a marked point
(:class:`Labels`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.distance import DistanceResult, DistanceStep
from gjkcli.algorithms.epa import EpaStep, Penetration
from gjkcli.algorithms.intersect import IntersectResult, IntersectStep
from gjkcli.algorithms.minkowski import minkowski_difference
from gjkcli.algorithms.pictured import Pictured
from gjkcli.algorithms.support import SupportPoint
from gjkcli.render.numbers import compact
from gjkcli.render.scene import (
    Run,
    boundary,
    deciding_indices,
    deciding_parts,
    geometry_lines,
    overlap_ring,
    run_steps,
)
from gjkcli.render.table import verdict_summary
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Compound, Shape
from gjkcli.shapes.rounded import split_radius
from gjkcli.verify.check import Check

__all__ = [
    "Labels",
    "View",
    "answer_svg",
    "off_class",
    "result_svg",
    "shape_svg",
    "shapes_offset",
    "walkthrough_svg",
]

COLOR_A, COLOR_B = "#1f77b4", "#e8710a"
COLOR_DIFFERENCE, COLOR_SIMPLEX, COLOR_SUPPORT = "#7f7f7f", "#6a3d9a", "#d62728"
COLOR_DIRECTION, COLOR_ANSWER = "#2ca02c", "#111111"

LABEL_SIZE = 13.0
"""The font size of labels, in picture units (pixels at 100 %)."""

_CHAR_WIDTH = 0.62
"""The width of a label's character as a share of its font size: a sans-serif font's
widest digits and letters, so that the box a label is given covers its text."""

_ARROW = 64.0
"""The length in pixels of a direction's arrow (a direction has no length of its own)."""


@dataclass(frozen=True)
class View:
    """World coordinates to picture coordinates: the same scale on both axes, y up, the
    world's box ``(minx, miny, maxx, maxy)`` centred in ``width`` by ``height`` pixels
    less ``margin`` on every side.

    >>> view = View.fit([(0.0, 0.0), (2.0, 1.0)], width=220.0, margin=10.0)
    >>> view.height, view((0.0, 0.0)), view((2.0, 1.0))
    (120.0, (10.0, 110.0), (210.0, 10.0))
    """

    box: tuple[float, float, float, float]
    scale: float
    width: float
    height: float
    margin: float

    @classmethod
    def fit(
        cls,
        points: Iterable[Vec],
        width: float = 640.0,
        margin: float = 48.0,
        heights: tuple[float, float] = (100.0, 640.0),
    ) -> View:
        """The view of ``points``, ``width`` pixels wide and as high as their box needs,
        within ``heights`` (at least, at most); a box of no size is given one."""
        xs, ys = zip(*points, strict=True)
        minx, miny, maxx, maxy = min(xs), min(ys), max(xs), max(ys)
        span = max(maxx - minx, maxy - miny)
        if not span > 0.0:  # one point: any size will do, its own if it has one
            span = max(abs(minx), abs(miny), 1.0)
        spanx, spany = max(maxx - minx, span * 1e-3), max(maxy - miny, span * 1e-3)
        inner = width - 2.0 * margin
        height = min(max(inner * spany / spanx + 2.0 * margin, heights[0]), heights[1])
        scale = min(inner / spanx, (height - 2.0 * margin) / spany)
        cx, cy = (minx + maxx) / 2.0, (miny + maxy) / 2.0
        half_x, half_y = inner / scale / 2.0, (height - 2.0 * margin) / scale / 2.0
        return cls(
            (cx - half_x, cy - half_y, cx + half_x, cy + half_y), scale, width, height, margin
        )

    def moved(self, offset: Vec) -> View:
        """The view that draws each world point ``p`` where this one draws ``p - offset``.

        >>> view = View.fit([(0.0, 0.0), (2.0, 1.0)], width=220.0, margin=10.0)
        >>> view.moved((100.0, 0.0))((102.0, 1.0)) == view((2.0, 1.0))
        True
        """
        minx, miny, maxx, maxy = self.box
        dx, dy = offset
        return View((minx + dx, miny + dy, maxx + dx, maxy + dy), self.scale, *self._size())

    def _size(self) -> tuple[float, float, float]:
        return self.width, self.height, self.margin

    def __call__(self, p: Vec) -> tuple[float, float]:
        """Where the world point ``p`` is in the picture."""
        return (
            self.margin + (p[0] - self.box[0]) * self.scale,
            self.height - self.margin - (p[1] - self.box[1]) * self.scale,
        )


Box = tuple[float, float, float, float]


class Labels:
    """Places labels in a picture so that none covers another, nor a marked point.

    Each label is tried at growing distances from its point, in eight directions
    (right and up first), and goes to the first place that is free and inside the
    picture; where none is, to the one that covers least, with a thin line to its
    point when it stands far from it.

    >>> labels = Labels(200.0, 100.0)
    >>> labels.mark((50.0, 50.0))
    >>> first = labels.place("A", (50.0, 50.0), "label")
    >>> second = labels.place("B", (50.0, 50.0), "label")
    >>> first != second.replace(">B<", ">A<")  # B went elsewhere
    True
    """

    _DIRECTIONS = ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, -1), (-1, 0), (-1, 1))
    _DISTANCES = (7.0, 14.0, 24.0, 38.0, 56.0, 80.0)
    _LEADER = 20.0  # farther than this from its point, a label gets a line to it
    _GAP = 2.0  # pixels kept free between a label and a mark
    _APART = 4.0  # and more between two labels, so that none reads as the next one's line

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.boxes: list[Box] = []

    def copy(self) -> Labels:
        """A placer that knows the labels and marks placed so far, and goes on apart."""
        other = Labels(self.width, self.height)
        other.boxes = list(self.boxes)
        return other

    def mark(self, at: tuple[float, float], radius: float = 5.0) -> None:
        """Keep labels off a marked point."""
        x, y = at
        self.boxes.append((x - radius, y - radius, x + radius, y + radius))

    def mark_line(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Keep labels off a line drawn between two picture points."""
        length = math.hypot(end[0] - start[0], end[1] - start[1])
        pieces = max(1, math.ceil(length / 8.0))
        for i in range(pieces + 1):
            t = i / pieces
            self.mark((start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t), 3.0)

    def place(self, text: str, at: tuple[float, float], css: str, size: float = LABEL_SIZE) -> str:
        """The SVG of ``text`` placed near the picture point ``at``, with class ``css``."""
        width, height = _CHAR_WIDTH * size * len(text) + 2.0, size + 2.0
        best: tuple[float, Box, float] | None = None
        for distance in self._DISTANCES:
            for dx, dy in self._DIRECTIONS:
                norm = math.hypot(dx, dy)
                cx = at[0] + dx / norm * distance + dx * width / 2.0
                cy = at[1] + dy / norm * distance + dy * height / 2.0
                box = (cx - width / 2.0, cy - height / 2.0, cx + width / 2.0, cy + height / 2.0)
                cost = self._covered(_grown(box, self._GAP)) + self._outside(box)
                if best is None or cost < best[0]:
                    best = (cost, box, distance)
                if cost == 0.0:
                    break
            if best is not None and best[0] == 0.0:
                break
        assert best is not None
        _, box, distance = best
        self.boxes.append(_grown(box, self._APART))
        cx, cy = (box[0] + box[2]) / 2.0, (box[1] + box[3]) / 2.0
        leader = ""
        if distance > self._LEADER:
            leader = _element(
                "line", {"class": "leader", "x1": at[0], "y1": at[1], "x2": cx, "y2": cy}
            )
        label = _element(
            "text",
            {"class": css, "x": cx, "y": cy + 0.35 * size, "font-size": size},
            escape(text),
        )
        return leader + label

    def _covered(self, box: Box) -> float:
        return sum(_overlap(box, other) for other in self.boxes)

    def _outside(self, box: Box) -> float:
        inside = _overlap(box, (0.0, 0.0, self.width, self.height))
        return 10.0 * ((box[2] - box[0]) * (box[3] - box[1]) - inside)


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _overlap(one: Box, other: Box) -> float:
    width = min(one[2], other[2]) - max(one[0], other[0])
    height = min(one[3], other[3]) - max(one[1], other[1])
    return width * height if width > 0.0 and height > 0.0 else 0.0


# --- elements ----------------------------------------------------------------------


def _number(value: float | int | str) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def _element(tag: str, attributes: dict[str, float | int | str], content: str = "") -> str:
    """``<tag a="1">content</tag>``: numbers to 0.01 of a pixel, text escaped."""
    written = "".join(f' {key}="{escape(_number(value))}"' for key, value in attributes.items())
    return f"<{tag}{written}>{content}</{tag}>" if content else f"<{tag}{written}/>"


def _data(p: Vec, prefix: str = "") -> dict[str, float | int | str]:
    """A world point at full precision, as data attributes (``data-x``, ``data-y``)."""
    return {f"data-{prefix}x": repr(p[0]), f"data-{prefix}y": repr(p[1])}


def _path(view: View, points: Sequence[Vec], closed: bool) -> str:
    picture = [view(p) for p in points]
    moves = " ".join(f"{'M' if i == 0 else 'L'}{x:.2f} {y:.2f}" for i, (x, y) in enumerate(picture))
    return moves + (" Z" if closed else "")


def _outline(
    view: View, points: Sequence[Vec], css: str, extra: dict[str, float | int | str] | None = None
) -> str:
    """A polygon (three points or more), a segment or a point, with class ``css``."""
    attributes: dict[str, float | int | str] = {"class": css, **(extra or {})}
    if len(points) == 1:
        x, y = view(points[0])
        return _element("circle", {**attributes, "cx": x, "cy": y, "r": 3.5})
    return _element("path", {**attributes, "d": _path(view, points, len(points) >= 3)})


def _dot(view: View, p: Vec, css: str, radius: float = 4.5) -> str:
    x, y = view(p)
    return _element("circle", {"class": css, "cx": x, "cy": y, "r": radius, **_data(p)})


def _arrow(start: tuple[float, float], end: tuple[float, float], css: str, marker: str) -> str:
    return _element(
        "line",
        {
            "class": css,
            "x1": start[0],
            "y1": start[1],
            "x2": end[0],
            "y2": end[1],
            "marker-end": f"url(#{marker})",
        },
    )


def _along(start: tuple[float, float], direction: Vec, length: float) -> tuple[float, float]:
    """The picture point ``length`` pixels from ``start`` along the world ``direction``."""
    norm = math.hypot(direction[0], direction[1])
    if not (norm > 0.0 and math.isfinite(norm)):
        return start
    return (start[0] + direction[0] / norm * length, start[1] - direction[1] / norm * length)


_DEFS = (
    "<defs>"
    + "".join(
        f'<marker id="arrow-{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" '
        f'fill="{color}"/></marker>'
        for name, color in (
            ("direction", COLOR_DIRECTION),
            ("support", COLOR_SUPPORT),
            ("simplex", COLOR_SIMPLEX),
            ("answer", COLOR_ANSWER),
        )
    )
    + '<pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" '
    f'stroke="{COLOR_SUPPORT}" stroke-width="1.2"/></pattern>'
    "</defs>"
)

STYLE = f"""
.shape-a {{ fill: {COLOR_A}; fill-opacity: 0.25; stroke: {COLOR_A}; stroke-width: 1.5; }}
.shape-b {{ fill: {COLOR_B}; fill-opacity: 0.25; stroke: {COLOR_B}; stroke-width: 1.5; }}
.part-a {{ fill: {COLOR_A}; fill-opacity: 0.2; stroke: {COLOR_A}; stroke-width: 0.6;
  stroke-dasharray: 2 3; }}
.part-b {{ fill: {COLOR_B}; fill-opacity: 0.2; stroke: {COLOR_B}; stroke-width: 0.6;
  stroke-dasharray: 2 3; }}
.ring-a {{ fill: none; stroke: {COLOR_A}; stroke-width: 1.5; }}
.ring-b {{ fill: none; stroke: {COLOR_B}; stroke-width: 1.5; }}
.deciding {{ fill: none; stroke: #000; stroke-width: 1.2; }}
.core {{ fill: none; stroke-width: 1; stroke-dasharray: 4 3; }}
.difference {{ fill: {COLOR_DIFFERENCE}; fill-opacity: 0.16; stroke: {COLOR_DIFFERENCE};
  stroke-width: 1.2; }}
.difference-full {{ fill: none; stroke: {COLOR_DIFFERENCE}; stroke-width: 1.2;
  stroke-dasharray: 6 4; }}
.origin {{ stroke: #000; stroke-width: 2; }}
.direction {{ stroke: {COLOR_DIRECTION}; stroke-width: 2.5; }}
.next-direction {{ stroke: {COLOR_DIRECTION}; stroke-width: 1.5; stroke-dasharray: 5 4; }}
.plane {{ stroke: {COLOR_DIRECTION}; stroke-width: 1; stroke-dasharray: 8 4 2 4; }}
.support-a {{ fill: {COLOR_A}; stroke: #fff; stroke-width: 1.2; }}
.support-b {{ fill: {COLOR_B}; stroke: #fff; stroke-width: 1.2; }}
.support {{ fill: {COLOR_SUPPORT}; stroke: #fff; stroke-width: 1.2; }}
.join {{ stroke: {COLOR_SUPPORT}; stroke-width: 1.2; stroke-dasharray: 4 3; }}
.simplex {{ fill: {COLOR_SIMPLEX}; fill-opacity: 0.18; stroke: {COLOR_SIMPLEX};
  stroke-width: 2.5; stroke-linejoin: round; }}
.simplex-point {{ fill: {COLOR_SIMPLEX}; }}
.dropped {{ fill: #fff; stroke: {COLOR_SIMPLEX}; stroke-width: 1.2; stroke-dasharray: 2 2; }}
.closest {{ fill: #000; }}
.to-closest {{ stroke: #000; stroke-width: 1.2; stroke-dasharray: 2 3; }}
.epa-polygon {{ fill: {COLOR_SIMPLEX}; fill-opacity: 0.14; stroke: {COLOR_SIMPLEX};
  stroke-width: 1.5; }}
.epa-corner {{ fill: {COLOR_SIMPLEX}; }}
.epa-edge {{ stroke: {COLOR_SUPPORT}; stroke-width: 3.5; stroke-linecap: round; }}
.epa-new {{ fill: none; stroke: {COLOR_SIMPLEX}; stroke-width: 1.2; stroke-dasharray: 4 3; }}
.normal {{ stroke: {COLOR_SUPPORT}; stroke-width: 2; }}
.overlap {{ fill: url(#hatch); stroke: {COLOR_SUPPORT}; stroke-width: 0.8; }}
.closest-a, .closest-b, .contact-a, .contact-b {{ fill: {COLOR_ANSWER}; }}
.gap {{ fill: none; stroke: {COLOR_ANSWER}; stroke-width: 1.5; stroke-dasharray: 5 3; }}
.move {{ stroke: {COLOR_ANSWER}; stroke-width: 2; }}
.separating {{ stroke: {COLOR_ANSWER}; stroke-width: 1.5; stroke-dasharray: 8 4; }}
.leader {{ stroke: #888; stroke-width: 0.6; }}
text {{ font-family: "DejaVu Sans", Verdana, Arial, sans-serif; text-anchor: middle;
  paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }}
.label-a {{ fill: {COLOR_A}; font-weight: bold; }}
.label-b {{ fill: {COLOR_B}; font-weight: bold; }}
.label-difference {{ fill: #555; }}
.label-support {{ fill: {COLOR_SUPPORT}; }}
.label-direction {{ fill: {COLOR_DIRECTION}; }}
.label-simplex {{ fill: {COLOR_SIMPLEX}; }}
.label-answer {{ fill: {COLOR_ANSWER}; font-weight: bold; }}
.label-origin {{ fill: #000; }}
.title {{ font-weight: bold; }}
"""
"""How the pictures' classes look; a page that holds a picture writes it once."""


# --- shapes and the answer ------------------------------------------------------------


def _shape_svg(view: View, shape: Shape, side: str, deciding: int | None) -> str:
    """A convex shape filled, or a compound one: its parts filled (the cuts between
    them dotted), the deciding part outlined in black, and the rings of the geometry
    it was cut from drawn over them."""
    if not isinstance(shape, Compound):
        return _outline(view, boundary(shape), f"shape-{side}")
    drawn = [_outline(view, boundary(part), f"part-{side}") for part in shape.parts]
    if deciding is not None:
        drawn.append(_outline(view, boundary(shape.parts[deciding]), "deciding"))
    lines, points = geometry_lines(shape)
    drawn += [_outline(view, line, f"ring-{side}") for line in lines if len(line) > 1]
    drawn += [_dot(view, p, f"shape-{side}", 3.5) for p in points]
    return "".join(drawn)


def _shape_points(shape: Shape) -> list[Vec]:
    parts = shape.parts if isinstance(shape, Compound) else (shape,)
    return [p for part in parts for p in boundary(part)]


def _svg(view: View, body: str, title: str | None = None) -> str:
    """A whole ``<svg>``: the style, the markers, a title, and ``body``."""
    heading = ""
    if title is not None:
        heading = _element(
            "text", {"class": "title", "x": view.width / 2.0, "y": 22.0}, escape(title)
        )
    width, height = _number(view.width), _number(view.height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img">'
        f"<style>{STYLE}</style>{_DEFS}{heading}{body}</svg>"
    )


def shape_svg(shape: Shape, width: float = 320.0) -> str:
    """A picture of one shape (its outline, filled; a compound shape's parts), as a
    whole ``<svg>`` document: what a notebook shows for a shape.

    >>> from gjkcli.shapes import circle, rectangle
    >>> picture = shape_svg(rectangle((0.0, 0.0), (4.0, 2.0)))
    >>> picture.startswith("<svg"), picture.count('class="shape-a"')
    (True, 1)
    >>> 'd="M' in shape_svg(circle((1.0, 1.0), 1.0))
    True
    """
    view = View.fit(_shape_points(shape), width=width, margin=12.0)
    return _svg(view, _shape_svg(view, shape, "a", None))


Drawn = Answer | DistanceResult | IntersectResult | Penetration
"""The answers a picture can show: a whole answer, or one query's."""


def _answer(view: View, a: Shape, b: Shape, result: Drawn, labels: Labels) -> str:
    """The answer: the closest points and the gap between them, or the overlap, the
    contact points and the move of B that leaves the shapes just touching; for boolean
    GJK's answer that the shapes are apart, the line that separates them."""
    drawn: list[str] = []
    said: list[str] = []
    overlap, gap = _overlap_and_gap(result)
    if overlap is not None:
        ring = overlap_ring(a, b)
        if ring:
            drawn.append(_outline(view, ring, "overlap"))
        on_a, on_b = overlap.contact
        drawn += [_dot(view, on_a, "contact-a", 3.5), _dot(view, on_b, "contact-b", 3.5)]
        labels.mark(view(on_a))
        labels.mark(view(on_b))
        if overlap.depth > 0.0:
            moved = (on_b[0] + overlap.normal[0] * overlap.depth,
                     on_b[1] + overlap.normal[1] * overlap.depth)  # fmt: skip
            drawn.append(_arrow(view(on_b), view(moved), "move", "arrow-answer"))
            middle = view(((on_b[0] + moved[0]) / 2.0, (on_b[1] + moved[1]) / 2.0))
            labels.mark_line(view(on_b), view(moved))
            said.append(labels.place(f"move B by {compact(overlap.depth)}", middle, "label-answer"))
    elif gap is not None and gap.closest is not None:
        on_a, on_b = gap.closest
        drawn.append(_element("path", {"class": "gap", "d": _path(view, (on_a, on_b), False)}))
        drawn += [_dot(view, on_a, "closest-a", 3.5), _dot(view, on_b, "closest-b", 3.5)]
        labels.mark_line(view(on_a), view(on_b))
        middle = view(((on_a[0] + on_b[0]) / 2.0, (on_a[1] + on_b[1]) / 2.0))
        said.append(labels.place(f"distance {compact(gap.distance)}", middle, "label-answer"))
    elif isinstance(result, IntersectResult):
        drawn.append(_separating_line(view, a, b, result, labels))
    return "".join(drawn + said)


def _overlap_and_gap(result: Drawn) -> tuple[Penetration | None, DistanceResult | None]:
    """What an answer says of the overlap (with its depth) and of the gap (with the
    closest points), each ``None`` when it says nothing of it."""
    if isinstance(result, Answer):
        return result.penetration, result.gjk
    if isinstance(result, Penetration):
        return result, None
    if isinstance(result, DistanceResult):
        return None, result
    return None, None


def _separating_line(
    view: View, a: Shape, b: Shape, result: IntersectResult, labels: Labels
) -> str:
    """The line across boolean GJK's last direction ``d`` that separates two convex shapes,
    halfway between A's farthest point along ``d`` and B's against it (nothing when the run
    did not end on a separating axis, or a shape is compound: its axis separates only the
    parts it ran on)."""
    if result.status != "separating-axis" or isinstance(a, Compound) or isinstance(b, Compound):
        return ""
    d = result.direction
    norm_squared = d[0] * d[0] + d[1] * d[1]
    reach_a, reach_b = a.support(d), b.support((-d[0], -d[1]))
    level = (reach_a[0] + reach_b[0]) * d[0] / 2.0 + (reach_a[1] + reach_b[1]) * d[1] / 2.0
    foot = view((d[0] * level / norm_squared, d[1] * level / norm_squared))
    across = (-d[1], d[0])
    reach = view.width + view.height
    one, other = _along(foot, across, reach), _along(foot, across, -reach)
    attributes: dict[str, float | int | str] = {
        "class": "separating",
        "x1": one[0],
        "y1": one[1],
        "x2": other[0],
        "y2": other[1],
    }
    line = _element("line", {**attributes, **_data(d, "d")})
    labels.mark_line(*_clipped(one, other, view))
    return line + labels.place("separating line", foot, "label-answer")


def _clipped(
    start: tuple[float, float], end: tuple[float, float], view: View
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The part of the picture segment from ``start`` to ``end`` inside the picture (the
    ends themselves when it misses the picture)."""
    t0, t1 = 0.0, 1.0
    dx, dy = end[0] - start[0], end[1] - start[1]
    for delta, low, high, at in ((dx, 0.0, view.width, start[0]), (dy, 0.0, view.height, start[1])):
        if delta == 0.0:
            continue
        enter, leave = sorted(((low - at) / delta, (high - at) / delta))
        t0, t1 = max(t0, enter), min(t1, leave)
    if t0 > t1:
        return start, end
    return (start[0] + dx * t0, start[1] + dy * t0), (start[0] + dx * t1, start[1] + dy * t1)


def _answer_points(result: Drawn) -> list[Vec]:
    """The points an answer's picture must hold: the contact points and the end of the
    move, or the closest points."""
    overlap, gap = _overlap_and_gap(result)
    if overlap is not None:
        on_a, on_b = overlap.contact
        nx, ny = overlap.normal
        depth = overlap.depth
        return [on_a, on_b, (on_b[0] + nx * depth, on_b[1] + ny * depth)]
    return list(gap.closest or ()) if gap is not None else []


def answer_svg(check: Check, width: float = 480.0) -> str:
    """A picture of a check's answer, as a whole ``<svg>`` document, titled with the
    verdict: the shapes, with the closest points and the distance, or the overlap, the
    contact points and the move of B by the depth. What a notebook shows for a check.

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> picture = answer_svg(check_pair(load_pair("samples/seed-example.json")))
    >>> "seed-example: overlapping, depth 0.894427" in picture, 'class="move"' in picture
    (True, True)
    >>> 'class="gap"' in answer_svg(check_pair(load_pair("samples/circle/separated.json")))
    True
    """
    return _pair_svg(check.pair.a.shape, check.pair.b.shape, check.answer, check.pair.name, width)


def result_svg(result: Pictured, width: float = 480.0) -> str:
    """A picture of the answer of :func:`gjkcli.distance`, :func:`gjkcli.intersects`,
    :func:`gjkcli.penetration` or :func:`gjkcli.solve`, with the shapes it kept, as a whole
    ``<svg>`` document titled with the answer: what a notebook shows for it. A distance
    draws the closest points, a depth the overlap and the move of B, boolean GJK's
    "apart" the line that separates the shapes, and a whole answer what
    :func:`answer_svg` draws.

    >>> from gjkcli import circle, intersects, penetration, point
    >>> "A and B: overlapping, depth 0.5" in result_svg(
    ...     penetration(circle((0.0, 0.0), 1.0), circle((1.5, 0.0), 1.0)))
    True
    >>> 'class="separating"' in result_svg(intersects(point((0.0, 0.0)), point((3.0, 4.0))))
    True
    >>> from gjkcli.algorithms.intersect import intersects as unkept  # the algorithm keeps none
    >>> result_svg(unkept(point((0.0, 0.0)), point((3.0, 4.0))))
    Traceback (most recent call last):
    ...
    ValueError: no shapes to draw the answer with: the results of gjkcli's queries keep them
    """
    if result.shapes is None:
        raise ValueError(
            "no shapes to draw the answer with: the results of gjkcli's queries keep them"
        )
    if not isinstance(result, Answer | DistanceResult | IntersectResult | Penetration):
        raise TypeError(f"no picture for a {type(result).__name__}")
    a, b = result.shapes
    return _pair_svg(a, b, result, "A and B", width)


def _summary(result: Drawn) -> str:
    """The title's words for an answer: the verdict, or what one query found."""
    if isinstance(result, Answer):
        return verdict_summary(result)
    if isinstance(result, Penetration):
        return f"overlapping, depth {compact(result.depth)}"
    if isinstance(result, DistanceResult):
        if result.intersects:
            return "intersecting, distance 0"
        return f"distance {compact(result.distance)}"
    found = "intersecting" if result.intersects else "apart"
    return f"{found} (boolean GJK: {result.status})"


def _pair_svg(a: Shape, b: Shape, result: Drawn, name: str, width: float) -> str:
    """Two shapes and an answer about them, titled ``name: `` and the answer's words."""
    view = View.fit(
        [*_shape_points(a), *_shape_points(b), *_answer_points(result)], width=width, margin=44.0
    )
    labels = Labels(view.width, view.height)
    labels.boxes.append((0.0, 0.0, view.width, 30.0))  # the title's
    deciding = deciding_indices(result) if isinstance(result, Answer) else None
    body = _shape_svg(view, a, "a", None if deciding is None else deciding[0])
    body += _shape_svg(view, b, "b", None if deciding is None else deciding[1])
    body += _shape_labels(view, a, b, labels)
    _mark_outlines(view, (a, b), labels)
    body += _answer(view, a, b, result, labels)
    return _svg(view, body, f"{name}: {_summary(result)}")


def _mark_outlines(view: View, shapes: Iterable[Shape], labels: Labels) -> None:
    """Keep the labels placed from now on off the outlines of ``shapes`` (of each part)."""
    for shape in shapes:
        for part in shape.parts if isinstance(shape, Compound) else (shape,):
            ring = [view(p) for p in boundary(part)]
            for start, end in zip(ring, ring[1:] + ring[:1], strict=True):
                labels.mark_line(start, end)


def _shape_labels(view: View, a: Shape, b: Shape, labels: Labels) -> str:
    """ "A" and "B", each beside the highest point of its shape."""
    placed = []
    for name, shape in (("A", a), ("B", b)):
        top = max(_shape_points(shape), key=lambda p: (p[1], -p[0]))
        placed.append(labels.place(name, view(top), f"label-{name.lower()}", LABEL_SIZE + 3.0))
    return "".join(placed)


# --- the walk-through -------------------------------------------------------------------


def walkthrough_svg(check: Check) -> str:
    """The picture of ``gjk explain``: the shapes, ``A - B`` for each run, one group per
    step (the first shown, the others with class ``off``), and the answer (``off``).

    The check must be traced. Each step's group is ``<g class="step" data-run=...
    data-step=... data-index=...>``, ``data-index`` counting from 0 through every run
    in turn (:func:`gjkcli.render.scene.run_steps`); its marks carry their points.

    >>> from gjkcli.io import load_pair
    >>> from gjkcli.verify.check import check_pair
    >>> picture = walkthrough_svg(check_pair(load_pair("samples/seed-example.json"), trace=True))
    >>> picture.count('class="step'), picture.count('class="step off"')
    (7, 6)
    >>> '<circle class="support" ' in picture, 'class="answer off"' in picture
    (True, True)
    """
    steps = run_steps(check)
    if not steps:
        raise ValueError("a walk-through needs the steps of the runs: check_pair(pair, trace=True)")
    a, b = check.pair.a.shape, check.pair.b.shape
    part_a, part_b = deciding_parts(check)
    core_a, radius_a = split_radius(part_a)
    core_b, radius_b = split_radius(part_b)
    rounded = radius_a + radius_b > 0.0
    full = list(minkowski_difference(part_a, part_b).vertices)
    cores = list(minkowski_difference(core_a, core_b).vertices) if rounded else full
    offset = shapes_offset(check) or (0.0, 0.0)
    dx, dy = offset
    shape_points = [*_shape_points(a), *_shape_points(b), *_answer_points(check.answer)]
    shape_points += [p for _, step in steps for p in (step.support.a, step.support.b)]
    points = [(x - dx, y - dy) for x, y in shape_points]
    points += [*full, *cores, (0.0, 0.0)]
    points += [p for _, step in steps for p in _step_points(step)]
    view = View.fit(points, width=720.0, margin=40.0, heights=(360.0, 720.0))
    moved = view.moved(offset)  # where A and B (and their points) are drawn
    labels = Labels(view.width, view.height)
    origin = view((0.0, 0.0))
    labels.mark(origin, 8.0)
    deciding = deciding_indices(check.answer)
    shapes = _shape_svg(moved, a, "a", None if deciding is None else deciding[0])
    shapes += _shape_svg(moved, b, "b", None if deciding is None else deciding[1])
    shapes += _shape_labels(moved, a, b, labels)
    origin_label = labels.place("O", origin, "label-origin")
    which = "" if deciding is None else f" (part {deciding[0]} of A, part {deciding[1]} of B)"
    backgrounds: dict[Run, tuple[str, Labels]] = {}
    for run in ("boolean", "distance", "epa"):
        placer = labels.copy()
        on_cores = rounded and run != "boolean"
        drawn = _outline(view, cores if on_cores else full, "difference")
        if on_cores:
            drawn += _outline(view, full, "difference-full")
            drawn += _outline(moved, boundary(core_a), "core", {"stroke": COLOR_A})
            drawn += _outline(moved, boundary(core_b), "core", {"stroke": COLOR_B})
        top = max(cores if on_cores else full, key=lambda p: (p[1], -p[0]))
        name = "A - B of the cores" if on_cores else f"A - B{which}"
        naming = placer.copy()  # the name stays clear of what every step of the run draws
        for step in (step for other, step in steps if other == run):
            _mark_step(view, moved, step, naming)
        drawn += naming.place(name, view(top), "label-difference")
        placer.boxes.append(naming.boxes[-1])
        backgrounds[run] = (drawn, placer)
    body = [shapes]
    first_run = steps[0].run
    for run, (drawn, _) in backgrounds.items():
        hidden = "" if run == first_run else " off"
        body.append(f'<g class="run-bg{hidden}" data-run="{run}">{drawn}</g>')
    last = len(steps) - 1
    for index, (run, step) in enumerate(steps):
        placer = backgrounds[run][1].copy()
        if index == last:  # the answer, shown with the last step: its labels go first
            answer = _answer(moved, a, b, check.answer, placer)
            body.append(f'<g class="answer{off_class(last)}">{answer}</g>')
        drawn = _step(view, step, placer, moved)
        body.insert(
            len(body) - (index == last),
            f'<g class="step{off_class(index)}" data-run="{run}" data-step="{step.iteration}" '
            f'data-index="{index}">{drawn}</g>',
        )
    cross = 7.0
    body.append(
        _element(
            "path",
            {
                "class": "origin",
                "d": f"M{origin[0] - cross:.2f} {origin[1]:.2f} h{2 * cross} "
                f"M{origin[0]:.2f} {origin[1] - cross:.2f} v{2 * cross}",
            },
        )
        + origin_label
    )
    return _svg(view, "".join(body))


FAR_APART = 3.0
"""``gjk explain`` draws A and B moved beside ``A - B`` when the two lie farther apart
than this many times the larger of their sizes (one picture holding both would shrink
each to a dot)."""


def shapes_offset(check: Check) -> Vec | None:
    """How far ``gjk explain`` moves A and B (both by the same vector, which leaves
    ``A - B`` as it is) to draw them beside ``A - B``, or ``None`` when they are drawn
    where they are. The offset is rounded to two significant digits, to read easily.

    >>> from gjkcli.io import load_two
    >>> from gjkcli.verify.check import check_pair
    >>> far = load_two("POINT (1e9 0)", "POINT (1e9 3)")  # A - B is the point (0, -3)
    >>> shapes_offset(check_pair(far))
    (1000000000.0, 3.0)
    >>> shapes_offset(check_pair(load_two("POINT (0 0)", "POINT (3 4)"))) is None
    True
    """
    a, b = check.pair.a.shape, check.pair.b.shape
    part_a, part_b = deciding_parts(check)
    ax0, ay0, ax1, ay1 = _box([*_shape_points(a), *_shape_points(b)])
    dx0, dy0, dx1, dy1 = _box([*minkowski_difference(part_a, part_b).vertices, (0.0, 0.0)])
    size = max(ax1 - ax0, ay1 - ay0, dx1 - dx0, dy1 - dy0)
    gap = math.hypot((ax0 + ax1 - dx0 - dx1) / 2.0, (ay0 + ay1 - dy0 - dy1) / 2.0)
    if not (size > 0.0 and gap > FAR_APART * size):
        return None
    beside = (ax0 - (dx1 + 0.25 * size), (ay0 + ay1 - dy0 - dy1) / 2.0)  # right of A - B
    return (_round(beside[0]), _round(beside[1]))


def _box(points: Sequence[Vec]) -> tuple[float, float, float, float]:
    xs, ys = zip(*points, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def _round(x: float) -> float:
    """``x`` to two significant digits (0 stays 0)."""
    return float(f"{x:.2g}")


def off_class(index: int) -> str:
    """The class that hides step ``index``'s elements in ``gjk explain``'s page until they
    are shown: every step but the first (the page's script shows one at a time).

    >>> off_class(0), off_class(3)
    ('', ' off')
    """
    return " off" if index else ""


def _step_points(step: IntersectStep | DistanceStep | EpaStep) -> list[Vec]:
    """The points of ``A - B`` a step's picture shows (directions excepted: they have no
    place; the points of A and B, ``support.a`` and ``support.b``, are the shapes')."""
    found = [step.support.w]
    if isinstance(step, EpaStep):
        return [*found, *step.polygon]
    found += [*step.simplex, *step.dropped]
    if isinstance(step, DistanceStep) and math.isfinite(step.closest[0]):
        found.append(step.closest)
    return found


def _step(
    view: View,
    step: IntersectStep | DistanceStep | EpaStep,
    labels: Labels,
    moved: View | None = None,
) -> str:
    """One step's marks, then their labels (placed clear of every mark and line the step
    draws, :func:`_mark_step`); the points of A and B through ``moved``, the view of the
    shapes (``view`` itself unless they are drawn moved, :func:`shapes_offset`)."""
    moved = moved or view
    origin = view((0.0, 0.0))
    k = step.iteration
    support = step.support
    lines: list[str] = []  # drawn first, under the points
    marks: list[str] = []
    placing: list[tuple[str, tuple[float, float], str]] = []
    if isinstance(step, EpaStep):
        lines.append(_outline(view, step.polygon, "epa-polygon"))
        marks += [_dot(view, p, "epa-corner", 3.5) for p in step.polygon]
        start, end = step.edge
        (x1, y1), (x2, y2) = view(start), view(end)
        lines.append(
            _element(
                "line",
                {
                    "class": "epa-edge",
                    "x1": x1,
                    "y1": y1,
                    "x2": x2,
                    "y2": y2,
                    **_data(start, "start-"),
                    **_data(end, "end-"),
                },
            )
        )
        foot, tip = _normal_ends(view, step)
        lines.append(
            _arrow(foot, tip, "normal", "arrow-support").replace(
                "/>", f' data-dx="{step.normal[0]!r}" data-dy="{step.normal[1]!r}"/>'
            )
        )
        if step.outcome == "added":
            lines.append(
                _element(
                    "path",
                    {"class": "epa-new", "d": _path(view, (start, support.w, end), False)},
                )
            )
        placing += [
            ("n", tip, "label-support"),
            ("nearest edge", ((x1 + x2) / 2.0, (y1 + y2) / 2.0), "label-support"),
        ]
    else:
        tip = _along(origin, step.direction, _ARROW)
        lines.append(
            _arrow(origin, tip, "direction", "arrow-direction").replace(
                "/>", f' data-dx="{step.direction[0]!r}" data-dy="{step.direction[1]!r}"/>'
            )
        )
        placing.append((f"d{k}", tip, "label-direction"))
        if isinstance(step, IntersectStep):
            lines.append(_plane(view, step.direction))
            if step.next_direction is not None:
                ahead = _along(origin, step.next_direction, _ARROW * 0.8)
                lines.append(_arrow(origin, ahead, "next-direction", "arrow-direction"))
                placing.append(("next d", ahead, "label-direction"))
        lines.append(_simplex(view, step.simplex))
        marks += [_dot(view, p, "simplex-point", 3.5) for p in step.simplex]
        marks += [_dot(view, p, "dropped", 4.0) for p in step.dropped]
        if isinstance(step, DistanceStep) and math.isfinite(step.closest[0]):
            v = view(step.closest)
            lines.append(
                _element(
                    "line",
                    {
                        "class": "to-closest",
                        "x1": origin[0],
                        "y1": origin[1],
                        "x2": v[0],
                        "y2": v[1],
                    },
                )
            )
            marks.append(_dot(view, step.closest, "closest", 3.5))
            placing.append((f"v{k}", v, "label-simplex"))
    lines += _support_lines(view, moved, support)
    marks += _support_marks(view, moved, support)
    _mark_step(view, moved, step, labels)
    said = [_plane_label(view, step.direction, labels)] if isinstance(step, IntersectStep) else []
    said += [labels.place(text, at, css) for text, at, css in placing]
    said += [
        labels.place(f"a{k}", moved(support.a), "label-a"),
        labels.place(f"b{k}", moved(support.b), "label-b"),
        labels.place(f"w{k}", view(support.w), "label-support"),
    ]
    return "".join(lines + marks + said)


def _normal_ends(view: View, step: EpaStep) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where EPA's normal is drawn: from the foot of the perpendicular from the origin to
    the nearest edge, outwards."""
    foot = view((step.normal[0] * step.height, step.normal[1] * step.height))
    return foot, _along(foot, step.normal, _ARROW * 0.8)


def _mark_step(
    view: View, moved: View, step: IntersectStep | DistanceStep | EpaStep, labels: Labels
) -> None:
    """Keep labels off what :func:`_step` draws of ``step``: its points, the arrows of the
    direction, of ``w = a - b`` and of EPA's normal, the simplex's or EPA's edges, and the
    line ``w.d = 0``."""
    origin = view((0.0, 0.0))
    support = step.support
    at_a, at_b, at_w = moved(support.a), moved(support.b), view(support.w)
    for at in (at_a, at_b, at_w):
        labels.mark(at)
    labels.mark_line(at_b, at_a)
    labels.mark_line(origin, at_w)
    for p in _step_points(step):
        labels.mark(view(p), 4.0)
    if isinstance(step, EpaStep):
        labels.mark_line(view(step.edge[0]), view(step.edge[1]))
        labels.mark_line(*_normal_ends(view, step))
        return
    labels.mark_line(origin, _along(origin, step.direction, _ARROW))
    if isinstance(step, IntersectStep):
        labels.mark_line(*_clipped(*_plane_ends(view, step.direction), view))
        if step.next_direction is not None:
            labels.mark_line(origin, _along(origin, step.next_direction, _ARROW * 0.8))
    corners = [view(p) for p in step.simplex]
    for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
        labels.mark_line(start, end)  # one point: its mark, again
    if isinstance(step, DistanceStep) and math.isfinite(step.closest[0]):
        labels.mark_line(origin, view(step.closest))


def _simplex(view: View, simplex: Sequence[Vec]) -> str:
    if not simplex:
        return ""
    if len(simplex) == 1:
        return ""  # one point: its mark is the simplex
    return _element("path", {"class": "simplex", "d": _path(view, simplex, len(simplex) >= 3)})


def _support_lines(view: View, moved: View, support: SupportPoint) -> list[str]:
    """``w = a - b`` drawn: the arrow from b to a, and the same arrow from the origin to
    w, two sides of a parallelogram (moving A and B together changes neither arrow)."""
    return [
        _arrow(moved(support.b), moved(support.a), "join", "arrow-support"),
        _arrow(view((0.0, 0.0)), view(support.w), "join", "arrow-support"),
    ]


def _support_marks(view: View, moved: View, support: SupportPoint) -> list[str]:
    return [
        _dot(moved, support.a, "support-a"),
        _dot(moved, support.b, "support-b"),
        _dot(view, support.w, "support", 5.5),
    ]


def _plane_ends(view: View, direction: Vec) -> tuple[tuple[float, float], tuple[float, float]]:
    """The ends of the line ``w.d = 0`` (through the origin, across the direction), beyond
    the picture on both sides."""
    across = (-direction[1], direction[0])
    origin = view((0.0, 0.0))
    reach = view.width + view.height
    return _along(origin, across, reach), _along(origin, across, -reach)


def _plane(view: View, direction: Vec) -> str:
    """The line ``w.d = 0``: through the origin, across the direction, across the picture."""
    one, other = _plane_ends(view, direction)
    return _element(
        "line",
        {
            "class": "plane",
            "x1": one[0],
            "y1": one[1],
            "x2": other[0],
            "y2": other[1],
            "data-dx": repr(direction[0]),
            "data-dy": repr(direction[1]),
        },
    )


def _plane_label(view: View, direction: Vec, labels: Labels) -> str:
    """ "w.d = 0" beside its line, as far out as the picture allows (up to 150 pixels)."""
    across = (-direction[1], direction[0])
    origin = view((0.0, 0.0))
    room = view.margin + 24.0
    for length in (150.0, 110.0, 70.0, -70.0, -110.0, -150.0):
        at = _along(origin, across, length)
        if room <= at[0] <= view.width - room and room <= at[1] <= view.height - room:
            return labels.place("w·d = 0", at, "label-direction")
    return labels.place("w·d = 0", _along(origin, across, 40.0), "label-direction")
