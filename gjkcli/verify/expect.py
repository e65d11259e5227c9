"""Judging a stated answer (a pair's ``expect``, or an engine's answer) against gjkcli's
best-proven one (FORMATS section 2, "Expectations").

The reference is the strongest evidence gjkcli has: the verdict of
:mod:`gjkcli.verify.ruling` (exact for polygonal pairs), the exact distance where
there is one (else GJK's), and EPA's depth, normal and contact points. Lengths are
compared within ``tolerance`` (the pair's own, or ``atol + rtol * scale``, ``scale``
the pair's largest absolute coordinate); verdicts by these rules, which forgive a
float engine its rounding near contact but never a missed contact:

* ``touching`` passes when the reference touches, or is within the tolerance of
  touching on either side;
* ``separated`` (``intersects: false``) passes when the reference says so, or says
  touching without a proof (curved shapes: the touching band), never when it
  proves a contact;
* ``overlapping`` (``intersects: true``) passes when the reference intersects, or is
  separated by at most the tolerance: contact claimed within the tolerance of a
  contact.

Points and directions are not unique (closest points slide along parallel edges; two
depths can tie), so they are checked for validity, not equality: ``closest`` points
each lie on their shape (within the tolerance) and are the distance apart;
``contact`` points each lie on their shape and are the depth apart, along a direction
in which B moved by that much clears A; a ``normal`` passes within the angle
tolerance of gjkcli's (widened, for shapes apart, by how far rounding can turn the
direction between closest points so near each other), or when it is valid itself:
for shapes that intersect, B moved along it by the depth, plus the tolerance, clears
A; for compound shapes apart, it is within the angle of the closest direction of a
pair of their parts that are the distance apart (there can be several).
The normal points from A towards B (B moves along it to separate);
``normal_sign`` -1 reads engines that use the opposite convention. Compound shapes
that intersect have no depth in gjkcli, so a stated depth, normal or contact for them
(and ``touching`` where their parts overlap by no more than the tolerance) fails,
saying so, and is marked *unjudged*: ``gjk fuzz`` leaves such keys out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from gjkcli import tolerances
from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.epa import penetration
from gjkcli.pair import Expect
from gjkcli.shapes import point
from gjkcli.shapes.base import Vec
from gjkcli.shapes.compound import Shape, parts_of
from gjkcli.verify.exact import ExactAnswer
from gjkcli.verify.ruling import Ruling

__all__ = ["PRECISIONS", "ExpectOutcome", "ExpectSettings", "Reference", "check_expect"]

Source = Literal["expect", "answer"]


@dataclass(frozen=True)
class ExpectSettings:
    """How stated answers are compared (``--rtol``, ``--atol``, ``--angle``,
    ``--normal-convention``); the defaults are ``--precision double``."""

    rtol: float = tolerances.EXPECT_RTOL_DOUBLE
    atol: float = tolerances.EXPECT_ATOL
    angle: float = tolerances.EXPECT_ANGLE_DOUBLE
    normal_sign: Literal[1, -1] = 1

    def tolerance(self, scale: float) -> float:
        """``atol + rtol * scale``: the tolerance of a pair without one of its own.

        >>> ExpectSettings().tolerance(3.0) == tolerances.agreement_tolerance(3.0)
        True
        """
        return self.atol + self.rtol * scale


PRECISIONS = {
    "double": ExpectSettings(),
    "single": ExpectSettings(
        tolerances.EXPECT_RTOL_SINGLE, tolerances.EXPECT_ATOL, tolerances.EXPECT_ANGLE_SINGLE
    ),
}
"""The presets of ``--precision``."""


@dataclass(frozen=True)
class ExpectOutcome:
    """Which stated values failed (each as a sentence naming the key, both values and
    their difference), and the length tolerance they were held to. ``unjudged`` names
    the keys among them that failed because gjkcli has no reference for them (the depth,
    normal and contact points of compound shapes that overlap)."""

    ok: bool
    failures: tuple[str, ...]
    tolerance: float
    unjudged: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reference:
    """gjkcli's answer for a pair, as stated answers are judged against it."""

    shapes: tuple[Shape, Shape]
    answer: Answer
    exact: ExactAnswer | None
    ruling: Ruling
    scale: float

    @property
    def distance(self) -> float:
        """The exact distance (rounded once) where there is one, else GJK's."""
        return self.exact.distance if self.exact is not None else self.answer.gjk.distance

    @property
    def depth(self) -> float | None:
        """EPA's depth; 0 for separated shapes, and for touching ones without EPA's;
        ``None`` where there is none (compound shapes that overlap)."""
        overlap = self.answer.penetration
        if self.ruling.verdict == "separated" or (
            overlap is None and self.ruling.verdict == "touching"
        ):
            return 0.0
        return None if overlap is None else overlap.depth

    @property
    def signed(self) -> float | None:
        """The distance, or minus the depth; ``None`` where the depth is unknown."""
        if self.ruling.verdict == "separated":
            return self.distance
        depth = self.depth
        return None if depth is None else -depth

    @cached_property
    def depth_at_least(self) -> float:
        """A lower bound on the depth: EPA's, or for compound shapes the deepest overlap
        of two of their parts (B must leave every part of A to leave A)."""
        if self.depth is not None:
            return self.depth
        deepest = 0.0
        for part_a in parts_of(self.shapes[0]):
            for part_b in parts_of(self.shapes[1]):
                overlap = penetration(part_a, part_b)
                if overlap is not None:
                    deepest = max(deepest, overlap.depth)
        return deepest

    @property
    def normal_slack(self) -> float:
        """How far gjkcli's own normal may turn with rounding: for shapes apart, the
        rounding of their closest points over the distance between them."""
        if self.ruling.verdict != "separated" or self.distance <= 0.0:
            return 0.0
        return min(math.pi, tolerances.rounding(self.scale) / self.distance)

    @property
    def proven(self) -> bool:
        """Whether the verdict is proven (not GJK's touching band alone)."""
        return self.ruling.source != "touching-band"

    @property
    def normal(self) -> Vec | None:
        """EPA's normal, or for separated shapes the direction from A's closest point to
        B's; ``None`` where neither is known."""
        overlap, closest = self.answer.penetration, self.answer.gjk.closest
        if self.ruling.verdict != "separated":
            return None if overlap is None else overlap.normal
        if closest is None:
            return None
        return _unit((closest[1][0] - closest[0][0], closest[1][1] - closest[0][1]))


def check_expect(
    stated: Expect, reference: Reference, settings: ExpectSettings, source: Source = "expect"
) -> ExpectOutcome:
    """Judge ``stated`` against ``reference`` (see the module notes).

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.verify.certificates import check_certificate
    >>> from gjkcli.verify.ruling import ruling
    >>> from gjkcli.shapes import circle
    >>> a, b = circle((0.0, 0.0), 5.0), point((11.0, 0.0))
    >>> answer = solve(a, b)
    >>> certified = check_certificate(a, b, answer.certificate, 6.0, answer.gjk.band)
    >>> reference = Reference((a, b), answer, None, ruling(answer, certified, None), 11.0)
    >>> check_expect(Expect(intersects=False, distance=6.0), reference, ExpectSettings()).ok
    True
    >>> stated = Expect(distance=5.0, normal=(-1.0, 0.0), closest=((5.0, 0.0), (11.0, 0.0)))
    >>> for failure in check_expect(stated, reference, ExpectSettings()).failures:
    ...     print(failure)
    expect.distance: expected 5, reference 6 (difference 1, tolerance 1.2e-08)
    expect.normal: expected [-1, 0], reference [1, 0] (3.14159 radians apart, tolerance 1e-06)
    """
    tolerance = (
        stated.tolerance if stated.tolerance is not None else settings.tolerance(reference.scale)
    )
    judge = _Judge(reference, tolerance, settings, source)
    failures = [
        failure
        for failure in (
            judge.intersects(stated.intersects),
            judge.verdict(stated.verdict),
            judge.distance(stated.distance),
            judge.depth(stated.depth),
            judge.closest(stated.closest),
            judge.normal(stated.normal),
            judge.contact(stated.contact),
        )
        if failure is not None
    ]
    return ExpectOutcome(not failures, tuple(failures), tolerance, tuple(judge.unjudged))


@dataclass
class _Judge:
    reference: Reference
    tolerance: float
    settings: ExpectSettings
    source: Source
    unjudged: list[str] = field(default_factory=list)

    def _fail(self, key: str, stated: str, reference: str, why: str) -> str:
        said = "expected" if self.source == "expect" else "answered"
        return f"{self.source}.{key}: {said} {stated}, reference {reference} ({why})"

    def _no_reference(self, key: str, stated: str) -> str:
        """A stated value gjkcli has nothing to judge by: compound shapes that intersect
        have no depth here, so no normal or contact points either, and no measure of
        whether they are within the tolerance of touching (a failure, saying so)."""
        self.unjudged.append(f"{self.source}.{key}")
        why = "gjkcli has no depth for compound shapes that intersect"
        return self._fail(key, stated, "none", why)

    def _lengths(self, key: str, stated: float, reference: float) -> str | None:
        difference = abs(stated - reference)
        if difference <= self.tolerance:
            return None
        why = f"difference {_num(difference)}, tolerance {self.tolerance:.2g}"
        return self._fail(key, _num(stated), _num(reference), why)

    def intersects(self, stated: bool | None) -> str | None:
        if stated is None:
            return None
        ref = self.reference
        truth = ref.ruling.verdict != "separated"
        if stated == truth or (not ref.proven and ref.ruling.verdict == "touching"):
            return None
        if stated and ref.distance <= self.tolerance:
            return None
        why = self._verdict_words()
        return self._fail("intersects", _flag(stated), _flag(truth), why)

    def verdict(self, stated: str | None) -> str | None:
        if stated is None:
            return None
        ref = self.reference
        truth = ref.ruling.verdict
        if stated == truth or (not ref.proven and truth == "touching"):
            return None
        signed = ref.signed
        if stated == "touching" and signed is not None and abs(signed) <= self.tolerance:
            return None
        if stated == "overlapping" and signed is not None and signed <= self.tolerance:
            return None  # contact claimed where the gap is within the tolerance
        if stated == "touching" and signed is None and ref.depth_at_least <= self.tolerance:
            return self._no_reference("verdict", stated)  # maybe touching within tolerance
        return self._fail("verdict", stated, truth, self._verdict_words())

    def _verdict_words(self) -> str:
        ref = self.reference
        depth = ref.depth
        size = {
            "separated": f"distance {_num(ref.distance)}",
            "touching": "they touch",
            "overlapping": "they overlap" if depth is None else f"depth {_num(depth)}",
        }[ref.ruling.verdict]
        return f"{ref.ruling.source}; {size}, tolerance {self.tolerance:.2g}"

    def distance(self, stated: float | None) -> str | None:
        return (
            None if stated is None else self._lengths("distance", stated, self.reference.distance)
        )

    def depth(self, stated: float | None) -> str | None:
        if stated is None:
            return None
        depth = self.reference.depth
        if depth is None:
            return self._no_reference("depth", _num(stated))
        return self._lengths("depth", stated, depth)

    def closest(self, stated: tuple[Vec, Vec] | None) -> str | None:
        if stated is None:
            return None
        return self._points("closest", stated, self.reference.distance)

    def contact(self, stated: tuple[Vec, Vec] | None) -> str | None:
        if stated is None:
            return None
        ref = self.reference
        if ref.ruling.verdict == "separated" and ref.distance > self.tolerance:
            words = f"the shapes are separated, distance {_num(ref.distance)}"
            return self._fail("contact", _pair(stated), "none", words)
        depth = ref.depth
        if depth is None:
            return self._no_reference("contact", _pair(stated))
        problem = self._points("contact", stated, depth)
        if problem is not None:
            return problem
        gap = _minus(stated[0], stated[1])
        if math.hypot(*gap) <= self.tolerance:
            return None
        if _compound(ref.shapes):
            return self._no_reference("contact", _pair(stated))
        excess = _overlap(ref.shapes, _unit(gap)) - depth
        if excess <= self.tolerance:
            return None
        why = (
            f"B moved by {_num(math.hypot(*gap))} from its point to A's still overlaps A "
            f"by {_num(excess)}, tolerance {self.tolerance:.2g}"
        )
        return self._fail("contact", _pair(stated), f"depth {_num(depth)}", why)

    def _points(self, key: str, stated: tuple[Vec, Vec], apart: float) -> str | None:
        """Each point within the tolerance of its shape, and the two ``apart`` apart."""
        for which, at, shape in zip("AB", stated, self.reference.shapes, strict=True):
            off = _off_shape(at, shape)
            if off > self.tolerance:
                why = f"the point of {which} is {_num(off)} off it, tolerance {self.tolerance:.2g}"
                return self._fail(key, _pair(stated), f"{_num(apart)} apart", why)
        length = math.hypot(*_minus(stated[1], stated[0]))
        if abs(length - apart) <= self.tolerance:
            return None
        why = f"they are {_num(length)} apart, tolerance {self.tolerance:.2g}"
        return self._fail(key, _pair(stated), f"{_num(apart)} apart", why)

    def normal(self, stated: Vec | None) -> str | None:
        if stated is None:
            return None
        ref = self.reference
        sign = self.settings.normal_sign
        wanted = ref.normal
        shown = "none" if wanted is None else _vec((sign * wanted[0], sign * wanted[1]))
        signed = ref.signed
        if stated == (0.0, 0.0):  # an engine's "no normal": right only where none is defined
            if signed is not None and abs(signed) <= self.tolerance:
                return None
            if signed is None and ref.depth_at_least <= self.tolerance:
                return self._no_reference("normal", _vec(stated))
            return self._fail("normal", _vec(stated), shown, "not a direction")
        direction = _unit((sign * stated[0], sign * stated[1]))
        allowed = self.settings.angle + ref.normal_slack
        angle = None if wanted is None else _angle(direction, wanted)
        if angle is not None and angle <= allowed:
            return None
        compound = _compound(ref.shapes)
        if signed is None or (signed <= 0.0 and compound):
            return self._no_reference("normal", _vec(stated))
        if signed > 0.0 and compound:
            if any(
                _angle(direction, other) <= allowed
                for other in _closest_directions(ref, self.tolerance)
            ):
                return None
        elif signed <= 0.0 and _overlap(ref.shapes, direction) <= -signed + self.tolerance:
            return None  # B moved along it by the depth clears A
        why = (
            "not a valid normal"
            if angle is None
            else f"{angle:.6g} radians apart, tolerance {allowed:.2g}"
        )
        return self._fail("normal", _vec(stated), shown, why)


def _closest_directions(reference: Reference, tolerance: float) -> list[Vec]:
    """For compound shapes apart: the direction between the closest points of each pair
    of their parts that are the distance apart (to within the tolerance). These are the
    shapes' closest directions; there can be several."""
    directions = []
    for part_a in parts_of(reference.shapes[0]):
        for part_b in parts_of(reference.shapes[1]):
            result = distance(part_a, part_b)
            if result.closest is None or result.distance > reference.distance + tolerance:
                continue
            (ax, ay), (bx, by) = result.closest
            directions.append(_unit((bx - ax, by - ay)))
    return directions


def _compound(shapes: tuple[Shape, Shape]) -> bool:
    return any(len(parts_of(shape)) > 1 for shape in shapes)


def _overlap(shapes: tuple[Shape, Shape], direction: Vec) -> float:
    """How far A reaches past B along ``direction`` (minus the gap between their
    projections): the support of A - B along it."""
    a, b = shapes
    back = (-direction[0], -direction[1])
    reach_a = max(_dot(part.support(direction), direction) for part in parts_of(a))
    reach_b = max(_dot(part.support(back), back) for part in parts_of(b))
    return reach_a + reach_b


def _off_shape(at: Vec, shape: Shape) -> float:
    """How far the point ``at`` is from the shape (0 inside it)."""
    spot = point(at)
    return min(distance(spot, part).distance for part in parts_of(shape))


def _angle(u: Vec, v: Vec) -> float:
    return math.atan2(abs(u[0] * v[1] - u[1] * v[0]), _dot(u, v))


def _unit(v: Vec) -> Vec:
    length = math.hypot(*v)
    return (v[0] / length, v[1] / length) if length > 0.0 else (0.0, 0.0)


def _minus(u: Vec, v: Vec) -> Vec:
    return (u[0] - v[0], u[1] - v[1])


def _dot(u: Vec, v: Vec) -> float:
    return u[0] * v[0] + u[1] * v[1]


def _num(value: float) -> str:
    return f"{value:.12g}"


def _vec(v: Vec) -> str:
    return f"[{_num(v[0] + 0.0)}, {_num(v[1] + 0.0)}]"  # + 0.0: no "-0"


def _pair(points: tuple[Vec, Vec]) -> str:
    return f"[{_vec(points[0])}, {_vec(points[1])}]"


def _flag(value: bool) -> str:
    return "true" if value else "false"
