"""How events and errors cite their rule: one format for every game.

A student who asks "why did that happen?" reads the citation, so it names the
book and the section as printed, in the same words in every game::

    Deal rulebook: "On Your Turn"
    Card Game rulebook: "Lay Down": more than 10 cards after a trade
    option: hand_limit_discard_to
    RULES-NOTES: "Turn structure": reshuffle the discard pile

Each game's ``rulebook.py`` builds its constants with these functions;
``CITATION`` is what the conformance suite holds every event's ``rule`` to.
"""

from __future__ import annotations

import re

#: The books a citation may name (``rulebook(book, ...)``).
BOOKS = ("Deal", "Bid", "Card Game")

CITATION = re.compile(
    r'^(?:(?:Deal|Bid|Card Game) rulebook: "[^"]+"|RULES-NOTES: "[^"]+"|option: [a-z_]+)'
    r"(?:(?::|;| and| \() .+)?$"
)


def rulebook(book: str, section: str, detail: str = "") -> str:
    """``Deal rulebook: "Section"``, then ``: detail`` if given."""
    if book not in BOOKS:
        raise ValueError(f"book must be one of {BOOKS}, not {book!r}")
    cited = f'{book} rulebook: "{section}"'
    return f"{cited}: {detail}" if detail else cited


def rules_notes(section: str, detail: str = "") -> str:
    """A ruling recorded in ``RULES-NOTES.md`` where the rulebooks say nothing or disagree."""
    cited = f'RULES-NOTES: "{section}"'
    return f"{cited}: {detail}" if detail else cited


def option(name: str, detail: str = "") -> str:
    """A behaviour chosen by the named rule option (``docs/rules/`` gives its default)."""
    return f"option: {name}: {detail}" if detail else f"option: {name}"
