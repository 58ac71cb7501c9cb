"""Starting, saving and loading games.

A saved game is JSON with the fields ``format``, ``game``, ``players``,
``seed``, ``options``, ``position`` (``null`` unless the game began from a
position) and ``actions`` (the list of action ids). Loading replays the actions
one by one, checking each is legal, so a tampered file is caught at the first
bad action and named by its index. No ``eval``, no pickle.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from monopoly_widgets.core.errors import (
    IllegalActionError,
    MonopolyWidgetsError,
    OptionError,
    PositionError,
    SavedGameError,
)
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.options import fill_saved_options, resolve_options
from monopoly_widgets.core.registry import describe, get_rules
from monopoly_widgets.core.rng import fresh_seed
from monopoly_widgets.core.validation import (
    MAX_JSON_CHARS,
    copy_json,
    excerpt,
    json_mapping,
    parse_json,
    type_name,
)

FORMAT = "monopoly_widgets/game/1"
#: Every field a saved game may have (anything else is refused, not ignored).
#: A string longer than this given to ``saved_game_text`` is JSON text, not a file name.
MAX_PATH_CHARS = 4096
SAVED_KEYS = ("format", "game", "players", "seed", "options", "position", "actions")


def new_game(
    name: str,
    players: int = 2,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Shuffle and deal a new game of ``name`` ("deal", "bid" or "cardgame").

    ``seed`` makes it reproducible; without one a seed is chosen and kept in
    ``game.seed``. ``options`` are named rule options (see ``docs/rules/``).
    """
    rules = get_rules(name)
    game = describe(name)  # its player counts (read here, not through the rules' properties)
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionError(
            f"players must be a whole number from {game.min_players} to {game.max_players}, "
            f"not {excerpt(players)}"
        )
    if not game.min_players <= players <= game.max_players:
        raise OptionError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    seed = _check_seed(seed)
    resolved = resolve_options(rules.options, options)
    state = rules.new_state(players, seed, resolved)
    return Game(rules, state, seed=seed, options=resolved)


def from_position(
    name: str,
    position: Mapping[str, Any] | str,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> Game:
    """Set up a game from a hand-written position (a dict, or JSON text).

    The position format of each game is documented in ``docs/rules/<game>.md``.
    Errors name the field that is wrong.
    """
    rules = get_rules(name)
    # Parsed within the JSON limits and deep-copied: the game owns its start position,
    # so editing ``position`` afterwards cannot change the game, its save or its replay.
    position = json_mapping(position, "position", PositionError)
    seed = _check_seed(seed)
    resolved = resolve_options(rules.options, options)
    state = rules.state_from_position(position, seed, resolved)
    return Game(rules, state, seed=seed, options=resolved, start_position=position)


def game_to_dict(game: Game) -> dict[str, Any]:
    """The saved form of a game, as a dict."""
    return {
        "format": FORMAT,
        "game": game.name,
        "players": game.players,
        "seed": game.seed,
        "options": copy.deepcopy(game.options),
        "position": copy.deepcopy(game.start_position),
        "actions": game.history,
    }


def game_to_json(game: Game, indent: int | None = 1) -> str:
    """The saved form of a game, as JSON text."""
    return json.dumps(game_to_dict(game), indent=indent)


def load_game(text: str | bytes | Mapping[str, Any]) -> Game:
    """Load a game saved by ``game.to_json()``, replaying its actions.

    Raises :class:`SavedGameError` naming the field (or ``actions[i]``) that is
    malformed or not legal.
    """
    if isinstance(text, (str, bytes, bytearray)):
        data = parse_json(text, "file", SavedGameError)
    elif isinstance(text, Mapping):
        data = text
    else:
        raise SavedGameError(
            "file", f"must be JSON text or a dict, not {type(text).__name__} ({excerpt(text)})"
        )
    return game_from_dict(data)


def saved_game_text(text_or_path: str | os.PathLike[str]) -> str:
    """The JSON text of a saved game given as the text itself or as a file path.

    A ``Path`` is always a file. A string is JSON text if it starts (after
    blanks) with ``{`` or ``[``, or is too long or multi-line to be a file name;
    otherwise it is a file name. Errors are :class:`SavedGameError`, quoting
    only a short excerpt of what was given.
    """
    if isinstance(text_or_path, bytes):
        return text_or_path.decode("utf-8", errors="replace")
    if not isinstance(text_or_path, (str, os.PathLike)):
        raise SavedGameError(
            "file", f"must be JSON text or a file path, not {type(text_or_path).__name__}"
        )
    if isinstance(text_or_path, str):
        stripped = text_or_path.lstrip()
        looks_like_json = stripped[:1] in ("{", "[")
        if looks_like_json or len(text_or_path) > MAX_PATH_CHARS or "\n" in text_or_path:
            return text_or_path
    path = Path(text_or_path)
    try:
        size = path.stat().st_size
        if size > MAX_JSON_CHARS:
            raise SavedGameError(
                "file", f"{excerpt(str(path))} is {size:,} bytes; the limit is {MAX_JSON_CHARS:,}"
            )
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SavedGameError(
            "file", f"no file {excerpt(str(path))} (give a saved game's path or its JSON text)"
        ) from None
    except UnicodeDecodeError:
        raise SavedGameError("file", f"{excerpt(str(path))} is not UTF-8 text") from None
    except OSError as exc:
        raise SavedGameError(
            "file", f"cannot read {excerpt(str(path))}: {exc.strerror or type(exc).__name__}"
        ) from None


def game_from_dict(data: Any) -> Game:
    """Rebuild a game from its saved dict (see :func:`load_game`)."""
    data = copy_json(data, "file", SavedGameError)
    if not isinstance(data, Mapping):
        raise SavedGameError("file", f"must be a JSON object, not {type_name(data)}")
    unknown = [key for key in data if key not in SAVED_KEYS]
    if unknown:
        raise SavedGameError(
            excerpt(unknown[0], 40), f"is not a saved-game field; the fields are {list(SAVED_KEYS)}"
        )
    for key in ("game", "players", "seed", "options", "actions"):
        if key not in data:
            raise SavedGameError(key, "is missing")
    if data.get("format", FORMAT) != FORMAT:
        raise SavedGameError("format", f"must be {FORMAT!r}, not {excerpt(data.get('format'))}")
    if not isinstance(data["options"], Mapping):
        raise SavedGameError("options", f"must be an object, not {type_name(data['options'])}")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SavedGameError("actions", "must be a list of action id strings")
    if not isinstance(data["game"], str):
        raise SavedGameError("game", "must be a game name string")
    try:
        get_rules(data["game"])
    except OptionError as exc:
        raise SavedGameError("game", str(exc)) from None
    for key in ("players", "seed"):
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SavedGameError(key, f"must be a whole number 0 or more, not {excerpt(value)}")
    # A save older than an option replays under the rules it was played with.
    options = fill_saved_options(get_rules(data["game"]).options, data["options"])
    try:
        if data.get("position") is not None:
            game = from_position(data["game"], data["position"], options, data["seed"])
            if game.players != data["players"]:
                raise SavedGameError("players", "does not match the position")
        else:
            game = new_game(data["game"], data["players"], data["seed"], options)
    except PositionError as exc:
        raise SavedGameError(f"position.{exc.field}", exc.problem) from None
    except OptionError as exc:
        field = "players" if "players" in str(exc) else "options"
        raise SavedGameError(field, str(exc)) from None
    for index, action_id in enumerate(actions):
        try:
            game.apply(action_id)
        except IllegalActionError as exc:
            raise SavedGameError(
                f"actions[{index}]", f"{excerpt(action_id)} is not legal: {exc}"
            ) from None
        except MonopolyWidgetsError as exc:  # pragma: no cover - engines raise IllegalActionError
            raise SavedGameError(f"actions[{index}]", str(exc)) from None
    return game


def _check_seed(seed: Any) -> int:
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(f"seed must be a whole number 0 or more (or None), not {excerpt(seed)}")
    return seed
