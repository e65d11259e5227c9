"""The rotating time of impact's cross-check judges a bracket on its own too: its width
against the tolerance, touching at ``t_hi``, and ``t_lo`` never after the sampled first
contact by more than the oracle's width (regressions from the issue 18 review)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

import gjkcli.verify.toi_check as toi_check_module
from gjkcli.algorithms.poses import Motion, Move, Pose
from gjkcli.algorithms.toi import ToiResult, time_of_impact
from gjkcli.shapes import rectangle

BAR = rectangle((2.0, 0.0), (4.0, 0.2))  # from its pivot at the origin to x = 4
POST = rectangle((0.0, 3.0), (0.2, 0.2))  # met at about 86.05 degrees of a quarter turn
QUARTER_TURN = Motion(Move(end=Pose(0.0, 0.0, 90.0)), Move())


def toi_problems(
    monkeypatch: pytest.MonkeyPatch, mutate: Callable[[ToiResult], ToiResult]
) -> tuple[str, ...]:
    """``check_toi``'s problems when the time of impact it checks answers ``mutate(answer)``."""

    def fake(*args: Any, **kwargs: Any) -> ToiResult:
        return mutate(time_of_impact(*args, **kwargs))

    monkeypatch.setattr(toi_check_module, "time_of_impact", fake)
    return toi_check_module.check_toi(BAR, POST, QUARTER_TURN).problems


def test_the_right_answer_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert toi_problems(monkeypatch, lambda result: result) == ()


def test_a_bracket_far_wider_than_its_tolerance_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def widened(result: ToiResult) -> ToiResult:
        assert result.bracket is not None
        return dataclasses.replace(result, bracket=(result.bracket[0], 1.0))

    problems = toi_problems(monkeypatch, widened)
    assert any("wide, more than the tolerance" in problem for problem in problems), problems


def test_a_bracket_ending_where_the_shapes_are_apart_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the contact is at about 86.05 / 90 = 0.956: at 0.5 the bar is far from the post
    def early(result: ToiResult) -> ToiResult:
        return dataclasses.replace(result, bracket=(0.5, 0.5), time=0.5)

    problems = toi_problems(monkeypatch, early)
    assert any("t_hi = 0.5, but the shapes are separated" in p for p in problems), problems


def test_t_lo_after_the_sampled_contact_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Claiming the shapes apart up to 0.9e-9 after the first contact is a false proof,
    # whatever the bracket's width (the oracle's own width is 1e-12).
    def late(result: ToiResult) -> ToiResult:
        assert result.bracket is not None
        low, high = result.bracket[0] + 0.9e-9, result.bracket[1] + 0.9e-9
        return dataclasses.replace(result, bracket=(low, high), time=low)

    problems = toi_problems(monkeypatch, late)
    assert any("proves the shapes apart before" in problem for problem in problems), problems


def test_a_touch_that_recedes_is_checked_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    square = rectangle((1.0, 1.0), (2.0, 2.0))
    beside = rectangle((2.5, 1.0), (1.0, 1.0))  # on the square's right side
    leaving = Motion(Move(), Move(end=Pose(0.0, 0.0, -30.0)))
    check = toi_check_module.check_toi(square, beside, leaving)
    assert check.result.status == "touching-receding" and check.agree, check.problems
    assert (check.sampled, check.sampled_from) == (None, 0.001)
    # said to recede on a motion that comes back round into the square: sampling finds it
    round_again = Motion(Move(), Move(end=Pose(0.0, 0.0, -350.0)))

    def receding(*args: Any, **kwargs: Any) -> ToiResult:
        found = time_of_impact(*args, **kwargs)
        return dataclasses.replace(
            found, status="touching-receding", bracket=None, time=None, receding=0.25
        )

    monkeypatch.setattr(toi_check_module, "time_of_impact", receding)
    problems = toi_check_module.check_toi(square, beside, round_again).problems
    assert len(problems) == 1
    assert problems[0].startswith(
        "the time of impact proves the shapes apart after t = 0, but sampling finds a contact"
    )
    # said to recede from a touch that is not there: the shapes start apart
    apart = rectangle((3.0, 1.0), (1.0, 1.0))
    problems = toi_check_module.check_toi(square, apart, leaving).problems
    assert (
        "the time of impact says the shapes touch at t = 0 and move apart, but they are "
        "separated there" in problems
    )
