"""The win check after each action looks only at the players whose sets may have changed
(``turns.WIN_CHECK``); over random play it must agree with the full check of everyone.

Rulebook, How to Win: "Be the first player to collect 3 complete Property sets in different
colors". Banking, discarding and ending a turn change nobody's properties; laying a card and
moving a wild change only the turn player's. If that reasoning were wrong somewhere (say a
new action kind that moves properties), a win would go unnoticed and this test would say where.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.rules import carry_out
from monopoly_widgets.deal.turns import EVERYONE, WIN_CHECK, check_win


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
    """Engine convention (turns.WIN_CHECK): at every step of 12 random games per player count,
    the game's own (narrowed) check and the full check find the same winner, or none."""
    agent = RandomAgent()
    narrowed = 0
    wins = 0
    for seed in range(12):
        g = mw.new_game("deal", players=players, seed=seed, options=options)
        rng = make_rng(seed, "win check")
        while not g.is_over:
            action = agent(None, g.legal_actions(), rng)
            full = g.state.clone()
            full_events = carry_out(full, action)
            check_win(full, full_events, EVERYONE)
            events = g.apply(action)
            narrowed += WIN_CHECK.get(action.kind, EVERYONE) != EVERYONE
            assert (g.state.winner, g.state.phase) == (full.winner, full.phase), (seed, g.step)
            assert [e.text for e in events] == [e.text for e in full_events], (seed, g.step)
        wins += g.state.winner is not None
    assert narrowed > 0  # the narrowed check was exercised
    assert wins > 0  # and games were won, so the check was not vacuous
