"""Which actions are legal now: each rule's check, and the list built from them.

Legality is written once. Every kind of action has one check here that says,
in words, why that kind is not allowed now (or ``None`` if it is);
:func:`legal_actions` offers the actions of every kind whose check passes, and
``illegal.why_illegal`` explains a refused id with the same checks. Which card,
seat or pile an allowed kind may name is decided by the listing alone
(:func:`offered`), so the two can never disagree.

A turn (2-4 players, rulebook "Play"): draw, or trade (after adding one card to
your trade pile, if you like), or lay down; then discard. 5-6 players ("Rules for
Five or Six Players"): exchange trade cards (put one down first if you have
none), discard, pass a card left; you may go out before the pass.
"""

from __future__ import annotations

from collections.abc import Callable

from monopoly_widgets.cardgame import laydown, trading
from monopoly_widgets.cardgame.state import (
    HAND_LIMIT,
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


_BIG = "(rulebook: Rules for Five or Six Players)"


# --- the checks: why a kind of action is not allowed now (None: it is) --------
def _others_hold_trade_cards(state: CardGameState, seat: int) -> int | None:
    """The first other seat with a trade card (5-6 players), or None."""
    for other in range(state.players):
        if other != seat and state.trade_piles[other]:
            return other
    return None


def why_no_draw(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Draw": take the top card of the draw pile (2-4 players, instead of trading)."""
    if state.big_table:
        return "there is no draw pile with 5 or 6 players (rulebook: Rules for Five or Six)"
    if state.added:
        return "you added a card to your trade pile, so you must now trade (rulebook: Trade)"
    if not state.draw_pile:
        return "the draw pile is empty (option empty_draw_pile): trade or lay down"
    return None


def why_no_trade(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Trade" (and the extra piles of "Rules for Two/Three Players")."""
    if state.big_table:
        return "with 5 or 6 players you exchange one trade card (exchange:<seat>)"
    literal = state.settings.trade_pile_adds == "one"
    if literal and state.discards > 1:
        return (
            f"you put {state.discards} excess cards on your trade pile this turn, more than the "
            "one card the rulebook lets you add before a trade: draw or lay down instead "
            f"(rulebook: Trade; option trade_pile_adds)"
        )
    if not state.trade_piles[seat]:
        return "your trade pile is empty: add a card from your hand first (rulebook: Trade)"
    return None


def why_no_add(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Trade": "you may add one card from your hand to your trade pile BEFORE
    making a trade" (the excess counts under option trade_pile_adds "one")."""
    if state.big_table:
        return (
            "with 5 or 6 players you put a trade card down only when you have none "
            "(put:<card>) " + _BIG
        )
    if state.added:
        return "you already added a card to your trade pile this turn: now trade (rulebook: Trade)"
    if state.discards and state.settings.trade_pile_adds == "one":
        return (
            "you already put excess cards on your trade pile this turn: the rulebook lets "
            "you add only one card before a trade (rulebook: Trade; option trade_pile_adds)"
        )
    if not trading.other_piles_have_cards(state, seat):
        return (
            "no other trading pile has a card, so there is nothing to trade for (rulebook: Trade)"
        )
    return None


def why_no_excess(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Lay Down", Note: more than 10 cards after a trade may be discarded first."""
    if state.big_table or state.added or len(state.hands[seat]) <= HAND_LIMIT:
        return _NO_EXCESS
    return None


_NO_EXCESS = (
    f"you may only discard early if you begin your turn with more than {HAND_LIMIT} cards "
    "and have not drawn or traded (rulebook: Lay Down, Note)"
)


def why_no_exchange(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Rules for Five or Six Players": exchange your trade card for another's."""
    if not state.big_table:
        return (
            "with 2 to 4 players you trade between trade piles (trade:<seat>:<n>) (rulebook: Trade)"
        )
    if not state.trade_piles[seat]:
        return "you have no trade card: put one down from your hand first (put:<card>) " + _BIG
    return None


def why_no_put(state: CardGameState, seat: int) -> str | None:
    """5-6 players: a player with no trade card puts one down, then exchanges it."""
    if not state.big_table:
        return (
            "with 2 to 4 players you add a card to your trade pile (add:<card>) (rulebook: Trade)"
        )
    if state.trade_piles[seat]:
        return "you already have a trade card: exchange it (exchange:<seat>) " + _BIG
    if _others_hold_trade_cards(state, seat) is None:
        return "no other player has a trade card to exchange with: go on to discard (no_exchange)"
    return None


def why_no_no_exchange(state: CardGameState, seat: int) -> str | None:
    """5-6 players: with nobody else holding a trade card there is nothing to exchange."""
    if not state.big_table:
        return "no_exchange is for 5 or 6 players, when nobody else has a trade card"
    if state.added:
        return "you put down a trade card this turn: now exchange it " + _BIG
    other = _others_hold_trade_cards(state, seat)
    if other is not None:
        return f"player {other} has a trade card: you must exchange " + _BIG
    return None


def why_no_lay_down(state: CardGameState, seat: int) -> str | None:
    """The turn rules ("Play", Note; "Going Out"), then the hand itself ("Lay Down" 1-3)."""
    block = laydown.lay_down_block(state, seat)
    if block is None and seat != state.to_play:
        block = f"only player {state.to_play}, whose turn it is, may go out (rulebook: Going Out)"
    return block or laydown.hand_problem(state, seat)


def _always(state: CardGameState, seat: int) -> str | None:
    """Discards, passes and rewards are allowed whenever their phase is on."""
    return None


def why_no_end_turn(state: CardGameState, seat: int) -> str | None:
    """Passing the turn is only for a player who can do nothing else (a position typed by
    hand can leave someone stuck; option empty_draw_pile)."""
    if any(_listed(state, seat, kind) for kind in KINDS_BY_PHASE[state.phase]):
        return "you can still act, so you may not pass the turn (rulebook: Play)"
    return None


CHECKS: dict[str, Callable[[CardGameState, int], str | None]] = {
    "draw": why_no_draw,
    "trade": why_no_trade,
    "add": why_no_add,
    "excess": why_no_excess,
    "exchange": why_no_exchange,
    "put": why_no_put,
    "no_exchange": why_no_no_exchange,
    "lay_down": why_no_lay_down,
    "discard": _always,
    "pass": _always,
    "reward": _always,
    "end_turn": why_no_end_turn,
}


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


def _listed(state: CardGameState, seat: int, kind: str) -> list[Action]:
    if CHECKS[kind](state, seat) is not None:
        return []
    return OFFERS[kind](state, seat)


def offered(state: CardGameState, seat: int, kind: str) -> list[Action]:
    """The actions of ``kind`` (whose check passed) for ``seat``: one per card, seat or pile."""
    return OFFERS[kind](state, seat)


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


OFFERS: dict[str, Callable[[CardGameState, int], list[Action]]] = {
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
        (CHECKS[kind], OFFERS[kind])
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
