"""A fresh sandbox is a new Worker in the bot's Deno process, and nothing of the old one is in it.

The league gives a bot a fresh sandbox for a deal its sandbox has played (no sandbox
plays one deal twice: ``test_no_deal_twice.py``). In the WebAssembly sandbox that is a new
Worker restored from the memory snapshot, in the same Deno process (``host.mjs``,
``WasmBot.renew``), not a new process. The bot below writes the hands it was dealt
everywhere it can reach in one sandbox (``__main__``'s globals, ``sys.modules``,
``builtins``, the environment, a file in Pyodide's file system, JavaScript's
``globalThis``) and, as each game starts, looks for its hand in each of them. It finds
it in every place when the sandbox is kept (the first test: the marks are there to
find), and in none after a renewal, in the same process, or in a league. The tests fail
when ``host.mjs`` answers "fresh" without a new Worker (a new ``BotRunner`` in the old
one: the hands are then found).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import monopoly_widgets as mw
from monopoly_widgets.league.sandbox import BotFailure, Limits
from monopoly_widgets.league.wasm import runtime
from monopoly_widgets.league.wasm.bot import MAX_RENEWALS, WasmBot

MARKER = """
import builtins
import json
import os
import sys
import types

GAMES = {}
FILE = "/tmp/league_seen.txt"


def seen():
    \"\"\"{place: the hands seen there}, from every place a mark can be left.\"\"\"
    places = {
        "builtins": getattr(builtins, "league_seen", []),
        "sys.modules": getattr(sys.modules.get("league_seen"), "hands", []),
        "__main__'s globals": getattr(sys.modules["__main__"], "league_seen", []),
        "the environment": json.loads(os.environ.get("LEAGUE_SEEN", "[]")),
        "a file": json.load(open(FILE)) if os.path.exists(FILE) else [],
    }
    try:
        import js

        places["globalThis"] = json.loads(getattr(js.globalThis, "leagueSeen", None) or "[]")
    except ImportError:
        pass
    return places


def remember(hands):
    builtins.league_seen = hands
    sys.modules["league_seen"] = types.SimpleNamespace(hands=hands)
    sys.modules["__main__"].league_seen = hands
    os.environ["LEAGUE_SEEN"] = json.dumps(hands)
    with open(FILE, "w") as file:
        json.dump(hands, file)
    try:
        import js

        js.globalThis.leagueSeen = json.dumps(hands)
    except ImportError:
        pass


def choose(observation, legal_actions, rng):
    if id(rng) not in GAMES:  # the first move of a game: its rng is new
        GAMES[id(rng)] = rng  # kept, so that no later game's rng gets its id
        seat = observation["viewer"]
        hand = " ".join(sorted(str(card) for card in observation["seats"][seat]["hand"]))
        places = seen()
        found = [place for place, hands in places.items() if hand in hands]
        if found:
            raise RuntimeError("saw this deal before, in " + ", ".join(found))
        remember(sorted({hand}.union(*places.values())))
    return rng.choice(legal_actions)
"""

LEGAL = [{"id": "a", "text": "A", "player": 0, "kind": "end", "card": None, "target": None}]
PLACES = ("builtins", "sys.modules", "__main__'s globals", "the environment", "a file")
PLACES += ("globalThis",)
A_DEAL = {"viewer": 0, "seats": [{"hand": ["rent", "go", "house"]}]}


@pytest.fixture
def marker(tmp_path: Path) -> Path:
    try:
        runtime.prepare()
    except runtime.SandboxUnavailable as exc:
        pytest.skip(str(exc))
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "marker.py").write_text(MARKER)
    return folder


def test_a_kept_sandbox_still_has_the_marks(marker: Path) -> None:
    bot = WasmBot(marker / "marker.py", Limits(start_seconds=120))
    try:
        bot.wait_ready()
        bot.new_game(1)
        bot.choose(A_DEAL, LEGAL)
        bot.new_game(2)
        with pytest.raises(BotFailure) as failure:
            bot.choose(A_DEAL, LEGAL)
        for place in PLACES:
            assert place in failure.value.reason
    finally:
        bot.stop()


def test_a_renewed_sandbox_has_nothing_of_the_last(marker: Path) -> None:
    bot = WasmBot(marker / "marker.py", Limits(start_seconds=120))
    try:
        bot.wait_ready()
        pid = bot.pid
        for seed in range(MAX_RENEWALS):
            bot.new_game(seed)
            assert bot.choose(A_DEAL, LEGAL) == 0  # never "saw this deal before"
            bot.deals.add(seed)
            assert bot.renew()
            assert not bot.deals
        assert bot.pid == pid and bot.process.poll() is None  # the same Deno process
        bot.new_game(MAX_RENEWALS)
        assert bot.choose(A_DEAL, LEGAL) == 0
        assert not bot.renew()  # then a new process: its memory back to a first start's
    finally:
        bot.stop()


def test_a_league_renews_sandboxes_in_the_bots_process(marker: Path) -> None:
    result = mw.league(
        [marker, "random", "heuristic"],
        games=2,
        seed=3,
        workers=1,
        progress=False,
    )
    assert not result.failures
    played = [row for row in result.rows if "marker" in row["seats"]]
    assert len(played) == 2 * 2 * 2  # two opponents, both seat orders, two deals
    assert not [row["forfeit"] for row in played if row["forfeit"]]  # "saw this deal before"
    pids = {pid for row in played for pid in row["pids"]}
    # Four sandboxes at least (a pairing and seat order each hold a deal once); fewer
    # processes, since a fresh sandbox is a new Worker in the bot's kept process.
    assert len(pids) < 4, pids
