"""The win check after each action looks only when a set was completed
(``turns.win_check_needed``); over random play it must agree with the full check.

Rulebook, How to Win: "Be the first player to collect 3 complete Property sets in different
colors". A player can only come to hold them when one of their sets is completed, which
``speed.table_changed`` notes, seat by seat (``state.completed_by``). If that reasoning
were wrong somewhere (say a new way of moving properties that completes a set without saying
so, or notes the wrong seat), a win would go unnoticed and this test would say where.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.rules import carry_out
from monopoly_widgets.deal.turns import check_win, win_check_needed


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"win_declared_on_own_turn": True},
        {"wild_moves": "once_between_plays", "forced_deal_give_from_full_set": True},
    ],
    ids=["default", "win_declared_on_own_turn", "other_options"],
)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_skipped_win_check_agrees_with_the_full_one(players, options):
    """Engine convention (turns.win_check_needed): at every step of 12 random games per player
    count, the game's own check (skipped when no set was completed, else looking only at the
    seats whose sets were completed) and the full check, which always looks at every seat,
    find the same winner, or none."""
    agent = RandomAgent()
    skipped = 0
    wins = 0
    for seed in range(12):
        g = mw.new_game("deal", players=players, seed=seed, options=options)
        rng = make_rng(seed, "win check")
        while not g.is_over:
            action = agent(None, g.legal_actions(), rng)
            full = g.state.clone()
            full_events = carry_out(full, action)
            skipped += not win_check_needed(full)  # the clone starts with completed_by empty
            check_win(full, full_events)
            events = g.apply(action)
            assert (g.state.winner, g.state.phase) == (full.winner, full.phase), (seed, g.step)
            assert [e.text for e in events] == [e.text for e in full_events], (seed, g.step)
        wins += g.state.winner is not None
    if not options.get("win_declared_on_own_turn"):  # that option looks after every action
        assert skipped > 0  # the check was skipped
    assert wins > 0  # and games were won, so the check was not vacuous
