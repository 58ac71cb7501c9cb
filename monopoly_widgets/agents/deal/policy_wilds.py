"""``DealPolicyAgent``'s rule for placing wilds: flip a wild to where it builds more
(``agents/deal/policy.py`` says how it was found and measured; the two-step win that
moves wilds is in ``deal_policy_wilds.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from monopoly_widgets.agents.deal.policy_view import (
    SCORES,
    PolicyView,
    my_table,
    wilds_on_table,
)
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.memo import Memo
from monopoly_widgets.deal.cards import CARD_COLOURS, COLOUR_NAMES, NAME, PACK_SIZE


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
