"""The coach refuses bad input with its own errors, names a failing agent, stars only
what it measured (issue 26, items 4 and 5).

Playouts are kept tiny and random so the file is quick on a loaded machine: what is
checked is what the coach says, not the estimates (``tests/coach/test_analyse.py``).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import monopoly_widgets as mw
from monopoly_widgets.agents.playout import AgentError
from monopoly_widgets.coach import analyse
from monopoly_widgets.coach.chart import chart_data, move_chart
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.widgets import coaching
from tests.input.helpers import MARK, assert_short, played, snapshot
from tests.widgets.helpers import attach


def returns_none(observation: Any, legal: Any, rng: Any) -> None:
    return None


def returns_a_stranger(observation: Any, legal: Any, rng: Any) -> str:
    return "buy Boardwalk"


def raises(observation: Any, legal: Any, rng: Any) -> Any:
    raise KeyError("lost card")


class BadView:
    """An agent whose own observation view fails."""

    name = "bad view"

    def observe(self, rules: Any, state: Any, seat: int) -> Any:
        raise RuntimeError("no view")

    def __call__(self, observation: Any, legal: Any, rng: Any) -> Any:
        return legal[0]


@pytest.mark.parametrize(
    ("agent", "named", "says"),
    [
        (returns_none, "returns_none", "chose None, which is not one of the"),
        (returns_a_stranger, "returns_a_stranger", "chose 'buy Boardwalk', which is not one"),
        (raises, "raises", "raised KeyError(\"'lost card'\")"),
        (BadView(), "bad view", "raised RuntimeError('no view') in observe()"),
    ],
)
@pytest.mark.parametrize("executor", [None, "threads"])
def test_a_failing_continue_with_agent_is_named(
    agent: Any, named: str, says: str, executor: str | None
) -> None:
    game = played("deal")
    before = snapshot(game)
    pool = ThreadPoolExecutor(2) if executor else None
    try:
        with pytest.raises(AgentError) as caught:
            analyse(game, playouts=40, continue_with=agent, executor=pool)
    finally:
        if pool is not None:
            pool.shutdown()
    message = str(caught.value)
    assert message.startswith(f"agent {named} in seat ") and says in message
    assert " at 0x" not in message
    assert snapshot(game) == before


def test_an_agent_returning_an_equal_copy_of_a_legal_move_is_accepted() -> None:
    """The check is that the move is legal, not that it is the very object offered."""
    import copy

    def copies(observation: Any, legal: Any, rng: Any) -> Any:
        return copy.deepcopy(legal[rng.randrange(len(legal))])

    result = analyse(played("deal"), playouts=40, continue_with=copies, workers=1)
    assert result.playouts > 0 and result.best is not None


def test_every_built_in_policy_that_can_play_a_playout_is_accepted() -> None:
    game = played("deal")
    for name in ("random", "heuristic", "deal_policy"):
        result = analyse(game, playouts=len(game.legal_actions()), continue_with=name)
        assert result.continue_with == name and result.playouts == len(game.legal_actions())


@pytest.mark.parametrize(
    "name", ["search", "nope", MARK * 500, 3, None], ids=["search", "nope", "long", "3", "None"]
)
def test_other_policies_are_refused_with_the_names_listed(name: Any) -> None:
    game = played("deal")
    before = snapshot(game)
    with pytest.raises(InputError) as caught:
        analyse(game, playouts=4, continue_with=name)
    text = assert_short(caught.value)
    assert "continue_with must be one of random, heuristic, deal_policy or an agent" in text
    if name == "search":
        assert "a playout has none" in text
    assert snapshot(game) == before


def test_the_explorer_accepts_the_same_policies_and_refuses_others() -> None:
    game = mw.new_game("deal", players=2, seed=4)
    explorer = mw.GameExplorer(game, coach_continue_with="deal_policy")
    assert explorer.coach.continue_with == "deal_policy"
    for name in ("search", "Heuristic", 7):
        with pytest.raises(InputError) as caught:
            mw.GameExplorer(game, coach_continue_with=name)
        assert "coach_continue_with must be one of random, heuristic, deal_policy," in str(
            caught.value
        )
    for field in ("coach_playouts", "coach_max_playouts"):
        for value in (0, 10**5000, "many", 2.0):
            with pytest.raises(InputError, match=field):
                mw.GameExplorer(game, **{field: value})


BAD_ARGUMENTS = [
    ("playouts", 10**5000, "playouts must be a whole number from 1 to 1,000,000"),
    ("playouts", -1, "playouts must be"),
    ("playouts", "many", "not 'many'"),
    ("playouts", True, "playouts must be"),
    ("budget_s", float("nan"), "budget_s must be a number of seconds"),
    ("budget_s", float("inf"), "budget_s must be"),
    ("budget_s", 10**5000, "not a 16610-bit number"),
    ("seed", 10**5000, "seed must be"),
    ("seed", "7", "seed must be a whole number"),
    ("player", 10**5000, "player must be None or"),
    ("player", "0", "player must be None or"),
    ("executor", object(), "executor must be None or a concurrent.futures.Executor"),
    ("executor", "pool", "executor must be None"),
    ("workers", 10**5000, "workers must be None, 1 or 2"),
    ("workers", "2", "workers must be None, 1 or 2"),
    ("confidence", float("nan"), "confidence must be a number between 0 and 1"),
    ("precision", 5, "precision must be a number between 0 and 1"),
    ("first_batch", 10**5000, "first_batch must be"),
    ("first_batch", 0, "first_batch must be"),
    ("cards_known", "yes", "cards_known must be True or False"),
    ("on_round", 3, "on_round must be None or a function"),
    ("continue_with", MARK * 5000, "continue_with must be one of"),
]


@pytest.mark.parametrize(
    ("field", "value", "says"),
    BAD_ARGUMENTS,
    ids=[f"{field}-{index}" for index, (field, _, _) in enumerate(BAD_ARGUMENTS)],
)
def test_a_bad_argument_is_the_packages_own_error_naming_the_field(
    field: str, value: Any, says: str
) -> None:
    game = played("deal")
    before = snapshot(game)
    arguments = {"playouts": 2, "workers": 1, field: value}
    with pytest.raises(InputError) as caught:
        analyse(game, **arguments)
    text = assert_short(caught.value)
    assert says in text and " at 0x" not in text
    assert snapshot(game) == before


def test_value_of_information_checks_its_own_playouts_first() -> None:
    game = played("deal")
    with pytest.raises(InputError, match="compare_playouts must be"):
        mw.coach.value_of_information(game, playouts=2, compare_playouts=10**5000)


def test_a_move_without_a_playout_is_never_starred() -> None:
    """One playout for many moves: nothing is measured, so nothing is called best."""
    game = played("deal")
    moves = len(game.legal_actions())
    assert moves > 2
    result = analyse(game, playouts=moves - 1, continue_with="random")
    assert result.playouts == 0 and result.best is None
    why = result.why_no_best()
    assert why.startswith("No move is marked best: none was measured")
    text = str(result)
    assert why in text and not any(line.startswith("*") for line in text.splitlines())
    assert "&#9733;" not in result._repr_html_()
    chart = chart_data(result)
    assert not any(row["best"] for row in chart["rows"]) and chart["note"] == why
    # An unmeasured move has no figures to show: it says so, never "0.0% (0.0% to 100.0%)".
    move_lines = [line for line in text.splitlines() if line.startswith("  ")]
    assert len(move_lines) == moves
    assert all(line.startswith("  not measured  ") for line in move_lines), move_lines
    assert "0/0" not in text and "100.0%" not in text
    page = result._repr_html_()
    assert page.count("not measured") == moves and "0 of 0" not in page
    hovers = move_chart(result).data[0].customdata
    assert all(hover[1] == "not measured" for hover in hovers)
    information = mw.coach.value_of_information(
        game, playouts=1, compare_playouts=1, continue_with="random"
    )
    assert information.value == 0 and "Nothing to compare" in str(information)


def test_a_measured_move_is_starred_once_and_is_a_measured_one() -> None:
    game = played("deal")
    result = analyse(game, playouts=3 * len(game.legal_actions()), continue_with="random")
    assert result.best is not None and result.move(result.best).playouts > 0
    assert result.why_no_best() == ""
    assert sum(row["best"] for row in chart_data(result)["rows"]) == 1


def quick_panel(**kwargs: Any) -> mw.GameExplorer:
    game = mw.new_game("deal", players=2, seed=4)
    return mw.GameExplorer(
        game, coach_playouts=1, coach_max_playouts=1, coach_continue_with="random", **kwargs
    )


def test_the_panel_names_a_failing_playout_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coaching, "make_policy", lambda name: returns_none)
    explorer = quick_panel()
    attach(explorer)
    before = snapshot(explorer.game)
    explorer.show_coach(True)
    explorer.coach.wait()
    status = explorer.table.coach["status"]
    assert status.startswith("The coach stopped: the playout agent returns_none in seat ")
    assert "chose None" in status and "Traceback" not in status
    assert explorer.table.coach["chart"] == {}
    assert snapshot(explorer.game) == before


def test_the_panel_says_in_one_line_why_nothing_is_starred(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An analysis that measured no move (here: fewer playouts than moves) stars nothing."""
    real = coaching.analyse

    def starved(game: Any, seat: Any, **kwargs: Any) -> Any:
        return real(game, seat, **{**kwargs, "playouts": 1})

    monkeypatch.setattr(coaching, "analyse", starved)
    explorer = quick_panel()
    attach(explorer)
    explorer.show_coach(True)
    explorer.coach.wait()
    value = explorer.table.coach
    assert "No move is marked best: none was measured" in value["status"]
    assert "\n" not in value["status"]
    assert not any(row["best"] for row in value["chart"]["rows"])
