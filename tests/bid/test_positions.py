# ruff: noqa: E501  (the tables of bad positions read best one case per line)
"""Positions: written by hand, round-tripped, and rejected with the field named."""

from __future__ import annotations

import json

import pytest

import monopoly_widgets as mw

from .helpers import game, ids, position

#: The example in docs/rules/bid.md: mid-auction, one sealed bid in.
DOC_EXAMPLE = {
    "players": 3,
    "host": 0,
    "round": 4,
    "phase": "bid",
    "hands": [["$3M", "Nope!"], ["$2M", "$1M", "Steal!"], ["$5M", "Wild!"]],
    "properties": [
        [{"colour": "Dark Blue", "cards": ["Park Place", "Wild!"]}],
        [{"colour": "Railroad", "cards": ["Reading Railroad", "Short Line"]}],
        [],
    ],
    "discard_pile": ["$4M", "Draw 2!"],
    "auction": {"property": "Boardwalk", "bids": [None, ["$4M"], None]},
}


def test_the_documented_example_loads_and_round_trips() -> None:
    """Rule: docs/rules/bid.md "Positions": the example is a valid, complete position."""
    g = mw.from_position("bid", DOC_EXAMPLE, seed=3)
    pos = g.position()
    assert g.current_player == 2  # seat 1 has bid; seat 2 is next from the host's left
    assert pos["auction"]["bids"] == [None, ["$4M"], None]
    # 7 cards in hands, a Wild! on the table and the sealed $4M: the rest is in the two piles
    assert len(pos["draw_pile"]) + len(pos["discard_pile"]) + 7 + 1 + 1 == 82
    again = mw.from_position("bid", json.loads(json.dumps(pos)), seed=3)
    assert again.position() == pos
    assert ids(again) == ids(g)


def test_unmentioned_cards_go_under_the_given_draw_pile() -> None:
    """Rule: docs/rules/bid.md "Positions": cards mentioned nowhere are shuffled in beneath."""
    g = game(2, hands=[["$1M"], []], draw_pile=["Nope!", "$5M"])
    pile = g.position()["draw_pile"]
    assert pile[:2] == ["Nope!", "$5M"] and len(pile) == 82 - 1
    assert len(g.position()["property_pile"]) == 28


def test_a_sealed_raise_round_trips() -> None:
    """Rule: Bid rulebook "Was There a Tie?": a raise round, one raise sealed, as a position."""
    pos = position(
        3,
        phase="raise",
        hands=[["$1M"], ["$2M"], ["$5M"]],
        auction={
            "property": "Boardwalk",
            "bids": [[], ["$4M"], ["$3M", "$1M"]],
            "revealed": True,
            "tied": [1, 2],
            "raises": [None, ["$2M"], None],
        },
    )
    g = mw.from_position("bid", pos, seed=0)
    assert g.current_player == 2
    assert mw.from_position("bid", g.position()).position() == g.position()


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"hands": [["$6M"], []]}, "hands[0][0]", "not a Monopoly Bid card"),
        ({"hands": [["Boardwalk"], ["Boardwalk"]]}, "hands[1][0]", "too many 'Boardwalk'"),
        ({"hands": [[], [], [], [], [], []]}, "players", "between 2 and 5"),
        ({"hands": [[]]}, "players", "between 2 and 5"),
        ({"players": 3}, "hands", "one hand per player"),
        ({"host": 2}, "host", "between 0 and 1"),
        ({"phase": "dancing"}, "phase", "must be one of"),
        ({"colour": 1}, "colour", "not a field of a Monopoly Bid position"),
        ({"properties": [[{"colour": "Mauve", "cards": ["Wild!"]}], []]}, "properties[0][0].colour", "must be one of"),
        ({"properties": [[{"colour": "Red", "cards": ["Boardwalk"]}], []]}, "properties[0][0].cards[0]", "is Dark Blue"),
        ({"properties": [[{"colour": "Brown", "cards": ["$1M"]}], []]}, "properties[0][0].cards[0]", "not a property"),
        ({"properties": [[{"colour": "Brown", "cards": ["Wild!"] * 3}], []]}, "properties[0][0].cards", "at most 2"),
        ({"draw_pile": ["Boardwalk"]}, "draw_pile[0]", "only money or action"),
        ({"phase": "respond"}, "pending", "phase 'respond'"),
        ({"phase": "bid"}, "auction", "phases 'bid' and 'raise'"),
        ({"phase": "bid", "auction": {"property": "Boardwalk", "bids": [None]}}, "auction.bids", "one entry"),
        ({"phase": "bid", "auction": {"property": "$1M", "bids": [None, None]}}, "auction.property", "only property"),
        ({"phase": "bid", "auction": {"property": "Boardwalk", "bids": [["Wild!"], None]}}, "auction.bids[0][0]", "only money"),
        ({"phase": "bid", "auction": {"property": "Boardwalk", "bids": [[], []]}}, "auction.bids", "would be revealed"),
        ({"phase": "over"}, "winner", "winner or a draw_reason"),
        ({"winner": 1}, "phase", "must be 'over'"),
        ({"reshuffles": -1}, "reshuffles", "0 or more"),
    ],
)  # fmt: skip
def test_bad_positions_name_the_field(fields: dict, field: str, words: str) -> None:
    """Rule: project standard: a malformed position raises PositionError naming the field."""
    pos = position(2, **fields)
    with pytest.raises(mw.PositionError) as info:
        mw.from_position("bid", pos)
    assert info.value.field == field
    assert words in info.value.problem


STEAL_PENDING = {
    "hands": [[], [], []],
    "properties": [[], [{"colour": "Dark Blue", "cards": ["Park Place", "Boardwalk"]}], []],
    "phase": "respond",
}


@pytest.mark.parametrize(
    ("chain", "waiting", "field", "words"),
    [
        ([{"player": 1, "card": "Steal!", "victim": 2, "set": 0, "target": "x"}], [2], "pending.chain[0].player", "only the host"),
        ([{"player": 0, "card": "Nope!"}], [1], "pending.chain[0].card", "Wild!, Draw 2! or Steal!"),
        ([{"player": 0, "card": "Steal!", "victim": 1, "set": 0, "target": "Boardwalk"}], [1], "pending.chain[0].set", "complete set"),
        ([{"player": 0, "card": "Steal!", "victim": 0, "set": 0, "target": "Boardwalk"}], [1], "pending.chain[0].victim", "another player"),
        ([{"player": 0, "card": "Draw 2!"}, {"player": 0, "card": "Nope!"}], [1], "pending.chain[1].player", "own card"),
        ([{"player": 0, "card": "Draw 2!"}, {"player": 1, "card": "Wild!"}], [2], "pending.chain[1].card", "must be Nope!"),
        ([{"player": 0, "card": "Draw 2!"}], [0], "pending.waiting", "not the player of the newest card"),
        ([{"player": 0, "card": "Draw 2!"}], [], "pending.waiting", "not empty"),
        ([{"player": 0, "card": "Wild!", "colour": "Teal"}], [1], "pending.chain[0].colour", "must be one of"),
    ],
)  # fmt: skip
def test_bad_pending_chains_name_the_field(
    chain: list, waiting: list, field: str, words: str
) -> None:
    """Rule: Bid rulebook "Nope!"/"Steal!" constraints, checked when a position is loaded."""
    pos = {**STEAL_PENDING, "pending": {"chain": chain, "waiting": waiting}}
    with pytest.raises(mw.PositionError) as info:
        mw.from_position("bid", pos)
    assert info.value.field == field
    assert words in info.value.problem


def test_json_text_positions_and_bad_json() -> None:
    """Rule: project API: from_position accepts JSON text; bad JSON names the position."""
    g = mw.from_position("bid", json.dumps(position(2, hands=[["$1M"], ["$2M"]])))
    assert g.position()["hands"][0] == ["$1M"]
    with pytest.raises(mw.PositionError, match="position"):
        mw.from_position("bid", "{not json")
