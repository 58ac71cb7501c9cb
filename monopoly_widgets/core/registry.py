"""Every game, described once: where its rules, agents, odds and table view live, and its labels.

``new_game("deal")`` and every layer above the engines (agents, probability,
widgets, simulation) look a game up here instead of keeping their own table.
Modules are named by path (``module`` or ``module:name``) and imported on first use, so
importing the package stays quick and the core never imports a layer above it at import
time. A hook a game does without is ``None``, and the layer that reads it falls back to
what it does for every game (``docs/architecture.md``, "One descriptor per game").

Adding a game means adding one :class:`GameDescriptor` to :data:`GAMES` (and
running ``monopoly_widgets.testing`` on it).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

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
    #: ``module:function`` making one seat's decision view, ``(state, seat) -> view``: what
    #: ``HeuristicAgent.observe`` hands the heuristic instead of the observation dict (the
    #: same facts, cheaper to make). ``None``: the heuristic reads the observation.
    decision_view: str | None = None
    #: Agents this game adds to the built-in ones, by name: ``{name: "module:Class"}``
    #: (``make_agent(name)``, ``AGENT_NAMES``); each plays every game.
    agents: dict[str, str] = field(default_factory=dict)
    #: The search agent's hooks (``agents/search.py``). ``progress``: ``module:function``,
    #: ``(rules, state) -> [score per seat]``, how close each seat is to winning (``None``:
    #: ``search.metric_progress``, from ``rules.metrics``).
    progress: str | None = None
    #: ``module:function``, ``(state, seat) -> float``: a rollout's end scored as a chance of
    #: winning, 0 to 1 (``None``: ``search.evaluate`` read as a chance).
    leaf_value: str | None = None
    #: The action kinds that make a decision worth searching (``None``: every decision).
    search_kinds: frozenset[str] | None = None
    #: ``module:Class`` of how the search agent imagines the hands it cannot see, leaning
    #: towards what the heuristic holds (``SearchAgent(beliefs="heuristic")``; ``None``: a
    #: fair re-deal of the unseen cards, ``rules.determinize``).
    beliefs: str | None = None

    def load_rules(self) -> Rules:
        """A new rules object (use :func:`get_rules`, which keeps one)."""
        return load(self.rules)()

    def heuristic_module(self) -> ModuleType:
        return importlib.import_module(self.heuristic)

    def odds_module(self) -> ModuleType:
        return importlib.import_module(self.odds_panel)

    def view_module(self) -> ModuleType:
        return importlib.import_module(self.table_view)

    def hook(self, name: str) -> Any:
        """What the ``module:name`` field ``name`` names (imported now), or ``None`` if unset."""
        path = getattr(self, name)
        return None if path is None else load(path)


def load(path: str) -> Any:
    """The object a ``module:name`` path names, its module imported now."""
    module_name, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


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
        decision_view="monopoly_widgets.deal.observation:decision_view",
        agents={"deal_policy": "monopoly_widgets.agents.deal.policy:DealPolicyAgent"},
        progress="monopoly_widgets.agents.deal.evaluation:progress",
        leaf_value="monopoly_widgets.agents.deal.evaluation:win_chance",
        # Action cards (rent colour and target, steals, Deal Breakers), payments, Just Say
        # No answers and discards: searching only these, with twice the worlds, beat
        # searching every decision (benchmarks/search_agent.py).
        search_kinds=frozenset({"play", "pay", "respond", "accept", "discard"}),
        beliefs="monopoly_widgets.agents.deal.beliefs:HeuristicBeliefs",
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
        progress="monopoly_widgets.agents.cardgame.evaluation:progress",
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
