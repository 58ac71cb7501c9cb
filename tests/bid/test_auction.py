"""The sealed-bid auction: bid choices, the reveal, ties, raises, no bids."""

from __future__ import annotations

import json

import pytest

import monopoly_widgets as mw
from monopoly_widgets.bid.auction import cheapest_sets

from .helpers import game, hand, ids, play, sets


def bidding(players: int = 3, options: dict | None = None, **fields: object) -> mw.Game:
    """A game in the bid phase: host 0 has turned over Boardwalk."""
    fields.setdefault("phase", "bid")
    fields.setdefault("auction", {"property": "Boardwalk", "bids": [None] * players})
    fields.setdefault("draw_pile", ["$1M"] * 3)
    return game(players, options, **fields)


def test_bid_choices_are_exact_totals_with_fewest_cards() -> None:
    """Rule: Bid rulebook "To Auction" a: choose money cards; one choice per exact total."""
    g = bidding(hands=[["Wild!"], ["$5M", "$4M", "$2M", "$1M", "$1M"], ["$1M"]])
    assert g.current_player == 1  # bids are collected from the host's left
    assert ids(g) == ["bid:none"] + [f"bid:{t}" for t in range(1, 14)] + ["bid:choose"]
    play(g, "bid:6")
    assert g.position()["auction"]["bids"][1] == ["$5M", "$1M"]
    assert hand(g, 1) == ["$4M", "$2M", "$1M"]


def test_cheapest_set_prefers_fewest_cards_then_highest_notes() -> None:
    """Rule: docs/rules/bid.md "Bid choices": fewest cards, then the highest denominations."""
    made = dict(cheapest_sets((5, 4, 2, 1, 1)))
    assert made[6] == (5, 1)
    assert made[7] == (5, 2)
    assert made[3] == (2, 1)
    assert made[13] == (5, 4, 2, 1, 1)
    assert cheapest_sets(()) == ()


def test_no_money_means_only_no_bid() -> None:
    """Rule: Bid rulebook "To Auction" a: "Any player may decide not to bid"."""
    g = bidding(hands=[["$1M"], ["Wild!"], ["$1M"]])
    assert ids(g) == ["bid:none"]


def test_single_highest_bidder_wins() -> None:
    """Rule: Bid rulebook "To Auction" c-d: the most money wins; the others take theirs back."""
    g = bidding(hands=[["$2M"], ["$3M", "$1M"], ["$5M"]], discard_pile=[])
    events = play(g, "bid:3", "bid:5", "bid:2")
    won = [e for e in events if e.kind == "won_auction"]
    assert won and won[0].player == 2 and '"To Auction"' in won[0].rule
    pos = g.position()
    assert pos["properties"][2] == [{"colour": "Dark Blue", "cards": ["Boardwalk"]}]
    assert pos["discard_pile"] == ["$5M"]
    # the losers take their cards back (then everyone draws $1M for the next round)
    assert sorted(pos["hands"][1]) == sorted(["$3M", "$1M", "$1M"])
    assert sorted(pos["hands"][0]) == sorted(["$2M", "$1M"])
    assert pos["host"] == 1 and pos["round"] == 2 and pos["phase"] == "actions"


def test_bids_are_revealed_together() -> None:
    """Rule: Bid rulebook "To Auction" b: "1, 2, 3, BID!" shows every bid at once."""
    g = bidding(hands=[["$2M"], ["$3M"], ["$5M"]])
    events = play(g, "bid:3", "bid:none")
    assert [e.kind for e in events] == ["bid_sealed", "bid_sealed"]
    assert all("$" not in e.text for e in events)  # a sealed bid's amount is not announced
    events = play(g, "bid:2")
    reveal = next(e for e in events if e.kind == "bids_revealed")
    assert "$3M" in reveal.text and "$2M" in reveal.text and "no bid" in reveal.text


def test_nobody_bids_property_goes_to_the_bottom() -> None:
    """Rule: Bid rulebook "No One Wants to Bid?": the property goes to the bottom of the pile."""
    g = bidding(hands=[["$2M"], ["$3M"], ["$5M"]], property_pile=["Park Place"])
    events = play(g, "bid:none", "bid:none", "bid:none")
    no_sale = next(e for e in events if e.kind == "no_sale")
    assert "No One Wants to Bid" in no_sale.rule
    assert g.position()["property_pile"][-1] == "Boardwalk"
    assert all(not s for s in g.position()["properties"])


def tied(options: dict | None = None) -> mw.Game:
    """Players 1 ($4M) and 2 ($3M + $1M) tie at $4M; player 0 (host) bid $1M."""
    g = bidding(
        options=options,
        hands=[["$1M"], ["$4M", "$2M", "$1M"], ["$3M", "$1M", "$1M", "$5M"]],
        property_pile=["Park Place"],
    )
    play(g, "bid:4", "bid:4", "bid:1")
    return g


def test_tie_opens_a_raise_round_for_the_tied_players_only() -> None:
    """Rule: Bid rulebook "Was There a Tie?": the tied players may raise their bids."""
    g = tied()
    pos = g.position()
    assert pos["phase"] == "raise" and pos["auction"]["tied"] == [1, 2]
    assert g.current_player == 1
    assert ids(g) == ["raise:none", "raise:1", "raise:2", "raise:3", "raise:choose"]


def test_a_raise_breaks_the_tie() -> None:
    """Rule: Bid rulebook "Was There a Tie?": raise "until there is a clear winner"."""
    g = tied()
    events = play(g, "raise:none", "raise:5")
    won = next(e for e in events if e.kind == "won_auction")
    assert won.player == 2 and won.data["amount"] == 9
    assert sorted(g.position()["discard_pile"]) == ["$1M", "$3M", "$5M"]
    assert sets(g, 2) == [{"colour": "Dark Blue", "cards": ["Boardwalk"]}]


def test_still_tied_after_raising_nobody_wins() -> None:
    """Rule: Bid rulebook "Was There a Tie?": tied players raise "until there is a clear
    winner" (tied raises bring another round, option tie_raise_rounds default 50); "If any
    players are still tied" (nobody raised) -> nobody wins, money back, bottom."""
    g = tied()
    play(g, "raise:1", "raise:1")
    assert g.position()["phase"] == "raise" and g.position()["auction"]["raise_round"] == 1
    events = play(g, "raise:none", "raise:none")
    no_sale = next(e for e in events if e.kind == "no_sale")
    assert "Was There a Tie?" in no_sale.rule
    assert "players 1 and 2 are still tied at $5M after 2 raise rounds and nobody " in (
        no_sale.text
    )
    pos = g.position()
    assert pos["property_pile"][0] == "Park Place" and pos["property_pile"][-1] == "Boardwalk"
    assert sorted(pos["hands"][1]) == ["$1M", "$1M", "$2M", "$4M"]  # back, plus the round's draw
    assert pos["discard_pile"] == []


def test_nobody_raising_leaves_the_tie() -> None:
    """Rule: Bid rulebook "Was There a Tie?": standing on a tied bid leaves it tied."""
    g = tied()
    events = play(g, "raise:none", "raise:none")
    assert any(e.kind == "no_sale" for e in events)


def test_more_raise_rounds_when_the_option_allows() -> None:
    """Rule: option tie_raise_rounds: a second round while the raises tie again."""
    g = tied({"tie_raise_rounds": 2})
    play(g, "raise:1", "raise:1")
    pos = g.position()
    assert pos["phase"] == "raise" and pos["auction"]["raise_round"] == 1
    events = play(g, "raise:2", "raise:none")
    assert next(e for e in events if e.kind == "won_auction").player == 1


def test_no_raise_rounds_means_a_tie_is_void() -> None:
    """Rule: option tie_raise_rounds = 0: a tie at once means nobody wins."""
    g = tied({"tie_raise_rounds": 0})
    assert g.position()["phase"] == "actions"
    assert g.position()["property_pile"][-1] == "Boardwalk"


def test_must_add_card_option() -> None:
    """Rule: option tie_raise_must_add_card: a tied player holding money must add a card."""
    g = tied({"tie_raise_must_add_card": True})
    assert "raise:none" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="tie_raise_must_add_card"):
        g.apply("raise:none")
    broke = bidding(
        options={"tie_raise_must_add_card": True},
        hands=[["$1M"], ["$4M"], ["$4M"]],
    )
    play(broke, "bid:4", "bid:4", "bid:none")
    assert ids(broke) == ["raise:none"]  # nothing left to add: standing is the only choice


def test_sealed_raises_are_hidden_until_all_are_in() -> None:
    """Rule: option tie_raise_sealed (default true): raises are secret like the first bids."""
    g = tied()
    play(g, "raise:2")
    seen_by_2 = g.observation(2)["seats"][1]
    assert seen_by_2["has_raised"] is True and seen_by_2["raise"] is None
    assert g.observation(1)["seats"][1]["raise"] is not None


def test_open_raises_are_seen_at_once() -> None:
    """Rule: option tie_raise_sealed = false: tied players raise openly, in turn."""
    g = tied({"tie_raise_sealed": False})
    events = play(g, "raise:2")
    assert "$2M" in events[0].text
    seen_by_2 = g.observation(2)["seats"][1]
    assert [c["name"] for c in seen_by_2["raise"]] == ["$2M"]


def test_no_observation_shows_another_players_sealed_bid() -> None:
    """Rule: Bid rulebook "To Auction" a: bids are chosen secretly (only "has bid" shows)."""
    g = bidding(hands=[["$2M"], ["$3M", "$1M"], ["$5M", "Wild!"]])
    play(g, "bid:4", "bid:5")
    sealed = {c for seat in (1, 2) for c in g.state.bids[seat]}
    for viewer in range(3):
        obs = g.observation(viewer)
        text = json.dumps(obs)
        for seat in (1, 2):
            view = obs["seats"][seat]
            assert view["has_bid"] is True
            if seat != viewer:
                assert view["bid"] is None and view["hand"] is None
        own = {c for c in sealed if c in g.state.bids[viewer]} if viewer else set()
        for card in sealed - own:
            assert f'"id": {card},' not in text, f"viewer {viewer} sees sealed card {card}"
    assert g.observation(0)["seats"][2]["hand_count"] == 2  # a sealed bid still counts as held
    assert [c["name"] for c in g.observation(1)["seats"][1]["bid"]] == ["$3M", "$1M"]
    assert g.observation(0)["seats"][0]["has_bid"] is False


def test_bid_for_an_amount_the_hand_cannot_make_says_why() -> None:
    """Rule: Bid rulebook "To Auction" a: a bid is made of money cards from the hand."""
    g = bidding(hands=[["$2M"], ["$3M", "$1M"], ["$5M"]])
    with pytest.raises(mw.IllegalActionError, match=r"cannot add up to exactly \$2M"):
        g.apply("bid:2")
    with pytest.raises(mw.IllegalActionError, match="sealing their bids"):
        g.apply("auction")


def test_a_tie_with_no_raise_allowed_says_so() -> None:
    """Rule: option tie_raise_rounds = 0 ("Was There a Tie?" with no raise): the event says
    the option allows no raise, not that the bids are "still" tied."""
    g = bidding(
        options={"tie_raise_rounds": 0},
        hands=[["$1M"], ["$4M", "$2M", "$1M"], ["$3M", "$1M", "$1M", "$5M"]],
        property_pile=["Park Place"],
    )
    events = play(g, "bid:4", "bid:4", "bid:1")
    no_sale = next(e for e in events if e.kind == "no_sale")
    assert "tie at $4M and option tie_raise_rounds = 0 allows no raise" in no_sale.text
    assert "still" not in no_sale.text
    assert no_sale.rule == "option: tie_raise_rounds"
