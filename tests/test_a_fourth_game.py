"""A fourth game plugs in through its descriptor alone (issue 47, item 1).

``tests/toy_game/`` is a toy engine of about a hundred lines whose descriptor leaves
every optional hook out. Registered here (and only here), it passes the conformance
suite and the action-catalogue check, the explorer's widget model plays it, and the
learning API's PettingZoo and Gymnasium checks pass on it: no module of the package
names it, so every layer found it through ``core/registry.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.errors import OptionError
from monopoly_widgets.core.registry import (
    DEFAULT_HEURISTIC,
    DEFAULT_ODDS_PANEL,
    DEFAULT_TABLE_VIEW,
    available_games,
    describe,
    unregister_game,
)
from monopoly_widgets.testing import check_game
from monopoly_widgets.testing.catalogue import check_catalogue_coverage, has_catalogue
from tests.rl import test_environments as rl_tests
from tests.toy_game.descriptor import register
from tests.widgets import test_explorer_model as explorer_tests


@pytest.fixture
def toy() -> Iterator[str]:
    """The toy game, registered for one test and forgotten after it."""
    register()
    yield "toy"
    unregister_game("toy")


def test_unknown_until_registered_and_given_the_defaults() -> None:
    assert "toy" not in available_games()
    with pytest.raises(OptionError, match="unknown game 'toy'"):
        mw.new_game("toy", players=2)
    register()
    try:
        descriptor = describe("toy")
        assert available_games()[-1] == "toy" and available_games()[:3] == [
            "deal",
            "bid",
            "cardgame",
        ]
        assert (descriptor.heuristic, descriptor.odds_panel, descriptor.table_view) == (
            DEFAULT_HEURISTIC,
            DEFAULT_ODDS_PANEL,
            DEFAULT_TABLE_VIEW,
        )
        assert mw.prob.panel(mw.new_game("toy", players=2, seed=1).observation(0)) == []
    finally:
        unregister_game("toy")
    assert "toy" not in available_games()


def test_the_conformance_suite_passes(toy: str) -> None:
    assert check_game(toy, seeds=[0, 1]) == 2 * 3 * 11  # 2, 3 and 4 players, 11 checks
    assert has_catalogue(toy)
    for players in (2, 4):
        assert check_catalogue_coverage(toy, players, seed=3) > 10


def test_every_agent_plays_it(toy: str) -> None:
    table = mw.simulate(toy, ["heuristic", "random", "search"], games=3, workers=1, progress=False)
    assert len(table) == 3 and not table["error"].any()


@pytest.mark.parametrize(
    "check",
    [
        explorer_tests.test_repr_is_stable,
        explorer_tests.test_step_forward_moves_bots_and_step_back_keeps_the_future,
        explorer_tests.test_a_seat_view_hides_the_other_hands,
        explorer_tests.test_a_person_plays_a_legal_move,
        explorer_tests.test_a_bots_turn_cannot_be_played_by_the_person,
        explorer_tests.test_the_charts_follow_the_timeline,
        explorer_tests.test_a_step_sends_its_table_and_charts_in_one_message,
    ],
    ids=lambda check: check.__name__,
)
def test_the_explorer_model_plays_it(toy: str, check) -> None:
    check(toy)


def test_the_learning_api_checks_pass(toy: str, capsys: pytest.CaptureFixture) -> None:
    for players in (2, 4):
        rl_tests.test_pettingzoo_api_test(toy, players)
        rl_tests.test_pettingzoo_seed_test(toy, players)
        rl_tests.test_pettingzoo_render_test(toy, players, capsys)
    rl_tests.test_gymnasium_check_env(toy)
    rl_tests.test_same_seed_and_actions_give_the_same_trajectory(toy)
