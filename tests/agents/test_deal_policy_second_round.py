"""The second round of coach-found rules: ``charge_over_bank`` (``agents/deal/policy_charges.py``)
and ``hide_sets`` (``agents/deal/policy_wilds.py``).

Each scenario first checks that the policy without the rule (the first round's
``DealPolicyAgent``) makes the mistake there, so the test can fail; then that the
rule fixes it, and that it keeps still where it has nothing to say.
"""

from __future__ import annotations

import random

import monopoly_widgets as mw
from monopoly_widgets.agents import DealPolicyAgent
from monopoly_widgets.agents.deal.policy import RULES

from ..deal.helpers import game, position, table


def pick(agent: DealPolicyAgent, g: mw.Game) -> str:
    return agent(g.observation(g.current_player), g.legal_actions(), random.Random(0)).id


def without_and_with(g: mw.Game, rule: str) -> tuple[str, str]:
    """The choice of the policy without ``rule`` and with every rule."""
    before = DealPolicyAgent(rules=[name for name in RULES if name != rule])
    return pick(before, g), pick(DealPolicyAgent(), g)


def test_charge_over_bank_charges_a_rent_before_banking() -> None:
    """Leaflet, "Rent": "Charge other players rent on your property/properties that match
    the color of the Rent card." With $5M and a $2M Red rent in hand and a low bank,
    the policy banked the $5M first (40 plus the value against 35 plus the rent)."""
    g = game(
        position(
            hands=[["$5M", "Red/Yellow rent"], []],
            banks=[[], ["$4M"]],
            properties=[table(("Red", ["Kentucky Avenue"])), []],
        )
    )
    before, after = without_and_with(g, "charge_over_bank")
    assert before == "bank:$5M"
    assert after == "rent:Red/Yellow rent:Red"


def test_charge_over_bank_asks_for_a_birthday_before_banking() -> None:
    """Leaflet, "It's My Birthday": "All players pay you $2M." The policy banked $3M
    (43) before the birthday (42)."""
    g = game(position(hands=[["$3M", "It's My Birthday"], []], banks=[[], ["$2M"]]))
    before, after = without_and_with(g, "charge_over_bank")
    assert before == "bank:$3M"
    assert after == "play:It's My Birthday"


def test_charge_over_bank_charges_nobody_who_cannot_pay() -> None:
    """Leaflet: "If you have no cards in front of you to pay with, you don't pay at all!"
    With nothing in front of the opponent, banking stays the choice."""
    g = game(
        position(
            hands=[["$3M", "It's My Birthday", "Red/Yellow rent"], []],
            properties=[table(("Red", ["Kentucky Avenue"])), []],
        )
    )
    assert without_and_with(g, "charge_over_bank") == ("bank:$3M", "bank:$3M")


def test_charge_over_bank_leaves_a_lay_alone() -> None:
    """Only banking gives way: a property laid still comes first (the heuristic's order)."""
    g = game(
        position(
            hands=[["$5M", "Red/Yellow rent", "Illinois Avenue"], []],
            banks=[[], ["$4M"]],
            properties=[table(("Red", ["Kentucky Avenue"])), []],
        )
    )
    assert without_and_with(g, "charge_over_bank") == ("lay:Illinois Avenue",) * 2


def test_hide_sets_flips_a_wild_out_of_a_complete_set_at_the_end_of_a_turn() -> None:
    """Leaflet, "Deal Breaker": "Steal a full set"; rulebook, "Property Wild Cards": flip
    "any time on your turn". With no plays left the policy ended its turn with Dark
    Blue complete (Boardwalk and the Multicolour wild) for a Deal Breaker to take."""
    g = game(
        position(
            properties=[
                table(
                    ("Dark Blue", ["Boardwalk", "Multicolour wild"]), ("Red", ["Kentucky Avenue"])
                ),
                [],
            ],
            plays_used=3,
        )
    )
    before, after = without_and_with(g, "hide_sets")
    assert before == "end_turn"
    assert after.startswith("wild:Dark Blue:Multicolour wild:")
    g.apply(after)
    assert not any(pile["complete"] for pile in g.observation(0)["seats"][0]["sets"])
    assert pick(DealPolicyAgent(), g) == "end_turn"  # and it is not flipped back now


def test_hide_sets_flips_it_back_when_the_turn_goes_on() -> None:
    """At the start of a turn (plays left, a card to bank) the set is made whole again."""
    g = game(
        position(
            hands=[["$1M"], []],
            properties=[table(("Dark Blue", ["Boardwalk"]), ("Brown", ["Multicolour wild"])), []],
        )
    )
    assert pick(DealPolicyAgent(), g) == "wild:Brown:Multicolour wild:Dark Blue"


def test_hide_sets_completes_no_set_with_a_wild_as_the_turn_ends() -> None:
    """With no plays left the policy completed Dark Blue with the wild, to stand all the
    opponent's turn; now the turn just ends."""
    g = game(
        position(
            properties=[table(("Dark Blue", ["Boardwalk"]), ("Brown", ["Multicolour wild"])), []],
            plays_used=3,
        )
    )
    assert without_and_with(g, "hide_sets") == ("wild:Brown:Multicolour wild:Dark Blue", "end_turn")


def test_hide_sets_leaves_a_set_with_a_house_alone() -> None:
    g = game(
        position(
            properties=[
                table(("Dark Blue", ["Boardwalk", "Multicolour wild"], True, False)),
                [],
            ],
            plays_used=3,
        )
    )
    assert pick(DealPolicyAgent(), g) == "end_turn"
