"""What a student waits in the JupyterLite site: page load to a usable explorer.

Usage::

    python benchmarks/lite_startup.py                      # builds an offline site first
    python benchmarks/lite_startup.py --site lite-site --runs 5

Each run starts a fresh headless Chromium (an empty browser cache, as on a
student's first visit), opens the quickstart from ``python -m http.server`` on
127.0.0.1, and runs it cell by cell (as Shift+Enter does) until the first
table offers a move. It prints the MEDIAN over runs, in seconds from page load,
of: the kernel ready (Pyodide loaded and started), the install cell done, and
the first explorer usable. Wall-clock time: on a busy machine the figures grow.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from monopoly_widgets.lite.build import build_site
from tests.lite.site_driver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    expose_app,
    open_until_usable,
    quickstart_name,
    serve,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=None, help="a built site (default: build)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        site = args.site or build_site(Path(scratch) / "site", offline=True)
        expose_app(site)
        runs: list[dict[str, float]] = []
        with serve(site, Path(scratch) / "http.log") as base, sync_playwright() as p:
            for run in range(args.runs):
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                page.set_default_timeout(240_000)
                timings: dict[str, float] = {}
                open_until_usable(page, base, quickstart_name(site), timings)
                browser.close()
                runs.append(timings)
                print(f"run {run + 1}: " + ", ".join(f"{k} {v:.1f}" for k, v in timings.items()))
    print(f"median of {len(runs)} runs (seconds from page load):")
    for key in runs[0]:
        print(f"  {key:<22} {statistics.median(r[key] for r in runs):6.1f}")


if __name__ == "__main__":
    main()
