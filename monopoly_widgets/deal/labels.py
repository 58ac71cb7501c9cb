"""Set labels: how a player's piles are named in action ids ("Red", or "Red 1", "Red 2").

An action id names a pile by its colour, numbered when the player has several piles of that
colour (an engine convention, docs/rules/deal.md): so ids are readable and stable, and a
position rebuilt from JSON offers the same ids. Piles of one colour sit together
(``properties.order_piles``), so a pile's label follows from its neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from monopoly_widgets.deal.cards import COLOUR_INDEX, COLOUR_NAMES


class _Pile(Protocol):
    colour: int


def set_labels(table: Sequence[_Pile]) -> list[str]:
    """Readable, stable names for the piles: "Red", or "Red 1", "Red 2" when there are several."""
    colours = [pile.colour for pile in table]
    if len(set(colours)) == len(colours):  # the usual case: one pile per colour
        return [COLOUR_NAMES[c] for c in colours]
    counts: dict[int, int] = {}
    for colour in colours:
        counts[colour] = counts.get(colour, 0) + 1
    seen: dict[int, int] = {}
    labels = []
    for colour in colours:
        name = COLOUR_NAMES[colour]
        if counts[colour] == 1:
            labels.append(name)
        else:
            seen[colour] = seen.get(colour, 0) + 1
            labels.append(f"{name} {seen[colour]}")
    return labels


def pile_label(table: Sequence[_Pile], index: int) -> str:
    """The label ``set_labels`` gives pile ``index``, worked out from its neighbours only
    (piles of one colour are next to each other, see ``order_piles``)."""
    colour = table[index].colour
    first = index
    while first > 0 and table[first - 1].colour == colour:
        first -= 1
    last = index
    while last + 1 < len(table) and table[last + 1].colour == colour:
        last += 1
    if first == last:
        return COLOUR_NAMES[colour]
    return f"{COLOUR_NAMES[colour]} {index - first + 1}"


def pile_by_label(table: Sequence[_Pile], label: str) -> int:
    """The index of the pile called ``label`` ("Red", or "Red 2" when there are several), or -1."""
    colour = COLOUR_INDEX.get(label)
    ordinal = 1
    if colour is None:  # "Red 2": the second Red pile
        name, _, number = label.rpartition(" ")
        colour = COLOUR_INDEX.get(name)
        if colour is None or not number.isdigit():
            return -1
        ordinal = int(number)
    found = [i for i, pile in enumerate(table) if pile.colour == colour]
    if (len(found) == 1) != (label == COLOUR_NAMES[colour]) or not 1 <= ordinal <= len(found):
        return -1  # "Red" when there are several Red piles, or "Red 3" when there are two
    return found[ordinal - 1]
