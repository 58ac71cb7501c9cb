"""The league (issue 27 §1): safe and fair with a folder of misbehaving bots.

``tests/league/bots/`` holds a good bot and one of every kind of trouble. Most of the
troublemakers play well in seat 0, so they pass the check game (seat 0) and misbehave
in the league itself (seat 1): there they must forfeit that game, with the reason, and
every other result must be kept. Three fail the check and sit out, by name.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.core.errors import InputError
from monopoly_widgets.league import find_entries

BOTS = Path(__file__).parent / "bots"
#: Seat-1 troublemakers and what their forfeits must say.
FORFEITS = {
    "crash": "choose raised ZeroDivisionError: division by zero (crash.py line 6)",
    "dies": "its process ended (exit code 3)",
    "slow": "took longer than 1.5 s to choose (stopped)",
    "loop": "took longer than 1.5 s to choose (stopped)",
    "illegal": "choose returned 'play:the_whole_deck', which is not a legal action",
    "hog": "",  # out of memory, or out of time on a busy machine: test_memory_is_limited
    "quitter": "choose raised ",
}
SAT_OUT = {
    "broken_import": "broken_import.py: could not be imported: ModuleNotFoundError: "
    "No module named 'a_module_nobody_has' (broken_import.py line 3)",
    "returns_none": "returns_none.py: choose returned None, not one of the legal actions on turn 3",
    "no_choose": "no_choose.py: defines no function choose(observation, legal_actions, rng)",
}


def alive(pid: int) -> bool:
    """Is ``pid`` a living process (not a zombie)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def processes_with(text: str) -> list[int]:
    """PIDs of living processes whose command line contains ``text``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if text in command and alive(int(entry.name)):
                found.append(int(entry.name))
    return found


@pytest.fixture(scope="module")
def league_result():
    """The process mode's league of troublemakers (the sandbox's: tests/league/test_sandbox.py)."""
    started = time.monotonic()
    result = mw.league(
        [BOTS, "random"],
        games=1,
        seed=3,
        move_seconds=1.5,
        memory_mb=300,
        workers=2,
        sandbox="process",
        progress=False,
    )
    return result, time.monotonic() - started


def test_the_league_finishes_within_its_limits(league_result) -> None:
    result, seconds = league_result
    bots = len(result.entries)
    assert bots == 11  # 10 files that pass the check, and the random bot
    assert len(result.rows) == bots * (bots - 1)  # every pairing, one deal, both seat orders
    assert seconds < 300


def test_entries_that_fail_the_check_sit_out_by_name(league_result) -> None:
    result, _ = league_result
    assert set(result.failures) == set(SAT_OUT)
    for name, words in SAT_OUT.items():
        assert result.failures[name].endswith(words)
        assert str(BOTS / f"{name}.py") in result.failures[name]
    assert all(name not in result.table["bot"].tolist() for name in SAT_OUT)


def test_each_failure_forfeits_its_games_with_the_reason(league_result) -> None:
    result, _ = league_result
    for row in result.rows:
        forfeit = row["forfeit"]
        seat1 = row["seats"][1]
        if seat1 in FORFEITS and seat1 != "slow" or seat1 == "slow" and row["turns"] >= 2:
            assert forfeit is not None and forfeit["bot"] == seat1, row
            assert forfeit["seat"] == 1 and row["winner"] == 0
            assert FORFEITS[seat1] in forfeit["reason"], forfeit["reason"]
        else:
            assert forfeit is None or forfeit["bot"] in FORFEITS, row
    quits = [r["forfeit"]["reason"] for r in result.rows if r["seats"][1] == "quitter"]
    assert any("SystemExit(4)" in reason or "KeyboardInterrupt" in reason for reason in quits)


def test_every_other_result_is_kept(league_result) -> None:
    result, _ = league_result
    table = result.table.set_index("bot")
    for name in ("good", "printer", "snoop", "random"):
        assert table.loc[name, "forfeits"] == 0
        assert table.loc[name, "games"] == 20
    played = [r for r in result.rows if r["forfeit"] is None]
    assert len(played) >= 40
    assert all(r["winner"] in (0, 1, None) for r in played)
    assert table["games"].sum() == 2 * len(result.rows)


def test_the_snoop_finds_nothing_hidden(league_result) -> None:
    """The snooping bot returns "FOUND ..." (an illegal move) if it can see the game, a
    state or another seat's hand; it never forfeits, so it found nothing."""
    result, _ = league_result
    snooping = [r for r in result.rows if "snoop" in r["seats"]]
    assert len(snooping) == 20
    assert not any(r["forfeit"] and r["forfeit"]["bot"] == "snoop" for r in snooping)


def test_no_process_is_left_behind(league_result) -> None:
    result, _ = league_result
    assert len(result.pids) >= 13  # at least one process per student file
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in result.pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in result.pids if alive(pid)] == []
    assert processes_with("sleep 327.5") == []  # the loop bot's own child died with it
    assert processes_with(str(BOTS)) == []


def test_the_table_and_the_replays(league_result) -> None:
    result, _ = league_result
    table = result.table
    assert list(table.columns[:7]) == [
        "bot",
        "games",
        "wins",
        "draws",
        "losses",
        "forfeits",
        "win_rate",
    ]
    assert (table["rating_low"] <= table["rating"]).all() and (
        table["rating"] <= table["rating_high"]
    ).all()
    assert table["rating"].is_monotonic_decreasing
    figure = result.chart()
    assert sorted(figure.data[0].customdata) == sorted(table["bot"])  # rows by number
    row = next(i for i, r in enumerate(result.rows) if r["forfeit"] is None)
    explorer = result.replay(row)
    saved = json.loads(result.rows[row]["saved"])
    assert explorer.game.history == saved["actions"] and explorer.game.is_over
    with pytest.raises(InputError, match="row"):
        result.replay(len(result.rows))


def test_a_replay_names_the_entries_and_ends_at_the_forfeit(league_result) -> None:
    """The explorer names each seat by its entry, and a forfeited game stops where the bot
    failed, saying which bot, why and on which turn, citing the league's rule; no bot
    plays on, however the teacher presses step or play."""
    from monopoly_widgets.league.replay import FORFEIT_RULE
    from monopoly_widgets.widgets.explorer import STOPPED_DECISION

    result, _ = league_result
    index = next(i for i, r in enumerate(result.rows) if r["seats"] == ["good", "crash"])
    row = result.rows[index]
    explorer = result.replay(index)
    assert explorer.table.seat_names == ["Player 0 (good.py)", "Player 1 (crash.py)"]
    assert [seat["role"] for seat in explorer.table.table["seats"]] == ["good.py", "crash.py"]
    end = explorer.game.step
    assert explorer.game.history == json.loads(row["saved"])["actions"]
    explorer.seek(end)
    notice = explorer.table.notice
    assert notice.startswith(
        "The league game ends here: crash.py (Player 1) forfeited: choose raised "
        "ZeroDivisionError: division by zero (crash.py line 6) on turn "
    ), notice
    assert f"on turn {row['turns']}. Player 0 (good.py) is given the win. " in notice
    assert notice.endswith(FORFEIT_RULE)
    assert explorer.table.table["decision"] == STOPPED_DECISION  # not "play a card"
    explorer.seek(end - 1)
    assert explorer.table.table["decision"] != STOPPED_DECISION
    explorer.seek(end)
    section = FORFEIT_RULE.split('"')[1]
    assert f"\n## {section}\n" in (BOTS.parents[2] / "docs" / "league.md").read_text()
    assert not explorer.forward() and explorer.game.step == end and explorer.last_error == ""
    explorer.play()
    explorer.tick()
    assert not explorer.playing and explorer.game.step == end
    assert explorer.table.notice == notice
    explorer.new_game(seed=1)  # not the league's game: no ending, and no bot to run
    assert explorer.ending == ""
    assert not explorer.forward() and "cannot play a new one here" in explorer.last_error

    finished = next(
        i
        for i, r in enumerate(result.rows)
        if r["seats"] == ["random", "good"] and not r["forfeit"]
    )
    explorer = result.replay(finished)
    assert explorer.table.seat_names == ["Player 0 (built-in random)", "Player 1 (good.py)"]
    explorer.seek(explorer.game.step)
    assert explorer.ending == "" and explorer.table.notice.startswith("The game is over")


def test_duplicate_seating_same_deals_in_every_seat_order(league_result) -> None:
    result, _ = league_result
    by_pairing: dict[tuple[str, ...], list[dict]] = {}
    for row in result.rows:
        by_pairing.setdefault(tuple(row["pairing"]), []).append(row)
    seeds = {tuple(sorted(r["seed"] for r in rows)) for rows in by_pairing.values()}
    assert len(seeds) == 1  # every pairing played the same deals
    for pairing, rows in by_pairing.items():
        assert sorted(tuple(r["seats"]) for r in rows) == sorted([pairing, pairing[::-1]])
        first, second = (mw.load_game(r["saved"]) for r in rows)
        assert first.seed == second.seed
        assert first.state_at(0) == second.state_at(0)  # the same cards dealt, seat for seat


def test_entries_are_found_without_importing_them(tmp_path) -> None:
    marker = tmp_path / "imported"
    (tmp_path / "sneaky.py").write_text(
        f"open({str(marker)!r}, 'w').close()\ndef choose(o, l, r):\n    return l[0]\n"
    )
    (tmp_path / "_helper.py").write_text("raise SystemExit\n")
    entries = find_entries([tmp_path, "heuristic"])
    assert [e.name for e in entries] == ["sneaky", "heuristic"]
    assert not marker.exists()
    with pytest.raises(InputError, match="not a folder, a .py file or a built-in"):
        find_entries([tmp_path, "champion"])
    with pytest.raises(InputError, match="at least 2 bots"):
        find_entries(["random"])


def test_memory_is_limited() -> None:
    """Given time enough, the bot that allocates without bound meets its memory limit."""
    from monopoly_widgets.league.sandbox import BotFailure, BotProcess, Limits

    bot = BotProcess(BOTS / "hog.py", Limits(move_seconds=60, memory_mb=300))
    try:
        bot.wait_ready()
        bot.new_game(1)
        game = mw.new_game("deal", players=2, seed=1)
        observation = game.observation(0)
        observation["viewer"] = 1  # the hog hoards in seat 1
        with pytest.raises(BotFailure, match="ran out of memory \\(the limit is 300 MB\\)"):
            bot.choose(observation, [a.to_dict() for a in game.legal_actions()])
        assert bot.process.poll() is None  # the bot's process survived its MemoryError
    finally:
        bot.stop()
    assert not alive(bot.pid)


def test_a_bot_dies_with_the_league(tmp_path) -> None:
    """Kill the league's process while its bot loops: the bot's process ends too."""
    (tmp_path / "spin.py").write_text("def choose(o, l, r):\n    while True:\n        pass\n")
    script = (
        "import monopoly_widgets as mw, sys\n"
        "from monopoly_widgets.league.sandbox import BotProcess, Limits\n"
        f"bot = BotProcess({str(tmp_path / 'spin.py')!r}, Limits(move_seconds=600))\n"
        "bot.wait_ready(); bot.new_game(1)\n"
        "g = mw.new_game('deal', players=2, seed=1)\n"
        "bot._send({'op': 'choose', 'observation': g.observation(0), "
        "'legal': [a.to_dict() for a in g.legal_actions()]})\n"
        "print(bot.pid, flush=True)\n"
        "import time; time.sleep(600)\n"
    )
    league = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        pid = int(league.stdout.readline())
        assert alive(pid)
        league.kill()
        league.wait()
        deadline = time.monotonic() + 10
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(pid)
    finally:
        league.kill()
        league.wait()


def test_without_processes_it_plays_in_one_process_and_says_so(monkeypatch) -> None:
    from monopoly_widgets.league import run

    monkeypatch.setattr(run, "processes_available", lambda: False)
    with pytest.warns(RuntimeWarning, match="time and memory limits cannot be enforced"):
        result = mw.league(
            [BOTS / "good.py", BOTS / "quitter.py", "random"], games=1, progress=False
        )
    assert any("cannot be enforced" in note for note in result.notes)
    assert result.pids == [] and len(result.rows) == 6
    reasons = [r["forfeit"]["reason"] for r in result.rows if r["forfeit"]]
    assert reasons and all("quitter" not in r for r in reasons)
    assert any("SystemExit" in r or "KeyboardInterrupt" in r for r in reasons)


def test_a_concurrent_futures_executor_gives_the_same_league() -> None:
    from concurrent.futures import ThreadPoolExecutor

    bots = [BOTS / "good.py", "random", "heuristic"]
    # Time is not what this compares: limits no loaded machine reaches, so that no move
    # is forfeited in one league and played in the other.
    slack = {"move_seconds": 60, "start_seconds": 300, "progress": False}
    alone = mw.league(bots, games=2, seed=5, workers=1, **slack)
    with ThreadPoolExecutor(2) as pool:
        pooled = mw.league(bots, games=2, seed=5, executor=pool, **slack)
    assert [r["saved"] for r in alone.rows] == [r["saved"] for r in pooled.rows]
    assert alone.table.equals(pooled.table)


def test_a_folder_given_by_a_relative_path(monkeypatch) -> None:
    """As a teacher types it, from the folder above the bots (each bot's process starts
    in its own folder, so the path must not be read relative to that)."""
    monkeypatch.chdir(BOTS.parent)
    result = mw.league(["bots/good.py", "random"], games=1, workers=1, progress=False)
    assert result.failures == {} and len(result.rows) == 2


def test_bad_arguments_get_clear_errors() -> None:
    with pytest.raises(InputError, match="games"):
        mw.league([BOTS / "good.py", "random"], games=0, progress=False)
    with pytest.raises(InputError, match="move_seconds"):
        mw.league([BOTS / "good.py", "random"], move_seconds=-1, progress=False)


def test_without_pandas_the_tables_and_chart_are_the_packages_own(monkeypatch) -> None:
    """The offline JupyterLite site has no pandas: the league's tables are then the
    package's own (``sim/table.py``), row for row what pandas gives, and the chart and
    the progress table are drawn from them."""
    from monopoly_widgets.league import progress
    from monopoly_widgets.sim import table as tables

    result = mw.league([BOTS / "good.py", "random"], games=2, progress=False)
    with_pandas = {name: tables.records(getattr(result, name)) for name in ("table", "games")}
    chart_with_pandas = result.chart().to_plotly_json()["data"]
    html_with_pandas = progress.table_html(result)
    monkeypatch.setattr(tables, "pandas_module", lambda: None)
    for name in ("table", "games", "forfeits"):
        assert isinstance(getattr(result, name), tables.ResultsTable), name
    assert tables.records(result.table) == with_pandas["table"]
    assert tables.records(result.games) == with_pandas["games"]
    assert result.chart().to_plotly_json()["data"] == chart_with_pandas
    assert progress.table_html(result) == html_with_pandas
    assert len(result.table) == 2 and len(result.games) == 4


def test_the_progress_table_part_way_shows_a_dash_for_a_bot_yet_to_play(league_result) -> None:
    """While the league fills, a bot that has not played yet has no win rate: its cell
    shows a dash (it raised a TypeError once the table's missing values became None)."""
    from monopoly_widgets.league import progress
    from monopoly_widgets.league.result import LeagueResult
    from monopoly_widgets.sim.table import records

    result, _ = league_result
    part_way = LeagueResult(result.game, result.entries, result.rows[:1])
    waiting = [line for line in records(part_way.table) if line["games"] == 0]
    assert waiting, "every bot played in the first game?"
    board = progress.table_html(part_way)
    for line in waiting:
        row = board.split(f">{line['bot']}</td>")[1].split("</tr>")[0]
        assert "–" in row and "nan" not in row, row
