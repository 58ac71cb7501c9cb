"""Why an action is not legal now, in words that cite the rule, so an error is a lesson.

Legality is written once (``checks.py``): :func:`why_illegal` reads the id, then
runs the same check that decides whether :func:`legal.legal_actions` lists that
kind of action, and returns its reason. When the kind is allowed, the id is
legal exactly when the listing offers it; otherwise the reason says what is
wrong with the card, seat, pile or Chance role the id names.
"""

from __future__ import annotations

from monopoly_widgets.cardgame import checks, laydown, legal
from monopoly_widgets.cardgame.cards import is_card_name
from monopoly_widgets.cardgame.observation import decision_text
from monopoly_widgets.cardgame.state import PHASE_OVER, CardGameState, current_player


def why_illegal(state: CardGameState, action_id: str) -> str | None:
    """A plain-English reason why ``action_id`` is not legal now; None if it is legal."""
    if state.phase == PHASE_OVER:
        return f"the match is over ({state.result})"
    kind, sep, arg = action_id.partition(":")
    now = decision_text(state)
    if kind not in legal.PHASES_OF:
        return f"{action_id!r} is not an action of Monopoly: The Card Game. Now: {now}"
    if state.phase not in legal.PHASES_OF[kind]:
        return f"{action_id!r} is not possible in the {state.phase!r} phase. Now: {now}"
    seat = current_player(state)
    if seat is None:
        return f"nobody is to play. Now: {now}"
    if kind in legal.BARE_KINDS and sep:
        return f"{kind!r} is written alone, with nothing after it. Now: {now}"
    if kind in legal.CARD_KINDS:
        if not is_card_name(arg):
            return f"{arg!r} is not a card name. Now: {now}"
        if state.find_in(state.hands[seat], arg) is None:
            return f"player {seat} has no {arg} in hand"
    family = legal.FAMILY.get(kind, kind)
    reason = checks.CHECKS[family](state, seat)
    if reason is not None:
        return reason
    offered = legal.offered(state, seat, family) if family != "end_turn" else []
    if family == "end_turn" or any(action.id == action_id for action in offered):
        return None
    return _why_not_offered(state, seat, kind, arg, [a.id for a in offered]) or (
        f"{action_id!r} is not one of the actions offered now: {[a.id for a in offered]}. "
        f"Now: {now}"
    )


def _why_not_offered(
    state: CardGameState, seat: int, kind: str, arg: str, offered: list[str]
) -> str | None:
    """What is wrong with the card, seat, pile or role an allowed kind of action names."""
    if kind == "trade":
        return _why_not_trade(state, seat, arg)
    if kind in ("swap", "swap2"):
        return _why_not_swap(state, seat, arg, two=kind == "swap2")
    if kind == "exchange":
        return _why_not_exchange(state, seat, arg)
    if kind == "lay_down":
        return _why_not_declared(state, seat, arg, offered)
    if kind == "reward":
        same = [
            i for i in offered if sorted(i.split(":", 1)[1].split("+")) == sorted(arg.split("+"))
        ]
        if same:
            return f"those reward cards are written {same[0]!r}"
        return (
            "those reward cards cannot all be used in your laid-down hand "
            f"(rulebook: Ending the Hand 1, Reward); the choices are {offered}. "
            f"Now: {decision_text(state)}"
        )
    return None


def _seat_number(part: str) -> int | None:
    """A seat or pile number written plainly (``3``, not ``03`` or ``+3``), else None."""
    if part.isascii() and part.isdigit() and str(int(part)) == part:
        return int(part)
    return None


def _why_not_trade(state: CardGameState, seat: int, arg: str) -> str:
    parts = arg.split(":")
    numbers = [_seat_number(part) for part in parts]
    if len(parts) != 2 or None in numbers:
        return f"a trade is written trade:<seat>:<number of cards>. Now: {decision_text(state)}"
    other, count = parts
    theirs = len(state.trade_piles[int(other)]) if int(other) < state.players else 0
    if int(other) == seat or int(other) >= state.players:
        return f"player {other} is not an opponent you can trade with"
    if theirs == 0:
        return f"player {other}'s trade pile is empty: there is nothing to take"
    mine = len(state.trade_piles[seat])
    return (
        f"you can trade 1 to {min(mine, theirs)} cards with player {other}, not {count}: your "
        f"trade pile has {mine}, theirs has {theirs}, and you trade a like number "
        "(rulebook: Trade)"
    )


def _why_not_swap(state: CardGameState, seat: int, arg: str, two: bool) -> str | None:
    labels = [state.players + 1 + index for index in range(len(state.extra_piles))]
    label = _seat_number(arg)
    if label not in labels:
        if not labels:
            return "there are extra trading piles only with 2 or 3 players"
        return f"{arg!r} is not an extra trading pile: they are {labels}"
    rule = "rulebook: Rules for Two Players" if state.players == 2 else "rulebook: Rules for Three"
    if not state.extra_piles[labels.index(label)]:
        return f"pile {label} is empty: there is nothing to take ({rule})"
    mine = len(state.trade_piles[seat])
    if two and mine < 2:
        return f"swap2 puts your top two trade cards on the pile, and you have {mine} ({rule})"
    if two and not state.draw_pile:
        return f"swap2 also takes the top card of the draw pile, and it is empty ({rule})"
    return None


def _why_not_exchange(state: CardGameState, seat: int, arg: str) -> str:
    other = _seat_number(arg)
    if other is None or other == seat or other >= state.players:
        return f"{arg!r} is not another player's seat: exchange:<seat> names who you exchange with"
    return f"player {other} has no trade card to exchange (rulebook: Rules for Five or Six Players)"


def _why_not_declared(state: CardGameState, seat: int, arg: str, offered: list[str]) -> str:
    choices = laydown.declarations(state, seat)
    written = laydown.declared(state, seat, arg) if arg else None
    if written is not None:
        index = choices.index(written)
        return (
            f"that declaration is written {offered[index]!r} (the suggestion is plain "
            f"'lay_down'); the lay-downs are {offered}"
        )
    return (
        f"{arg!r} is not a role a Chance can take in this hand (rulebook: Lay Down 3: a "
        "missing Property, House or Hotel card, or a Token, keeping the lay-down legal); "
        f"the lay-downs are {offered}"
    )
