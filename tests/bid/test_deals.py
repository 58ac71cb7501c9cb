"""Deals between any two players (Bid rulebook "Tips": "You may make deals with other
players to trade properties at any time."; option trade_offers = "anyone", the default;
options trade_money, max_trade_offers_per_round; ``bid/deals.py``)."""

from __future__ import annotations

import json
import random

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.serialization import game_to_dict

from .helpers import game, hand, ids, play, sets

#: Host 0 has Short Line; players 1 and 2 each hold half of the other's sets.
TABLE = [
    [{"colour": "Railroad", "cards": ["Short Line"]}],
    [
        {"colour": "Dark Blue", "cards": ["Boardwalk"]},
        {"colour": "Brown", "cards": ["Baltic Avenue"]},
    ],
    [
        {"colour": "Dark Blue", "cards": ["Park Place"]},
        {"colour": "Brown", "cards": ["Mediterranean Avenue"]},
        {"colour": "Utility", "cards": ["Water Works"]},
    ],
]


def table_game(options: dict | None = None, **fields: object) -> mw.Game:
    fields.setdefault("hands", [["$1M"], ["$2M", "$3M"], ["$4M"]])
    fields.setdefault("properties", TABLE)
    fields.setdefault("property_pile", ["Reading Railroad"])
    return game(3, options, **fields)


def test_before_the_auction_every_player_is_asked_in_turn_the_host_last() -> None:
    """Rule: "Tips" ("deals with other players ... at any time"): any player, not only the
    host; option trade_offers = "anyone": a deal window before the property is turned over,
    from the host's left."""
    g = table_game()
    assert "trade" not in ids(g)
    events = play(g, "auction")
    assert events[0].kind == "deal_window" and "Tips" in events[0].rule
    assert g.position()["phase"] == "deals" and g.position()["deal_queue"] == [1, 2, 0]
    assert g.current_player == 1
    assert ids(g) == ["deal:to:2", "deal:to:0", "deal:pass"]
    play(g, "deal:pass")
    assert g.current_player == 2
    play(g, "deal:pass")
    assert g.current_player == 0 and ids(g) == ["deal:to:1", "deal:to:2", "deal:pass"]
    events = play(g, "deal:pass")
    assert events[-1].kind == "auction" and g.position()["phase"] == "bid"


def test_two_players_who_do_not_host_trade_two_properties_for_one() -> None:
    """Rule: "Tips": a deal between two non-hosts, more than one property one way; the
    other player accepts, and each card joins its new owner's sets."""
    g = table_game()
    play(g, "auction", "deal:to:2")
    assert g.position()["phase"] == "draft" and g.current_player == 1
    assert ids(g) == [
        "deal:give:Boardwalk",
        "deal:give:Baltic Avenue",
        "deal:ask:Park Place",
        "deal:ask:Mediterranean Avenue",
        "deal:ask:Water Works",
        "deal:cancel",
    ]
    play(g, "deal:give:Baltic Avenue", "deal:ask:Park Place", "deal:ask:Water Works")
    events = play(g, "deal:propose")
    assert events[0].text == (
        "Player 1 proposes a deal: player 1 gives Baltic Avenue for player 2's Park Place "
        "and Water Works."
    )
    assert g.current_player == 2 and ids(g) == ["deal:accept", "deal:refuse"]
    events = play(g, "deal:accept")
    assert events[0].kind == "deal" and "trade properties at any time" in events[0].rule
    assert {"colour": "Dark Blue", "cards": ["Boardwalk", "Park Place"]} in sets(g, 1)
    assert {"colour": "Utility", "cards": ["Water Works"]} in sets(g, 1)
    assert {"colour": "Brown", "cards": ["Mediterranean Avenue", "Baltic Avenue"]} in sets(g, 2)
    assert g.current_player == 2 and g.position()["phase"] == "deals"  # player 2's turn


def test_a_deal_being_built_is_secret_and_public_once_proposed() -> None:
    """Hidden information (docs/rules/bid.md "Deals"): the other seats' observations are
    the same whatever is in a deal being built; once proposed, everyone sees it."""
    a, b = table_game(), table_game()
    play(a, "auction", "deal:to:2", "deal:give:Boardwalk", "deal:ask:Park Place")
    play(b, "auction", "deal:to:0", "deal:give:Baltic Avenue")
    for seat in (0, 2):
        assert a.observation(seat) == b.observation(seat)
        assert a.observation(seat)["draft"] is None
    assert a.observation(1)["draft"]["ask"] == ["Park Place"]
    events = play(a, "deal:propose")
    assert a.observation(0)["deal"]["give"] == ["Boardwalk"]
    assert "Boardwalk" in events[0].text


def test_a_refused_deal_changes_nothing_and_the_bound_moves_the_window_on() -> None:
    """Option max_trade_offers_per_round (default 1): each player proposes at most that
    many deals in a round; a refused deal changes nothing."""
    g = table_game()
    before = g.position()["properties"]
    events = play(g, "auction", "deal:to:2", "deal:give:Boardwalk", "deal:ask:Park Place")
    events = play(g, "deal:propose", "deal:refuse")
    assert events[-1].kind == "deal_refused"
    assert g.position()["properties"] == before and g.current_player == 2
    g = table_game({"max_trade_offers_per_round": 2})
    play(g, "auction", "deal:to:2", "deal:give:Boardwalk", "deal:ask:Park Place")
    play(g, "deal:propose", "deal:refuse")
    assert g.current_player == 1  # one more deal allowed, but not the same one
    play(g, "deal:to:2", "deal:give:Boardwalk", "deal:ask:Park Place")
    assert "deal:propose" not in ids(g)
    assert g.rules.why_illegal(g.state, "deal:propose") == (
        "that deal was already proposed this round: the same deal is not made twice"
    )
    play(g, "deal:cancel")  # counts as the second
    assert g.current_player == 2
    g = table_game({"max_trade_offers_per_round": 0})
    assert play(g, "auction")[0].kind == "auction"  # no window at all


def test_money_is_not_part_of_a_deal_unless_the_option_says() -> None:
    """Option trade_money (default false: "Tips" says "trade properties"); with true, one
    money card of a value at a time, and only an answerer holding it can accept."""
    g = table_game()
    play(g, "auction", "deal:to:2")
    assert not any(i.startswith(("deal:pay", "deal:want")) for i in ids(g))
    assert g.rules.why_illegal(g.state, "deal:pay:2").startswith("money is not part of a deal")
    g = table_game({"trade_money": True})
    play(g, "auction", "deal:to:2", "deal:pay:3", "deal:ask:Park Place")
    assert g.rules.why_illegal(g.state, "deal:pay:3") == ("player 1 has no more $3M cards to pay")
    play(g, "deal:propose", "deal:accept")
    assert sorted(hand(g, 1)) == ["$2M"] and sorted(hand(g, 2)) == ["$3M", "$4M"]
    g = table_game({"trade_money": True})
    play(g, "auction", "deal:to:2", "deal:give:Boardwalk", "deal:want:5", "deal:propose")
    assert ids(g) == ["deal:refuse"]  # player 2 holds no $5M
    assert g.rules.why_illegal(g.state, "deal:accept") == (
        "player 2 does not hold the $5M cards asked for"
    )


def test_a_deal_that_completes_a_third_set_wins_the_proposer_first() -> None:
    """Rule: "How to Win", however the third set came (here by a deal, "Tips")."""
    table = [
        [{"colour": "Dark Blue", "cards": ["Boardwalk"]}],
        [
            {"colour": "Brown", "cards": ["Baltic Avenue", "Mediterranean Avenue"]},
            {"colour": "Utility", "cards": ["Electric Company", "Water Works"]},
            {"colour": "Dark Blue", "cards": ["Park Place"]},
            {"colour": "Red", "cards": ["Kentucky Avenue"]},
        ],
        [],
    ]
    g = table_game(properties=table)
    play(g, "auction", "deal:to:0", "deal:give:Kentucky Avenue", "deal:ask:Boardwalk")
    events = play(g, "deal:propose", "deal:accept")
    assert g.is_over and g.winner == 1
    assert g.position()["deal_queue"] == [] and events[-1].kind == "win"


def test_the_old_host_only_reading_is_an_option_and_old_saves_keep_it() -> None:
    """Option trade_offers = "host" (the older reading): a save without the option loads
    with it (``RuleOption.older_saves``)."""
    g = table_game({"trade_offers": "host"})
    assert "trade" in ids(g)
    saved = game_to_dict(table_game())
    del saved["options"]["trade_offers"]
    assert mw.load_game(saved).options["trade_offers"] == "host"


def test_positions_in_the_window_round_trip_and_bad_ones_name_the_field() -> None:
    """docs/rules/bid.md "Positions": deal_queue, draft and deal."""
    g = table_game()
    play(g, "auction", "deal:to:2", "deal:give:Boardwalk")
    pos = g.position()
    assert pos["draft"] == {
        "from": 1,
        "to": 2,
        "give": ["Boardwalk"],
        "ask": [],
        "pay": [],
        "want": [],
    }
    again = mw.from_position("bid", json.loads(json.dumps(pos)), seed=1)
    assert again.position() == pos and ids(again) == ids(g)
    play(g, "deal:ask:Park Place", "deal:propose")
    again = mw.from_position("bid", g.position(), seed=1)
    assert ids(again) == ["deal:accept", "deal:refuse"]
    bad = json.loads(json.dumps(pos))
    bad["draft"]["give"] = ["Park Place"]
    with pytest.raises(mw.PositionError, match=r"draft\.give"):
        mw.from_position("bid", bad, seed=1)
    bad = json.loads(json.dumps(pos))
    bad["deal_queue"] = [2, 1]
    with pytest.raises(mw.PositionError, match="deal_queue"):
        mw.from_position("bid", bad, seed=1)


def test_a_saved_game_in_the_window_replays() -> None:
    """Deterministic; a JSON save while a deal is being built loads and goes on the same."""
    g = table_game()
    play(g, "auction", "deal:to:2", "deal:give:Boardwalk")
    loaded = mw.load_game(json.loads(json.dumps(game_to_dict(g))))
    for action in ["deal:ask:Park Place", "deal:propose", "deal:accept"]:
        assert loaded.apply(action) == g.apply(action)
    assert loaded.position() == g.position()


def test_determinize_keeps_the_window_and_forgets_a_secret_draft() -> None:
    g = table_game()
    play(g, "auction", "deal:to:2", "deal:give:Boardwalk")
    sample = g.rules.determinize(g.state, 0, random.Random(1))
    assert sample.draft is not None and sample.draft.give == []
    assert g.rules.determinize(g.state, 1, random.Random(1)).draft.give == ["Boardwalk"]


def test_the_heuristic_proposes_and_accepts_deals_by_value() -> None:
    """agents/bid/heuristic.py: it proposes the deal that gains it most among those that
    gain the other player too, builds it step by step, and the other accepts."""
    g = table_game()
    agent = HeuristicAgent()
    rng = make_rng(1, "deals")
    play(g, "auction")
    chosen = []
    while g.position()["phase"] in ("deals", "draft", "deal"):
        seat = g.current_player
        action = agent(g.observation(seat), g.legal_actions(), rng)
        chosen.append(action.id)
        g.apply(action)
    # Player 1 gives Boardwalk (completing player 2's Dark Blue) for Mediterranean Avenue
    # (completing its own Brown) and Water Works: both gain, so both agree.
    assert chosen[:6] == [
        "deal:to:2",
        "deal:give:Boardwalk",
        "deal:ask:Mediterranean Avenue",
        "deal:ask:Water Works",
        "deal:propose",
        "deal:accept",
    ]
    assert {"colour": "Brown", "cards": ["Baltic Avenue", "Mediterranean Avenue"]} in sets(g, 1)
    assert {"colour": "Dark Blue", "cards": ["Park Place", "Boardwalk"]} in sets(g, 2)
