"""Trading properties (Bid rulebook "Tips": "You may make deals with other players to trade
properties at any time."; options trade_offers, max_trade_offers_per_round)."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.core.rng import make_rng

from .helpers import game, ids, play, sets

#: Host 0 holds Boardwalk (Dark Blue 1 of 2) and Baltic Avenue; player 1 holds Park Place
#: and Mediterranean Avenue: each holds half of the other's set.
TABLE = [
    [
        {"colour": "Dark Blue", "cards": ["Boardwalk"]},
        {"colour": "Brown", "cards": ["Baltic Avenue"]},
    ],
    [
        {"colour": "Dark Blue", "cards": ["Park Place"]},
        {"colour": "Brown", "cards": ["Mediterranean Avenue", "Wild!"]},
    ],
]


def trading_game(options: dict | None = None) -> mw.Game:
    """The older reading, option trade_offers = "host" (``bid/trading.py``)."""
    return game(
        options={"trade_offers": "host", **(options or {})},
        hands=[["$1M"], ["$2M"]],
        properties=TABLE,
        property_pile=["Short Line"],
    )


def test_the_host_may_offer_one_property_for_another_before_the_auction() -> None:
    """Rule: "Tips": trade properties "at any time"; option trade_offers = "host": the host
    offers before turning over the property (``trade``, then the offer). No Wild! (Wild!:
    "you cannot move it"), no swap of two cards of one colour."""
    g = trading_game()
    assert ids(g)[-2:] == ["trade", "auction"]
    with pytest.raises(mw.IllegalActionError, match="first choose 'trade'"):
        g.apply("offer:1:Baltic Avenue:Park Place")
    g.apply("trade")
    assert g.position()["phase"] == "offer" and g.current_player == 0
    assert ids(g) == [
        "offer:1:Baltic Avenue:Park Place",
        "offer:1:Boardwalk:Mediterranean Avenue",
        "offer:none",
    ]
    with pytest.raises(mw.IllegalActionError, match="Wild! cards never move"):
        g.apply("offer:1:Wild!:Park Place")


def test_an_accepted_trade_swaps_the_cards_and_cites_the_rule() -> None:
    """Rule: "Tips": the other player accepts; each card joins its new owner's sets."""
    g = trading_game()
    events = play(g, "trade", "offer:1:Baltic Avenue:Park Place")
    assert g.position()["phase"] == "trade" and g.current_player == 1
    assert ids(g) == ["accept", "refuse"]
    assert "offers player 1 a trade: Baltic Avenue for Park Place" in events[-1].text
    assert g.observation(1)["offer"]["give"] == "Baltic Avenue"
    events = play(g, "accept")
    assert "Tips" in events[0].rule and "trade properties at any time" in events[0].rule
    assert {"colour": "Dark Blue", "cards": ["Boardwalk", "Park Place"]} in sets(g, 0)
    assert {"colour": "Brown", "cards": ["Mediterranean Avenue", "Wild!"]} in sets(g, 1)
    assert {"colour": "Brown", "cards": ["Baltic Avenue"]} in sets(g, 1)
    assert g.position()["phase"] == "actions" and g.current_player == 0


def test_a_refused_trade_changes_nothing_and_is_not_offered_again_this_round() -> None:
    """Rule: "Tips" (deals need both players); keeping games finite: the same offer is not
    made twice in a round, and option max_trade_offers_per_round bounds the offers."""
    g = trading_game({"max_trade_offers_per_round": 2})
    before = g.position()["properties"]
    events = play(g, "trade", "offer:1:Baltic Avenue:Park Place", "refuse")
    assert events[-1].kind == "trade_refused"
    assert g.position()["properties"] == before
    g.apply("trade")
    assert "offer:1:Baltic Avenue:Park Place" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="already made this round"):
        g.apply("offer:1:Baltic Avenue:Park Place")
    play(g, "offer:1:Boardwalk:Mediterranean Avenue", "refuse")
    assert "trade" not in ids(g)
    with pytest.raises(mw.IllegalActionError, match="max_trade_offers_per_round"):
        g.apply("offer:1:Boardwalk:Mediterranean Avenue")


def test_no_trading_when_the_option_is_off() -> None:
    """Rule: option trade_offers = "none": no offers at all."""
    g = trading_game({"trade_offers": "none"})
    assert "trade" not in ids(g)


def test_a_trade_that_completes_the_third_set_wins() -> None:
    """Rule: "How to Win": three complete sets win, however the third set came (here by a
    trade, "Tips")."""
    table = [
        [
            {"colour": "Dark Blue", "cards": ["Boardwalk"]},
            {"colour": "Brown", "cards": ["Baltic Avenue", "Mediterranean Avenue"]},
            {"colour": "Utility", "cards": ["Electric Company", "Water Works"]},
            {"colour": "Red", "cards": ["Kentucky Avenue"]},
        ],
        [{"colour": "Dark Blue", "cards": ["Park Place"]}],
    ]
    g = game(options={"trade_offers": "host"}, hands=[[], []], properties=table)
    play(g, "trade", "offer:1:Kentucky Avenue:Park Place", "accept")
    assert g.is_over and g.winner == 0


def test_a_trade_offer_position_round_trips() -> None:
    """Rule: positions: an offer waiting for its answer is part of the position."""
    g = trading_game()
    play(g, "trade", "offer:1:Baltic Avenue:Park Place")
    again = mw.from_position("bid", g.position(), options={"trade_offers": "host"})
    assert again.position() == g.position() and ids(again) == ["accept", "refuse"]
    with pytest.raises(mw.PositionError, match="trade_offers = 'host'"):
        mw.from_position("bid", g.position())
    with pytest.raises(mw.PositionError, match="offer"):
        mw.from_position("bid", {**g.position(), "offer": None})


def test_the_heuristic_trades_by_value() -> None:
    """Rule: "Tips" trading, decided by value (bidders.trade_gain): the host offers the
    trade that completes a set for both (Boardwalk for Mediterranean Avenue: its Brown,
    their Dark Blue), and player 1 accepts it; offered Baltic Avenue for Park Place (a
    Brown card it cannot use for its lone Dark Blue), player 1 refuses."""
    agent = HeuristicAgent()
    rng = make_rng(1, "t")
    g = trading_game()
    assert agent(g.observation(0), g.legal_actions(), rng).id == "trade"
    g.apply("trade")
    choice = agent(g.observation(0), g.legal_actions(), rng)
    assert choice.id == "offer:1:Boardwalk:Mediterranean Avenue"
    g.apply(choice)
    assert agent(g.observation(1), g.legal_actions(), rng).id == "accept"
    h = trading_game()
    play(h, "trade", "offer:1:Baltic Avenue:Park Place")
    assert agent(h.observation(1), h.legal_actions(), rng).id == "refuse"


def test_the_table_shows_a_trade_offer_waiting_for_its_answer() -> None:
    """Rule: "Tips" trading: the offer is made across the table, so the table's pending
    line (widgets/views/bid.py) shows it to every viewer, with the decision to make."""
    from monopoly_widgets.widgets.views.bid import table_model

    g = trading_game()
    play(g, "trade", "offer:1:Baltic Avenue:Park Place")
    for viewer in (None, 0, 1):
        model = table_model(g.observation(viewer), ["human", "human"])
        assert model["pending"] == "Player 0 offers player 1 Baltic Avenue for Park Place."
    assert "accept or refuse" in table_model(g.observation(1), ["human", "human"])["decision"]
