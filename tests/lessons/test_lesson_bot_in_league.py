"""Lesson 06's bot plays in the class league as the lesson writes it (issue 42, item 6).

The lesson tells students that its two bot cells, copied into one ``.py`` file, are a
bot the league can play. Here those two cells, taken from the notebook as they stand,
are written to a file and play a short league against the random bot: the bot must
pass the league's check game and forfeit nothing. (A bot copied from the old lesson,
whose function was ``choose(legal_actions, rng, order)``, sat out with "'str' object
has no attribute 'kind'".)
"""

from __future__ import annotations

import json
from pathlib import Path

import monopoly_widgets as mw

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "06_build_your_own_bot.ipynb"


def lesson_bot_cells() -> str:
    """The cell with ``by_order`` and the cell with ``choose``, as one file's text."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    helpers = [source for source in code if "def by_order(" in source]
    bots = [source for source in code if "def choose(observation, legal_actions, rng):" in source]
    assert len(helpers) == 1 and len(bots) == 1, "the lesson's two bot cells have moved"
    return helpers[0] + "\n\n\n" + bots[0] + "\n"


def test_the_lessons_bot_plays_in_the_league(tmp_path: Path) -> None:
    bot = tmp_path / "greedy.py"
    bot.write_text(lesson_bot_cells(), encoding="utf-8")
    result = mw.league([bot, "random"], games=2, seed=1, workers=1, progress=False)
    assert result.failures == {}, result.failures
    assert result.forfeits.empty, result.forfeits.to_dict("records")
    games = result.games
    assert len(games) == 4 and set(games["seat 0"]) == {"greedy", "random"}
