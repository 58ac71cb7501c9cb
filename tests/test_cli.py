"""The command line: help, simulate for each game, and readable errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from monopoly_widgets.cli import main, parse_option
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.core.registry import GAMES


def test_help_lists_the_commands() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "monopoly_widgets", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert "simulate" in done.stdout and "games" in done.stdout


def test_simulate_help_names_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    for flag in ("--players", "--games", "--seed", "--agents", "--workers", "--option"):
        assert flag in out


@pytest.mark.parametrize("name", list(GAMES))
def test_simulate_prints_win_rates_lengths_and_draws(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        ["simulate", name, "--players", "3", "--games", "6", "--seed", "1"]
        + ["--agents", "random", "--workers", "1"]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "6 games, 3 players" in out
    assert "95% interval" in out
    for seat in range(3):
        assert f"   {seat}  random" in out
    assert "game length: mean" in out and "median" in out
    assert "draws/stalls:" in out


def test_same_output_with_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "deal", "--games", "6", "--seed", "3", "--agents", "random,random"]
    main([*args, "--workers", "1"])
    one = capsys.readouterr().out
    main([*args, "--workers", "2"])
    assert capsys.readouterr().out == one


def test_bad_input_is_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "deal", "--agents", "random,genius", "--games", "2"]) == 2
    assert "unknown agent 'genius'" in capsys.readouterr().err
    assert main(["simulate", "chess", "--games", "2"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["simulate", "deal", "--games", "2", "--option", "no_such_rule=1"]) == 2
    assert "no_such_rule" in capsys.readouterr().err


def test_option_values_are_read_as_json_when_possible() -> None:
    assert parse_option("hand_limit=7") == ("hand_limit", 7)
    assert parse_option("stack=true") == ("stack", True)
    assert parse_option("to=discard_pile") == ("to", "discard_pile")
    with pytest.raises(Exception, match="name=value"):
        parse_option("oops")


def test_games_command_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for game in GAMES.values():
        assert f"{game.name:<9} {game.title}, {game.min_players}-{game.max_players} players" in out


def test_default_agents_fill_any_number_of_seats(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "deal", "--players", "3", "--games", "2", "--workers", "1"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "   0  heuristic" in out and "   1  random" in out and "   2  random" in out


def test_the_player_count_is_checked_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "deal", "--players", "1"]) == 2
    assert "is for 2 to 10 players, not 1" in capsys.readouterr().err
    assert main(["simulate", "deal", "--players", "1", "--agents", "random,random"]) == 2
    assert "not 1" in capsys.readouterr().err


def test_game_names_in_any_capitals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "Deal", "--games", "2", "--workers", "1"]) == 0
    assert "deal: seed 0" in capsys.readouterr().out


def test_help_shows_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95% Wilson interval" in out and "%%" not in out


def test_a_csv_file_is_never_written_over_unless_told(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Last week's results are refused before any game is played; --overwrite replaces."""
    mine = tmp_path / "games.csv"
    mine.write_text("last week's games\n")
    args = ["simulate", "deal", "--games", "2", "--agents", "random,random", "--workers", "1"]
    assert main([*args, "--csv", str(mine)]) == 2
    printed = capsys.readouterr()
    assert "--csv: " in printed.err and "already exists" in printed.err
    assert "add --overwrite to replace it" in printed.err
    assert printed.out == "", "refused before any game was played"
    assert mine.read_text() == "last week's games\n"
    assert main([*args, "--csv", str(mine), "--overwrite"]) == 0
    assert "2 games" in capsys.readouterr().out
    assert mine.read_text().startswith("game,seed,") and len(mine.read_text().splitlines()) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv"]


@pytest.mark.parametrize("where", ["missing/league.csv", "taken.csv"])
def test_the_league_checks_its_csv_file_before_it_plays(
    where: str, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A long league is not lost to a mistyped folder, or to a name already taken, at its end."""
    (tmp_path / "taken.csv").write_text("last week's league\n")
    target = tmp_path / where
    status = main(["league", "random", "heuristic", "--games", "1", "--csv", str(target)])
    printed = capsys.readouterr()
    assert status == 2 and printed.out == "" and "games" not in printed.err
    assert "--csv: " in printed.err
    assert ("does not exist" if "missing" in where else "already exists") in printed.err
    assert (tmp_path / "taken.csv").read_text() == "last week's league\n"


def test_the_league_command_and_the_league_package_stand_apart() -> None:
    """Issue 47: ``cli.py`` and ``league/cli.py`` no longer import each other (the ``--csv``
    option they share is ``csv_output.py``'s), and ``mw.league`` is the league package,
    callable as before, so its modules are reached by a plain import."""
    import ast
    import importlib

    import monopoly_widgets as mw
    import monopoly_widgets.league.run as run

    league_cli = importlib.import_module("monopoly_widgets.league.cli")
    tree = ast.parse(Path(league_cli.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "monopoly_widgets.cli" not in imported and "monopoly_widgets.csv_output" in imported
    assert mw.league.run is run
    with pytest.raises(InputError, match="two entries are called 'random'"):
        mw.league(["random", "random"], progress=False)  # the call reaches league.run
