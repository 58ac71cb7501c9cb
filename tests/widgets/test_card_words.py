"""Cards in words (issue 46): what a screen reader says for each card on the table.

The colour band alone would leave a student who does not see colour (or cannot see
the table) guessing, so every face carries ``says``: its name, what it is with its
colour named, and its value, as ``cards.js`` puts it in the card's label.
"""

from __future__ import annotations

import monopoly_widgets as mw
from monopoly_widgets.widgets.views import deal


def faces(table: dict) -> list[dict]:
    """Every face-up card of a table model (hands, banks, sets, piles)."""
    found = [pile["top"] for pile in table.get("piles", []) if pile.get("top")]
    for seat in table["seats"]:
        for row in seat["rows"]:
            found += row.get("cards", [])
            for group in row.get("groups", []):
                found += group["cards"]
    return found


def test_a_deal_property_reads_with_its_colour_and_value() -> None:
    game = mw.from_position(
        "deal",
        {
            "players": 2,
            "turn_player": 0,
            "hands": [["Boardwalk", "$1M", "Debt Collector"], []],
            "banks": [[], ["$5M"]],
            "properties": [[{"colour": "Red", "cards": ["Kentucky Avenue"]}], []],
        },
    )
    explorer = mw.GameExplorer(game)
    says = {face["name"]: face["says"] for face in faces(explorer.table.table)}
    assert says["Boardwalk"] == "Boardwalk, Dark Blue property, $4M"
    assert says["Kentucky Avenue"] == "Kentucky Avenue, Red property, $3M"
    assert says["$1M"] == "$1M, money"
    assert says["Debt Collector"] == "Debt Collector, action card, $3M"


def test_wilds_and_rents_name_their_colours() -> None:
    wild = {
        "id": 1,
        "name": "Red/Yellow wild",
        "kind": "wild",
        "value": 3,
        "colours": ["Red", "Yellow"],
        "colour": "Yellow",
    }
    assert deal.card_face(wild)["says"] == (
        "Red/Yellow wild, Red or Yellow property wild card, used as Yellow, $3M"
    )
    rent = {
        "id": 2,
        "name": "Rent",
        "kind": "rent",
        "value": 3,
        "colours": ["Brown", "Light Blue", "Pink", "Orange", "Red"],
        "colour": None,
    }
    assert deal.card_face(rent)["says"] == "Rent, any colour rent card, $3M"


def test_every_card_of_every_game_says_its_name_and_more() -> None:
    """Whole games of each: no face is read as its bare name, or without a colour named
    when it is a property."""
    for name in ("deal", "bid", "cardgame"):
        game = mw.new_game(name, players=3, seed=4)
        seen = 0
        for _ in range(25):
            explorer_table = mw.GameExplorer(game).table.table
            for face in faces(explorer_table):
                seen += 1
                assert face["says"].startswith(face["name"] + ", "), (name, face)
                if face["kind"] == "property":
                    assert " property" in face["says"], (name, face)
            if game.is_over:
                break
            game.apply(game.legal_actions()[0])
        assert seen > 20, name
