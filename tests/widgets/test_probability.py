"""The probability panel: the registry, the explorer's hook, and the built-in Deal odds."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.widgets import probability, register_probability


def test_chance_at_least_one_matches_counting_every_draw() -> None:
    """Hypergeometric: enumerate every 2- and 3-card draw of a small pile."""
    pile = ["hit"] * 3 + ["miss"] * 6
    for drawn in (1, 2, 3):
        draws = list(combinations(range(len(pile)), drawn))
        hits = sum(any(pile[i] == "hit" for i in draw) for draw in draws)
        assert probability.chance_at_least_one(3, len(pile), drawn) == pytest.approx(
            hits / len(draws)
        )
    assert probability.chance_at_least_one(0, 9, 2) == 0.0
    assert probability.chance_at_least_one(9, 9, 2) == 1.0


def test_register_probability_and_the_explorer_hook() -> None:
    pytest.importorskip("monopoly_widgets.deal.rules")
    seen = []

    def panel(observation: dict) -> list[tuple[str, float, str]]:
        seen.append(observation["viewer"])
        return [("Test row", 0.25, "a quarter")]

    saved = dict(probability._REGISTRY)
    try:
        register_probability("deal", panel)
        explorer = mw.GameExplorer(mw.new_game("deal", players=2, seed=3), perspective=1)
        assert seen and seen[-1] == 1, "the panel gets the perspective seat's observation"
        assert explorer.charts.odds_rows == [("Test row", 0.25, "a quarter")]
        explorer.probability_panel = lambda obs: [("Own hook", 0.5, "half")]
        explorer.forward()
        assert explorer.charts.odds_rows == [("Own hook", 0.5, "half")]
        with pytest.raises(TypeError):
            register_probability("deal", "not a function")  # type: ignore[arg-type]
    finally:
        probability._REGISTRY.clear()
        probability._REGISTRY.update(saved)


def test_built_in_deal_odds_count_the_unseen_cards() -> None:
    """Rule: Deal rulebook "On Your Turn": draw 2, or 5 with an empty hand."""
    pytest.importorskip("monopoly_widgets.deal.rules")
    game = mw.new_game("deal", players=3, seed=11)
    explorer = mw.GameExplorer(game, agents=[RandomAgent() for _ in range(3)])
    for _ in range(60):
        explorer.forward()
    observation = game.observation(0)
    rows = probability.deal_draw_odds(observation)
    unseen = sum(observation["unseen"].values())
    drawn = 5 if observation["seats"][0]["hand_count"] == 0 else 2
    drawn = min(drawn, observation["draw_pile"])
    jsn = observation["unseen"].get("Just Say No", 0)
    by_label = {label: p for label, p, _ in rows}
    assert by_label["Just Say No"] == pytest.approx(
        1 - comb(unseen - jsn, drawn) / comb(unseen, drawn)
    )
    needing = [
        s
        for s in observation["seats"][0]["sets"]
        if not s["complete"] and s["size"] - len(s["cards"]) == 1
    ]
    if not needing:
        assert by_label["Completes a set"] == 0.0
    else:
        assert 0.0 <= by_label["Completes a set"] <= 1.0


def _observation(set_cards: list[dict], hand_count: int) -> dict:
    """A hand-written Deal observation: seat 0 holds two Reds (or whatever is given)."""
    return {
        "game": "deal",
        "viewer": 0,
        "is_over": False,
        "turn_player": 1,
        "draw_pile": 10,
        "seats": [
            {
                "seat": 0,
                "hand_count": hand_count,
                "sets": [{"colour": "Red", "cards": set_cards, "size": 3, "complete": False}],
            }
        ],
        "unseen": {
            "Illinois Avenue": 1,
            "Red/Yellow wild": 2,
            "Multicolour wild": 1,
            "Just Say No": 3,
            "$1M": 13,
        },
    }


def test_built_in_deal_odds_for_a_set_one_card_short() -> None:
    """Rule: RULES-NOTES "Wild property cards": a set made only of wilds is not complete.

    Two Red properties on the table: Illinois Avenue, two Red/Yellow wilds and a
    multicolour wild complete it (4 of 20 unseen cards). Two wilds on the table:
    only the real property (1 of 20) does. With an empty hand the draw is 5.
    """
    pytest.importorskip("monopoly_widgets.deal.cards")
    prop = {"kind": "property"}
    wild = {"kind": "wild"}
    rows = {r[0]: r[1] for r in probability.deal_draw_odds(_observation([prop, prop], 4))}
    assert rows["Completes a set"] == pytest.approx(1 - comb(16, 2) / comb(20, 2))
    assert rows["Just Say No"] == pytest.approx(1 - comb(17, 2) / comb(20, 2))
    rows = {r[0]: r[1] for r in probability.deal_draw_odds(_observation([wild, wild], 4))}
    assert rows["Completes a set"] == pytest.approx(1 - comb(19, 2) / comb(20, 2))
    rows = {r[0]: r[1] for r in probability.deal_draw_odds(_observation([prop, prop], 0))}
    assert rows["Completes a set"] == pytest.approx(1 - comb(16, 5) / comb(20, 5))
