"""The Python that runs inside the sandbox (Pyodide), before and around a student's bot.

It is sent to the sandbox as text (``worker.mjs`` runs it) and imports only the standard
library, so the same file works in Pyodide under Deno (``host.mjs``), in a browser's Web
Worker (JupyterLite), and in ordinary CPython (the tests import it). The bot arrives as
its source text too: the sandbox never sees the teacher's files.

:class:`BotRunner` answers the league's requests, one JSON object each, exactly as
``league/child.py`` does in the process mode: ``game`` (a new game: the bot's ``rng``
seed) and ``choose`` (an observation dict and the legal actions as dicts). The bot's
function is ``choose(observation, legal_actions, rng)``; each legal action is an
:class:`Action` with the attributes of ``monopoly_widgets.core.actions.Action`` (``id``,
``text``, ``player``, ``kind``, ``card``, ``target``), so today's bot files work
unchanged. What the bot prints is kept up to a cap; every exception it raises,
``SystemExit`` and ``KeyboardInterrupt`` included, becomes an error reply naming it.
"""

from __future__ import annotations

import io
import json
import random
import sys
import traceback
import types
from dataclasses import dataclass
from typing import Any

#: Characters of what the bot prints kept per reply (the rest is counted, not kept).
OUTPUT_CAP = 4_000

#: Said when a bot imports a module the sandbox does not have (numpy...).
STANDARD_LIBRARY_ONLY = (
    "a bot in the sandbox can import only Python's standard library and monopoly_widgets"
)


@dataclass(frozen=True)
class Action:
    """One legal choice, with the fields of ``monopoly_widgets.core.actions.Action``."""

    id: str
    text: str
    player: int
    kind: str
    card: int | None = None
    target: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The action as the league sent it."""
        return {
            "id": self.id,
            "text": self.text,
            "player": self.player,
            "kind": self.kind,
            "card": self.card,
            "target": self.target,
        }


class CappedText(io.TextIOBase):
    """A text stream that keeps the first ``cap`` characters written and counts the rest."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.kept: list[str] = []
        self.size = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        room = self.cap - self.size
        if room > 0:
            self.kept.append(text[:room])
            self.size += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def take(self) -> dict[str, Any]:
        """What was written since the last ``take``, and how much of it was dropped."""
        taken = {"text": "".join(self.kept), "dropped": self.dropped}
        self.kept, self.size, self.dropped = [], 0, 0
        return taken


def describe_exception(exc: BaseException, filename: str) -> str:
    """``ZeroDivisionError: division by zero (ana.py line 7)``: the bot's own last line."""
    where = ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename == filename:
            where = f" ({filename.rsplit('/', 1)[-1]} line {frame.lineno})"
            break
    if isinstance(exc, SystemExit):
        return f"SystemExit({exc.code!r}){where}"
    text = str(exc)
    name = type(exc).__name__
    if isinstance(exc, ModuleNotFoundError):
        text += f" ({STANDARD_LIBRARY_ONLY})"
    return f"{name}: {text[:200]}{where}" if text else f"{name}{where}"


def answer(choice: Any, legal: list[Any]) -> dict[str, Any]:
    """The reply to a ``choose``: the index of the legal action chosen, or what is wrong."""
    chosen = choice.id if hasattr(choice, "id") and isinstance(choice.id, str) else choice
    if isinstance(chosen, str):
        for index, action in enumerate(legal):
            if action.id == chosen:
                return {"choice": index}
        return {"error": f"returned {chosen[:60]!r}, which is not a legal action", "illegal": True}
    shown = repr(choice)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return {"error": f"returned {shown}, not one of the legal actions", "illegal": True}


class BotRunner:
    """A student's bot loaded from its source text, answering the league's requests."""

    def __init__(self, source: str, filename: str, output_cap: int = OUTPUT_CAP) -> None:
        self.filename = filename
        self.captured = CappedText(output_cap)
        self.rng = random.Random(0)
        self.choose: Any = None
        self.error = ""
        sys.stdout = sys.stderr = self.captured  # type: ignore[assignment]
        sys.stdin = io.StringIO()
        module = types.ModuleType("student_bot")
        module.__file__ = filename
        sys.modules["student_bot"] = module
        try:
            exec(compile(source, filename, "exec"), module.__dict__)  # noqa: S102 - sandboxed
        except BaseException as exc:  # noqa: BLE001 - the bot's failure, reported by name
            self.error = f"could not be imported: {describe_exception(exc, filename)}"
            return
        choose = getattr(module, "choose", None)
        if callable(choose):
            self.choose = choose
        else:
            self.error = "defines no function choose(observation, legal_actions, rng)"

    def ready(self) -> dict[str, Any]:
        """The reply to the start: ready, or why the bot cannot play."""
        reply = {"ready": True} if not self.error else {"ready": False, "error": self.error}
        return self._with_output(reply)

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """The reply to one request (``game`` or ``choose``)."""
        if request.get("op") == "game":
            self.rng = random.Random(request["seed"])
            return self._with_output({"ok": True})
        legal = [Action(**action) for action in request["legal"]]
        try:
            choice = self.choose(request["observation"], legal, self.rng)
        except MemoryError:
            return self._with_output({"error": "ran out of memory", "memory": True})
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt too
            return self._with_output({"error": f"raised {describe_exception(exc, self.filename)}"})
        return self._with_output(answer(choice, legal))

    def handle_text(self, text: str) -> str:
        """:meth:`handle` on JSON text, for the worker (strings cross into JavaScript whole)."""
        return json.dumps(self.handle(json.loads(text)))

    def _with_output(self, reply: dict[str, Any]) -> dict[str, Any]:
        reply["output"] = self.captured.take()
        return reply
