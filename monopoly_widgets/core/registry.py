"""Every game, described once: where its rules, agent, odds and table view live, and its labels.

``new_game("deal")`` and every layer above the engines (agents, probability,
widgets, simulation) look a game up here instead of keeping their own table.
Modules are named by path and imported on first use, so importing the package
stays quick and the core never imports a layer above it at import time.

Adding a game means adding one :class:`GameDescriptor` to :data:`GAMES` (and
running ``monopoly_widgets.testing`` on it).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.core.validation import excerpt


@dataclass(frozen=True)
class GameDescriptor:
    """One game's entry: what each layer needs to know about it."""

    #: Short name used by ``new_game(name)``.
    name: str
    #: Title for people.
    title: str
    #: ``module:Class`` of the game's :class:`~monopoly_widgets.core.rules.Rules`.
    rules: str
    #: Module with ``choose(observation, legal_actions, rng)``: the heuristic agent.
    heuristic: str
    #: Module with ``panel(observation)``: the odds shown beside the table.
    odds_panel: str
    #: Module with ``table_model(observation, roles)``: the table drawn in the browser.
    table_view: str
    min_players: int
    max_players: int
    #: Chart titles: ``money``, ``properties`` and ``sets`` (each names its unit).
    chart_titles: dict[str, str] = field(default_factory=dict)
    #: The odds panel's title ("Chance a bid wins" is not a draw).
    odds_title: str = "Odds with the next draw"

    def load_rules(self) -> Rules:
        """A new rules object (use :func:`get_rules`, which keeps one)."""
        module_name, class_name = self.rules.split(":")
        return getattr(importlib.import_module(module_name), class_name)()

    def heuristic_module(self) -> ModuleType:
        return importlib.import_module(self.heuristic)

    def odds_module(self) -> ModuleType:
        return importlib.import_module(self.odds_panel)

    def view_module(self) -> ModuleType:
        return importlib.import_module(self.table_view)


GAMES: dict[str, GameDescriptor] = {
    "deal": GameDescriptor(
        name="deal",
        title="Monopoly Deal",
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
    ),
    "bid": GameDescriptor(
        name="bid",
        title="Monopoly Bid",
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
    ),
    "cardgame": GameDescriptor(
        name="cardgame",
        title="Monopoly: The Card Game",
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
    ),
}

_loaded: dict[str, Rules] = {}


def describe(name: str) -> GameDescriptor:
    """The descriptor of game ``name``; ``OptionError`` names the games if it is unknown."""
    if not isinstance(name, str) or name not in GAMES:
        raise OptionError(f"unknown game {excerpt(name)}; the games are {sorted(GAMES)}")
    return GAMES[name]


def get_rules(name: str) -> Rules:
    """The rules object for game ``name`` ("deal", "bid" or "cardgame"), made once."""
    descriptor = describe(name)
    if name not in _loaded:
        _loaded[name] = descriptor.load_rules()
    return _loaded[name]


def available_games() -> list[str]:
    """The names of every game, in the order they are listed."""
    return list(GAMES)
