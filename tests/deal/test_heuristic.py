"""The heuristic agent beats the random agent (acceptance: at least 80% of 2-player games)."""

from __future__ import annotations

import random

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent, RandomAgent, play_out
from monopoly_widgets.agents.deal.heuristic import choose

from .helpers import game, position, table


def test_heuristic_beats_random_in_at_least_80_percent():
    """200 seeded 2-player games, seats alternating."""
    wins = 0
    games = 200
    for seed in range(games):
        seat = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = HeuristicAgent()
        result = play_out(mw.new_game("deal", players=2, seed=seed), agents, seed=seed)
        wins += result.winner == seat
    assert wins / games >= 0.8, f"heuristic won only {wins} of {games}"


def _pick(g: mw.Game) -> str:
    seat = g.current_player
    return choose(g.observation(seat), g.legal_actions(), random.Random(0)).id


def test_heuristic_completes_a_set():
    """Rule of thumb 1: lay the card that completes a set."""
    g = game(
        position(
            hands=[["$1M", "Boardwalk", "Reading Railroad"], []],
            properties=[table(("Dark Blue", ["Park Place"])), []],
        )
    )
    assert _pick(g) == "lay:Boardwalk"


def test_heuristic_pays_with_smallest_covering_bank_card():
    """Rule of thumb 7: pay with the least valuable cards, no property when money covers it."""
    g = game(
        position(
            hands=[["Debt Collector"], []],
            banks=[[], ["$10M", "$5M", "$1M"]],
            properties=[[], table(("Green", ["Pacific Avenue"]))],
        )
    )
    g.apply("debt:1")
    assert _pick(g) == "pay:bank:$5M"


def test_heuristic_says_no_to_deal_breaker():
    """Rule of thumb 6: Just Say No against a Deal Breaker."""
    g = game(
        position(
            hands=[["Deal Breaker"], ["Just Say No"]],
            properties=[[], table(("Brown", ["Mediterranean Avenue", "Baltic Avenue"]))],
        )
    )
    g.apply("breaker:1:Brown")
    assert _pick(g) == "jsn"
