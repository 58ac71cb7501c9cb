"""The end of a hand and of the match: collect, score, decide the winner, deal again.

Rulebook "Ending the Hand": 2. COLLECT DISCARDS (the draw pile and the trading
piles leave play); 3. the other players lay down their hands. "Scoring": every
hand is scored (``scoring.py``), and the single player with the most Mr.
Monopoly cards wins $1,000. "Winning the Game": the most money at or over the
target wins; else "Next Hand": the deal passes left. The caps (options
max_turns, max_hands, max_stalled_hands) make sure that a match always ends.
"""

from __future__ import annotations

from collections import Counter

from monopoly_widgets.cardgame.cards import MR_MONOPOLY, MR_MONOPOLY_VALUE
from monopoly_widgets.cardgame.rulebook import (
    OPTION_CAP_RESULT,
    OPTION_MAX_HANDS,
    OPTION_MAX_STALLED_HANDS,
    OPTION_MAX_TURNS,
    OPTION_TOP_TIE,
    OPTION_UNFINISHED_HAND,
    RULE_BIG_COLLECT,
    RULE_COLLECT,
    RULE_MR_MONOPOLY,
    RULE_NEXT,
    RULE_SCORING,
    RULE_WINNING,
)
from monopoly_widgets.cardgame.scoring import HandScore, money, score_cards
from monopoly_widgets.cardgame.setup import deal_hand, seat_list
from monopoly_widgets.cardgame.state import PHASE_OVER, CardGameState, add_to_hand
from monopoly_widgets.core.actions import Event


def swap_options(roles: tuple[str, ...], added: Counter[str]) -> list[tuple[str, ...]]:
    """The Chance roles that could stay fixed, for every allowed swap (Reward: the swap)."""
    options = []
    for mask in range(1 << len(roles)):
        swapped = Counter(r for i, r in enumerate(roles) if mask >> i & 1)
        if all(added[name] >= n for name, n in swapped.items()):
            options.append(tuple(r for i, r in enumerate(roles) if not mask >> i & 1))
    return options


def layer_score(state: CardGameState, seat: int, added: Counter[str]) -> HandScore:
    """The best score of the player who laid down, trying each allowed Chance swap."""
    counts = state.counts(state.hands[seat])
    best: HandScore | None = None
    for kept in swap_options(state.chance_roles, added):
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
    # The $1,000 is decided first, so each player's line ends with what they receive.
    bonus = holders[0] if most and len(holders) == 1 else None
    if bonus is not None and results[bonus].zeroed_by_chance:
        bonus = None
    for seat, result in enumerate(results):
        who = " (laid down)" if seat == layer else ""
        lines = list(result.lines)
        total = result.total
        if seat == bonus:
            total += MR_MONOPOLY_VALUE
            lines[-1] += f" + Mr. Monopoly {money(MR_MONOPOLY_VALUE)} = {money(total)}"
        events.append(
            Event(
                f"Player {seat}{who} scores {money(total)}: {'; '.join(lines)}",
                RULE_SCORING,
                seat,
                "score",
                {"total": total, "lines": lines},
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
    """End the match at a cap (option cap_result): unfinished with the leader named (the
    default: rulebook "Winning the Game" ends a match only at the target), the single
    leader winning, or a draw."""
    top = max(state.scores)
    leaders = [s for s, v in enumerate(state.scores) if v == top]
    result = state.settings.cap_result
    rule = f"{rule}; {OPTION_CAP_RESULT}"
    if result == "unfinished":
        target = money(state.settings.target_for(state.players))
        leads = (
            f"player {leaders[0]} leads with {money(top)}"
            if len(leaders) == 1
            else f"players {seat_list(leaders)} lead with {money(top)} each"
        )
        why = f"{why}; nobody reached {target}, so the match stops unfinished: {leads}"
        return end_match(state, None, why, rule)
    if result == "leader" and len(leaders) == 1:
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
