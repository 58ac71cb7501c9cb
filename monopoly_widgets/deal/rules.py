"""``DealRules``: Monopoly Deal behind the shared game protocol.

Where each rule lives:

- ``cards.py``        the 106 cards, values, colours, rent ladders
- ``setup.py``        shuffling and dealing a new game
- ``rulebook.py``     every rule citation of the game
- ``options.py``      every contested point, as a named option with its source
- ``turns.py``        draw 2 / 5, reshuffle, hand limit, passing the turn, winning, draws
- ``plays.py``        banking, laying properties, playing each action card, moving wilds
                      (``CARRY_OUT`` below: each kind of action id -> its function)
- ``wild_moves.py``   which wild moves are legal (listed before every decision, so remembered)
- ``responses.py``    Just Say No chains and carrying out steals
- ``payment.py``      paying debts card by card
- ``properties.py``   sets, completeness, rent, buildings, tidy piles
- ``checks.py``       each rule's check: a reason why not, or None
- ``legal.py``        the legal action ids (the ids whose checks pass); ``texts.py`` their
                      labels; ``illegal.py`` the first failing check's reason
- ``position.py``     hand-written positions; ``observation.py``, ``render.py`` what players see
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rules import CarryOut, Rules, carry_out_by_kind
from monopoly_widgets.deal import plays
from monopoly_widgets.deal import position as position_format
from monopoly_widgets.deal.cards import NAME, PACK_SIZE
from monopoly_widgets.deal.options import OPTIONS
from monopoly_widgets.deal.payment import pay_one
from monopoly_widgets.deal.responses import accept, advance, say_no
from monopoly_widgets.deal.state import PHASE_PAY, PHASE_RESPOND, DealState
from monopoly_widgets.deal.turns import check_win, discard, win_check_needed


def _say_no(state: DealState, action: Action, rest: str) -> list[Event]:
    """``jsn``: answer with Just Say No (``responses.say_no``)."""
    events: list[Event] = []
    say_no(state, events)
    return events


def _accept(state: DealState, action: Action, rest: str) -> list[Event]:
    """``accept``: let the demand (or the Just Say No) stand (``responses.accept``)."""
    events: list[Event] = []
    accept(state, events)
    return events


def _pay(state: DealState, action: Action, rest: str) -> list[Event]:
    """``pay:bank:<card>`` / ``pay:<set>:<card>``: one card of a payment, then whoever is next."""
    where, name = rest.split(":", 1)
    pending = state.pending
    assert pending is not None
    events: list[Event] = []
    pay_one(state, pending.targets[0], where, name, events)
    advance(state, events)
    return events


def _discard(state: DealState, action: Action, rest: str) -> list[Event]:
    """``discard:<card>``: down to 7 at the end of the turn (``turns.discard``)."""
    hand = state.hands[state.turn_player]
    events: list[Event] = []
    discard(state, next(c for c in hand if NAME[c % PACK_SIZE] == rest), events)
    return events


#: Each kind of action id (its first part; the forms are in ``legal.py``) -> the function
#: that carries it out, given the state, the action and the rest of the id
#: (``core.rules.CarryOut``, the same shape in every game). Everything a legal action does,
#: except looking for a winner (``DealRules.apply``).
CARRY_OUT: dict[str, CarryOut] = {
    "bank": plays.bank,
    "lay": plays.lay,
    "house": plays.build,
    "hotel": plays.build,
    "play": plays.play_action_card,
    "debt": plays.play_action_card,
    "sly": plays.play_action_card,
    "forced": plays.play_action_card,
    "breaker": plays.play_action_card,
    "rent": plays.play_rent,
    "wild": plays.move_wild,
    "end_turn": plays.end_the_turn,
    "jsn": _say_no,
    "accept": _accept,
    "pay": _pay,
    "discard": _discard,
}

#: Carry out a legal action: the function for the id's kind does it (no winner looked for).
carry_out = carry_out_by_kind("deal", CARRY_OUT)


class DealRules(Rules):
    """The rules of Monopoly Deal (rulebook + 2008 leaflet + RULES-NOTES).

    Every method that only hands the state to a module is that module's function
    (``core.rules.LAYOUT``): ``legal.legal_actions``, ``illegal.why_illegal``,
    ``observation.observe``, ``render.render_text`` and so on. Written here: what
    happens after a position is read or a move is carried out, and where the cards are.
    """

    name = "deal"
    package = "monopoly_widgets.deal"
    options = OPTIONS

    def state_from_position(
        self, position: Mapping[str, Any], seed: int, options: dict[str, Any]
    ) -> DealState:
        """The position, with a pending play that waits for nobody settled, and a win
        the position already holds declared."""
        state = position_format.from_position(position, seed, options)
        if state.phase in (PHASE_RESPOND, PHASE_PAY):
            advance(state, [])
        check_win(state, [])
        return state

    def apply(self, state: DealState, action: Action) -> list[Event]:
        events = carry_out(state, action)
        if win_check_needed(state):
            check_win(state, events, completed_only=True)
        return events

    def card_census(self, state: DealState) -> list[int]:
        cards: list[int] = []
        for p in range(state.players):
            cards.extend(state.hands[p])
            cards.extend(state.banks[p])
            for pile in state.tables[p]:
                cards.extend(pile.cards)
                cards.extend(b for b in (pile.house, pile.hotel) if b >= 0)
        cards.extend(state.draw_pile)
        cards.extend(state.discard_pile)
        return cards

    def deck_ids(self, state: DealState) -> list[int]:
        return list(range(PACK_SIZE * state.packs))
