"""The league in a real browser: its widget fills its table, and a game opens as a replay.

JupyterLab and Chromium are started as in ``test_explorer_in_jupyterlab.py`` (on
127.0.0.1, stopped by PID). The notebook, written here, plays a small league of a
student's file (``tests/league/bots/good.py``, each move in its own process) against
the random bot with the progress widget, then opens game 0 with ``result.replay(0)``.
A screenshot goes to ``test-output/browser/league.png``.
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

BOT = Path(__file__).parents[1] / "league" / "bots" / "good.py"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

CELLS = [
    "import monopoly_widgets as mw\n"
    "result = mw.league(['bots', 'random'], game='deal', games=2, workers=1, progress=True)\n"
    "print('league done', len(result.rows))",
    "explorer = result.replay(1)\nexplorer",
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
        shutil.copy(BOT, folder / "bots" / "good.py")
        OUTPUT.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 1400})
            page.set_default_timeout(60_000)
            try:
                run_notebook(page, url)
                league = page.locator(".mw-league")
                expect(league).to_be_visible()
                expect(league).to_contain_text("League finished: 4 of 4 games")
                rows = league.locator(".mw-league-table tbody tr")
                expect(rows).to_have_count(2)
                names = sorted(rows.nth(i).locator("td").first.inner_text() for i in range(2))
                assert names == ["good", "random"]
                expect(page.locator(".jp-OutputArea-output pre", has_text="league done 4"))
                explorer = page.locator(".mw-root")
                expect(explorer).to_be_visible()
                expect(page.locator(".mw-seat")).to_have_count(2)
                label = page.locator(".mw-step-label")
                expect(label).to_contain_text("step 0 /")
                page.locator(".mw-step").click()
                expect(label).to_contain_text("step 1 /")
                page.screenshot(path=str(OUTPUT / "league.png"), full_page=True)
            except Exception:
                page.screenshot(path=str(OUTPUT / "league-failure.png"), full_page=True)
                raise
            finally:
                browser.close()
