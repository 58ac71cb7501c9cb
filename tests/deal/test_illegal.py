"""Illegal actions are refused with a reason, and nothing changes (brief: Standards)."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import game, position, table


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("fly:1", "unknown action id 'fly:1'"),
        ("jsn", "nothing is waiting for a Just Say No answer"),
        ("pay:bank:$1M", "nobody owes anything"),
        ("discard:$1M", "more than 7 cards"),
        ("bank:Hotel", "player 0 holds no 'Hotel'"),
        ("lay:Multicolour wild", "choose a colour"),
        ("lay:Red/Yellow wild:Green", "only as Red or Yellow"),
        ("debt:0", "against yourself"),
        ("debt:5", "there is no player '5'"),
        ("sly:1:Red:Kentucky Avenue", "Sly Deal cannot take a card from a full set"),
        ("sly:1:Green:Boardwalk", "player 1 has no 'Boardwalk' in Green"),
        ("breaker:1:Green", "only a complete set"),
        ("rent:Any-colour rent:Dark Blue", "charges ONE player"),
        ("rent:Any-colour rent:Green:1", "own no Green properties"),
        ("play:Double the Rent", "together with a rent card"),
        ("wild:Red:Red/Yellow wild:Red", "you have no set called 'Red'"),
    ],
)
def test_reasons(action, reason):
    """Rule: each refusal names the rule it follows."""
    g = game(
        position(
            hands=[
                [
                    "Sly Deal",
                    "Debt Collector",
                    "Deal Breaker",
                    "Multicolour wild",
                    "Red/Yellow wild",
                    "Any-colour rent",
                    "Double the Rent",
                ],
                [],
            ],
            properties=[
                table(("Dark Blue", ["Boardwalk"])),
                table(
                    ("Red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]),
                    ("Green", ["Pacific Avenue"]),
                ),
            ],
        )
    )
    before = g.position()
    with pytest.raises(mw.IllegalActionError) as info:
        g.apply(action)
    assert reason in str(info.value)
    assert g.position() == before and g.history == []


def test_used_plays_reason():
    """Rule: rulebook On Your Turn: up to 3 plays."""
    g = game(position(plays_used=3, hands=[["$1M"], []]))
    with pytest.raises(mw.IllegalActionError, match="you have used your 3 plays this turn"):
        g.apply("bank:$1M")


def test_someone_else_must_answer_first():
    """Rule: rulebook Just Say No: the target decides before play goes on."""
    g = game(position(hands=[["Debt Collector", "$1M"], ["Just Say No"]], banks=[[], ["$5M"]]))
    g.apply("debt:1")
    with pytest.raises(mw.IllegalActionError, match="player 1 must first decide"):
        g.apply("bank:$1M")


def test_game_over_reason():
    """Rule: nothing is legal once the game is over."""
    g = game(position(turn=3, hands=[["$1M"], []]), max_turns=3)
    g.apply("end_turn")
    with pytest.raises(mw.IllegalActionError, match="game is over"):
        g.apply("end_turn")
