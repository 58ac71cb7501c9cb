"""The longer positions the lessons set up, by name, so a student reads the table, not a dict.

Short positions stay in the notebooks, where they teach the format (``docs/rules/``);
the long ones live here. Each function returns a new dict that ``mw.from_position``
accepts, so a lesson can change it without changing the next lesson's copy.
"""

from __future__ import annotations

from typing import Any

#: The four Railroads of Monopoly Deal: a complete Railroad set.
DEAL_RAILROADS = [
    "Reading Railroad",
    "B. & O. Railroad",
    "Short Line Railroad",
    "Pennsylvania Railroad",
]
#: The three Reds of Monopoly Deal: a complete Red set.
DEAL_REDS = ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]


def deal_buildings() -> dict[str, Any]:
    """Deal, lesson 01 section 9: complete Red and Railroad sets, a House and a Hotel in hand."""
    return {
        "players": 2,
        "hands": [["House", "Hotel"], []],
        "properties": [
            [
                {"colour": "Red", "cards": list(DEAL_REDS)},
                {"colour": "Railroad", "cards": list(DEAL_RAILROADS)},
            ],
            [],
        ],
    }


def deal_red_hotel_rent() -> dict[str, Any]:
    """Deal, lesson 01 section 9: a complete Red set with a House and a Hotel, and a rent card."""
    return {
        "players": 2,
        "hands": [["Red/Yellow rent"], []],
        "banks": [[], ["$10M", "$5M"]],
        "properties": [
            [{"colour": "Red", "cards": list(DEAL_REDS), "house": True, "hotel": True}],
            [],
        ],
    }


def deal_railroads_and_a_house(house_on_railroads: bool = False) -> dict[str, Any]:
    """Deal, lesson 01 exercise 3: a complete Railroad set, and a House in hand.

    With ``house_on_railroads`` the House is already on the set, a position that
    ``from_position`` refuses (buildings never go on Railroads).
    """
    railroads: dict[str, Any] = {"colour": "Railroad", "cards": list(DEAL_RAILROADS)}
    if house_on_railroads:
        railroads["house"] = True
    return {
        "players": 2,
        "hands": [[] if house_on_railroads else ["House"], []],
        "properties": [[railroads], []],
    }


def bid_boardwalk_auction() -> dict[str, Any]:
    """Bid, lesson 02: round 5, Boardwalk on auction; player 0 owns Park Place."""
    return {
        "players": 3,
        "host": 0,
        "round": 5,
        "phase": "bid",
        "hands": [["$5M", "$3M", "$1M", "Nope!"], ["$4M", "$2M", "$2M"], ["$5M", "$1M"]],
        "properties": [
            [{"colour": "Dark Blue", "cards": ["Park Place"]}],
            [{"colour": "Green", "cards": ["Pacific Avenue", "North Carolina Avenue"]}],
            [],
        ],
        "auction": {"property": "Boardwalk", "bids": [None, None, None]},
    }


def cardgame_when_to_lay_down() -> dict[str, Any]:
    """The Card Game, lesson 03 section 4: player 0 may lay down; player 1 holds a Chance.

    Player 1 holds all three Yellows with two Houses, a Token and a GO, but also a
    lone Red (Kentucky Avenue) and a lone Utility (Water Works), so not every group
    they hold is complete.
    """
    return {
        "players": 2,
        "hand_number": 1,
        "dealer": 1,
        "scores": [0, 0],
        "turn": 1,
        "hand_turns": 0,
        "to_play": 0,
        "phase": "turn",
        "hands": [
            [
                "Park Place",
                "Boardwalk",
                "1st House",
                "Token",
                "GO",
                "Baltic Avenue",
                "Chance",
                "Mr. Monopoly",
                "Mediterranean Avenue",
            ],
            [
                "Atlantic Avenue",
                "Ventnor Avenue",
                "Marvin Gardens",
                "1st House",
                "2nd House",
                "Chance",
                "Token",
                "GO",
                "Kentucky Avenue",
                "Water Works",
            ],
        ],
        "trade_piles": [["Short Line"], ["Illinois Avenue"]],
        "draw_pile": ["Token", "Pacific Avenue", "2nd House", "Hotel", "GO"],
    }
