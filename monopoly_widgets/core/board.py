"""Facts of the Monopoly board that all three card games share.

The 28 properties, their colour groups and how many make a full group are the
classic board's; each game's own card data (``deal/cards.py``,
``bid/cards.py``, ``cardgame/cards.py``) builds on these. The colours are the
ones the table and the HTML renderings draw cards with.
"""

from __future__ import annotations

#: Colour group -> its properties in board order (the count is the group's size).
BOARD_PROPERTIES: dict[str, tuple[str, ...]] = {
    "Brown": ("Mediterranean Avenue", "Baltic Avenue"),
    "Light Blue": ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"),
    "Pink": ("St. Charles Place", "States Avenue", "Virginia Avenue"),
    "Orange": ("St. James Place", "Tennessee Avenue", "New York Avenue"),
    "Red": ("Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"),
    "Yellow": ("Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens"),
    "Green": ("Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue"),
    "Dark Blue": ("Park Place", "Boardwalk"),
    "Railroad": ("Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"),
    "Utility": ("Electric Company", "Water Works"),
}

#: Colour group -> how many properties make it complete.
GROUP_SIZE: dict[str, int] = {colour: len(names) for colour, names in BOARD_PROPERTIES.items()}

#: Colour group -> "#rrggbb" for drawing cards.
COLOUR_HEX: dict[str, str] = {
    "Brown": "#8b4513",
    "Light Blue": "#8fd3f4",
    "Pink": "#d63384",
    "Orange": "#f28c28",
    "Red": "#d7263d",
    "Yellow": "#f5d000",
    "Green": "#1e8a3c",
    "Dark Blue": "#1f3c88",
    "Railroad": "#222222",
    "Utility": "#9aa5a8",
}
