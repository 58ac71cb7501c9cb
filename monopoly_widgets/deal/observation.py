"""What one player can see, as a JSON-safe dict (the contract other modules rely on).

::

    {"game": "deal", "viewer": int | None, "players": n, "turn": int, "turn_player": int,
     "current_player": int | None, "phase": "play"|"respond"|"pay"|"discard"|"over",
     "decision": "plain words", "plays_left": int, "is_over": bool, "winner": int | None,
     "draw_reason": str | None, "draw_pile": int (count), "discard_pile": [card, ...] (top last),
     "seats": [{"seat", "hand_count", "hand" (None when hidden), "bank", "bank_total",
                "sets": [{"colour", "label", "cards", "size", "complete", "house", "hotel",
                          "rent"}], "complete_sets"}],
     "pending": None | {"kind", "from", "card", "cards", "amount", "paid", "colour", "targets",
                        "responder", "just_say_no", "text"},
     "unseen": {card name: count}}   # draw pile + other players' hands (viewer None: draw pile)

    card = {"id", "name", "kind", "value", "colours": [...], "colour": assigned colour or None}

Hidden cards appear only as counts: a viewer sees their own hand, everyone's
bank and properties, and the discard pile.

``decision_view(state, seat)`` is a lighter stand-in that agents deciding many
times a second use (``HeuristicAgent.observe``): a small record of the facts a
seat decides by, copied off the state (it keeps no reference to it). It crosses the
same boundary: ``decision_view(state, seat) == DealView.from_observation(observe(state,
seat))``, so it holds nothing the observation does not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from monopoly_widgets.deal.cards import (
    CARDS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    NAME,
    PACK_SIZE,
    PLAYS_PER_TURN,
    SET_SIZE,
    VALUE,
    card_dict,
)
from monopoly_widgets.deal.labels import set_labels
from monopoly_widgets.deal.properties import complete_colours, is_complete, pile_rent
from monopoly_widgets.deal.responses import describe
from monopoly_widgets.deal.speed import table_copies
from monopoly_widgets.deal.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PAY,
    PHASE_PLAY,
    PHASE_RESPOND,
    DealState,
    Pending,
    PropertySet,
    current_player,
)


def observe(state: DealState, viewer: int | None) -> dict[str, Any]:
    """The observation of ``viewer`` (``None``: the teacher sees every hand).

    Every agent that reads observations (the heuristic, the search agent's
    rollouts) builds one per decision, so this is a hot path: card dicts are
    copied from prebuilt templates (``_card_dicts``) rather than built field by field.
    """
    current = current_player(state)
    seats = []
    for p in range(state.players):
        table = state.tables[p]
        bank = state.banks[p]
        visible = viewer is None or viewer == p
        complete = [is_complete(pile) for pile in table]
        seats.append(
            {
                "seat": p,
                "hand_count": len(state.hands[p]),
                "hand": _card_dicts(state.hands[p]) if visible else None,
                "bank": _card_dicts(bank),
                "bank_total": sum(map(_VALUES.__getitem__, bank)),
                "sets": [
                    {
                        "colour": COLOUR_NAMES[pile.colour],
                        "label": label,
                        "cards": _card_dicts(pile.cards, pile.colour),
                        "size": SET_SIZE[pile.colour],
                        "complete": full,
                        "house": card_dict(pile.house) if pile.house >= 0 else None,
                        "hotel": card_dict(pile.hotel) if pile.hotel >= 0 else None,
                        "rent": pile_rent(pile),
                    }
                    for pile, label, full in zip(table, set_labels(table), complete, strict=True)
                ],
                "complete_sets": len(
                    {pile.colour for pile, full in zip(table, complete, strict=True) if full}
                ),
            }
        )
    hidden = state.draw_pile
    if viewer is not None and state.players > 1:
        hidden = hidden + [c for p in range(state.players) if p != viewer for c in state.hands[p]]
    counts = [0] * len(_SORTED_NAMES)
    for card in hidden:
        counts[_NAME_RANK[card]] += 1
    return {
        "game": "deal",
        "viewer": viewer,
        "players": state.players,
        "turn": state.turn,
        "turn_player": state.turn_player,
        "current_player": current,
        "phase": state.phase,
        "decision": decision_text(state),
        "plays_left": PLAYS_PER_TURN - state.plays_used,
        "is_over": state.phase == PHASE_OVER,
        "winner": state.winner,
        "draw_reason": state.draw_reason,
        "draw_pile": len(state.draw_pile),
        "discard_pile": _card_dicts(state.discard_pile),
        "seats": seats,
        "pending": _pending(state),
        "unseen": {name: n for name, n in zip(_SORTED_NAMES, counts, strict=True) if n},
    }


#: Per card id (both packs): its name and value, and its observation dict for each
#: assigned colour (index 0: none, 1 + colour index otherwise), built once at import.
_NAMES: tuple[str, ...] = tuple(NAME[c % PACK_SIZE] for c in range(2 * PACK_SIZE))
#: Card names in sorted order, and each card id's place in it: ``unseen`` is counted into
#: a list by place, which comes out already sorted (no dict, no sort per observation).
_SORTED_NAMES: tuple[str, ...] = tuple(sorted(set(NAME)))
_NAME_RANK: tuple[int, ...] = tuple(_SORTED_NAMES.index(name) for name in _NAMES)
_VALUES: tuple[int, ...] = tuple(VALUE[c % PACK_SIZE] for c in range(2 * PACK_SIZE))
_TEMPLATES: tuple[tuple[dict[str, Any], ...], ...] = tuple(
    (card_dict(c), *(card_dict(c, colour) for colour in range(len(COLOUR_NAMES))))
    for c in range(2 * PACK_SIZE)
)
_COLOUR_LISTS: tuple[tuple[str, ...], ...] = tuple(
    tuple(CARDS[c % PACK_SIZE].colours) for c in range(2 * PACK_SIZE)
)


def _card_dicts(cards: list[int], colour: int = -1) -> list[dict[str, Any]]:
    """``[card_dict(c, colour) for c in cards]``, copied from the templates: the same
    dicts, each with its own ``colours`` list (callers own what they are given)."""
    column = colour + 1
    out = []
    for card in cards:
        copy = _TEMPLATES[card][column].copy()
        copy["colours"] = [*_COLOUR_LISTS[card]]
        out.append(copy)
    return out


def _pending(state: DealState) -> dict[str, Any] | None:
    pending = state.pending
    if pending is None:
        return None
    return {
        "kind": pending.kind,
        "from": pending.source,
        "card": card_dict(pending.cards[0]) if pending.cards else None,
        "cards": _card_dicts(pending.cards),
        "amount": pending.amount if pending.kind in ("rent", "debt", "birthday") else None,
        "paid": pending.paid,
        "colour": COLOUR_NAMES[pending.colour] if pending.colour >= 0 else None,
        "targets": list(pending.targets),
        "responder": pending.responder if state.phase == PHASE_RESPOND else None,
        "just_say_no": pending.jsn,
        "text": describe(pending),
    }


def decision_text(state: DealState) -> str:
    """What the current player is deciding, in plain words."""
    phase = state.phase
    if phase == PHASE_OVER:
        if state.winner is not None:
            return f"The game is over: player {state.winner} won."
        return f"The game is over: a draw ({state.draw_reason})."
    if phase == PHASE_PLAY:
        left = PLAYS_PER_TURN - state.plays_used
        return f"Player {state.turn_player}: play a card ({left} plays left) or end the turn."
    if phase == PHASE_DISCARD:
        extra = len(state.hands[state.turn_player]) - 7
        return f"Player {state.turn_player}: discard {extra} more card(s) down to 7."
    pending = state.pending
    assert pending is not None
    target = pending.targets[0]
    if phase == PHASE_PAY:
        return (
            f"Player {target}: choose a card to pay player {pending.source} "
            f"(${pending.paid}M of ${pending.amount}M paid)."
        )
    if pending.jsn % 2 == 0:
        return f"Player {target}: answer the {describe(pending)} with Just Say No, or accept it."
    return (
        f"Player {pending.source}: answer player {target}'s Just Say No with your own, "
        "or accept it."
    )


def metrics(state: DealState) -> dict[str, list[int]]:
    """Bank totals, cards on the table and complete sets (distinct colours) per player."""
    return {
        "money": [sum(VALUE[c % PACK_SIZE] for c in bank) for bank in state.banks],
        "properties": [sum(len(pile.cards) for pile in table) for table in state.tables],
        "sets": [len(complete_colours(table)) for table in state.tables],
    }


class PileView(NamedTuple):
    """One pile of a seat's table, as its observation shows it (``seats[p]["sets"][i]``)."""

    colour: int  # index into ``COLOUR_NAMES``
    label: str  # "Red", or "Red 1", "Red 2" when there are several
    cards: tuple[int, ...]  # card ids, in the pile's order
    complete: bool
    house: int  # card id, -1: none
    hotel: int  # card id, -1: none


class Pile(Protocol):
    """What a pile shows to a reader that needs only its colour and cards: a
    :class:`PileView`, or the game's own ``PropertySet`` (``DealView.piles``)."""

    @property
    def colour(self) -> int: ...

    @property
    def cards(self) -> Sequence[int]: ...


class PendingView(NamedTuple):
    """The action card being answered or paid, as the observation's ``pending`` shows it."""

    kind: str
    source: int  # the observation's "from"
    targets: tuple[int, ...]
    amount: int | None  # None unless a payment is demanded (rent, debt, birthday)
    paid: int
    jsn: int  # the observation's "just_say_no": Just Say No cards played so far


class PileCopy(NamedTuple):
    """A copy of one pile of the game's (``PropertySet``), as a view keeps it: the same
    ``colour``, ``cards``, ``house`` and ``hotel``, none of them the game's own objects."""

    colour: int
    cards: tuple[int, ...]
    house: int
    hotel: int


class DealView:
    """What one seat decides by: a part of its observation, as plain numbers.

    Building the full observation (every card a dict, the discard pile, the unseen
    counts, plain-words text) costs several times more than a step of the engine, and
    a heuristic reads a fraction of it. So a view made by :func:`decision_view` copies
    only the public piles, banks and hand sizes and its seat's own hand, as tuples of
    numbers, and works out the rest (labels, totals) from those copies when first asked.
    A table's copy is made once and handed to every view until the table changes
    (``speed.table_copies``): it is immutable, so sharing it shows nothing more.

    The view keeps no reference to the game: nothing reachable from it is the game's
    state or one of its lists, so a bot handed a view cannot read another seat's hand
    or change the game by changing the view (``tests/agents/test_views_are_copies.py``).
    The boundary is the observation's: a view shows its seat's own hand and what
    everyone sees (tables, bank cards, hand sizes, the pending action card), never
    another seat's hand or the draw pile. :meth:`facts` lists everything it shows,
    and ``decision_view(state, seat).facts() == DealView.from_observation(observe(state,
    seat)).facts()`` (``tests/agents/test_deal_view.py``).
    """

    __slots__ = (
        "viewer",
        "players",
        "phase",
        "plays_left",
        "_seat_piles",
        "_seat_banks",
        "_hand",
        "_table",
        "_pending",
        "_hand_counts",
        "_bank_totals",
        "_table_values",
    )

    #: Which game's view this is (as ``observation["game"]``).
    game = "deal"

    def __init__(
        self, state: DealState | None, viewer: int, players: int, phase: str, plays_left: int
    ) -> None:
        self.viewer = viewer
        self.players = players
        self.phase = phase
        #: Plays the turn player has left this turn.
        self.plays_left = plays_left
        self._table: tuple[PileView, ...] | None = None
        self._bank_totals: list[int | None] | None = None
        self._table_values: list[int | None] | None = None
        #: Every seat's piles and bank cards, copied (None for a view made from an observation,
        #: which fills in every fact itself).
        self._seat_piles: tuple[tuple[PileCopy, ...], ...] | None = None
        self._seat_banks: tuple[tuple[int, ...], ...] | None = None
        if state is None:
            self._hand: tuple[int, ...] = ()
            self._pending: PendingView | None = None
            self._hand_counts: tuple[int, ...] = ()
            return
        self._hand = tuple(state.hands[viewer])
        self._hand_counts = tuple(map(len, state.hands))
        self._seat_banks = tuple(map(tuple, state.banks))
        self._seat_piles = table_copies(state, _copy_table)
        found = state.pending
        self._pending = None if found is None else _pending_view(found)

    # --- the viewer's own ---------------------------------------------------------------------
    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own cards (ids), in hand order."""
        return self._hand

    @property
    def table(self) -> tuple[PileView, ...]:
        """The viewer's piles, in table order (as ``seats[viewer]["sets"]``)."""
        if self._table is None:
            self._table = pile_views(self._piles_of(self.viewer))
        return self._table

    @property
    def piles(self) -> Sequence[Pile]:
        """The viewer's piles, in table order, as cheaply as they can be had: the copies made
        with the view (``PileCopy``) for a view of a game, :attr:`table` for a view made from
        an observation. Each has ``colour`` and ``cards``; :attr:`table` adds labels and
        completeness. The heuristic reads this at nearly every decision."""
        piles = self._seat_piles
        return self.table if piles is None else piles[self.viewer]

    # --- what everyone sees -------------------------------------------------------------------
    @property
    def pending(self) -> PendingView | None:
        """The action card being answered or paid, if any."""
        return self._pending

    def hand_count(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self._hand_counts[seat]

    def bank_total(self, seat: int) -> int:
        """The value of ``seat``'s bank, $M."""
        totals = self._bank_totals
        if totals is None:
            totals = self._bank_totals = [None] * self.players
        total = totals[seat]
        if total is None:
            values = _VALUES
            total = 0
            for card in self._banks_of(seat):
                total += values[card]
            totals[seat] = total
        return total

    def table_value(self, seat: int) -> int:
        """The printed values of the cards in ``seat``'s piles, added up, $M."""
        totals = self._table_values
        if totals is None:
            totals = self._table_values = [None] * self.players
        total = totals[seat]
        if total is None:
            values = _VALUES
            total = 0
            for pile in self._piles_of(seat):
                for card in pile.cards:
                    total += values[card]
            totals[seat] = total
        return total

    # --- everything at once -------------------------------------------------------------------
    def facts(self) -> dict[str, Any]:
        """Every fact this view shows, read in full (for tests and for comparing views)."""
        seats = range(self.players)
        return {
            "game": self.game,
            "viewer": self.viewer,
            "players": self.players,
            "phase": self.phase,
            "plays_left": self.plays_left,
            "hand": self.hand,
            "table": self.table,
            "pending": self.pending,
            "hand_counts": [self.hand_count(seat) for seat in seats],
            "bank_totals": [self.bank_total(seat) for seat in seats],
            "table_values": [self.table_value(seat) for seat in seats],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealView) and self.facts() == other.facts()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"DealView(seat {self.viewer}, {self.phase}, {self.plays_left} plays left)"

    def _piles_of(self, seat: int) -> tuple[PileCopy, ...]:
        piles = self._seat_piles
        if piles is None:  # pragma: no cover - from_observation fills every fact
            raise RuntimeError("this view was made from an observation and copied no piles")
        return piles[seat]

    def _banks_of(self, seat: int) -> tuple[int, ...]:
        banks = self._seat_banks
        if banks is None:  # pragma: no cover - from_observation fills every fact
            raise RuntimeError("this view was made from an observation and copied no banks")
        return banks[seat]

    @classmethod
    def from_observation(cls, observation: dict[str, Any]) -> DealView:
        """The same view, every fact read from an observation dict (for callers that have one)."""
        viewer = observation["viewer"]
        if viewer is None:
            raise ValueError("a decision view is one seat's: the teacher's observation has none")
        seats = observation["seats"]
        own = seats[viewer]
        pending = observation["pending"]
        view = cls(
            None, viewer, observation["players"], observation["phase"], observation["plays_left"]
        )
        view._hand = tuple(card["id"] for card in own["hand"])
        view._table = observed_pile_views(own["sets"])
        view._pending = (
            None
            if pending is None
            else PendingView(
                pending["kind"],
                pending["from"],
                tuple(pending["targets"]),
                pending["amount"],
                pending["paid"],
                pending["just_say_no"],
            )
        )
        view._hand_counts = tuple(seat["hand_count"] for seat in seats)
        view._bank_totals = [seat["bank_total"] for seat in seats]
        view._table_values = [
            sum(card["value"] for pile in seat["sets"] for card in pile["cards"]) for seat in seats
        ]
        return view


def _copy_table(table: list[PropertySet]) -> tuple[PileCopy, ...]:
    """One seat's piles as a view keeps them: tuples of numbers, nothing of the game's."""
    make = tuple.__new__  # what PileCopy(...) does, without its keyword handling
    return tuple([make(PileCopy, (p.colour, tuple(p.cards), p.house, p.hotel)) for p in table])


def decision_view(state: DealState, viewer: int) -> DealView:
    """The view of ``viewer`` at this moment of the game (see :class:`DealView`).

    A small fraction of the cost of ``observe`` (``benchmarks/agents.py speed``): it
    reads only what is asked for, which is what lets the heuristic decide for less
    than a step of the engine costs.
    """
    return DealView(state, viewer, state.players, state.phase, PLAYS_PER_TURN - state.plays_used)


def observed_pile_views(sets: list[dict[str, Any]]) -> tuple[PileView, ...]:
    """The views of one seat's piles as an observation shows them (``seat["sets"]``): the
    same views ``pile_views`` makes from the game's own piles."""
    return tuple(
        PileView(
            COLOUR_INDEX[pile["colour"]],
            pile["label"],
            tuple(card["id"] for card in pile["cards"]),
            pile["complete"],
            pile["house"]["id"] if pile["house"] else -1,
            pile["hotel"]["id"] if pile["hotel"] else -1,
        )
        for pile in sets
    )


def pile_views(table: Sequence[PropertySet | PileCopy]) -> tuple[PileView, ...]:
    """The views of a table's piles. Labels are the colour names unless a colour has
    several piles (``set_labels``); plain loops, as this runs at nearly every decision."""
    seen = 0
    for pile in table:
        bit = 1 << pile.colour
        if seen & bit:
            labels = set_labels(table)
            break
        seen |= bit
    else:
        labels = None
    piles = []
    make = tuple.__new__  # what PileView(...) does, without its keyword handling (2x the cost)
    for index, pile in enumerate(table):
        cards = pile.cards
        colour = pile.colour
        complete = is_complete(pile)  # type: ignore[arg-type]
        label = COLOUR_NAMES[colour] if labels is None else labels[index]
        piles.append(
            make(PileView, (colour, label, tuple(cards), complete, pile.house, pile.hotel))
        )
    return tuple(piles)


def _pending_view(pending: Pending) -> PendingView:
    return PendingView(
        pending.kind,
        pending.source,
        tuple(pending.targets),
        pending.amount if pending.kind in ("rent", "debt", "birthday") else None,
        pending.paid,
        pending.jsn,
    )


# --- worlds consistent with what a player sees (Monte Carlo, search, the coach) -----------
def determinize(state: DealState, player: int, rng: random.Random) -> DealState:
    """Re-deal the draw pile and the other players' hands at random (same counts)."""
    sampled = state.clone()
    hidden = list(sampled.draw_pile)
    others = [p for p in range(sampled.players) if p != player]
    for p in others:
        hidden.extend(sampled.hands[p])
    # Sorted first, so the world depends only on what ``player`` sees, not on where
    # the hidden cards really are; and a fresh seed, so later reshuffles are unknown too.
    hidden.sort()
    rng.shuffle(hidden)
    sampled.seed = rng.getrandbits(31)
    for p in others:
        count = len(sampled.hands[p])
        sampled.hands[p] = hidden[:count]
        hidden = hidden[count:]
    sampled.draw_pile = hidden
    return sampled


def determinize_draws(state: DealState, rng: random.Random) -> DealState:
    """Shuffle only the draw pile afresh; every hand stays (the coach's "cards known")."""
    sampled = state.clone()
    sampled.draw_pile = sorted(sampled.draw_pile)
    rng.shuffle(sampled.draw_pile)
    sampled.seed = rng.getrandbits(31)
    return sampled
