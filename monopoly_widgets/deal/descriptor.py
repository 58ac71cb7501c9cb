"""Monopoly Deal's entry in the registry of games (``core/registry.py``): what every
layer needs to know about it, registered when this module is imported.

Importing this module imports nothing of the engine (each path is imported on first use).
"""

from monopoly_widgets.core.registry import GameDescriptor, register_game

DESCRIPTOR = register_game(
    GameDescriptor(
        name="deal",
        title="Monopoly Deal",
        package="monopoly_widgets.deal",
        rules="monopoly_widgets.deal.rules:DealRules",
        heuristic="monopoly_widgets.agents.deal.heuristic",
        odds_panel="monopoly_widgets.prob.deal",
        table_view="monopoly_widgets.widgets.views.deal",
        min_players=2,
        max_players=10,
        chart_titles={
            "money": "Money in the bank ($M)",
            "properties": "Properties on the table",
            "sets": "Complete sets",
        },
        odds_title="Next draw odds",
        decision_view="monopoly_widgets.deal.observation:decision_view",
        agents={"deal_policy": "monopoly_widgets.agents.deal.policy:DealPolicyAgent"},
        progress="monopoly_widgets.agents.deal.evaluation:progress",
        leaf_value="monopoly_widgets.agents.deal.evaluation:win_chance",
        # Action cards (rent colour and target, steals, Deal Breakers), payments, Just Say
        # No answers and discards: searching only these, with twice the worlds, beat
        # searching every decision (benchmarks/search_agent.py).
        search_kinds=frozenset({"play", "pay", "respond", "accept", "discard"}),
        beliefs="monopoly_widgets.agents.deal.beliefs:HeuristicBeliefs",
    )
)
