"""Predict, then check (issue 25 §2.2): a guess is kept, reveals nothing, and meets the result."""

from __future__ import annotations

import numpy as np
import pytest

from monopoly_widgets.lessons import LessonError, compare_prediction, predict, predicted
from monopoly_widgets.lessons.record import record_for


def test_a_guess_is_noted_without_revealing_anything(capsys: pytest.CaptureFixture[str]) -> None:
    predict("jsn", "40%")
    out = capsys.readouterr().out
    assert "noted, you predict 40%" in out and 'compare_prediction("jsn"' in out
    assert record_for(None).predictions["jsn"].value == pytest.approx(0.4)


def test_the_guess_is_shown_beside_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    predict("jsn", "40%")
    compare_prediction("jsn", np.float64(0.6131), source="the simulation")
    out = capsys.readouterr().out.splitlines()[-1]
    assert out == "jsn: you said 40%; the simulation says 61.3% (21.3 percentage points low)."
    predict("wins", 0.5)
    compare_prediction("wins", 0.5)
    assert "you said 0.5; the result is 0.5 (spot on)" in capsys.readouterr().out


def test_no_guess_is_met_kindly_and_the_result_is_held(
    capsys: pytest.CaptureFixture[str],
) -> None:
    compare_prediction("jsn", 0.613, source="the simulation")
    out = capsys.readouterr().out
    assert "you have not predicted yet, so the simulation is held back" in out
    assert "0.613" not in out and "61.3" not in out
    predict("jsn", ...)
    assert "not predicted yet" in capsys.readouterr().out
    assert "jsn" not in record_for(None).predictions


def test_a_guess_may_change_until_it_is_compared(capsys: pytest.CaptureFixture[str]) -> None:
    predict("jsn", 0.3)
    predict("jsn", "1/2")
    assert "(it was 0.3)" in capsys.readouterr().out
    compare_prediction("jsn", 0.6)
    predict("jsn", 0.6)
    assert "it stays" in capsys.readouterr().out
    assert record_for(None).predictions["jsn"].text == "1/2"


def test_any_guess_is_kept_even_one_that_is_not_a_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    predict("who", "player 2, surely")
    compare_prediction("who", 1)
    assert "you said 'player 2, surely'; the result is 1." in capsys.readouterr().out
    predict("huge", 10**5000)
    assert record_for(None).predictions["huge"].value is None


def test_author_mistakes_are_named() -> None:
    with pytest.raises(LessonError, match="short name"):
        predict("", 0.4)
    with pytest.raises(LessonError, match="result as a number"):
        compare_prediction("jsn", "lots")


def test_a_result_is_held_until_its_prediction(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 43: Run All must not print a result above an unmade guess."""
    assert not predicted("ratio")
    assert "ratio: the result is held until you predict" in capsys.readouterr().out
    assert not predicted("ratio", quiet=True) and capsys.readouterr().out == ""
    predict("ratio", ...)
    assert not predicted("ratio", quiet=True)
    predict("ratio", "a half")
    capsys.readouterr()
    assert predicted("ratio") and capsys.readouterr().out == ""
