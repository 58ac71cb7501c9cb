"""Win probabilities from a position, rule-variant comparisons, and the charts."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import pytest

import monopoly_widgets as mw
from monopoly_widgets.prob.deal import panel
from monopoly_widgets.sim import (
    compare_options,
    estimate_win_probability,
    monte_carlo_convergence,
    simulate,
    summarize,
)
from monopoly_widgets.sim.montecarlo import convergence_frame
from monopoly_widgets.sim.plots import (
    convergence_chart,
    game_length_histogram,
    odds_table,
    win_rate_chart,
)


def one_card_from_winning() -> dict[str, Any]:
    """Player 0 has two full sets and Boardwalk in hand to finish Dark Blue: it is their turn."""
    full = {"house": False, "hotel": False}
    return {
        "players": 2,
        "turn_player": 0,
        "turn": 9,
        "plays_used": 0,
        "hands": [["Boardwalk", "$1M"], ["Pass Go", "Sly Deal"]],
        "banks": [[], ["$2M"]],
        "properties": [
            [
                {"colour": "Brown", "cards": ["Mediterranean Avenue", "Baltic Avenue"], **full},
                {"colour": "Utility", "cards": ["Electric Company", "Water Works"], **full},
                {"colour": "Dark Blue", "cards": ["Park Place"], **full},
            ],
            [],
        ],
    }


def test_a_sure_win_is_estimated_as_one() -> None:
    """Rule: Deal rulebook "How to Win": 3 complete sets of different colours."""
    game = mw.from_position("deal", one_card_from_winning())
    estimate = estimate_win_probability(game, 0, ["heuristic", "heuristic"], n=20, seed=1)
    assert estimate.successes == 20 and estimate.high == 1.0
    # Seat 1 cannot see Boardwalk in seat 0's hand: in its re-dealt worlds seat 0
    # often lacks it, so seat 1 still sees some chances (its view, not the truth).
    other = estimate_win_probability(game, 1, ["heuristic", "heuristic"], n=20, seed=1)
    assert other.successes < 20 - 10


def test_estimate_is_reproducible_and_matches_the_convergence_table() -> None:
    game = mw.new_game("deal", players=2, seed=12)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    agents = ["random", "random"]
    estimate = estimate_win_probability(game, 1, agents, n=30, seed=4)
    assert estimate == estimate_win_probability(game, 1, agents, n=30, seed=4)
    frame = monte_carlo_convergence(game, 1, agents, n=30, seed=4)
    assert frame["hits"].iloc[-1] == estimate.successes
    assert frame["low"].iloc[-1] == estimate.low and frame["high"].iloc[-1] == estimate.high
    assert game.step == 10 and not game.is_over  # the real game is untouched


def test_bad_arguments_are_rejected() -> None:
    game = mw.new_game("deal", players=2, seed=1)
    with pytest.raises(ValueError, match="seat"):
        estimate_win_probability(game, 2, ["random", "random"], n=5)
    with pytest.raises(ValueError, match="one agent per seat"):
        estimate_win_probability(game, 0, ["random"], n=5)
    with pytest.raises(ValueError, match="trials"):
        estimate_win_probability(game, 0, ["random", "random"], n=0)


def test_compare_options_pairs_the_same_seeds() -> None:
    """Rule: option max_turns: a game past the limit is a draw; a tiny limit makes draws."""
    result = compare_options(
        "deal",
        {"rulebook": {}, "same again": {}, "short games": {"max_turns": 4}},
        agents=["random", "random"],
        games=8,
        seed=3,
        workers=1,
        progress=False,
    )
    assert result.summary["variant"].tolist() == ["rulebook", "same again", "short games"]
    same = result.differences[result.differences["variant"] == "same again"]
    assert (same["difference"] == 0).all() and (same["low"] == 0).all()
    short = result.differences[result.differences["variant"] == "short games"].set_index("metric")
    assert short.loc["turns", "difference"] < 0
    assert short.loc["draw", "value"] > short.loc["draw", "baseline"]
    assert result.results["rulebook"]["seed"].equals(result.results["short games"]["seed"])
    assert "difference" in str(result)


def test_charts_are_built_from_the_tables() -> None:
    table = simulate("deal", ["random", "random"], games=6, seed=2, workers=1, progress=False)
    bars = win_rate_chart(summarize(table))
    assert isinstance(bars, go.Figure) and list(bars.data[0].y) == [
        row.win_rate for row in summarize(table).seats.itertuples()
    ]
    assert isinstance(game_length_histogram(table), go.Figure)
    frame = convergence_frame([True, False, True, True])
    chart = convergence_chart(frame, exact=0.5)
    assert len(chart.data) == 2 and list(chart.data[1].y) == [1.0, 0.5, 2 / 3, 0.75]
    observation = mw.new_game("deal", players=2, seed=1).observation(0)
    table_figure = odds_table(panel(observation))
    assert table_figure.data[0].cells.values[0][0] == "draw a Just Say No next turn"
