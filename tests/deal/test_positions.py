"""Positions: written by hand, checked field by field, and round-tripped at any moment."""

from __future__ import annotations

import json

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.rng import make_rng

from .helpers import game, ids, position, table

EXAMPLE = {
    "players": 2,
    "turn_player": 0,
    "turn": 4,
    "plays_used": 1,
    "hands": [["Sly Deal", "$5M"], ["Just Say No"]],
    "banks": [["$1M"], []],
    "properties": [
        [
            {
                "colour": "Red",
                "cards": ["Kentucky Avenue", "Red/Yellow wild"],
                "house": False,
                "hotel": False,
            }
        ],
        [],
    ],
    "draw_pile": ["Boardwalk", "$2M"],
    "discard_pile": [],
}


def test_documented_example_loads():
    """The example of docs/rules/deal.md loads; unplaced cards go under the named draw pile."""
    g = mw.from_position("deal", EXAMPLE, seed=4)
    pos = g.position()
    assert pos["turn"] == 4 and pos["plays_used"] == 1
    assert pos["draw_pile"][:2] == ["Boardwalk", "$2M"]
    total = sum(len(h) for h in pos["hands"]) + sum(len(b) for b in pos["banks"])
    total += sum(len(p["cards"]) for t in pos["properties"] for p in t)
    assert total + len(pos["draw_pile"]) + len(pos["discard_pile"]) == 106
    assert mw.from_position("deal", pos, seed=4).position() == pos


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"hands": [["Sly Dael"], []]}, "hands[0][0]", "did you mean 'Sly Deal'"),
        ({"hands": [["Boardwalk", "Boardwalk"], []]}, "hands[0][1]", "too many copies"),
        ({"banks": [["Boardwalk"], []]}, "banks[0][0]", "never go in the bank"),
        ({"players": 11}, "players", "between 2 and 10"),
        ({"hands": [[]]}, "hands", "one entry per player"),
        ({"turn_player": 2}, "turn_player", "between 0 and 1"),
        ({"plays_used": 4}, "plays_used", "between 0 and 3"),
        ({"phase": "bidding"}, "phase", "must be one of"),
        ({"colour": 1}, "colour", "not a position field"),
        (
            {"properties": [table(("Red", ["Kentucky Avenue", "Boardwalk"])), []]},
            "properties[0][0].cards[1]",
            "cannot be in a Red set",
        ),
        (
            {"properties": [table(("Red", ["Kentucky Avenue", "Pink/Orange wild"])), []]},
            "properties[0][0].cards[1]",
            "Pink/Orange",
        ),
        (
            {"properties": [table(("Red", ["Kentucky Avenue"], True, False)), []]},
            "properties[0][0].house",
            "only on complete sets",
        ),
        (
            {
                "properties": [
                    table(
                        (
                            "Railroad",
                            [
                                "Reading Railroad",
                                "Pennsylvania Railroad",
                                "B. & O. Railroad",
                                "Short Line Railroad",
                            ],
                            True,
                            False,
                        )
                    ),
                    [],
                ]
            },
            "properties[0][0].house",
            "Railroads or Utilities",
        ),
        (
            {
                "properties": [
                    table(("Brown", ["Mediterranean Avenue", "Baltic Avenue"], False, True)),
                    [],
                ]
            },
            "properties[0][0].hotel",
            "needs a House",
        ),
        (
            {
                "properties": [
                    table(("Brown", ["Mediterranean Avenue", "Baltic Avenue", "Multicolour wild"])),
                    [],
                ]
            },
            "properties[0][0].cards",
            "at most 2",
        ),
        (
            {"properties": [[{"colour": "Redd", "cards": ["Kentucky Avenue"]}], []]},
            "properties[0][0].colour",
            "did you mean 'Red'",
        ),
        (
            {"phase": "play", "pending": {"kind": "debt", "targets": [1], "amount": 5}},
            "pending",
            "must be null",
        ),
        (
            {"pending": {"kind": "rent", "targets": [1], "amount": 2}},
            "pending.colour",
            "unknown colour",
        ),
        (
            {"pending": {"kind": "debt", "targets": [0], "amount": 5}},
            "pending.targets",
            "never targets themselves",
        ),
        ({"phase": "pay"}, "pending", "needs a pending"),
        ({"phase": "discard"}, "phase", "more than 7"),
        ({"unplaced": "box"}, "unplaced", "draw_pile"),
    ],
)
def test_bad_positions_name_the_field(change, field, words):
    """Bad positions raise PositionError naming the field (brief: Standards)."""
    pos = position(**change) if "players" not in change else {**position(), **change}
    with pytest.raises(mw.PositionError) as info:
        mw.from_position("deal", pos)
    assert info.value.field == field
    assert words in str(info.value)


def test_pending_payment_position():
    """A moment in the middle of a payment can be written by hand and continued."""
    pos = position(
        players=3,
        banks=[[], ["$1M", "$3M"], ["$2M"]],
        discard_pile=["It's My Birthday"],
        pending={
            "kind": "birthday",
            "from": 0,
            "cards": ["It's My Birthday"],
            "targets": [1, 2],
            "stage": "pay",
            "amount": 2,
            "paid": 1,
        },
    )
    pos["banks"][0] = ["$1M"]
    g = game(pos)
    assert g.observation()["phase"] == "pay" and g.current_player == 1
    assert ids(g) == ["pay:bank:$1M", "pay:bank:$3M"]
    g.apply("pay:bank:$1M")
    assert g.current_player == 2
    assert json.loads(json.dumps(g.position())) == g.position()


def test_pending_just_say_no_position_round_trip():
    """A Just Say No chain in progress round-trips through position()."""
    g = game(
        position(
            hands=[["Sly Deal", "Just Say No"], ["Just Say No", "Just Say No"]],
            properties=[[], table(("Dark Blue", ["Boardwalk"]))],
        )
    )
    g.apply("sly:1:Dark Blue:Boardwalk")
    g.apply("jsn")
    pos = g.position()
    assert pos["pending"]["just_say_no"] == 1 and pos["pending"]["take"]["card"] == "Boardwalk"
    again = mw.from_position("deal", pos, seed=1)
    assert again.position() == pos and ids(again) == ids(g) == ["jsn", "accept"]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_round_trip_at_every_step(players):
    """position() -> from_position() gives the same position and legal action ids, every step."""
    g = mw.new_game("deal", players=players, seed=17)
    agent, rng = RandomAgent(), make_rng(17, "agent")
    while not g.is_over and g.step < 150:
        pos = g.position()
        again = mw.from_position("deal", pos, options=g.options, seed=g.seed)
        assert again.position() == pos
        assert ids(again) == ids(g)
        g.apply(agent(None, g.legal_actions(), rng))


def test_pile_label_matches_set_labels_for_every_pile():
    """Engine convention "How piles are kept": several piles of one colour are "Red 1",
    "Red 2"; ``pile_label`` (used by the wild moves) names each pile as ``set_labels`` does."""
    from monopoly_widgets.deal.labels import pile_label, set_labels

    g = game(  # six players: two packs, so two Baltic Avenues
        position(
            players=6,
            properties=[
                table(
                    ("Brown", ["Baltic Avenue", "Mediterranean Avenue"]),
                    ("Brown", ["Baltic Avenue", "Light Blue/Brown wild"]),
                    ("Red", ["Kentucky Avenue"]),
                    ("Dark Blue", ["Boardwalk", "Park Place"]),
                    ("Dark Blue", ["Multicolour wild"]),
                ),
                *[[] for _ in range(5)],
            ],
        )
    )
    piles = g.state.tables[0]
    assert set_labels(piles) == ["Brown 1", "Brown 2", "Red", "Dark Blue 1", "Dark Blue 2"]
    assert [pile_label(piles, i) for i in range(len(piles))] == set_labels(piles)
