"""Monopoly Deal: a faithful rules engine (see ``rules.py`` for where each rule lives)."""

from monopoly_widgets.deal.cards import CARDS, COLOUR_HEX, COLOURS
from monopoly_widgets.deal.options import OPTIONS
from monopoly_widgets.deal.rules import DealRules

__all__ = ["CARDS", "COLOURS", "COLOUR_HEX", "OPTIONS", "DealRules"]
