"""The three game packages share their shape, not just their file names (issue 30, item 2).

Whoever has read one game package finds any rule of another where the first one keeps
it: the same modules, and in each shared module the same names for the same things.
Each test below reads the packages themselves, so the shape cannot drift again: a new
public name in one game must either be given to all three (``SHARED``) or be listed in
``OWN`` with the reason the games differ.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from monopoly_widgets.core.registry import available_games, describe, get_rules
from monopoly_widgets.core.rules import LAYOUT, PHASE_OVER, Rules, carry_out_by_kind

#: The games as the registry lists them (each game package registers its own descriptor).
GAMES = tuple(available_games())

#: Every shared module, and the names it defines in every game package.
SHARED: dict[str, set[str]] = {
    "descriptor": {"DESCRIPTOR"},  # the game's entry in core/registry.py, registered there
    # One way to carry out a move (issue 47, item 2): CARRY_OUT maps each kind of id to a
    # core.rules.CarryOut, and carry_out is core.rules.carry_out_by_kind over it.
    "rules": {"carry_out", "CARRY_OUT"},
    "state": {"PHASE_OVER", "current_player"},
    "setup": {"new_state", "setup_events"},
    "position": {"KEYS", "from_position", "to_position"},
    "checks": set(),  # each game's own rules: every check is named <rule>_check (below)
    "legal": {"legal_actions"},
    "illegal": {"why_illegal"},
    "observation": {"observe", "decision_text", "metrics", "determinize", "determinize_draws"},
    "render": {"render_text", "render_html"},
    "options": {"OPTIONS"},
    "rulebook": set(),  # each game's own citations (RULE_* / OPTION_* constants)
    "cards": {"CardSpec"},
    "catalogue": {"action_catalogue", "slot_ids", "slot_ids_from_observation"},
    "encoding": {
        "GLOBAL_FIELDS",
        "SEAT_FIELDS",
        "encode",
        "encode_observation",
        "encoding_size",
        "slot_names",
    },
}

#: Modules whose UPPER_CASE constants are the game's own by nature (its cards and their
#: numbers, its rulebook's sections): only their functions and classes are compared.
OWN_CONSTANTS = {"cards", "rulebook"}

#: The names only some games have, because the games differ; each group says why.
OWN: dict[str, dict[str, set[str]]] = {
    "deal": {
        # The rules class is named after its game (core/registry.py lists it).
        "rules": {"DealRules"},
        # Deal's phases and what a pending play holds; its phase list lives with the
        # position format that reads it (Bid and Card Game keep PHASES in state.py).
        "state": {"DealState", "PropertySet", "Pending"}
        | {"PHASE_PLAY", "PHASE_RESPOND", "PHASE_PAY", "PHASE_DISCARD"},
        "setup": {"STARTING_HAND"},
        "position": {"PHASES", "PENDING_KINDS", "DRAW_REASONS"},
        # Helpers the checks share with the listing (which cards may be taken or given).
        "checks": {
            "DOUBLES",
            "double_rents_held",
            "max_doubles",
            "hand_card",
            "stealable_cards",
            "givable_cards",
            "multicolour_may_go",
        },
        # The listing's built-once tables (speed, docs/architecture.md "Deal's speed").
        "legal": {"END_TURN", "HAND_FACTS", "OPPONENTS", "TARGETED"},
        # Deal's ids are verbs with parts; FORMS says how each is written.
        "illegal": {"FORMS", "HAND_PLAYS", "CARD_FOR_VERB"},
        # The decision view the Deal agents read (agents/deal/heuristic.py and policy.py).
        "observation": {
            "DealView",
            "PendingView",
            "Pile",
            "PileCopy",
            "PileView",
            "decision_view",
            "observed_pile_views",
            "pile_views",
        },
        # The wilds rule, written once below properties.py and speed.py (issue 47, item 3).
        "cards": {"card_dict", "packs_for", "spec", "full_set", "only_wilds"},
        "rulebook": {"jsn_rule", "rent_rule"},
        "encoding": {"NAME_SLOT", "PENDING_KINDS", "PHASES"},
    },
    "bid": {
        "rules": {"BidRules"},
        "state": {"BidState", "PropertySet", "Link", "TradeOffer", "Deal", "PHASES"}
        | {"PHASE_ACTIONS", "PHASE_RESPOND", "PHASE_OFFER", "PHASE_TRADE", "PHASE_DEALS"}
        | {"PHASE_DRAFT", "PHASE_DEAL", "PHASE_BID", "PHASE_RAISE", "bidder", "raiser"},
        "setup": {"HAND_SIZE", "mulligan"},
        "position": {"CHAIN_CARDS", "KIND_OF"},
        # What the table waits for in each phase ("..., but now ..."), and the helpers
        # the checks share with the listing (the cards of a set, every offer allowed).
        "checks": {"PHASE_WORDS", "names_in_set", "offer_choices"},
        # Menus built once: one per hand of money values, one action per offer.
        "legal": {"amount_menu", "offer_action"},
        "illegal": {"EXAMPLES", "HOST_CARDS"},
        # Sealed bids and the card choice: what each viewer may see of them.
        "observation": {"choice_open", "chosen_so_far", "hidden_cards", "unseen"},
        # Bid's deck size is itself an option (count_money_*, count_*); its values checked.
        "options": {"MAX_CARD_COUNT", "check_option_values"},
        "cards": {"build_deck", "money_name"},
    },
    "cardgame": {
        "rules": {"CardGameRules"},
        "state": {"CardGameState", "PHASES", "DONE_VALUES", "HAND_LIMIT", "REWARD_CARDS"}
        | {"PHASE_TURN", "PHASE_DISCARD", "PHASE_PASS", "PHASE_REWARD"}
        | {"add_to_hand", "extra_pile_count", "extra_pile_label", "next_passer"},
        # A match is many hands: dealing one is its own step.
        "setup": {"cards_each", "deal_hand", "deal_text", "seat_list"},
        "position": {"EXAMPLE_NAMES"},
        # Every kind of action has one check taking (state, seat), so they are a table;
        # discards, passes and rewards are allowed whenever their phase is on.
        "checks": {"CHECKS", "always_allowed"},
        # Kinds by phase, and a lister per kind (LISTERS) beside the checks' table.
        "legal": {"BARE_KINDS", "CARD_KINDS", "FAMILY", "KINDS_BY_PHASE", "PHASES_OF"}
        | {"LISTERS", "listed", "offered"},
        "illegal": set(),
        "observation": {"complete_groups", "hand_visible"},
        # Scoring reads the options in its inner loop: resolved once into typed Settings.
        "options": {"DEFAULT_SETTINGS", "HOUSE_CARDS", "MAX_SET_VALUE", "MIN_SET_VALUE"}
        | {"Settings", "settings_from"},
        "cards": {"build_deck", "is_card_name", "kind_of"},
        "rulebook": {"deal_rule"},
        "catalogue": {"REWARD_SLOTS"},
        "encoding": {"CARD_NAMES"},
    },
}

#: The methods each game's Rules class writes itself: what is its own game's. Everything
#: else is a ``core.rules.Rules`` default or a ``LAYOUT`` module function.
OWN_METHODS = {
    # A position with a pending play settles it, and a position already won is over;
    # after a move, Deal looks for a winner only when the move can have made one.
    "deal": {"state_from_position", "apply", "card_census", "deck_ids"},
    # Bid's turn is its round (one auction per round).
    "bid": {"apply", "turn", "card_census"},
    "cardgame": {"apply", "card_census"},
}


def defined_names(game: str, module: str) -> set[str]:
    """The public names ``game/module.py`` itself defines (not those it imports)."""
    package_dir = Path(importlib.import_module(describe(game).package).__file__).parent
    tree = ast.parse((package_dir / f"{module}.py").read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    public = {name for name in names if not name.startswith("_")}
    if module in OWN_CONSTANTS:
        public = {name for name in public if not name.isupper()}
    if module == "checks":
        public = {name for name in public if not name.endswith("_check")}
    return public


@pytest.mark.parametrize("module", sorted(SHARED))
def test_each_shared_module_defines_the_same_names_in_every_game(module: str) -> None:
    """The shared names are in all three; any other public name is listed as the game's own."""
    for game in GAMES:
        names = defined_names(game, module)
        missing = SHARED[module] - names
        assert not missing, f"{game}/{module}.py lacks the shared names {sorted(missing)}"
        own = OWN[game].get(module, set())
        unlisted = names - SHARED[module] - own
        assert not unlisted, (
            f"{game}/{module}.py defines {sorted(unlisted)}: give the other games the same "
            "name for the same thing (SHARED), or list it in OWN with the reason"
        )
        stale = own - names
        assert not stale, f"OWN lists {sorted(stale)} for {game}/{module}.py, which has none"


def test_every_game_writes_its_rules_as_named_checks() -> None:
    """Each game's checks.py holds its rule checks, named ``<rule>_check``, each
    answering with a reason or None."""
    for game in GAMES:
        checks = describe(game).module("checks")
        named = [
            function
            for name, function in vars(checks).items()
            if name.endswith("_check")
            and inspect.isfunction(function)
            and function.__module__ == checks.__name__
        ]
        assert len(named) >= 8, f"{game}/checks.py has only {len(named)} checks"
        for function in named:
            returns = str(inspect.signature(function).return_annotation)
            assert returns == "str | None", f"{game}: {function.__name__} returns {returns}"


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_class_writes_only_what_is_its_own(game: str) -> None:
    """The pass-throughs are gone: each LAYOUT method is the game module's own function,
    and the class writes only the methods of ``OWN_METHODS``."""
    cls = type(get_rules(game))
    written = set()
    for name, value in vars(cls).items():
        if name in LAYOUT and isinstance(value, staticmethod):
            module_name, function_name = LAYOUT[name]
            module = describe(game).module(module_name)
            if value.__func__ is getattr(module, function_name):
                continue  # bound by Rules.__init_subclass__: not written by the game
        if inspect.isfunction(value) or isinstance(value, staticmethod):
            written.add(name)
    assert written == OWN_METHODS[game]
    for method, (module_name, function_name) in LAYOUT.items():
        if method in OWN_METHODS[game]:
            continue
        module = describe(game).module(module_name)
        assert getattr(cls, method) is getattr(module, function_name), (game, method)
    for method in ("clone", "is_over", "winner", "num_players"):
        assert getattr(cls, method) is getattr(Rules, method), (game, method)


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_action_has_its_carry_out_function(game: str) -> None:
    """Every id the game can ever offer starts with a kind its CARRY_OUT table carries out,
    and every game carries out a move the one way (issue 47, item 2): ``carry_out`` is
    ``core.rules.carry_out_by_kind`` over ``CARRY_OUT``, whose every function takes
    ``(state, action, rest)``."""
    rules_module = describe(game).module("rules")
    catalogue = describe(game).module("catalogue")
    rules = get_rules(game)
    kinds = {
        action_id.partition(":")[0]
        for players in range(rules.min_players, rules.max_players + 1)
        for action_id in catalogue.action_catalogue(players)
    }
    table = rules_module.CARRY_OUT
    assert kinds <= set(table), sorted(kinds - set(table))
    assert len(kinds) >= 10
    assert rules_module.carry_out.__qualname__ == carry_out_by_kind("", {}).__qualname__
    assert rules_module.carry_out.table is table
    for kind, function in table.items():
        names = list(inspect.signature(function).parameters)
        assert names[0] == "state" and names[1] == "action" and len(names) == 3, (kind, names)


def test_a_class_extending_a_game_keeps_what_the_game_wrote() -> None:
    """A variant of a game (a subclass, as a student's engine may be) inherits the game's
    own methods; only what nobody wrote is bound to the package's functions."""
    deal_rules = type(get_rules("deal"))
    variant = type("VariantRules", (deal_rules,), {})
    assert variant.state_from_position is deal_rules.state_from_position
    assert variant.legal_actions is deal_rules.legal_actions


def test_a_game_without_a_package_must_write_the_protocol() -> None:
    """Without ``package`` there is nothing to bind: the protocol stays abstract."""
    bare = type("BareRules", (Rules,), {"name": "bare"})
    with pytest.raises(TypeError, match="abstract"):
        bare()


@pytest.mark.parametrize("game", GAMES)
def test_the_defaults_read_the_same_state_fields_in_every_game(game: str) -> None:
    """``Rules.is_over`` and friends read ``phase``, ``winner``, ``turn`` and ``players``:
    every game's state has them, and its finished phase is ``core.rules.PHASE_OVER``."""
    state_module = describe(game).module("state")
    assert state_module.PHASE_OVER == PHASE_OVER
    rules = get_rules(game)
    state = rules.new_state(rules.min_players, 3, {n: o.default for n, o in rules.options.items()})
    assert rules.num_players(state) == rules.min_players
    assert rules.is_over(state) is False and rules.winner(state) is None
    assert rules.clone(state) is not state


@pytest.mark.parametrize("game", GAMES)
def test_each_layout_function_takes_what_the_protocol_method_takes(game: str) -> None:
    """A bound function is called as the method is: the same parameters, with defaults
    where the protocol has them (``render_text(state)`` is the teacher's view in every game)."""
    for method, (module_name, function_name) in LAYOUT.items():
        module = describe(game).module(module_name)
        function = getattr(module, function_name)
        wanted = list(inspect.signature(getattr(Rules, method)).parameters.values())[1:]
        given = list(inspect.signature(function).parameters.values())
        assert len(given) == len(wanted), (game, method)
        for want, have in zip(wanted, given, strict=True):
            assert (want.default is inspect.Parameter.empty) == (
                have.default is inspect.Parameter.empty
            ), (game, method, have.name)
