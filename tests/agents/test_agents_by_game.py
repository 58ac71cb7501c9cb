"""``agents/`` by game (issue 30, item 3): the generic agents name no game, each game's agents
live in its own subpackage, and every per-game fact they need is read from the registry.

The generic modules (``agents/*.py``) are read as code, docstrings and comments left out:
no string in them may be a game's name or a path into a game's package, and none may import
one. Nothing in ``agents/`` imports a layer below it (``docs/architecture.md``, "The
layers"): the statistics it shares with the coach live in ``stats/``, above both.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from monopoly_widgets.core.registry import GAMES, describe, load

PACKAGE = Path(__file__).resolve().parents[2] / "monopoly_widgets"
AGENTS = PACKAGE / "agents"
#: The game packages, from each descriptor's rules path ("monopoly_widgets.deal.rules:...").
GAME_PACKAGES = {GAMES[name].rules.split(".")[1] for name in GAMES}
#: What ``agents/`` may import from the package: the layers above it, and itself.
ALLOWED_LAYERS = {"core", "stats", "agents", *GAME_PACKAGES}
_NAMES = "|".join(sorted(GAME_PACKAGES))
GAME_PATH = re.compile(rf"monopoly_widgets[./](?:agents[./])?(?:{_NAMES})\b")


def imported_modules(tree: ast.AST) -> list[str]:
    """Every module an ``import`` or ``from ... import`` in ``tree`` names, at any depth."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def game_names_in(source: str) -> list[str]:
    """Where ``source``'s code (not its docstrings or comments) names a game: a string that
    is a game's name or a path into a game's package, or an import of a game's package."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in GAMES or GAME_PATH.search(node.value):
                found.append(f"line {node.lineno}: {node.value!r}")
    for module in imported_modules(tree):
        if GAME_PATH.match(module):
            found.append(f"import {module}")
    return found


def generic_modules() -> list[Path]:
    return sorted(AGENTS.glob("*.py"))


@pytest.mark.parametrize("path", generic_modules(), ids=lambda path: path.name)
def test_no_generic_agent_module_names_a_game(path: Path) -> None:
    assert game_names_in(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_game_named_in_code() -> None:
    """The check is not blind: each way the old code named a game is caught."""
    assert game_names_in('PROGRESS = {"deal": deal_progress}\n')
    assert game_names_in('if rules.name == "cardgame":\n    pass\n')
    assert game_names_in('VIEWS = "monopoly_widgets.deal.observation"\n')
    assert game_names_in("from monopoly_widgets.agents.deal.evaluation import win_chance\n")
    assert game_names_in("from monopoly_widgets.agents import deal\n")
    assert not game_names_in('"""A docstring may say Monopoly "deal"."""\nx = "deal_policy"\n')


def test_each_game_has_its_own_agents_package() -> None:
    subpackages = {path.name for path in AGENTS.iterdir() if (path / "__init__.py").exists()}
    assert subpackages == set(GAMES)


@pytest.mark.parametrize("path", sorted(AGENTS.rglob("*.py")), ids=lambda p: p.name)
def test_agents_import_no_layer_below_them(path: Path) -> None:
    """Not ``coach/`` (the search agent's successive halving is ``stats/halving.py``), nor
    ``sim/``, ``prob/``, ``widgets/``, ``league/`` ..."""
    for module in imported_modules(ast.parse(path.read_text(encoding="utf-8"))):
        if module.startswith("monopoly_widgets."):
            assert module.split(".")[1] in ALLOWED_LAYERS, f"{path.name} imports {module}"


def test_the_coach_reads_the_shared_statistics_from_stats() -> None:
    coach = PACKAGE / "coach"
    for path in sorted(coach.glob("*.py")):
        for module in imported_modules(ast.parse(path.read_text(encoding="utf-8"))):
            assert not module.startswith("monopoly_widgets.coach.halving"), path.name
    assert not (coach / "halving.py").exists()


def test_stats_imports_only_the_standard_library_and_itself() -> None:
    for path in sorted((PACKAGE / "stats").glob("*.py")):
        for module in imported_modules(ast.parse(path.read_text(encoding="utf-8"))):
            if module.startswith("monopoly_widgets"):
                assert module.startswith("monopoly_widgets.stats"), f"{path.name}: {module}"


HOOKS = ("decision_view", "progress", "leaf_value", "beliefs")


@pytest.mark.parametrize("name", list(GAMES))
def test_every_hook_a_descriptor_names_exists_in_its_games_package(name: str) -> None:
    descriptor = describe(name)
    for field in HOOKS:
        path = getattr(descriptor, field)
        if path is None:
            continue
        assert callable(load(path)), f"{name}.{field} = {path}"
        if ".agents." in path:
            assert path.startswith(f"monopoly_widgets.agents.{name}."), f"{name}.{field}"
    assert descriptor.heuristic == f"monopoly_widgets.agents.{name}.heuristic"
    for agent, path in descriptor.agents.items():
        assert path.startswith(f"monopoly_widgets.agents.{name}."), agent
        assert callable(load(path))


def test_an_older_lesson_02_still_imports_its_bidders() -> None:
    """Lesson 02 once said ``from monopoly_widgets.agents import bidders``."""
    from monopoly_widgets.agents import bidders
    from monopoly_widgets.agents.bid import bidders as moved

    assert bidders is moved and callable(bidders.budget_bid)
