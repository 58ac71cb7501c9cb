"""monopoly_widgets: Jupyter teaching widgets for three Monopoly card games.

The teacher-facing API::

    import monopoly_widgets as mw
    game = mw.new_game("deal", players=3, seed=1)
    game.legal_actions()          # each action has .id and .text
    game.apply(action_or_id)      # IllegalActionError says why, if not legal
    game.undo()
    game.events[-1].text, game.events[-1].rule
    mw.load_game(game.to_json())
    mw.from_position("deal", {...})

See README.md for a tour and ``docs/`` for the rules of each game.
"""

import importlib as _importlib

from monopoly_widgets import (
    agents,
    league,  # the package, callable: mw.league(...) plays a league
)
from monopoly_widgets.core import (
    Action,
    Event,
    Game,
    IllegalActionError,
    InputError,
    MessageError,
    MonopolyWidgetsError,
    OptionError,
    PositionError,
    SavedGameError,
    available_games,
    from_position,
    load_game,
    new_game,
)

__version__ = "0.1.0"

# The widgets and the simulation tools import Plotly, pandas and Jupyter
# packages. A worker process that only plays games should not pay for that, so
# these names are imported the first time they are used.
_LAZY = {
    "GameExplorer": "monopoly_widgets.widgets",
    "play": "monopoly_widgets.widgets",
    "simulate": "monopoly_widgets.sim",
    "summarize": "monopoly_widgets.sim",
    "compare_options": "monopoly_widgets.sim",
    "estimate_win_probability": "monopoly_widgets.sim",
    "monte_carlo_convergence": "monopoly_widgets.sim",
    "analyse": "monopoly_widgets.coach",
    "serve": "monopoly_widgets.server",
    "join": "monopoly_widgets.server",
}
#: Sub-packages reachable as ``mw.prob``, ``mw.sim``, ``mw.lessons`` without importing them first.
_LAZY_MODULES = ("prob", "sim", "lessons", "widgets", "coach", "classroom")


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(_importlib.import_module(_LAZY[name]), name)
    if name in _LAZY_MODULES:
        return _importlib.import_module(f"monopoly_widgets.{name}")
    raise AttributeError(f"module 'monopoly_widgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names only (what ``dir(mw)`` and tab completion show)."""
    return sorted([*__all__, "__version__"])


__all__ = [
    "agents",
    "analyse",
    "coach",
    "Action",
    "Event",
    "Game",
    "IllegalActionError",
    "InputError",
    "MessageError",
    "MonopolyWidgetsError",
    "OptionError",
    "PositionError",
    "SavedGameError",
    "available_games",
    "from_position",
    "load_game",
    "new_game",
    "league",
    *_LAZY,
    *_LAZY_MODULES,
]
