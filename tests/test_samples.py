"""Every shipped sample agrees with Shapely and meets its expectation, and is listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gjkcli.io import load_pair
from gjkcli.verify.check import check_pair
from tests.helpers import SAMPLES

PAIR_FILES = sorted(
    path
    for path in SAMPLES.rglob("*")
    if path.suffix in (".json", ".geojson", ".wkt") and not path.name.startswith("shape-")
)


@pytest.mark.parametrize("path", PAIR_FILES, ids=[str(p.relative_to(SAMPLES)) for p in PAIR_FILES])
def test_sample_agrees_and_meets_expectation(path: Path) -> None:
    result = check_pair(load_pair(str(path)))
    assert result.agree, result.disagreements
    if result.expect is not None:
        assert result.expect.ok, result.expect.failures


def test_every_shape_type_has_separated_touching_and_overlapping_samples() -> None:
    for kind in (
        "point",
        "segment",
        "polygon",
        "hull",
        "circle",
        "ellipse",
        "rectangle",
        "capsule",
    ):
        for case in ("separated", "touching", "overlapping"):
            assert (SAMPLES / kind / f"{case}.json").is_file(), f"{kind}/{case}.json"


def test_samples_readme_lists_every_sample() -> None:
    readme = (SAMPLES / "README.md").read_text()
    for path in SAMPLES.rglob("*"):
        if path.is_file() and path.name != "README.md":
            assert str(path.relative_to(SAMPLES)) in readme, path
