"""Monopoly Deal for the search agent: what a heuristic player's hand is likely to hold.

A fair re-deal of the unseen cards (``rules.determinize``) imagines every other hand as
a random handful of them. A heuristic player's hand is not random once it has ended a
turn: it lays properties and plays Pass Go at once, and keeps rent cards, Houses,
Hotels and Just Say No for later. ``lean_hands`` deals those same unseen cards again,
each kind in proportion to how much likelier it is in such a hand (``HAND_ODDS``,
measured on heuristic self-play), so the search agent's worlds look like the games it
plays in (``beliefs.HeuristicBeliefs``, the Deal descriptor's ``beliefs``).
"""

from __future__ import annotations

import random

from monopoly_widgets.deal.cards import KIND, NAME, PACK_SIZE
from monopoly_widgets.deal.state import DealState

#: How much likelier a card of each kind is in the hand of a heuristic player who has ended
#: a turn than among all the cards it might hold (its hand and the draw pile): the heuristic
#: lays properties and plays Pass Go at once, and keeps rent cards, Houses, Hotels, Double
#: the Rent and Just Say No for later. Measured by ``benchmarks/fit_deal_evaluation.py
#: --beliefs`` on heuristic self-play (odds: share in hand / share among the unseen cards).
HAND_ODDS: dict[str, float] = {
    "Double the Rent": 2.79,
    "Hotel": 2.70,
    "Red/Yellow rent": 2.35,
    "Railroad/Utility rent": 2.20,
    "Dark Blue/Green rent": 2.05,
    "Light Blue/Brown rent": 2.03,
    "Just Say No": 2.02,
    "Pink/Orange rent": 2.01,
    "House": 1.97,
    "$1M": 1.82,
    "$2M": 1.46,
    "Deal Breaker": 1.41,
    "Any-colour rent": 1.38,
    "$3M": 1.35,
    "It's My Birthday": 1.29,
    "$4M": 1.17,
    "$5M": 1.08,
    "Forced Deal": 0.98,
    "Debt Collector": 0.86,
    "$10M": 0.79,
    "Sly Deal": 0.57,
    "property": 0.31,
    "wild": 0.15,
    "Pass Go": 0.10,
}


def card_class(index: int) -> str:
    """The key of ``HAND_ODDS`` for a card (by pack index): properties and wilds by kind,
    every other card by name."""
    kind = KIND[index]
    return kind if kind in ("property", "wild") else NAME[index]


_ODDS_BY_INDEX: tuple[float, ...] = tuple(HAND_ODDS[card_class(i)] for i in range(PACK_SIZE))


def has_ended_a_turn(state: DealState, player: int) -> bool:
    """Has ``player`` finished a turn of their own yet? (Public: the turn count and order.)"""
    first = (state.turn_player - (state.turn - 1)) % state.players
    return state.turn - 1 > (player - first) % state.players


def lean_hands(world: DealState, seat: int, rng: random.Random) -> DealState:
    """Re-deal the other players' hands in ``world`` by ``HAND_ODDS``, in place.

    ``world`` is a sample from ``rules.determinize``: every card ``seat`` cannot see is
    already dealt at random. Those same cards (their multiset is public: the pack less
    what ``seat`` sees) are dealt again, each other player's hand drawn without
    replacement with chances in proportion to the odds (weighted sampling by keys
    ``u ** (1 / odds)``), and the rest left as the draw pile in their random order. A
    player who has not ended a turn yet holds a fair deal, so is left as it is.
    """
    others = [p for p in range(world.players) if p != seat and has_ended_a_turn(world, p)]
    if not others:
        return world
    hidden = list(world.draw_pile)
    for p in others:
        hidden.extend(world.hands[p])
    odds = _ODDS_BY_INDEX
    keys = [rng.random() ** (1.0 / odds[card % PACK_SIZE]) for card in hidden]
    order = sorted(range(len(hidden)), key=keys.__getitem__, reverse=True)
    start = 0
    for p in others:
        count = len(world.hands[p])
        world.hands[p] = [hidden[i] for i in order[start : start + count]]
        start += count
    dealt = set(order[:start])
    world.draw_pile = [card for i, card in enumerate(hidden) if i not in dealt]
    return world
