"""What a teacher meets first in Python: ``mw.prob`` works and ``dir(mw)`` is clean."""

from __future__ import annotations

import monopoly_widgets as mw


def test_submodules_are_reachable_without_importing_them() -> None:
    assert mw.prob.prob_none(106, 10, 5) > 0
    assert callable(mw.lessons.check)


def test_dir_lists_only_the_public_names() -> None:
    names = dir(mw)
    assert "Any" not in names and "annotations" not in names
    assert not [name for name in names if name.startswith("_") and name != "__version__"]
    for name in ("new_game", "play", "prob", "lessons", "simulate", "GameExplorer"):
        assert name in names
