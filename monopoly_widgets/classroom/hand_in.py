"""Handing a result or an attempt record to the class server, and reading them back.

The standard library's ``urllib`` only (no tornado: a notebook that hands in needs nothing
the lessons do not), JSON only. The server's address is the one given, else
``MW_CLASS_SERVER`` (what ``mw.join`` reads too), else this computer's class server.
The server checks what it is sent as strictly as a pasted code (``server/submissions.py``);
its refusal comes back as :class:`InputError` with its words.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import urllib.error
import urllib.request
from typing import Any

from monopoly_widgets.core.errors import InputError

#: Where the class server is unless told (the same default as ``mw.join``).
DEFAULT_SERVER = "http://127.0.0.1:8765/"
#: Seconds to wait for the server.
TIMEOUT = 10
#: The class server this kernel joined with ``mw.join`` (``server/joined.py`` sets it):
#: the lessons hand their attempt records in there as each answer is checked.
_JOINED: dict[str, str] = {}
log = logging.getLogger("monopoly_widgets.classroom")


def joined_class(server: str) -> None:
    """Remember that this kernel joined the class server at ``server``."""
    _JOINED["server"] = server


def left_class() -> None:
    _JOINED.pop("server", None)


def hand_in_if_joined(kind: str, payload: Any) -> threading.Thread | None:
    """Hand ``payload`` in to the joined class server, in the background (a lesson never
    waits for the network, and a server that cannot be reached costs nothing: the record
    is kept in its file as before). None when no class is joined."""
    server = _JOINED.get("server")
    if server is None:
        return None

    def send() -> None:
        try:
            hand_in(kind, payload, server)
        except InputError as exc:
            log.warning("could not hand in the %s: %s", kind, exc)

    thread = threading.Thread(target=send, daemon=True, name="mw-hand-in")
    thread.start()
    return thread


def server_address(server: str | None) -> str:
    """The class server's address, ending in ``/``."""
    address = server or os.environ.get("MW_CLASS_SERVER") or DEFAULT_SERVER
    if not isinstance(address, str) or not address.startswith(("http://", "https://")):
        raise InputError(f"server must be an address like {DEFAULT_SERVER}, not {address!r:.40}")
    return address if address.endswith("/") else address + "/"


def _request(request: urllib.request.Request, address: str) -> Any:
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (http only)
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        try:
            reason = json.loads(exc.read()).get("error", "")
        except (ValueError, AttributeError):
            reason = ""
        raise InputError(f"the class server refused it ({exc.code}): {reason}"[:300]) from None
    except (urllib.error.URLError, OSError) as exc:
        raise InputError(f"cannot reach the class server at {address}: {exc}") from None


def hand_in(kind: str, payload: Any, server: str | None = None) -> dict[str, Any]:
    """Send one ``result`` (its code) or ``record`` (its JSON) to the class server;
    returns the server's acknowledgement once it has kept it."""
    address = server_address(server)
    body = json.dumps({kind: payload}).encode()
    request = urllib.request.Request(
        address + "submit", data=body, headers={"Content-Type": "application/json"}
    )
    return dict(_request(request, address))


def handed_in_records(server: str, key: str) -> list[Any]:
    """The attempt records handed in to the class server (the teacher key is needed)."""
    address = server_address(server)
    request = urllib.request.Request(
        address + "api/records", headers={"Authorization": f"Bearer {key}"}
    )
    found = _request(request, address)
    if not isinstance(found, list):
        raise InputError("the class server's records are not a list")
    return found
