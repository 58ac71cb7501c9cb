"""Scoring a hand of Monopoly: The Card Game, explained line by line.

Rulebook "Scoring":

* each complete colour group scores its set value;
* each House card adds the group's set value again; a Hotel always adds $500;
* each Token adds the *total* value of a colour group (we let every Token land
  on the most valuable group, the best use the rulebook allows);
* each GO pays $200;
* the single player with the most Mr. Monopoly cards wins $1,000 (nothing on a
  tie) - this needs every player's hand, so it is scored per hand in
  ``ending.py``; :func:`score_hand` only counts the cards and says so;
* any player holding a Chance card, other than the one who laid down, scores
  nothing.

Rulebook "Lay Down": Houses go on a group in order (1st, 2nd, 3rd, 4th), a
Hotel only after all four, never on Railroads or Utilities, and a Chance may
stand for a missing Property, House, Hotel or a Token. Houses are placed on
the most valuable groups first, which is always best: a house adds its group's
set value, so the dearest group should carry the most houses, and that group
is then also the best one for the Tokens.

ASSUMPTION: a colour group must contain at least one real Property card (two
Chance cards cannot make a group out of nothing): a Chance "completes" a group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from monopoly_widgets.cardgame.cards import (
    CHANCE,
    COLOURS,
    GO,
    GO_VALUE,
    HOTEL,
    HOTEL_VALUE,
    HOUSES,
    MIN_RAILROADS,
    MR_MONOPOLY,
    NO_BUILDINGS,
    PROPERTIES,
    TOKEN,
    CardSpec,
    is_card_name,
)
from monopoly_widgets.cardgame.options import DEFAULT_SETTINGS, Settings
from monopoly_widgets.core.wording import plural


def money(amount: int) -> str:
    """$1,200 style."""
    return f"${amount:,}"


@dataclass(frozen=True)
class GroupScore:
    """One complete colour group as scored."""

    colour: str
    properties: int
    set_value: int
    houses: int
    hotel: bool
    total: int

    def text(self) -> str:
        """E.g. "Yellow group $300 + 3 houses $900 = $1,200"."""
        name = f"{self.colour} group"
        if self.colour == "Railroad":
            name = f"Railroad group ({self.properties} railroads)"
        parts = [f"{name} {money(self.set_value)}"]
        if self.houses:
            parts.append(f"{plural(self.houses, 'house')} {money(self.houses * self.set_value)}")
        if self.hotel:
            parts.append(f"hotel {money(HOTEL_VALUE)}")
        if len(parts) == 1:
            return parts[0]
        return " + ".join(parts) + f" = {money(self.total)}"


@dataclass(frozen=True)
class HandScore:
    """The value of one hand, with the lines that explain it.

    ``total`` excludes the Mr. Monopoly $1,000, which is decided across all
    hands (``mr_monopoly`` is how many this hand holds). ``chance_roles`` says
    what each Chance stands for. ``legal_lay_down`` is False (with
    ``problem``) when the hand could not be laid down as it is.
    """

    total: int
    lines: tuple[str, ...]
    groups: tuple[GroupScore, ...] = ()
    tokens: int = 0
    token_value: int = 0
    go: int = 0
    mr_monopoly: int = 0
    chance_roles: tuple[str, ...] = ()
    legal_lay_down: bool = True
    problem: str | None = None
    zeroed_by_chance: bool = False
    unused: tuple[str, ...] = field(default=())

    def explain(self) -> str:
        """All lines in one sentence."""
        return "; ".join(self.lines)

    def __str__(self) -> str:
        return self.explain()


def count_names(cards: Iterable[str | CardSpec]) -> Counter[str]:
    """A multiset of printed names from names or :class:`CardSpec` objects."""
    counts: Counter[str] = Counter()
    for card in cards:
        name = card.name if isinstance(card, CardSpec) else card
        if not is_card_name(name):
            raise ValueError(f"{name!r} is not the name of a Monopoly: The Card Game card")
        counts[name] += 1
    return counts


def _colour_count(cards: Counter[str], colour: str) -> int:
    """Distinct properties of ``colour`` held (a second copy can only come from a Chance)."""
    return sum(1 for name in PROPERTIES[colour] if cards[name])


def _doubled(cards: Counter[str], colour: str) -> list[str]:
    """Extra copies of a property: a card a Chance stands for that is also held for real."""
    return [name for name in PROPERTIES[colour] for _ in range(cards[name] - 1)]


def _group_size_needed(colour: str) -> int:
    return MIN_RAILROADS if colour == "Railroad" else len(PROPERTIES[colour])


def lay_down_problem(cards: Counter[str], free_chances: int = 0) -> str | None:
    """Why this hand cannot be laid down, or ``None`` if it can.

    ``cards`` holds the real cards plus any card a Chance already stands for;
    ``free_chances`` Chance cards may still fill gaps (rulebook "Lay Down" 1-3).
    Fast: no search, because a Chance used anywhere else can always be a Token.
    """
    missing_text: list[str] = []
    needed = 0
    groups = 0
    can_build = 0
    for colour in COLOURS:
        held = _colour_count(cards, colour)
        if held == 0:
            continue
        doubled = _doubled(cards, colour)
        if doubled:
            return f"{doubled[0]} would be in the hand twice: only one can be used"
        groups += 1
        if colour not in NO_BUILDINGS:
            can_build += 1
        short = max(0, _group_size_needed(colour) - held)
        if short:
            needed += short
            missing_text.append(f"the {colour} group is incomplete ({held} of its cards)")
    if groups == 0:
        return "you need at least one complete color group to lay down (rulebook: Lay Down 1)"
    houses = [cards[name] for name in HOUSES]
    levels = [0, 0, 0, 0]
    above = cards[HOTEL]
    gap_text: list[str] = []
    for level in range(3, -1, -1):
        levels[level] = max(houses[level], above)
        if levels[level] > houses[level]:
            gap = levels[level] - houses[level]
            needed += gap
            upper = HOUSES[level + 1] if level < 3 else HOTEL
            gap_text.append(f"your {upper} is out of sequence: no {HOUSES[level]} for it")
        above = levels[level]
    if levels[0] > can_build:
        return (
            f"you hold {levels[0]} house set(s) but only {can_build} group(s) that can take "
            "houses (none on Railroads or Utilities) (rulebook: House Cards)"
        )
    if needed > free_chances:
        problems = missing_text + gap_text
        reason = "; ".join(problems)
        if free_chances:
            reason += f" (it would take {needed} Chance cards; you have {free_chances})"
        return f"{reason} (rulebook: Lay Down 1-3)"
    return None


def _arrange(cards: Counter[str], settings: Settings, strict: bool) -> HandScore | None:
    """Score ``cards`` (Chance roles already turned into the cards they stand for).

    ``strict``: every property must be in a complete group and every House and
    Hotel in sequence (a legal lay-down), else ``None``. Not strict: cards that
    cannot be used simply score nothing (an opponent laying down their hand).
    """
    groups: list[tuple[str, int, int]] = []  # colour, properties, set value
    unused: list[str] = []
    for colour in COLOURS:
        held = _colour_count(cards, colour)
        if held == 0:
            continue
        doubled = _doubled(cards, colour)
        if doubled and strict:
            return None
        unused.extend(doubled)
        if held >= _group_size_needed(colour):
            groups.append((colour, held, settings.group_value(colour, held)))
        elif strict:
            return None
        else:
            unused.extend(n for n in PROPERTIES[colour] if cards[n])
    if strict and not groups:
        return None
    buildable = sorted(
        (g for g in groups if g[0] not in NO_BUILDINGS), key=lambda g: -g[2]
    )  # stable: colour order on equal values
    held_houses = [cards[name] for name in HOUSES]
    built = [0, 0, 0, 0]
    limit = len(buildable)
    for level in range(4):
        built[level] = min(held_houses[level], limit)
        limit = built[level]
    hotels = min(cards[HOTEL], built[3])
    if strict and (built != held_houses or hotels != cards[HOTEL]):
        return None
    for level in range(4):
        unused.extend([HOUSES[level]] * (held_houses[level] - built[level]))
    unused.extend([HOTEL] * (cards[HOTEL] - hotels))

    scored: dict[str, GroupScore] = {}
    for rank, (colour, props, value) in enumerate(buildable):
        houses = sum(1 for level in range(4) if built[level] > rank)
        hotel = rank < hotels
        total = value * (1 + houses) + (HOTEL_VALUE if hotel else 0)
        scored[colour] = GroupScore(colour, props, value, houses, hotel, total)
    for colour, props, value in groups:
        if colour not in scored:
            scored[colour] = GroupScore(colour, props, value, 0, False, value)
    ordered = tuple(scored[c] for c in COLOURS if c in scored)

    lines = [g.text() for g in ordered]
    total = sum(g.total for g in ordered)
    tokens = cards[TOKEN]
    token_value = max((g.total for g in ordered), default=0)
    if tokens:
        best = max(ordered, key=lambda g: g.total, default=None)
        where = f" (each lands on the {best.colour} group)" if best and len(ordered) > 1 else ""
        if best is None:
            where = " (no complete group for them to land on)"
        lines.append(f"{plural(tokens, 'token')} +{money(tokens * token_value)}{where}")
        total += tokens * token_value
    go = cards[GO]
    if go:
        lines.append(f"{go} GO +{money(go * GO_VALUE)}")
        total += go * GO_VALUE
    return HandScore(
        total=total,
        lines=tuple(lines),
        groups=ordered,
        tokens=tokens,
        token_value=token_value,
        go=go,
        mr_monopoly=cards[MR_MONOPOLY],
        unused=tuple(unused),
    )


def _role_slots(cards: Counter[str]) -> list[str]:
    """What one Chance could usefully stand for: a Token, a property, a House, a Hotel."""
    slots = [TOKEN]
    for colour in COLOURS:
        held = _colour_count(cards, colour)
        if held and held < len(PROPERTIES[colour]):
            slots.append(colour)
    slots.extend(HOUSES)
    slots.append(HOTEL)
    return slots


def chance_role_choices(cards: Counter[str], chances: int) -> Iterator[tuple[str, ...]]:
    """Every way ``chances`` Chance cards could stand for cards (names), without repeats."""
    if chances == 0:
        yield ()
        return
    slots = _role_slots(cards)
    for combo in combinations_with_replacement(slots, chances):
        roles: list[str] = []
        ok = True
        for slot in dict.fromkeys(combo):
            wanted = combo.count(slot)
            if slot in PROPERTIES:
                missing = [n for n in PROPERTIES[slot] if not cards[n]]
                if len(missing) < wanted:
                    ok = False
                    break
                roles.extend(missing[:wanted])
            else:
                roles.extend([slot] * wanted)
        if ok:
            yield tuple(roles)


def best_arrangement(
    cards: Counter[str], chances: int, settings: Settings, strict: bool
) -> HandScore | None:
    """The most valuable way to use ``chances`` free Chance cards with ``cards``."""
    best: HandScore | None = None
    for roles in chance_role_choices(cards, chances):
        trial = cards + Counter(roles) if roles else cards
        result = _arrange(trial, settings, strict)
        if result is not None and (best is None or result.total > best.total):
            best = _with_roles(result, roles)
    return best


def role_choices(cards: Counter[str], chances: int, settings: Settings) -> list[HandScore]:
    """Every legal way to declare ``chances`` Chance cards, the most valuable first.

    Rulebook "Lay Down" 3: "A Chance card may be substituted for a missing Property card
    or a House or Hotel card ... Chance can also represent a token." The player who lays
    down *declares* each Chance's role; a role is legal when the hand, with the Chance as
    that card, is a legal lay-down. ``chance_roles`` of each result is the declaration;
    the first result is the one that scores most now (the engine's suggestion). Equal
    scores keep the order of :func:`chance_role_choices` (Token first).
    """
    found: list[HandScore] = []
    for roles in chance_role_choices(cards, chances):
        trial = cards + Counter(roles) if roles else cards
        result = _arrange(trial, settings, strict=True)
        if result is not None:
            found.append(_with_roles(result, roles))
    found.sort(key=lambda r: -r.total)
    return found


def _with_roles(result: HandScore, roles: tuple[str, ...]) -> HandScore:
    if not roles:
        return result
    lines = [f"Chance stands for {role}" for role in roles] + list(result.lines)
    return HandScore(
        total=result.total,
        lines=tuple(lines),
        groups=result.groups,
        tokens=result.tokens,
        token_value=result.token_value,
        go=result.go,
        mr_monopoly=result.mr_monopoly,
        chance_roles=roles,
        legal_lay_down=result.legal_lay_down,
        problem=result.problem,
        unused=result.unused,
    )


def _finish(result: HandScore, extra: list[str], **changes: object) -> HandScore:
    lines = list(result.lines)
    if result.unused:
        lines.append("not scoring: " + ", ".join(result.unused))
    lines.extend(extra)
    lines.append(f"Total {money(result.total)}")
    values = dict(result.__dict__)
    values.update(changes)
    values["lines"] = tuple(lines)
    return HandScore(**values)  # type: ignore[arg-type]


def _mr_monopoly_line(count: int) -> list[str]:
    if not count:
        return []
    return [
        f"{count} Mr. Monopoly (the $1,000 goes to the single player with the most, "
        "decided across all hands)"
    ]


def score_cards(
    cards: Counter[str],
    laid_down: bool,
    settings: Settings = DEFAULT_SETTINGS,
    fixed_roles: tuple[str, ...] = (),
) -> HandScore:
    """Score a multiset of card names (see :func:`score_hand`).

    ``fixed_roles``: cards that Chance cards of this hand already stand for
    (fixed when the hand was laid down); the other Chance cards are free.
    """
    chances = cards[CHANCE] - len(fixed_roles)
    base = cards.copy()
    del base[CHANCE]
    base.update(fixed_roles)
    mr_line = _mr_monopoly_line(cards[MR_MONOPOLY])
    if not laid_down:
        if cards[CHANCE]:
            return HandScore(
                total=0,
                lines=(
                    "holds a Chance card and did not lay down: scores nothing "
                    "(rulebook: Scoring 3)",
                    "Total $0",
                ),
                mr_monopoly=cards[MR_MONOPOLY],
                legal_lay_down=False,
                problem="holds a Chance card",
                zeroed_by_chance=True,
            )
        result = _arrange(base, settings, strict=False)
        assert result is not None
        return _finish(result, mr_line, legal_lay_down=lay_down_problem(base) is None)
    problem = lay_down_problem(base, chances)
    if problem is None:
        best = best_arrangement(base, chances, settings, strict=True)
        assert best is not None, "lay_down_problem said the hand can be laid down"
        fixed = tuple(f"Chance stands for {role} (fixed at lay-down)" for role in fixed_roles)
        result = HandScore(**{**best.__dict__, "lines": tuple(fixed) + best.lines})
        return _finish(result, mr_line, chance_roles=fixed_roles + best.chance_roles)
    best = best_arrangement(base, chances, settings, strict=False)
    assert best is not None
    return _finish(
        best,
        mr_line + [f"not a legal lay-down: {problem}"],
        legal_lay_down=False,
        problem=problem,
        chance_roles=fixed_roles + best.chance_roles,
    )


def score_hand(
    cards: Iterable[str | CardSpec],
    laid_down_by_this_player: bool,
    settings: Settings = DEFAULT_SETTINGS,
) -> HandScore:
    """Score one player's hand, choosing the best use of Chance, Houses and Tokens.

    ``cards`` are printed names ("Boardwalk", "1st House", "Token", ...) or
    :class:`CardSpec` objects. ``laid_down_by_this_player`` is True for the player
    who went out: only they may use Chance cards; anyone else holding a Chance
    scores $0 (rulebook: Scoring 3).

    Mr. Monopoly: the $1,000 goes to the single player holding the most, which
    depends on every hand, so it is *not* in ``total``; ``mr_monopoly`` gives
    the count and a line says so. The game adds it per hand.

    >>> score_hand(["Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens", "1st House",
    ...             "2nd House", "3rd House", "Token", "Token"], True).total
    3600
    """
    return score_cards(count_names(cards), laid_down_by_this_player, settings)
