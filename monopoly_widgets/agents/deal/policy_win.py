"""``DealPolicyAgent``'s rule for a win that takes two steps: move a wild out of a complete set
to complete another, then complete the first again (``agents/deal/policy.py`` says how it
was found and measured; the rules for where wilds stand otherwise are in ``policy_wilds.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from monopoly_widgets.agents.deal.policy_view import (
    PolicyView,
    choose_without,
    my_table,
)
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    COLOUR_NAMES,
    KIND,
    NAME,
    NATURAL_IDS,
    PACK_SIZE,
    SET_SIZE,
)


def win_this_turn(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Take a win that needs wilds re-arranged: the next step of a plan to 3 sets now.

    Rulebook: the game ends when a player "collects 3 complete Property sets in
    different colors"; wild cards can be flipped "any time on your turn" (free),
    and up to 3 cards played. The heuristic looks one action ahead, so it misses a
    win that needs two: move a multicolour wild out of a complete Brown set into
    Red, completing it, then lay the Brown from hand to complete Brown again.
    Here every way to lay up to ``plays_left`` properties from hand and place the
    wilds (table and laid) is tried; if one completes 3 colours, its next step
    (wild moves first, they are free) is played.
    """
    if choice.id.startswith("breaker:"):
        return None
    plan = _winning_plan(view, 3)
    if plan is None:
        return None
    moves, lays = plan
    ids = {action.id: action for action in legal}
    for step in (*moves, *lays):
        action = ids.get(step)
        if action is not None:
            return action
    # No step is open now (the engine's wild options): play on, but move no wild against
    # the plan (no other rule may move one while a plan stands).
    if choice.kind == "move_wild":
        return choose_without(view, legal, "wild:")
    return choice


def _winning_plan(view: PolicyView, goal: int) -> tuple[list[str], list[str]] | None:
    """(wild moves, lays) as action ids that give ``goal`` complete colours, or None.

    The fewest cards laid from hand, then the fewest wild moves. Which plans exist does
    not depend on where the wilds are now, and a move made from the plan leaves one with
    a move fewer: so following it one step at a time always ends, never in circles.

    Worth planning only with a wild on the table to move (without one, laying what
    completes a set, one card at a time as the heuristic does, is all there is), at
    least 6 cards (the three smallest sets) on the table or playable this turn, and
    enough cards and wilds for ``goal`` colours (``_could_win``): read from the game's
    own piles, as most decisions stop there.
    """
    naturals = [0] * len(SET_SIZE)
    table_wilds: list[tuple[int, int, str]] = []  # (card, colour): the bound needs no labels
    cards = 0
    for pile in view.piles:
        cards += len(pile.cards)
        for card in pile.cards:
            if card in NATURAL_IDS:
                naturals[pile.colour] += 1
            else:
                table_wilds.append((card, pile.colour, ""))
    if not table_wilds or cards + view.plays_left < 6:
        return None
    hand = [card for card in view.hand if KIND[card % PACK_SIZE] in ("property", "wild")]
    if not _could_win(naturals, table_wilds, hand, goal):
        return None
    # The plan depends on nothing else (my piles give ``my_table``), and plays beyond the
    # cards that could be laid change nothing: games and the search's rollouts meet the
    # same tables again and again.
    plays = min(view.plays_left, len(hand))
    key = (tuple([(pile.colour, *pile.cards) for pile in view.piles]), tuple(hand), plays, goal)
    plan = _PLANS.get(key)
    if plan is None:
        mine = my_table(view)
        found = _search_plan(mine.naturals, mine.wilds, hand, plays, goal)
        plan = _PLANS.keep(key, found or False)
    return plan or None


#: Winning plans (or False: none) by what they depend on (``_winning_plan``).
_PLANS: Memo[tuple, tuple[list[str], list[str]] | bool] = Memo(20_000)


def _search_plan(
    naturals: list[int], wilds: list[tuple[int, int, str]], hand: list[int], plays: int, goal: int
) -> tuple[list[str], list[str]] | None:
    """``_winning_plan``'s search over the cards laid (at most ``plays`` from ``hand``)."""
    for size in range(0, plays + 1):
        best: tuple[list[tuple[int, int, int, str]], tuple[int, ...]] | None = None
        best_moves = 0
        for laid in combinations(hand, size):
            counts = naturals[:]
            free: list[tuple[int, int, str]] = list(wilds)
            for card in laid:
                if card in NATURAL_IDS:
                    counts[CARD_COLOURS[card % PACK_SIZE][0]] += 1
                else:
                    free.append((card, -1, ""))
            if not _could_win(counts, free, [], goal):
                continue
            placed = _place_wilds(counts, free, goal)
            if placed is not None and (best is None or _moves(placed) < best_moves):
                best, best_moves = (placed, laid), _moves(placed)
                if best_moves == 0:
                    break  # nothing later can move fewer (only fewer replaces it)
        if best is not None:
            return _steps(*best)
    return None


def _moves(placed: list[tuple[int, int, int, str]]) -> int:
    """How many table wilds an assignment moves."""
    return sum(1 for _, colour, now, _ in placed if now >= 0 and colour != now)


def _could_win(
    naturals: list[int], wilds: list[tuple[int, int, str]], hand: list[int], goal: int
) -> bool:
    """A quick bound: could ``goal`` colours be completed, each needing real cards and
    as many wilds as it lacks, with no wild counted twice over the cheapest colours?"""
    counts = naturals[:]
    for card in hand:
        if card in NATURAL_IDS:
            counts[CARD_COLOURS[card % PACK_SIZE][0]] += 1
    spare = [card for card, _, _ in wilds] + [c for c in hand if c not in NATURAL_IDS]
    able = [0] * len(SET_SIZE)
    for card in spare:
        for colour in CARD_COLOURS[card % PACK_SIZE]:
            able[colour] += 1
    lacking = sorted(
        max(0, size - counts[c])
        for c, size in enumerate(SET_SIZE)
        if counts[c] and size - counts[c] <= able[c]
    )
    return len(lacking) >= goal and sum(lacking[:goal]) <= len(spare)


def _place_wilds(
    counts: list[int], wilds: list[tuple[int, int, str]], goal: int
) -> list[tuple[int, int, int, str]] | None:
    """Colours for the wilds that complete ``goal`` colours with real cards, as
    (card, new colour, old colour, pile label), moving as few table wilds as can be;
    wilds not needed stay where they are (and are left out)."""
    able = [0] * len(SET_SIZE)
    for card, _, _ in wilds:
        for colour in CARD_COLOURS[card % PACK_SIZE]:
            able[colour] += 1
    candidates = [c for c, size in enumerate(SET_SIZE) if counts[c] and size - counts[c] <= able[c]]
    best: list[tuple[int, int, int, str]] | None = None
    best_moves = 0
    from_hand = sum(1 for _, now, _ in wilds if now < 0)  # laying one moves nothing
    for chosen in combinations(candidates, goal):
        need = {c: SET_SIZE[c] - counts[c] for c in chosen if SET_SIZE[c] > counts[c]}
        if sum(need.values()) > len(wilds):
            continue  # each wild fills one gap: ``_cover`` could only fail
        # Wilds already on a needed colour stay there (no move), if the rest can then be
        # covered; otherwise every wild is free to go anywhere it can.
        kept, rest, assignment = keep_in_place(need, wilds)
        if best is not None and sum(kept.values()) - from_hand >= best_moves:
            continue  # gaps no wild already fills: at least that many moves, no fewer
        found = _cover(kept, rest, assignment)
        if found is None:
            found = _cover(dict(need), list(wilds), [])
        if found is not None and (best is None or _moves(found) < best_moves):
            best, best_moves = found, _moves(found)
            if best_moves == 0:
                break  # nothing later can move fewer (only fewer replaces it)
    return best


def keep_in_place(
    need: dict[int, int], wilds: list[tuple[int, int, str]]
) -> tuple[dict[int, int], list[tuple[int, int, str]], list[tuple[int, int, int, str]]]:
    """Wilds already on a colour in ``need`` stay there, one per gap: (the gaps left, the
    wilds not kept, the kept wilds as (card, colour, same colour, pile label))."""
    kept = dict(need)
    rest: list[tuple[int, int, str]] = []
    assignment: list[tuple[int, int, int, str]] = []
    for wild in wilds:
        card, now, label = wild
        if kept.get(now, 0) > 0:
            kept[now] -= 1
            assignment.append((card, now, now, label))
        else:
            rest.append(wild)
    return kept, rest, assignment


def _cover(
    need: dict[int, int],
    wilds: list[tuple[int, int, str]],
    assignment: list[tuple[int, int, int, str]],
) -> list[tuple[int, int, int, str]] | None:
    """Backtracking: give each unmet need a wild that can take that colour.

    The colour with the fewest wilds able to fill it goes first, a colour that cannot be
    filled ends the branch, and wilds with the same name and place are tried once."""
    colour = -1
    fewest = 99
    for c, n in need.items():
        if n > 0:
            able = sum(1 for card, _, _ in wilds if c in CARD_COLOURS[card % PACK_SIZE])
            if able < n:
                return None
            if able < fewest:
                colour, fewest = c, able
    if colour < 0:
        return assignment
    tried = set()
    for index, (card, now, label) in enumerate(wilds):
        kind = (card % PACK_SIZE, now)
        if kind in tried or colour not in CARD_COLOURS[card % PACK_SIZE]:
            continue
        tried.add(kind)
        need[colour] -= 1
        found = _cover(
            need, wilds[:index] + wilds[index + 1 :], [*assignment, (card, colour, now, label)]
        )
        need[colour] += 1
        if found is not None:
            return found
    return None


def _steps(
    placed: list[tuple[int, int, int, str]], laid: tuple[int, ...]
) -> tuple[list[str], list[str]]:
    """Action ids: wild moves (``wild:<pile>:<card>:<colour>``), then lays."""
    colour_of = {card: colour for card, colour, _, _ in placed}
    moves = [
        f"wild:{label}:{NAME[card % PACK_SIZE]}:{COLOUR_NAMES[colour]}"
        for card, colour, now, label in placed
        if now >= 0 and colour != now
    ]
    lays = []
    for card in laid:
        name = NAME[card % PACK_SIZE]
        if card in NATURAL_IDS:
            lays.append(f"lay:{name}")
        else:
            colour = colour_of.get(card, CARD_COLOURS[card % PACK_SIZE][0])
            lays.append(f"lay:{name}:{COLOUR_NAMES[colour]}")
    return moves, lays
