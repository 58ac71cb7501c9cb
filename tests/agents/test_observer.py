"""One rule for what an agent is handed as its observation (``agents.base.observer_of``),
used by ``play_out``, the search agent's rollouts and the coach's playouts."""

from __future__ import annotations

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent
from monopoly_widgets.agents.base import observer_of
from monopoly_widgets.deal.observation import DealView


def plain_agent(observation, legal_actions, rng):  # no attributes: the default protocol
    return legal_actions[0]


def test_each_kind_of_agent_gets_what_it_asks_for() -> None:
    game = mw.new_game("deal", players=2, seed=4)
    rules, state, seat = game.rules, game.state, game.current_player
    assert observer_of(RandomAgent())(rules, state, seat) is None
    assert isinstance(observer_of(HeuristicAgent())(rules, state, seat), DealView)
    assert observer_of(plain_agent)(rules, state, seat) == game.observation(seat)
