"""Jupyter widgets: the game table, its controls and charts.

``GameExplorer(game, agents=None, perspective=None)`` shows a game with
controls, charts and clickable choices for human seats;
``play("deal", players=3, human=0, seed=1)`` starts one in a line.
"""

from monopoly_widgets.widgets.explorer import GameExplorer, play
from monopoly_widgets.widgets.probability import register_probability
from monopoly_widgets.widgets.table import GameTable

__all__ = ["GameExplorer", "GameTable", "play", "register_probability"]
