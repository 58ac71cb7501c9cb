"""The probability panel: the descriptor's odds panel, the registry, and the explorer's hook."""

from __future__ import annotations

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents import RandomAgent
from monopoly_widgets.core.registry import GAMES, describe
from monopoly_widgets.widgets import probability, register_probability


@pytest.mark.parametrize("name", list(GAMES))
def test_the_default_panel_is_the_descriptors_odds_panel(name: str) -> None:
    """Every game's explorer shows the exact odds of ``prob/<game>.py``, named in the registry."""
    panel = probability.probability_function(name)
    assert panel is describe(name).odds_module().panel
    game = mw.new_game(name, players=3, seed=11)
    explorer = mw.GameExplorer(game, agents=[RandomAgent() for _ in range(3)])
    for _ in range(30):
        explorer.forward()
    seat = explorer.current_player()
    if seat is not None:
        expected = panel(game.rules.observation(explorer.state(), seat))
        shown = explorer.charts.odds_rows
        assert [(label, text) for label, _, text in shown] == [(r[0], r[2]) for r in expected]
        assert [p for _, p, _ in shown] == pytest.approx([r[1] for r in expected], abs=1e-4)


def test_register_probability_and_the_explorer_hook() -> None:
    seen = []

    def panel(observation: dict) -> list[tuple[str, float, str]]:
        seen.append(observation["viewer"])
        return [("Test row", 0.25, "a quarter")]

    saved = dict(probability._REGISTRY)
    try:
        register_probability("deal", panel)
        explorer = mw.GameExplorer(mw.new_game("deal", players=2, seed=3), perspective=1)
        assert seen and seen[-1] == 1, "the panel gets the perspective seat's observation"
        assert explorer.charts.odds_rows == [("Test row", 0.25, "a quarter")]
        explorer.probability_panel = lambda obs: [("Own hook", 0.5, "half")]
        explorer.forward()
        assert explorer.charts.odds_rows == [("Own hook", 0.5, "half")]
        with pytest.raises(TypeError):
            register_probability("deal", "not a function")  # type: ignore[arg-type]
    finally:
        probability._REGISTRY.clear()
        probability._REGISTRY.update(saved)
