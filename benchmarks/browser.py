"""What the explorer costs in the browser: JupyterLab in Debian's Chromium, via Playwright.

A 5-player Monopoly Deal explorer, heuristic bots in every seat, is shown in
JupyterLab at 1366x768. The script reports:

* click to painted frame: from a click on "step" until the first animation
  frame after the last change the step made anywhere in the explorer (table
  and charts), and until the step label changed (the table), median and p90;
* per click, the page's main-thread CPU time and its layout passes (Chromium's
  own counters): on a shared machine these vary less than the times above, so
  they show whether a change cut work or the machine was quieter;
* play mode at the menu's fastest rate (10 steps/s): steps shown per second
  over 10 s, against the nominal rate, and the long tasks (over 50 ms) seen;
* DOM nodes and used JS heap (after a garbage collection) after the clicks
  and after 300 steps shown in all (a new deal when a game ends);
* how many copies of Plotly the page evaluated (scripts over 1 MB parsed).

Targets (issue 14): under 50 ms median click to painted frame, at least 9.5
steps/s at 10/s, no long task over 100 ms, Plotly once per page, DOM and heap
flat with game length.

    python benchmarks/browser.py [--clicks 40] [--seed 3] [--code PATH]

``--code`` runs the kernel with another checkout of the package on its
PYTHONPATH (for a before/after comparison in one sitting); the page is driven
the same way, through the widget's own ``mw-`` classes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.test_explorer_in_jupyterlab import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    run_notebook,
    running_jupyterlab,
)

SCREEN = {"width": 1366, "height": 768}

#: One click on step, timed. Returns {table, painted} in ms (or null on a timeout).
CLICK_JS = """async (click) => {
  const root = document.querySelector('.mw-root');
  const scope = root.closest('.mw-explorer') || root;
  const label = root.querySelector('.mw-step-label');
  const before = label.textContent;
  const frames = [];
  let running = true;
  const loop = () => { frames.push(performance.now()); if (running) requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  let last = 0;
  let table = null;
  let added = 0;
  const seen = new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType === 1) added += 1 + n.getElementsByTagName('*').length;
      }
    }
    last = performance.now();
    if (table === null && label.textContent !== before) table = last;
  });
  seen.observe(scope, {subtree: true, childList: true, attributes: true, characterData: true});
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const t0 = performance.now();
  if (click !== 'step') {
    // The same watching with no step: what the page and this script cost alone,
    // or with a message to Python that changes nothing (the speed set to itself:
    // the kernel's busy and idle, JupyterLab's own work for a message).
    if (click === 'message') {
      const speed = root.querySelector('.mw-speed');
      speed.dispatchEvent(new Event('change'));
    }
    await sleep(300);
    running = false;
    seen.disconnect();
    return null;
  }
  root.querySelector('.mw-step').click();
  while (table === null && performance.now() - t0 < 5000) await sleep(2);
  // The step is done when nothing in the explorer has changed for 250 ms.
  while (performance.now() - Math.max(last, t0) < 250) await sleep(10);
  await sleep(40);
  running = false;
  seen.disconnect();
  const painted = frames.find((f) => f > last);
  if (table === null || painted === undefined) return null;
  return {table: table - t0, painted: painted - t0, added};
}"""

#: Play at `rate` for `seconds`: steps shown per second, and long tasks.
PLAY_JS = """async ([rate, seconds]) => {
  const root = document.querySelector('.mw-root');
  const label = root.querySelector('.mw-step-label');
  const step = () => Number((label.textContent.match(/step (\\d+)/) || [0, 0])[1]);
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  observer.observe({type: 'longtask'});
  const select = root.querySelector('.mw-speed');
  select.value = String(rate);
  select.dispatchEvent(new Event('change'));
  await new Promise((r) => setTimeout(r, 500));
  const start = step();
  const t0 = performance.now();
  root.querySelector('.mw-play').click();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const shown = step() - start;
  const elapsed = (performance.now() - t0) / 1000;
  observer.disconnect();
  return {shown, elapsed, longTasks};
}"""

#: Keep playing (a new deal when a game ends) until `target` steps in all were
#: shown; returns the steps played.
PLAY_TO_JS = """async ([target, before]) => {
  const root = document.querySelector('.mw-root');
  const label = root.querySelector('.mw-step-label');
  const step = () => Number((label.textContent.match(/step (\\d+)/) || [0, 0])[1]);
  const playing = () => (root.querySelector('.mw-play').getAttribute('aria-pressed') === 'true');
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  let done = before;
  const t0 = performance.now();
  while (performance.now() - t0 < Math.max(180000, 1000 * target)) {
    if (!playing()) root.querySelector('.mw-play').click();
    let idle = 0;
    let last = step();
    while (done + step() - last < target && idle < 8) {
      await sleep(250);
      idle = playing() ? 0 : idle + 1;  // play stops at the game's end
    }
    done += step() - last;
    if (done >= target) break;
    root.querySelector('.mw-new').click();  // the same seed: a new deal of the same game
    while (step() !== 0) await sleep(100);
  }
  if (playing()) root.querySelector('.mw-play').click();
  await sleep(1000);
  return done;
}"""


def notebook(seed: int) -> dict[str, Any]:
    cells = [
        "import monopoly_widgets as mw\n"
        f"explorer = mw.GameExplorer(mw.new_game('deal', players=5, seed={seed}))\n"
        "explorer",
        "print('notebook ready')",
    ]
    return {
        "cells": [
            {
                "cell_type": "code",
                "id": f"c{i}",
                "metadata": {},
                "source": source,
                "execution_count": None,
                "outputs": [],
            }
            for i, source in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


#: Go to step `step` of the game shown (the scrubber), and wait until it is drawn.
SEEK_JS = """async (step) => {
  const root = document.querySelector('.mw-root');
  const scrubber = root.querySelector('.mw-scrubber');
  scrubber.value = String(step);
  scrubber.dispatchEvent(new Event('input'));
  const label = root.querySelector('.mw-step-label');
  const t0 = performance.now();
  while (!label.textContent.startsWith(`step ${step} /`) && performance.now() - t0 < 20000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 1500));
  return label.textContent;
}"""

#: Elements in the page, in the explorer, and per kind in the explorer.
DOM_JS = """() => {
  const root = document.querySelector('.mw-explorer') || document.querySelector('.mw-root');
  const kinds = {};
  for (const node of root.getElementsByTagName('*')) {
    const kind = (node.getAttribute('class') || node.tagName).split(' ')[0];
    kinds[kind] = (kinds[kind] || 0) + 1;
  }
  return {page: document.getElementsByTagName('*').length,
          explorer: root.getElementsByTagName('*').length, kinds};
}"""


def memory(page: Any, cdp: Any) -> tuple[int, float, int, dict[str, int]]:
    """(DOM elements, used JS heap in MB, explorer's elements, per kind) after a GC."""
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    dom = page.evaluate(DOM_JS)
    return dom["page"], metrics["JSHeapUsedSize"] / 2**20, dom["explorer"], dom["kinds"]


def metrics(cdp: Any) -> dict[str, float]:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def profile_summary(profile: dict[str, Any], clicks: int, top: int = 25) -> list[str]:
    """Where the clicks' JS time goes (CDP ``Profiler``), ms per click.

    Self time by function (natives such as getBoundingClientRect include the
    layout they force), then inclusive time of the widget's own functions
    (each includes the Plotly calls and layouts it makes).
    """
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}
    self_us: dict[int, float] = {}
    for node_id, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
        self_us[node_id] = self_us.get(node_id, 0.0) + delta

    def name_of(node_id: int) -> str:
        frame = nodes[node_id]["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1][:24]
        return f"{frame['functionName'] or '(anonymous)'} {where}:{frame['lineNumber']}"

    by_self: dict[str, float] = {}
    inclusive: dict[str, float] = {}
    for node_id, micros in self_us.items():
        by_self[name_of(node_id)] = by_self.get(name_of(node_id), 0.0) + micros
        seen = set()
        walk: int | None = node_id
        while walk is not None:
            name = nodes[walk]["callFrame"]["functionName"]
            if name.startswith(("draw", "schedule", "lineFigure", "oddsFigure", "frameOf")):
                if name not in seen:
                    inclusive[name] = inclusive.get(name, 0.0) + micros
                    seen.add(name)
            walk = parent.get(walk)
    lines = ["  self time:"]
    for name, micros in sorted(by_self.items(), key=lambda item: -item[1])[:top]:
        lines.append(f"  {micros / 1000 / clicks:7.2f} ms  {name}")
    # Natives that force a layout or style pass: who called them.
    callers: dict[str, float] = {}
    for node_id, micros in self_us.items():
        name = nodes[node_id]["callFrame"]["functionName"]
        if name in ("getClientRects", "getBoundingClientRect", "getComputedStyle"):
            chain, walk = [], parent.get(node_id)
            while walk is not None and len(chain) < 4:
                chain.append(nodes[walk]["callFrame"]["functionName"] or "(anonymous)")
                walk = parent.get(walk)
            key = f"{name} < {' < '.join(chain)}"
            callers[key] = callers.get(key, 0.0) + micros
    lines.append("  layout reads, by caller:")
    for name, micros in sorted(callers.items(), key=lambda item: -item[1])[:6]:
        lines.append(f"  {micros / 1000 / clicks:7.2f} ms  {name}")
    lines.append("  the widget's functions, inclusive:")
    for name, micros in sorted(inclusive.items(), key=lambda item: -item[1]):
        lines.append(f"  {micros / 1000 / clicks:7.2f} ms  {name}")
    return lines


def trace_summary(path: Path, clicks: int, top: int = 20) -> list[str]:
    """Main-thread time per click by trace event (layout, style, paint, script...).

    Times are inclusive (a Layout forced inside a FunctionCall counts in both).
    """
    events = json.loads(path.read_text())
    events = events.get("traceEvents", events) if isinstance(events, dict) else events
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    totals: dict[str, float] = {}
    for e in events:
        if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main and "dur" in e:
            totals[e["name"]] = totals.get(e["name"], 0.0) + e["dur"]
    ranked = sorted(totals.items(), key=lambda item: -item[1])[:top]
    return [f"{micros / 1000 / clicks:7.2f} ms  {name}" for name, micros in ranked]


def measure(
    clicks: int,
    steps: int,
    seed: int,
    code: Path,
    play_seconds: float,
    profile: bool = False,
    trace: bool = False,
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="mw-browser-bench-"))
    path = work / "bench.ipynb"
    path.write_text(json.dumps(notebook(seed)))
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(code)  # the kernel (started by JupyterLab) inherits it
    try:
        with running_jupyterlab(work / "lab", path) as (url, _folder):
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport=SCREEN)
                page.set_default_timeout(120_000)
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable")
                # Plotly is the only script over 1 MB evaluated from a string or a
                # blob (JupyterLab's own bundles come from files with URLs).
                big_scripts: list[str] = []
                cdp.on(
                    "Debugger.scriptParsed",
                    lambda e: (
                        big_scripts.append(e.get("url", ""))
                        if e["length"] > 2**20 and not e.get("url", "").startswith("http")
                        else None
                    ),
                )
                cdp.send("Debugger.enable")
                run_notebook(page, url)
                page.wait_for_selector(".js-plotly-plot")
                page.wait_for_timeout(3000)
                cdp.send("Debugger.disable")
                page.evaluate(
                    "() => document.querySelector('.mw-root').scrollIntoView({block: 'start'})"
                )
                if profile:
                    cdp.send("Profiler.enable")
                    cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                    cdp.send("Profiler.start")
                if trace:
                    browser.start_tracing(
                        page=page,
                        path=str(work / "trace.json"),
                        categories=[
                            "devtools.timeline",
                            "disabled-by-default-devtools.timeline",
                            "disabled-by-default-devtools.timeline.stack",
                            "v8.execute",
                        ],
                    )
                idle_before = metrics(cdp)
                for _ in range(10):
                    page.evaluate(CLICK_JS, "none")
                idle_after = metrics(cdp)
                for _ in range(10):
                    page.evaluate(CLICK_JS, "message")
                message_after = metrics(cdp)
                start = memory(page, cdp)
                before = metrics(cdp)
                timings = [page.evaluate(CLICK_JS, "step") for _ in range(clicks)]
                after = metrics(cdp)
                if trace:
                    browser.stop_tracing()
                    print(f"Main-thread trace events per click (inclusive; {work / 'trace.json'}):")
                    print("\n".join(trace_summary(work / "trace.json", clicks)))
                if profile:
                    js_profile = cdp.send("Profiler.stop")["profile"]
                    print("JS self time per click (CDP Profiler):")
                    print("\n".join(profile_summary(js_profile, clicks)))
                timings = [t for t in timings if t]
                early = memory(page, cdp)
                early_step = int(
                    page.evaluate(
                        "() => document.querySelector('.mw-step-label').textContent"
                        ".match(/step (\\d+)/)[1]"
                    )
                )
                play = page.evaluate(PLAY_JS, [10, play_seconds])
                reached = page.evaluate(PLAY_TO_JS, [steps, early_step + play["shown"]])
                late = memory(page, cdp)
                # The same seed deals the same game again: at the step measured
                # early, the page should have just as many elements as then.
                page.evaluate(SEEK_JS, 0)
                again = memory(page, cdp)
                browser.close()
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
    return {
        "table": [t["table"] for t in timings],
        "painted": [t["painted"] for t in timings],
        "play": play,
        "early": (early_step, *early),
        "late": (reached, *late),
        "start": (0, *start),
        "again": (0, *again),
        "plotly_copies": len(big_scripts),
        "cpu_per_click": (after["ThreadTime"] - before["ThreadTime"]) * 1000 / clicks,
        "added_per_click": statistics.median(t["added"] for t in timings),
        "cpu_idle_watch": (idle_after["ThreadTime"] - idle_before["ThreadTime"]) * 1000 / 10,
        "cpu_message": (message_after["ThreadTime"] - idle_after["ThreadTime"]) * 1000 / 10,
        "layouts_per_click": (after["LayoutCount"] - before["LayoutCount"]) / clicks,
        "styles_per_click": (after["RecalcStyleCount"] - before["RecalcStyleCount"]) / clicks,
    }


def report(results: dict[str, Any], label: str) -> None:
    table, painted, play = results["table"], results["painted"], results["play"]
    long_tasks = play["longTasks"]
    print(f"{label}")
    print(
        f"  click to table updated    median {statistics.median(table):6.1f} ms"
        f"   p90 {percentile(table, 0.9):6.1f} ms   ({len(table)} clicks)"
    )
    print(
        f"  click to painted frame    median {statistics.median(painted):6.1f} ms"
        f"   p90 {percentile(painted, 0.9):6.1f} ms"
    )
    print(
        f"  per click: main thread    {results['cpu_per_click']:6.1f} ms CPU,"
        f" {results['layouts_per_click']:.1f} layouts,"
        f" {results['styles_per_click']:.1f} style passes"
    )
    print(
        f"  the same time with no step {results['cpu_idle_watch']:6.1f} ms CPU;"
        f" with a message that changes nothing: {results['cpu_message']:.1f} ms CPU"
    )
    print(f"  elements added per click  {results['added_per_click']:.0f} (median)")
    print(
        f"  play at 10/s              {play['shown'] / play['elapsed']:5.2f} steps/s shown"
        f" over {play['elapsed']:.1f} s"
    )
    print(
        f"  long tasks while playing  {len(long_tasks)}"
        f" (max {max(long_tasks, default=0):.0f} ms, over 100 ms: "
        f"{sum(1 for t in long_tasks if t > 100)})"
    )
    early, late = results["early"], results["late"]
    again, start = results["again"], results["start"]
    print(
        f"  DOM / heap after {early[0]:>3} steps {early[1]:6d} nodes  {early[2]:6.1f} MB"
        f"   (explorer {early[3]})"
    )
    print(
        f"  DOM / heap after {late[0]:>3} steps {late[1]:6d} nodes  {late[2]:6.1f} MB"
        f"   (explorer {late[3]}: more cards on the table then)"
    )
    print(
        f"  step 0, first / again    {start[1]:6d} / {again[1]} nodes"
        f"  {start[2]:6.1f} / {again[2]:.1f} MB   (explorer {start[3]} / {again[3]})"
    )
    grown = {
        kind: again[4].get(kind, 0) - start[4].get(kind, 0)
        for kind in sorted(start[4].keys() | again[4].keys())
        if again[4].get(kind, 0) != start[4].get(kind, 0)
    }
    flat = again[1] == start[1]
    print(
        f"  DOM flat with game length  {'yes' if flat else 'NO'}"
        f" (step 0 of the same deal, before and after {late[0]} steps:"
        f" {again[1] - start[1]:+d} elements{', by kind: ' + str(grown) if grown else ''};"
        f" heap {again[2] - start[2]:+.1f} MB)"
    )
    print(f"  Plotly copies evaluated   {results['plotly_copies']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument(
        "--steps", type=int, default=300, help="steps shown in all, for DOM and heap"
    )
    parser.add_argument("--seed", type=int, default=7, help="7: a 195-step game")
    parser.add_argument("--play-seconds", type=float, default=10.0)
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout to run in the kernel")
    parser.add_argument(
        "--profile", action="store_true", help="also print where the clicks' main-thread time goes"
    )
    parser.add_argument(
        "--trace", action="store_true", help="also print the clicks' main-thread trace events"
    )
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is not installed")
    start = time.monotonic()
    results = measure(
        args.clicks,
        args.steps,
        args.seed,
        args.code.resolve(),
        args.play_seconds,
        args.profile,
        args.trace,
    )
    report(results, f"5-player Deal, seed {args.seed}, kernel code from {args.code}")
    print(f"  ({time.monotonic() - start:.0f} s)")


if __name__ == "__main__":
    main()
