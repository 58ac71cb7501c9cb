"""Every citation of Monopoly Bid: the rulebook sections and options its events follow.

Every event the engine reports names the rule it follows, so a student can ask
"why did that happen?". The sections are those of the Monopoly Bid rulebook
(``/work/shared/rulebooks/monopoly-bid.txt``); where the rulebook leaves a
choice open, the citation names the rule option instead (``docs/rules/bid.md``
gives its default). Built with :mod:`monopoly_widgets.core.citations`, so the
format is the same in every game; no other module of ``bid/`` writes one.
"""

from __future__ import annotations

from monopoly_widgets.core.citations import option, rulebook

SET_UP = rulebook("Bid", "Set It Up")
MULLIGAN = rulebook("Bid", "Set It Up", "Note: no money cards? discard and draw five new cards")
HOSTING = rulebook("Bid", "Hosting an Auction")
TO_AUCTION = rulebook("Bid", "To Auction")
NEXT_HOST = rulebook("Bid", "To Auction", "the player to your left hosts next")
TIE = rulebook("Bid", "Was There a Tie?")
NO_BID = rulebook("Bid", "No One Wants to Bid?")
WILD = rulebook("Bid", "Action Cards: Wild!")
DRAW_TWO = rulebook("Bid", "Action Cards: Draw 2!")
STEAL = rulebook("Bid", "Action Cards: Steal!")
NOPE = rulebook("Bid", "Action Cards: Nope!")
RESHUFFLE = rulebook("Bid", "Tips", "if the draw pile runs out, shuffle the discard pile")
HOW_TO_WIN = rulebook("Bid", "How to Win") + ' and "The End of the Game"'
TRADE = rulebook(
    "Bid",
    "Tips",
    '"You may make deals with other players to trade properties at any time." '
    "(option trade_offers)",
)
DEALS = rulebook(
    "Bid",
    "Tips",
    '"You may make deals with other players to trade properties at any time." '
    "(option trade_offers = 'anyone': a deal window before each auction)",
)

#: Where a rule option decides (the rulebook is silent, or we bound what it leaves open).
#: Each is named after its option.
MAX_MULLIGANS = option("max_mulligans")
TIE_RAISE_ROUNDS = option("tie_raise_rounds")
TIE_RAISE_SEALED = option("tie_raise_sealed")
MAX_ROUNDS = option("max_rounds")
