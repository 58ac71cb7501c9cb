"""What every game engine provides: the small, shared game protocol.

The :class:`Game` facade (``core/game.py``) is the same for every game. It
talks to one *rules object* per game through the methods below, in the spirit
of OpenSpiel: legal actions, apply, terminal, returns. A *state* is a plain
object owned by the rules; only the rules read or change it.

A game package (``monopoly_widgets/deal``, ``bid``, ``cardgame``) provides one
subclass of :class:`Rules`, listed in ``core/registry.py``. Every game package has
the same layout (:data:`LAYOUT`): the subclass names its package, and each method
that only hands the state to a module is that module's function, found by the
same module and function name in every game. The subclass writes only what is
its own game's (how a move is carried out, where the cards are).
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.core.options import RuleOption

State = Any
"""A game's own state object: it has ``clone()``, ``phase``, ``winner``, ``turn`` and
``players`` (the defaults below read them), and every game's ``PHASE_OVER`` is "over"."""

#: The phase of a finished game, the same word in every game's ``state.py``.
PHASE_OVER = "over"

#: Where each game package keeps each part of the protocol: method -> (module, function),
#: the same names in ``deal/``, ``bid/`` and ``cardgame/``. A subclass that sets ``package``
#: gets each of these methods as that module's function itself (bound once, when the class
#: is made: no call in between, which matters for ``legal_actions``, asked before every
#: decision), unless it writes the method itself.
LAYOUT: dict[str, tuple[str, str]] = {
    "new_state": ("setup", "new_state"),
    "setup_events": ("setup", "setup_events"),
    "state_from_position": ("position", "from_position"),
    "position": ("position", "to_position"),
    "current_player": ("state", "current_player"),
    "legal_actions": ("legal", "legal_actions"),
    "why_illegal": ("illegal", "why_illegal"),
    "observation": ("observation", "observe"),
    "metrics": ("observation", "metrics"),
    "render_text": ("render", "render_text"),
    "render_html": ("render", "render_html"),
    "determinize": ("observation", "determinize"),
    "determinize_draws": ("observation", "determinize_draws"),
}


#: How a game carries out one kind of action: ``function(state, action, rest)`` changes the
#: state and returns the events it caused, each citing its rule. ``rest`` is the action's id
#: after its kind (the id's first part, up to the first ":"; "" for an id of one part). Every
#: game's ``rules.CARRY_OUT`` maps each kind of id it can offer to one of these.
CarryOut = Callable[[Any, Action, str], list[Event]]


def carry_out_by_kind(
    game: str, table: Mapping[str, CarryOut]
) -> Callable[[Any, Action], list[Event]]:
    """Game ``game``'s ``carry_out(state, action)``: the function ``table`` holds for the id's
    kind carries the (legal) action out. The one way every game carries out a move, so a
    reader finds any move's code by its id's first word in the game's ``rules.CARRY_OUT``.

    Each id's function and rest are remembered (a ``Memo`` named ``<game>.carry_out``): the
    same ids come back all game long, and one lookup costs less than cutting the id again.
    """
    known: Memo[str, tuple[CarryOut, str]] = Memo(name=f"{game}.carry_out")

    def carry_out(state: Any, action: Action) -> list[Event]:
        found = known.get(action.id)
        if found is None:
            kind, _, rest = action.id.partition(":")
            found = known.keep(action.id, (table[kind], rest))
        return found[0](state, action, found[1])

    carry_out.table = table  # type: ignore[attr-defined]
    return carry_out


class Rules(ABC):
    """The rules of one game. Stateless: every method takes the state it works on."""

    #: Short name used by ``new_game(name)``: "deal", "bid", "cardgame".
    name: str = ""
    #: Every named rule option of this game.
    options: Mapping[str, RuleOption] = {}
    #: The game's package ("monopoly_widgets.deal"): where the ``LAYOUT`` modules are.
    package: str = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Bind every ``LAYOUT`` method the subclass does not write to its package's function."""
        super().__init_subclass__(**kwargs)
        if not cls.package:
            return
        for method, (module_name, function_name) in LAYOUT.items():
            if getattr(cls, method) is not getattr(Rules, method):
                continue  # the game (or a class it extends) writes this one itself
            module = importlib.import_module(f"{cls.package}.{module_name}")
            setattr(cls, method, staticmethod(getattr(module, function_name)))

    # --- what the registry says about this game -------------------------------
    # Title and player counts are written once, in the game's descriptor
    # (``core/registry.py``); the rules read them from there. The import is
    # inside because the registry imports this module.
    @property
    def title(self) -> str:
        """Title for people: "Monopoly Deal"."""
        from monopoly_widgets.core.registry import describe

        return describe(self.name).title

    @property
    def min_players(self) -> int:
        from monopoly_widgets.core.registry import describe

        return describe(self.name).min_players

    @property
    def max_players(self) -> int:
        from monopoly_widgets.core.registry import describe

        return describe(self.name).max_players

    # --- setting up ---------------------------------------------------------
    @abstractmethod
    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Shuffle and deal a new game. Setup events go in ``setup_events``."""

    @abstractmethod
    def state_from_position(
        self, position: Mapping[str, Any], seed: int, options: dict[str, Any]
    ) -> State:
        """Build a state from a hand-written position; raise ``PositionError`` naming the field."""

    @abstractmethod
    def position(self, state: State) -> dict[str, Any]:
        """The state as a position dict: ``state_from_position(position(s))`` equals ``s``."""

    def setup_events(self, state: State) -> list[Event]:
        """Events that describe the deal (shown before the first action)."""
        return []

    def clone(self, state: State) -> State:
        """An independent copy, cheap enough to take every few steps for the timeline."""
        return state.clone()

    # --- playing --------------------------------------------------------------
    @abstractmethod
    def current_player(self, state: State) -> int | None:
        """Who must decide next (``None`` once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the current player; none once the game is over.

        Hot path: keep it lean.
        """

    @abstractmethod
    def apply(self, state: State, action: Action) -> list[Event]:
        """Carry out a legal action, changing ``state``; return what happened.

        The action has already been checked to be legal. Chance (draws,
        reshuffles) happens inside ``apply``, from ``core.rng.make_rng``.
        """

    @abstractmethod
    def why_illegal(self, state: State, action_id: str) -> str | None:
        """A plain-English reason why ``action_id`` is not legal now; ``None`` if it is legal.

        Legality is written once: the same rule checks that list the legal
        actions explain the illegal ones, so this returns ``None`` for exactly
        the ids ``legal_actions`` offers (``monopoly_widgets.testing`` checks it
        at every step of random games, as OpenSpiel's ``test_consistent`` does).
        """

    def is_over(self, state: State) -> bool:
        """True once the game has a winner or ended as a draw."""
        return state.phase == PHASE_OVER

    def winner(self, state: State) -> int | None:
        """The winning seat, or ``None`` (game not over, or a draw)."""
        return state.winner

    def turn(self, state: State) -> int:
        """The turn number, starting at 1 (Card Game: counts turns across the match)."""
        return state.turn

    def returns(self, state: State) -> list[float]:
        """+1 for the winner, -1 for the others, 0 for all in a draw or unfinished game."""
        win = self.winner(state)
        n = self.num_players(state)
        if win is None:
            return [0.0] * n
        return [1.0 if p == win else -1.0 for p in range(n)]

    def num_players(self, state: State) -> int:
        """How many seats."""
        return state.players

    # --- seeing -----------------------------------------------------------------
    @abstractmethod
    def observation(self, state: State, player: int | None) -> dict[str, Any]:
        """What ``player`` can see, JSON-safe; ``None`` means the teacher's view of everything.

        Hidden cards appear only as counts. Always includes the keys ``game``,
        ``viewer``, ``players``, ``turn``, ``current_player``, ``decision``
        (what the current player is deciding, in words), ``is_over``, ``winner``.
        """

    @abstractmethod
    def metrics(self, state: State) -> dict[str, list[int]]:
        """Per-player numbers for the charts: ``money``, ``properties`` and ``sets``."""

    @abstractmethod
    def render_text(self, state: State, perspective: int | None = None) -> str:
        """The table as plain text (``str(game)``)."""

    @abstractmethod
    def render_html(self, state: State, perspective: int | None = None) -> str:
        """The table as HTML (``game._repr_html_()``)."""

    # --- checking and searching ---------------------------------------------------
    @abstractmethod
    def card_census(self, state: State) -> list[int]:
        """The id of every card in every place (hands, piles, tables, pending plays).

        The conformance suite checks this is a permutation of ``deck_ids``:
        every card is in exactly one place.
        """

    def deck_ids(self, state: State) -> list[int]:
        """The id of every card in this game's deck (``state.deck``, one entry per card)."""
        return list(range(len(state.deck)))

    @abstractmethod
    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        """A copy in which everything ``player`` cannot see is re-dealt at random.

        Used by Monte Carlo and search agents so that they never peek: the
        result is consistent with ``observation(state, player)`` but the hidden
        cards (draw pile order, other hands, sealed bids) are sampled afresh.
        It depends only on what ``player`` sees (never on where the hidden cards
        really are), and draws a fresh seed for later reshuffles.
        """

    @abstractmethod
    def determinize_draws(self, state: State, rng: random.Random) -> State:
        """A copy in which only the face-down piles nobody holds are shuffled afresh.

        Every hand (and sealed bid) stays as it really is: the coach's "with the
        cards known" comparison, which shows what seeing the others' hands is worth
        without also knowing the order of the cards still to come.
        """
