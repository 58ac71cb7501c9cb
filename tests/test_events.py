"""``Event``: a text given as a format string and its values reads, compares, prints and
saves exactly like the finished words (the engines word their commonest events only when
they are first read, see ``core/actions.py``)."""

from __future__ import annotations

import json

from monopoly_widgets.core.actions import Event

RULE = 'Deal rulebook: "On Your Turn"'


def test_a_text_given_as_a_format_string_reads_as_the_finished_words():
    later = Event(("Turn {}: player {} draws {} cards.", 3, 1, 2), RULE, 1, "draw", {"cards": 2})
    now = Event("Turn 3: player 1 draws 2 cards.", RULE, 1, "draw", {"cards": 2})
    assert later == now and now == later
    assert repr(later) == repr(now)
    assert later.to_dict() == now.to_dict()
    assert json.dumps(later.to_dict()) == json.dumps(now.to_dict())
    assert later.text == "Turn 3: player 1 draws 2 cards." and later.text is later.text


def test_events_differ_when_any_field_differs():
    base = Event(("Player {} ends their turn.", 0), RULE, 0, "end_turn")
    assert base != Event("Player 1 ends their turn.", RULE, 0, "end_turn")
    assert base != Event("Player 0 ends their turn.", "option: x", 0, "end_turn")
    assert base != Event("Player 0 ends their turn.", RULE, 1, "end_turn")
    assert base != Event("Player 0 ends their turn.", RULE, 0, "info")
    assert base != Event("Player 0 ends their turn.", RULE, 0, "end_turn", {"a": 1})
    assert base != "Player 0 ends their turn."


def test_an_event_without_facts_has_an_empty_data_dict():
    event = Event("Nobody scores this hand.", RULE)
    assert event.data == {} and event.player is None and event.kind == "info"
    assert event.data is event.data  # made once, when first read
    assert event.to_dict() == {
        "text": "Nobody scores this hand.",
        "rule": RULE,
        "player": None,
        "kind": "info",
        "data": {},
    }
