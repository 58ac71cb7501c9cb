"""Exact Monopoly Deal odds from one player's observation, checked against counting,
brute-force sampling and the real engine."""

from __future__ import annotations

from math import comb
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.prob import deal as deal_odds
from monopoly_widgets.prob.deal import (
    chance_opponent_has_just_say_no,
    chance_to_complete_set,
    chance_to_draw,
    complete_set_probability,
    panel,
    sample_next_draw,
)
from monopoly_widgets.sim.montecarlo import estimate_probability


def position(**changes: Any) -> dict[str, Any]:
    """Player 1 has just ended nothing yet: it is player 1's turn; player 0 is watching."""
    base: dict[str, Any] = {
        "players": 2,
        "turn_player": 1,
        "turn": 3,
        "plays_used": 0,
        "hands": [["Sly Deal", "$5M", "Kentucky Avenue"], ["Pass Go", "Boardwalk", "$1M"]],
        "banks": [["$1M"], []],
        "properties": [
            [{"colour": "Red", "cards": ["Indiana Avenue"], "house": False, "hotel": False}],
            [],
        ],
        "discard_pile": ["Debt Collector"],
    }
    base.update(changes)
    return base


def test_next_draw_is_plain_hypergeometric_with_a_full_draw_pile() -> None:
    """Rule: Deal rulebook "On Your Turn": draw 2 cards. 3 Just Say No are all unseen."""
    game = mw.from_position("deal", position())
    obs = game.observation(0)
    unseen = sum(obs["unseen"].values())
    assert unseen == obs["draw_pile"] + 3  # the draw pile and the opponent's 3 cards
    odds = chance_to_draw(obs, ["Just Say No"])
    assert odds.probability == pytest.approx(1 - comb(unseen - 3, 2) / comb(unseen, 2), abs=1e-12)
    assert f"1 - C({unseen - 3},2)/C({unseen},2)" in odds.explanation


def test_empty_hand_draws_five() -> None:
    """Rule: Deal rulebook "On Your Turn": draw 5 instead if your hand is empty."""
    game = mw.from_position("deal", position(hands=[[], ["Pass Go"]]))
    obs = game.observation(0)
    unseen = sum(obs["unseen"].values())
    odds = chance_to_draw(obs, ["Just Say No"])
    assert odds.probability == pytest.approx(1 - comb(unseen - 3, 5) / comb(unseen, 5), abs=1e-12)


def small_draw_pile() -> dict[str, Any]:
    """One card left in the draw pile; every card not named is in the discard pile."""
    return position(
        hands=[["Sly Deal"], ["Pass Go", "Boardwalk", "Just Say No"]],
        draw_pile=["House"],
        discard_pile=["Just Say No", "$1M", "$2M"],
        unplaced="discard_pile",
    )


def test_reshuffle_is_exact() -> None:
    """Rule: Deal rulebook: when the draw pile runs out, shuffle the discard pile for a new one.

    Player 0 cannot see 4 cards (the 1-card pile and the opponent's 3, one of them a
    Just Say No), so the pile card is a Just Say No with chance 1/4; the second card
    comes from the reshuffled discard pile, where player 0 can see every card.
    """
    game = mw.from_position("deal", small_draw_pile())
    obs = game.observation(0)
    assert obs["draw_pile"] == 1 and sum(obs["unseen"].values()) == 4
    discard = [card["name"] for card in obs["discard_pile"]]
    jsn = discard.count("Just Say No")
    odds = chance_to_draw(obs, ["Just Say No"])
    expected = 1 - (3 / 4) * (len(discard) - jsn) / len(discard)
    assert odds.probability == pytest.approx(expected, abs=1e-12)
    assert "discard pile" in odds.explanation


def test_odds_never_depend_on_the_true_hidden_order() -> None:
    """Swapping a hidden card between the opponent's hand and the draw pile changes nothing."""
    first = position(draw_pile=["Just Say No", "$2M"], hands=[["Sly Deal"], ["House", "$1M"]])
    second = position(draw_pile=["House", "$2M"], hands=[["Sly Deal"], ["Just Say No", "$1M"]])
    obs_a = mw.from_position("deal", first).observation(0)
    obs_b = mw.from_position("deal", second).observation(0)
    assert obs_a == obs_b
    assert panel(obs_a) == panel(obs_b)


def test_opponent_just_say_no() -> None:
    """Their 3 cards are a random 3 of the unseen cards."""
    obs = mw.from_position("deal", position()).observation(0)
    unseen = sum(obs["unseen"].values())
    odds = chance_opponent_has_just_say_no(obs, 1)
    assert odds.probability == pytest.approx(1 - comb(unseen - 3, 3) / comb(unseen, 3), abs=1e-12)
    teacher = mw.from_position("deal", position()).observation(None)
    assert chance_opponent_has_just_say_no(teacher, 1).probability == 0.0  # seen: none held


def test_complete_set_counts_table_and_hand() -> None:
    """Red needs 3 cards: Indiana (table) + Kentucky (hand) leave 1: Illinois or a Red wild."""
    obs = mw.from_position("deal", position()).observation(0)
    unseen = sum(obs["unseen"].values())
    # Illinois Avenue, 2 Red/Yellow wilds, 2 Multicolour wilds
    wanted = 5
    one_turn = chance_to_complete_set(obs, "Red", turns=1)
    assert one_turn.probability == pytest.approx(
        1 - comb(unseen - wanted, 2) / comb(unseen, 2), abs=1e-12
    )
    three_turns = chance_to_complete_set(obs, "Red", turns=3)
    assert three_turns.probability > one_turn.probability
    assert "need 1 more" in one_turn.explanation


def test_a_set_of_wilds_needs_a_real_property() -> None:
    """Rule: RULES-NOTES "Wild property cards": a set made only of wilds is not complete."""
    start = position(
        hands=[["Multicolour wild"], ["Pass Go"]],
        properties=[
            [
                {
                    "colour": "Brown",
                    "cards": ["Light Blue/Brown wild"],
                    "house": False,
                    "hotel": False,
                }
            ],
            [],
        ],
    )
    obs = mw.from_position("deal", start).observation(0)
    odds = chance_to_complete_set(obs, "Brown", turns=2)
    unseen = sum(obs["unseen"].values())
    # two wilds already: need 0 more cards but a real Brown property (2 unseen)
    expected = 1 - comb(unseen - 2, 4) / comb(unseen, 4)
    assert odds.probability == pytest.approx(expected, abs=1e-12)
    assert odds.probability == float(complete_set_probability(unseen, 2, 0, 4, 0, False))


def test_panel_rows() -> None:
    obs = mw.from_position("deal", position()).observation(0)
    rows = panel(obs)
    labels = [row.label for row in rows]
    assert labels[0] == "draw a Just Say No next turn"
    assert "player 1 holds a Just Say No" in labels
    assert "complete Red within 1 turn" in labels and "complete Red within 3 turns" in labels
    for _label, probability, explanation in rows:
        assert 0 <= probability <= 1 and "=" in explanation


def test_unknown_card_name_is_rejected() -> None:
    obs = mw.from_position("deal", position()).observation(0)
    with pytest.raises(ValueError, match="Just Say Yes"):
        chance_to_draw(obs, ["Just Say Yes"])
    with pytest.raises(ValueError, match="Purple"):
        chance_to_complete_set(obs, "Purple")


@pytest.mark.parametrize("make", [position, small_draw_pile])
def test_brute_force_sampling_agrees(make: Any) -> None:
    """Sampling worlds the viewer cannot rule out: ~95% of intervals hold the exact value."""
    obs = mw.from_position("deal", make()).observation(0)
    exact = chance_to_draw(obs, ["Just Say No", "House"]).probability
    covered = sum(
        estimate_probability(
            lambda names: "Just Say No" in names or "House" in names,
            lambda rng: sample_next_draw(obs, rng),
            n=200,
            seed=seed,
        ).contains(exact)
        for seed in range(60)
    )
    assert covered >= 50


def test_the_real_engine_draw_agrees() -> None:
    """Play the real draw: player 1 ends the turn and player 0 draws, in determinized worlds."""
    game = mw.from_position("deal", small_draw_pile())
    exact = chance_to_draw(game.observation(0), ["Just Say No"]).probability
    rules = game.rules

    def sampler(rng: Any) -> list[str]:
        world = rules.determinize(game.state, 0, rng)
        world.seed = rng.randrange(2**31)  # a fresh reshuffle of the discard pile per world
        end = next(a for a in rules.legal_actions(world) if a.kind == "end_turn")
        rules.apply(world, end)
        hand = rules.observation(world, 0)["seats"][0]["hand"]
        return [card["name"] for card in hand[1:]]

    estimate = estimate_probability(
        lambda names: "Just Say No" in names, sampler, n=3000, seed=3, confidence=0.999
    )
    assert estimate.contains(exact), (estimate, exact)


def test_sample_next_draw_is_seeded() -> None:
    obs = mw.from_position("deal", position()).observation(0)
    assert sample_next_draw(obs, make_rng(1, "x")) == sample_next_draw(obs, make_rng(1, "x"))
    assert len(sample_next_draw(obs, make_rng(1, "x"))) == 2
    assert deal_odds.next_draw_size(obs) == 2
