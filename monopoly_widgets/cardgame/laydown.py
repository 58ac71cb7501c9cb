"""Laying down (going out) with its Chance declarations, and the reward.

Rulebook "Lay Down": at least one complete colour group, every group complete,
Houses and Hotels in sequence, any number of bonus cards; a Chance may stand
for a missing Property, House, Hotel or a Token. The player DECLARES what each
Chance stands for as part of the lay-down (``lay_down:<role>``; plain
``lay_down`` declares the roles that score most now, the engine's suggestion),
and the role is then fixed: "(You may not otherwise 'move' a Chance card after
the hand is laid down.)" (rulebook "Ending the Hand" 1). Where the Houses go is
decided when the hand is scored, on the dearest groups ("the player may decide
which color-group to enhance with the house/hotel cards present (to make the
hand as valuable as possible)", "Ending the Hand" 1).

Rulebook "Ending the Hand": 1. REWARD: the top five cards of the draw pile
(5-6 players: the trade cards on the table); the player may add any usable
ones, and a drawn card that a Chance stood for may replace it, freeing the
Chance. The rest of the hand (collect, score, next hand) is in ``ending.py``.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from monopoly_widgets.cardgame.cards import CHANCE
from monopoly_widgets.cardgame.ending import finish_hand, swap_options
from monopoly_widgets.cardgame.rulebook import (
    RULE_BIG_REWARD,
    RULE_CHANCE,
    RULE_LAY_DOWN,
    RULE_REWARD,
)
from monopoly_widgets.cardgame.scoring import (
    HandScore,
    lay_down_problem,
    money,
    role_choices,
)
from monopoly_widgets.cardgame.state import (
    HAND_LIMIT,
    PHASE_DISCARD,
    PHASE_PASS,
    PHASE_REWARD,
    PHASE_TURN,
    REWARD_CARDS,
    CardGameState,
)
from monopoly_widgets.core.actions import Action, Event


def hand_problem(state: CardGameState, seat: int) -> str | None:
    """Why ``seat``'s hand cannot be laid down as cards go (None if it can)."""
    counts = state.counts(state.hands[seat])
    chances = counts.pop(CHANCE, 0)
    return lay_down_problem(counts, chances)


def lay_down_block(state: CardGameState, seat: int) -> str | None:
    """Why ``seat`` may not lay down now, by the turn rules (None if the turn allows it)."""
    if state.phase == PHASE_TURN and state.added:
        return "you have started a trade this turn, so you cannot lay down (rulebook: Play)"
    if not state.big_table:
        if state.phase != PHASE_TURN or state.done not in (None, "excess"):
            return (
                "you drew or traded this turn: you cannot lay down on the same turn "
                "(rulebook: Play, Note)"
            )
        if len(state.hands[seat]) > HAND_LIMIT:
            return (
                f"you hold {len(state.hands[seat])} cards: discard the excess to your trade "
                "pile first, then you may still lay down (rulebook: Lay Down, Note)"
            )
        return None
    if state.phase == PHASE_TURN and state.done is None:
        return None
    if state.phase == PHASE_DISCARD:
        return None
    if state.phase == PHASE_PASS and all(card is None for card in state.passes):
        return None  # after the discard, before anyone passes (rulebook: Going Out)
    return "you may only go out before the cards are passed left (rulebook: Going Out)"


def declarations(state: CardGameState, seat: int) -> list[HandScore]:
    """The legal Chance declarations for ``seat``'s hand, the suggestion (scores most) first.

    A hand without a Chance has exactly one (no roles). Only call this for a hand
    that :func:`hand_problem` accepts.
    """
    counts = state.counts(state.hands[seat])
    chances = counts.pop(CHANCE, 0)
    return role_choices(counts, chances, state.settings)


def role_id(roles: tuple[str, ...]) -> str:
    """The action id of a declaration: ``lay_down:2nd House``, ``lay_down:Token+Boardwalk``."""
    return "lay_down:" + "+".join(roles)


def lay_down_actions(state: CardGameState, seat: int) -> list[Action]:
    """One lay-down action per legal Chance declaration (rulebook "Lay Down" 3).

    Plain ``lay_down`` (the id saved games and lessons have always used) declares the
    suggestion: the roles that score most with the cards held now. Every other legal
    declaration is ``lay_down:<role>[+<role>]``, so a player may declare, say, the 2nd
    House to be ready for a 3rd House in the reward.
    """
    choices = declarations(state, seat)
    if not choices[0].chance_roles:
        return [Action("lay_down", "Lay down your hand (go out)", seat, "lay_down")]
    actions = []
    for index, choice in enumerate(choices):
        roles = " and ".join(choice.chance_roles)
        if index == 0:
            most = "the most now, before the reward"
            text = f"Lay down (go out), Chance as {roles}: {money(choice.total)} now ({most})"
            actions.append(Action("lay_down", text, seat, "lay_down"))
        else:
            text = f"Lay down (go out), Chance as {roles}: {money(choice.total)} now"
            actions.append(Action(role_id(choice.chance_roles), text, seat, "lay_down"))
    return actions


def declared(state: CardGameState, seat: int, arg: str) -> HandScore | None:
    """The declaration an action argument names ("" = the suggestion), or None if not legal."""
    choices = declarations(state, seat)
    if not arg:
        return choices[0]
    wanted = sorted(arg.split("+"))
    for choice in choices:
        if sorted(choice.chance_roles) == wanted:
            return choice
    return None


def apply_lay_down(state: CardGameState, action: Action, arg: str) -> list[Event]:
    """Lay the hand down with the declared Chance roles and take the reward.

    If no reward card is usable, the hand is finished at once.
    """
    seat = action.player
    choice = declared(state, seat, arg)
    assert choice is not None
    state.went_out = seat
    state.chance_roles = choice.chance_roles
    roles = ""
    if choice.chance_roles:
        roles = (
            f" Player {seat} declares each Chance: "
            + ", ".join(f"Chance as {role}" for role in choice.chance_roles)
            + " (a Chance may stand for a missing Property, House or Hotel card, or a Token; "
            "it may not be moved later, except to swap in the real card from the reward)."
        )
    events = [
        Event(
            f"Player {seat} lays down: {', '.join(state.names(state.hands[seat]))}.{roles}",
            RULE_CHANCE if choice.chance_roles else RULE_LAY_DOWN,
            seat,
            "lay_down",
            {"chance_roles": list(choice.chance_roles)},
        )
    ]
    if state.big_table:
        for pile in state.trade_piles:
            state.reward.extend(pile)
            pile.clear()
        text = "the trade cards on the table"
        rule = RULE_BIG_REWARD
    else:
        take = min(REWARD_CARDS, len(state.draw_pile))
        for _ in range(take):
            state.reward.append(state.draw_pile.pop())
        text = "the top card" if take == 1 else f"the top {take} cards"
        text += " of the draw pile"
        rule = RULE_REWARD
    if state.reward:
        reward_text = (
            f"Reward: player {seat} may add usable cards from {text}: "
            f"{', '.join(state.names(state.reward))}."
        )
    elif state.big_table:
        reward_text = f"Reward: there are no trade cards on the table, so player {seat} gets none."
    else:
        reward_text = (
            f"Reward: the draw pile is empty, so player {seat} gets no reward cards (the "
            'rulebook: "or the remaining cards if fewer than five remain").'
        )
    events.append(Event(reward_text, rule, seat, "reward", {"cards": state.names(state.reward)}))
    choices = reward_choices(state)
    if len(choices) > 1:
        state.phase = PHASE_REWARD
        return events
    return events + finish_hand(state, seat, [])


def _usable(state: CardGameState, seat: int, added: Counter[str]) -> bool:
    counts = state.counts(state.hands[seat]) + added
    chances = counts.pop(CHANCE, 0)
    for kept in swap_options(state.chance_roles, added):
        base = counts + Counter(kept)
        if lay_down_problem(base, chances - len(kept)) is None:
            return True
    return False


def reward_choices(state: CardGameState) -> list[tuple[str, ...]]:
    """Every set of reward cards (by name) the player may add; () first (add nothing)."""
    seat = state.went_out
    assert seat is not None
    available = state.counts(state.reward)
    names = list(dict.fromkeys(state.names(sorted(state.reward))))
    choices: list[tuple[str, ...]] = [()]
    for amounts in product(*(range(available[n] + 1) for n in names)):
        if not any(amounts):
            continue
        added = Counter({n: a for n, a in zip(names, amounts, strict=True) if a})
        if _usable(state, seat, added):
            choices.append(tuple(n for n, a in zip(names, amounts, strict=True) for _ in range(a)))
    return choices


def reward_actions(state: CardGameState) -> list[Action]:
    """The reward decision as actions: ``reward:none`` or ``reward:A+B``."""
    seat = state.went_out
    assert seat is not None
    actions = []
    for choice in reward_choices(state):
        if not choice:
            actions.append(Action("reward:none", "Add none of the reward cards", seat, "reward"))
        else:
            actions.append(
                Action(
                    "reward:" + "+".join(choice),
                    "Add " + ", ".join(choice) + " to your laid-down hand",
                    seat,
                    "reward",
                )
            )
    return actions


def apply_reward(state: CardGameState, choice: tuple[str, ...]) -> list[Event]:
    """Add the chosen reward cards and finish the hand."""
    seat = state.went_out
    assert seat is not None
    added: list[int] = []
    for name in choice:
        card = state.find_in(state.reward, name)
        assert card is not None
        state.reward.remove(card)
        added.append(card)
    events = [
        Event(
            f"Player {seat} adds {', '.join(choice) or 'no cards'} from the reward.",
            RULE_REWARD,
            seat,
            "reward",
            {"added": list(choice)},
        )
    ]
    return events + finish_hand(state, seat, added)
