"""The training example of docs/rl.md runs, and its learner's win rate rises."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rl_linear_policy.py"


def test_the_linear_policy_learns_to_beat_the_random_bot(tmp_path) -> None:
    spec = importlib.util.spec_from_file_location("rl_linear_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    policy, rows = example.train()
    (_, first_wins, games, _, _), (_, last_wins, _, last_low, _) = rows[0], rows[-1]
    # docs/rl.md says the win rate starts near a coin toss and ends clearly above it.
    assert first_wins / games < 0.65
    assert last_wins > first_wins and last_low > 0.5
    bot = policy.save_bot(tmp_path / "linear.py")  # the league entry it makes
    assert "choose = PolicyAgent" in bot.read_text()
