"""What ``DealPolicyAgent`` decides by: the heuristic's decision view plus public facts, and
the small helpers its rules share (``agents/deal/policy.py`` lists the rules).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from monopoly_widgets.agents.deal import heuristic as heuristic_deal
from monopoly_widgets.core.actions import Action
from monopoly_widgets.deal.cards import (
    CARDS,
    NATURAL_IDS,
    PLAYS_PER_TURN,
    SET_SIZE,
)
from monopoly_widgets.deal.observation import DealView, PileView, observed_pile_views, pile_views
from monopoly_widgets.deal.properties import completes, has_natural_card
from monopoly_widgets.deal.state import DealState

#: Card values and kinds by name (action ids name cards; same-named cards print the same).
VALUE_BY_NAME: dict[str, int] = {spec.name: spec.value for spec in CARDS}
KIND_BY_NAME: dict[str, str] = {spec.name: spec.kind for spec in CARDS}
CARD_INDEX_BY_NAME: dict[str, int] = {spec.name: i for i, spec in enumerate(CARDS)}


class PolicyView(DealView):
    """The heuristic's :class:`DealView` plus two public facts the rules read: the seat's
    own bank cards (not just their total) and every seat's table."""

    __slots__ = ("_bank", "_tables", "mine")

    def __init__(
        self, state: DealState | None, viewer: int, players: int, phase: str, plays_left: int
    ) -> None:
        super().__init__(state, viewer, players, phase, plays_left)
        self._bank: tuple[int, ...] | None = None
        self._tables: list[tuple[PileView, ...] | None] = [None] * players
        #: The rules' summary of my own table (``my_table``), made when first needed.
        self.mine: MyTable | None = None

    @property
    def bank(self) -> tuple[int, ...]:
        """The viewer's bank cards (ids), as everyone sees them."""
        if self._bank is None:
            self._bank = self._banks_of(self.viewer)
        return self._bank

    def table_of(self, seat: int) -> tuple[PileView, ...]:
        """``seat``'s piles (everyone's are on the table for all to see)."""
        if seat == self.viewer:
            return self.table
        piles = self._tables[seat]
        if piles is None:
            piles = self._tables[seat] = pile_views(self._piles_of(seat))
        return piles

    def facts(self) -> dict[str, Any]:
        facts = super().facts()
        facts["bank"] = self.bank
        facts["tables"] = [self.table_of(seat) for seat in range(self.players)]
        return facts

    @classmethod
    def from_observation(cls, observation: dict[str, Any]) -> PolicyView:
        view = super().from_observation(observation)
        assert isinstance(view, PolicyView)
        seats = observation["seats"]
        view._bank = tuple(card["id"] for card in seats[view.viewer]["bank"])
        view._tables = [observed_pile_views(seat["sets"]) for seat in seats]
        return view


class MyTable(NamedTuple):
    """My table as the wild rules read it, made once per decision (``my_table``)."""

    counts: list[int]  # cards per colour, all my piles of it together
    naturals: list[int]  # real property cards per colour
    wilds: list[tuple[int, int, str]]  # (card, its colour now, its pile's label)
    cards: int  # cards on my table


def my_table(view: PolicyView) -> MyTable:
    mine = view.mine
    if mine is None:
        counts = [0] * len(SET_SIZE)
        naturals = [0] * len(SET_SIZE)
        wilds: list[tuple[int, int, str]] = []
        for pile in view.table:
            colour = pile.colour
            counts[colour] += len(pile.cards)
            for card in pile.cards:
                if card in NATURAL_IDS:
                    naturals[colour] += 1
                else:
                    wilds.append((card, colour, pile.label))
        mine = view.mine = MyTable(counts, naturals, wilds, sum(counts))
    return mine


def wilds_on_table(view: PolicyView) -> tuple[bool, int]:
    """Is there a wild on my table, and how many cards are there? Read from the game's own
    piles (``DealView.piles``), as the wild rules need ``my_table`` only when there is one."""
    cards = 0
    wild = False
    for pile in view.piles:
        cards += len(pile.cards)
        if not wild and not NATURAL_IDS.issuperset(pile.cards):
            wild = True
    return wild, cards


def policy_view(state: DealState, viewer: int) -> PolicyView:
    """The view ``DealPolicyAgent`` decides by (as ``deal.observation.decision_view``)."""
    return PolicyView(state, viewer, state.players, state.phase, PLAYS_PER_TURN - state.plays_used)


Rule = Callable[[PolicyView, Sequence[Action], Action], Action | None]


def pooled(piles: Sequence[PileView]) -> tuple[list[int], list[bool]]:
    """Cards per colour over all my piles, and whether each colour has a real card."""
    counts = [0] * len(SET_SIZE)
    naturals = [False] * len(SET_SIZE)
    for pile in piles:
        counts[pile.colour] += len(pile.cards)
        if not naturals[pile.colour] and has_natural_card(pile.cards):
            naturals[pile.colour] = True
    return counts, naturals


def colour_score(colour: int, count: int, natural: bool) -> float:
    """How close ``count`` cards of ``colour`` are to a set: 1 when complete, else the
    share held, squared (the last cards matter most), halved without a real card."""
    if completes(count, colour, natural):
        return 1.0
    size = SET_SIZE[colour]
    share = min(count, size) / size
    return share * share * (1.0 if natural else 0.5)


#: ``SCORES[colour][has a real card][cards]``: ``colour_score`` looked up, not worked out.
SCORES: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple(tuple(colour_score(colour, n, natural) for n in range(30)) for natural in (False, True))
    for colour in range(len(SET_SIZE))
)


def choose_without(
    view: PolicyView, legal: Sequence[Action], prefix: str | tuple[str, ...]
) -> Action | None:
    """The heuristic's choice among the actions whose id does not start with ``prefix``."""
    rest = [action for action in legal if not action.id.startswith(prefix)]
    if not rest:
        return None
    return heuristic_deal.choose(view, rest, random.Random(len(rest)))
