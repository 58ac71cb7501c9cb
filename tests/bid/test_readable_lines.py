"""Lines a learner reads: Wild!s filling a set, ties, and nobody bidding (issue 28)."""

from __future__ import annotations

import monopoly_widgets as mw

from .helpers import game, ids, play, sets


def bidding(players: int = 3, **fields: object) -> mw.Game:
    """Host 0 has turned over Boardwalk."""
    fields.setdefault("phase", "bid")
    fields.setdefault("auction", {"property": "Boardwalk", "bids": [None] * players})
    fields.setdefault("draw_pile", ["$1M"] * 3)
    return game(players, None, **fields)


def test_a_property_won_is_laid_beside_a_full_set_of_wilds() -> None:
    """Rule: Bid rulebook "Wild!": "Wild! cards count as any one property in any set" and
    "You cannot make a complete set with only Wild! cards": Boardwalk won later joins the two
    Dark Blue Wild!s (as at a table) and the set is complete, rather than starting a new set."""
    wilds = [{"colour": "Dark Blue", "cards": ["Wild!", "Wild!"]}]
    g = bidding(2, hands=[["$1M"], ["$5M"]], properties=[[], wilds], property_pile=["Park Place"])
    play(g, "bid:5", "bid:none")  # seat 1 bids first, from the host's left
    assert sets(g, 1) == [{"colour": "Dark Blue", "cards": ["Wild!", "Wild!", "Boardwalk"]}]
    seen = g.observation(0)["seats"][1]
    assert seen["sets"][0]["complete"] is True and seen["complete_sets"] == 1
    again = mw.from_position("bid", g.position(), seed=1)  # the position reads back
    assert again.position() == g.position()


def test_the_wild_that_fills_a_set_of_wilds_says_so() -> None:
    """Rule: Bid rulebook "Wild!": the action that fills a set with Wild!s only says the set
    is not complete until a property is laid beside them."""
    g = game(
        2, hands=[["Wild!"], []], properties=[[{"colour": "Dark Blue", "cards": ["Wild!"]}], []]
    )
    text = next(a.text for a in g.legal_actions() if a.id == "wild:0")
    assert text == (
        "Play Wild! into your Dark Blue set (set 0): all Wild!s, so not complete until a "
        "Dark Blue property is laid beside them"
    )
    assert "wild:0" in ids(g)


def test_nobody_bidding_takes_nothing_back() -> None:
    """Rule: Bid rulebook "No One Wants to Bid?": nobody bid, so nobody takes money back."""
    g = bidding(hands=[["$2M"], ["$3M"], ["$5M"]], property_pile=["Park Place"])
    events = play(g, "bid:none", "bid:none", "bid:none")
    no_sale = next(e for e in events if e.kind == "no_sale")
    assert no_sale.text == "Boardwalk: nobody bid, so the property goes to the bottom of the pile."


def test_a_lone_bidder_wins_without_others_taking_back() -> None:
    """Rule: Bid rulebook "To Auction": the others take back their money cards, if they bid."""
    g = bidding(hands=[["$2M"], ["$3M"], ["$5M"]], property_pile=["Park Place"])
    events = play(g, "bid:3", "bid:none", "bid:none")  # seats 1, 2, then the host
    won = next(e for e in events if e.kind == "won_auction")
    assert won.text == (
        "Player 1 wins Boardwalk for $3M, discards the money bid and adds Boardwalk to their "
        "collection."
    )


def test_the_winner_takes_the_property_and_the_others_take_back_their_money() -> None:
    """Rule: Bid rulebook "To Auction": the highest bidder discards the money bid and puts the
    property in their collection; the players who did not win take back their money cards.
    The sentence names the property again, so it cannot read as going to the others."""
    g = bidding(hands=[["$2M"], ["$3M"], ["$5M"]], property_pile=["Park Place"])
    events = play(g, "bid:3", "bid:5", "bid:2")  # seats 1, 2, then the host
    won = next(e for e in events if e.kind == "won_auction")
    assert won.text == (
        "Player 2 wins Boardwalk for $5M, discards the money bid and adds Boardwalk to their "
        "collection; the others take back their money cards."
    )


def test_three_tied_players_read_as_one_list_in_seat_order() -> None:
    """Rule: Bid rulebook "Was There a Tie?": "If any players are still tied" names them
    as a readable list, in seat order."""
    g = bidding(
        4,
        hands=[["$3M"], ["$3M"], ["$3M"], []],
        auction={"property": "Boardwalk", "bids": [None] * 4},
        host=3,
        property_pile=["Park Place"],
    )
    events = play(g, *["bid:3" if s < 3 else "bid:none" for s in g_order(g)])
    tie = next(e for e in events if e.kind == "tie")
    assert "between players 0, 1 and 2:" in tie.text
    events = play(g, "raise:none", "raise:none", "raise:none")
    no_sale = next(e for e in events if e.kind == "no_sale")
    assert "players 0, 1 and 2 are still tied at $3M" in no_sale.text
    assert no_sale.text.endswith("everyone takes back their money cards.")


def g_order(g: mw.Game) -> list[int]:
    """The seats in the order they bid (from the host's left)."""
    n, host = g.players, g.position()["host"]
    return [(host + k) % n for k in range(1, n + 1)]
