"""Laying down, the reward, scoring a hand, the end of the match and the next deal.

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
Chance. 2. COLLECT DISCARDS. 3. the other players lay down. Then SCORING,
"Winning the Game" and "Next Hand" (the deal passes left).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from monopoly_widgets.cardgame.cards import CHANCE, MR_MONOPOLY, MR_MONOPOLY_VALUE
from monopoly_widgets.cardgame.rulebook import (
    OPTION_MAX_HANDS,
    OPTION_MAX_STALLED_HANDS,
    OPTION_MAX_TURNS,
    OPTION_TOP_TIE,
    OPTION_UNFINISHED_HAND,
    RULE_BIG_COLLECT,
    RULE_BIG_REWARD,
    RULE_CHANCE,
    RULE_COLLECT,
    RULE_LAY_DOWN,
    RULE_MR_MONOPOLY,
    RULE_NEXT,
    RULE_REWARD,
    RULE_SCORING,
    RULE_WINNING,
)
from monopoly_widgets.cardgame.scoring import (
    HandScore,
    lay_down_problem,
    money,
    role_choices,
    score_cards,
)
from monopoly_widgets.cardgame.setup import deal_hand, seat_list
from monopoly_widgets.cardgame.state import (
    HAND_LIMIT,
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_REWARD,
    PHASE_TURN,
    REWARD_CARDS,
    CardGameState,
    add_to_hand,
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
            text = f"Lay down (go out), Chance as {roles}: {money(choice.total)} now (suggested)"
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


def apply_lay_down(state: CardGameState, seat: int, arg: str = "") -> list[Event]:
    """Lay the hand down with the declared Chance roles and take the reward.

    If no reward card is usable, the hand is finished at once.
    """
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


def _swap_options(roles: tuple[str, ...], added: Counter[str]) -> list[tuple[str, ...]]:
    """The Chance roles that could stay fixed, for every allowed swap (Reward: the swap)."""
    options = []
    for mask in range(1 << len(roles)):
        swapped = Counter(r for i, r in enumerate(roles) if mask >> i & 1)
        if all(added[name] >= n for name, n in swapped.items()):
            options.append(tuple(r for i, r in enumerate(roles) if not mask >> i & 1))
    return options


def _usable(state: CardGameState, seat: int, added: Counter[str]) -> bool:
    counts = state.counts(state.hands[seat]) + added
    chances = counts.pop(CHANCE, 0)
    for kept in _swap_options(state.chance_roles, added):
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


def layer_score(state: CardGameState, seat: int, added: Counter[str]) -> HandScore:
    """The best score of the player who laid down, trying each allowed Chance swap."""
    counts = state.counts(state.hands[seat])
    best: HandScore | None = None
    for kept in _swap_options(state.chance_roles, added):
        trial = score_cards(counts, True, state.settings, fixed_roles=kept)
        if trial.legal_lay_down and (best is None or trial.total > best.total):
            best = trial
    if best is None:  # cannot happen for a hand laid down by the rules; score it anyway
        best = score_cards(counts, True, state.settings)
    return best


def finish_hand(state: CardGameState, layer: int | None, added: list[int]) -> list[Event]:
    """Collect discards, lay down the other hands, score, then end the match or deal again."""
    events: list[Event] = []
    if layer is not None:
        state.stalled_hands = 0
        for card in added:
            add_to_hand(state.hands[layer], card)
    state.out_of_play.extend(state.reward)
    state.reward.clear()
    for pile in [*state.trade_piles, *state.extra_piles, state.draw_pile]:
        state.out_of_play.extend(pile)
        pile.clear()
    if state.big_table:  # no draw pile with 5 or 6 players
        collect = Event(
            "The trade cards left on the table and unused reward cards are removed from play.",
            RULE_BIG_COLLECT,
        )
    else:
        collect = Event(
            "The draw pile, the trading piles and unused reward cards are removed from play.",
            RULE_COLLECT,
        )
    events.append(collect)
    won = score_all_hands(state, layer, Counter(state.names(added)), events)
    state.last_hand = won
    for seat in range(state.players):
        state.scores[seat] += won[seat]
    events.extend(end_of_hand(state))
    return events


def score_all_hands(
    state: CardGameState, layer: int | None, added: Counter[str], events: list[Event]
) -> list[int]:
    """Every player's winnings for this hand, with one event each (rulebook "Scoring")."""
    results: list[HandScore] = []
    for seat in range(state.players):
        if seat == layer:
            results.append(layer_score(state, seat, added))
        else:
            results.append(score_cards(state.counts(state.hands[seat]), False, state.settings))
    won = [r.total for r in results]
    counts = [state.counts(h)[MR_MONOPOLY] for h in state.hands]
    most = max(counts)
    holders = [seat for seat, c in enumerate(counts) if c == most]
    for seat, result in enumerate(results):
        who = " (laid down)" if seat == layer else ""
        events.append(
            Event(
                f"Player {seat}{who} scores {money(result.total)}: {result.explain()}",
                RULE_SCORING,
                seat,
                "score",
                {"total": result.total, "lines": list(result.lines)},
            )
        )
    if most == 0:
        return won
    if len(holders) > 1:
        events.append(
            Event(
                f"Players {', '.join(map(str, holders))} tie for the most Mr. Monopoly cards "
                f"({most}): nobody wins the $1,000.",
                RULE_MR_MONOPOLY,
                kind="score",
            )
        )
        return won
    seat = holders[0]
    if results[seat].zeroed_by_chance:
        text = (
            f"Player {seat} holds the most Mr. Monopoly cards ({most}) but scores nothing "
            "this hand because of their Chance card."
        )
    else:
        won[seat] += MR_MONOPOLY_VALUE
        text = f"Player {seat} holds the most Mr. Monopoly cards ({most}) and wins $1,000."
    events.append(Event(text, RULE_MR_MONOPOLY, seat, "score", {"mr_monopoly": most}))
    return won


def unfinished_hand(state: CardGameState, reason: str, rule: str) -> list[Event]:
    """End a hand nobody laid down in (draw pile empty, or the per-hand turn cap)."""
    events = [Event(reason, rule)]
    state.stalled_hands += 1
    if state.settings.unfinished_hand == "score_all":
        events.extend(finish_hand(state, None, []))
        return events
    events.append(Event("Nobody scores this hand.", OPTION_UNFINISHED_HAND))
    state.last_hand = [0] * state.players
    events.extend(end_of_hand(state))
    return events


def end_of_hand(state: CardGameState) -> list[Event]:
    """Rulebook "Winning the Game", else the caps, else "Next Hand"."""
    settings = state.settings
    target = settings.target_for(state.players)
    top = max(state.scores)
    leaders = [s for s, v in enumerate(state.scores) if v == top]
    if top >= target:
        if len(leaders) == 1:
            return end_match(
                state,
                leaders[0],
                f"player {leaders[0]} has {money(top)}, the most money of those at "
                f"{money(target)} or more",
                RULE_WINNING,
            )
        who = seat_list(leaders)
        if settings.top_tie == "draw":
            return end_match(
                state, None, f"players {who} tie on {money(top)}: a draw", OPTION_TOP_TIE
            )
        events = [
            Event(
                f"Players {who} tie on {money(top)}: another hand is played.",
                OPTION_TOP_TIE,
            )
        ]
        return events + _next_or_cap(state)
    return _next_or_cap(state)


def _next_or_cap(state: CardGameState) -> list[Event]:
    if state.turn >= state.settings.max_turns:
        return cap_match(
            state, f"the match reached max_turns ({state.settings.max_turns})", OPTION_MAX_TURNS
        )
    if state.stalled_hands >= state.settings.max_stalled_hands:
        return cap_match(
            state,
            f"{state.stalled_hands} hands in a row ended with nobody out (max_stalled_hands)",
            OPTION_MAX_STALLED_HANDS,
        )
    if state.hand_number >= state.settings.max_hands:
        return cap_match(
            state, f"the match reached max_hands ({state.settings.max_hands})", OPTION_MAX_HANDS
        )
    state.hand_number += 1
    state.dealer = (state.dealer + 1) % state.players
    state.turn += 1
    events = [Event(f"The deal passes left to player {state.dealer}.", RULE_NEXT)]
    return events + deal_hand(state)


def cap_match(state: CardGameState, why: str, rule: str) -> list[Event]:
    """End the match at a cap: the single leader wins (option cap_result), else a draw."""
    top = max(state.scores)
    leaders = [s for s, v in enumerate(state.scores) if v == top]
    if state.settings.cap_result == "leader" and len(leaders) == 1:
        return end_match(state, leaders[0], f"{why}; player {leaders[0]} leads", rule)
    return end_match(state, None, f"{why}; no single leader: a draw", rule)


def end_match(state: CardGameState, winner: int | None, why: str, rule: str) -> list[Event]:
    """The match is over."""
    state.phase = PHASE_OVER
    state.winner = winner
    state.result = why
    state.went_out = None
    state.chance_roles = ()
    text = f"Player {winner} wins the match: {why}." if winner is not None else f"{why}."
    return [Event(text[0].upper() + text[1:], rule, winner, "game_over", {"winner": winner})]
