"""Small pieces of wording every game's events and tables share.

One place, so "1 card" and "2 cards", and lists like "players 0, 1 and 2", read the
same in every game; and text printed for a reader is broken into lines that fit
(:func:`wrapped`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable


def plural(count: int, word: str) -> str:
    """``"1 card"``, ``"0 cards"``, ``"2 cards"``: the count and the word, in agreement."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def and_list(items: Iterable[object]) -> str:
    """``"0"``, ``"0 and 2"``, ``"0, 1 and 2"``: a readable list, in the order given."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


#: The longest line printed for a reader. JupyterLab breaks an output line wherever the
#: window ends, even inside a word; at 1280x720 with its file browser open it shows about
#: 105 characters of a line (Voilà and Notebook 7 more).
WIDTH = 88
#: How far a broken line's continuation is indented, under the start of its text.
HANG = "    "


def wrapped(text: str, width: int = WIDTH) -> str:
    """``text`` with each line longer than ``width`` broken at spaces (never inside a word);
    its continuation lines keep the line's own indent, plus :data:`HANG` (a narrated move,
    "> player 0: ...", continues under its text, above the indented events it caused)."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        hang = "  " if line.startswith("> ") else HANG
        lines.append(
            textwrap.fill(
                line.strip(),
                width,
                initial_indent=indent,
                subsequent_indent=indent + hang,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)
