"""Which actions are legal now: the actions of every kind whose check passes.

Legality is written once. Every kind of action has one check (``checks.CHECKS``)
and one lister (:data:`LISTERS`); :func:`legal_actions` offers the actions of
every kind whose check passes, and ``illegal.why_illegal`` explains a refused id
with the same checks. Which card, seat or pile an allowed kind may name is
decided by the listing alone (:func:`offered`), so the two can never disagree.

A turn (2-4 players, rulebook "Play"): draw, or trade (after adding one card to
your trade pile, if you like), or lay down; then discard. 5-6 players ("Rules for
Five or Six Players"): exchange trade cards (put one down first if you have
none), discard, pass a card left; you may go out before the pass.
"""

from __future__ import annotations

from collections.abc import Callable

from monopoly_widgets.cardgame import laydown, trading
from monopoly_widgets.cardgame.checks import CHECKS
from monopoly_widgets.cardgame.state import (
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_REWARD,
    PHASE_TURN,
    CardGameState,
    current_player,
)
from monopoly_widgets.core.actions import Action

#: The kinds of action each phase may offer, in the order they are listed (agents
#: and saved games rely on the order; lay-downs come last, see agents/random_agent.py).
KINDS_BY_PHASE: dict[str, tuple[str, ...]] = {
    PHASE_TURN: (
        "draw", "trade", "add", "excess", "exchange", "put", "no_exchange", "lay_down",
    ),
    PHASE_DISCARD: ("discard", "lay_down"),
    PHASE_PASS: ("pass", "lay_down"),
    PHASE_REWARD: ("reward",),
    PHASE_OVER: (),
}  # fmt: skip
#: Swaps with the extra piles of 2 and 3 players are trades (rulebook "Rules for Three
#: Players"): the same check allows them, and the trade listing offers them.
FAMILY = {"swap": "trade", "swap2": "trade"}
#: Kinds whose id names one card of the acting player's hand (``kind:<card>``).
CARD_KINDS = ("add", "excess", "discard", "put", "pass")
#: Kinds whose id is the bare word.
BARE_KINDS = ("draw", "no_exchange", "end_turn")
#: Every kind of action, and the phases it belongs to.
PHASES_OF: dict[str, tuple[str, ...]] = {}
for _phase, _kinds in KINDS_BY_PHASE.items():
    for _kind in _kinds:
        PHASES_OF.setdefault(_kind, ())
        PHASES_OF[_kind] += (_phase,)
PHASES_OF["swap"] = PHASES_OF["swap2"] = PHASES_OF["trade"]
PHASES_OF["end_turn"] = (PHASE_TURN, PHASE_DISCARD)


# --- the listing ------------------------------------------------------------------
def legal_actions(state: CardGameState) -> list[Action]:
    """Every legal action of the player to decide, kinds in the order of KINDS_BY_PHASE."""
    seat = current_player(state)
    if seat is None:
        return []
    actions: list[Action] = []
    for check, offer in _STEPS[state.phase, state.big_table]:
        if check(state, seat) is None:
            actions.extend(offer(state, seat))
    if not actions and state.phase in PHASES_OF["end_turn"]:
        actions.append(
            Action("end_turn", "You cannot draw, trade or lay down: pass", seat, "end_turn")
        )
    return actions


def listed(state: CardGameState, seat: int, kind: str) -> list[Action]:
    """The actions of ``kind`` for ``seat`` if its check passes, else none."""
    if CHECKS[kind](state, seat) is not None:
        return []
    return LISTERS[kind](state, seat)


def offered(state: CardGameState, seat: int, kind: str) -> list[Action]:
    """The actions of ``kind`` (whose check passed) for ``seat``: one per card, seat or pile."""
    return LISTERS[kind](state, seat)


def _offer_draw(state: CardGameState, seat: int) -> list[Action]:
    return [Action("draw", "Draw the top card of the draw pile", seat, "draw")]


def _offer_no_exchange(state: CardGameState, seat: int) -> list[Action]:
    return [Action("no_exchange", "Nobody has a trade card: go on to discard", seat, "exchange")]


def _offer_pass(state: CardGameState, seat: int) -> list[Action]:
    left = (seat + 1) % state.players
    return _card_actions(state, seat, "pass", f"Pass {{}} face down to player {left}")


def _offer_cards(kind: str, text: str) -> Callable[[CardGameState, int], list[Action]]:
    """One ``kind:<card>`` action per distinct card in hand, labelled ``text``."""

    def offer(state: CardGameState, seat: int) -> list[Action]:
        return _card_actions(state, seat, kind, text)

    return offer


LISTERS: dict[str, Callable[[CardGameState, int], list[Action]]] = {
    "draw": _offer_draw,
    "trade": trading.trade_actions,
    "exchange": trading.exchange_actions,
    "no_exchange": _offer_no_exchange,
    "lay_down": laydown.lay_down_actions,
    "reward": lambda state, seat: laydown.reward_actions(state),
    "pass": _offer_pass,
    "discard": _offer_cards("discard", "Discard {} onto your trade pile"),
    "add": _offer_cards("add", "Add {} to your trade pile, then trade"),
    "excess": _offer_cards("excess", "Discard {} now (more than 10 cards)"),
    "put": _offer_cards("put", "Put {} down as your trade card"),
}
#: Kinds that only one size of table has: 2-4 players draw, trade, add and discard excess;
#: 5-6 players exchange, put a trade card down or find nobody to exchange with. Their
#: checks refuse them at the other size too; the listing just does not ask.
_SMALL_TABLE_ONLY = frozenset({"draw", "trade", "add", "excess"})
_BIG_TABLE_ONLY = frozenset({"exchange", "put", "no_exchange"})
#: Each (phase, 5-6 players?) -> its (check, listing) pairs in order, looked up once.
_STEPS: dict[tuple[str, bool], tuple[tuple[Callable, Callable], ...]] = {
    (phase, big): tuple(
        (CHECKS[kind], LISTERS[kind])
        for kind in kinds
        if kind not in (_SMALL_TABLE_ONLY if big else _BIG_TABLE_ONLY)
    )
    for phase, kinds in KINDS_BY_PHASE.items()
    for big in (False, True)
}

#: Card actions are the same every time the same card is offered: build each once
#: (keyed by the text template, which names the kind and, for passes, the receiver).
_CARD_ACTIONS: dict[tuple[str, int, int, str], Action] = {}


def _card_actions(state: CardGameState, seat: int, kind: str, text: str) -> list[Action]:
    """One action per distinct card name in ``seat``'s hand (``kind:<name>``)."""
    actions = []
    seen: set[str] = set()
    deck = state.deck
    for card in state.hands[seat]:
        name = deck[card].name
        if name not in seen:
            seen.add(name)
            key = (text, seat, card, name)
            action = _CARD_ACTIONS.get(key)
            if action is None:
                action = Action(f"{kind}:{name}", text.format(name), seat, kind, card=card)
                _CARD_ACTIONS[key] = action
            actions.append(action)
    return actions
