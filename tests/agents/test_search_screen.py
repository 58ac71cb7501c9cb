"""The search agent's first look at each action sees what the action does, payments and all."""

from __future__ import annotations

import monopoly_widgets as mw
from monopoly_widgets.agents.search import SearchAgent
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng


def debt_collector_among_many() -> Game:
    """Seat 0 can collect $5M from seat 1 (who holds no cards, so no Just Say No in any
    world, and has $5M in the bank) or bank one of many cards."""
    position = {
        "players": 2,
        "turn_player": 0,
        "turn": 6,
        "plays_used": 0,
        "hands": [["Debt Collector", "$1M", "$2M", "$3M", "$4M", "$5M", "Pass Go"], []],
        "banks": [[], ["$2M", "$3M"]],
        "properties": [
            [{"colour": "Green", "cards": ["Pacific Avenue"]}],
            [{"colour": "Dark Blue", "cards": ["Park Place", "Boardwalk"]}],
        ],
    }
    return mw.from_position("deal", position, seed=1)


def test_a_debt_collector_is_screened_after_it_is_paid() -> None:
    """The screen keeps the Debt Collector among the few candidates searched.

    Scored the moment it is played, before seat 1 has paid, it showed only a card
    gone from the hand and ranked below banking; played through the payment it
    ranks first.
    """
    game = debt_collector_among_many()
    agent = SearchAgent(candidates=3)
    agent.bind(game)
    legal = game.legal_actions()
    banked = next(a for a in legal if a.id == "bank:$1M")
    world = game.rules.determinize(game.state, 0, make_rng(1, "world", 0))
    kept = agent._candidates(game.rules, world, 0, legal, banked, limit=48, seed=3)
    assert len(legal) > 3
    assert "debt:1" in kept
