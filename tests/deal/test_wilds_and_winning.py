"""Wild cards (rulebook "Property Wild Cards", RULES-NOTES) and winning ("How to Win")."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.deal.rulebook import RULE_WIN

from .helpers import game, ids, position, sets, table


def test_wild_laid_as_chosen_colour_and_moved_for_free_on_own_turn():
    """Rule: rulebook Wild Property Cards: choose a colour; flip it any time on your turn
    (no play used, RULES-NOTES)."""
    g = game(position(hands=[["Red/Yellow wild"], []]))
    assert {"lay:Red/Yellow wild:Red", "lay:Red/Yellow wild:Yellow"} <= set(ids(g))
    g.apply("lay:Red/Yellow wild:Red")
    assert "wild:Red:Red/Yellow wild:Yellow" in ids(g)
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    assert sets(g, 0) == [("Yellow", ["Red/Yellow wild"])]
    assert g.observation()["plays_left"] == 2


def test_multicolour_wild_can_be_laid_as_any_colour():
    """Rule: rulebook Property Wild Cards: multicolour wilds "can be used as properties of any
    color"."""
    g = game(position(hands=[["Multicolour wild"], []]))
    assert len([i for i in ids(g) if i.startswith("lay:Multicolour wild:")]) == 10
    g.apply("lay:Multicolour wild:Railroad")
    assert sets(g, 0) == [("Railroad", ["Multicolour wild"])]


def test_wilds_move_only_on_owners_turn():
    """Rule: RULES-NOTES Wild property cards: moving is allowed only on its owner's turn."""
    g = game(position(hands=[[], []], properties=[[], table(("Red", ["Red/Yellow wild"]))]))
    assert not any(i.startswith("wild:") for i in ids(g))
    g.apply("end_turn")
    assert "wild:Red:Red/Yellow wild:Yellow" in ids(g)


def test_wilds_cannot_move_during_a_payment():
    """Rule: leaflet: you can only reorganize your property collection on your turn."""
    g = game(
        position(
            hands=[["Debt Collector"], []],
            banks=[[], ["$1M"]],
            properties=[[], table(("Red", ["Red/Yellow wild"]))],
        )
    )
    g.apply("debt:1")
    with pytest.raises(mw.IllegalActionError, match="on their owner's own turn"):
        g.apply("wild:Red:Red/Yellow wild:Yellow")


def test_all_wild_set_is_not_complete_and_collects_no_rent():
    """Rule: RULES-NOTES Wild property cards: a set made only of wilds is not complete."""
    g = game(
        position(
            hands=[["Pink/Orange rent", "House"], []],
            properties=[
                table(("Pink", ["Pink/Orange wild", "Pink/Orange wild", "Multicolour wild"])),
                [],
            ],
        )
    )
    seat = g.observation()["seats"][0]
    assert seat["sets"][0]["complete"] is False and seat["sets"][0]["rent"] == 0
    assert seat["complete_sets"] == 0
    assert not any(i.startswith("rent") or i.startswith("house") for i in ids(g))


def test_natural_card_completes_an_all_wild_set():
    """Rule: RULES-NOTES: a wild counts as its colour; one real card makes the set complete."""
    g = game(
        position(
            hands=[["Virginia Avenue"], []],
            properties=[
                table(("Pink", ["Pink/Orange wild", "Pink/Orange wild", "Multicolour wild"])),
                [],
            ],
        )
    )
    g.apply("lay:Virginia Avenue")
    piles = g.observation()["seats"][0]["sets"]
    assert [p["complete"] for p in piles] == [True, False]
    assert piles[0]["cards"][0]["name"] == "Virginia Avenue"


def test_orphaned_wild_stays_on_the_table_after_a_steal():
    """Rule: RULES-NOTES: watch for wilds orphaned after a steal: the wild stays, incomplete."""
    g = game(
        position(
            hands=[["Sly Deal"], []],
            properties=[[], table(("Green", ["Pacific Avenue", "Dark Blue/Green wild"]))],
        )
    )
    g.apply("sly:1:Green:Pacific Avenue")
    assert sets(g, 1) == [("Green", ["Dark Blue/Green wild"])]
    sly_targets = [i for i in ids(g) if i.startswith("sly")]
    assert sly_targets == []  # the Sly Deal was used
    assert g.observation()["seats"][1]["sets"][0]["rent"] == 0


def test_wild_can_be_stolen_keeping_its_colour():
    """Rule: RULES-NOTES: wilds can be stolen when not part of a full set; it keeps its colour."""
    g = game(
        position(
            hands=[["Sly Deal"], []],
            properties=[[], table(("Green", ["Dark Blue/Green wild"]))],
        )
    )
    g.apply("sly:1:Green:Dark Blue/Green wild")
    assert sets(g, 0) == [("Green", ["Dark Blue/Green wild"])]


def test_multicolour_wild_moves_to_own_sets_by_default():
    """Option: multicolour_wild_moves_to = "own_sets" (rulebook: swap "among different sets")."""
    pos = position(
        properties=[
            table(("Red", ["Kentucky Avenue", "Multicolour wild"]), ("Green", ["Pacific Avenue"])),
            [],
        ]
    )
    g = game(pos)
    assert [i for i in ids(g) if i.startswith("wild")] == ["wild:Red:Multicolour wild:Green"]
    wide = game(pos, multicolour_wild_moves_to="any_colour")
    assert len([i for i in ids(wide) if i.startswith("wild")]) == 9


def test_multicolour_wild_is_offered_each_owned_colour_once():
    """Option: multicolour_wild_moves_to = "own_sets": two Green sets are one colour to move to,
    and the wild's own colour is not a move (rulebook: Property Wild Cards)."""
    greens = ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue"]
    pos = position(
        properties=[
            table(
                ("Red", ["Kentucky Avenue", "Multicolour wild"]),
                ("Red", ["Indiana Avenue", "Illinois Avenue", "Red/Yellow wild"]),
                ("Green", greens),
                ("Green", ["Dark Blue/Green wild"]),
                ("Dark Blue", ["Boardwalk"]),
            ),
            [],
        ]
    )
    moves = [i for i in ids(game(pos)) if i.startswith("wild") and "Multicolour" in i]
    assert sorted(moves) == [
        "wild:Red 2:Multicolour wild:Dark Blue",
        "wild:Red 2:Multicolour wild:Green",
    ]


def test_moving_a_wild_out_breaks_the_set_and_drops_buildings():
    """Option: broken_set_buildings_to = "bank" when a wild move breaks a built set."""
    g = game(
        position(
            properties=[
                table(
                    ("Red", ["Kentucky Avenue", "Indiana Avenue", "Red/Yellow wild"], True, False)
                ),
                [],
            ]
        )
    )
    g.apply("wild:Red:Red/Yellow wild:Yellow")
    assert g.position()["banks"][0] == ["House"]
    assert sets(g, 0) == [
        ("Red", ["Kentucky Avenue", "Indiana Avenue"]),
        ("Yellow", ["Red/Yellow wild"]),
    ]


def test_three_sets_of_different_colours_win():
    """Rule: rulebook How to Win: 3 complete sets in different colours."""
    g = game(
        position(
            hands=[["Water Works"], []],
            properties=[
                table(
                    ("Brown", ["Mediterranean Avenue", "Baltic Avenue"]),
                    ("Dark Blue", ["Park Place", "Boardwalk"]),
                    ("Utility", ["Electric Company"]),
                ),
                [],
            ],
        )
    )
    g.apply("lay:Water Works")
    assert g.is_over and g.winner == 0
    assert g.events[-1].rule == RULE_WIN


def test_moving_a_wild_that_completes_a_third_set_wins():
    """Rule: rulebook How to Win, with Property Wild Cards ("flip the card ... any time on
    your turn"): a free wild move that completes the third colour wins at once."""
    g = game(
        position(
            hands=[["$1M"], []],
            properties=[
                table(
                    ("Brown", ["Mediterranean Avenue", "Baltic Avenue"]),
                    ("Dark Blue", ["Park Place", "Boardwalk"]),
                    ("Red", ["Kentucky Avenue", "Indiana Avenue"]),
                    ("Yellow", ["Red/Yellow wild"]),
                ),
                [],
            ],
        )
    )
    assert not g.is_over
    g.apply("wild:Yellow:Red/Yellow wild:Red")
    assert g.is_over and g.winner == 0
    assert g.events[-1].rule == RULE_WIN


def test_moving_a_wild_that_completes_no_set_does_not_win():
    """Rule: rulebook How to Win: two complete sets and a wild moved into an unfinished pile
    is no win; the game goes on."""
    g = game(
        position(
            hands=[["$1M"], []],
            properties=[
                table(
                    ("Brown", ["Mediterranean Avenue", "Baltic Avenue"]),
                    ("Dark Blue", ["Park Place", "Boardwalk"]),
                    ("Red", ["Kentucky Avenue"]),
                    ("Yellow", ["Red/Yellow wild"]),
                ),
                [],
            ],
        )
    )
    g.apply("wild:Yellow:Red/Yellow wild:Red")
    assert not g.is_over and g.winner is None


def test_three_sets_of_the_same_colour_do_not_win():
    """Rule: rulebook Playing Cards: "you cannot win by collecting 2 red sets and 1 blue set"."""
    g = game(
        position(
            players=6,
            hands=[["Boardwalk"]] + [[]] * 5,
            properties=[
                table(
                    ("Red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]),
                    ("Red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]),
                    ("Dark Blue", ["Park Place"]),
                )
            ]
            + [[]] * 5,
        )
    )
    g.apply("lay:Boardwalk")
    assert not g.is_over
    assert g.observation()["seats"][0]["complete_sets"] == 2


def _third_set_for_player_1() -> dict:
    """On player 0's turn, a Forced Deal hands player 1 the card that completes their third set."""
    return position(
        hands=[["Forced Deal"], []],
        draw_pile=["$1M", "$2M", "$3M"],
        properties=[
            table(("Utility", ["Water Works"])),
            table(
                ("Brown", ["Mediterranean Avenue", "Baltic Avenue"]),
                ("Dark Blue", ["Park Place", "Boardwalk"]),
                ("Utility", ["Electric Company"]),
                ("Green", ["Pacific Avenue"]),
            ),
        ],
    )


def test_win_on_someone_elses_turn_is_immediate_by_default():
    """Rule: rulebook The End of the Game: the game ends when one player collects 3 sets.
    Option: win_declared_on_own_turn = False (default)."""
    g = game(_third_set_for_player_1())
    g.apply("forced:1:Green:Pacific Avenue:Utility:Water Works")
    assert g.is_over and g.winner == 1


def test_win_declared_on_own_turn_option():
    """Option: win_declared_on_own_turn = True (leaflet: "If you realize you've won during
    someone else's turn, you must wait until it's your turn to say it!")."""
    g = game(_third_set_for_player_1(), win_declared_on_own_turn=True)
    g.apply("forced:1:Green:Pacific Avenue:Utility:Water Works")
    assert not g.is_over
    assert g.observation()["seats"][1]["complete_sets"] == 3
    g.apply("end_turn")
    assert g.is_over and g.winner == 1
    assert g.events[-1].rule == "option: win_declared_on_own_turn"
