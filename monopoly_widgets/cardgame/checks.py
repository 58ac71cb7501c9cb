"""Every rule's check in Monopoly: The Card Game, written once: a reason why not, or None.

Each kind of action has one check here that says, in words, why that kind is not
allowed now (or ``None`` if it is), and :data:`CHECKS` names each kind's check.
``legal.legal_actions`` offers the actions of every kind whose check passes, and
``illegal.why_illegal`` explains a refused id with the same checks. Which card,
seat or pile an allowed kind may name is decided by the listing alone
(``legal.offered``), so the two can never disagree. The hand's own rules ("Lay
Down" 1-3) are ``laydown.hand_problem``, which :func:`lay_down_check` asks.
"""

from __future__ import annotations

from collections.abc import Callable

from monopoly_widgets.cardgame import laydown, trading
from monopoly_widgets.cardgame.state import HAND_LIMIT, CardGameState

_BIG = "(rulebook: Rules for Five or Six Players)"


def _others_hold_trade_cards(state: CardGameState, seat: int) -> int | None:
    """The first other seat with a trade card (5-6 players), or None."""
    for other in range(state.players):
        if other != seat and state.trade_piles[other]:
            return other
    return None


def draw_check(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Draw": take the top card of the draw pile (2-4 players, instead of trading)."""
    if state.big_table:
        return "there is no draw pile with 5 or 6 players (rulebook: Rules for Five or Six)"
    if state.added:
        return "you added a card to your trade pile, so you must now trade (rulebook: Trade)"
    if not state.draw_pile:
        return "the draw pile is empty (option empty_draw_pile): trade or lay down"
    return None


def trade_check(state: CardGameState, seat: int) -> str | None:
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


def add_check(state: CardGameState, seat: int) -> str | None:
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


def excess_check(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Lay Down", Note: more than 10 cards after a trade may be discarded first."""
    if state.big_table or state.added or len(state.hands[seat]) <= HAND_LIMIT:
        return _NO_EXCESS
    return None


_NO_EXCESS = (
    f"you may only discard early if you begin your turn with more than {HAND_LIMIT} cards "
    "and have not drawn or traded (rulebook: Lay Down, Note)"
)


def exchange_check(state: CardGameState, seat: int) -> str | None:
    """Rulebook "Rules for Five or Six Players": exchange your trade card for another's."""
    if not state.big_table:
        return (
            "with 2 to 4 players you trade between trade piles (trade:<seat>:<n>) (rulebook: Trade)"
        )
    if not state.trade_piles[seat]:
        return "you have no trade card: put one down from your hand first (put:<card>) " + _BIG
    return None


def put_check(state: CardGameState, seat: int) -> str | None:
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


def no_exchange_check(state: CardGameState, seat: int) -> str | None:
    """5-6 players: with nobody else holding a trade card there is nothing to exchange."""
    if not state.big_table:
        return "no_exchange is for 5 or 6 players, when nobody else has a trade card"
    if state.added:
        return "you put down a trade card this turn: now exchange it " + _BIG
    other = _others_hold_trade_cards(state, seat)
    if other is not None:
        return f"player {other} has a trade card: you must exchange " + _BIG
    return None


def lay_down_check(state: CardGameState, seat: int) -> str | None:
    """The turn rules ("Play", Note; "Going Out"), then the hand itself ("Lay Down" 1-3)."""
    block = laydown.lay_down_block(state, seat)
    if block is None and seat != state.to_play:
        block = f"only player {state.to_play}, whose turn it is, may go out (rulebook: Going Out)"
    return block or laydown.hand_problem(state, seat)


def always_allowed(state: CardGameState, seat: int) -> str | None:
    """Discards, passes and rewards are allowed whenever their phase is on."""
    return None


def end_turn_check(state: CardGameState, seat: int) -> str | None:
    """Passing the turn is only for a player who can do nothing else (a position typed by
    hand can leave someone stuck; option empty_draw_pile)."""
    # The listing is built on these checks, so it is imported when first asked.
    from monopoly_widgets.cardgame.legal import KINDS_BY_PHASE, listed

    if any(listed(state, seat, kind) for kind in KINDS_BY_PHASE[state.phase]):
        return "you can still act, so you may not pass the turn (rulebook: Play)"
    return None


#: Each kind of action -> its check (the swaps are trades: ``legal.FAMILY``).
CHECKS: dict[str, Callable[[CardGameState, int], str | None]] = {
    "draw": draw_check,
    "trade": trade_check,
    "add": add_check,
    "excess": excess_check,
    "exchange": exchange_check,
    "put": put_check,
    "no_exchange": no_exchange_check,
    "lay_down": lay_down_check,
    "discard": always_allowed,
    "pass": always_allowed,
    "reward": always_allowed,
    "end_turn": end_turn_check,
}
