"""The "accept" answer names the demand it lets stand (rulebook: Just Say No; option
``ask_every_target``: every target is asked, so most answers are "accept").

Its action is remembered by what its label says (``legal._accept_action``), so a test reads
the label at every answer of random games and compares it with the demand worded afresh
(``responses.describe``): a remembered label for another amount or colour would show.
"""

from __future__ import annotations

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.responses import describe
from monopoly_widgets.deal.state import PHASE_RESPOND


def test_every_accept_names_the_demand_it_lets_stand():
    agent = RandomAgent()
    answers = 0
    demands: set[str] = set()
    for seed in range(40):
        game = mw.new_game("deal", players=3, seed=seed)
        rng = make_rng(seed, "accept labels")
        while not game.is_over:
            legal = game.legal_actions()
            state = game.state
            if state.phase == PHASE_RESPOND:
                pending = state.pending
                (accept,) = [a for a in legal if a.id == "accept"]
                if pending.jsn % 2 == 0:
                    assert accept.text == f"Accept the {describe(pending)}", (seed, game.step)
                    demands.add(describe(pending))
                else:
                    assert accept.text == "Accept the Just Say No", (seed, game.step)
                assert accept.player == pending.responder
                answers += 1
            game.apply(agent(None, legal, rng))
    # Rents of several amounts and colours, and every other kind of demand, were answered.
    assert answers > 200
    assert sum("rent" in d for d in demands) >= 10
    assert {"Sly Deal", "Forced Deal", "Deal Breaker"} <= demands
