"""Monopoly: The Card Game (1999, rummy-style, 2 to 6 players): cards, rules, scoring.

``CardGameRules`` is the engine behind ``new_game("cardgame")``;
``score_hand`` scores one hand with the best use of Chance, Houses and Tokens.
The rules, options and position format are documented in ``docs/rules/cardgame.md``.
"""

from monopoly_widgets.cardgame.scoring import HandScore, score_hand

__all__ = ["HandScore", "score_hand"]
