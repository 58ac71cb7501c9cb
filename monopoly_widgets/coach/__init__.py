"""The coach: each legal move's chance of winning, with its uncertainty.

``mw.analyse(game)`` answers "what should I do?" the way the probability panel
answers "what will I draw?": by sampling the cards the player cannot see and
playing each move out many times (see ``coach/analyse.py``).
"""

from monopoly_widgets.coach.analyse import analyse
from monopoly_widgets.coach.information import InformationValue, value_of_information
from monopoly_widgets.coach.result import Analysis, MoveEstimate

__all__ = ["Analysis", "InformationValue", "MoveEstimate", "analyse", "value_of_information"]
