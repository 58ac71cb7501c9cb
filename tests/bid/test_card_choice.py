"""Choosing the money cards of a bid yourself (option bid_cards, ``bid/card_choice.py``).

Rulebook "To Auction" a: "All players, at the same time, secretly choose as many money cards
from their hand as they want"; c: the winner "places their money cards in the discard pile".
"""

from __future__ import annotations

import json
import random

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.errors import PositionError
from monopoly_widgets.core.serialization import game_to_dict

from .helpers import game, hand, ids, play

MIXED = ["$5M", "$4M", "$2M", "$1M", "$1M"]


def bidding(options: dict | None = None, **fields: object) -> mw.Game:
    """Host 0 has turned over Boardwalk; seat 1 (left of the host) bids first."""
    fields.setdefault("phase", "bid")
    fields.setdefault("auction", {"property": "Boardwalk", "bids": [None] * 3})
    fields.setdefault("hands", [["$1M"], list(MIXED), ["$3M", "Nope!"]])
    fields.setdefault("draw_pile", ["$1M"] * 3)
    return game(3, options, **fields)


def test_the_bidder_chooses_which_cards_and_the_winner_keeps_the_rest() -> None:
    """Rule: "To Auction" a ("secretly choose as many money cards ... as they want") and c
    (the winner discards the money bid): $4M + $2M instead of the fewest-cards $5M + $1M."""
    g = bidding()
    assert "bid:choose" in ids(g) and "bid:6" in ids(g)
    play(g, "bid:choose")
    assert ids(g) == ["bid:5x0", "bid:5x1"]
    play(g, "bid:5x0")
    assert ids(g) == ["bid:4x0", "bid:4x1"]
    play(g, "bid:4x1", "bid:3x0")
    assert ids(g) == ["bid:2x0", "bid:2x1"]
    play(g, "bid:2x1")
    assert [a.text for a in g.legal_actions()] == [
        "Put no $1M card into your bid, and seal it ($6M)",
        "Put 1 $1M card into your bid, and seal it ($7M)",
        "Put 2 $1M cards into your bid, and seal it ($8M)",
    ]
    events = play(g, "bid:1x0")
    assert [e.text for e in events] == [
        "Player 1 has chosen a bid (sealed until everyone is ready)."
    ]
    events = play(g, "bid:3", "bid:none")
    revealed = next(e.text for e in events if e.kind == "bids_revealed")
    assert "player 1: $6M ($4M + $2M)" in revealed
    won = next(e for e in events if e.kind == "won_auction")
    assert won.data["property"] == "Boardwalk" and won.player == 1
    # kept: $5M $1M $1M; and the next round's draw (everyone draws one) adds a $1M
    assert sorted(hand(g, 1)) == ["$1M", "$1M", "$1M", "$5M"]


def test_a_value_the_hand_lacks_is_still_asked_so_every_choice_takes_five_steps() -> None:
    """Rule: docs/rules/bid.md "Bid choices": always all five values, so counting another
    player's decisions tells nothing; with none of a value, 'x0' is the only choice."""
    g = bidding()
    play(g, "bid:choose", "bid:5x1", "bid:4x0")
    assert ids(g) == ["bid:3x0"]
    assert g.rules.why_illegal(g.state, "bid:3x1") == "player 1 holds 0 $3M card(s), not 1"
    assert g.rules.why_illegal(g.state, "bid:2x1") == (
        "the value asked now is $3M: write 'bid:3x<count>'"
    )
    assert g.rules.why_illegal(g.state, "bid:6").startswith(
        "player 1 is choosing the cards one value at a time: write 'bid:3x<count>'"
    )


def test_choosing_no_card_at_all_is_no_bid() -> None:
    """Rule: "To Auction" a ("Any player may decide not to bid")."""
    g = bidding()
    play(g, "bid:choose", "bid:5x0", "bid:4x0", "bid:3x0", "bid:2x0", "bid:1x0")
    assert g.position()["auction"]["bids"][1] == []
    assert sorted(hand(g, 1)) == sorted(MIXED)


def _others_see(g: mw.Game) -> list:
    """What every seat but the chooser (seat 1) sees, and the last events."""
    return [json.loads(json.dumps(g.observation(seat))) for seat in (0, 2)]


def test_no_other_seat_sees_anything_of_a_choice_under_way() -> None:
    """Rule: "To Auction" a ("secretly"): two bidders choosing different cards give the other
    seats the same observations and no events at every step, until the reveal."""
    big = ["bid:choose", "bid:5x1", "bid:4x1", "bid:3x0", "bid:2x1"]
    small = ["bid:choose", "bid:5x0", "bid:4x0", "bid:3x0", "bid:2x0"]
    a, b = bidding(), bidding()
    for one, other in zip(big, small, strict=True):
        assert a.apply(one) == [] and b.apply(other) == []
        assert _others_see(a) == _others_see(b)
        seat_view = a.observation(1)["seats"][1]
        assert seat_view["hand_count"] == 5  # the cards set aside still count as held
    assert [c["name"] for c in a.observation(1)["seats"][1]["choosing"]] == [
        "$5M",
        "$4M",
        "$2M",
    ]
    assert a.observation(0)["seats"][1]["choosing"] is None
    assert a.observation(0)["unseen"] == b.observation(0)["unseen"]


def test_option_fewest_offers_only_amounts() -> None:
    """Option bid_cards = "fewest": one choice per amount, made of the fewest cards."""
    g = bidding({"bid_cards": "fewest"})
    assert "bid:choose" not in ids(g)
    assert g.rules.why_illegal(g.state, "bid:choose") == (
        "option bid_cards = 'fewest': a bid is made of the fewest cards ('bid:<total>')"
    )


def test_a_raise_is_chosen_the_same_way_and_must_add_a_card_if_the_option_says() -> None:
    """Rule: "Was There a Tie?" ("raise their bids with more money cards"); option
    tie_raise_must_add_card: a raiser holding money may not end with no card, so 'x0' is
    refused once no lower value is left in the hand to add instead."""

    def tied(options: dict) -> mw.Game:
        g = bidding(options, hands=[["$1M"], ["$2M", "$5M"], ["$2M", "$4M", "$1M"]])
        play(g, "bid:2", "bid:2", "bid:none", "raise:choose")
        return g

    g = tied({"tie_raise_must_add_card": True})
    assert ids(g) == ["raise:5x1"]  # seat 1 holds only $5M: it must go in
    assert g.rules.why_illegal(g.state, "raise:5x0").endswith("(option: tie_raise_must_add_card)")
    assert ids(tied({})) == ["raise:5x0", "raise:5x1"]
    g = tied({"tie_raise_must_add_card": True})
    play(g, "raise:5x1", "raise:4x0", "raise:3x0", "raise:2x0", "raise:1x0")
    assert g.current_player == 2
    play(g, "raise:choose", "raise:5x0", "raise:4x0", "raise:3x0", "raise:2x0")
    assert ids(g) == ["raise:1x1"]  # nothing added yet, and $1M is the last value
    events = play(g, "raise:1x1")
    revealed = next(e.text for e in events if e.kind == "raises_revealed")
    assert "player 1 adds $5M, now $7M; player 2 adds $1M, now $3M" in revealed


def test_a_position_part_way_through_a_choice_round_trips() -> None:
    """docs/rules/bid.md "Positions": auction.card_choice holds the cards set aside."""
    g = bidding()
    play(g, "bid:choose", "bid:5x1")
    pos = g.position()
    assert pos["auction"]["card_choice"] == {"cards": ["$5M"], "value": 4}
    again = mw.from_position("bid", pos, seed=1)
    assert again.position() == pos and ids(again) == ids(g)
    bad = json.loads(json.dumps(pos))
    bad["auction"]["card_choice"] = {"cards": ["$2M"], "value": 4}
    bad["hands"][1] = ["$5M", "$4M", "$1M", "$1M"]
    with pytest.raises(PositionError, match=r"auction\.card_choice\.cards"):
        mw.from_position("bid", bad, seed=1)
    with pytest.raises(PositionError, match="bid_cards"):
        mw.from_position("bid", pos, seed=1, options={"bid_cards": "fewest"})


def test_a_saved_game_part_way_through_a_choice_replays() -> None:
    """Deterministic from a seed; a JSON save mid-choice loads and goes on the same way."""
    g = bidding()
    play(g, "bid:choose", "bid:5x0", "bid:4x1")
    loaded = mw.load_game(json.loads(json.dumps(game_to_dict(g))))
    assert loaded.position() == g.position()
    for action in ["bid:3x0", "bid:2x1", "bid:1x0"]:
        assert loaded.apply(action) == g.apply(action)
    assert loaded.position() == g.position()


def test_determinize_for_another_seat_forgets_the_cards_set_aside() -> None:
    """A searching agent never learns a choice under way: in seat 0's sampled worlds seat 1
    has not started choosing, and holds as many cards as before."""
    g = bidding()
    play(g, "bid:choose", "bid:5x1")
    for seed in range(5):
        sample = g.rules.determinize(g.state, 0, random.Random(seed))
        assert sample.card_choice is None
        assert len(sample.hands[1]) == 5
        assert sorted(sample.hands[0]) == sorted(g.state.hands[0])
    own = g.rules.determinize(g.state, 1, random.Random(0))
    assert own.card_choice == g.state.card_choice
