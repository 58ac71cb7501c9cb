"""Legality written once: ``why_illegal`` is silent on every legal id and gives the real
reason for every stale or mutated one (the checks of ``bid/checks.py`` both list and explain).
"""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.citations import CITATION
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.testing import check_legality_explained

from .helpers import game, ids, play

#: Options that change what is legal: trading off or allowed more often, mulligans repeated,
#: no tie-raise or a forced one, open raises, one action card a round, Nope! windows only
#: for holders of a Nope!.
LEGALITY_OPTIONS = [
    {"trade_offers": "none"},
    {"max_trade_offers_per_round": 3},
    {"max_trade_offers_per_round": 0},
    {"max_mulligans": 3, "count_money_1": 2, "count_money_2": 2},
    {"tie_raise_rounds": 0},
    {"tie_raise_rounds": 2, "tie_raise_must_add_card": True},
    {"tie_raise_sealed": False},
    {"max_action_cards_per_round": 1},
    {"nope_window_everyone": False},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_id_is_unexplained_and_every_other_id_has_a_reason(
    players: int, seed: int
) -> None:
    """Rule: every rule's check is written once (checks.py), so the explanations agree with
    the legal actions at every step of random games."""
    assert check_legality_explained("bid", players, seed) > 0


@pytest.mark.parametrize("options", LEGALITY_OPTIONS, ids=lambda o: ",".join(o))
def test_the_explanations_agree_under_the_options_that_change_legality(options: dict) -> None:
    """Rule: options trade_offers, max_trade_offers_per_round, max_mulligans,
    tie_raise_rounds, tie_raise_must_add_card, tie_raise_sealed, max_action_cards_per_round
    and nope_window_everyone change what is legal; the checks follow them."""
    for players, seed in ((3, 5), (5, 6)):
        assert check_legality_explained("bid", players, seed, options) > 0


def test_a_card_once_played_is_stale_and_the_reason_says_the_hand_has_none() -> None:
    """Rule: "Action Cards" (Draw 2!): the host plays the cards they hold; once the only
    Draw 2! is played, ``draw2`` is no longer legal and the reason says why."""
    g = game(2, hands=[["Draw 2!", "$1M"], ["$2M"]], draw_pile=["$3M", "$4M"])
    assert g.rules.why_illegal(g.state, "draw2") is None
    play(g, "draw2", "pass")
    assert "draw2" not in ids(g)
    assert g.rules.why_illegal(g.state, "draw2") == (
        "player 0 has no Draw 2! card in hand (rulebook: Action Cards)"
    )


def test_a_set_emptied_by_a_steal_is_no_longer_a_target() -> None:
    """Rule: "Steal!": the host's second Steal! cannot take from a set that is gone."""
    g = game(
        2,
        hands=[["Steal!", "Steal!"], []],
        properties=[[], [{"colour": "Dark Blue", "cards": ["Boardwalk"]}]],
    )
    play(g, "steal:1:0:Boardwalk", "pass")
    assert g.rules.why_illegal(g.state, "steal:1:0:Boardwalk") == "player 1 has no set number 0"
    assert g.rules.why_illegal(g.state, "steal:0:0:Boardwalk") == (
        "Steal! takes from another player, not seat 0 (rulebook: Steal!)"
    )


def test_the_host_choices_are_stale_once_the_auction_starts() -> None:
    """Rule: "Hosting an Auction": action cards come before the property is turned over."""
    g = game(3, hands=[["$1M"], ["$2M"], ["$3M"]])
    play(g, "auction")
    assert g.rules.why_illegal(g.state, "auction") == (
        "'auction' is for the host before the auction, but now players are sealing their "
        "bids (rulebook: Hosting an Auction)"
    )
    assert g.rules.why_illegal(g.state, "bid:2") is None  # player 1 bids first


def test_a_bid_of_the_last_bidder_is_stale_for_the_next() -> None:
    """Rule: "To Auction": a bid is money cards adding up to the amount, from one's own hand."""
    g = game(3, hands=[["$1M"], ["$2M"], ["$3M"]])
    play(g, "auction", "bid:2")
    assert g.rules.why_illegal(g.state, "bid:2") == (
        "player 2's money cards cannot add up to exactly $2M; the totals they can make are "
        "[3] (rulebook: To Auction: bid with money cards)"
    )
    assert g.rules.why_illegal(g.state, "bid:02") == (
        "write a bid as 'bid:<total in $M>', 'bid:none' or 'bid:choose', not 'bid:02'"
    )


def test_a_trade_offer_is_stale_after_its_answer() -> None:
    """Rule: "Tips" trading; options trade_offers = "host", max_trade_offers_per_round (1)."""
    g = game(
        2,
        {"trade_offers": "host"},
        hands=[["$1M"], ["$2M"]],
        properties=[
            [{"colour": "Brown", "cards": ["Baltic Avenue"]}],
            [{"colour": "Dark Blue", "cards": ["Park Place"]}],
        ],
    )
    play(g, "trade")
    assert g.rules.why_illegal(g.state, "offer:1:Baltic Avenue:Park Place") is None
    assert g.rules.why_illegal(g.state, "offer:7:Baltic Avenue:Park Place") == (
        "there is no seat 7: the seats are 0 to 1"
    )
    play(g, "offer:1:Baltic Avenue:Park Place", "refuse")
    assert g.rules.why_illegal(g.state, "accept") == (
        "'accept' answers a trade offer, but now the host is playing action cards "
        "(rulebook: Tips, trading)"
    )
    assert g.rules.why_illegal(g.state, "trade") == (
        "the host has made 1 offer this round (option max_trade_offers_per_round)"
    )


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"max_mulligans": 3, "count_money_1": 2, "count_money_2": 2, "count_money_3": 2},
        {"tie_raise_rounds": 0, "max_rounds": 6},
        {"tie_raise_sealed": False, "count_money_5": 0, "count_money_4": 0},
    ],
    ids=["defaults", "mulligans", "no-raise-short", "open-raises"],
)
def test_every_event_cites_its_rule_in_the_common_format(options: dict) -> None:
    """Rule: every event names its rule as core.citations writes them (bid/rulebook.py), so a
    student reads the same format in every game; setup events (mulligans) included."""
    cited = set()
    for players in (2, 3, 5):
        g = mw.new_game("bid", players=players, seed=players, options=options)
        rng = make_rng(players, "citations")
        events = list(g.events)
        while not g.is_over:
            legal = g.legal_actions()
            events += g.apply(legal[int(rng.random() * len(legal))])
        for event in events:
            assert CITATION.match(event.rule), f"{event.text!r} cites {event.rule!r}"
            cited.add(event.rule)
    assert len(cited) >= 8
