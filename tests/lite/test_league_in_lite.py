"""The league in the offline JupyterLite site enforces its limits (issue 42).

The site is built and served as ``test_site_in_browser.py`` does it (a static server on
127.0.0.1, nothing else). The quickstart's first cell installs the package in the tab's
Pyodide; then the kernel writes a folder of bots (as a teacher uploading them would)
and runs ``mw.league`` on it in a cell. Each student's bot runs in its own Web Worker
(``league/browser.py``): the looping bot is terminated at its time limit, the bot that
allocates without bound gets ``MemoryError`` at its memory limit, the bots that look for
the teacher's files or the network find neither (and no request reaches the server),
the honest bot's games are kept, and the tab's kernel still answers afterwards. Where no
worker can be waited for, the league says plainly that limits cannot be enforced.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.lite.site_driver import (
    ASK_KERNEL,
    CELL_RAN,
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    RUN_COMMAND,
    expose_app,
    quickstart_name,
    serve,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.lite,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]

#: A path on the test's own server: any request for it would be a bot reaching the network.
BAIT = "/bot-reached-the-network"

BOTS = {
    "honest": """
def choose(observation, legal_actions, rng):
    return rng.choice(legal_actions)
""",
    "looper": """
def choose(observation, legal_actions, rng):
    while True:
        pass
""",
    "hog": """
def choose(observation, legal_actions, rng):
    kept, size = [], 10_000_000
    while True:
        kept.append(bytearray(size))
        size *= 2
""",
    # The teacher's files are in the kernel's /drive (the site's browser storage).
    "reader": """
def choose(observation, legal_actions, rng):
    return open("/drive/league_bots/honest.py").read()
""",
    # Every way out it knows; the last one uncaught, so its error is the reason.
    "caller": """
def choose(observation, legal_actions, rng):
    url = "BASE" + "BAIT"
    import pyodide_js
    tries = [
        lambda: pyodide_js.runPython.constructor("return fetch")()(url),
        lambda: pyodide_js.loadPackage(url),
        lambda: __import__("pyodide.http").http.open_url(url),
        lambda: __import__("socket").create_connection(("127.0.0.1", PORT), 2),
    ]
    for attempt in tries:
        try:
            attempt()
        except Exception:
            pass
    import js
    return js.fetch(url)
""",
}

#: The league in a cell; prints what a test needs as one JSON line.
LEAGUE = """
import json, time, warnings
from pathlib import Path
import monopoly_widgets as mw
from monopoly_widgets.league.browser import IDLE, workers_available
folder = Path("league_bots")
folder.mkdir(exist_ok=True)
for name, source in json.loads(SOURCES).items():
    (folder / f"{name}.py").write_text(source)
started = time.monotonic()
with warnings.catch_warnings(record=True) as warned:
    warnings.simplefilter("always")
    result = mw.league([str(folder), "random"], games=1, move_seconds=5, memory_mb=300,
                       start_seconds=240, progress=False)
print(json.dumps({
    "workers": workers_available(),
    "failures": result.failures,
    "rows": [[row["seats"], row["forfeit"] and row["forfeit"]["reason"]] for row in result.rows],
    "notes": result.notes,
    "warned": [str(w.message) for w in warned],
    "seconds": time.monotonic() - started,
    "idle_after": len(IDLE),
}))
"""

#: One bot's start in its own worker and 50 of its moves, timed (the figures
#: docs/compatibility.md quotes): seconds to start, milliseconds per move.
START = """
import time
from monopoly_widgets.league.browser import WorkerBot
from monopoly_widgets.league.sandbox import Limits
bot = WorkerBot("league_bots/honest.py", Limits(5, 240, 300))
started = time.monotonic()
bot.wait_ready()
ready = time.monotonic()
bot.new_game(1)
legal = [{"id": str(i), "text": "a move", "player": 0, "kind": "play", "card": i,
          "target": None} for i in range(20)]
for _ in range(50):
    bot.choose({"viewer": 0, "turn": 1}, legal)
print(f"{ready - started:.2f} {(time.monotonic() - ready) / 50 * 1000:.1f}")
bot.stop()
"""

#: The same league where no worker can be waited for: the in-kernel fallback.
FALLBACK = """
import json, warnings
import monopoly_widgets as mw
from monopoly_widgets.league import browser
browser.workers_available = lambda: False
with warnings.catch_warnings(record=True) as warned:
    warnings.simplefilter("always")
    result = mw.league(["league_bots/honest.py", "random"], games=1, progress=False)
print(json.dumps({"notes": result.notes, "warned": [str(w.message) for w in warned],
                  "games": len(result.rows)}))
"""


def open_kernel(page, base: str, site: Path) -> None:
    """Open the quickstart, let its kernel start and run its install cell."""
    page.goto(f"{base}/lab/index.html?path={quickstart_name(site)}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function(KERNEL_IDLE, timeout=600_000)
    page.evaluate(RUN_COMMAND, "notebook:run-cell-and-select-next")  # installs the package
    page.wait_for_function(CELL_RAN, arg=0, timeout=600_000)


def ask(page, code: str) -> dict:
    """Run ``code`` in the tab's kernel; the JSON it printed last."""
    printed = page.evaluate(ASK_KERNEL, code)
    assert printed.strip(), "the cell printed nothing"
    last = printed.strip().splitlines()[-1]
    assert last.startswith("{"), printed[-2000:]
    return json.loads(last)


def test_looping_hungry_and_hostile_bots_are_stopped_in_the_tab(
    offline_site: Path, tmp_path: Path
) -> None:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    expose_app(offline_site)
    log = tmp_path / "http.log"
    with serve(offline_site, log) as base, sync_playwright() as p:
        port = base.rsplit(":", 1)[1]
        sources = {
            name: text.replace("BASE", base).replace("BAIT", BAIT).replace("PORT", port)
            for name, text in BOTS.items()
        }
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(900_000)
        try:
            open_kernel(page, base, offline_site)
            league = ask(page, LEAGUE.replace("SOURCES", repr(json.dumps(sources))))
            start, per_move = page.evaluate(ASK_KERNEL, START).split()
            fallback = ask(page, FALLBACK)
            alive = page.evaluate(ASK_KERNEL, "print(6 * 7)")
        finally:
            browser.close()
    print(
        f"league in the tab: {league['seconds']:.1f} s; one bot's worker started in {start} s; "
        f"{per_move} ms per move"
    )
    assert league["workers"] is True
    assert league["idle_after"] == 0  # no bot's worker outlives the league
    failures = league["failures"]
    assert set(failures) == {"looper", "hog", "reader", "caller"}, failures
    assert "took longer than 5 s to choose (stopped)" in failures["looper"]
    assert "ran out of memory (the limit is 300 MB)" in failures["hog"]
    assert "FileNotFoundError" in failures["reader"]
    assert "reader.py line 3" in failures["reader"]
    assert "AttributeError: fetch" in failures["caller"]
    assert BAIT not in log.read_text(), "a bot's request reached the server"
    # The honest bot played its games against the built-in, none forfeited.
    assert league["rows"], league
    assert all("honest" in seats for seats, _ in league["rows"])
    assert all(reason is None for _, reason in league["rows"])
    assert not any("cannot be enforced" in note for note in league["notes"] + league["warned"])
    assert alive.strip() == "42"
    assert float(start) > 0 and float(per_move) > 0
    # Where no worker can be waited for, the league says so and still plays.
    assert fallback["games"] == 2
    assert any("cannot be enforced" in note for note in fallback["notes"])
    assert any("cannot be enforced" in text for text in fallback["warned"])
