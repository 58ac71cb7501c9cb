"""The teacher's guide to pooling (``docs/pooling.md``) runs as written, and says what it prints.

Its code blocks run in order, as cells would, in an empty folder; the teacher's
``codes`` are thirty students' results whose counts add up to the guide's example
(1104 of 3000), so the summary it quotes is the one printed.
"""

from __future__ import annotations

import re
from pathlib import Path

from monopoly_widgets.classroom import ExperimentResult

GUIDE = Path(__file__).parents[2] / "docs" / "pooling.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.S)


def quoted(block: str, call: str) -> str:
    """What the guide says ``call`` prints: the comment after it, up to its "..."."""
    line = next(line for line in block.splitlines() if line.startswith(call))
    return line.split("# ", 1)[1].split("...")[0].rstrip(", ")


def test_the_guides_code_runs_and_prints_what_it_says(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    student, widget, teacher = blocks()
    namespace: dict = {}
    exec(compile(student, str(GUIDE), "exec"), namespace)
    code = capsys.readouterr().out.strip()
    assert code.startswith(quoted(student, "print(result.code)"))
    assert 95 <= len(code) <= 125  # "about 110 characters"
    assert (tmp_path / "ana.json").exists()

    exec(compile(widget, str(GUIDE), "exec"), namespace)
    settings = {"players": 2, "turns": 10}
    namespace["codes"] = [
        ExperimentResult(
            "04", "two_sets_in_ten_turns", settings, 36 + (n < 24), 100, f"S{n}", n
        ).code
        for n in range(30)
    ]
    exec(compile(teacher, str(GUIDE), "exec"), namespace)
    summary = capsys.readouterr().out.strip()
    assert summary.startswith(quoted(teacher, "print(pooled.summary)")), summary
    assert namespace["pooled"].chart(truth=0.37) is not None
