"""Action cards (rulebook "The Cards in More Detail"), each from a hand-written position."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import game, ids, names, position, sets, table

FULL_RED = ("Red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"])


def test_sly_deal_takes_a_card_not_in_a_full_set():
    """Rule: rulebook Sly Deal: steal a property from any other player, not from a full set."""
    g = game(
        position(
            hands=[["Sly Deal"], []],
            properties=[[], table(FULL_RED, ("Dark Blue", ["Boardwalk"]))],
        )
    )
    assert "sly:1:Dark Blue:Boardwalk" in ids(g)
    assert not any(i.startswith("sly:1:Red") for i in ids(g))
    with pytest.raises(mw.IllegalActionError, match="Sly Deal cannot take a card from a full set"):
        g.apply("sly:1:Red:Kentucky Avenue")
    g.apply("sly:1:Dark Blue:Boardwalk")
    assert sets(g, 0) == [("Dark Blue", ["Boardwalk"])]
    assert sets(g, 1) == [FULL_RED]
    assert names(g, 0, "discard_pile") == ["Sly Deal"]


def test_forced_deal_swaps_and_refuses_full_sets():
    """Rule: rulebook Forced Deal: swap a property with another player (not part of a full set).
    Option: forced_deal_give_from_full_set = False (default): the given card is not from a full
    set either."""
    g = game(
        position(
            hands=[["Forced Deal"], []],
            properties=[
                table(
                    ("Brown", ["Mediterranean Avenue", "Baltic Avenue"]),
                    ("Utility", ["Water Works"]),
                ),
                table(FULL_RED, ("Green", ["Pacific Avenue"])),
            ],
        )
    )
    legal = ids(g)
    assert "forced:1:Green:Pacific Avenue:Utility:Water Works" in legal
    assert not any(":Brown:" in i for i in legal)
    with pytest.raises(
        mw.IllegalActionError, match="Forced Deal cannot take a card from a full set"
    ):
        g.apply("forced:1:Red:Kentucky Avenue:Utility:Water Works")
    with pytest.raises(mw.IllegalActionError, match="forced_deal_give_from_full_set"):
        g.apply("forced:1:Green:Pacific Avenue:Brown:Baltic Avenue")
    g.apply("forced:1:Green:Pacific Avenue:Utility:Water Works")
    assert ("Green", ["Pacific Avenue"]) in sets(g, 0)
    assert ("Utility", ["Water Works"]) in sets(g, 1)


def test_forced_deal_give_from_full_set_option():
    """Option: forced_deal_give_from_full_set = True lets you give a card from your full set."""
    g = game(
        position(
            hands=[["Forced Deal"], []],
            properties=[
                table(("Brown", ["Mediterranean Avenue", "Baltic Avenue"])),
                table(("Green", ["Pacific Avenue"])),
            ],
        ),
        forced_deal_give_from_full_set=True,
    )
    g.apply("forced:1:Green:Pacific Avenue:Brown:Baltic Avenue")
    assert sets(g, 0) == [("Brown", ["Mediterranean Avenue"]), ("Green", ["Pacific Avenue"])]


def test_deal_breaker_takes_a_complete_set_with_buildings():
    """Rule: rulebook Deal Breaker: steal a complete set (includes any buildings)."""
    g = game(
        position(
            hands=[["Deal Breaker"], []],
            properties=[[], table(FULL_RED + (True, True), ("Green", ["Pacific Avenue"]))],
        )
    )
    assert [i for i in ids(g) if i.startswith("breaker")] == ["breaker:1:Red"]
    g.apply("breaker:1:Red")
    pile = g.position()["properties"][0][0]
    assert pile == {"colour": "Red", "cards": FULL_RED[1], "house": True, "hotel": True}
    assert sets(g, 1) == [("Green", ["Pacific Avenue"])]


def test_deal_breaker_refused_on_an_incomplete_set():
    """Rule: rulebook Deal Breaker: only a complete set."""
    g = game(
        position(
            hands=[["Deal Breaker"], []], properties=[[], table(("Green", ["Pacific Avenue"]))]
        )
    )
    with pytest.raises(mw.IllegalActionError, match="only a complete set"):
        g.apply("breaker:1:Green")


def test_pass_go_draws_two():
    """Rule: rulebook Pass Go: draw 2 extra cards."""
    g = game(position(hands=[["Pass Go"], []], draw_pile=["$1M", "$2M", "$3M"]))
    g.apply("play:Pass Go")
    assert names(g, 0, "hands") == ["$1M", "$2M"]
    assert g.observation()["plays_left"] == 2


def test_debt_collector_charges_one_player_five():
    """Rule: rulebook Debt Collector: force any player to pay you $5M."""
    g = game(position(players=3, hands=[["Debt Collector"], [], []], banks=[[], ["$5M"], ["$5M"]]))
    assert [i for i in ids(g) if i.startswith("debt")] == ["debt:1", "debt:2"]
    g.apply("debt:2")
    assert g.current_player == 2
    g.apply("pay:bank:$5M")
    assert names(g, 0, "banks") == ["$5M"] and names(g, 1, "banks") == ["$5M"]


def test_action_card_banked_is_money():
    """Rule: rulebook Playing Cards: an Action card placed in the Bank becomes money."""
    g = game(position(hands=[["Deal Breaker"], []]))
    g.apply("bank:Deal Breaker")
    assert g.observation()["seats"][0]["bank_total"] == 5


def test_property_cards_never_go_in_the_bank():
    """Rule: rulebook Playing Cards: Property cards never go in your Bank."""
    g = game(position(hands=[["Boardwalk"], []]))
    assert "bank:Boardwalk" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="never go in the bank"):
        g.apply("bank:Boardwalk")


def test_two_colour_rent_charges_every_opponent_for_one_set():
    """Rule: rulebook Rent: all players pay rent; RULES-NOTES: for ONE set of the chosen colour."""
    g = game(
        position(
            players=3,
            hands=[["Red/Yellow rent"], [], []],
            banks=[[], ["$10M"], ["$1M", "$1M", "$1M"]],
            properties=[table(FULL_RED, ("Red", ["Red/Yellow wild"])), [], []],
        )
    )
    assert [i for i in ids(g) if i.startswith("rent")] == ["rent:Red/Yellow rent:Red"]
    g.apply("rent:Red/Yellow rent:Red")
    assert g.state.pending.amount == 6  # the full set, not 6 + 2
    assert g.current_player == 1
    g.apply("pay:bank:$10M")
    assert g.current_player == 2
    for _ in range(3):
        g.apply("pay:bank:$1M")
    assert names(g, 0, "banks") == ["$10M", "$1M", "$1M", "$1M"]
    assert g.current_player == 0


def test_any_colour_rent_charges_one_chosen_player():
    """Rule: rulebook Rent (multicolored): charge one player of your choice."""
    g = game(
        position(
            players=3,
            hands=[["Any-colour rent"], [], []],
            banks=[[], ["$2M"], ["$2M"]],
            properties=[table(("Dark Blue", ["Boardwalk"])), [], []],
        )
    )
    rents = [i for i in ids(g) if i.startswith("rent")]
    assert rents == ["rent:Any-colour rent:Dark Blue:1", "rent:Any-colour rent:Dark Blue:2"]
    g.apply("rent:Any-colour rent:Dark Blue:2")
    assert g.state.pending.targets == [2] and g.state.pending.amount == 3


def test_rent_with_house_and_hotel():
    """Rule: rulebook House and Hotel Cards: $3M set + $3M House + $4M Hotel = $10M."""
    g = game(
        position(
            hands=[["Light Blue/Brown rent"], []],
            banks=[[], ["$10M", "$1M"]],
            properties=[
                table(
                    (
                        "Light Blue",
                        ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
                        True,
                        True,
                    )
                ),
                [],
            ],
        )
    )
    g.apply("rent:Light Blue/Brown rent:Light Blue")
    assert g.state.pending.amount == 10
    g.apply("pay:bank:$10M")
    assert g.current_player == 0


def test_double_the_rent_uses_a_play():
    """Rule: RULES-NOTES Double the Rent: played with a Rent card, uses one of the 3 plays."""
    g = game(
        position(
            hands=[["$1M", "Pink/Orange rent", "Double the Rent"], []],
            banks=[[], ["$10M"]],
            properties=[table(("Orange", ["St. James Place", "Tennessee Avenue"])), []],
        )
    )
    assert "rent:Pink/Orange rent:Orange:x2" in ids(g)
    g.apply("bank:$1M")
    g.apply("rent:Pink/Orange rent:Orange:x2")
    assert g.state.pending.amount == 6
    g.apply("pay:bank:$10M")
    assert g.observation()["plays_left"] == 0
    assert names(g, 0, "discard_pile") == ["Pink/Orange rent", "Double the Rent"]


def test_double_the_rent_needs_a_play_for_itself():
    """Rule: RULES-NOTES Double the Rent uses a play: with 1 play left only plain rent."""
    g = game(
        position(
            plays_used=2,
            hands=[["Pink/Orange rent", "Double the Rent"], []],
            properties=[table(("Orange", ["St. James Place"])), []],
        )
    )
    assert "rent:Pink/Orange rent:Orange:x2" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="uses 2 plays"):
        g.apply("rent:Pink/Orange rent:Orange:x2")


def test_stacked_double_the_rent_is_an_option():
    """Option: double_rent_stack: default False (no x4); True allows x4 using all 3 plays."""
    pos = position(
        hands=[["Pink/Orange rent", "Double the Rent", "Double the Rent"], []],
        banks=[[], ["$5M", "$5M"]],
        properties=[table(("Orange", ["St. James Place"])), []],
    )
    plain = game(pos)
    assert "rent:Pink/Orange rent:Orange:x4" not in ids(plain)
    with pytest.raises(mw.IllegalActionError, match="double_rent_stack"):
        plain.apply("rent:Pink/Orange rent:Orange:x4")
    stacked = game(pos, double_rent_stack=True)
    stacked.apply("rent:Pink/Orange rent:Orange:x4")
    assert stacked.state.pending.amount == 4
    assert stacked.observation()["plays_left"] == 0


def test_house_and_hotel_placement_rules():
    """Rule: rulebook House/Hotel: only on complete sets, not Railroads or Utilities; one each;
    a Hotel needs a House."""
    g = game(
        position(
            hands=[["House", "Hotel", "House"], []],
            properties=[
                table(
                    ("Brown", ["Mediterranean Avenue", "Baltic Avenue"]),
                    ("Utility", ["Electric Company", "Water Works"]),
                    ("Green", ["Pacific Avenue"]),
                ),
                [],
            ],
        )
    )
    legal = ids(g)
    assert "house:Brown" in legal and "house:Utility" not in legal and "house:Green" not in legal
    assert not any(i.startswith("hotel:") for i in legal)
    with pytest.raises(mw.IllegalActionError, match="Railroads or Utilities"):
        g.apply("house:Utility")
    with pytest.raises(mw.IllegalActionError, match="only on complete sets"):
        g.apply("house:Green")
    with pytest.raises(mw.IllegalActionError, match="needs a House"):
        g.apply("hotel:Brown")
    g.apply("house:Brown")
    assert "house:Brown" not in ids(g)
    g.apply("hotel:Brown")
    pile = g.position()["properties"][0][0]
    assert pile["house"] and pile["hotel"]


def test_rent_is_not_offered_for_a_colour_you_do_not_own():
    """Rule: rulebook Rent: rent for properties you own in one of these colours."""
    g = game(
        position(
            hands=[["Pink/Orange rent"], []], properties=[table(("Green", ["Pacific Avenue"])), []]
        )
    )
    assert not any(i.startswith("rent") for i in ids(g))
    with pytest.raises(mw.IllegalActionError, match="own no Orange properties"):
        g.apply("rent:Pink/Orange rent:Orange")


def test_rent_label_follows_the_table():
    """Rule: rulebook Property Cards: rent depends on how many properties you own in the set;
    the action's label always shows the current amount."""
    g = game(
        position(
            hands=[["Pink/Orange rent", "New York Avenue"], []],
            properties=[table(("Orange", ["St. James Place"])), []],
        )
    )
    label = next(a.text for a in g.legal_actions() if a.id == "rent:Pink/Orange rent:Orange")
    assert label.endswith("pays you $1M")
    g.apply("lay:New York Avenue")
    label = next(a.text for a in g.legal_actions() if a.id == "rent:Pink/Orange rent:Orange")
    assert label.endswith("pays you $3M")


def test_deal_breaker_set_joins_the_collection_in_order():
    """Rule: rulebook Deal Breaker: the set is added to your property collection; it stays a
    complete set beside your unfinished pile of the same colour (and round-trips)."""
    g = game(
        position(
            hands=[["Deal Breaker"], []],
            properties=[table(("Red", ["Red/Yellow wild"])), table(FULL_RED)],
        )
    )
    g.apply("breaker:1:Red")
    assert sets(g, 0) == [FULL_RED, ("Red", ["Red/Yellow wild"])]
    assert [s["label"] for s in g.observation()["seats"][0]["sets"]] == ["Red 1", "Red 2"]
    again = mw.from_position("deal", g.position(), seed=1)
    assert again.position() == g.position() and ids(again) == ids(g)
