"""Just Say No (rulebook "Just Say No"; RULES-NOTES "Just Say No")."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw

from .helpers import default_game as game
from .helpers import ids, names, position, sets, table


def test_chain_jsn_vs_jsn_vs_jsn():
    """Rule: rulebook Just Say No: "If that player has another Just Say No card, they can use it
    to cancel yours"; RULES-NOTES: chains go to any depth. Three Just Say Nos: cancelled."""
    g = game(
        position(
            hands=[["Sly Deal", "Just Say No"], ["Just Say No", "Just Say No"]],
            properties=[[], table(("Dark Blue", ["Boardwalk"]))],
        )
    )
    g.apply("sly:1:Dark Blue:Boardwalk")
    assert g.current_player == 1 and ids(g) == ["jsn", "accept"]
    g.apply("jsn")  # 1: the target says no
    assert g.current_player == 0 and ids(g) == ["jsn", "accept"]
    g.apply("jsn")  # 2: the thief says no to that
    assert g.current_player == 1
    g.apply("jsn")  # 3: the target says no again; player 0 has none left
    assert g.current_player == 0 and ids(g) == ["accept"]  # asked all the same (default)
    g.apply("accept")  # cancelled
    assert g.current_player == 0 and g.observation()["phase"] == "play"
    assert sets(g, 1) == [("Dark Blue", ["Boardwalk"])] and sets(g, 0) == []
    assert names(g, 0, "discard_pile") == ["Sly Deal", "Just Say No", "Just Say No", "Just Say No"]
    depths = [e.data.get("depth") for e in g.events if e.kind == "just_say_no"]
    assert depths == [1, 2, 3]


def test_even_chain_lets_the_action_stand():
    """Rule: rulebook Just Say No: a Just Say No answered by another is itself cancelled."""
    g = game(
        position(
            hands=[["Sly Deal", "Just Say No"], ["Just Say No"]],
            properties=[[], table(("Dark Blue", ["Boardwalk"]))],
        )
    )
    g.apply("sly:1:Dark Blue:Boardwalk")
    g.apply("jsn")
    g.apply("jsn")
    g.apply("accept")  # player 1 has no second one, and is asked all the same (default)
    assert sets(g, 0) == [("Dark Blue", ["Boardwalk"])]


def test_accepting_a_just_say_no():
    """Rule: rulebook Just Say No: the player may choose not to answer."""
    g = game(
        position(
            hands=[["Debt Collector", "Just Say No"], ["Just Say No"]],
            banks=[[], ["$5M"]],
        )
    )
    g.apply("debt:1")
    g.apply("jsn")
    g.apply("accept")
    assert names(g, 1, "banks") == ["$5M"] and g.current_player == 0
    assert names(g, 0, "hands") == ["Just Say No"]


def test_each_opponent_answers_birthday_separately():
    """Rule: RULES-NOTES Just Say No: against It's My Birthday each opponent decides separately."""
    g = game(
        position(
            players=3,
            hands=[["It's My Birthday"], ["Just Say No"], ["Just Say No"]],
            banks=[[], ["$2M"], ["$2M"]],
        )
    )
    g.apply("play:It's My Birthday")
    assert g.current_player == 1
    g.apply("jsn")  # player 1 refuses
    assert g.current_player == 0 and ids(g) == ["accept"]  # no Just Say No to answer it
    g.apply("accept")
    assert g.current_player == 2 and ids(g) == ["jsn", "accept"]
    g.apply("accept")  # player 2 pays
    g.apply("pay:bank:$2M")
    assert names(g, 0, "banks") == ["$2M"]
    assert names(g, 1, "banks") == ["$2M"] and names(g, 2, "banks") == []


def test_each_opponent_answers_two_colour_rent_separately():
    """Rule: RULES-NOTES Just Say No: against a two-colour rent each opponent decides separately."""
    g = game(
        position(
            players=3,
            hands=[["Railroad/Utility rent"], [], ["Just Say No"]],
            banks=[[], ["$1M"], ["$1M"]],
            properties=[table(("Utility", ["Water Works"])), [], []],
        )
    )
    g.apply("rent:Railroad/Utility rent:Utility")
    # Player 1 has no Just Say No: asked all the same (option ask_every_target), accept only.
    assert g.current_player == 1 and ids(g) == ["accept"]
    g.apply("accept")
    g.apply("pay:bank:$1M")
    assert g.current_player == 2 and ids(g) == ["jsn", "accept"]
    g.apply("jsn")
    g.apply("accept")  # player 0 has none to answer it
    assert names(g, 0, "banks") == ["$1M"] and names(g, 2, "banks") == ["$1M"]


def test_jsn_on_own_turn_uses_a_play_by_default():
    """Option: just_say_no_uses_play_on_own_turn = True (default): the counter uses a play,
    and with no plays left the active player cannot counter."""
    pos = position(
        plays_used=2,
        hands=[["Debt Collector", "Just Say No"], ["Just Say No"]],
        banks=[[], ["$5M"]],
    )
    g = game(pos)
    g.apply("debt:1")  # third play
    g.apply("jsn")
    # Player 0 has used 3 plays: cannot counter, so the cancellation stands at once.
    assert g.current_player == 0 and g.observation()["phase"] == "play"
    assert names(g, 0, "hands") == ["Just Say No"]


def test_jsn_on_own_turn_free_option():
    """Option: just_say_no_uses_play_on_own_turn = False: the counter is free."""
    pos = position(
        plays_used=2,
        hands=[["Debt Collector", "Just Say No"], ["Just Say No"]],
        banks=[[], ["$5M"]],
    )
    g = game(pos, just_say_no_uses_play_on_own_turn=False)
    g.apply("debt:1")
    g.apply("jsn")
    assert g.current_player == 0 and ids(g) == ["jsn", "accept"]
    g.apply("jsn")
    g.apply("accept")  # player 1 has no second one
    g.apply("pay:bank:$5M")
    assert names(g, 0, "banks") == ["$5M"]


def test_jsn_counter_counts_as_a_play():
    """Option: just_say_no_uses_play_on_own_turn = True: plays_used goes up by one."""
    g = game(
        position(
            hands=[["Debt Collector", "Just Say No"], ["Just Say No"]],
            banks=[[], ["$5M"]],
        )
    )
    g.apply("debt:1")
    g.apply("jsn")
    g.apply("jsn")
    assert g.observation()["plays_left"] == 1


def test_jsn_cancels_the_whole_doubled_rent():
    """Rule: RULES-NOTES Double the Rent: a Just Say No cancels the whole demand, doubling
    included."""
    g = game(
        position(
            hands=[["Pink/Orange rent", "Double the Rent"], ["Just Say No"]],
            banks=[[], ["$5M"]],
            properties=[table(("Orange", ["St. James Place"])), []],
        )
    )
    g.apply("rent:Pink/Orange rent:Orange:x2")
    g.apply("jsn")
    assert names(g, 1, "banks") == ["$5M"]
    assert g.observation()["plays_left"] == 1


def test_jsn_cannot_be_played_on_its_own():
    """Rule: rulebook Just Say No: used when an Action card is played against you."""
    g = game(position(hands=[["Just Say No"], []]))
    assert ids(g) == ["bank:Just Say No", "end_turn"]
    with pytest.raises(mw.IllegalActionError, match="only as an answer"):
        g.apply("play:Just Say No")
