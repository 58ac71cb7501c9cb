"""Monopoly Bid's entry in the registry of games (``core/registry.py``): what every
layer needs to know about it, registered when this module is imported.

Importing this module imports nothing of the engine (each path is imported on first use).
"""

from monopoly_widgets.core.registry import GameDescriptor, register_game

DESCRIPTOR = register_game(
    GameDescriptor(
        name="bid",
        title="Monopoly Bid",
        package="monopoly_widgets.bid",
        rules="monopoly_widgets.bid.rules:BidRules",
        heuristic="monopoly_widgets.agents.bid.heuristic",
        odds_panel="monopoly_widgets.prob.bid",
        table_view="monopoly_widgets.widgets.views.bid",
        min_players=2,
        max_players=5,
        chart_titles={
            "money": "Money in hand ($M)",
            "properties": "Properties on the table",
            "sets": "Complete sets",
        },
        odds_title="Chance a bid wins",
    )
)
