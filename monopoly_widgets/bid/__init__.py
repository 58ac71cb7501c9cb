"""Monopoly Bid: sealed-bid property auctions, action cards and Nope! chains.

Start a game with ``monopoly_widgets.new_game("bid", players=3, seed=1)``. The
rules and every option are in ``docs/rules/bid.md``; the position format is in
``position.py``; what a player sees is in ``observation.py``.
"""

from monopoly_widgets.bid.cards import COLOUR_HEX, COLOURS, PROPERTIES
from monopoly_widgets.bid.rules import BidRules

__all__ = ["BidRules", "COLOURS", "COLOUR_HEX", "PROPERTIES"]
