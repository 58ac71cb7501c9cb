"""The API-conformance checks: what every game engine, and every rule variant, must keep.

pgx ships its ``api_test`` the same way: the checks our own suite runs
(``tests/conformance/``) are plain functions here, so a contributor adding a
game to ``core/registry.py``, or a teacher trying a house rule, runs exactly
the same ones::

    from monopoly_widgets.testing import check_game
    check_game("deal", players=3, seeds=range(3), options={"wild_moves": "once_between_plays"})

Each ``check_*`` function plays its own seeded game and raises
``AssertionError`` naming the game, the step and what went wrong. They need
nothing beyond the package (no pytest), and numpy only if it is installed.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from monopoly_widgets.agents.random_agent import RandomAgent
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.citations import CITATION
from monopoly_widgets.core.errors import IllegalActionError
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.registry import describe
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.core.serialization import from_position, load_game, new_game
from monopoly_widgets.testing.legality import check_legality_explained

Options = Mapping[str, Any] | None

#: The keys every observation has (``Rules.observation``).
OBSERVATION_KEYS = (
    "game",
    "viewer",
    "players",
    "turn",
    "current_player",
    "decision",
    "is_over",
    "winner",
)
#: A random game that runs this long has lost its way (every engine has a turn cap).
MAX_PLAYOUT_STEPS = 50_000
#: Ids no game offers: each must be refused with a reason.
BOGUS_IDS: tuple[Any, ...] = ("no-such-action", "", "play:999999", 42)


def expect(condition: object, message: str) -> None:
    """``assert``, but kept under ``python -O``: these checks are the point of the call."""
    if not condition:
        raise AssertionError(message)


def player_counts(name: str) -> list[int]:
    """The player counts to check: every count up to 6, and the largest table the game allows.

    Deal allows 10 (two packs from 6); 7 to 9 are the same code as 6 and 10.
    """
    game = describe(name)
    counts = list(range(game.min_players, min(game.max_players, 6) + 1))
    if game.max_players not in counts:
        counts.append(game.max_players)
    return counts


# --- playing ----------------------------------------------------------------------------


def check_invariants(game: Game) -> None:
    """What holds after every action: each card in one place, a legal move for the decider."""
    rules, state = game.rules, game.state
    census = Counter(rules.card_census(state))
    deck = Counter(rules.deck_ids(state))
    missing, extra = deck - census, census - deck
    expect(
        not missing and not extra,
        f"{game.name} step {game.step}: cards lost {dict(missing)} or duplicated {dict(extra)}",
    )
    if game.is_over:
        expect(game.current_player is None, f"{game.name}: a finished game has a current player")
        expect(game.legal_actions() == (), f"{game.name}: a finished game offers actions")
        return
    seat = game.current_player
    expect(
        seat is not None and 0 <= seat < game.players,
        f"{game.name} step {game.step}: current player {seat!r} is not a seat",
    )
    legal = game.legal_actions()
    expect(legal, f"{game.name} step {game.step}: a game that is not over offers no action")
    ids = [action.id for action in legal]
    expect(len(ids) == len(set(ids)), f"{game.name} step {game.step}: action ids repeat")
    expect(
        all(action.player == seat for action in legal),
        f"{game.name} step {game.step}: an action belongs to someone other than seat {seat}",
    )


def random_playout(
    name: str, players: int, seed: int, options: Options = None, check_every_step: bool = True
) -> Game:
    """A whole game between random agents, with :func:`check_invariants` after every action."""
    game = new_game(name, players=players, seed=seed, options=dict(options or {}))
    agent = RandomAgent()
    rng = make_rng(seed, "conformance")
    while not game.is_over:
        game.apply(agent(None, game.legal_actions(), rng))
        if check_every_step:
            check_invariants(game)
        expect(game.step < MAX_PLAYOUT_STEPS, f"{name} seed {seed}: the game did not end")
    return game


class RandomPlay:
    """A seeded game between random agents, played one move at a time by the checks."""

    def __init__(self, name: str, players: int, seed: int, options: Options = None) -> None:
        self.game = new_game(name, players=players, seed=seed, options=dict(options or {}))
        self._agent = RandomAgent()
        self._rng = make_rng(seed, "agent")

    def going(self, steps: int) -> bool:
        """Not over, and fewer than ``steps`` moves played."""
        return not self.game.is_over and self.game.step < steps

    def move(self) -> list[Event]:
        """One random legal move; its events."""
        return self.game.apply(self._agent(None, self.game.legal_actions(), self._rng))


# --- the checks ---------------------------------------------------------------------------


def check_random_playout(name: str, players: int, seed: int, options: Options = None) -> None:
    """A random game ends, every card accounted for after every action.

    Under non-default ``options`` the saved game must also load to the same
    position (``check_save_and_replay`` does more, for any options).
    """
    game = random_playout(name, players, seed, options)
    expect(game.is_over, f"{name} seed {seed}: the game is not over")
    if options:
        loaded = load_game(game.to_json())
        expect(
            loaded.position() == game.position(),
            f"{name} seed {seed} {dict(options)}: the saved game loads to another position",
        )


def check_save_and_replay(name: str, players: int, seed: int, options: Options = None) -> None:
    """JSON round trip; replaying ``{game, options, seed, actions}`` by hand gives the same game."""
    game = random_playout(name, players, seed, options, check_every_step=False)
    text = game.to_json()
    saved = json.loads(text)
    needed = {"game", "options", "seed", "actions", "players", "position"}
    expect(set(saved) >= needed, f"{name}: the saved game lacks {sorted(needed - set(saved))}")
    loaded = load_game(text)
    expect(loaded.history == game.history, f"{name} seed {seed}: loaded history differs")
    expect(loaded.position() == game.position(), f"{name} seed {seed}: loaded position differs")
    expect(loaded.winner == game.winner, f"{name} seed {seed}: loaded winner differs")
    replay = new_game(name, players=players, seed=saved["seed"], options=saved["options"])
    for action_id in saved["actions"]:
        replay.apply(action_id)
    expect(replay.position() == game.position(), f"{name} seed {seed}: the replay ends elsewhere")
    expect(
        [e.text for e in replay.events] == [e.text for e in game.events],
        f"{name} seed {seed}: the replay tells another story",
    )


def _disturb_global_rngs() -> None:
    """Reseed and draw from ``random`` and numpy's global generator (if numpy is here)."""
    random.seed(random.random())
    random.random()
    try:  # numpy is absent where the checks run in Pyodide offline
        import numpy as np
    except ImportError:
        return
    np.random.seed(random.randrange(1000))
    np.random.random(3)


def check_global_rng_ignored(name: str, players: int, seed: int, options: Options = None) -> None:
    """The same seed plays the same game however the global RNGs are disturbed meanwhile."""

    def history(disturb: bool) -> list[str]:
        play = RandomPlay(name, players, seed, options)
        while play.going(MAX_PLAYOUT_STEPS):
            if disturb:
                _disturb_global_rngs()
            play.move()
        return play.game.history

    expect(history(False) == history(True), f"{name} seed {seed}: the global RNG changed play")


def _expect_refused(game: Game, action_id: Any) -> None:
    """``apply(action_id)`` raises ``IllegalActionError`` with a message and changes nothing."""
    before, history = game.position(), game.history
    try:
        game.apply(action_id)
    except IllegalActionError as error:
        expect(str(error), f"{game.name}: refusing {action_id!r} says nothing")
    else:
        raise AssertionError(f"{game.name} step {game.step}: {action_id!r} was accepted")
    expect(
        game.position() == before and game.history == history,
        f"{game.name} step {game.step}: refusing {action_id!r} changed the game",
    )


def check_illegal_actions_rejected(
    name: str, players: int, seed: int, options: Options = None, steps: int = 40
) -> None:
    """Nonsense ids and ids that were legal a move ago are refused, and nothing changes."""
    play = RandomPlay(name, players, seed, options)
    game = play.game
    while play.going(steps):
        for bogus in BOGUS_IDS:
            _expect_refused(game, bogus)
        offered = game.legal_actions()
        play.move()
        if game.is_over:
            break
        legal_now = {action.id for action in game.legal_actions()}
        stale = next((a.id for a in offered if a.id not in legal_now), None)
        if stale is not None:
            _expect_refused(game, stale)


def check_undo(
    name: str, players: int, seed: int, options: Options = None, steps: int = 120
) -> None:
    """Going back to any step, or undoing one, restores that step's position exactly."""
    play = RandomPlay(name, players, seed, options)
    game = play.game
    positions = [game.position()]
    while play.going(steps):
        play.move()
        positions.append(game.position())
    end = game.step
    for back in range(end, -1, -7):
        copy = game.copy()
        copy.go_back_to(back)
        expect(copy.position() == positions[back], f"{name} seed {seed}: step {back} differs")
        expect(copy.step == back, f"{name}: go_back_to({back}) is at step {copy.step}")
    game.undo()
    expect(game.position() == positions[end - 1], f"{name} seed {seed}: undo missed a step")


def check_events_worked_out_again(
    name: str, players: int, seed: int, options: Options = None, steps: int = 150
) -> None:
    """The events the timeline works out again equal what each ``apply`` returned.

    The timeline keeps only the latest step's events and replays the others when
    asked (``core/timeline.py``): before and after undo, they must be the same.
    """
    play = RandomPlay(name, players, seed, options)
    game = play.game
    per_step = [game.events]  # step 0: the deal

    def all_events(upto: int) -> list[Event]:
        return [event for step in per_step[: upto + 1] for event in step]

    while play.going(steps):
        per_step.append(play.move())
        if game.step == 40:  # a look in the middle, then the rest is replayed on top of it
            expect(game.events == all_events(40), f"{name} seed {seed}: events at step 40")
    expect(game.events == all_events(game.step), f"{name} seed {seed}: the events differ")
    for step in range(game.step + 1):
        expect(
            game.timeline.events_at(step) == per_step[step],
            f"{name} seed {seed}: the events of step {step} differ when worked out again",
        )
    game.undo(9)
    expect(game.events == all_events(game.step), f"{name} seed {seed}: events after undo")
    expect(
        game.timeline.events_at(game.step) == per_step[game.step],
        f"{name} seed {seed}: the latest events after undo",
    )
    game.go_back_to(0)
    expect(game.events == per_step[0], f"{name} seed {seed}: the deal's events after going back")


def check_position_round_trip(
    name: str, players: int, seed: int, options: Options = None, steps: int = 200
) -> None:
    """Every 13th position is JSON, rebuilds to itself, and offers the same legal actions."""
    play = RandomPlay(name, players, seed, options)
    game = play.game
    while play.going(steps):
        if game.step % 13 == 0:
            position = game.position()
            json.dumps(position)  # a position is JSON-safe
            rebuilt = from_position(name, position, options=game.options, seed=game.seed)
            where = f"{name} seed {seed} step {game.step}"
            expect(rebuilt.position() == position, f"{where}: the position rebuilds to another")
            expect(
                [a.id for a in rebuilt.legal_actions()] == [a.id for a in game.legal_actions()],
                f"{where}: the rebuilt position offers other actions",
            )
        play.move()


def check_observations(
    name: str, players: int, seed: int, options: Options = None, steps: int = 60
) -> None:
    """Every seat's observation (and the teacher's) is JSON with the common keys; metrics
    have one value per player; the game renders as text and HTML."""
    play = RandomPlay(name, players, seed, options)
    game = play.game
    while play.going(steps):
        for seat in [None, *range(players)]:
            observation = json.loads(json.dumps(game.observation(seat), sort_keys=True))
            for key in OBSERVATION_KEYS:
                expect(key in observation, f"{name}: the observation lacks {key!r}")
            expect(
                observation["game"] == name and observation["viewer"] == seat,
                f"{name}: the observation of seat {seat} names another game or viewer",
            )
        metrics = game.metrics()
        for key in ("money", "properties", "sets"):
            expect(len(metrics[key]) == players, f"{name}: metrics[{key!r}] is not per player")
        expect(isinstance(str(game), str), f"{name}: str(game) is not text")
        expect(game._repr_html_().strip(), f"{name}: the game renders no HTML")
        play.move()
    check_invariants(game)


def check_determinize(
    name: str, players: int, seed: int, options: Options = None, steps: int = 80
) -> None:
    """A determinized state looks the same to the player, keeps every card, offers the same ids."""
    play = RandomPlay(name, players, seed, options)
    game = play.game
    while play.going(steps):
        rules, seat = game.rules, game.current_player
        sampled = rules.determinize(game.state, seat, random.Random(game.step))
        where = f"{name} seed {seed} step {game.step}"
        expect(
            rules.observation(sampled, seat) == game.observation(seat),
            f"{where}: determinize changed what seat {seat} sees",
        )
        expect(
            sorted(rules.card_census(sampled)) == sorted(rules.deck_ids(sampled)),
            f"{where}: determinize lost or duplicated a card",
        )
        expect(
            [a.id for a in rules.legal_actions(sampled)] == [a.id for a in game.legal_actions()],
            f"{where}: determinize changed the legal actions",
        )
        play.move()


def check_citations(name: str, players: int, seed: int, options: Options = None) -> None:
    """Every event of a random game, the deal included, cites its rule in the common format.

    The format is ``core.citations.CITATION``: ``Deal rulebook: "Section"``,
    ``option: name``, ``RULES-NOTES: "Section"``, each maybe with a detail.
    """
    game = random_playout(name, players, seed, options, check_every_step=False)
    for step in range(game.step + 1):
        for event in game.timeline.events_at(step):
            expect(
                isinstance(event.rule, str) and CITATION.match(event.rule),
                f"{name} seed {seed} step {step}: {event.text!r} cites {event.rule!r}, "
                "not in the format of core/citations.py",
            )


#: Every check :func:`check_game` runs, in order: each takes ``(name, players, seed, options)``.
CHECKS: tuple[Callable[..., Any], ...] = (
    check_random_playout,
    check_save_and_replay,
    check_global_rng_ignored,
    check_illegal_actions_rejected,
    check_undo,
    check_events_worked_out_again,
    check_position_round_trip,
    check_observations,
    check_determinize,
    check_citations,
    check_legality_explained,
)


def check_game(
    name: str,
    players: int | Iterable[int] | None = None,
    seeds: Iterable[int] = (0,),
    options: Options = None,
) -> int:
    """Run every check on game ``name``: the one call for a new game or a rule variant.

    ``players``: one count, several, or ``None`` for :func:`player_counts`.
    ``options``: the rule options of the variant (``None``: the defaults).
    Raises ``AssertionError`` at the first failure; returns how many checks passed.
    """
    if players is None:
        counts = player_counts(name)
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    passed = 0
    for count in counts:
        for seed in seeds:
            for check in CHECKS:
                check(name, count, seed, options)
                passed += 1
    return passed
