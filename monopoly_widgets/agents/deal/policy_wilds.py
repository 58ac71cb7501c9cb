"""``DealPolicyAgent``'s rules for where the wilds stand: flip a wild to where it builds more,
and out of a complete set as the turn ends (``agents/deal/policy.py`` says how they were
found and measured; the two-step win that moves wilds is in ``policy_win.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from monopoly_widgets.agents.deal.policy_view import (
    SCORES,
    PolicyView,
    choose_without,
    my_table,
    pooled,
    wilds_on_table,
)
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.deal.cards import (
    CARD_COLOURS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    NAME,
    PACK_SIZE,
    SET_SIZE,
)
from monopoly_widgets.deal.properties import completes


def place_wilds_well(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """Flip a wild to where it does more: out of a set that has a card to spare, or out
    of a pile with no real card, into a colour it builds.

    Rulebook, "Property Wild Cards": "You can flip the card to change the color of the
    Property any time on your turn!" (free: it uses none of the 3 plays). The
    heuristic moves a wild only when that completes a set, so a multicolour wild
    stays in a Brown set that a second Brown card already completes, or two Red/Yellow
    wilds sit in Red with no real Red card while a real Yellow waits alone. The coach
    rated such moves far above the heuristic's choice (0.58 against 0.31, 0.81 against
    0.38 in sampled positions). Each colour is scored by how close it is to a set
    (complete: 1; else the share held, squared, halved without a real card; a second
    pile of a colour counts with the first, as the engine merges unfinished piles),
    and the move that raises the total most is made; a move must raise it, so
    wilds never go round in circles.
    """
    if choice.id.startswith("breaker:"):
        return None
    # The moves wanted depend on my piles alone, which stay the same over most of a turn.
    key = tuple([(pile.colour, *pile.cards) for pile in view.piles])
    wanted = _WANTED.get(key)
    if wanted is None:
        wanted = _WANTED.keep(key, _wanted_moves(view) if wilds_on_table(view)[0] else ())
    if not wanted:
        return None
    ids = {action.id: action for action in legal if action.kind == "move_wild"}
    for move in wanted:  # the best move the rules allow now
        best = ids.get(move)
        if best is not None:
            return best
    return None


#: ``place_wilds_well``'s wanted moves (action ids, best first) by my piles.
_WANTED: Memo[tuple, tuple[str, ...]] = Memo(20_000)


def _wanted_moves(view: PolicyView) -> tuple[str, ...]:
    """The wild moves that raise my colours' total score, as action ids, best first."""
    mine = my_table(view)
    counts, naturals = mine.counts, mine.naturals
    wanted: list[tuple[float, str, str, int]] = []  # (gain, pile label, wild name, colour)
    for card, source, label in mine.wilds:
        scores = SCORES[source][naturals[source] > 0]
        loss = scores[counts[source]] - scores[counts[source] - 1]
        for target in CARD_COLOURS[card % PACK_SIZE]:
            if target != source:
                scores = SCORES[target][naturals[target] > 0]
                gain = scores[counts[target] + 1] - scores[counts[target]] - loss
                if gain > 1e-9:
                    wanted.append((gain, label, NAME[card % PACK_SIZE], target))
    wanted.sort(key=lambda move: -move[0])
    return tuple(f"wild:{label}:{name}:{COLOUR_NAMES[target]}" for _, label, name, target in wanted)


# --- the end of a turn --------------------------------------------------------------------------
def hide_sets(view: PolicyView, legal: Sequence[Action], choice: Action) -> Action | None:
    """When the turn would end, flip a wild out of a complete set, and complete no set with
    a wild: the set is whole again next turn, free.

    Leaflet, "Deal Breaker": "Steal a full set of properties from any other player"; Sly
    Deal: "You cannot steal a card from a full set"; wild cards can be flipped "any time
    on your turn" (rulebook, "Property Wild Cards"), using no play. A complete set
    left on the table over the opponent's turn is what a Deal Breaker takes whole
    (with the game, if it is one of three); with its wild flipped to another colour it
    is one card short, and the heuristic flips it back (it scores completing a set with
    a wild at 95) at the start of the next turn. The coach preferred such flips to
    ending the turn ("end turn, coach: wild", the most common kind in its study of
    this agent: 21 of 205 decisions; e.g. 0.81 against 0.79 for flipping a
    Multicolour wild out of a Dark Blue pair). The turn "would end" when the
    heuristic's choice is to end it, or is a wild move with ending it the best of the
    rest; then a set with a House or Hotel, or with a spare card, is left alone, and
    a wild never goes where it completes another set (so flips cannot go round).
    """
    if choice.kind == "move_wild":
        rest = choose_without(view, legal, "wild:")
        if rest is None or rest.id != "end_turn":
            return None
        blocked: Action | None = rest  # no set completed now: it would stand all their turn
    elif choice.id == "end_turn":
        blocked = None
    else:
        return None
    piles = {pile.label: pile for pile in view.table}
    counts, naturals = pooled(view.table)
    for action in legal:
        if action.kind != "move_wild":
            continue
        _, label, _, colour = action.id.split(":")
        pile = piles.get(label)
        if pile is None or not pile.complete or pile.house >= 0 or pile.hotel >= 0:
            continue
        if len(pile.cards) > SET_SIZE[pile.colour]:
            continue  # a card to spare: still complete without the wild
        target = COLOUR_INDEX[colour]
        if completes(counts[target] + 1, target, naturals[target]):
            continue  # would complete another set
        return action
    return blocked
