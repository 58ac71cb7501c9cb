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
from monopoly_widgets.cardgame.scoring import (
    HandScore,
    lay_down_problem,
    money,
    role_choices,
    score_cards,
)
from monopoly_widgets.cardgame.state import (
    HAND_LIMIT,
    REWARD_CARDS,
    CardGameState,
    add_to_hand,
    extra_pile_count,
    extra_pile_label,
)
from monopoly_widgets.core.actions import Action, Event
from monopoly_widgets.core.rng import make_rng

RULE_LAY_DOWN = 'rulebook "Lay Down"'
RULE_CHANCE = (
    'rulebook "Lay Down" 3 (a Chance for a missing Property, House or Hotel, or a Token) and '
    '"Ending the Hand" 1 ("You may not otherwise \'move\' a Chance card after the hand is laid '
    'down.")'
)
RULE_REWARD = 'rulebook "Ending the Hand" 1 (Reward)'
RULE_COLLECT = 'rulebook "Ending the Hand" 2 (Collect Discards)'
RULE_SCORING = 'rulebook "Scoring"'
RULE_MR_MONOPOLY = 'rulebook "Scoring" 1 (Mr. Monopoly)'
RULE_WINNING = 'rulebook "Winning the Game"'
RULE_DEAL = 'rulebook "The Deal"'
RULE_NEXT = 'rulebook "Next Hand"'
RULE_BIG = 'rulebook "Rules for Five or Six Players"'
RULE_FIRST = (
    'first player from the summary (monopoly-the-card-game-summary.txt): "The person to the '
    'left of the dealer goes first"'
)


def hand_problem(state: CardGameState, seat: int) -> str | None:
    """Why ``seat``'s hand cannot be laid down as cards go (None if it can)."""
    counts = state.counts(state.hands[seat])
    chances = counts.pop(CHANCE, 0)
    return lay_down_problem(counts, chances)


def lay_down_block(state: CardGameState, seat: int) -> str | None:
    """Why ``seat`` may not lay down now, by the turn rules (None if the turn allows it)."""
    if state.phase == "turn" and state.added:
        return "you have started a trade this turn, so you cannot lay down (rulebook: Play)"
    if not state.big_table:
        if state.phase != "turn" or state.done not in (None, "excess"):
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
    if state.phase == "turn" and state.done is None:
        return None
    if state.phase == "discard":
        return None
    if state.phase == "pass" and all(card is None for card in state.passes):
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
        rule = RULE_BIG + " (Reward)"
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
        state.phase = "reward"
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
            RULE_BIG + " (Reward: remove any unusable trade cards from play prior to scoring)",
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
    events.append(Event("Nobody scores this hand.", "option: unfinished_hand"))
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
                state, None, f"players {who} tie on {money(top)}: a draw", "option: top_tie"
            )
        events = [
            Event(
                f"Players {who} tie on {money(top)}: another hand is played.",
                "option: top_tie",
            )
        ]
        return events + _next_or_cap(state)
    return _next_or_cap(state)


def seat_list(seats: list[int]) -> str:
    """Seats for a sentence: "0 and 1", "0, 2 and 3"."""
    words = [str(seat) for seat in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def deal_text(state: CardGameState, each: int) -> str:
    """What the deal puts on the table, every pile named (rulebook "The Deal" and the rules
    for Two, Three, Five or Six Players)."""
    text = f"{each} cards each and one face-up trade card before each player"
    labels = [extra_pile_label(state.players, i) for i in range(len(state.extra_piles))]
    if labels:
        word = "pile" if len(labels) == 1 else "piles"
        text += f", plus one face-up trade card for extra trading {word} {seat_list(labels)}"
    if state.big_table:
        return text + "; the whole deck is dealt, so there is no draw pile"
    return text + f"; {len(state.draw_pile)} cards form the draw pile"


def deal_rule(state: CardGameState) -> str:
    """The rulebook sections a deal of this many players follows, and where the first
    player comes from: the full rulebook never says who plays first, the summary does."""
    if state.big_table:
        rule = RULE_BIG
    elif state.players == 2:
        rule = RULE_DEAL + ' and "Rules for Two Players"'
    elif state.players == 3:
        rule = RULE_DEAL + ' and "Rules for Three Players"'
    else:
        rule = RULE_DEAL
    return f"{rule}; {RULE_FIRST}"


def _next_or_cap(state: CardGameState) -> list[Event]:
    if state.turn >= state.settings.max_turns:
        return cap_match(
            state, f"the match reached max_turns ({state.settings.max_turns})", "option: max_turns"
        )
    if state.stalled_hands >= state.settings.max_stalled_hands:
        return cap_match(
            state,
            f"{state.stalled_hands} hands in a row ended with nobody out (max_stalled_hands)",
            "option: max_stalled_hands",
        )
    if state.hand_number >= state.settings.max_hands:
        return cap_match(
            state, f"the match reached max_hands ({state.settings.max_hands})", "option: max_hands"
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
    state.phase = "over"
    state.winner = winner
    state.result = why
    state.went_out = None
    state.chance_roles = ()
    text = f"Player {winner} wins the match: {why}." if winner is not None else f"{why}."
    return [Event(text[0].upper() + text[1:], rule, winner, "game_over", {"winner": winner})]


def deal_hand(state: CardGameState) -> list[Event]:
    """Rulebook "The Deal": 10 each (5 players 11, 6 players 9), one face-up trade card each."""
    n = state.players
    cards = list(range(len(state.deck)))
    make_rng(state.seed, "deal", state.hand_number).shuffle(cards)
    each = {5: 11, 6: 9}.get(n, 10)
    first = (state.dealer + 1) % n
    state.hands = [[] for _ in range(n)]
    state.trade_piles = [[] for _ in range(n)]
    state.extra_piles = [[] for _ in range(extra_pile_count(n))]
    for _ in range(each):
        for k in range(n):
            state.hands[(first + k) % n].append(cards.pop())
    for hand in state.hands:
        hand.sort()
    for k in range(n):
        state.trade_piles[(first + k) % n].append(cards.pop())
    for pile in state.extra_piles:
        pile.append(cards.pop())
    state.draw_pile = cards
    state.out_of_play = []
    state.reward = []
    state.passes = [None] * n
    state.went_out = None
    state.chance_roles = ()
    state.to_play = first
    state.phase = "turn"
    state.done = None
    state.added = False
    state.discards = 0
    state.hand_turns = 0
    return [
        Event(
            f"Hand {state.hand_number}: player {state.dealer} deals {deal_text(state, each)}. "
            f"Player {first} plays first.",
            deal_rule(state),
            state.dealer,
            "deal",
            {"hand": state.hand_number},
        )
    ]
