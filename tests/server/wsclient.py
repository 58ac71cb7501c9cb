"""A small WebSocket client for the class server's tests (tornado's, as the server's)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect


class Client:
    """One connection: send messages, read every frame (all kept in ``frames``)."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.closed = False

    @classmethod
    async def open(cls, base: str, origin: str | None = None) -> Client:
        url = base.replace("http://", "ws://") + "ws"
        headers = {"Origin": origin} if origin else {}
        connection = await websocket_connect(HTTPRequest(url, headers=headers))
        return cls(connection)

    async def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps({"v": 1, **message})
        await self.connection.write_message(text)

    async def recv(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next frame, or None once the server has closed the connection."""
        text = await asyncio.wait_for(self.connection.read_message(), timeout)
        if text is None:
            self.closed = True
            return None
        self.raw.append(text)
        frame = json.loads(text)
        self.frames.append(frame)
        return frame

    async def until(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """Read frames until one of ``kind`` (with these fields) arrives."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            frame = await self.recv(max(0.01, end - loop.time()))
            if frame is None:
                raise AssertionError(f"closed while waiting for {kind}")
            if frame["type"] == kind and all(frame.get(k) == v for k, v in match.items()):
                return frame

    async def join(self, code: str, name: str = "") -> tuple[dict[str, Any], dict[str, Any]]:
        await self.send({"type": "join", "code": code, **({"name": name} if name else {})})
        welcome = await self.until("welcome")
        state = await self.until("state")
        return welcome, state

    def close(self) -> None:
        self.connection.close()


def person_codes(summary: dict[str, Any]) -> list[str]:
    return [seat["code"] for seat in summary["seats"] if seat["code"]]
