"""``gjk plot`` for moving shapes: a pair with a motion draws its sweep, ``--manifold``
draws the contact manifold over the check's picture, and what cannot go together is one
line with exit status 2.

The command line runs in this process (a fresh interpreter per case would cost seconds).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
import typer.main

pytest.importorskip("matplotlib")

from gjkcli.cli import app
from tests.helpers import ROOT, SAMPLES

CAST = ROOT / "samples" / "cast"


def gjk(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run ``gjk ARGS``: the exit status and standard error."""
    with pytest.raises(SystemExit) as done:
        typer.main.get_command(app).main(args=list(args), prog_name="gjk")
    out, err = capsys.readouterr()
    assert out == ""
    code = done.value.code
    return (code if isinstance(code, int) else 0), err


def ids(svg: Path) -> set[str]:
    return {element.get("id", "") for element in ElementTree.parse(svg).iter()} - {""}


def title(svg: Path, name: str) -> str:
    """The picture's title: the text (SVG keeps each text as a comment) naming the pair."""
    (found,) = re.findall(rf"<!-- ({re.escape(name)}: [^>]*) -->", svg.read_text())
    return str(found)


def test_a_pair_with_a_translation_draws_its_sweep(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "sweep.svg"
    code, err = gjk(capsys, "plot", str(CAST / "slide-hit.json"), "-o", str(picture))
    assert (code, err) == (0, f"gjk: wrote {picture}\n")
    assert {"still-a", "start-b", "sweep-b", "impact-b", "contact-0", "normal"} <= ids(picture)
    assert title(picture, "slide-hit") == "slide-hit: hit at t = 0.666667 (linear cast)"


def test_a_pair_that_turns_draws_the_shape_on_its_way(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "bar.svg"
    code, _ = gjk(capsys, "plot", str(CAST / "spinning-bar.json"), "-o", str(picture))
    assert code == 0
    found = ids(picture)
    assert {"ghost-a-1", "impact-a", "still-b", "contact-0"} <= found
    assert "sweep-a" not in found
    assert title(picture, "spinning-bar").endswith("(rotating time of impact)")


def test_manifold_is_drawn_over_the_check_picture(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "seed.svg"
    seed = str(SAMPLES / "seed-example.json")
    code, _ = gjk(capsys, "plot", seed, "-o", str(picture), "--manifold")
    assert code == 0
    found = ids(picture)
    assert {"manifold-point-0", "manifold-point-1", "manifold-normal", "reference-edge"} <= found
    assert "simplex-1" in found  # over the check's own picture


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (
            ["--gif", "x.gif"],
            "the pair has a motion, and gjk plot draws its sweep (to -o FILE); "
            "--gif is for shapes that stand still",
        ),
        (["-o", "x.svg", "--manifold"], "--manifold is for shapes that stand still"),
    ],
)
def test_what_a_motion_cannot_draw_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], words: str
) -> None:
    args = [tmp_path / name if name.startswith("x.") else name for name in extra]
    code, err = gjk(capsys, "plot", str(CAST / "slide-hit.json"), *map(str, args))
    assert code == 2
    assert err.startswith("gjk: error: ") and words in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_manifold_needs_a_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    seed = str(SAMPLES / "seed-example.json")
    code, err = gjk(capsys, "plot", seed, "--gif", str(tmp_path / "run.gif"), "--manifold")
    assert (code, err) == (2, "gjk: error: --manifold draws on the picture: give -o FILE too\n")
    assert list(tmp_path.iterdir()) == []


def test_a_compound_pair_has_no_manifold_to_draw_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "notch.svg"
    notch = str(SAMPLES / "compound" / "notch.json")
    code, err = gjk(capsys, "plot", notch, "-o", str(picture), "--manifold")
    assert code == 0
    assert err.splitlines() == [
        "gjk: note: --manifold: none drawn (contact manifolds need convex shapes, and A is "
        "made of 3 convex parts)",
        f"gjk: wrote {picture}",
    ]
    assert not any(name.startswith("manifold") for name in ids(picture))


def test_a_slide_of_a_compound_shape_is_drawn_and_a_turn_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ell = [[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4], [0, 0]]
    record = {
        "a": {"type": "Polygon", "coordinates": [ell]},
        "b": {"type": "circle", "center": [8, 0.5], "radius": 0.5},
        "motion": {"b": [-5, 0]},
    }
    pair = tmp_path / "ell.json"
    pair.write_text(json.dumps(record))
    code, err = gjk(capsys, "plot", str(pair), "-o", str(tmp_path / "ell.svg"))
    assert code == 0, err  # the disc meets the L's foot, x = 4, at t = 3.5 / 5
    picture = (tmp_path / "ell.svg").read_text()
    assert 'id="start-a-0"' in picture or 'id="still-a-0"' in picture
    record["motion"] = {"b": {"to": [-5, 0, 30]}}
    pair.write_text(json.dumps(record))
    code, err = gjk(capsys, "plot", str(pair), "-o", str(tmp_path / "turn.svg"))
    assert code == 2 and err.count("\n") == 1
    assert "a turning motion needs convex shapes, and A is a compound shape" in err
    assert not (tmp_path / "turn.svg").exists()


def test_check_draws_its_manifold_on_its_picture(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "seed.svg"
    seed = str(SAMPLES / "seed-example.json")
    with pytest.raises(SystemExit) as done:
        typer.main.get_command(app).main(
            args=["check", seed, "--manifold", "--plot", str(picture)], prog_name="gjk"
        )
    assert done.value.code == 0
    assert "contact manifold" in capsys.readouterr().out
    assert {"manifold-point-0", "manifold-point-1", "reference-edge"} <= ids(picture)
