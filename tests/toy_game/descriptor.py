"""The toy game's entry in the registry: only what it must say (every hook left out)."""

from monopoly_widgets.core.registry import GameDescriptor, register_game

DESCRIPTOR = GameDescriptor(
    name="toy",
    title="Bank to thirty (a toy)",
    package="tests.toy_game",
    rules="tests.toy_game.rules:ToyRules",
    min_players=2,
    max_players=4,
)


def register() -> GameDescriptor:
    return register_game(DESCRIPTOR)
