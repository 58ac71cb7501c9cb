"""The class server's messages: their version, their checks, and the frames it sends.

Every message a client sends is one JSON object with ``"v": 2`` and a ``"type"``
(``docs/class-protocol.md`` lists them all). A server trusts none of them: each is checked
here for size, JSON, type and fields before anything reads it, and a connection that sends
too fast is refused by a token bucket. A refused message gets an ``error`` frame and
changes nothing; the connection stays open (except for a wrong Origin).
"""

from __future__ import annotations

import json
import time
from typing import Any

from monopoly_widgets.core.errors import MessageError
from monopoly_widgets.core.text import plain
from monopoly_widgets.core.validation import excerpt, type_name

#: The protocol's version: every message carries it as ``"v"``.
VERSION = 2
#: Versions whose messages are still read: a version 1 client (one made before live
#: questions) keeps joining and moving; only its types are allowed (``FIRST_VERSION``).
SUPPORTED_VERSIONS = (1, 2)
#: Longest message a client may send, in characters (a move is about 150).
MAX_MESSAGE_CHARS = 4_096
#: Longest frame the WebSocket reads at all: a longer one closes the connection (code
#: 1009) before it is read. Between the two limits the frame is read and refused.
MAX_FRAME_BYTES = 2 * 1024 * 1024
#: Longest student name, in characters.
MAX_NAME_CHARS = 40
#: Messages a connection may send per second, on average, and in one burst.
RATE_PER_SECOND = 20.0
RATE_BURST = 40.0

#: The fields each message type has (each must be there, with a value of that type).
FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "join": {},  # "code" or "token" (one of them), and an optional "name"
    "move": {"seat": int, "token": str, "action": str, "step": int},
    "ping": {},
    "answer": {"question": str, "answer": (str, int, float)},
}
#: The first version that has each message type (an older client cannot send it).
FIRST_VERSION = {"join": 1, "move": 1, "ping": 1, "answer": 2}
#: Optional fields, with their types.
OPTIONAL: dict[str, dict[str, type | tuple[type, ...]]] = {
    "join": {"code": str, "token": str, "name": str},
    "move": {},
    "ping": {"sent": (int, float)},
    "answer": {},
}


class ProtocolError(MessageError):
    """A message the server refuses: ``code`` names the reason for programs, the text for people."""

    def __init__(self, code: str, text: str) -> None:
        self.code = code
        super().__init__(text)


def parse(text: str | bytes) -> dict[str, Any]:
    """The message in ``text``, checked; :class:`ProtocolError` says what is wrong."""
    if isinstance(text, bytes):
        raise ProtocolError("type", "messages are JSON text, not binary frames")
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError(
            "too_large",
            f"the message is {len(text):,} characters long; the limit is {MAX_MESSAGE_CHARS:,}",
        )
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        where = f" at column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise ProtocolError("json", f"the message is not valid JSON{where}") from None
    if not isinstance(message, dict):
        raise ProtocolError("type", f"a message is a JSON object, not {type_name(message)}")
    version = message.get("v")
    if isinstance(version, bool) or version not in SUPPORTED_VERSIONS:
        raise ProtocolError(
            "version",
            f"'v' must be {VERSION} (the protocol's version; {SUPPORTED_VERSIONS[0]} is still"
            f" read), not {excerpt(message.get('v'), 20)}",
        )
    kind = message.get("type")
    if kind not in FIELDS:
        raise ProtocolError(
            "type", f"'type' must be one of {', '.join(FIELDS)}, not {excerpt(kind, 30)}"
        )
    if version < FIRST_VERSION[kind]:
        raise ProtocolError(
            "version",
            f'a {kind} message is protocol version {FIRST_VERSION[kind]}: send "v": {VERSION}'
            " (this client is older than the server: update monopoly_widgets or reload the page)",
        )
    _check_fields(message, kind)
    return message


def _check_fields(message: dict[str, Any], kind: str) -> None:
    allowed = {"v", "type", *FIELDS[kind], *OPTIONAL[kind]}
    for name in message:
        if name not in allowed:
            raise ProtocolError(
                "field",
                f"a {kind} message has no field {excerpt(name, 30)}; its fields: "
                + ", ".join(sorted(allowed)),
            )
    for name in FIELDS[kind]:
        if name not in message:
            raise ProtocolError("field", f"a {kind} message needs '{name}'")
    for name, wanted in {**FIELDS[kind], **OPTIONAL[kind]}.items():
        if name in message and not _is(message[name], wanted):
            raise ProtocolError(
                "field", f"'{name}' must be {_type_words(wanted)}, not {type_name(message[name])}"
            )
    if kind == "join" and ("code" in message) == ("token" in message):
        raise ProtocolError("field", "a join message needs a 'code' or a 'token' (one of them)")
    if kind == "join" and len(message.get("name", "")) > MAX_NAME_CHARS:
        raise ProtocolError("field", f"'name' is at most {MAX_NAME_CHARS} characters")


def _is(value: Any, wanted: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool):  # JSON true is no number
        return wanted is bool
    return isinstance(value, wanted)


def _type_words(wanted: type | tuple[type, ...]) -> str:
    if isinstance(wanted, tuple) and str in wanted:
        return "text or a number"
    return {str: "text", int: "a whole number", bool: "true or false"}.get(wanted, "a number")  # type: ignore[call-overload]


def plain_name(text: str) -> str:
    """A student's name as kept: ``core.text.plain`` (no bidi or control characters),
    spaces squeezed, at most :data:`MAX_NAME_CHARS`. It stays text: every page puts it
    in with ``textContent``, and ``mw.join``'s table escapes it as every label."""
    return " ".join(plain(text).split())[:MAX_NAME_CHARS]


def frame(kind: str, **fields: Any) -> str:
    """A frame the server sends: JSON with the version and the type first."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def error_frame(code: str, text: str, **fields: Any) -> str:
    """The frame that answers a refused message: nothing was changed."""
    return frame("error", code=code, message=text, **fields)


class RateLimit:
    """A token bucket: :data:`RATE_BURST` messages at once, then :data:`RATE_PER_SECOND`."""

    def __init__(self, per_second: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.per_second = per_second
        self.burst = burst
        self._tokens = burst
        self._at = time.monotonic()

    def allow(self) -> bool:
        """True if one more message may be read now (and count it)."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.per_second)
        self._at = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False
