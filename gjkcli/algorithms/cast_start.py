"""What a linear cast decided at ``t = 0`` rests on: the proof of the state it starts in.

A cast (:func:`gjkcli.algorithms.cast.cast`) that finds the shapes in contact at ``t = 0``
(or within the target distance) answers without running its loop. Its answer still
carries a contact (a point of A and a point of B), a normal from A towards B, and a
:class:`StartCertificate` that :mod:`gjkcli.verify.cast_certificate` re-checks from the
shapes and the motion alone:

* **overlapping**: an enclosing simplex of ``A - B`` (the certificate ``gjk check``
  gives overlapping shapes, :class:`~gjkcli.algorithms.certificate.EnclosingSimplex`)
  that holds the origin strictly inside, farther from each side than the rounding of
  its points (:func:`~gjkcli.algorithms.verdict.encloses_origin`): the interiors meet;
* **touching-approaching**: the contact, two points that coincide (to rounding): the
  shapes touch at ``t = 0``; and an enclosing simplex of the shapes moved to a time
  ``overlap_time`` in ``(0, 1]`` that holds the origin strictly inside: they overlap
  then. ``D = A - B`` is convex, holds the origin (``t = 0``) and holds ``tau r`` in its
  interior (``t = tau``, ``r`` the relative motion), so every ``t r`` with ``0 < t <=
  tau`` is in its interior too: the motion pushes the interiors together at once, and
  the first contact is at time 0. The time is found by halving from 1
  (:data:`~gjkcli.tolerances.START_HALVINGS` at most): the shapes may have
  passed through each other by ``t = 1``;
* **touching-receding**: the contact, and an ``axis`` along which the shapes overlap by
  no more than the touching band at ``t = 0`` and the motion does not bring them closer
  (``axis . (tb - ta) >= 0``, exactly), so that at no later time do they overlap more
  (:func:`~gjkcli.algorithms.bounds.never_closer`): they slide along each other or move
  apart. The candidates are the contact normal, and the motion's own normal written
  exactly (a slide along a face closes along it at exactly 0, where a unit normal,
  rounded, closes or opens by an ulp);
* **within-target**: the contact, two points that lie no farther apart than the target.

Where no such proof is found (a touch within the touching band of curved shapes whose
shallow overlap no simplex encloses by more than rounding), the answer carries no
certificate, which the re-check reports as unproven, not as wrong.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from gjkcli.algorithms.axis import unit
from gjkcli.algorithms.bounds import never_closer
from gjkcli.algorithms.certificate import EnclosingSimplex
from gjkcli.algorithms.minkowski import minkowski_difference
from gjkcli.algorithms.simplex import triangle_around_origin
from gjkcli.algorithms.verdict import encloses_origin
from gjkcli.dyadic import shift_to_unit
from gjkcli.shapes.affine import Affine, transformed
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.polytope import Polytope
from gjkcli.tolerances import START_HALVINGS

__all__ = [
    "StartCertificate",
    "approach_proof",
    "contact_normal",
    "exact_normal_of",
    "moved",
    "overlap_proof",
    "receding_axis",
    "shapes_at",
]


@dataclass(frozen=True)
class StartCertificate:
    """What proves a cast's state at ``t = 0`` (see the module notes for each status).

    ``contact`` is a point of A and a point of B at ``t = 0`` (``None`` for an overlap);
    ``axis`` the direction, of any length, along which the shapes never come closer
    (touching-receding only); ``overlap_time`` and ``simplex`` the time at which the
    shapes overlap and the enclosing simplex of ``A - B`` then that proves it (``0`` for
    overlapping; touching-approaching; ``None`` otherwise).
    """

    contact: tuple[Vec, Vec] | None
    axis: Vec | None
    overlap_time: float | None
    simplex: EnclosingSimplex | None


def moved(shape: ConvexShape, time: float, translation: Vec) -> ConvexShape:
    """``shape`` moved by ``time * translation`` (each product rounded once).

    >>> from gjkcli.shapes import point
    >>> moved(point((1.0, 2.0)), 0.5, (4.0, -2.0)).support((1.0, 0.0))
    (3.0, 1.0)
    """
    return transformed(
        shape, Affine.from_parts(translate=(time * translation[0], time * translation[1]))
    )


def shapes_at(
    shapes: tuple[ConvexShape, ConvexShape], motion: tuple[Vec, Vec], time: float
) -> tuple[ConvexShape, ConvexShape]:
    """A and B moved to ``time`` by ``motion`` (A's translation, B's); as they are at 0."""
    if time == 0.0:
        return shapes
    return moved(shapes[0], time, motion[0]), moved(shapes[1], time, motion[1])


def overlap_proof(
    shapes: tuple[ConvexShape, ConvexShape], motion: tuple[Vec, Vec], time: float
) -> EnclosingSimplex | None:
    """An enclosing simplex of the shapes at ``time`` that holds the origin strictly
    inside their ``A - B`` (the certificate of gjkcli's own answer there), or ``None``
    when that answer has none.

    >>> from gjkcli.shapes import rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> proof = overlap_proof((box, rectangle((1.5, 0.0), (2.0, 2.0))), ((0, 0), (0, 0)), 0.0)
    >>> len(proof.points), proof.residual
    (3, 0.0)
    """
    from gjkcli.algorithms.answer import solve  # the whole answer sits above the cast

    a, b = shapes_at(shapes, motion, time)
    if isinstance(a, Polytope) and isinstance(b, Polytope):
        return _polygon_overlap(a, b)
    proof = solve(a, b).certificate
    if isinstance(proof, EnclosingSimplex) and encloses_origin(a, b, proof.simplex):
        return proof
    return None


def _polygon_overlap(a: Polytope, b: Polytope) -> EnclosingSimplex | None:
    """A triangle of points of ``A - B`` that holds the origin strictly inside, decided
    exactly: a fan of the corners of the exact ``A - B`` (the edge merge) from a corner,
    else from a point a third of the way along its first edge (whose member on that
    edge's shape is rounded): the centre of a square lies on both its diagonals, and no
    triangle of its corners holds it strictly. ``None`` when the origin is not inside.

    >>> from gjkcli.shapes import point, rectangle
    >>> proof = _polygon_overlap(rectangle((0.0, 0.0), (2.0, 2.0)), point((0.0, 0.0)))
    >>> proof.points, proof.pairs
    (((-0.33333333333333337, -1.0), (1.0, 1.0), (-1.0, 1.0)), None)
    """
    ring = minkowski_difference(a, b).sources
    corners = [(a.vertices[i], b.vertices[j]) for i, j in ring]
    if len(corners) < 3:
        return None
    (a0, b0), (a1, b1) = corners[0], corners[1]
    third = (
        (a0[0] + (a1[0] - a0[0]) / 3.0, a0[1] + (a1[1] - a0[1]) / 3.0),
        (b0[0] + (b1[0] - b0[0]) / 3.0, b0[1] + (b1[1] - b0[1]) / 3.0),
    )
    count = len(corners)
    for top, last in ((corners[0], count - 1), (third, count)):
        for k in range(1, last):
            members = (top, corners[k], corners[(k + 1) % count])
            around = triangle_around_origin(members)
            if around is not None and min(around.weights) > 0.0:
                named = (ring[0], ring[k], ring[(k + 1) % count])
                return _simplex(members, around.weights, named if top is corners[0] else None)
    return None


def _simplex(
    members: tuple[tuple[Vec, Vec], ...],
    weights: Sequence[float],
    pairs: tuple[tuple[int, int], ...] | None,
) -> EnclosingSimplex:
    """The enclosing simplex of points ``a - b`` with the origin's ``weights`` over them."""
    points = tuple((pa[0] - pb[0], pa[1] - pb[1]) for pa, pb in members)
    x = math.fsum(w * p[0] for w, p in zip(weights, points, strict=True))
    y = math.fsum(w * p[1] for w, p in zip(weights, points, strict=True))
    return EnclosingSimplex(points, members, pairs, tuple(weights), math.hypot(x, y))


def approach_proof(
    shapes: tuple[ConvexShape, ConvexShape], motion: tuple[Vec, Vec]
) -> tuple[float, EnclosingSimplex] | None:
    """A time in ``(0, 1]`` at which the shapes, touching at ``t = 0``, are proven to overlap,
    and the simplex that proves it: 1, halved until one is found (``None`` if none is).

    >>> from gjkcli.shapes import rectangle
    >>> box, right = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 0.0), (2.0, 2.0))
    >>> approach_proof((box, right), ((0.0, 0.0), (-3.0, 0.0)))[0]
    1.0
    >>> approach_proof((box, right), ((0.0, 0.0), (-6.0, 0.0)))[0]  # through and apart by 1
    0.5
    """
    time = 1.0
    for _ in range(START_HALVINGS):
        proof = overlap_proof(shapes, motion, time)
        if proof is not None:
            return time, proof
        time *= 0.5
    return None


def receding_axis(
    shapes: tuple[ConvexShape, ConvexShape], motion: tuple[Vec, Vec], normal: Vec | None
) -> Vec | None:
    """The first of the contact ``normal`` and the motion's normals (written exactly) along
    which the shapes, touching at ``t = 0``, are proven never to come closer
    (:func:`~gjkcli.algorithms.bounds.never_closer`), or ``None``.

    >>> from gjkcli.shapes import rectangle
    >>> box, right = rectangle((0.0, 0.0), (2.0, 2.0)), rectangle((2.0, 0.0), (2.0, 2.0))
    >>> receding_axis((box, right), ((0.0, 0.0), (0.0, 3.0)), None)  # sliding up
    (0.75, 0.0)
    >>> receding_axis((box, right), ((0.0, 0.0), (2.0, 1.0)), (1.0, 0.0))  # leaving
    (1.0, 0.0)
    """
    (ax, ay), (bx, by) = motion
    candidates: list[Vec] = [] if normal is None else [normal]
    candidates += exact_normal_of((by - ay, ax - bx))
    for axis in candidates:
        if never_closer(*shapes, axis, motion):
            return axis
    return None


def exact_normal_of(normal: Vec) -> Iterator[Vec]:
    """``normal`` and its opposite, scaled by a power of two (exactly) to a length near 1
    but not made unit: a direction written exactly, square to the motion it was turned
    from, along which that motion closes at exactly 0 (a unit vector, rounded, is tilted
    by an ulp, which a sweep a hair from ``A - B`` does not survive). Nothing for a zero
    or non-finite vector.

    >>> list(exact_normal_of((-6.0, 8.0)))
    [(-0.375, 0.5), (0.375, -0.5)]
    """
    biggest = max(abs(normal[0]), abs(normal[1]))
    if not (biggest > 0.0 and math.isfinite(biggest)):
        return
    shift = shift_to_unit(biggest)
    nx, ny = math.ldexp(normal[0], shift), math.ldexp(normal[1], shift)
    yield from ((nx, ny), (-nx, -ny))


def contact_normal(contact: tuple[Vec, Vec] | None, fallback: Vec) -> Vec:
    """A unit normal from A towards B: ``fallback`` (made unit) unless it is zero, else the
    direction between the contact points, else ``(1, 0)``."""
    found = unit(fallback)
    if found is None and contact is not None:
        (ax, ay), (bx, by) = contact
        found = unit((bx - ax, by - ay))
    return found or (1.0, 0.0)
