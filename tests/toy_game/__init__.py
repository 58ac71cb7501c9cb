"""A toy fourth game, registered only by a test: proof that a game plugs in by its descriptor.

"Bank to thirty": a 24-card deck (values 1 to 6, four times); two cards each; on a turn
a player draws a card or banks one from the hand; the first bank worth 30 wins, and when
every card is banked the richest bank wins (a tie is a draw). Nothing outside
``tests/toy_game/`` names it: ``tests/test_a_fourth_game.py`` imports ``descriptor``,
which registers it, and every layer finds it through the registry.
"""
