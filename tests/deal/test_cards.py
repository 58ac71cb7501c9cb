"""The deck: counts and printed values (rulebook "Contents", RULES-NOTES "Deck")."""

from __future__ import annotations

from collections import Counter

import monopoly_widgets as mw
from monopoly_widgets.deal.cards import CARDS, COLOURS, COPIES_PER_PACK, PACK_SIZE


def test_deck_has_106_cards_and_money_totals_57():
    """Rule: RULES-NOTES Deck: 106 playable cards; the money cards total $57M."""
    assert len(CARDS) == PACK_SIZE == 106
    assert sum(c.value for c in CARDS if c.kind == "money") == 57
    kinds = Counter(c.kind for c in CARDS)
    # rulebook Contents: 28 property, 11 wild, 34 action, 13 rent, 20 money
    assert kinds == {"property": 28, "wild": 11, "action": 34, "rent": 13, "money": 20}


def test_action_card_counts_and_values():
    """Rule: rulebook Contents (counts) and RULES-NOTES Deck (values)."""
    expected = {
        "Deal Breaker": (2, 5),
        "Forced Deal": (3, 3),
        "Sly Deal": (3, 3),
        "Just Say No": (3, 4),
        "Debt Collector": (3, 3),
        "It's My Birthday": (3, 2),
        "Double the Rent": (2, 1),
        "House": (3, 3),
        "Hotel": (2, 4),
        "Pass Go": (10, 1),
        "Any-colour rent": (3, 3),
        "Light Blue/Brown rent": (2, 1),
        "Pink/Orange rent": (2, 1),
        "Red/Yellow rent": (2, 1),
        "Dark Blue/Green rent": (2, 1),
        "Railroad/Utility rent": (2, 1),
    }
    values = {c.name: c.value for c in CARDS}
    for name, (count, value) in expected.items():
        assert COPIES_PER_PACK[name] == count, name
        assert values[name] == value, name


def test_money_cards():
    """Rule: rulebook Contents: 6 x $1M, 5 x $2M, 3 x $3M, 3 x $4M, 2 x $5M, 1 x $10M."""
    money = Counter(c.value for c in CARDS if c.kind == "money")
    assert money == {1: 6, 2: 5, 3: 3, 4: 3, 5: 2, 10: 1}


def test_wild_cards_values_and_counts():
    """Rule: rulebook Contents (11 wilds) and printed values; multicolour wilds are $0."""
    wilds = {c.name: (COPIES_PER_PACK[c.name], c.value) for c in CARDS if c.kind == "wild"}
    assert wilds == {
        "Light Blue/Brown wild": (1, 1),
        "Light Blue/Railroad wild": (1, 4),
        "Pink/Orange wild": (2, 2),
        "Red/Yellow wild": (2, 3),
        "Dark Blue/Green wild": (1, 4),
        "Green/Railroad wild": (1, 4),
        "Railroad/Utility wild": (1, 2),
        "Multicolour wild": (2, 0),
    }


def test_properties_per_colour_values_and_rent_ladders():
    """Rule: rulebook Contents (28 properties) and the printed property cards."""
    per_colour = Counter(c.colour_names[0] for c in CARDS if c.kind == "property")
    assert per_colour == {
        "Brown": 2,
        "Light Blue": 3,
        "Pink": 3,
        "Orange": 3,
        "Red": 3,
        "Yellow": 3,
        "Green": 3,
        "Dark Blue": 2,
        "Railroad": 4,
        "Utility": 2,
    }
    values = {c.colour_names[0]: c.value for c in CARDS if c.kind == "property"}
    assert values == {
        "Brown": 1,
        "Light Blue": 1,
        "Pink": 2,
        "Orange": 2,
        "Red": 3,
        "Yellow": 3,
        "Green": 4,
        "Dark Blue": 4,
        "Railroad": 2,
        "Utility": 2,
    }
    assert COLOURS["Dark Blue"] == (2, (3, 8))
    assert COLOURS["Railroad"] == (4, (1, 2, 3, 4))
    assert COLOURS["Green"] == (3, (2, 4, 7))
    names = {c.name for c in CARDS}
    for printed in ("Mediterranean Avenue", "St. Charles Place", "B. & O. Railroad", "Water Works"):
        assert printed in names


def test_six_players_use_two_packs():
    """Rule: leaflet "6 OR MORE PLAYERS": shuffle two packs together."""
    game = mw.new_game("deal", players=6, seed=2)
    assert len(game.rules.deck_ids(game.state)) == 212
    assert sorted(game.rules.card_census(game.state)) == list(range(212))
    assert (
        len(
            mw.new_game("deal", players=5, seed=2).rules.deck_ids(
                mw.new_game("deal", players=5, seed=2).state
            )
        )
        == 106
    )
    # Each of 6 players was dealt 5, and player 0 drew 2.
    hands = [seat["hand_count"] for seat in game.observation(None)["seats"]]
    assert hands == [7, 5, 5, 5, 5, 5]


def test_up_to_ten_players():
    """Rule: leaflet "6 OR MORE PLAYERS" (two packs hold enough cards for 10)."""
    game = mw.new_game("deal", players=10, seed=3)
    assert game.players == 10
