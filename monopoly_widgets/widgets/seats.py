"""Who sits at the explorer's table: bots and people, how they are named, who may move.

``agents`` has one entry per seat: an agent (any callable answering
``(observation, legal_actions, rng)`` with an action) or ``None`` for a person
who clicks. A person's move is accepted only on their own decision, in a view
they may see (:func:`check_person_move`); the explorer carries it out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from monopoly_widgets.agents import HeuristicAgent
from monopoly_widgets.core import Action, Game, IllegalActionError
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.text import plain
from monopoly_widgets.core.validation import excerpt, shorten_quotes
from monopoly_widgets.widgets.cursor import TimelineCursor
from monopoly_widgets.widgets.views.common import seat_name

Agent = Callable[..., Action]


def default_agents(game: Game) -> list[Agent | None]:
    """A heuristic bot in every seat (every game's descriptor names its heuristic)."""
    return [HeuristicAgent() for _ in range(game.players)]


def check_agents(game: Game, agents: Sequence[Agent | None] | None) -> list[Agent | None]:
    """``agents`` as a new list, one per seat (the bots by default); ``InputError`` if not."""
    if agents is None:
        return default_agents(game)
    if not isinstance(agents, (list, tuple)):
        raise InputError(
            f"agents must be a list with one agent (or None) per seat, not {excerpt(agents)}"
        )
    agents = list(agents)
    if len(agents) != game.players:
        raise InputError(
            f"need one agent (or None for a person) per seat: "
            f"{game.players} seats, {len(agents)} given"
        )
    for seat, agent in enumerate(agents):
        if agent is not None and not callable(agent):
            raise InputError(f"agents[{seat}] must be an agent (callable) or None")
    return agents


def agent_label(agent: Agent | None) -> str:
    """ "person", the bot's own ``label`` if it has one (a league names its entries:
    "ana.py"), or the bot's class name in plain words."""
    if agent is None:
        return "person"
    label = getattr(agent, "label", None)
    if isinstance(label, str) and plain(label):
        return plain(label)  # a student's file name: no bidi override reverses the table
    name = type(agent).__name__.removesuffix("Agent") or type(agent).__name__
    return f"{name.lower()} bot"


def roles(agents: Sequence[Agent | None], perspective: int | None) -> list[str]:
    """Each seat's role on the table: "random bot", "person", "you", "heuristic bot, watched"."""
    labels = []
    for seat, agent in enumerate(agents):
        role = agent_label(agent)
        if seat == perspective:
            role = "you" if agent is None else f"{role}, watched"
        labels.append(role)
    return labels


def seat_labels(agents: Sequence[Agent | None]) -> list[str]:
    """ "Player 0 (person)", "Player 1 (heuristic bot)", ...: the perspective menu."""
    return [f"{seat_name(seat)} ({agent_label(agent)})" for seat, agent in enumerate(agents)]


def check_person_move(
    cursor: TimelineCursor,
    agents: Sequence[Agent | None],
    perspective: int | None,
    action_id: Any,
    seat: Any,
) -> Action:
    """The legal action ``action_id`` of the person in ``seat`` at the cursor.

    Raises :class:`IllegalActionError` saying why not: the id is not text, the
    game is over, it is another seat's decision, the seat is a bot's, the view
    is another seat's, or the rules do not allow it (their own reason).
    ``seat=None`` means whoever decides.
    """
    if not isinstance(action_id, str):
        raise IllegalActionError(f"an action id must be text, not {excerpt(action_id)}")
    deciding = cursor.current_player()
    if deciding is None:
        raise IllegalActionError("the game is over; no more moves")
    if seat is None:
        seat = deciding
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise IllegalActionError(f"the seat must be a seat number, not {excerpt(seat)}")
    if seat != deciding:
        raise IllegalActionError(
            f"it is {seat_name(deciding)}'s decision, not {seat_name(seat)}'s"
            if 0 <= seat < len(agents)
            else f"there is no seat {seat}"
        )
    if agents[seat] is not None:
        raise IllegalActionError(f"{seat_name(seat)} is played by a bot, not by a person")
    if perspective is not None and perspective != seat:
        raise IllegalActionError(
            f"you are viewing as {seat_name(perspective)}; only {seat_name(seat)} can choose now"
        )
    for action in cursor.legal_actions():
        if action.id == action_id:
            return action
    reason = cursor.game.rules.why_illegal(cursor.state, action_id)
    raise IllegalActionError(shorten_quotes(reason, action_id))
