"""Printing what a lesson says to a student, so that it reads on a laptop and a projector.

JupyterLab breaks an output line wherever the window ends, even inside a word: a hint of
160 characters on a 1280x720 projector read "How many 3-card ha" / "nds have none of
them?". Everything the lessons print for a student (``check``, ``show_me``, ``predict``,
``compare_prediction``, the narration of a move) goes through :func:`say`, which breaks
long lines at spaces (``core.wording.wrapped``), so every line fits and no word is cut.
"""

from __future__ import annotations

from monopoly_widgets.core.wording import WIDTH, wrapped

__all__ = ["WIDTH", "say"]


def say(text: object) -> None:
    """Print ``text`` (or ``str(text)``) to the student, wrapped to :data:`WIDTH`."""
    print(wrapped(str(text)))
