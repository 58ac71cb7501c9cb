"""The docs point at things that exist: links between pages, and the files the map names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
PACKAGE = ROOT / "monopoly_widgets"


def relative_links(page: Path) -> list[str]:
    """The targets of ``[text](target)`` links that are not web addresses or anchors."""
    targets = re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8"))
    return [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:|#", t)]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_lead_to_files(page: Path) -> None:
    missing = [t for t in relative_links(page) if not (page.parent / t).exists()]
    assert not missing, f"{page.name} links to missing files: {missing}"


def named_paths(text: str) -> set[str]:
    """Every ``dir/file.ext`` in backticks, with the file names a cell lists after one
    (``widgets/views/deal.py``, ``bid.py``: the second is ``widgets/views/bid.py``)."""
    paths: set[str] = set()
    for line in text.splitlines():
        folder = ""
        for name in re.findall(r"`([\w./-]+\.(?:py|md|js|css|json|txt|ipynb))`", line):
            if "/" in name:
                folder = name.rsplit("/", 1)[0]
                paths.add(name)
            elif folder:
                paths.add(f"{folder}/{name}")
    return paths


def exists(path: str) -> bool:
    top = ("tests/", "docs/", "notebooks/", "binder/", "benchmarks/")
    return (ROOT / path).exists() if path.startswith(top) else (PACKAGE / path).exists()


def test_every_file_the_architecture_map_names_exists() -> None:
    """``docs/architecture.md`` is where a reader looks for a rule: each file it names is there."""
    named = named_paths((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8"))
    assert len(named) > 60, "the map names the package's files"
    missing = sorted(path for path in named if not exists(path))
    assert not missing, f"docs/architecture.md names files that do not exist: {missing}"
