"""Setup: the deck, the deal and the mulligan."""

from __future__ import annotations

from collections import Counter

import pytest

import monopoly_widgets as mw
from monopoly_widgets.bid.cards import PROPERTIES
from monopoly_widgets.bid.setup import mulligan
from monopoly_widgets.core.registry import get_rules

from .helpers import game


def test_deck_has_the_rulebook_totals() -> None:
    """Rule: Bid rulebook "Contents": 28 property cards, 50 money cards, 32 action cards."""
    g = mw.new_game("bid", players=3, seed=1)
    kinds = Counter(spec.kind for spec in g.state.deck)
    assert kinds == {"property": 28, "money": 50, "action": 32}
    values = {spec.value for spec in g.state.deck if spec.kind == "money"}
    assert values == {1, 2, 3, 4, 5}
    names = Counter(spec.name for spec in g.state.deck if spec.kind == "action")
    assert set(names) == {"Wild!", "Draw 2!", "Steal!", "Nope!"}
    assert len(PROPERTIES) == 28


def test_card_counts_are_options() -> None:
    """Rule: option count_nope / count_money_5 (the split is an assumption, so configurable)."""
    g = mw.new_game("bid", players=2, seed=1, options={"count_nope": 0, "count_money_5": 20})
    names = Counter(spec.name for spec in g.state.deck)
    assert names["Nope!"] == 0 and names["$5M"] == 20
    with pytest.raises(mw.OptionError, match="count_steal"):
        mw.new_game("bid", players=2, seed=1, options={"count_steal": -1})


def test_deal_five_each_then_everyone_draws_one() -> None:
    """Rule: Bid rulebook "Set It Up" (deal five) and "Hosting an Auction" (all draw one)."""
    g = mw.new_game("bid", players=4, seed=3, options={"mulligan": False})
    assert [len(h) for h in g.state.hands] == [6, 6, 6, 6]
    assert len(g.state.property_pile) == 28
    assert len(g.state.draw_pile) == 82 - 24
    assert g.current_player == 0 and g.observation()["host"] == 0
    assert any('"Set It Up"' in e.rule for e in g.events)


def test_mulligan_replaces_a_hand_without_money() -> None:
    """Rule: Bid rulebook "Set It Up", Note: no money cards -> discard the hand, draw five new."""
    g = game(
        hands=[["Wild!", "Nope!", "Steal!", "Draw 2!", "Wild!"], ["$1M"]],
        draw_pile=["Nope!", "$3M", "Wild!", "Steal!", "Draw 2!", "$5M"],
    )
    state = g.rules.clone(g.state)
    events = mulligan(state, 0)
    names = [state.deck[c].name for c in state.hands[0]]
    assert names == ["Nope!", "$3M", "Wild!", "Steal!", "Draw 2!"]
    assert [state.deck[c].name for c in state.discard_pile] == [
        "Wild!", "Nope!", "Steal!", "Draw 2!", "Wild!"
    ]  # fmt: skip
    assert [e.kind for e in events].count("mulligan") == 1
    assert "Note" in events[0].rule


def test_one_mulligan_by_default_as_the_rulebook_says() -> None:
    """Rule: Bid rulebook "Set It Up", Note: "discard your hand and draw five new cards!"
    (once: option max_mulligans defaults to 1), even if the new five hold no money."""
    g = game(
        hands=[["Wild!", "Nope!", "Steal!", "Draw 2!", "Wild!"], ["$1M"]],
        draw_pile=["Nope!", "Nope!", "Wild!", "Steal!", "Draw 2!", "$2M", "Wild!"],
    )
    state = g.rules.clone(g.state)
    events = mulligan(state, 0)
    assert [e.kind for e in events].count("mulligan") == 1
    assert not any(state.deck[c].kind == "money" for c in state.hands[0])
    assert "Set It Up" in events[0].rule


def test_more_mulligans_are_a_named_house_rule() -> None:
    """Rule: option max_mulligans = 2 (a house rule beyond "Set It Up", Note): the new five
    cards are checked again, and the second mulligan cites the option."""
    g = game(
        options={"max_mulligans": 2},
        hands=[["Wild!", "Nope!", "Steal!", "Draw 2!", "Wild!"], ["$1M"]],
        draw_pile=["Nope!", "Nope!", "Wild!", "Steal!", "Draw 2!", "$2M", "Wild!"],
    )
    state = g.rules.clone(g.state)
    events = mulligan(state, 0)
    kinds = [e for e in events if e.kind == "mulligan"]
    assert len(kinds) == 2 and kinds[1].rule == "option: max_mulligans"
    assert any(state.deck[c].kind == "money" for c in state.hands[0])


def test_a_hand_with_money_is_kept() -> None:
    """Rule: Bid rulebook "Set It Up", Note: only a hand WITHOUT money is replaced."""
    g = game(hands=[["Wild!", "$1M"], ["$1M"]])
    state = g.rules.clone(g.state)
    assert mulligan(state, 0) == []


def test_mulligan_gives_up_when_no_money_is_left_anywhere() -> None:
    """Rule: option count_money_* at 0: the mulligan stops when no money card is left to find."""
    options = {f"count_money_{v}": 0 for v in range(1, 6)}
    options["count_money_3"] = 1
    g = mw.new_game("bid", players=3, seed=2, options=options)
    money_holders = [
        seat for seat, h in enumerate(g.state.hands) if any(g.state.deck[c].value for c in h)
    ]
    assert len(money_holders) <= 1
    assert any(e.kind == "mulligan" for e in g.events)


def test_new_game_mulligans_every_moneyless_hand() -> None:
    """Rule: Bid rulebook "Set It Up", Note, applied at the deal (money made rare by options)."""
    options = {"count_money_1": 3, "count_money_2": 0, "count_money_3": 0, "count_money_4": 0}
    options["count_money_5"] = 0
    g = mw.new_game("bid", players=3, seed=4, options=options)
    assert any(e.kind == "mulligan" for e in g.events)
    no_option = mw.new_game("bid", players=3, seed=4, options={**options, "mulligan": False})
    assert not any(e.kind == "mulligan" for e in no_option.events)


def test_rules_object_describes_bid() -> None:
    """Rule: Bid rulebook "Aim of the Game": Monopoly Bid for 2 to 5 players."""
    rules = get_rules("bid")
    assert (rules.name, rules.title, rules.min_players, rules.max_players) == (
        "bid", "Monopoly Bid", 2, 5
    )  # fmt: skip
    with pytest.raises(mw.OptionError):
        mw.new_game("bid", players=6)
