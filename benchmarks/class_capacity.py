"""How many students one class server holds: classes of growing size, people thinking.

Usage::

    python benchmarks/class_capacity.py                          # 30, 150, 300, 600 students
    python benchmarks/class_capacity.py --students 30 300 --think 3 --seconds 30

``class_server.py`` drives every seat as fast as it can (the server's ceiling in moves a
second); a class is not like that: a person takes seconds over a move. Here every seat of
every table (``--players``, 3) is a simulated student, a WebSocket client that waits a
random 0.5 to 1.5 times ``--think`` seconds (default 3) before each move it makes (a
random legal one), so a table makes about one move each ``--think`` seconds and a class of
S students about S / (3 × think) moves a second. For each class size the server is started
afresh, pinned to one core, as ``python -m monopoly_widgets serve`` runs it (the helpers
are ``class_server.py``'s), and printed:

- the latency from a student's move to every seat of the table reading it, p50 and p99;
- the server's own time a move (``GET /api/stats``), p50 and p99;
- moves a second, the server's CPU share of its core, and its memory (RSS).

One server "holds" a class size when p99 stays under 100 ms (issue 44's goal for a
move reaching every seat) and the server's core is not saturated. The clients run in
this process on the other cores; on a loaded machine they wait for a core too, so the
latency is an upper bound of the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_server import (  # noqa: E402  (the load benchmark's helpers, one definition)
    api,
    cpu_seconds,
    free_port,
    percentile,
    rss_mb,
    start_server,
)

#: The latency a move may take to reach every seat (issue 44's goal), in seconds.
GOAL_SECONDS = 0.100


class ThinkingStudent:
    """One student: joins its seat, and answers each decision after thinking a while."""

    def __init__(
        self,
        url: str,
        code: str,
        think: float,
        sent: dict[tuple[str, int], float],
        latencies: list[float],
    ) -> None:
        self.url, self.code, self.think = url, code, think
        self.sent, self.latencies = sent, latencies
        self.rng = random.Random(code)
        self.pending: asyncio.Task[None] | None = None

    async def move_later(self, connection: object, move: dict[str, object], key: tuple) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        self.sent[key] = time.time()
        await connection.write_message(json.dumps(move))  # type: ignore[attr-defined]

    async def run(self, stop: float) -> None:
        connection = await websocket_connect(self.url)
        await connection.write_message(json.dumps({"v": 1, "type": "join", "code": self.code}))
        token, seat = "", 0
        while time.time() < stop:
            try:
                text = await asyncio.wait_for(
                    connection.read_message(), max(0.01, stop - time.time())
                )
            except asyncio.TimeoutError:
                break
            if text is None:
                break
            now = time.time()
            frame = json.loads(text)
            if frame["type"] == "welcome":
                token, seat = frame["token"], frame["seat"]
            elif frame["type"] == "state":
                began = self.sent.get((frame["table"], frame["step"]))
                if frame["events"] and began is not None:
                    self.latencies.append(now - began)
                if self.pending is not None:
                    self.pending.cancel()  # a newer position: the old decision is gone
                    self.pending = None
                if frame["legal"] and not frame["over"]:
                    move = {
                        "v": 1,
                        "type": "move",
                        "seat": seat,
                        "token": token,
                        "action": self.rng.choice(frame["legal"])["id"],
                        "step": frame["step"],
                    }
                    key = (frame["table"], frame["step"] + 1)
                    self.pending = asyncio.ensure_future(self.move_later(connection, move, key))
        if self.pending is not None:
            self.pending.cancel()
        connection.close()


async def drive(url: str, codes: list[str], think: float, seconds: float) -> list[float]:
    sent: dict[tuple[str, int], float] = {}
    latencies: list[float] = []
    students = [ThinkingStudent(url, code, think, sent, latencies) for code in codes]
    stop = time.time() + seconds
    await asyncio.gather(*(s.run(stop) for s in students))
    return latencies


def one_class(students: int, players: int, think: float, seconds: float) -> dict[str, float]:
    """Start a server, seat ``students`` simulated students, let them play; the figures."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        server, key = start_server(Path(folder) / "class.sqlite", port)
        try:
            codes: list[str] = []
            for n in range(max(1, students // players)):
                table = api(
                    base, key, "api/tables", {"game": "deal", "players": players, "seed": n}
                )
                codes += [s["code"] for s in table["seats"] if s["code"]]
            cpu0, wall0 = cpu_seconds(server.pid), time.time()
            steps0 = sum(t["step"] for t in api(base, key, "api/tables"))
            latencies = asyncio.run(drive(f"ws://127.0.0.1:{port}/ws", codes, think, seconds))
            wall = time.time() - wall0
            cpu = cpu_seconds(server.pid) - cpu0
            moves = sum(t["step"] for t in api(base, key, "api/tables")) - steps0
            stats = api(base, key, "api/stats")
            return {
                "students": len(codes),
                "moves_per_s": moves / wall,
                "p50_ms": 1000 * percentile(latencies, 0.5),
                "p99_ms": 1000 * percentile(latencies, 0.99),
                "own_p50_ms": stats["move_ms_p50"],
                "own_p99_ms": stats["move_ms_p99"],
                "cpu_share": cpu / wall,
                "rss_mb": rss_mb(server.pid),
                "frames": len(latencies),
            }
        finally:
            server.kill()
            server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[30, 150, 300, 600])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--think", type=float, default=3.0, help="seconds a student thinks")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    print(
        f"every seat a student thinking {args.think:g} s (0.5 to 1.5 times) a move; "
        f"{args.seconds:g} s a class; load average {os.getloadavg()[0]:.2f} at the start"
    )
    print("students  moves/s  p50 ms  p99 ms  own p50/p99 ms  server CPU  RSS MB  held")
    held = 0
    for size in args.students:
        r = one_class(size, args.players, args.think, args.seconds)
        ok = r["p99_ms"] < GOAL_SECONDS * 1000 and r["cpu_share"] < 0.9
        held = int(r["students"]) if ok else held
        print(
            f"{r['students']:8.0f}  {r['moves_per_s']:7.1f}  {r['p50_ms']:6.1f}  "
            f"{r['p99_ms']:6.1f}  {r['own_p50_ms']:>6}/{r['own_p99_ms']:<7}  "
            f"{100 * r['cpu_share']:9.0f}%  {r['rss_mb']:6.0f}  {'yes' if ok else 'no'}",
            flush=True,
        )
    print(f"largest class held (p99 under 100 ms, core not saturated): {held} students")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
