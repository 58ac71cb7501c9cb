"""The [rl] extra: in the test install (CI runs these tests), never in the teacher's."""

from __future__ import annotations

import re
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _extra(name: str) -> list[str]:
    """The requirements of one extra, read from ``pyproject.toml`` (Python 3.10 has no
    ``tomllib``; the extras are plain lists of quoted strings)."""
    text = PYPROJECT.read_text(encoding="utf-8")
    found = re.search(rf"^{name} = \[(.*?)^\]", text, re.S | re.M)
    assert found, f"no [{name}] extra"
    return re.findall(r'"([^"]+)"', found.group(1))


def test_the_rl_extra_is_kept_out_of_the_teachers_install() -> None:
    rl = _extra("rl")
    assert sorted(re.split(r"[<>=]", r)[0] for r in rl) == ["gymnasium", "pettingzoo"]
    assert not any(r.startswith(("gymnasium", "pettingzoo")) or "[rl]" in r for r in _extra("lab"))
    assert "monopoly_widgets[rl]" in _extra("test")
