"""What ``gjk plot`` draws besides GJK's run: the sweep of a pair that has a motion, and
the contact manifold over a check's picture (``--manifold`` of ``gjk plot`` and of
``gjk check --plot``).

Called from :func:`gjkcli.cli.plot`, with its ways of failing (imported when the command
runs); the answers come from :mod:`gjkcli.verify.motion_check` and
:mod:`gjkcli.verify.manifold_oracle`, the drawing from :mod:`gjkcli.render.motion_plot`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from gjkcli.cli import PictureQuery
    from gjkcli.pair import Pair
    from gjkcli.verify.check import Check
    from gjkcli.verify.manifold_oracle import ManifoldCheck

__all__ = ["plot_manifold", "plot_sweep"]


def plot_sweep(pair: Pair, where: str, output: Path | None, steps: list[str]) -> NoReturn:
    """Draw the sweep of ``pair`` (which has a motion) to ``output``, as ``gjk cast``
    casts it; ``steps`` names the options given that draw shapes standing still
    (refused). Ends the program: exit status 0 when the cast's cross-checks agree, 1
    when one disagrees, 2 on a refusal."""
    from gjkcli import cli
    from gjkcli.cli_motion import draw_picture
    from gjkcli.shapes.compound import Compound

    motion = pair.motion
    assert motion is not None  # the caller draws a pair's sweep only when it has a motion
    if steps:
        verb = "is" if len(steps) == 1 else "are"
        cli._fail(
            f"{where}: the pair has a motion, and gjk plot draws its sweep (to -o FILE); "
            f"{' and '.join(steps)} {verb} for shapes that stand still"
        )
    if output is None:
        cli._fail(f"{where}: the pair has a motion: give -o FILE for the picture of its sweep")
    a, b = pair.a.shape, pair.b.shape
    turns = motion.a.rotates or motion.b.rotates
    for letter, shape in (("A", a), ("B", b)):
        if isinstance(shape, Compound) and turns:
            cli._fail(
                f"{where}: a turning motion needs convex shapes, and {letter} is a compound "
                "shape (non-convex or multi-part); a translation casts it part by part"
            )
    from gjkcli.render.motion_plot import save_cast_plot
    from gjkcli.verify.motion_check import check_motion

    checked = check_motion(a, b, motion)
    draw_picture(
        lambda: save_cast_plot(a, b, motion, checked.result, output, name=pair.name), output
    )
    raise typer.Exit(cli.EXIT_OK if checked.agree else cli.EXIT_DISAGREE)


def plot_manifold(
    check: Check,
    query: PictureQuery,
    output: Path,
    caption_size: float,
    contact: ManifoldCheck | None = None,
) -> bool:
    """Draw ``check``'s picture (its ``query`` run) to ``output`` with the contact manifold
    of its two shapes (``contact``, or found and cross-checked here) over the shapes;
    when there is none to draw (a compound shape), the picture alone, and a note says
    why. Returns whether Shapely's cross-check of the manifold agrees."""
    from gjkcli import cli
    from gjkcli.cli_motion import draw_picture
    from gjkcli.render.motion_plot import save_manifold_plot
    from gjkcli.verify.manifold_oracle import check_manifold

    if contact is None:
        contact = check_manifold(check.pair.a.shape, check.pair.b.shape)
    found = contact.manifold
    if found is None:
        cli._note(f"--manifold: none drawn ({contact.unavailable})")
        cli._draw(check, query, output, caption_size=caption_size)
    else:
        draw_picture(lambda: save_manifold_plot(check, query, found, output, caption_size), output)
    return contact.agree
