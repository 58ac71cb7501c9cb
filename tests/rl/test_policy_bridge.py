"""A policy from the environments plays as an ordinary agent: in mw.simulate, in the
explorer and in the class league; and it decides the same from the state or the dict."""

from __future__ import annotations

import random

import numpy as np
import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.rl import LinearPolicy, PolicyAgent


def _some_policy(game: str, players: int, seed: int = 1) -> LinearPolicy:
    policy = LinearPolicy(game, players)
    rng = np.random.default_rng(seed)
    policy.weights[:] = rng.normal(size=policy.weights.shape)
    policy.bias[:] = rng.normal(size=policy.bias.shape)
    return policy


@pytest.mark.parametrize(("game", "players"), [("deal", 3), ("bid", 2), ("cardgame", 2)])
def test_the_agent_decides_the_same_from_the_state_and_from_the_observation(
    game: str, players: int
) -> None:
    agent = PolicyAgent(_some_policy(game, players))
    played = mw.new_game(game, players=players, seed=4)
    rng = random.Random(4)
    for step in range(150):
        if played.is_over:
            break
        seat = played.current_player
        legal = played.legal_actions()
        fast = agent(agent.observe(played.rules, played.state, seat), legal, random.Random(step))
        slow = agent(played.observation(seat), legal, random.Random(step))
        assert fast is slow and fast in legal
        played.apply(rng.choice(legal))


def test_a_policy_plays_in_simulate() -> None:
    agent = PolicyAgent(_some_policy("deal", 2))
    table = mw.simulate("deal", [agent, "random"], games=4, seed=2, workers=1, progress=False)
    assert len(table) == 4
    assert set(table["winner"].dropna()) <= {0, 1}


def test_the_agent_pickles_for_simulate_worker_processes() -> None:
    import pickle

    agent = PolicyAgent(_some_policy("deal", 2))
    copy = pickle.loads(pickle.dumps(agent))
    played = mw.new_game("deal", players=2, seed=9)
    legal = played.legal_actions()
    view = played.observation(0)
    assert copy(view, legal, random.Random(1)).id == agent(view, legal, random.Random(1)).id


def test_a_policy_plays_in_the_explorer() -> None:
    game = mw.new_game("deal", players=2, seed=6)
    explorer = mw.GameExplorer(game, agents=[PolicyAgent(_some_policy("deal", 2)), None])
    moved = 0
    while game.current_player == 0 and explorer.forward():
        moved += 1
    assert moved >= 1 and game.step == moved


def test_a_saved_policy_plays_in_the_league_and_loads_the_same(tmp_path) -> None:
    policy = _some_policy("deal", 2)
    bot = policy.save_bot(tmp_path / "linear.py")
    loaded = LinearPolicy.from_json((tmp_path / "linear.json").read_text())
    assert np.array_equal(loaded.weights, policy.weights)
    with pytest.raises(InputError, match="exists"):
        policy.save_bot(bot)  # never overwrites
    # The saved bot imports numpy and reads its JSON: the process mode (docs/rl.md).
    result = mw.league(
        [bot, "random"], games=1, seed=1, workers=1, sandbox="process", progress=False
    )
    assert result.failures == {}
    row = result.table.set_index("bot").loc["linear"]
    assert row["games"] == 2 and row["forfeits"] == 0  # both seatings played, no failure


def test_reward_slots_are_numbered_the_same_from_the_state_and_the_observation() -> None:
    """The Card Game's reward is listed by position (``cardgame/catalogue.py``): the agent
    numbers its choices the same whether it is handed the dict or its fast view."""
    seen = []

    def record(view: np.ndarray, legal: list[int], rng: random.Random) -> int:
        seen.append(sorted(legal))
        return legal[-1]

    agent = PolicyAgent(record, "cardgame", 2)
    played = mw.new_game("cardgame", players=2, seed=21)
    rng = random.Random(21)
    while played.state.phase != "reward":  # lay down as soon as allowed: a reward at step 138
        legal = played.legal_actions()
        lay = [a for a in legal if a.id.startswith("lay_down")]
        played.apply(lay[0] if lay else rng.choice(legal))
    legal = played.legal_actions()
    assert len(legal) > 2
    seat = played.current_player
    fast = agent(agent.observe(played.rules, played.state, seat), legal, rng)
    slow = agent(played.observation(seat), legal, rng)
    assert fast is slow and seen[0] == seen[1]
    slots = [agent.catalogue.ids[n] for n in seen[0]]
    assert "reward:none" in slots and all(s.startswith("reward:") for s in slots)


def test_a_bot_file_that_appears_while_saving_is_kept_and_no_half_entry_is_left(
    tmp_path, monkeypatch
) -> None:
    """Another bot saved under the same name at the same moment keeps its file, and the
    weights written for this one are removed: a weights file alone is no league entry."""
    import os

    real_link = os.link

    def link(source, name):
        if str(name).endswith(".py"):
            open(name, "w").write("choose = None  # a classmate's bot")
        real_link(source, name)

    monkeypatch.setattr(os, "link", link)
    with pytest.raises(InputError, match="appeared while writing"):
        _some_policy("deal", 2).save_bot(tmp_path / "linear.py")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["linear.py"]
    assert "classmate" in (tmp_path / "linear.py").read_text()
