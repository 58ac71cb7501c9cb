"""Rounds: everyone draws, the host passes left, reshuffles, and how a game ends."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.bid.cards import PROPERTIES
from monopoly_widgets.core.rng import make_rng

from .helpers import game, hand, ids, play


def last_bid(players: int = 3, **fields: object) -> mw.Game:
    """Host 0 auctions Boardwalk; players 1 and 2 have bid, the host bids last."""
    fields.setdefault("phase", "bid")
    fields.setdefault("auction", {"property": "Boardwalk", "bids": [None, [], []]})
    return game(players, **fields)


def test_everyone_draws_one_and_the_host_passes_left() -> None:
    """Rule: Bid rulebook "Hosting an Auction" (all draw one) and "To Auction" (left hosts next)."""
    g = last_bid(hands=[["$1M"], [], []], draw_pile=["$2M", "$3M", "$4M"])
    events = play(g, "bid:none")
    pos = g.position()
    assert pos["host"] == 1 and pos["round"] == 2 and g.current_player == 1
    # the new host draws first, then around to the left
    assert hand(g, 1) == ["$2M"] and hand(g, 2) == ["$3M"] and hand(g, 0) == ["$1M", "$4M"]
    assert any("the player to your left" in e.rule for e in events)


def test_reshuffle_when_the_draw_pile_runs_out() -> None:
    """Rule: Bid rulebook Tips: "If the draw pile runs out, shuffle the discard pile"."""
    small = {f"count_money_{v}": 1 for v in range(1, 6)}
    small.update(count_wild=1, count_draw_two=0, count_steal=0, count_nope=1)
    discards = ["$1M", "$2M", "$3M", "$4M", "$5M", "Wild!"]
    g = last_bid(
        options=small,
        hands=[[], [], []],
        draw_pile=["Nope!"],
        discard_pile=discards,
        reshuffles=2,
    )
    events = play(g, "bid:none")
    # player 1 (the new host) takes the last card; then the discards are shuffled with
    # make_rng(seed, "reshuffle", 3): the third reshuffle of this game
    order = list(range(len(discards)))
    make_rng(1, "reshuffle", 3).shuffle(order)
    shuffled = [discards[i] for i in order]
    assert hand(g, 1) == ["Nope!"]
    assert hand(g, 2) == [shuffled[0]] and hand(g, 0) == [shuffled[1]]
    assert g.position()["draw_pile"] == shuffled[2:]
    assert g.position()["reshuffles"] == 3 and g.position()["discard_pile"] == []
    reshuffle = next(e for e in events if e.kind == "reshuffle")
    assert '"Tips"' in reshuffle.rule


def test_draw_is_skipped_when_both_piles_are_empty() -> None:
    """Rule: Bid rulebook Tips (reshuffle): with no discards either, the draw is skipped."""
    options = {f"count_money_{v}": 0 for v in range(1, 6)}
    options.update(count_wild=1, count_draw_two=0, count_steal=0, count_nope=0)
    g = last_bid(options=options, hands=[["Wild!"], [], []])
    events = play(g, "bid:none")
    skipped = [e for e in events if e.kind == "draw_skipped"]
    assert len(skipped) == 3 and "skipped" in skipped[0].text
    assert not g.is_over


def test_max_rounds_ends_the_game_as_a_draw() -> None:
    """Rule: option max_rounds: after that many rounds the game ends as a draw."""
    g = last_bid(options={"max_rounds": 5}, round=5, hands=[[], [], []])
    events = play(g, "bid:none")
    assert g.is_over and g.winner is None
    assert "max_rounds" in g.position()["draw_reason"]
    assert events[-1].rule == "option: max_rounds"
    assert g.legal_actions() == ()


def test_rounds_go_on_without_an_auction_when_properties_run_out() -> None:
    """Rule: Bid rulebook "The End of the Game": only a winner ends it; with no property left
    the host may still play action cards, then ends the round (assumption, see docs)."""
    by_colour: dict[str, list[str]] = {}
    for name, colour in PROPERTIES:
        by_colour.setdefault(colour, []).append(name)
    # every property is on the table, split so that nobody has three complete sets
    table = [[], []]
    for k, (colour, names) in enumerate(by_colour.items()):
        table[k % 2].append({"colour": colour, "cards": names[:-1]})
        table[(k + 1) % 2].append({"colour": colour, "cards": names[-1:]})
    g = game(2, hands=[["Wild!"], []], properties=table)
    assert g.position()["property_pile"] == []
    assert "auction" not in ids(g) and "end_round" in ids(g)
    with pytest.raises(mw.IllegalActionError, match="no property card left"):
        g.apply("auction")
    events = play(g, "end_round")  # first the deal window (trade_offers = "anyone")
    assert events[0].kind == "deal_window"
    events = play(g, "deal:pass", "deal:pass")
    assert events[-4].kind == "no_auction" and g.position()["host"] == 1
    assert not g.is_over


def test_winning_by_auction() -> None:
    """Rule: Bid rulebook "How to Win": the first player with three complete sets wins."""
    g = game(
        2,
        phase="bid",
        auction={"property": "Boardwalk", "bids": [None, []]},
        hands=[["$3M"], []],
        properties=[
            [
                {"colour": "Brown", "cards": ["Mediterranean Avenue", "Baltic Avenue"]},
                {"colour": "Utility", "cards": ["Electric Company", "Water Works"]},
                {"colour": "Dark Blue", "cards": ["Park Place"]},
            ],
            [],
        ],
    )
    play(g, "bid:3")
    assert g.is_over and g.winner == 0
    assert g.observation(1)["winner"] == 0 and g.observation(1)["is_over"] is True
