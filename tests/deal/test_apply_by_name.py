"""Rules.apply with an action made by hand, not taken from the legal list.

``plays.py`` uses the card a listed action names (``action.card``). An action made by
hand, say in a lesson or a test, may leave the card out: the engine then finds the card
by the name in the id, as the rulebook's "Playing Cards" and "Property Wild Cards" plays
are described by card name.
"""

from __future__ import annotations

from monopoly_widgets.core.actions import Action

from .helpers import game, names, position, sets, table


def test_a_bank_play_without_a_card_finds_it_by_name():
    """Rulebook, Playing Cards: bank a money card, named only by the id."""
    g = game(position(hands=[["$1M", "$5M"], []]))
    g.rules.apply(g.state, Action("bank:$5M", "Bank $5M", 0, "bank"))
    assert names(g, 0, "banks") == ["$5M"]
    assert names(g, 0, "hands") == ["$1M"]


def test_a_wild_move_without_a_card_finds_it_by_name():
    """Rulebook, Property Wild Cards: flip a wild, named only by the id."""
    g = game(position(hands=[["$1M"], []], properties=[table(("Red", ["Red/Yellow wild"])), []]))
    move = Action("wild:Red:Red/Yellow wild:Yellow", "Move", 0, "move_wild")
    g.rules.apply(g.state, move)
    assert sets(g, 0) == [("Yellow", ["Red/Yellow wild"])]
