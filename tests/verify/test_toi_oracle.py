"""The sampling oracle of the rotating time of impact: what it finds, and what it misses."""

from __future__ import annotations

import math

import pytest

from gjkcli.algorithms.distance import distance
from gjkcli.algorithms.poses import Move, Pose, posed
from gjkcli.shapes import circle, rectangle
from gjkcli.tolerances import TOI_ORACLE_WIDTH
from gjkcli.verify.toi_oracle import sampled_first_contact

BALL = circle((0.0, 0.0), 1.0)
CLOSING = Move(Pose(5.0, 0.0, 0.0), Pose(0.0, 0.0, 0.0))  # touches BALL at t = 0.6


@pytest.mark.parametrize("samples", [1, 3, 10, 1000])
def test_bisection_narrows_to_the_contact_whatever_the_sampling(samples: int) -> None:
    found = sampled_first_contact(BALL, BALL, Move(), CLOSING, samples)
    assert found is not None
    assert 0.6 <= found <= 0.6 + 2.0 * TOI_ORACLE_WIDTH


def test_the_time_found_is_one_where_the_shapes_touch() -> None:
    found = sampled_first_contact(BALL, BALL, Move(), CLOSING, 7)
    assert found is not None
    assert distance(BALL, posed(BALL, CLOSING.at(found))).intersects


def test_in_contact_at_the_start_is_time_zero() -> None:
    assert sampled_first_contact(BALL, BALL, Move(), Move(), 10) == 0.0


def test_apart_at_every_sample_is_none() -> None:
    passing = Move(Pose(5.0, 3.0, 0.0), Pose(-5.0, 3.0, 0.0))
    assert sampled_first_contact(BALL, BALL, Move(), passing, 100) is None


def test_it_misses_a_contact_between_its_samples() -> None:
    # the reason it only checks one way: a bar turning ten times is back on the x axis
    # at every tenth of the motion, and the post it sweeps through is never sampled
    bar, post = rectangle((2.0, 0.0), (4.0, 0.2)), rectangle((0.0, 3.0), (0.2, 0.2))
    spin = Move(end=Pose(0.0, 0.0, 3600.0))
    assert sampled_first_contact(bar, post, spin, Move(), 10) is None
    found = sampled_first_contact(bar, post, spin, Move(), 1000)
    assert found is not None
    # first touch at 86.05 degrees of the first turn (see tests/algorithms/test_toi.py)
    assert math.isclose(found * 3600.0, 86.0501, abs_tol=1e-3)


def test_samples_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        sampled_first_contact(BALL, BALL, Move(), CLOSING, 0)
