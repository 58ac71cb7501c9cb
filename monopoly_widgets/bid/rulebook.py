"""The rulebook sections that Bid events and errors cite.

Every event the engine reports names the rule it follows, so a student can ask
"why did that happen?". These are the section titles of the Monopoly Bid
rulebook (``/work/shared/rulebooks/monopoly-bid.txt``), or a named option.
"""

from __future__ import annotations

SET_UP = 'Bid rulebook: "Set It Up"'
MULLIGAN = 'Bid rulebook: "Set It Up", Note: no money cards? discard and draw five new cards'
HOSTING = 'Bid rulebook: "Hosting an Auction"'
TO_AUCTION = 'Bid rulebook: "To Auction"'
NEXT_HOST = 'Bid rulebook: "To Auction": the player to your left hosts next'
TIE = 'Bid rulebook: "Was There a Tie?"'
NO_BID = 'Bid rulebook: "No One Wants to Bid?"'
ACTION_CARDS = 'Bid rulebook: "Action Cards"'
WILD = 'Bid rulebook: "Action Cards: Wild!"'
DRAW_TWO = 'Bid rulebook: "Action Cards: Draw 2!"'
STEAL = 'Bid rulebook: "Action Cards: Steal!"'
NOPE = 'Bid rulebook: "Action Cards: Nope!"'
RESHUFFLE = 'Bid rulebook: "Tips": if the draw pile runs out, shuffle the discard pile'
HOW_TO_WIN = 'Bid rulebook: "How to Win" and "The End of the Game"'
TRADE = (
    'Bid rulebook: "Tips": "You may make deals with other players to trade properties at any '
    'time." (option trade_offers)'
)
SETS = 'Bid rulebook: "Tips": the number in the corner is the set size'


def option(name: str) -> str:
    """The citation for a behaviour that follows a named rule option."""
    return f"option: {name}"
