"""Monopoly: The Card Game odds: will the next draw complete a colour group?"""

from __future__ import annotations

from math import comb
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.prob import panel as any_panel
from monopoly_widgets.prob.cardgame import chance_to_complete_group, panel
from monopoly_widgets.sim.montecarlo import estimate_probability


def position(**changes: Any) -> dict[str, Any]:
    """4 players, seat 0 to play, holding Boardwalk (needs Park Place) and 2 Railroads' worth."""
    base: dict[str, Any] = {
        "players": 4,
        "to_play": 0,
        "phase": "turn",
        "hands": [
            ["Boardwalk", "Oriental Avenue", "Vermont Avenue", "Reading Railroad", "GO"],
            ["Baltic Avenue", "Token"],
            ["Mr. Monopoly"],
            ["1st House"],
        ],
        "trade_piles": [["Token"], ["Water Works"], ["Connecticut Avenue"], ["Chance"]],
    }
    base.update(changes)
    return base


def test_one_missing_property_is_a_one_card_hypergeometric() -> None:
    """Rule: Card Game rulebook "Object of the Game": Park Place + Boardwalk make Dark Blue."""
    obs = mw.from_position("cardgame", position()).observation(0)
    unseen = sum(obs["unseen"].values())
    odds = chance_to_complete_group(obs, "Dark Blue", use_chance=False)
    assert odds.probability == pytest.approx(1 / unseen, abs=1e-12)
    assert f"1 - C({unseen - 1},1)/C({unseen},1)" in odds.explanation


def test_a_property_in_a_trade_pile_cannot_be_drawn() -> None:
    """Connecticut Avenue lies face up in a trade pile, so Light Blue cannot come from the draw."""
    obs = mw.from_position("cardgame", position()).observation(0)
    odds = chance_to_complete_group(obs, "Light Blue", use_chance=False)
    assert odds.probability == 0.0


def test_railroads_need_two_and_chance_can_fill_a_gap() -> None:
    """Rule: Card Game rulebook: a Railroad group can be 2, 3 or 4; Chance stands for a card."""
    obs = mw.from_position("cardgame", position()).observation(0)
    unseen = sum(obs["unseen"].values())
    plain = chance_to_complete_group(obs, "Railroad", use_chance=False)
    assert plain.probability == pytest.approx(3 / unseen, abs=1e-12)
    # one Chance is face up in a trade pile, the other is unseen
    with_chance = chance_to_complete_group(obs, "Railroad", use_chance=True)
    assert with_chance.probability == pytest.approx(4 / unseen, abs=1e-12)
    two_draws = chance_to_complete_group(obs, "Railroad", draws=2, use_chance=False)
    assert two_draws.probability == pytest.approx(
        1 - comb(unseen - 3, 2) / comb(unseen, 2), abs=1e-12
    )


def test_chance_in_hand_fills_the_gap() -> None:
    start = position()
    start["hands"][0] = ["Boardwalk", "Chance", "GO"]
    start["trade_piles"][3] = ["Token"]
    obs = mw.from_position("cardgame", start).observation(0)
    assert chance_to_complete_group(obs, "Dark Blue").probability == 1.0
    assert chance_to_complete_group(obs, "Dark Blue", use_chance=False).probability < 1


def test_real_draws_agree() -> None:
    """Draw from the real engine in determinized worlds; a 99.9% interval covers the exact value."""
    game = mw.from_position("cardgame", position())
    exact = chance_to_complete_group(game.observation(0), "Railroad", use_chance=False).probability
    rules = game.rules

    def sampler(rng: Any) -> set[str]:
        world = rules.determinize(game.state, 0, rng)
        rules.apply(world, next(a for a in rules.legal_actions(world) if a.id == "draw"))
        return {card["name"] for card in rules.observation(world, 0)["seats"][0]["hand"]}

    railroads = {"Pennsylvania Railroad", "B. & O. Railroad", "Short Line"}
    estimate = estimate_probability(
        lambda hand: bool(hand & railroads), sampler, n=3000, seed=1, confidence=0.999
    )
    assert estimate.contains(exact), (estimate, exact)


def test_panel_lists_started_groups() -> None:
    obs = mw.from_position("cardgame", position()).observation(0)
    labels = [row.label for row in panel(obs)]
    assert labels == [
        "complete Light Blue with the next 1 card",
        "complete Dark Blue with the next 1 card",
        "complete Railroad with the next 1 card",
    ]
    assert any_panel(obs) == panel(obs)
    with pytest.raises(ValueError, match="Purple"):
        chance_to_complete_group(obs, "Purple")
