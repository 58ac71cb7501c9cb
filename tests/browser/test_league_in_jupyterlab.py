"""The league in a real browser: its widget fills its table, and a game opens as a replay.

JupyterLab and Chromium are started as in ``test_explorer_in_jupyterlab.py`` (on
127.0.0.1, stopped by PID). The notebook, written here, plays a small league of two
students' files (``tests/league/bots/good.py``, and ``crash.py``, which divides by
zero in seat 1), each move in its own process, against the random bot, with the
progress widget. Game 1 (good.py against crash.py, which forfeits) opens twice with
``result.replay(1)``: at the deal, where a step moves on, and at its last step,
where the replay says who forfeited and why, and a step plays nothing more. Each
seat is named by its entry. Screenshots: ``test-output/browser/league-table.png``,
``league.png``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest

from tests.browser.test_explorer_in_jupyterlab import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OUTPUT,
    run_notebook,
    running_jupyterlab,
)

BOTS = Path(__file__).parents[1] / "league" / "bots"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

CELLS = [
    "import monopoly_widgets as mw\n"
    "result = mw.league(['bots', 'random'], game='deal', games=2, workers=1, progress=True)\n"
    "print('league done', len(result.rows))",
    "explorer = result.replay(1)\nexplorer",
    "ended = result.replay(1)\nended.seek(ended.game.step)\nended",
    "print('notebook ready')",
]


def write_notebook(folder: Path) -> Path:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    path = folder / "league_test.ipynb"
    nbformat.write(notebook, path)
    return path


def test_league_widget_fills_and_a_game_replays(tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import expect, sync_playwright

    source = tmp_path / "source"
    source.mkdir()
    notebook = write_notebook(source)
    with running_jupyterlab(tmp_path / "lab", notebook) as (url, folder):
        (folder / "bots").mkdir()
        for name in ("good.py", "crash.py"):
            shutil.copy(BOTS / name, folder / "bots" / name)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 1400})
            page.set_default_timeout(60_000)
            try:
                run_notebook(page, url)
                league = page.locator(".mw-league")
                expect(league).to_be_visible()
                expect(league).to_contain_text("League finished: 12 of 12 games")
                rows = league.locator(".mw-league-table tbody tr")
                expect(rows).to_have_count(3)
                names = sorted(rows.nth(i).locator("td").first.inner_text() for i in range(3))
                assert names == ["crash", "good", "random"]
                expect(page.locator(".jp-OutputArea-output pre", has_text="league done 12"))
                league.scroll_into_view_if_needed()
                page.screenshot(path=str(OUTPUT / "league-table.png"))
                explorer, ended = page.locator(".mw-root").nth(0), page.locator(".mw-root").nth(1)
                expect(explorer).to_be_visible()
                for replay in (explorer, ended):  # the table may draw the deciding seat first
                    roles = replay.locator(".mw-seat-role")
                    expect(roles).to_have_count(2)
                    assert sorted(roles.all_inner_texts()) == ["crash.py", "good.py"]
                label = explorer.locator(".mw-step-label")
                expect(label).to_contain_text("step 0 /")
                explorer.locator(".mw-step").click()
                expect(label).to_contain_text("step 1 /")

                ended.scroll_into_view_if_needed()
                notice = ended.locator(".mw-notice")
                expect(notice).to_contain_text(
                    "The league game ends here: crash.py (Player 1) forfeited: choose raised "
                    "ZeroDivisionError: division by zero (crash.py line 6) on turn "
                )
                expect(notice).to_contain_text('League rule (docs/league.md, "4. Safe and fair')
                page.screenshot(path=str(OUTPUT / "league.png"))
                end = ended.locator(".mw-step-label").inner_text()  # "step N / N"
                steps = int(end.split("/")[1])
                assert end == f"step {steps} / {steps}"
                # Step past the forfeit, then back: the kernel answers in order, so once the
                # label reads N-1 of N the step was refused (had a bot played on: N of N+1).
                ended.locator(".mw-step").click()
                ended.locator(".mw-back-btn").click()
                expect(ended.locator(".mw-step-label")).to_have_text(f"step {steps - 1} / {steps}")
                expect(ended.locator(".mw-error")).to_be_hidden()
            except Exception:
                page.screenshot(path=str(OUTPUT / "league-failure.png"), full_page=True)
                raise
            finally:
                browser.close()
