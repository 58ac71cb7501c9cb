"""Positions (bad ones name the field), illegal actions (with reasons), options, round trips."""

from __future__ import annotations

import json

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.citations import CITATION
from monopoly_widgets.core.rng import make_rng

from .helpers import YELLOW, game, ids, position


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": 7}, "players"),
        ({"hands": [["Park Lane"], [], [], []]}, "hands[0][0]"),
        ({"hands": [["Boardwalk", "Boardwalk"], [], [], []]}, "hands[0][1]"),
        ({"hands": [[], []]}, "hands"),
        ({"phase": "bidding"}, "phase"),
        ({"phase": "discard"}, "done_this_turn"),
        ({"to_play": 4}, "to_play"),
        ({"scores": [0, -5, 0, 0]}, "scores"),
        ({"colour": "red"}, "colour"),
        ({"last_hand": [1, 2]}, "last_hand"),
        ({"phase": "reward"}, "went_out"),
        ({"chance_roles": ["Boardwalk"]}, "went_out"),
        ({"phase": "pass", "done_this_turn": "trade"}, "phase"),
        ({"trade_piles": [["Hotel"] * 3, [], [], []]}, "trade_piles[0][2]"),
        ({"draw_pile": ["GO"], "out_of_play": []}, "out_of_play"),
        ({"phase": "over"}, "result"),
    ],
)
def test_bad_positions_name_the_field(change: dict, field: str) -> None:
    """Standards: a malformed position raises PositionError naming the field."""
    pos = position(hands=[YELLOW])
    pos.update(change)
    with pytest.raises(mw.PositionError) as info:
        mw.from_position("cardgame", pos)
    assert info.value.field == field


def test_empty_draw_pile_position_with_end_hand() -> None:
    """Option empty_draw_pile "end_hand": a turn cannot begin with an empty draw pile."""
    pos = position(hands=[YELLOW], draw_pile=[])
    with pytest.raises(mw.PositionError, match="draw_pile"):
        mw.from_position("cardgame", pos, options={"empty_draw_pile": "end_hand"})


def test_five_players_have_no_draw_pile() -> None:
    """Rule: rulebook "Rules for Five or Six Players": there will be no draw pile."""
    pos = position(players=5, hands=[YELLOW], draw_pile=["GO"])
    with pytest.raises(mw.PositionError, match="draw_pile"):
        mw.from_position("cardgame", pos)


def test_bad_options_are_refused() -> None:
    """Options set_values ($50..$400), house_split (adds to 14), railroad_values."""
    for options in (
        {"set_values": {"Yellow": 300}},
        {"house_split": [4, 4, 4, 4]},
        {"railroad_values": [100, 200]},
        {"target": -1},
        {"max_hands": 0},
    ):
        with pytest.raises(mw.OptionError):
            mw.new_game("cardgame", players=3, seed=1, options=options)


def test_house_split_option_changes_the_deck() -> None:
    """Option house_split (ASSUMPTION): how the 14 House cards split between 1st..4th."""
    g = mw.new_game("cardgame", players=4, seed=2, options={"house_split": [5, 4, 3, 2]})
    names = [g.state.name(c) for c in range(60)]
    assert names.count("1st House") == 5 and names.count("4th House") == 2


@pytest.mark.parametrize(
    ("setup", "action", "reason"),
    [
        ({}, "discard:GO", "not possible in the 'turn' phase"),
        ({"phase": "discard", "done_this_turn": "draw"}, "draw", "not possible"),
        ({}, "trade:1:3", "your trade pile is empty"),
        ({}, "add:Boardwalk", "has no Boardwalk"),
        ({}, "excess:GO", "more than 10 cards"),
        ({}, "pass:GO", "not possible in the 'turn' phase"),
        ({}, "fly", "not an action"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(setup: dict, action: str, reason: str) -> None:
    """Standards: an illegal action raises IllegalActionError with the reason."""
    g = game(hands=[YELLOW[:2] + ["GO"]], **setup)
    before = g.position()
    with pytest.raises(mw.IllegalActionError, match=reason):
        g.apply(action)
    assert g.position() == before


def test_position_round_trip_mid_decision() -> None:
    """Positions round-trip in every phase: reward, discard, pass (with hidden passes)."""
    cases = [
        game(hands=[YELLOW[:2] + ["Chance"]], draw_pile=["GO", "Marvin Gardens"]),
        game(hands=[YELLOW], draw_pile=["GO", "Token"]),
        mw.new_game("cardgame", players=6, seed=3),
    ]
    for g in cases:
        rng = make_rng(1, "rt")
        for _ in range(30):
            if g.is_over:
                break
            pos = g.position()
            json.dumps(pos)
            again = mw.from_position("cardgame", pos, options=g.options)
            assert again.position() == pos
            assert ids(again) == ids(g)
            g.apply(RandomAgent()(None, g.legal_actions(), rng))


def test_observation_hides_other_hands_and_lists_unseen() -> None:
    """Observation: hidden hands as counts; "unseen" is the draw pile plus hidden hands."""
    g = mw.new_game("cardgame", players=3, seed=8)
    obs = g.observation(0)
    assert obs["seats"][1]["hand"] is None and obs["seats"][1]["hand_count"] == 10
    assert obs["seats"][0]["hand"] is not None
    assert sum(obs["unseen"].values()) == obs["draw_pile"] + 20
    assert obs["target"] == 10000 and obs["hand_number"] == 1
    assert len(obs["extra_piles"]) == 1 and obs["extra_piles"][0]["label"] == 4
    metrics = g.metrics()
    assert metrics["money"] == [0, 0, 0]
    assert len(metrics["properties"]) == 3 and len(metrics["sets"]) == 3


def test_every_event_has_words_and_a_rule() -> None:
    """Standards: every event is plain words plus the rulebook section or option it follows."""
    from monopoly_widgets.agents import HeuristicAgent, play_out

    for players in (3, 5):
        g = mw.new_game("cardgame", players=players, seed=12)
        play_out(g, [HeuristicAgent()] * players, seed=12)
        assert g.is_over
        for event in g.events:
            assert event.text.strip() and event.rule.strip(), event
            assert CITATION.match(event.rule), event.rule
