"""Exact odds for Monopoly: The Card Game: will my next draw complete a colour group?

From the viewer's side the draw pile's top card is a random one of the cards
it cannot see (the observation's ``unseen``: the draw pile plus the other
players' hidden hands; trade piles are face up, so a property lying in a trade
pile can never be drawn and is not counted). Drawing ``n`` cards is then the
hypergeometric situation.

A group is complete with all its properties (Railroads: any 2 of the 4,
rulebook "Object of the Game"). A Chance card may stand for one missing
property when you lay down (rulebook "Lay Down"), so by default a drawn Chance
counts as a completing card and a Chance already in hand fills one gap. The
same Chance cannot fill two groups: each group's odds are worked out on their
own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monopoly_widgets.prob.hypergeometric import Odds, at_least


def _groups() -> dict[str, tuple[str, ...]]:
    from monopoly_widgets.cardgame.cards import PROPERTIES

    return PROPERTIES


def _needed_for(colour: str) -> int:
    from monopoly_widgets.cardgame.cards import MIN_RAILROADS, PROPERTIES

    return MIN_RAILROADS if colour == "Railroad" else len(PROPERTIES[colour])


CHANCE = "Chance"


def viewer_seat(observation: Mapping[str, Any]) -> int:
    """The seat whose odds these are: the viewer, or the turn player for the teacher's view."""
    viewer = observation["viewer"]
    return observation["turn_player"] if viewer is None else viewer


def chance_to_complete_group(
    observation: Mapping[str, Any], colour: str, draws: int = 1, use_chance: bool = True
) -> Odds:
    """Chance that the viewer's next ``draws`` cards complete its ``colour`` group.

    Needs ``r`` more cards: the group's missing properties (less one per Chance
    in hand when ``use_chance``). Wanted: the missing properties still unseen,
    plus the unseen Chance cards when ``use_chance``.
    ``P = P(at least r wanted cards among the draws)``, hypergeometric.
    """
    groups = _groups()
    if colour not in groups:
        raise ValueError(f"unknown colour group {colour!r}; the groups are {list(groups)}")
    if draws < 1:
        raise ValueError(f"draws must be 1 or more, not {draws!r}")
    seat = observation["seats"][viewer_seat(observation)]
    hand = [card["name"] for card in seat["hand"] or []]
    held = [name for name in groups[colour] if name in hand]
    missing = [name for name in groups[colour] if name not in hand]
    needed = max(0, _needed_for(colour) - len(held))
    chances_held = hand.count(CHANCE) if use_chance else 0
    gaps = max(0, needed - chances_held)
    unseen = observation["unseen"]
    total = sum(unseen.values())
    wanted_props = sum(unseen.get(name, 0) for name in missing)
    wanted_chance = unseen.get(CHANCE, 0) if use_chance else 0
    wanted = wanted_props + wanted_chance
    label = f"complete {colour} with the next {draws} card{'s' if draws > 1 else ''}"
    start = (
        f"{colour} needs {_needed_for(colour)} properties; you hold {len(held)}"
        + (f" and {chances_held} Chance" if chances_held else "")
        + f", so you need {gaps} more. Unseen: {wanted_props} of the missing properties"
        + (f" and {wanted_chance} Chance" if use_chance else "")
        + ". "
    )
    if gaps == 0:
        return Odds(label, 1.0, start + "You already have the group: P = 1")
    draw_pile = observation["draw_pile"]
    if draw_pile < draws:
        return Odds(label, 0.0, start + f"The draw pile has only {draw_pile} cards: P = 0")
    worked = at_least(total, wanted, draws, gaps, label)
    return Odds(label, worked.probability, start + worked.explanation)


def panel(observation: Mapping[str, Any]) -> list[Odds]:
    """For each group the viewer has started (and not finished): the odds with the next draw.

    These count only the group's own missing properties (no Chance), the plain
    reading of "which card completes my group".
    """
    if observation.get("is_over") or observation["draw_pile"] == 0:
        return []
    seat = observation["seats"][viewer_seat(observation)]
    hand = {card["name"] for card in seat["hand"] or []}
    rows = []
    for colour, names in _groups().items():
        held = sum(1 for name in names if name in hand)
        if 0 < held < _needed_for(colour):
            # Without counting a Chance in hand: one Chance cannot fill every group at once.
            rows.append(chance_to_complete_group(observation, colour, use_chance=False))
    return rows
