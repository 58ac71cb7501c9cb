"""Words for people: what the current player is deciding, and why an action is not legal.

Every reason names the rule it follows, so an error message is also a lesson.
"""

from __future__ import annotations

from monopoly_widgets.cardgame import laydown
from monopoly_widgets.cardgame.cards import is_card_name
from monopoly_widgets.cardgame.state import HAND_LIMIT, State, next_passer

RULE_EXCESS = 'rulebook "Lay Down" (Note: more than 10 cards after a trade)'


def decision(state: State) -> str:
    """What the current player is deciding, in words."""
    phase = state.phase
    if phase == "over":
        return f"The match is over: {state.result}."
    if phase == "reward":
        return f"Player {state.went_out}: choose which reward cards to add to your hand."
    if phase == "pass":
        seat = next_passer(state) or 0
        left = (seat + 1) % state.players
        if seat == state.to_play:
            return f"Player {seat}: pass a card face down to player {left}, or go out first."
        return f"Player {seat}: choose a card to pass face down to player {left}."
    seat = state.to_play
    if phase == "discard":
        hand = len(state.hands[seat])
        if state.big_table:
            return f"Player {seat}: discard one card onto your trade pile, or go out."
        return (
            f"Player {seat}: discard onto your trade pile to end your turn "
            f"({hand} cards in hand, at most {HAND_LIMIT} at the end of the turn)."
        )
    if state.big_table:
        return f"Player {seat}: exchange trade cards with another player (or go out)."
    if state.added:
        return f"Player {seat}: make your trade."
    if not state.draw_pile:
        return f"Player {seat}: trade or lay down (the draw pile is empty)."
    return f"Player {seat}: draw, trade, or lay down."


_PHASES_OF = {
    "draw": ("turn",), "add": ("turn",), "trade": ("turn",), "swap": ("turn",),
    "swap2": ("turn",), "excess": ("turn",), "put": ("turn",), "exchange": ("turn",),
    "lay_down": ("turn", "discard", "pass"), "discard": ("discard",), "pass": ("pass",),
    "reward": ("reward",), "no_exchange": ("turn",), "end_turn": ("turn",),
}  # fmt: skip


def why_illegal(state: State, action_id: str) -> str:
    """A plain-English reason why ``action_id`` is not legal now."""
    if state.phase == "over":
        return f"the match is over ({state.result})"
    kind, _, arg = action_id.partition(":")
    now = decision(state)
    if kind not in _PHASES_OF:
        return f"{action_id!r} is not an action of Monopoly: The Card Game. Now: {now}"
    if state.phase not in _PHASES_OF[kind]:
        return f"{action_id!r} is not possible in the {state.phase!r} phase. Now: {now}"
    seat = state.to_play
    if kind == "lay_down":
        block = laydown.lay_down_block(state, seat)
        problem = block or laydown.hand_problem(state, seat)
        if problem:
            return problem
        legal = [a.id for a in laydown.lay_down_actions(state, seat)]
        return (
            f"{arg!r} is not a role a Chance can take in this hand (rulebook: Lay Down 3: a "
            "missing Property, House or Hotel card, or a Token, keeping the lay-down legal); "
            f"the lay-downs are {legal}"
        )
    if kind in ("add", "excess", "discard", "put", "pass"):
        if kind == "pass":
            seat = next_passer(state) or 0
        if not is_card_name(arg):
            return f"{arg!r} is not a card name. Now: {now}"
        if state.find_in(state.hands[seat], arg) is None:
            return f"player {seat} has no {arg} in hand"
        if kind == "excess":
            return (
                f"you may only discard early if you begin your turn with more than "
                f"{HAND_LIMIT} cards and have not drawn or traded ({RULE_EXCESS})"
            )
        if kind == "add" and state.discards and state.settings.trade_pile_adds == "one":
            return (
                "you already put excess cards on your trade pile this turn: the rulebook lets "
                "you add only one card before a trade (rulebook: Trade; option trade_pile_adds)"
            )
        if kind == "add":
            return (
                "you may add one card to your trade pile only once, before trading, and "
                "only if there is a trade pile to trade with (rulebook: Trade)"
            )
    if kind == "draw":
        if state.big_table:
            return "there is no draw pile with 5 or 6 players (rulebook: Rules for Five or Six)"
        if state.added:
            return "you added a card to your trade pile, so you must now trade (rulebook: Trade)"
        if not state.draw_pile:
            return "the draw pile is empty (option empty_draw_pile): trade or lay down"
        return "you have already drawn or traded this turn (rulebook: Play)"
    if kind == "trade":
        return _why_trade(state, seat, arg, now)
    if kind == "reward":
        return (
            "those reward cards cannot all be used in your laid-down hand "
            f"({laydown.RULE_REWARD}). Now: {now}"
        )
    return f"{action_id!r} is not legal now. Now: {now}"


def _why_trade(state: State, seat: int, arg: str, now: str) -> str:
    parts = arg.split(":")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return f"a trade is written trade:<seat>:<number of cards>. Now: {now}"
    other = int(parts[0])
    if state.big_table:
        return "with 5 or 6 players you exchange one trade card (exchange:<seat>)"
    if other == seat or other >= state.players:
        return f"player {other} is not an opponent you can trade with"
    if state.done is not None and state.done != "excess":
        return "you have already drawn or traded this turn (rulebook: Play)"
    if state.discards > 1 and state.settings.trade_pile_adds == "one":
        return (
            f"you put {state.discards} excess cards on your trade pile this turn, more than the "
            "one card the rulebook lets you add before a trade: draw or lay down instead "
            "(rulebook: Trade; option trade_pile_adds)"
        )
    mine, theirs = len(state.trade_piles[seat]), len(state.trade_piles[other])
    if mine == 0:
        return "your trade pile is empty: add a card from your hand first (rulebook: Trade)"
    if theirs == 0:
        return f"player {other}'s trade pile is empty: there is nothing to take"
    return (
        f"you can trade 1 to {min(mine, theirs)} cards with player {other}: your trade pile "
        f"has {mine}, theirs has {theirs}, and you trade a like number (rulebook: Trade)"
    )
