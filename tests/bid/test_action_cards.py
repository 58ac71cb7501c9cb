"""Action cards: Draw 2!, Wild!, Steal!, and Nope! answer windows."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import game, hand, ids, play, sets

DARK_BLUE_PAIR = [{"colour": "Dark Blue", "cards": ["Park Place", "Boardwalk"]}]
BROWN_PAIR = {"colour": "Brown", "cards": ["Mediterranean Avenue", "Baltic Avenue"]}
UTILITY_ONE = {"colour": "Utility", "cards": ["Water Works"]}
UTILITY_OTHER = {"colour": "Utility", "cards": ["Electric Company"]}
LIGHT_BLUE_TWO = [{"colour": "Light Blue", "cards": ["Oriental Avenue", "Vermont Avenue"]}]


def test_draw_two_draws_two_cards_after_nobody_nopes() -> None:
    """Rule: Bid rulebook "Action Cards: Draw 2!": "Draw two cards."."""
    g = game(3, hands=[["Draw 2!"], ["$1M"], ["$1M"]], draw_pile=["$5M", "Wild!", "$2M"])
    assert "draw2" in ids(g)
    play(g, "draw2")
    assert g.position()["phase"] == "respond" and g.current_player == 1
    events = play(g, "pass", "pass")
    assert hand(g, 0) == ["$5M", "Wild!"]
    assert g.position()["discard_pile"] == ["Draw 2!"]
    assert any('"Action Cards: Draw 2!"' in e.rule and e.kind == "draw" for e in events)
    assert g.position()["phase"] == "actions"  # the host may play more cards


def test_wild_joins_a_set_and_completes_it() -> None:
    """Rule: Bid rulebook "Action Cards: Wild!": counts as any one property in any set."""
    g = game(3, hands=[["Wild!"], [], []], properties=[LIGHT_BLUE_TWO, [], []])
    assert "wild:0" in ids(g) and "wild:new:Red" in ids(g)
    play(g, "wild:0", "pass", "pass")
    assert sets(g, 0) == [
        {"colour": "Light Blue", "cards": ["Oriental Avenue", "Vermont Avenue", "Wild!"]}
    ]
    obs = g.observation(1)
    assert obs["seats"][0]["sets"][0]["complete"] is True
    assert obs["seats"][0]["complete_sets"] == 1


def test_wild_is_fixed_once_placed() -> None:
    """Rule: Bid rulebook "Wild!": "Once you place a Wild! card in a set, you cannot move it"."""
    g = game(
        2,
        hands=[["$1M"], []],
        properties=[[{"colour": "Red", "cards": ["Wild!"]}], []],
    )
    assert all(not a.startswith(("move", "wild")) for a in ids(g))


def test_wild_can_start_a_second_set_of_a_colour() -> None:
    """Rule: Bid rulebook Tips: with Wild!s "you could make two complete sets in the same
    colour"."""
    g = game(2, hands=[["Wild!"], []], properties=[DARK_BLUE_PAIR, []])
    assert "wild:0" not in ids(g)  # the complete Dark Blue set has no room
    play(g, "wild:new:Dark Blue", "pass")
    assert [s["colour"] for s in sets(g, 0)] == ["Dark Blue", "Dark Blue"]


def test_a_set_of_only_wilds_is_never_complete() -> None:
    """Rule: Bid rulebook "Wild!": "You cannot make a complete set with only Wild! cards"."""
    g = game(
        2, hands=[["$1M"], []], properties=[[{"colour": "Brown", "cards": ["Wild!", "Wild!"]}], []]
    )
    seen = g.observation(None)["seats"][0]
    assert seen["sets"][0]["size"] == 2 and len(seen["sets"][0]["cards"]) == 2
    assert seen["sets"][0]["complete"] is False and seen["complete_sets"] == 0
    assert g.metrics()["sets"] == [0, 0]


def test_steal_takes_a_property_from_an_incomplete_set() -> None:
    """Rule: Bid rulebook "Action Cards: Steal!": steal any one property from another player."""
    g = game(
        2,
        hands=[["Steal!"], []],
        properties=[[{"colour": "Orange", "cards": ["St. James Place"]}], LIGHT_BLUE_TWO],
    )
    assert "steal:1:0:Vermont Avenue" in ids(g)
    events = play(g, "steal:1:0:Vermont Avenue", "pass")
    assert sets(g, 1) == [{"colour": "Light Blue", "cards": ["Oriental Avenue"]}]
    assert sets(g, 0)[1] == {"colour": "Light Blue", "cards": ["Vermont Avenue"]}
    assert any('"Action Cards: Steal!"' in e.rule and e.kind == "steal" for e in events)
    assert g.position()["discard_pile"] == ["Steal!"]


def test_steal_refused_on_a_complete_set() -> None:
    """Rule: Bid rulebook "Steal!": "You may not choose a property that is part of a complete
    set"."""
    g = game(2, hands=[["Steal!"], []], properties=[[], DARK_BLUE_PAIR])
    assert not [a for a in ids(g) if a.startswith("steal")]
    with pytest.raises(mw.IllegalActionError, match="complete set"):
        g.apply("steal:1:0:Boardwalk")


def test_stealing_a_wild_keeps_its_colour() -> None:
    """Rule: Bid rulebook "Wild!": Wild!s "can be stolen if not part of a complete set"."""
    g = game(
        2,
        hands=[["Steal!"], []],
        properties=[[], [{"colour": "Green", "cards": ["Pacific Avenue", "Wild!"]}]],
    )
    play(g, "steal:1:0:Wild!", "pass")
    assert sets(g, 0) == [{"colour": "Green", "cards": ["Wild!"]}]
    assert sets(g, 1) == [{"colour": "Green", "cards": ["Pacific Avenue"]}]


def test_steal_that_completes_a_third_set_wins() -> None:
    """Rule: Bid rulebook "The End of the Game": three complete sets win at once."""
    g = game(
        2,
        hands=[["Steal!"], []],
        properties=[[*DARK_BLUE_PAIR, BROWN_PAIR, UTILITY_ONE], [UTILITY_OTHER]],
    )
    events = play(g, "steal:1:0:Electric Company", "pass")
    assert g.is_over and g.winner == 0
    assert any(e.kind == "win" and "How to Win" in e.rule for e in events)


def test_nope_cancels_an_action_card() -> None:
    """Rule: Bid rulebook "Nope!": cancel any action card; cancelled cards go to the discard."""
    g = game(3, hands=[["Draw 2!"], ["Nope!"], []], draw_pile=["$5M", "$4M", "$3M"])
    play(g, "draw2")
    assert ids(g) == ["nope", "pass"]
    events = play(g, "nope")
    assert g.current_player == 2  # a new window against the Nope!: player 2, then the host
    play(g, "pass", "pass")
    assert hand(g, 0) == []
    assert sorted(g.position()["discard_pile"]) == ["Draw 2!", "Nope!"]
    assert events[0].kind == "nope" and '"Action Cards: Nope!"' in events[0].rule


def test_nope_chain_by_a_player_who_is_not_the_target() -> None:
    """Rule: Bid rulebook "Nope!": "played by any player at any time", "including other Nope!"."""
    g = game(
        3,
        hands=[["Steal!", "Nope!"], ["$1M"], ["Nope!"]],
        properties=[[], LIGHT_BLUE_TWO, []],
    )
    play(g, "steal:1:0:Oriental Avenue")
    assert g.position()["pending"]["waiting"] == [1, 2]
    play(g, "pass")  # the target has no Nope!
    assert g.current_player == 2 and "nope" in ids(g)
    play(g, "nope")  # player 2, who is not the target, cancels the Steal!
    assert g.position()["pending"]["waiting"] == [1, 0]  # all but player 2, from host's left
    play(g, "pass")
    events = play(g, "nope")  # the host cancels that Nope!
    assert g.position()["pending"]["waiting"] == [1, 2]
    events += play(g, "pass", "pass")
    assert any(e.kind == "uncancelled" for e in events)
    assert sets(g, 0) == [{"colour": "Light Blue", "cards": ["Oriental Avenue"]}]
    assert sorted(g.position()["discard_pile"]) == ["Nope!", "Nope!", "Steal!"]


def test_three_nopes_cancel() -> None:
    """Rule: Bid rulebook "Nope!": each Nope! cancels the card before it (odd count: cancelled)."""
    g = game(
        3,
        hands=[["Wild!", "Nope!"], ["Nope!"], ["Nope!"]],
        properties=[LIGHT_BLUE_TWO, [], []],
    )
    play(g, "wild:0", "nope", "pass", "nope", "pass", "nope", "pass")  # 1, host, then 2
    assert g.current_player == 0 and ids(g) == ["pass"]  # the host has no Nope! left
    events = play(g, "pass")
    assert any(e.kind == "cancelled" for e in events)
    assert sets(g, 0) == LIGHT_BLUE_TWO
    assert g.position()["discard_pile"].count("Nope!") == 3


def test_only_nope_holders_are_asked_when_the_option_says_so() -> None:
    """Rule: option nope_window_everyone = false: players without a Nope! are not asked."""
    g = game(
        3,
        options={"nope_window_everyone": False},
        hands=[["Draw 2!"], ["$1M"], ["Nope!"]],
        draw_pile=["$1M", "$2M"],
    )
    play(g, "draw2")
    assert g.current_player == 2
    no_nopes = game(3, options={"nope_window_everyone": False}, hands=[["Draw 2!"], [], []])
    play(no_nopes, "draw2")
    assert no_nopes.position()["phase"] == "actions"  # nobody could answer: it took effect


def test_nope_cannot_be_played_with_nothing_to_cancel() -> None:
    """Rule: Bid rulebook "Nope!": it cancels an action card, so it needs one to answer."""
    g = game(2, hands=[["Nope!"], []])
    assert ids(g) == ["auction"]
    with pytest.raises(mw.IllegalActionError, match="Nope! can only cancel"):
        g.apply("nope")


def test_host_may_play_several_action_cards_then_auction() -> None:
    """Rule: Bid rulebook "Action Cards": "Play as many of these as you like"."""
    g = game(2, hands=[["Draw 2!", "Draw 2!"], []], draw_pile=["$1M"] * 4)
    play(g, "draw2", "pass", "draw2", "pass")
    assert hand(g, 0) == ["$1M"] * 4
    play(g, "auction")
    assert g.position()["phase"] == "bid" and g.current_player == 1


def test_answer_window_starts_left_of_the_host() -> None:
    """Rule: Bid rulebook "Nope!" (any player), asked in seat order from the host's left."""
    g = game(4, host=2, hands=[[], [], ["Draw 2!"], []], draw_pile=["$1M", "$1M"])
    play(g, "draw2")
    assert g.position()["pending"]["waiting"] == [3, 0, 1]
    assert g.current_player == 3


def test_draw_two_is_discarded_after_drawing() -> None:
    """Rule: Bid rulebook "Action Cards": "After you use an action card, place it in the discard
    pile" (so a Draw 2! never draws itself back)."""
    options = {f"count_money_{v}": 0 for v in range(1, 6)}
    options.update(count_wild=0, count_draw_two=1, count_steal=0, count_nope=0)
    g = game(2, options=options, hands=[["Draw 2!"], []])
    events = play(g, "draw2", "pass")
    assert hand(g, 0) == [] and g.position()["discard_pile"] == ["Draw 2!"]
    assert any(e.kind == "draw_skipped" for e in events)


def test_action_cards_per_round_are_capped() -> None:
    """Rule: option max_action_cards_per_round: after that many, only the auction is left."""
    g = game(2, options={"max_action_cards_per_round": 2}, hands=[["Draw 2!"] * 3, []])
    play(g, "draw2", "pass", "draw2", "pass")
    assert g.position()["action_cards_played"] == 2
    assert ids(g) == ["auction"]
    with pytest.raises(mw.IllegalActionError, match="max_action_cards_per_round"):
        g.apply("draw2")
