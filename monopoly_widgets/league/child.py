"""The process a student's bot runs in: ``python -m monopoly_widgets.league.child BOT.py MB``.

The league never imports a student's file itself: this process does, after it has
made itself safe to run unknown code in. It

1. keeps a private copy of its stdin and stdout for the league's messages (one JSON
   object a line) and points file descriptors 0, 1 and 2 at ``/dev/null``, so what the
   bot prints goes to a capped buffer (``CappedText``) and never into the messages;
2. dies with the league: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` on Linux, and a watchdog
   thread that ends the process when its parent is gone (every system);
3. limits its address space (``resource.setrlimit(RLIMIT_AS)``), so a bot that
   allocates without bound gets a ``MemoryError`` instead of the laptop's memory;
4. imports the bot, then answers the league's requests: ``game`` (a new game: the
   bot's ``rng`` seed) and ``choose`` (an observation dict and the legal actions as
   dicts). Every exception the bot raises, ``SystemExit`` and ``KeyboardInterrupt``
   included, becomes an error reply naming it; the time limit is the league's to
   enforce (``sandbox.py`` kills the whole process group).
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import sys
import threading
import time
import traceback
from typing import Any

from monopoly_widgets.league.wasm.bootstrap import (  # one of each, in both modes
    CappedText,
    answer,
)

#: Characters of what the bot prints kept per game (the rest is counted, not kept).
OUTPUT_CAP = 4_000


def die_with_parent() -> None:
    """End this process when the league's process ends, however it ends."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(70)
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True, name="league-watchdog").start()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(70)


def limit_memory(megabytes: int) -> None:
    """Cap this process's address space (a bot that allocates without bound fails alone)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def describe_exception(exc: BaseException) -> str:
    """``ZeroDivisionError: division by zero (ana.py line 7)``: the bot's own last line."""
    where = ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename == BOT_PATH:
            where = f" ({os.path.basename(frame.filename)} line {frame.lineno})"
            break
    text = str(exc)
    name = type(exc).__name__
    if isinstance(exc, SystemExit):
        return f"SystemExit({exc.code!r}){where}"
    return f"{name}: {text[:200]}{where}" if text else f"{name}{where}"


BOT_PATH = ""


def main(argv: list[str]) -> int:
    global BOT_PATH
    BOT_PATH = os.path.abspath(argv[0])
    megabytes = int(argv[1])
    inbox = os.fdopen(os.dup(0), "r", encoding="utf-8")
    outbox = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    quiet = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(quiet, fd)
    captured = CappedText(OUTPUT_CAP)
    sys.stdout = sys.stderr = captured  # type: ignore[assignment]
    sys.stdin = io.StringIO()
    die_with_parent()

    def send(message: dict[str, Any]) -> None:
        message["output"] = captured.take()
        outbox.write(json.dumps(message) + "\n")

    from monopoly_widgets.core.actions import Action

    limit_memory(megabytes)
    choose = None
    try:
        spec = importlib.util.spec_from_file_location("student_bot", BOT_PATH)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot read {BOT_PATH}")
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, os.path.dirname(BOT_PATH))
        spec.loader.exec_module(module)
        choose = getattr(module, "choose", None)
    except BaseException as exc:  # noqa: BLE001 - the bot's failure, reported by name
        send({"ready": False, "error": f"could not be imported: {describe_exception(exc)}"})
        return 0
    if not callable(choose):
        send(
            {"ready": False, "error": "defines no function choose(observation, legal_actions, rng)"}
        )
        return 0
    send({"ready": True})
    rng = random.Random(0)
    for line in inbox:
        request = json.loads(line)
        op = request["op"]
        if op == "quit":
            return 0
        if op == "game":
            rng = random.Random(request["seed"])
            send({"ok": True})
            continue
        legal = [Action(**action) for action in request["legal"]]
        try:
            choice = choose(request["observation"], legal, rng)
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt too
            if isinstance(exc, MemoryError):
                send({"error": f"ran out of memory (the limit is {megabytes} MB)"})
            else:
                send({"error": f"raised {describe_exception(exc)}"})
            continue
        send(answer(choice, legal))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
