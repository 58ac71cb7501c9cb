"""Being asked to answer shows nothing about a hand (option ``ask_every_target``).

RULES-NOTES, "Hidden information in answers": at a real table every targeted player
may pause before paying, so declining a Just Say No looks exactly like not holding
one. Each test builds one position, then the same position with a single card
swapped between a player's hand and the draw pile (a Just Say No for a card that is
not one), plays the same answers in both, and compares what every seat sees and every
event's text, step by step, until a Just Say No is played.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import monopoly_widgets as mw

from .helpers import position, table


def _swap_out_jsn(pos: dict[str, Any], seat: int) -> dict[str, Any]:
    """``pos`` with ``seat``'s Just Say No swapped for the draw pile's first money card."""
    other = copy.deepcopy(pos)
    hand, pile = other["hands"][seat], other["draw_pile"]
    j = hand.index("Just Say No")
    i = next(i for i, name in enumerate(pile) if name.startswith("$"))
    hand[j], pile[i] = pile[i], hand[j]
    return other


def _seen(g: mw.Game, viewer: int, seat: int) -> Any:
    """What ``viewer`` sees, less the one thing ``seat`` may see differently: their own
    hand, and so the cards unseen to them. Card ids are left out: a position numbers
    same-named cards in its own order, so the two games' ids of one card may differ."""
    obs = g.observation(viewer)
    if viewer == seat:
        obs["seats"][seat]["hand"] = None
        obs["unseen"] = None
    return _without_ids(obs)


def _without_ids(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k != "id"}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def _play_both(
    pos: dict[str, Any], seat: int, answers: list[str], **options: Any
) -> tuple[list[Any], list[Any]]:
    """Play ``answers`` from ``pos`` with and without ``seat``'s Just Say No; what everyone
    saw and the events' texts at each step, for each of the two games."""
    with_jsn = mw.from_position("deal", pos, options=options or None, seed=3)
    start = with_jsn.position()  # every card named, the draw pile in order
    without = mw.from_position("deal", _swap_out_jsn(start, seat), options=options or None, seed=3)
    seen: tuple[list[Any], list[Any]] = ([], [])
    for g, record in ((with_jsn, seen[0]), (without, seen[1])):
        for action_id in answers:
            record.append([_seen(g, v, seat) for v in range(g.players)])
            record.append([e.text for e in g.apply(action_id)])
        record.append([_seen(g, v, seat) for v in range(g.players)])
    return seen


#: (name, position, the seat whose hand changes, the same answers in both games)
SCENARIOS = [
    (
        "two-colour rent, first of two targets",
        position(
            players=3,
            hands=[["Pink/Orange rent"], ["Just Say No", "Boardwalk"], ["Just Say No"]],
            banks=[[], ["$1M"], ["$2M"]],
            properties=[table(("Orange", ["St. James Place", "New York Avenue"])), [], []],
        ),
        1,
        ["rent:Pink/Orange rent:Orange", "accept", "pay:bank:$1M", "accept", "pay:bank:$2M"],
    ),
    (
        "It's My Birthday, second target",
        position(
            players=3,
            hands=[["It's My Birthday"], ["Just Say No"], ["Just Say No", "Sly Deal"]],
            banks=[[], ["$2M"], ["$2M"]],
        ),
        2,
        ["play:It's My Birthday", "accept", "pay:bank:$2M", "accept", "pay:bank:$2M"],
    ),
    (
        "Debt Collector against a player with nothing to pay",
        position(hands=[["Debt Collector"], ["Just Say No", "$5M"]]),
        1,
        ["debt:1", "accept"],
    ),
    (
        "Sly Deal",
        position(
            hands=[["Sly Deal"], ["Just Say No"]],
            properties=[[], table(("Dark Blue", ["Boardwalk"]))],
        ),
        1,
        ["sly:1:Dark Blue:Boardwalk", "accept"],
    ),
    (
        "Deal Breaker",
        position(
            hands=[["Deal Breaker"], ["Just Say No", "Pass Go"]],
            properties=[[], table(("Brown", ["Baltic Avenue", "Mediterranean Avenue"]))],
        ),
        1,
        ["breaker:1:Brown", "accept"],
    ),
    (
        "the card's player, asked after the target's Just Say No",
        position(
            hands=[["Sly Deal", "Just Say No"], ["Just Say No"]],
            properties=[[], table(("Dark Blue", ["Boardwalk"]))],
        ),
        0,
        ["sly:1:Dark Blue:Boardwalk", "jsn", "accept"],
    ),
]


@pytest.mark.parametrize("name, pos, seat, answers", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_nothing_seen_differs_with_or_without_a_just_say_no(
    name: str, pos: dict[str, Any], seat: int, answers: list[str]
) -> None:
    """Option: ask_every_target = True (default; RULES-NOTES "Hidden information in
    answers"): the same observation for every seat and the same events, step by step,
    whether or not the answering player holds a Just Say No, when they accept."""
    with_jsn, without = _play_both(pos, seat, answers)
    for step, (a, b) in enumerate(zip(with_jsn, without, strict=True)):
        assert a == b, f"{name}: step {step // 2} differs"


def test_a_player_without_one_can_only_accept() -> None:
    """Option: ask_every_target = True: the target is asked; "accept" is the only answer,
    and "jsn" is refused naming the reason."""
    g = mw.from_position("deal", position(hands=[["Debt Collector"], []], banks=[[], ["$5M"]]))
    g.apply("debt:1")
    assert g.current_player == 1 and [a.id for a in g.legal_actions()] == ["accept"]
    assert g.observation(0)["pending"]["responder"] == 1
    with pytest.raises(mw.IllegalActionError, match="has no Just Say No"):
        g.apply("jsn")
    g.apply("accept")
    assert [a.id for a in g.legal_actions()] == ["pay:bank:$5M"]


def test_the_older_reading_shows_who_holds_one() -> None:
    """Option: ask_every_target = False (the engine's older reading): only a holder is
    asked, so the table sees who holds a Just Say No. The comparison above would fail."""
    pos = SCENARIOS[3][1]
    with_jsn, without = _play_both(pos, 1, ["sly:1:Dark Blue:Boardwalk"], ask_every_target=False)
    assert with_jsn[-1][1]["phase"] == "respond" and without[-1][1]["phase"] == "play"
    assert with_jsn[-1][1] != without[-1][1]


def test_a_turn_player_out_of_plays_is_not_asked() -> None:
    """Option: just_say_no_uses_play_on_own_turn = True with ask_every_target = True: a turn
    player who has used 3 plays cannot answer, which everyone can see, so is not asked."""
    pos = position(
        plays_used=2,
        hands=[["Debt Collector", "Just Say No"], ["Just Say No"]],
        banks=[[], ["$5M"]],
    )
    g = mw.from_position("deal", pos)
    g.apply("debt:1")  # third play
    g.apply("jsn")
    assert g.current_player == 0 and g.observation()["phase"] == "play"
