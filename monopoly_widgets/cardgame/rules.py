"""Monopoly: The Card Game (1999), 2 to 6 players: the rules engine.

A turn (rulebook "Play"), 2-4 players: exactly one of DRAW (then discard),
TRADE (optionally add a card to your trade pile first; then discard) or LAY
DOWN. Discarding ends the turn, onto your own trade pile, leaving at most 10
cards in hand ("Discarding"). A player who begins the turn with more than 10
cards because of a trade may discard the excess and still lay down ("Lay
Down", Note).

5-6 players ("Rules for Five or Six Players"): exchange trade cards (putting
one down first if you have none), discard one, then everyone passes one card
face down to the left; you may go out before the pass.

Decisions, one action each: ``draw``, ``add:<card>``, ``trade:<seat>:<n>``,
``swap:<pile>``, ``swap2:<pile>``, ``excess:<card>``, ``lay_down`` (a hand with a
Chance: ``lay_down`` declares the suggested role, ``lay_down:<role>`` another),
``discard:<card>``, ``reward:none`` / ``reward:<card>+<card>``, and for 5-6
players ``put:<card>``, ``exchange:<seat>``, ``pass:<card>``. Cards in ids are
printed names, so a position typed by hand offers the same actions.
"""

from __future__ import annotations

from monopoly_widgets.cardgame import laydown, trading, turns
from monopoly_widgets.cardgame.options import OPTIONS
from monopoly_widgets.cardgame.state import CardGameState
from monopoly_widgets.core.rules import CarryOut, Rules, carry_out_by_kind

#: Each kind of action id (its first part) -> the function that carries it out, given the
#: state, the action (its ``player`` is the seat acting) and the rest of the id
#: (``core.rules.CarryOut``, the same shape in every game).
CARRY_OUT: dict[str, CarryOut] = {
    "draw": turns.draw,
    "add": trading.apply_add,
    "put": trading.apply_put,
    "trade": turns.trade,
    "swap": turns.swap,
    "swap2": turns.swap2,
    "exchange": turns.exchange,
    "no_exchange": turns.no_exchange,
    "excess": turns.excess,
    "discard": turns.discard,
    "pass": turns.pass_card,
    "lay_down": laydown.apply_lay_down,
    "reward": turns.reward,
    "end_turn": turns.pass_the_turn,
}

#: Carry out a legal action: the function for the id's kind does it, and returns the events
#: it caused, each citing its rule.
carry_out = carry_out_by_kind("cardgame", CARRY_OUT)


class CardGameRules(Rules):
    """The rules of Monopoly: The Card Game for 2 to 6 players. Every method that only
    hands the state to a module is that module's function (``core.rules.LAYOUT``)."""

    name = "cardgame"
    package = "monopoly_widgets.cardgame"
    options = OPTIONS

    apply = staticmethod(carry_out)

    def card_census(self, state: CardGameState) -> list[int]:
        cards = [c for hand in state.hands for c in hand]
        for pile in [*state.trade_piles, *state.extra_piles]:
            cards.extend(pile)
        cards.extend(state.draw_pile)
        cards.extend(state.out_of_play)
        cards.extend(state.reward)
        cards.extend(c for c in state.passes if c is not None)
        return cards
