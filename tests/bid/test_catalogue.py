"""bid/catalogue.py: every id that is ever legal is in the fixed catalogue, once."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.bid.catalogue import action_catalogue
from monopoly_widgets.core.rng import make_rng

OPTION_SETS = [
    {},
    {"trade_offers": "host", "bid_cards": "fewest"},
    {"trade_money": True, "max_trade_offers_per_round": 2, "tie_raise_must_add_card": True},
    {"trade_offers": "none", "count_money_5": 3},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_every_legal_id_of_random_games_is_in_the_catalogue(options: dict) -> None:
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        catalogue = action_catalogue(players, options)
        assert len(catalogue) == len(set(catalogue))
        known = set(catalogue)
        g = mw.new_game("bid", players=players, seed=seed, options=options)
        agent, rng = RandomAgent(), make_rng(seed, "catalogue")
        while not g.is_over:
            legal = g.legal_actions()
            assert {a.id for a in legal} <= known, {a.id for a in legal} - known
            g.apply(agent(None, legal, rng))


def test_the_catalogue_follows_the_options() -> None:
    default = action_catalogue(3)
    assert "deal:to:2" in default and "trade" not in default and "bid:5x10" in default
    assert "deal:pay:5" not in default
    host = action_catalogue(3, {"trade_offers": "host", "bid_cards": "fewest"})
    assert "offer:1:Boardwalk:Baltic Avenue" in host and "deal:to:1" not in host
    assert "bid:choose" not in host and "bid:150" in host and "bid:151" not in host
