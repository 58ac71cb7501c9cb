"""Fuzzing simulate and the CLI with hypothesis: any argument gets the package's own short
error or a table, never a traceback (issue 26 §5). ``MW_FUZZ_EXAMPLES`` hunts longer."""

from __future__ import annotations

import os

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly_widgets.cli import main
from monopoly_widgets.core.errors import MonopolyWidgetsError
from monopoly_widgets.sim import simulate
from tests.input.helpers import MARK, assert_short

EXAMPLES = int(os.environ.get("MW_FUZZ_EXAMPLES", "25"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
odd = (
    st.none()
    | st.booleans()
    | st.integers(-3, 4)
    | st.just(10**5000)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.just(MARK * 3000)
    | st.lists(st.sampled_from(["random", "heuristic", "randon", MARK]), max_size=11)
)


@FUZZ
@given(
    game=st.sampled_from(["deal", "bid", "cardgame"]) | st.text(max_size=8),
    agents=odd,
    games=odd,
    seed=odd,
    players=odd,
    on_error=st.sampled_from(["raise", "record"]) | st.text(max_size=5),
    rotate=odd,
    executor=st.none() | st.text(max_size=4) | st.integers(),
)
def test_fuzzed_simulate(game, agents, games, seed, players, on_error, rotate, executor) -> None:
    if isinstance(games, int) and not isinstance(games, bool) and 0 < games < 10:
        games = min(games, 2)  # a few real games at most per example
    try:
        table = simulate(
            game,
            agents,
            games=games,
            seed=seed,
            players=players,
            on_error=on_error,
            rotate_seats=rotate,
            executor=executor,
            workers=1,
            progress=False,
        )
    except MonopolyWidgetsError as exc:
        assert_short(exc)
        assert " at 0x" not in str(exc)
    else:
        assert isinstance(table, pd.DataFrame) and len(table) == games


tokens = st.sampled_from(
    ["simulate", "deal", "bid", "--agents", "random", "randon,random", "--players", "1", "7",
     "--games", "2", "0", str(10**50), "--seed", "-1", "--workers", "1", "--csv",
     "/nonexistent/x.csv", "--option", "max_turns=3", "x=1", MARK * 200, "games", "lite"]
)  # fmt: skip


@FUZZ
@given(argv=st.lists(tokens, max_size=8))
def test_fuzzed_command_lines(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # The fixture is shared by every example: drop what earlier ones wrote (an argparse usage
    # error exits before its stderr is read), so only this example's output is judged.
    capsys.readouterr()
    if argv.count("--games") == 0 and argv[:1] == ["simulate"]:
        argv = [*argv, "--games", "2"]
    if "lite" in argv:
        argv = [a for a in argv if a != "lite"]
    try:
        status = main([*argv, "--no-progress"] if argv[:1] == ["simulate"] else argv)
    except SystemExit as exit_:  # argparse's own usage errors
        assert exit_.code == 2
        return
    err = capsys.readouterr().err
    assert status in (0, 1, 2)
    assert "Traceback" not in err and len(err) < 2000 and MARK * 61 not in err
