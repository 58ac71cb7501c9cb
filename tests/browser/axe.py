"""axe-core, the accessibility checker, for the real-browser tests (WCAG 2.1 A and AA).

The npm package ``axe-core`` is fetched with npm's own client (``npm pack``, so npm's
registry settings apply) once into the download cache the JupyterLite tests use
(``$MW_LITE_CACHE``, set by ``.ci/run``), and its ``axe.min.js`` is put into a page
with ``page.evaluate`` (which a page's content-security rule does not block).
:func:`violations` runs it over one part of the page (an explorer's ``.mw-root``),
not over JupyterLab's or Voilà's own page, which this project does not make.
"""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest

from monopoly_widgets.lite.wheels import cache_dir

AXE_VERSION = "4.14.1"
#: The rules of WCAG 2.0 and 2.1, levels A and AA (axe's tags for them).
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: Runs axe over the elements matching ``selector`` (each one its own context);
#: returns the violations, each as {id, impact, help, nodes: [{target, summary}]}.
RUN_AXE = """async ([selector, tags]) => {
  const found = [];
  for (const node of document.querySelectorAll(selector)) {
    const result = await axe.run(node, { runOnly: { type: "tag", values: tags } });
    for (const v of result.violations) {
      found.push({ id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })) });
    }
  }
  return found;
}"""


def axe_source() -> str:
    """The text of ``axe.min.js`` at :data:`AXE_VERSION`, from the cache or npm."""
    cache = cache_dir()
    tarball = cache / f"axe-core-{AXE_VERSION}.tgz"
    if not tarball.exists():
        cache.mkdir(parents=True, exist_ok=True)
        try:
            done = subprocess.run(
                [
                    "npm",
                    "pack",
                    f"axe-core@{AXE_VERSION}",
                    "--pack-destination",
                    str(cache),
                    "--loglevel=error",
                ],
                capture_output=True,
                text=True,
                timeout=300,
            )
        except FileNotFoundError:
            pytest.skip("npm is needed to fetch axe-core (apt-get install npm)")
        assert done.returncode == 0, f"npm pack axe-core failed: {done.stderr[-1000:]}"
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None, "the axe-core package has no axe.min.js"
        return member.read().decode("utf-8")


def violations(page: Any, selector: str = ".mw-root") -> list[dict[str, Any]]:
    """axe's WCAG 2.1 A and AA violations inside every element matching ``selector``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    assert page.locator(selector).count() > 0, f"nothing on the page matches {selector}"
    return page.evaluate(RUN_AXE, [selector, WCAG_21_AA])


def describe(found: list[dict[str, Any]]) -> str:
    """The violations in a few readable lines, for an assertion's message."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines += [f"    {n['target']}: {n['summary'][:300]}" for n in v["nodes"][:4]]
    return "\n".join(lines)


def save_json(path: Path, found: list[dict[str, Any]]) -> None:
    """Keep what axe found beside the screenshots (for a person reading a failure)."""
    import json

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(found, indent=1), encoding="utf-8")
