"""The observation's hot path (card dicts copied from templates) changes nothing a reader sees,
and every observation still owns its data: changing one never changes the next."""

from __future__ import annotations

import json

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.deal.cards import COLOUR_INDEX, card_dict


def cards_in(observation: dict) -> list[tuple[dict, str | None]]:
    """Every card dict of an observation, with the colour it was assigned (or None)."""
    found = [(c, None) for c in observation["discard_pile"]]
    for seat in observation["seats"]:
        found += [(c, None) for c in (seat["hand"] or []) + seat["bank"]]
        for pile in seat["sets"]:
            found += [(c, pile["colour"]) for c in pile["cards"]]
    if observation["pending"]:
        found += [(c, None) for c in observation["pending"]["cards"]]
    return found


def test_every_card_dict_is_what_card_dict_builds() -> None:
    game = mw.new_game("deal", players=3, seed=4)
    rng = make_rng(4, "walk")
    agent = HeuristicAgent()
    checked = 0
    while not game.is_over and game.step < 150:
        seat = game.current_player
        for card, colour in cards_in(game.observation(seat)):
            expected = card_dict(card["id"], None if colour is None else COLOUR_INDEX[colour])
            assert card == expected
            checked += 1
        game.apply(agent(game.observation(seat), game.legal_actions(), rng))
    assert checked > 1000


def test_changing_an_observation_leaves_the_next_one_alone() -> None:
    game = mw.new_game("deal", players=2, seed=7)
    rng = make_rng(7, "walk")
    agent = HeuristicAgent()
    while not game.observation(None)["discard_pile"] or not game.observation(0)["seats"][0]["sets"]:
        game.apply(agent(game.observation(game.current_player), game.legal_actions(), rng))
    first = game.observation(0)
    before = json.loads(json.dumps(game.observation(0)))  # a snapshot that shares nothing
    for card, _ in cards_in(first):
        card["name"] = "changed"
        card["colours"].append("changed")
    assert game.observation(0) == before
