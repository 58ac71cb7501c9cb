"""The search agent: it never peeks at hidden cards, replays exactly, and plays whole games."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent, play_out
from monopoly_widgets.agents.deal.beliefs import TRIES
from monopoly_widgets.agents.search import SearchAgent, evaluate
from monopoly_widgets.core.actions import Action
from monopoly_widgets.core.game import Game
from monopoly_widgets.core.rng import make_rng
from monopoly_widgets.sim import simulate


class PeekingSearch(SearchAgent):
    """A cheater for the control experiment: imagines games from the TRUE state."""

    def search(
        self,
        seat: int,
        observation: dict[str, Any],
        legal_actions: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        rules = self.game.rules
        scores = {}
        for action in legal_actions:
            scores[action.id] = self._play(
                rules, self.game.state, action.id, seat, random.Random(0)
            )
        return max(legal_actions, key=lambda a: scores[a.id])


def decision_points(count: int) -> list[Game]:
    """Games paused where seat 0 has a real choice, reached by random play."""
    found = []
    for seed in range(40):
        game = mw.new_game("deal", players=2, seed=seed)
        rng = make_rng(seed, "walk")
        while not game.is_over and game.step < 30:
            game.apply(RandomAgent()(None, game.legal_actions(), rng))
        if not game.is_over and game.current_player == 0 and len(game.legal_actions()) > 3:
            found.append(game)
        if len(found) == count:
            break
    return found


def choose(agent: SearchAgent, game: Game, seed: int) -> str:
    agent.bind(game)
    seat = game.current_player
    return agent(game.observation(seat), game.legal_actions(), make_rng(seed, "choose")).id


def test_choice_depends_only_on_what_the_player_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games that differ only in cards seat 0 cannot see get the same choice.

    The second game is a re-deal of the hidden cards of the first. The engine's
    ``determinize`` is replaced by one that always re-deals from the FIRST game,
    so the only way the hidden cards of the second game could reach the agent is
    by peeking at the state directly. The control: an agent that peeks does
    choose differently in at least one of these positions.
    """
    games = decision_points(6)
    assert len(games) == 6
    rules = games[0].rules
    real_determinize = rules.determinize
    honest_same = peeker_same = 0
    for index, game in enumerate(games):
        twin = Game(
            rules,
            real_determinize(game.state, 0, random.Random(index)),
            seed=game.seed,
            options=game.options,
        )
        assert twin.observation(0) == game.observation(0)
        assert rules.card_census(twin.state) != rules.card_census(game.state)

        def from_first(state: Any, seat: int, rng: random.Random, first: Game = game) -> Any:
            return real_determinize(first.state, seat, rng)

        monkeypatch.setitem(vars(rules), "determinize", from_first)
        agent = SearchAgent(playouts=8, rollout="random", horizon=3, margin=-1.0, key_kinds=None)
        honest_same += choose(agent, game, index) == choose(agent, twin, index)
        peeker = PeekingSearch(playouts=2, rollout="random", horizon=3, key_kinds=None)
        peeker_same += choose(peeker, game, index) == choose(peeker, twin, index)
        monkeypatch.setitem(vars(rules), "determinize", real_determinize)
    assert honest_same == len(games)
    assert peeker_same < len(games)


def test_same_seed_same_choice() -> None:
    game = decision_points(1)[0]
    agent = SearchAgent(playouts=16, rollout="random")
    assert choose(agent, game, 5) == choose(agent, game, 5)


def test_unbound_agent_says_how_to_bind_it() -> None:
    game = decision_points(1)[0]
    with pytest.raises(RuntimeError, match="bind"):
        SearchAgent()(game.observation(0), game.legal_actions(), random.Random(0))


def test_agent_bound_to_another_game_is_caught() -> None:
    game = decision_points(1)[0]
    other = mw.new_game("deal", players=2, seed=99)
    while other.current_player == 0:
        other.apply(other.legal_actions()[-1])
    agent = SearchAgent(game=other)
    with pytest.raises(RuntimeError, match="bind it to the game being played"):
        agent(game.observation(0), game.legal_actions(), random.Random(0))


def test_a_single_legal_action_needs_no_search() -> None:
    only = Action("end_turn", "End the turn", 0, "end_turn")
    assert SearchAgent()({"viewer": 0}, [only], random.Random(0)) is only


def test_plays_whole_games_identically_in_one_or_two_processes() -> None:
    agent = SearchAgent(playouts=4, rollout="random", horizon=1)
    kwargs: dict[str, Any] = {"games": 2, "seed": 8, "progress": False}
    one = simulate("deal", [agent, "random"], workers=1, **kwargs)
    two = simulate("deal", [agent, "random"], workers=2, batch_size=1, **kwargs)
    assert one.equals(two)
    assert one["error"].isna().all() and one["agent_0"].iloc[0] == "search"


def test_evaluate_scores_finished_and_running_games() -> None:
    game = mw.new_game("deal", players=2, seed=3)
    start = evaluate(game.rules, game.state, 0)
    assert -1 < start < 1 and evaluate(game.rules, game.state, 1) == pytest.approx(-start)
    play_out(game, [RandomAgent(), RandomAgent()], seed=3)
    if game.winner is not None:
        assert evaluate(game.rules, game.state, game.winner) == 1.0
        assert evaluate(game.rules, game.state, 1 - game.winner) == -1.0


def first_decision_with_kinds(wanted: set[str], seed: int) -> Game:
    """A game paused where seat 0 chooses (2+ actions) among exactly the action kinds ``wanted``."""
    for offset in range(200):
        game = mw.new_game("deal", players=2, seed=seed + offset)
        rng = make_rng(seed + offset, "walk")
        while not game.is_over and game.step < 200:
            legal = game.legal_actions()
            kinds = {a.kind for a in legal}
            if game.current_player == 0 and len(legal) > 1 and kinds == wanted:
                return game
            game.apply(RandomAgent()(None, legal, rng))
    raise AssertionError(f"no decision among exactly {sorted(wanted)}")


def count_worlds(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats worlds are imagined for from now on (``rules.determinize`` calls)."""
    imagined: list[int] = []
    real_determinize = game.rules.determinize

    def counting(state: Any, seat: int, rng: random.Random) -> Any:
        imagined.append(seat)
        return real_determinize(state, seat, rng)

    monkeypatch.setitem(vars(game.rules), "determinize", counting)
    return imagined


def test_plain_decisions_are_left_to_the_rollout_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Moving a wild or ending the turn is not searched: no world is even imagined.

    The control: the same agent with ``key_kinds=None`` does imagine worlds there.
    """
    game = first_decision_with_kinds({"end_turn", "move_wild"}, seed=0)
    imagined = count_worlds(game, monkeypatch)
    choose(SearchAgent(playouts=2, horizon=1), game, 1)
    assert imagined == []
    choose(SearchAgent(playouts=4, horizon=1, key_kinds=None), game, 1)
    assert len(imagined) == 2


def test_payments_are_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """Choosing what to pay with is a key decision in Deal: worlds are imagined for it
    (at most one per rollout, each dealt at most ``TRIES`` times to explain what the
    heuristic opponent did)."""
    game = first_decision_with_kinds({"pay"}, seed=0)
    imagined = count_worlds(game, monkeypatch)
    choose(SearchAgent(playouts=8, horizon=1, opponents="heuristic"), game, 1)
    assert imagined and set(imagined) == {0} and len(imagined) <= 8 * TRIES
