"""Illegal actions are refused with a reason, and the game is left unchanged."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import game

HOST_TURN = {
    "hands": [["Steal!", "Wild!", "$1M"], ["$2M"], ["Nope!"]],
    "properties": [
        [{"colour": "Brown", "cards": ["Mediterranean Avenue", "Baltic Avenue"]}],
        [{"colour": "Dark Blue", "cards": ["Park Place", "Boardwalk"]}],
        [{"colour": "Red", "cards": ["Kentucky Avenue"]}],
    ],
}


@pytest.mark.parametrize(
    ("action_id", "words"),
    [
        ("draw2", "has no Draw 2! card"),
        ("steal:1:0:Boardwalk", "complete set"),
        ("steal:0:0:Baltic Avenue", "another player"),
        ("steal:2:5:Kentucky Avenue", "no set number 5"),
        ("steal:2:0:Boardwalk", "is not in player 2's set 0"),
        ("steal:two", "steal:<seat>:<set number>:<card name>"),
        ("wild:0", "already holds all its cards"),
        ("wild:7", "no set number 7"),
        ("wild:new:Mauve", "not a colour"),
        ("nope", "Nope! can only cancel an action card"),
        ("pass", "answers a played action card"),
        ("bid:3", "players are sealing their bids"),
        ("raise:1", "tied players"),
        ("end_round", "still a property card to auction"),
        ("fly", "not an action of Monopoly Bid"),
    ],
)
def test_illegal_host_actions_say_why(action_id: str, words: str) -> None:
    """Rule: Bid rulebook "Action Cards", "Steal!", "Wild!", "Nope!": refused with the reason."""
    g = game(3, **HOST_TURN)
    before = g.position()
    with pytest.raises(mw.IllegalActionError) as info:
        g.apply(action_id)
    assert words in str(info.value)
    assert g.position() == before and g.step == 0


def test_a_player_without_nope_is_told_so() -> None:
    """Rule: Bid rulebook "Nope!": only a player holding a Nope! can play one."""
    g = game(3, **HOST_TURN)
    g.apply("steal:2:0:Kentucky Avenue")
    assert g.current_player == 1
    with pytest.raises(mw.IllegalActionError, match="holds no Nope! card"):
        g.apply("nope")


def test_bad_bid_formats_say_why() -> None:
    """Rule: docs/rules/bid.md "Bid choices": ids are bid:<total> or bid:none."""
    g = game(
        2,
        phase="bid",
        auction={"property": "Boardwalk", "bids": [None, None]},
        hands=[["$1M"], ["$2M"]],
    )
    with pytest.raises(mw.IllegalActionError, match="bid:<total in \\$M>"):
        g.apply("bid:lots")
    with pytest.raises(mw.IllegalActionError, match="totals they can make are \\[2\\]"):
        g.apply("bid:5")
