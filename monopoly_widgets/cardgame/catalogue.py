"""Every action id Monopoly: The Card Game can offer, for a player count and options, in order.

Learning code (``monopoly_widgets.rl``) numbers the actions once: a policy outputs one
number per id, a mask says which are legal now. The ids (``legal.py``, ``trading.py``,
``laydown.py``) are:

=====================================  ==================================================
``draw`` / ``no_exchange`` / ``end_turn``  the bare words (``legal.BARE_KINDS``)
``<kind>:<card>``                      add, excess, discard, put, pass (``legal.CARD_KINDS``)
``trade:<seat>:<n>``                   trade the top ``n`` of two trade piles
``swap:<pile>`` / ``swap2:<pile>``     trade with an extra pile (2 and 3 players)
``exchange:<seat>``                    exchange trade cards (5 and 6 players)
``lay_down`` / ``lay_down:<roles>``    go out, declaring each Chance (``laydown.role_id``)
``reward:none`` / ``reward:<A+B..>``   add reward cards to the laid-down hand
=====================================  ==================================================

The reward is the one family too large to list: any sub-multiset of five cards drawn from
37 names is over a million ids. So it is listed *by position* instead, a factored form:
``reward:@<positions>`` stands for the reward cards at those positions of the reward pile
(in deck order, as ``laydown.reward_choices`` lists them), 31 slots for the 31 non-empty
subsets of five. :func:`slot_ids` says which real id each slot stands for in a state; two
slots that name the same cards (two Tokens in the reward) give the same id, and the first
slot is the one that stands for it. The conformance suite checks at every step of random
games that every legal id is in the catalogue or is what a slot stands for
(``testing.check_catalogue_coverage``).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from monopoly_widgets.cardgame.cards import CHANCE, HOTEL, HOUSES, PROPERTIES, TOKEN, build_deck
from monopoly_widgets.cardgame.laydown import role_id
from monopoly_widgets.cardgame.legal import BARE_KINDS, CARD_KINDS
from monopoly_widgets.cardgame.options import OPTIONS
from monopoly_widgets.cardgame.state import (
    REWARD_CARDS,
    CardGameState,
    extra_pile_count,
    extra_pile_label,
)
from monopoly_widgets.core.memo import remembered
from monopoly_widgets.core.options import resolve_options

#: The reward slots: subsets of positions 0..4 of the reward pile, smallest first.
REWARD_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    subset
    for size in range(1, REWARD_CARDS + 1)
    for subset in combinations(range(REWARD_CARDS), size)
)


def action_catalogue(players: int, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """Every id (or reward slot) that can ever be legal with ``players`` and ``options``.

    Stable: the same arguments give the same tuple, in the same order, every session.
    The options change no id form (only which ids are legal), so they are only checked.
    """
    resolve_options(OPTIONS, options)
    return _catalogue(players)


@remembered(8)
def _catalogue(players: int) -> tuple[str, ...]:
    deck = build_deck()
    names = list(dict.fromkeys(card.name for card in deck))
    ids: list[str] = list(BARE_KINDS)
    ids += [f"{kind}:{name}" for kind in CARD_KINDS for name in names]
    # A trade of n needs n cards in each of two piles, so n is at most half the deck.
    most = len(deck) // 2
    ids += [f"trade:{seat}:{n}" for seat in range(players) for n in range(1, most + 1)]
    for index in range(extra_pile_count(players)):
        label = extra_pile_label(players, index)
        ids += [f"swap:{label}", f"swap2:{label}"]
    ids += [f"exchange:{seat}" for seat in range(players)]
    ids.append("lay_down")
    roles = [TOKEN, *(n for group in PROPERTIES.values() for n in group), *HOUSES, HOTEL]
    chances = sum(card.name == CHANCE for card in deck)
    ids += [role_id((role,)) for role in roles]
    if chances >= 2:
        ids += [role_id((first, second)) for first in roles for second in roles]
    ids.append("reward:none")
    ids += [_slot_name(slot) for slot in REWARD_SLOTS]
    return tuple(dict.fromkeys(ids))


def _slot_name(slot: tuple[int, ...]) -> str:
    return "reward:@" + "".join(str(position) for position in slot)


def slot_ids(state: CardGameState) -> dict[str, str]:
    """Each reward slot that stands for a real id now -> that id (empty outside the reward).

    The first slot naming some cards stands for them; later slots naming the same cards
    stand for nothing, so one id has one slot.
    """
    return _slots_for(state.names(sorted(state.reward)))


def slot_ids_from_observation(observation: Mapping[str, Any]) -> dict[str, str]:
    """:func:`slot_ids` from a seat's observation dict (the reward is face up)."""
    reward = sorted(observation["reward"], key=lambda card: card["id"])
    return _slots_for([card["name"] for card in reward])


def _slots_for(names: list[str]) -> dict[str, str]:
    """The slots of a reward pile holding ``names`` (in deck order), as :func:`slot_ids`."""
    found: dict[str, str] = {}
    taken: set[str] = set()
    for slot in REWARD_SLOTS:
        if slot[-1] >= len(names):
            continue
        real = "reward:" + "+".join(names[position] for position in slot)
        if real not in taken:
            taken.add(real)
            found[_slot_name(slot)] = real
    return found
