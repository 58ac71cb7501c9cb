"""The engine remembers each player's wild moves until their table changes, and each pile's
until its cards change (wild_moves.py).

Rulebook, Property Wild Cards: a wild may be flipped "any time on your turn", so its moves
are listed before every decision. Remembering them is only an optimisation: at every step
of many random games, with the options that change which moves exist, the remembered list
must equal one worked out from scratch.
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.legal import legal_actions

from .helpers import game, ids, position, table

OPTIONS = [
    {},
    {"multicolour_wild_moves_to": "any_colour"},
    {"wild_moves": "once_between_plays"},
    {"forced_deal_give_from_full_set": True, "broken_set_buildings_to": "discard_pile"},
]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_remembered_moves_equal_fresh_ones(players: int, options: dict[str, object]) -> None:
    """Engine convention (legal.py): every step of 15 random games, remembered == fresh."""
    agent = RandomAgent()
    for seed in range(15):
        g = mw.new_game("deal", players=players, seed=seed, options=options)
        rng = make_rng(seed, "remembered moves")
        while not g.is_over:
            offered = [a.id for a in g.legal_actions()]
            fresh = g.state.clone()  # a clone starts with nothing remembered
            assert not fresh.wild_moves_memo
            assert all(pile.wild_moves is None for t in fresh.tables for pile in t)
            assert [a.id for a in legal_actions(fresh)] == offered, (seed, g.step)
            g.apply(agent(None, g.legal_actions(), rng))


def test_a_stolen_set_takes_its_wild_moves_along():
    """Rulebook, Deal Breaker: the set changes hands, so its wild's moves leave the victim's
    list and join the thief's (nothing stale is remembered)."""
    red = table(("Red", ["Kentucky Avenue", "Indiana Avenue", "Red/Yellow wild"]))
    pos = position(
        turn_player=1,
        hands=[["Deal Breaker"], ["$1M"]],
        properties=[[], red],
        draw_pile=["$2M", "$3M", "$4M", "$5M"],
    )
    g = game(pos)
    assert "wild:Red:Red/Yellow wild:Yellow" in ids(g)  # the victim's move, now remembered
    g.apply("end_turn")
    g.apply("breaker:1:Red")
    if g.current_player == 1:  # player 1 may answer; they have no Just Say No
        g.apply("accept")
    assert "wild:Red:Red/Yellow wild:Yellow" in ids(g)  # the thief may move it now
    g.apply("end_turn")
    assert g.current_player == 1
    assert not [i for i in ids(g) if i.startswith("wild:")]  # the victim has no wild left
