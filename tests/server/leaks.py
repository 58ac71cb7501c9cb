"""Does a frame sent to one seat hold another seat's hidden card? Judged against the true
hands, replayed from the finished game's save: in every game no card id of another hand
may appear in a card or an action; in Monopoly Deal, where a property's name is on one
card only, neither may such a name before an event has said it."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import monopoly_widgets as mw
from monopoly_widgets.deal.cards import NAME, PACK_SIZE


def card_ids(value: Any) -> set[int]:
    """Every card id a frame names: card dicts (id and name) and actions' ``card``."""
    found: set[int] = set()
    if isinstance(value, dict):
        if isinstance(value.get("id"), int) and "name" in value:
            found.add(value["id"])
        if isinstance(value.get("card"), int):
            found.add(value["card"])
        for item in value.values():
            found |= card_ids(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_ids(item)
    return found


def leaks(saved: str, seat: int, raw_frames: list[str]) -> list[str]:
    """What each of ``seat``'s frames shows of another seat's hand (empty: nothing)."""
    game = mw.load_game(saved)
    unique = {name for name, count in Counter(NAME).items() if count == 1}
    said: list[str] = []  # every event's words up to each step: a name said is public
    events_by_step = _events_by_step(game)
    found = []
    for text in raw_frames:
        frame = json.loads(text)
        if frame["type"] != "state":
            continue
        step = frame["step"]
        state = game.state_at(step)
        said = [t for s in range(step + 1) for t in events_by_step[s]]
        hidden = {
            c
            for k in range(game.players)
            if k != seat and not face_up(game.name, state, k)
            for c in state.hands[k]
        }
        # "unseen" counts every card the seat cannot see, the draw pile's and the other
        # hands' together, by name (what a player can work out from the printed deck).
        unseen = frame["observation"].pop("unseen", None)
        assert unseen is None or isinstance(unseen, dict)
        text = json.dumps(frame)
        shown = card_ids(frame) & hidden
        if shown:
            found.append(f"step {step}: card ids {sorted(shown)} of another hand")
        for card in hidden if game.name == "deal" else ():
            name = NAME[card % PACK_SIZE]
            if name in unique and name in text and not any(name in words for words in said):
                found.append(f"step {step}: {name!r} of another hand")
    return found


def face_up(game_name: str, state: Any, seat: int) -> bool:
    """A hand the rules lay face up: in The Card Game, the hand of the player who went out
    (laid down for scoring) and every hand once the match is over (docs/rules/cardgame.md,
    ``cardgame/observation.py``)."""
    return game_name == "cardgame" and (state.phase == "over" or state.went_out == seat)


def _events_by_step(game: Any) -> list[list[str]]:
    """The events' words, by the step that caused them (0: the deal)."""
    steps: list[list[str]] = [[] for _ in range(game.step + 1)]
    replay = mw.new_game(game.name, game.players, game.seed, game.options)
    steps[0] = [e.text for e in replay.events]
    for step, action in enumerate(game.history, start=1):
        steps[step] = [e.text for e in replay.apply(action)]
    return steps
