"""The bootstrap that runs a student's bot inside its own Pyodide, in a Web Worker.

``static/bot_worker.js`` runs this file's text in a fresh Pyodide (in JupyterLite's
league: ``league/browser.py``) and then calls :func:`answer` with each request as a
JSON string. Nothing of this package is in that Pyodide: the bot gets its own source
text, its observation and its legal moves, and the standard library. The requests and
replies are those of ``league/child.py``: ``load`` (the bot's source), ``game`` (a new
game: the bot's ``rng`` seed), ``choose`` (an observation dict and the legal actions as
dicts); each reply carries what the bot printed (capped). The time limit is the
kernel's to enforce: it terminates the worker.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import sys
import traceback
from dataclasses import dataclass
from typing import Any

#: Characters of what the bot prints kept per reply (the rest is counted), as ``child.py``.
OUTPUT_CAP = 4_000
#: Where the bot's source is written in this Pyodide's own in-memory file system.
BOT_FOLDER = "/home/pyodide/bot"


@dataclass(frozen=True, slots=True)
class Action:
    """The fields of ``monopoly_widgets.core.actions.Action`` a bot reads (same names)."""

    id: str
    text: str
    player: int
    kind: str
    card: int | None = None
    target: int | None = None


class CappedText(io.TextIOBase):
    """Keeps the first ``OUTPUT_CAP`` characters written, counts the rest."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        room = OUTPUT_CAP - self.size
        if room > 0:
            self.kept.append(text[:room])
            self.size += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def take(self) -> dict[str, Any]:
        taken = {"text": "".join(self.kept), "dropped": self.dropped}
        self.kept, self.size, self.dropped = [], 0, 0
        return taken


class Bot:
    """The loaded bot: its ``choose``, its ``rng``, its memory limit."""

    path = ""
    choose: Any = None
    rng = random.Random(0)
    memory_mb = 0


CAPTURED = CappedText()
sys.stdout = sys.stderr = CAPTURED  # type: ignore[assignment]
sys.stdin = io.StringIO()


def describe(exc: BaseException) -> str:
    """``ZeroDivisionError: division by zero (ana.py line 7)``: the bot's own last line."""
    where = ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename == Bot.path:
            where = f" ({os.path.basename(frame.filename)} line {frame.lineno})"
            break
    if isinstance(exc, SystemExit):
        return f"SystemExit({exc.code!r}){where}"
    text = str(exc)
    name = type(exc).__name__
    return f"{name}: {text[:200]}{where}" if text else f"{name}{where}"


def load(request: dict[str, Any]) -> dict[str, Any]:
    """Write the bot's source into this Pyodide's own files and import it."""
    Bot.memory_mb = int(request["memory_mb"])
    name = os.path.basename(str(request["name"])) or "bot.py"
    os.makedirs(BOT_FOLDER, exist_ok=True)
    Bot.path = os.path.join(BOT_FOLDER, name)
    with open(Bot.path, "w", encoding="utf-8") as file:
        file.write(str(request["source"]))
    try:
        spec = importlib.util.spec_from_file_location("student_bot", Bot.path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot read {name}")
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, BOT_FOLDER)
        spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 - the bot's failure, reported by name
        return {"ready": False, "error": f"could not be imported: {describe(exc)}"}
    Bot.choose = getattr(module, "choose", None)
    if not callable(Bot.choose):
        return {
            "ready": False,
            "error": "defines no function choose(observation, legal_actions, rng)",
        }
    return {"ready": True}


def choose(request: dict[str, Any]) -> dict[str, Any]:
    """The index of the bot's choice among the legal actions, or what went wrong."""
    legal = [Action(**action) for action in request["legal"]]
    try:
        choice = Bot.choose(request["observation"], legal, Bot.rng)
    except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt too
        if isinstance(exc, MemoryError):
            return {"error": f"ran out of memory (the limit is {Bot.memory_mb} MB)"}
        return {"error": f"raised {describe(exc)}"}
    chosen = choice.id if hasattr(choice, "id") and isinstance(choice.id, str) else choice
    if isinstance(chosen, str):
        for index, action in enumerate(legal):
            if action.id == chosen:
                return {"choice": index}
        return {"error": f"returned {chosen[:60]!r}, which is not a legal action", "illegal": True}
    shown = repr(choice)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return {"error": f"returned {shown}, not one of the legal actions", "illegal": True}


def answer(text: str) -> str:
    """The reply (JSON) to one request (JSON), with what the bot printed since the last."""
    request = json.loads(text)
    op = request.get("op")
    if op == "load":
        reply = load(request)
    elif op == "game":
        Bot.rng = random.Random(request["seed"])
        reply = {"ok": True}
    else:
        reply = choose(request)
    reply["output"] = CAPTURED.take()
    return json.dumps(reply)
