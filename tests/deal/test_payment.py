"""Paying (rulebook "What if I Owe Another Player Money?", "What if I Run Out ...")."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import game, ids, names, position, sets, table


def debt(bank: list[str], props: list[dict], **options) -> mw.Game:
    """Player 0 plays Debt Collector ($5M) on player 1."""
    g = game(
        position(hands=[["Debt Collector"], []], banks=[[], bank], properties=[[], props]),
        **options,
    )
    g.apply("debt:1")
    return g


def test_no_change_is_given():
    """Rule: rulebook: "There is no change in MONOPOLY DEAL"."""
    g = game(position(hands=[["It's My Birthday"], []], banks=[[], ["$10M"]]))
    g.apply("play:It's My Birthday")
    g.apply("pay:bank:$10M")
    assert names(g, 0, "banks") == ["$10M"] and names(g, 1, "banks") == []
    assert g.current_player == 0


def test_debtor_chooses_card_by_card_from_bank_and_properties():
    """Rule: rulebook: pay with Bank OR Properties, your choice; never from your hand."""
    g = debt(["$1M", "$2M"], table(("Green", ["Pacific Avenue"])))
    assert ids(g) == ["pay:bank:$1M", "pay:bank:$2M", "pay:Green:Pacific Avenue"]
    g.apply("pay:bank:$1M")
    assert g.current_player == 1
    g.apply("pay:Green:Pacific Avenue")
    assert g.current_player == 0  # $5M covered


def test_properties_paid_go_to_property_area():
    """Rule: rulebook: properties paid go into the receiver's property collection, not the bank."""
    g = debt([], table(("Green", ["Pacific Avenue", "Green/Railroad wild"])))
    g.apply("pay:Green:Green/Railroad wild")
    g.apply("pay:Green:Pacific Avenue")
    assert names(g, 0, "banks") == []
    assert sets(g, 0) == [("Green", ["Pacific Avenue", "Green/Railroad wild"])]


def test_shortfall_is_forgiven():
    """Rule: rulebook "What if I Run Out": pay as much as you can."""
    g = debt(["$1M"], [])
    g.apply("pay:bank:$1M")
    assert g.current_player == 0 and g.observation()["phase"] == "play"
    assert "forgiven" in g.events[-1].text


def test_nothing_on_the_table_means_nothing_happens():
    """Rule: rulebook: "If you have no money or Property in front of you, nothing happens"."""
    g = game(position(hands=[["Debt Collector"], ["$10M"]]))
    g.apply("debt:1")
    assert g.current_player == 0 and names(g, 1, "hands") == ["$10M"]
    assert "nothing happens" in g.events[-1].text


def test_multicolour_wild_cannot_pay():
    """Rule: rulebook Property Wild Cards: multicolour wilds cannot be used as payment."""
    g = debt(["$1M"], table(("Green", ["Pacific Avenue", "Multicolour wild"])))
    assert "pay:Green:Multicolour wild" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="cannot be used to pay"):
        g.apply("pay:Green:Multicolour wild")
    g.apply("pay:Green:Pacific Avenue")
    g.apply("pay:bank:$1M")
    # Only the multicolour wild is left: it cannot pay, so the rest is forgiven.
    assert g.current_player == 0
    assert sets(g, 1) == [("Green", ["Multicolour wild"])]


def test_only_a_multicolour_wild_on_the_table_is_nothing_to_pay_with():
    """Rule: rulebook: multicolour wilds have no monetary value; nothing happens."""
    g = debt([], table(("Red", ["Multicolour wild"])))
    assert g.current_player == 0


def test_action_cards_paid_go_to_the_bank():
    """Rule: leaflet: an Action card used to pay "must go straight into their bank"."""
    g = debt(["Sly Deal", "$2M"], [])
    g.apply("pay:bank:Sly Deal")
    g.apply("pay:bank:$2M")
    assert names(g, 0, "banks") == ["Sly Deal", "$2M"]


def test_broken_set_buildings_go_to_owners_bank_by_default():
    """Option: broken_set_buildings_to = "bank" (default)."""
    g = debt([], table(("Dark Blue", ["Park Place", "Boardwalk"], True, False)))
    g.apply("pay:Dark Blue:Park Place")
    assert names(g, 1, "banks") == ["House"]
    assert any(e.rule == "option: broken_set_buildings_to" for e in g.events)
    g.apply("pay:bank:House")
    assert g.current_player == 0  # 4 + 3 >= 5


def test_broken_set_buildings_to_discard_option():
    """Option: broken_set_buildings_to = "discard_pile"."""
    g = debt(
        [],
        table(("Dark Blue", ["Park Place", "Boardwalk"], True, True)),
        broken_set_buildings_to="discard_pile",
    )
    g.apply("pay:Dark Blue:Boardwalk")
    assert names(g, 1, "banks") == []
    assert names(g, 0, "discard_pile")[-2:] == ["Hotel", "House"]


def test_building_paid_on_its_own_goes_to_receivers_bank_by_default():
    """Option: building_payment = "bank" (default): hotel first, then the house."""
    g = debt([], table(("Dark Blue", ["Park Place", "Boardwalk"], True, True)))
    assert "pay:Dark Blue:Hotel" in ids(g) and "pay:Dark Blue:House" not in ids(g)
    g.apply("pay:Dark Blue:Hotel")
    assert "pay:Dark Blue:House" in ids(g)
    g.apply("pay:Dark Blue:House")
    assert names(g, 0, "banks") == ["Hotel", "House"]
    assert g.position()["properties"][1][0]["house"] is False


def test_building_payment_not_allowed_option():
    """Option: building_payment = "not_allowed"."""
    g = debt(
        ["$1M"],
        table(("Dark Blue", ["Park Place", "Boardwalk"], True, False)),
        building_payment="not_allowed",
    )
    assert "pay:Dark Blue:House" not in ids(g)


def test_building_payment_set_or_bank_option():
    """Option: building_payment = "set_or_bank": onto the receiver's full set if it fits."""
    g = game(
        position(
            hands=[["Debt Collector"], []],
            properties=[
                table(("Brown", ["Mediterranean Avenue", "Baltic Avenue"])),
                table(("Dark Blue", ["Park Place", "Boardwalk"], True, False)),
            ],
        ),
        building_payment="set_or_bank",
    )
    g.apply("debt:1")
    g.apply("pay:Dark Blue:House")
    assert g.position()["properties"][0][0]["house"] is True


def test_wrong_player_cannot_act_during_a_payment():
    """Rule: the debtor chooses (rulebook: "You choose how you want to pay")."""
    g = debt(["$5M"], [])
    with pytest.raises(mw.IllegalActionError, match="it is player 1's turn to pay"):
        g.apply("end_turn")
