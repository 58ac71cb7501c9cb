"""Every game, described once: where its rules, agents, odds and table view live, and its labels.

``new_game("deal")`` and every layer above the engines (agents, probability,
widgets, simulation, learning, the conformance suite) look a game up here instead of
keeping their own table or importing ``monopoly_widgets.<name>``. Each game package
registers its own descriptor (``<package>/descriptor.py`` calls :func:`register_game`, as
OpenSpiel's games call ``register_game``); the descriptor names its package, and a layer
that needs one of the package's modules asks :meth:`GameDescriptor.module`. The games
shipped with the package are registered on the first look-up (:data:`SHIPPED`), so
importing the package stays quick and the core never imports a layer above it at import
time. Modules are named by path (``module`` or ``module:name``) and imported on first use.
A hook a game does without is ``None`` or left out, and the layer that reads it falls
back to what it does for every game (``docs/architecture.md``, "One descriptor per game").

Adding a game means writing its package with a ``descriptor.py`` that registers one
:class:`GameDescriptor` (and running ``monopoly_widgets.testing`` on it); a game outside
this package registers itself the same way, once its module is imported.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.rules import Rules
from monopoly_widgets.core.validation import excerpt

#: What a game gets when its descriptor leaves a hook out (each module says why it is sensible).
DEFAULT_HEURISTIC = "monopoly_widgets.agents.uniform"
DEFAULT_ODDS_PANEL = "monopoly_widgets.prob.no_odds"
DEFAULT_TABLE_VIEW = "monopoly_widgets.widgets.views.plain"

#: The game packages shipped with monopoly_widgets, registered on the first look-up: each
#: one's ``descriptor.py`` registers it. (The registry needs no other list of games.)
SHIPPED = ("monopoly_widgets.deal", "monopoly_widgets.bid", "monopoly_widgets.cardgame")


@dataclass(frozen=True)
class GameDescriptor:
    """One game's entry: what each layer needs to know about it."""

    #: Short name used by ``new_game(name)``.
    name: str
    #: Title for people.
    title: str
    #: The game's package ("monopoly_widgets.deal"): where its modules are
    #: (:meth:`module`: ``catalogue``, ``encoding``, ``checks``, the ``LAYOUT`` modules).
    package: str
    #: ``module:Class`` of the game's :class:`~monopoly_widgets.core.rules.Rules`.
    rules: str
    min_players: int
    max_players: int
    #: Module with ``choose(observation, legal_actions, rng)``: the heuristic agent. The
    #: default chooses uniformly, as the random agent does, until the game has its own.
    heuristic: str = DEFAULT_HEURISTIC
    #: Module with ``panel(observation)``: the odds shown beside the table. The default
    #: shows none.
    odds_panel: str = DEFAULT_ODDS_PANEL
    #: Module with ``table_model(observation, roles)`` and ``PRIVATE_METRICS``: the table
    #: drawn in the browser. The default draws each seat's plain facts and its hand.
    table_view: str = DEFAULT_TABLE_VIEW
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
    #: The action kind by which a player ends a hand or the game by choice, listed last by
    #: the engine (The Card Game's ``lay_down``): the random agent takes it with a set
    #: chance when offered, as a uniform player would pass it up almost always
    #: (``agents/random_agent.py``). ``None``: the game has none; the random agent is uniform.
    going_out: str | None = None
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

    def module(self, part: str) -> ModuleType:
        """The game package's module ``part`` ("catalogue", "encoding", ...), imported now."""
        return importlib.import_module(f"{self.package}.{part}")

    def has_module(self, part: str) -> bool:
        """Does the game's package have a module ``part`` (a game may do without one)?"""
        return importlib.util.find_spec(f"{self.package}.{part}") is not None

    def hook(self, name: str) -> Any:
        """What the ``module:name`` field ``name`` names (imported now), or ``None`` if unset."""
        path = getattr(self, name)
        return None if path is None else load(path)


def load(path: str) -> Any:
    """The object a ``module:name`` path names, its module imported now."""
    module_name, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


class _Registry(Mapping[str, GameDescriptor]):
    """Every registered game by name, in the order registered (the shipped games first).

    The shipped games' descriptor modules are imported on the first read, not when the
    core is imported: the registry is imported by the engines' own modules, and each
    ``descriptor.py`` imports the registry.
    """

    def __init__(self) -> None:
        self._games: dict[str, GameDescriptor] = {}
        self._shipped_loaded = False

    def _all(self) -> dict[str, GameDescriptor]:
        if not self._shipped_loaded:
            self._shipped_loaded = True
            for package in SHIPPED:
                importlib.import_module(f"{package}.descriptor")
        return self._games

    def __getitem__(self, name: str) -> GameDescriptor:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._all()))

    def __len__(self) -> int:
        return len(self._all())

    def __contains__(self, name: object) -> bool:
        return name in self._all()

    def add(self, descriptor: GameDescriptor) -> None:
        self._games[descriptor.name] = descriptor

    def remove(self, name: str) -> None:
        self._games.pop(name, None)


#: Every game, by name: read it as a mapping (``GAMES["deal"]``, ``list(GAMES)``).
GAMES = _Registry()

_loaded: dict[str, Rules] = {}


def register_game(descriptor: GameDescriptor) -> GameDescriptor:
    """Make game ``descriptor.name`` known to every layer; returns the descriptor.

    Registering the same descriptor again changes nothing; a different game under a name
    already taken is an ``OptionError`` (one name, one game).
    """
    if not isinstance(descriptor, GameDescriptor):
        raise OptionError(f"register_game takes a GameDescriptor, not {excerpt(descriptor)}")
    GAMES._all()  # the shipped games first, whoever registers first
    known = GAMES._games.get(descriptor.name)
    if known is not None and known != descriptor:
        raise OptionError(f"a game called {excerpt(descriptor.name)} is already registered")
    GAMES.add(descriptor)
    return descriptor


def unregister_game(name: str) -> None:
    """Forget game ``name`` (and its rules object): for tests that register a game of their own."""
    GAMES.remove(name)
    _loaded.pop(name, None)


def describe(name: str) -> GameDescriptor:
    """The descriptor of game ``name``; ``OptionError`` names the games if it is unknown."""
    if not isinstance(name, str) or name not in GAMES:
        raise OptionError(f"unknown game {excerpt(name)}; the games are {sorted(GAMES)}")
    return GAMES[name]


def get_rules(name: str) -> Rules:
    """The rules object for game ``name`` ("deal", "bid", "cardgame", any registered), made once."""
    descriptor = describe(name)
    if name not in _loaded:
        _loaded[name] = descriptor.load_rules()
    return _loaded[name]


def available_games() -> list[str]:
    """The names of every game, in the order they were registered."""
    return list(GAMES)
