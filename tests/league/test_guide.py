"""The teacher's guide to the league (``docs/league.md``) runs as written.

A class folder is made as section 1 says: ``bots/ana.py`` is the guide's own example
bot, ``bots/ben.py`` another student's. Then the guide's terminal commands run
through the package's command line, exactly as printed in the guide, and its
notebook code runs as a cell would, in the folder above ``bots/``.
"""

from __future__ import annotations

import csv
import re
import shlex
import shutil
from itertools import pairwise
from pathlib import Path

import pytest

from monopoly_widgets.cli import main
from tests.test_setup_commands import commands_in, section

GUIDE = Path(__file__).parents[2] / "docs" / "league.md"
COMMANDS = [
    "python -m monopoly_widgets league bots/ --game deal --games 20 --add random,heuristic",
    "python -m monopoly_widgets league bots/ --games 50 --move-seconds 2 --csv league.csv",
]


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.S)


@pytest.fixture
def class_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bots = tmp_path / "bots"
    bots.mkdir()
    example = python_blocks()[0]
    assert example.startswith("def choose(observation, legal_actions, rng):")
    (bots / "ana.py").write_text(example, encoding="utf-8")
    shutil.copy(Path(__file__).parent / "bots" / "good.py", bots / "ben.py")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_guide_lists_these_commands() -> None:
    found = commands_in(section("docs/league.md", "## 2. Run it", "## 3. Before the league"))
    assert found == COMMANDS


@pytest.mark.slow
def test_the_guides_commands_run_as_written(class_folder: Path, capsys) -> None:
    first, second = (shlex.split(command) for command in COMMANDS)
    assert first[:3] == ["python", "-m", "monopoly_widgets"]
    assert main(first[3:]) == 0
    printed = capsys.readouterr()
    lines = printed.err.splitlines()
    assert lines[0].startswith("league seed: ")
    counts = [int(line.split("/")[0]) for line in lines if line.endswith("/240 games")]
    assert counts[-1] == 240 and counts == sorted(set(counts))
    assert len(counts) >= 10  # a line for every tenth of the games, at a steady cadence
    assert all(b - a <= 24 + 10 for a, b in pairwise(counts))  # a tenth, and a task
    assert printed.out.startswith("League: 4 bots, 240 games of deal\n")
    for bot in ("ana", "ben", "random", "heuristic"):
        assert re.search(rf"^ *{bot} +120 ", printed.out, flags=re.M), printed.out  # 3 x 20 x 2

    assert main(second[3:]) == 0
    printed = capsys.readouterr()
    assert printed.out.startswith("League: 2 bots, 100 games of deal\n")
    with open(class_folder / "league.csv", newline="", encoding="utf-8") as saved:
        rows = list(csv.DictReader(saved))
    assert len(rows) == 100 and {row["seat 0"] for row in rows} == {"ana", "ben"}


@pytest.mark.slow
def test_the_guides_notebook_code_runs(class_folder: Path) -> None:
    from monopoly_widgets.widgets import GameExplorer

    cell = python_blocks()[1]
    assert 'mw.league("bots/", game="deal", games=20)' in cell
    namespace: dict = {}
    exec(compile(cell, str(GUIDE), "exec"), namespace)  # the guide's own code, as a cell runs it
    result = namespace["result"]
    assert sorted(result.table["bot"]) == ["ana", "ben"] and len(result.games) == 40
    explorer = result.replay(7)
    assert isinstance(explorer, GameExplorer)
    seated = sorted(name.split(" (")[1].rstrip(")") for name in explorer.table.seat_names)
    assert seated == ["ana.py", "ben.py"]
