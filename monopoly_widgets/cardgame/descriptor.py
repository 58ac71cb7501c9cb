"""Monopoly: The Card Game's entry in the registry of games (``core/registry.py``): what
every layer needs to know about it, registered when this module is imported.

Importing this module imports nothing of the engine (each path is imported on first use).
"""

from monopoly_widgets.core.registry import GameDescriptor, register_game

DESCRIPTOR = register_game(
    GameDescriptor(
        name="cardgame",
        title="Monopoly: The Card Game",
        package="monopoly_widgets.cardgame",
        rules="monopoly_widgets.cardgame.rules:CardGameRules",
        heuristic="monopoly_widgets.agents.cardgame.heuristic",
        odds_panel="monopoly_widgets.prob.cardgame",
        table_view="monopoly_widgets.widgets.views.cardgame",
        min_players=2,
        max_players=6,
        chart_titles={
            "money": "Match score ($)",
            "properties": "Property cards in hand",
            "sets": "Complete groups in hand",
        },
        odds_title="Odds with the next draw",
        progress="monopoly_widgets.agents.cardgame.evaluation:progress",
        going_out="lay_down",
    )
)
