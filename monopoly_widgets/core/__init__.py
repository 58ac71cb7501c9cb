"""The shared core: the game protocol, actions and events, seeded RNG, the
timeline, rule options and saving/loading. Nothing here knows any game's rules."""

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.errors import (
    IllegalActionError,
    InputError,
    MessageError,
    MonopolyWidgetsError,
    OptionError,
    PositionError,
    SavedGameError,
)
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.options import RuleOption, resolve_options
from monopoly_widgets.core.registry import available_games, get_rules
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.core.serialization import from_position, load_game, new_game

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalActionError",
    "InputError",
    "MessageError",
    "MonopolyWidgetsError",
    "OptionError",
    "PositionError",
    "Rules",
    "RuleOption",
    "SavedGameError",
    "available_games",
    "from_position",
    "get_rules",
    "load_game",
    "new_game",
    "resolve_options",
]
