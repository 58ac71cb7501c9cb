"""A hostile bot (issue 42): it tries to find its game's deal from the league's code.

On its first turn it deals every candidate game (league seeds 0-20, deals 0-4, through
the league's own ``deal_seed``, and the old fixed check seed 27) and compares that
game's starting hand of its seat with its own hand. If one matches, it knows the
opponent's hand and the draw pile; it says so by returning "FOUND ..." (an illegal
move, so the league records it as a forfeit with that text).
"""

import monopoly_widgets as mw
from monopoly_widgets.league.games import deal_seed

CANDIDATES = [deal_seed(seed, deal) for seed in range(21) for deal in range(5)] + [27]
searched = set()


def choose(observation, legal_actions, rng):
    seat = observation["viewer"]
    mine = {card["id"] for card in observation["seats"][seat]["hand"] or []}
    key = frozenset(mine)
    if observation["turn"] <= 2 and key not in searched:
        searched.add(key)
        for candidate in CANDIDATES:
            game = mw.new_game("deal", players=2, seed=candidate)
            start = {card["id"] for card in game.observation(seat)["seats"][seat]["hand"]}
            if start <= mine:
                return f"FOUND seed {candidate}"
    for action in legal_actions:
        if action.kind == "property":
            return action
    return rng.choice(legal_actions)
