"""Open the quick start as a Voilà app again and again: does every explorer appear?

Usage::

    python benchmarks/voila_loads.py --loads 14

Starts ``voila notebooks/00_quickstart.ipynb`` (the command the docs give) on
127.0.0.1, opens the page ``--loads`` times in Debian's Chromium (each load runs the
notebook in a new kernel), and prints for each load how many explorers appeared, how
many showed "Error displaying widget: model not found", how many charts were drawn
with data, and the machine's load average. Run it beside other work to see the races
that only a busy machine shows (docs/compatibility.md).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.test_explorer_in_jupyterlab import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    stop_by_pid,
)
from tests.browser.test_voila import EXPLORERS, wait_for_port  # noqa: E402

CHARTS_WITH_DATA_JS = """() => [...document.querySelectorAll('.mw-root .js-plotly-plot')]
  .filter((chart) => (chart._fullData || []).length).length"""


def one_load(browser, url: str) -> tuple[int, int, int, float]:
    """(explorers shown, 'model not found' outputs, charts with data, seconds)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1200})
    start = time.monotonic()
    try:
        page.goto(url, timeout=300_000)
        deadline = start + 240
        while time.monotonic() < deadline:
            shown = page.locator(".mw-root").count()
            failed = page.get_by_text("model not found").count()
            if shown + failed >= EXPLORERS:
                break
            time.sleep(1)
        seconds = time.monotonic() - start
        try:
            page.wait_for_function(
                f"document.querySelectorAll('.mw-root .js-plotly-plot').length >= {shown}",
                timeout=60_000,
            )
        except Exception:  # counted below as charts without data
            pass
        charts = page.evaluate(CHARTS_WITH_DATA_JS)
        return shown, failed, charts, seconds
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=10)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    runtime = tempfile.mkdtemp()
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=runtime)
    command = [sys.executable, "-m", "voila", "notebooks/00_quickstart.ipynb", "--no-browser"]
    command += [f"--port={port}", "--Voila.ip=127.0.0.1"]
    log = open(Path(runtime) / "voila.log", "w")  # noqa: SIM115 (closed below)
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    failed_loads = 0
    try:
        wait_for_port(port, process)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for load in range(args.loads):
                shown, failed, charts, seconds = one_load(browser, f"http://127.0.0.1:{port}/")
                failed_loads += failed > 0
                print(
                    f"load {load}: {shown} of {EXPLORERS} explorers, {failed} 'model not found', "
                    f"{charts} charts with data, {seconds:.0f} s, "
                    f"load average {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
            browser.close()
    finally:
        stop_by_pid(process)
        log.close()
    print(f"{failed_loads} of {args.loads} loads showed 'model not found'")


if __name__ == "__main__":
    main()
