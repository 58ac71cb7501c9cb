"""The paired comparison (``coach/pairing.py``): moves compared in the same worlds, honestly.

The coach asks it after every playout, so its promise must hold however often it
is asked: a tie passes as "clearly better" in at most 5% of races at 95%.
"""

from __future__ import annotations

import math
import random

import pytest

from monopoly_widgets.coach.pairing import as_bits, clearly_better, versus
from monopoly_widgets.coach.result import Analysis, MoveEstimate
from monopoly_widgets.sim.intervals import wilson_interval


def ever_passes(test, rng: random.Random, worlds: int) -> bool:  # type: ignore[no-untyped-def]
    """Ask ``test(ahead, behind)`` after every world of a fair coin between two equal moves."""
    ahead = behind = 0
    for _ in range(worlds):
        if rng.random() < 0.5:
            ahead += 1
        else:
            behind += 1
        if test(ahead, behind):
            return True
    return False


def plain_test(ahead: int, behind: int) -> bool:
    """A fixed-size 95% sign test: right once, wrong when asked again and again."""
    worlds = ahead + behind
    return worlds >= 10 and (ahead - behind) / math.sqrt(worlds) > 1.96


def test_two_equal_moves_are_rarely_called_different_however_often_it_is_asked() -> None:
    races, worlds = 300, 600
    rng = random.Random(29)
    fooled = sum(
        ever_passes(lambda a, b: clearly_better(a, b, 1, 0.95), rng, worlds) for _ in range(races)
    )
    assert fooled / races <= 0.05
    # The plain test, asked after every world, is fooled far more often: that is why.
    rng = random.Random(29)
    plain = sum(ever_passes(plain_test, rng, worlds) for _ in range(races))
    assert plain / races > 0.15


@pytest.mark.parametrize(
    ("ahead", "behind", "compared", "clear"),
    [
        (30, 5, 1, True),
        (30, 5, 20, True),
        (12, 2, 20, False),
        (20, 10, 1, False),
        (5, 30, 1, False),
    ],
)
def test_a_clear_lead_passes_and_a_small_one_does_not(
    ahead: int, behind: int, compared: int, clear: bool
) -> None:
    assert clearly_better(ahead, behind, compared, 0.95) is clear


def test_versus_counts_only_the_worlds_both_moves_were_played_in() -> None:
    leader = as_bits([1, 1, 0, 1, 1, 1], 0)
    other = as_bits([1, 0, 0, 0], 0)
    assert versus(leader, 6, other, 4) == (2, 0)  # worlds 1 and 3; 4 and 5 were not shared
    assert as_bits([1, 0, 1], 4) == 0b1010000


def analysis(versus_best: tuple[int, int] | None) -> Analysis:
    def move(name: str, wins: int, playouts: int, against: tuple[int, int] | None) -> MoveEstimate:
        low, high = wilson_interval(wins, playouts)
        return MoveEstimate(name, name, wins, playouts, low, high, None, against)

    moves = (move("a", 120, 200, None), move("b", 100, 200, versus_best))
    return Analysis(0, 0, moves, "a", 400, 3, 1.0, "", "", 0, "heuristic", False, 0.95)


def test_overlapping_intervals_are_separated_only_by_a_clear_paired_comparison() -> None:
    """60% and 50% of 200 each: the intervals overlap; world by world it depends."""
    assert analysis((0, 0)).moves[1].high > analysis((0, 0)).moves[0].low
    assert analysis((28, 8)).separated() and analysis((28, 8)).conclusive()
    assert "won where it lost in 28, the reverse in 8; clearly better" in analysis((28, 8)).lead()
    assert not analysis((40, 20)).separated()
    assert not analysis(None).separated()
