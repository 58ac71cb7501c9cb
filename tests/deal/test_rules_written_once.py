"""Each rule is written once (the project's standard): a rule's predicate, written out, may
appear only in its home module and, for the rules marked so, in the speed module
(``deal/speed.py``, which holds every copy written out for speed, each checked against the
plain rule by ``test_speed.py``). The wilds rule has no copy even there (issue 47, item 3).
Everything else, agents included, calls the home module's function. A copy pasted anywhere
else in the Deal engine, its agents, the coach or the odds fails this test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "monopoly_widgets"
#: Where a Deal rule may be read or re-written: the engine and whatever plays or explains it.
SCANNED = ["deal", "agents", "coach", "prob/deal.py", "sim", "league"]
SPEED = "deal/speed.py"
#: The rules with no copy written out for speed, even in the speed module.
NOWHERE_ELSE = {"a set made only of wilds is not complete (RULES-NOTES, Wild property cards)"}

#: rule -> (its predicate written out, as a pattern; its home module and the function to call)
RULES: dict[str, tuple[str, str, str]] = {
    "a set made only of wilds is not complete (RULES-NOTES, Wild property cards)": (
        r"NATURAL_IDS\.isdisjoint|\.isdisjoint\(\w*\.?cards\)"
        r"|>=\s*(?:size|SET_SIZE\[[^\]]+\])\s+and\s+\(?(?:not\s+)?\w*natural"
        r"|>=\s*[\w\[\].]+\s+and\s+not\s+only_wilds|<\s*[\w\[\].]+\s+or\s+only_wilds",
        "deal/cards.py",
        "full_set, only_wilds (properties.is_complete, has_natural_card)",
    ),
    "a Multicolour wild moves only to a colour with a set (option multicolour_wild_moves_to)": (
        r"\[\"multicolour_wild_moves_to\"\]\s*==",
        "deal/checks.py",
        "multicolour_may_go",
    ),
    "3 complete sets of different colours win (rulebook, How to Win)": (
        r"complete_colours\([^)]*\)\)\s*>=|>=\s*3\s*$",
        "deal/properties.py",
        "has_won",
    ),
    "Double the Rent: a play each, two only with double_rent_stack (rulebook)": (
        r"\[\"double_rent_stack\"\]|plays_used\s*-\s*1\b|plays_used\s*\+\s*1\s*\+",
        "deal/checks.py",
        "max_doubles, doubles_check",
    ),
}


def _sources() -> dict[str, str]:
    files: dict[str, str] = {}
    for entry in SCANNED:
        path = PACKAGE / entry
        for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
            files[file.relative_to(PACKAGE).as_posix()] = file.read_text(encoding="utf-8")
    return files


def copies(pattern: str, home: str, files: dict[str, str], speed: bool = True) -> list[str]:
    """``file:line`` of each line matching ``pattern`` outside ``home`` and (if ``speed``) the
    speed module (comments and docstrings aside: a line is code if it is not in a string or a
    comment)."""
    found = []
    for name, text in files.items():
        if name == home or (speed and name == SPEED):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.search(pattern, code, re.M) and not code.lstrip().startswith(('"', "'", "``")):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("rule", list(RULES))
def test_each_rule_is_written_once(rule: str) -> None:
    pattern, home, functions = RULES[rule]
    found = copies(pattern, home, _sources(), speed=rule not in NOWHERE_ELSE)
    assert not found, f"{rule}: call {home}'s {functions} instead of:\n" + "\n".join(found)


@pytest.mark.parametrize("rule", list(RULES))
def test_each_pattern_finds_the_rule_at_home(rule: str) -> None:
    """A pattern that matches nothing would let every copy through: it must match at home."""
    pattern, home, _ = RULES[rule]
    text = (PACKAGE / home).read_text(encoding="utf-8")
    assert any(re.search(pattern, line.split("#", 1)[0]) for line in text.splitlines()), rule


def test_a_pasted_copy_is_caught() -> None:
    """The check can fail: an agent that writes the wilds rule out again is reported, as is
    one that re-writes the multicolour check or the Double the Rent limit."""
    files = {
        "agents/pasted.py": (
            "def complete(pile):\n"
            "    return len(pile.cards) > 1 and not NATURAL_IDS.isdisjoint(pile.cards)\n"
            "def wins(count, size, natural):\n"
            "    return count + 1 >= size and (natural or False)\n"
            'def goes(state): return state.options["multicolour_wild_moves_to"] == "any"\n'
            "def most(state): return PLAYS_PER_TURN - state.plays_used - 1\n"
        )
    }
    caught = {rule for rule, (pattern, home, _) in RULES.items() if copies(pattern, home, files)}
    assert len(caught) == 3 and not any("How to Win" in rule for rule in caught)


def test_the_wilds_rule_written_out_in_the_speed_module_is_caught() -> None:
    """Issue 47, item 3: the wilds rule was written out 5 times in ``deal/speed.py`` (and 6
    in ``properties.py``); a copy there is now reported too, in each form it had."""
    pattern, home, _ = RULES[next(iter(NOWHERE_ELSE))]
    files = {
        SPEED: (
            "breaks = len(cards) >= size and not NATURAL_IDS.isdisjoint(cards)\n"
            "    return len(cards) < size or only_wilds(cards)\n"
            "    return len(cards) >= SET_SIZE[colour] and not only_wilds(cards)\n"
        )
    }
    assert len(copies(pattern, home, files, speed=False)) == 3
