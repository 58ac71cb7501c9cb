"""The plain-English label of each action id (``Action.text``).

Ids carry every name the label needs (see ``legal.py``), so a label is worked
out from its id alone, once, when an action is first built. The two kinds of
label that depend on more than the id (rent amounts, what a Just Say No
answers) are made in ``legal.py`` with those facts.
"""

from __future__ import annotations

from monopoly_widgets.deal.cards import CARDS

_VALUE_BY_NAME = {spec.name: spec.value for spec in CARDS}


def action_text(action_id: str) -> str:
    """The label for an action id, e.g. ``sly:1:Dark Blue:Boardwalk`` ->
    "Play Sly Deal: take Boardwalk (Dark Blue) from player 1"."""
    parts = action_id.split(":")
    verb = parts[0]
    if verb == "end_turn":
        return "End your turn"
    if verb == "discard":
        return f"Discard {parts[1]}"
    if verb == "bank":
        return f"Bank {parts[1]} as ${_VALUE_BY_NAME[parts[1]]}M"
    if verb == "lay":
        return f"Lay {parts[1]}" if len(parts) == 2 else f"Lay {parts[1]} as {parts[2]}"
    if verb == "play" and parts[1] == "Pass Go":
        return "Play Pass Go: draw 2 cards"
    if verb == "play":
        return "Play It's My Birthday: every other player pays you $2M"
    if verb == "debt":
        return f"Play Debt Collector: player {parts[1]} pays you $5M"
    if verb == "sly":
        return f"Play Sly Deal: take {parts[3]} ({parts[2]}) from player {parts[1]}"
    if verb == "forced":
        return (
            f"Play Forced Deal: swap your {parts[5]} ({parts[4]}) for player {parts[1]}'s "
            f"{parts[3]} ({parts[2]})"
        )
    if verb == "breaker":
        return f"Play Deal Breaker: take player {parts[1]}'s complete {parts[2]} set"
    if verb in ("house", "hotel"):
        return f"Put the {verb.capitalize()} on your {parts[1]} set"
    if verb == "wild":
        return f"Move {parts[2]} from your {parts[1]} set to {parts[3]} (free)"
    if verb == "pay":
        where, name = parts[1], parts[2]
        if where == "bank":
            return f"Pay with {name} from your bank"
        if name in ("House", "Hotel"):
            return f"Pay with the {name} on your {where} set"
        return f"Pay with {name} (${_VALUE_BY_NAME[name]}M) from your {where} set"
    raise ValueError(f"no label for action id {action_id!r}")


def rent_text(action_id: str, amount: int) -> str:
    """The label of ``rent:<card>:<colour>[:<seat>][:x2|:x4]`` charging ``amount`` each."""
    parts = action_id.split(":")
    name, colour, extras = parts[1], parts[2], parts[3:]
    seats = [e for e in extras if e not in ("x2", "x4")]
    who = f"player {seats[0]}" if seats else "every other player"
    times = ""
    if "x2" in extras:
        times = " with Double the Rent"
    elif "x4" in extras:
        times = " with two Double the Rent cards"
    return f"Play {name} for {colour}{times}: {who} pays you ${amount}M"
