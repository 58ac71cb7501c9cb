"""Every bad input listed in issue 13, one test each (for every game where it applies).

Each test names the field or argument in the error, checks the allowed values are
stated, and that nothing changed.
"""

from __future__ import annotations

import json
import time

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.options import RuleOption
from monopoly_widgets.core.validation import MAX_JSON_DEPTH
from tests.input.helpers import MARK, assert_short, played, snapshot
from tests.widgets.helpers import game_names

DEEP = "[" * 1000 + "]" * 1000


# --- deeply nested JSON -------------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
def test_deeply_nested_json_is_a_clear_error_not_a_recursion_error(name: str) -> None:
    with pytest.raises(mw.SavedGameError) as saved:
        mw.load_game(DEEP)
    assert f"nested deeper than the limit of {MAX_JSON_DEPTH}" in assert_short(saved.value)
    with pytest.raises(mw.PositionError) as position:
        mw.from_position(name, DEEP)
    assert position.value.field in ("position", "position[0]")  # parser or our depth check
    assert "nested deeper" in assert_short(position.value)
    # Nested within Python's recursion limit but past ours, inside a real field.
    nested = '{"players": 2, "hands": ' + "[" * 200 + "]" * 200 + "}"
    with pytest.raises(mw.PositionError) as inner:
        mw.from_position(name, nested)
    assert inner.value.field == "position.hands"
    assert "nested deeper" in assert_short(inner.value)


# --- the game owns its data ------------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
def test_editing_the_callers_position_afterwards_changes_nothing(name: str) -> None:
    position = played(name).position()
    game = mw.from_position(name, position)
    game.apply(game.legal_actions()[0])
    saved = game.to_json()
    for value in position.values():  # scribble over every list the caller still holds
        if isinstance(value, list):
            value.append(["Boardwalk"])
            for item in value:
                if isinstance(item, list):
                    item.append("Boardwalk")
    position["players"] = 9
    assert game.to_json() == saved
    assert mw.load_game(game.to_json()).to_json() == saved
    # ... and the position kept in the save cannot be edited through to_dict either.
    from monopoly_widgets.core.serialization import game_to_dict

    game_to_dict(game)["position"]["players"] = 9
    assert game.to_json() == saved


def test_deal_property_list_edited_after_a_move_does_not_break_saving() -> None:
    game = played("deal", seed=3)
    position = game.position()
    copy = mw.from_position("deal", position)
    copy.apply(copy.legal_actions()[0])
    position["properties"][0].append({"colour": "Red", "cards": ["Kentucky Avenue"]})
    reloaded = mw.load_game(copy.to_json())
    assert reloaded.to_json() == copy.to_json()


def test_card_game_set_values_edited_after_the_game_do_not_change_its_scores() -> None:
    set_values = dict(mw.core.get_rules("cardgame").options["set_values"].default)
    game = played("cardgame", seed=2, steps=400)
    game = mw.new_game("cardgame", 2, seed=2, options={"set_values": set_values})
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    saved = game.to_json()
    set_values["Red"] = 51
    set_values["Yellow"] = 399
    assert game.to_json() == saved
    assert game.options["set_values"]["Red"] != 51
    assert mw.load_game(saved).to_json() == saved


@pytest.mark.parametrize("name", game_names())
def test_default_options_are_not_shared_between_games(name: str) -> None:
    first = mw.new_game(name, 2, seed=1)
    second = mw.new_game(name, 2, seed=1)
    for key, value in first.options.items():
        if isinstance(value, (dict, list)):
            assert value is not second.options[key], key
            assert value is not mw.core.get_rules(name).options[key].default


def test_a_rule_option_with_a_wrong_default_fails_where_it_is_defined() -> None:
    """Defaults are checked once, when the option is made, not each time a game is made
    (``resolve_options`` shares a str/int/bool default and copies a dict or list one)."""
    with pytest.raises(OptionError, match="must be one of"):
        RuleOption("colour", "purple", "doc", "source", choices=("red", "green"))
    with pytest.raises(OptionError, match="whole number"):
        RuleOption("turns", "ten", "doc", "source", kind=int)


# --- wrong types ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("options", ["abc", 5, [("max_turns", 5)], b"x", 1.5])
def test_options_that_are_not_a_dict_are_an_option_error(name: str, options: object) -> None:
    with pytest.raises(mw.OptionError) as info:
        mw.new_game(name, 2, seed=1, options=options)  # type: ignore[arg-type]
    text = assert_short(info.value)
    assert "options must be a dict of option name to value" in text


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize(
    ("call", "argument"),
    [
        ("undo", "1"),
        ("undo", True),
        ("undo", 1.0),
        ("undo", -1),
        ("undo", 999),
        ("go_back_to", None),
        ("go_back_to", "3"),
        ("go_back_to", -1),
        ("go_back_to", 999),
        ("state_at", "3"),
        ("observation", 99),
        ("observation", -1),
        ("observation", "0"),
        ("observation", True),
        ("render", 7),
    ],
)
def test_wrong_arguments_are_an_input_error_and_change_nothing(
    name: str, call: str, argument: object
) -> None:
    game = played(name)
    before = snapshot(game)
    with pytest.raises(mw.InputError) as info:
        getattr(game, call)(argument)
    text = assert_short(info.value)
    assert call in text
    assert "from 0 to" in text  # the allowed values
    assert snapshot(game) == before


@pytest.mark.parametrize("name", game_names())
def test_good_arguments_still_work(name: str) -> None:
    game = played(name)
    step = game.step
    assert game.observation(None)["game"] == name
    assert game.observation(1)["viewer"] == 1
    game.undo(2)
    assert game.step == step - 2
    game.go_back_to(0)
    assert game.step == 0


# --- silently accepted nonsense ------------------------------------------------------------
@pytest.mark.parametrize("max_turns", [0, -1, True, "3"])
def test_deal_max_turns_must_be_a_whole_number_of_one_or_more(max_turns: object) -> None:
    with pytest.raises(mw.OptionError) as info:
        mw.new_game("deal", 2, seed=1, options={"max_turns": max_turns})
    text = assert_short(info.value)
    assert "'max_turns'" in text


@pytest.mark.parametrize(("stage", "paid"), [("pay", 99), ("pay", 5), ("respond", 2)])
def test_deal_pending_debt_cannot_be_paid_past_its_amount(stage: str, paid: int) -> None:
    position = mw.new_game("deal", 2, seed=1).position()
    del position["phase"]
    turn = position["turn_player"]
    position["pending"] = {
        "kind": "debt",
        "from": turn,
        "targets": [1 - turn],
        "amount": 5,
        "paid": paid,
        "stage": stage,
    }
    with pytest.raises(mw.PositionError) as info:
        mw.from_position("deal", position)
    assert info.value.field == "pending.paid"
    position["pending"]["paid"] = 0
    mw.from_position("deal", position)  # the same debt, nothing paid yet: accepted


@pytest.mark.parametrize("name", game_names())
def test_saved_game_with_extra_keys_is_refused(name: str) -> None:
    data = json.loads(played(name).to_json())
    data["cheat"] = {"money": 10**6}
    with pytest.raises(mw.SavedGameError) as info:
        mw.load_game(data)
    assert info.value.field == "'cheat'"
    assert "the fields are" in assert_short(info.value)


@pytest.mark.parametrize("name", game_names())
def test_saved_game_with_options_as_pairs_is_refused(name: str) -> None:
    data = json.loads(played(name).to_json())
    data["options"] = [["max_turns", 5]]
    with pytest.raises(mw.SavedGameError) as info:
        mw.load_game(json.dumps(data))
    assert info.value.field == "options"


# --- huge input is never echoed -------------------------------------------------------------------
@pytest.mark.parametrize("name", game_names())
def test_a_megabyte_action_id_gets_a_short_error(name: str) -> None:
    game = played(name)
    before = snapshot(game)
    with pytest.raises(mw.IllegalActionError) as info:
        game.apply(MARK * 1_000_000)
    assert len(assert_short(info.value)) < 200
    assert snapshot(game) == before


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("size", [900, 4_000_000, 5_000_000])
def test_a_huge_action_id_in_a_saved_game_gets_a_short_error(name: str, size: int) -> None:
    data = json.loads(played(name).to_json())
    data["actions"].append(MARK * size)
    with pytest.raises(mw.SavedGameError) as info:
        mw.load_game(json.dumps(data))
    assert len(assert_short(info.value)) < 400


@pytest.mark.parametrize("name", game_names())
def test_a_ten_megabyte_card_name_is_refused_at_once(name: str) -> None:
    position = played(name).position()
    hand_key = "hands"
    position[hand_key][0] = [MARK * 10_000_000]
    start = time.perf_counter()
    with pytest.raises(mw.PositionError) as info:
        mw.from_position(name, position)
    assert time.perf_counter() - start < 2  # not a 7 s close-name search
    assert info.value.field == "position.hands[0][0]"
    assert "the limit is 1,000" in assert_short(info.value)


@pytest.mark.parametrize("name", game_names())
def test_a_long_unknown_card_name_is_quoted_as_an_excerpt(name: str) -> None:
    position = played(name).position()
    position["hands"][0] = [MARK * 900]
    with pytest.raises(mw.PositionError) as info:
        mw.from_position(name, position)
    assert info.value.field == "hands[0][0]"
    assert_short(info.value)


# --- wording --------------------------------------------------------------------------------
def test_deal_too_many_copies_is_correct_english() -> None:
    with pytest.raises(mw.PositionError) as info:
        mw.from_position("deal", {"players": 2, "hands": [["Boardwalk", "Boardwalk"], []]})
    assert str(info.value) == ("hands[0][1]: too many copies of 'Boardwalk': one pack has only 1")


def test_bid_range_without_a_top_says_or_more() -> None:
    position = played("bid").position()
    position["round"] = -2
    with pytest.raises(mw.PositionError) as info:
        mw.from_position("bid", position)
    assert str(info.value) == "round: must be 1 or more, not -2"


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("size", [61, 150, 199, 201])
def test_a_long_unknown_action_id_is_quoted_as_an_excerpt(name: str, size: int) -> None:
    game = played(name)
    before = snapshot(game)
    with pytest.raises(mw.IllegalActionError) as info:
        game.apply("play:" + MARK * size)
    assert_short(info.value)
    assert snapshot(game) == before


def test_only_quotes_of_the_input_are_cut_never_the_rules_own_words() -> None:
    from monopoly_widgets.core.validation import shorten_quotes

    reason = "it is player 1's turn to pay; wilds are moved only on their owner's own turn"
    assert shorten_quotes(reason, "move:" + "x" * 100) == reason
    long_id = "play:" + MARK * 100
    cut = shorten_quotes(f"player 1 holds no '{MARK * 100}' to play", long_id)
    assert MARK * 61 not in cut and cut.startswith("player 1 holds no '") and "…" in cut
