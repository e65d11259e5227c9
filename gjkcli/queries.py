"""The public queries: any two shapes, however they are given, convex or not.

``gjkcli.distance``, ``intersects``, ``penetration``, ``minkowski_difference``,
``solve`` and ``check`` are these functions, and so are the queries about contact
and motion, ``manifold``, ``raycast``, ``cast`` and ``time_of_impact``. Each takes its
shapes in any form :func:`gjkcli.load_shape` accepts (a gjkcli shape, a Shapely
geometry, a GeoJSON or native dict, WKT or JSON text, coordinates; see
:mod:`gjkcli.io.shape_value`). The first six answer for non-convex and multi-part
shapes too, part pair by part pair (:func:`gjkcli.algorithms.compound.compound_query`),
so that no user has to know which entry point a shape needs; the queries about
contact and motion take convex shapes, and say so for any other. A string is
shape text, never a file name (a :class:`pathlib.Path` is a file). Two
shapes built with gjkcli's constructors go straight to the algorithms (no
loader and no Shapely is imported for them); the algorithms themselves
(:mod:`gjkcli.algorithms`) take convex shapes only, and stay the reference
that ``--trace`` runs.

>>> import shapely
>>> from gjkcli import circle
>>> float(distance(shapely.Point(0, 0), circle((3.0, 4.0), 1.0)))
4.0
>>> u_shape = "POLYGON ((0 0, 6 0, 6 6, 4 6, 4 2, 2 2, 2 6, 0 6, 0 0))"
>>> distance(u_shape, {"type": "circle", "center": [3, 4], "radius": 0.5}).distance
0.5
>>> bool(intersects([(0, 0), (2, 0), (0, 2)], "POINT (1 1)"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gjkcli.algorithms import distance as _distance
from gjkcli.algorithms import epa as _epa
from gjkcli.algorithms import intersect as _intersect
from gjkcli.algorithms import manifold as _manifold
from gjkcli.algorithms import minkowski as _minkowski
from gjkcli.algorithms.pictured import keep_shapes
from gjkcli.pair import ShapeInput
from gjkcli.shapes.base import ConvexShape, Vec
from gjkcli.shapes.compound import Compound, Shape, parts_of
from gjkcli.shapes.compound import union_of as _union_of
from gjkcli.shapes.primitives import CONVEX_CLASSES, NotConvexError
from gjkcli.tolerances import TOI_TOLERANCE

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from gjkcli.algorithms.answer import Answer
    from gjkcli.algorithms.cast import CastResult
    from gjkcli.algorithms.poses import Move
    from gjkcli.algorithms.raycast import RayHit, RayStep
    from gjkcli.algorithms.toi import ToiResult, ToiStep
    from gjkcli.render.plot import RunQuery
    from gjkcli.verify.check import Check

__all__ = [
    "cast",
    "check",
    "distance",
    "figure",
    "intersects",
    "manifold",
    "minkowski_difference",
    "penetration",
    "raycast",
    "solve",
    "time_of_impact",
    "union_of",
]


def union_of(members: Iterable[object]) -> Shape:
    """The union of shapes, each in any form a query takes: a compound of their convex
    parts (a single shape is returned as it is).

    >>> import shapely
    >>> from gjkcli import circle
    >>> pair_of_things = union_of([shapely.Point(0, 0), circle((5.0, 0.0), 1.0)])
    >>> len(pair_of_things.parts), float(distance(pair_of_things, "POINT (2 0)"))
    (2, 2.0)
    """
    return _union_of([_shape(member, f"members[{i}]") for i, member in enumerate(members)])


def _shape(value: object, name: str) -> Shape:
    """``value`` as a gjkcli shape (convex, or a compound of convex parts); errors name it
    as ``name``.

    A shape made by gjkcli is taken as it is, and a loaded one (a
    :class:`~gjkcli.pair.ShapeInput`) is its shape. A string is shape text, never a
    file name: a file is read from a :class:`pathlib.Path` (or with
    :func:`gjkcli.load_shape`). Anything else goes through the loaders. The
    queries say nothing of notes about the input (GeoJSON in longitude/latitude,
    FORMATS section 2): ``load_shape(value).notes`` has them.
    """
    if type(value) in _OWN:  # the common case, without a ShapeInput
        return value  # type: ignore[return-value]
    return _input(value, name).shape


_OWN = frozenset((*CONVEX_CLASSES, Compound))
"""gjkcli's own shape classes, taken as they are."""


def _input(value: object, name: str) -> ShapeInput:
    """``value`` as a loaded shape (see :func:`_shape`); a gjkcli shape's kind is the
    name of its class."""
    if isinstance(value, (*CONVEX_CLASSES, Compound)):
        return ShapeInput(value, type(value).__name__.lower())
    if isinstance(value, ShapeInput):
        return value
    from gjkcli.io import load_shape  # the loaders (and Shapely) only for other forms
    from gjkcli.io.shape_value import shape_from_text

    if isinstance(value, str):
        return shape_from_text(value, name)
    return load_shape(value, name=name)


def distance(
    shape_a: object, shape_b: object, recorder: list[_distance.DistanceStep] | None = None
) -> _distance.DistanceResult:
    """Distance and closest points of two shapes, by GJK.

    The result stands in for its distance where a number is wanted
    (``float(result)``, ``result < 1.0``, ``round(result, 3)``,
    ``f"{result:.3f}"``) and keeps the details as attributes; for arithmetic
    and NumPy, take ``float(result)``. For a non-convex or multi-part shape it is
    GJK's run on the pair of convex parts that decides (the nearest, or the
    first that intersects): the same answer as for those two parts alone. With
    ``recorder``, a list, each GJK step is appended to it.

    GJK counts shapes closer than rounding (its touching band, FORMATS
    section 3) as touching, at distance 0; :func:`solve` settles such pairs
    with a proof where one exists. The result keeps the two shapes
    (``result.shapes``, left out of ``==``), and shows in a notebook as a picture
    of them with the closest points.

    >>> from gjkcli import circle, decompose, rectangle
    >>> result = distance(rectangle((0.0, 0.0), (2.0, 2.0)), circle((4.0, 0.0), 1.0))
    >>> result.distance, result.closest, float(result)
    (2.0, ((1.0, 0.0), (3.0, 0.0)), 2.0)
    >>> ell = decompose([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])
    >>> distance(ell, circle((3.0, 3.0), 1.0)).closest
    ((1.0, 3.0), (2.0, 3.0))
    """
    a, b = _shape(shape_a, "a"), _shape(shape_b, "b")
    if isinstance(a, Compound) or isinstance(b, Compound):
        from gjkcli.algorithms.compound import compound_query

        deciding = compound_query(a, b).deciding
        return keep_shapes(
            _distance.distance(parts_of(a)[deciding.a], parts_of(b)[deciding.b], recorder), a, b
        )
    return keep_shapes(_distance.distance(a, b, recorder), a, b)


def intersects(
    shape_a: object,
    shape_b: object,
    direction: Vec = (0.0, 1.0),
    recorder: list[_intersect.IntersectStep] | None = None,
) -> _intersect.IntersectResult:
    """Whether two shapes share a point (touching counts), by boolean GJK.

    The result is truthy exactly when they do. Shapes made of several convex
    parts intersect when a pair of their parts does: the run returned is that of
    the first such pair (boxes nearest first), or, if there is none, of the
    nearest pair. ``direction`` is the first search direction; with
    ``recorder``, a list, each step of that run is appended to it. Shapes that
    touch to within rounding can be called apart here and touching by
    :func:`distance` (whose touching band allows for rounding); :func:`solve`
    settles them. In a notebook the result shows as a picture of the shapes and,
    for convex shapes found apart, the line across the last direction that
    separates them.

    >>> from gjkcli import capsule, rectangle
    >>> box = rectangle((0.0, 0.0), (2.0, 2.0))
    >>> bool(intersects(box, capsule((1.5, -3.0), (1.5, 3.0), 0.5)))
    True
    >>> result = intersects(box, "POINT (5 5)")
    >>> bool(result), result.status
    (False, 'separating-axis')
    """
    a, b = _shape(shape_a, "a"), _shape(shape_b, "b")
    if isinstance(a, Compound) or isinstance(b, Compound):
        from gjkcli.algorithms.compound import compound_query, intersecting_parts

        found = intersecting_parts(a, b)
        if found is None:
            deciding = compound_query(a, b).deciding
            found = (deciding.a, deciding.b)
        part_a, part_b = parts_of(a)[found[0]], parts_of(b)[found[1]]
        return keep_shapes(_intersect.intersects(part_a, part_b, direction, recorder), a, b)
    return keep_shapes(_intersect.intersects(a, b, direction, recorder), a, b)


def penetration(shape_a: object, shape_b: object) -> _epa.Penetration | None:
    """Depth, normal and contact points of two overlapping convex shapes (``None`` if apart).

    ``float(result)`` is the depth. The depth is not defined for non-convex or
    multi-part shapes (the least move that separates them is not the depth of
    any one pair of parts): for them this raises
    :class:`~gjkcli.shapes.primitives.NotConvexError`, pointing to :func:`solve`. In
    a notebook the result shows as a picture of the overlap and the move of B.

    >>> from gjkcli import circle, rectangle
    >>> overlap = penetration(rectangle((0.0, 0.0), (2.0, 2.0)), circle((1.5, 0.0), 1.0))
    >>> overlap.depth, overlap.normal, float(overlap)
    (0.5, (1.0, 0.0), 0.5)
    >>> penetration("POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))", "POINT (1 1)")
    Traceback (most recent call last):
    ...
    gjkcli.shapes.primitives.NotConvexError: the penetration depth needs convex shapes, \
and a is made of 3 convex parts; solve(a, b) answers for any shapes (verdict, distance, \
closest points)
    """
    a = _convex(shape_a, "a", "the penetration depth")
    b = _convex(shape_b, "b", "the penetration depth")
    overlap = _epa.penetration(a, b)
    return None if overlap is None else keep_shapes(overlap, a, b)


def manifold(shape_a: object, shape_b: object, margin: float = 0.0) -> _manifold.Manifold:
    """The contact manifold of two convex shapes that overlap or touch (or, with
    ``margin`` > 0, come within it): up to two points, each on the incident shape's
    surface with its signed separation and the features of A and B that make it, and
    the unit normal from A towards B (:func:`gjkcli.algorithms.manifold.manifold`, the
    clipping of Box2D's ``b2CollidePolygons``). Shapes farther apart give no points;
    shapes of several convex parts raise
    :class:`~gjkcli.shapes.primitives.NotConvexError`.

    >>> box = {"type": "rectangle", "center": [0, 1.5], "size": [2, 2]}
    >>> contact = manifold("POLYGON ((-2 -1, 2 -1, 2 1, -2 1, -2 -1))", box)
    >>> contact.normal, [(p.point, p.separation, p.feature) for p in contact.points]
    ((0.0, 1.0), [((-1.0, 0.5), -0.5, ('edge', 2, 'vertex', 0)), \
((1.0, 0.5), -0.5, ('edge', 2, 'vertex', 1))])
    >>> disc = {"type": "circle", "center": [0, 1.5], "radius": 1}
    >>> manifold("POINT (0 0)", disc, margin=1).points  # within the margin: speculative
    (ContactPoint(point=(0.0, 0.5), separation=0.5, feature=('vertex', 0, 'vertex', 0)),)
    """
    a = _convex(shape_a, "a", "a contact manifold")
    b = _convex(shape_b, "b", "a contact manifold")
    return _manifold.manifold(a, b, margin)


def minkowski_difference(shape_a: object, shape_b: object) -> _minkowski.MinkowskiPolygon:
    """``A - B`` of two convex shapes: exact for polygonal shapes, traced for curved ones
    (:class:`~gjkcli.shapes.primitives.NotConvexError` for any other).

    >>> minkowski_difference("POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))", "POINT (5 0)").vertices
    ((-5.0, 0.0), (-3.0, 0.0), (-3.0, 2.0), (-5.0, 2.0))
    """
    a = _convex(shape_a, "a", "the Minkowski difference")
    b = _convex(shape_b, "b", "the Minkowski difference")
    return _minkowski.minkowski_difference(a, b)


def raycast(
    shape: object,
    origin: Vec,
    direction: Vec,
    max_fraction: float = 1.0,
    recorder: list[RayStep] | None = None,
) -> RayHit:
    """Where the ray ``origin + lambda * direction``, ``0 <= lambda <= max_fraction``, first
    meets a convex shape given in any form (GJK ray cast:
    :func:`gjkcli.algorithms.raycast.raycast`). ``status`` is ``hit``, ``miss`` or ``inside``
    (the ray starts in the shape); a hit has its ``fraction``, ``point`` and the shape's
    outward ``normal`` there. With ``recorder``, a list, each step is appended to it.

    >>> hit = raycast({"type": "circle", "center": [5, 0], "radius": 1}, (0, 0), (1, 0), 10.0)
    >>> hit.status, hit.fraction, hit.normal
    ('hit', 4.0, (-1.0, 0.0))
    >>> raycast("POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))", (1, 1), (1, 0)).status
    'inside'
    """
    from gjkcli.algorithms import raycast as _raycast

    return _raycast.raycast(
        _convex(shape, "shape", "a ray cast", _CAST_ADVICE),
        origin,
        direction,
        max_fraction,
        recorder,
    )


def cast(  # noqa: PLR0917 - the signature the shared contract of issue 18 fixes
    shape_a: object,
    shape_b: object,
    translation_b: Vec,
    translation_a: Vec = (0.0, 0.0),
    target_distance: float = 0.0,
    recorder: list[RayStep] | None = None,
) -> CastResult:
    """When two convex shapes, A moved by ``translation_a`` and B by ``translation_b`` over
    ``t`` in ``[0, 1]``, first touch, or come within ``target_distance``
    (:func:`gjkcli.algorithms.cast.cast`): the ``status`` (``hit``, ``miss``,
    ``overlapping``, ``touching-approaching``, ``touching-receding``, ``within-target``),
    the ``time``, the contact ``points`` and the ``normal`` from A towards B, and a
    ``certificate`` (:func:`gjkcli.verify.cast_certificate.check_cast_certificate`
    re-checks it).

    >>> result = cast("POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))", "POINT (5 1)", (-6, 0))
    >>> result.status, result.time, result.normal, result.points
    ('hit', 0.5, (1.0, 0.0), ((2.0, 1.0), (2.0, 1.0)))
    >>> cast("POINT (0 0)", {"type": "circle", "center": [3, 0], "radius": 1}, (0, 5)).status
    'miss'
    """
    from gjkcli.algorithms import cast as _cast

    a = _convex(shape_a, "a", "a cast", _CAST_ADVICE)
    b = _convex(shape_b, "b", "a cast", _CAST_ADVICE)
    return _cast.cast(
        a, b, translation_b, translation_a, target_distance=target_distance, recorder=recorder
    )


def solve(shape_a: object, shape_b: object, trace: bool = False) -> Answer:
    """Everything gjkcli's algorithms say about two shapes: both GJK queries, the depth,
    the verdict and its certificate (:func:`gjkcli.algorithms.answer.solve`). In a
    notebook the answer shows as a picture, as :func:`check`'s does.

    >>> answer = solve("POLYGON ((0 0, 6 0, 6 6, 4 6, 4 2, 2 2, 2 6, 0 6, 0 0))",
    ...                {"type": "rectangle", "center": [3, 4], "size": [1, 1]})
    >>> answer.verdict, answer.gjk.distance, len(answer.parts.listed)
    ('separated', 0.5, 2)
    """
    from gjkcli.algorithms import answer

    a, b = _shape(shape_a, "a"), _shape(shape_b, "b")
    return keep_shapes(answer.solve(a, b, trace), a, b)


def check(
    shape_a: object, shape_b: object, trace: bool = False, direction: Vec | None = None
) -> Check:
    """The whole check of two shapes, as ``gjk check`` makes it: GJK's answer (both
    queries, the depth, the verdict and its certificate), Shapely's and, for polygons,
    the exact one, compared (:func:`gjkcli.verify.check.check_pair`). With ``trace``,
    the steps of the runs are kept; ``direction`` is the first search direction of both
    GJK runs. In a notebook the result shows as a picture of the answer.

    >>> result = check("POLYGON ((0 1, 1 -1, -1 -1, 0 1))", "POLYGON ((0 -1, 1 1, -1 1, 0 -1))")
    >>> result.answer.verdict, round(result.answer.penetration.depth, 6), result.agree
    ('overlapping', 0.894427, True)
    >>> "A and B: overlapping, depth 0.894427" in result._repr_svg_()
    True
    >>> traced = check("POINT (0 0)", {"type": "circle", "center": [3, 4], "radius": 1},
    ...                trace=True, direction=(0.0, 1.0))
    >>> traced.answer.gjk.distance, traced.answer.boolean_trace[0].direction
    (4.0, (0.0, 1.0))
    """
    from gjkcli.pair import Pair
    from gjkcli.verify.check import check_pair

    a, b = _input(shape_a, "a"), _input(shape_b, "b")
    return check_pair(Pair(a, b, "A and B"), trace=trace, direction=direction)


def figure(
    shape_a: object,
    shape_b: object,
    query: RunQuery = "distance",
    step: int | None = None,
    direction: Vec | None = None,
) -> Figure:
    """The picture ``gjk plot`` draws of two shapes, as a matplotlib figure to show in a
    notebook or adapt: A and B, and ``A - B`` with GJK's ``query`` run (then EPA's, when
    they overlap) after frame ``step`` (1 on), or the last frame, with the answer, for
    ``None``. ``direction`` is the first search direction of the run. Needs matplotlib
    (``pip install 'gjkcli[plot]'``): without it,
    :class:`~gjkcli.render.plot.PlotUnavailableError` says so.

    >>> a, b = [(0, 1), (1, -1), (-1, -1)], [(0, -1), (1, 1), (-1, 1)]
    >>> picture = figure(a, b, query="boolean", step=2, direction=(0, 1))
    >>> picture.texts[0].get_text()
    'A and B: boolean GJK, step 2 of 3'
    >>> print(picture.texts[1].get_text().splitlines()[2])
    support point w = A - B = (0, -2); w.d = 2 >= 0: it reaches the origin
    >>> figure(a, b, query="boolean").texts[0].get_text()
    'A and B: overlapping, depth 0.894427'
    """
    from gjkcli.render.plot import check_figure

    return check_figure(check(shape_a, shape_b, trace=True, direction=direction), query, step)


_SOLVE_ADVICE = "solve(a, b) answers for any shapes (verdict, distance, closest points)"
_CAST_ADVICE = "cast each convex part (decompose cuts a ring into them)"


def _convex(value: object, name: str, what: str, advice: str = _SOLVE_ADVICE) -> ConvexShape:
    """``value`` as a convex shape, or :class:`NotConvexError` saying ``what`` needs one (and
    what to do instead)."""
    shape = _shape(value, name)
    if not isinstance(shape, Compound):
        return shape
    if len(shape.parts) == 1:
        return shape.parts[0]
    raise NotConvexError(
        f"{what} needs convex shapes, and {name} is made of {len(shape.parts)} convex "
        f"parts; {advice}",
        None,
    )


def time_of_impact(
    shape_a: object,
    shape_b: object,
    move_a: Move,
    move_b: Move,
    *,
    tolerance: float = TOI_TOLERANCE,
    recorder: list[ToiStep] | None = None,
) -> ToiResult:
    """When two convex shapes that move and turn first touch: a bracket ``[t_lo, t_hi]`` at
    most ``tolerance`` wide, the shapes proven apart at every time before ``t_lo`` and
    touching at ``t_hi``, or a proven miss (:func:`gjkcli.algorithms.toi.time_of_impact`);
    ``time`` is ``t_lo``, never after the first contact. Each shape moves from one pose
    ``(x, y, angle in degrees)`` to another over ``t`` in ``[0, 1]``, turning about its
    own origin.

    >>> from gjkcli.algorithms.poses import Move, Pose
    >>> bar = "POLYGON ((0 -0.1, 4 -0.1, 4 0.1, 0 0.1, 0 -0.1))"
    >>> post = {"type": "rectangle", "center": [0, 3], "size": [0.2, 0.2]}
    >>> quarter_turn = Move(Pose(0.0, 0.0, 0.0), Pose(0.0, 0.0, 90.0))
    >>> result = time_of_impact(bar, post, quarter_turn, Move())
    >>> result.status, round(90.0 * result.time, 6), result.iterations
    ('hit', 86.050132, 18)
    >>> time_of_impact(bar, post, Move(end=Pose(0.0, 0.0, -90.0)), Move()).status
    'miss'
    """
    from gjkcli.algorithms import toi

    a = _convex(shape_a, "a", "a time of impact")
    b = _convex(shape_b, "b", "a time of impact")
    return toi.time_of_impact(a, b, move_a, move_b, tolerance=tolerance, recorder=recorder)
