"""The class server under load: simulated students at many tables, bots as fast as they can.

Usage::

    python benchmarks/class_server.py                       # 100 tables of 3, 20 s
    python benchmarks/class_server.py --tables 10 --seconds 20   # a class of 30
    python benchmarks/class_server.py --tables 100 --people 3    # every seat a client
    python benchmarks/class_server.py --think 2                  # students take 1 to 3 s

The server runs in a process of its own, pinned to one core (``os.sched_setaffinity``),
as ``python -m monopoly_widgets serve`` runs it, with its SQLite store in a temporary
folder. The tables are made through the teacher's API: ``--people`` seats of each are
simulated students (WebSocket clients, in this process, on the other cores), the rest
random bots with no delay. A student answers each of its decisions with a random legal
move (a refused one, ``rate``, is sent again 50 ms later): at once by default
(``--think 0``: the stress test, which finds one core's ceiling), or after a think time
like a person's, drawn at random from half to one and a half times ``--think`` seconds
(``--think 2``: 1 to 3 s), while its connection goes on reading the others' moves; the
bots stay as fast as they can. A class is the ``--think`` run. Printed:

- moves per second (the tables' steps over the run, from the teacher's API);
- the latency from a move to every seat seeing it, p50 and p99: for a student's move, from
  the moment its client sent it to the moment each seat's client read the ``state`` frame
  of that step (on one machine, one clock); for a bot's move, from the frame's ``at`` (the
  server's clock when it sent it) to the moment each seat read it;
- the server's own time a move, p50 and p99, from its message (or a bot's turn) to every
  seat's frame handed to the network (``GET /api/stats``): the part of the latency that is
  the server's, which the clients' wait for a core does not inflate;
- the server's CPU (user + system, over the run, from ``/proc``) and its memory (RSS).

The clients run on the other cores (when there are any): each frame they are sent wakes
their process, and on the server's own core that wake-up took the core from the server in
the middle of a move (a class of 30 answering after a think: the server's own time a move
p50 10.0 ms with the clients free to use its core, 1.6 ms with them kept off it, load 10).
The clients share the machine: on a loaded 2-core machine the latency includes their own
wait for a core, so the figures are an upper bound of the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tornado.websocket import websocket_connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    command = [
        sys.executable,
        "-m",
        "monopoly_widgets",
        "serve",
        "--port",
        str(port),
        "--db",
        str(db),
    ]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        preexec_fn=lambda: os.sched_setaffinity(0, {0}),
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("Teacher key: "):
            return process, line.split()[2]
    raise RuntimeError("the server did not start")


def api(base: str, key: str, path: str, body: Any = None) -> Any:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {key}"},
        method="POST" if body is not None else "GET",
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return int(found.group(1)) / 1024 if found else float("nan")


class Student:
    """One simulated student's connection."""

    def __init__(
        self,
        url: str,
        code: str,
        sent: dict[tuple[str, int], float],
        latencies: list[float],
        think: float = 0.0,
    ) -> None:
        self.url, self.code, self.sent, self.latencies = url, code, sent, latencies
        self.think = think
        self.rng = random.Random(code)
        self.refused = 0
        self.answering: set[asyncio.Task[None]] = set()

    async def answer(self, connection: Any, move: dict[str, Any], table: str) -> str:
        """Send ``move`` after the student's think time; the time sent is the move's start."""
        if self.think > 0:
            await asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
        text = json.dumps(move)
        self.sent[(table, move["step"] + 1)] = time.time()
        await connection.write_message(text)
        return text

    async def connect(self) -> None:
        self.connection = await websocket_connect(self.url)
        join = {"v": 1, "type": "join", "code": self.code}
        await self.connection.write_message(json.dumps(join))

    async def run(self, stop: float) -> None:
        connection = self.connection
        token, seat, last = "", 0, None
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
            kind = frame["type"]
            if kind == "welcome":
                token, seat = frame["token"], frame["seat"]
            elif kind == "error" and frame["code"] == "rate" and last is not None:
                self.refused += 1
                await asyncio.sleep(0.05)
                await connection.write_message(last)
            elif kind == "state":
                if frame["events"]:  # a move's frame (not the one that came with joining)
                    began = self.sent.get((frame["table"], frame["step"]), frame["at"])
                    self.latencies.append(now - began)
                if frame["legal"] and not frame["over"]:
                    action = self.rng.choice(frame["legal"])["id"]
                    move = {
                        "v": 1,
                        "type": "move",
                        "seat": seat,
                        "token": token,
                        "action": action,
                        "step": frame["step"],
                    }
                    if self.think > 0:  # the connection reads on while the student thinks
                        task = asyncio.create_task(self.answer(connection, move, frame["table"]))
                        self.answering.add(task)
                        task.add_done_callback(self.answering.discard)
                        last = json.dumps(move)
                    else:
                        last = await self.answer(connection, move, frame["table"])
        for task in list(self.answering):
            task.cancel()
        connection.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def drive(
    url: str,
    codes: list[str],
    seconds: float,
    think: float = 0.0,
    started: Callable[[], None] = lambda: None,
) -> tuple[list[float], int]:
    """Every student connects and joins first; then ``started()``, and the timed run.

    (No move is made before a student reads its first frame, so the 200 joins, which cost
    the server more than moves do, are not in the figures.)
    """
    sent: dict[tuple[str, int], float] = {}
    latencies: list[float] = []
    students = [Student(url, code, sent, latencies, think) for code in codes]
    await asyncio.gather(*(s.connect() for s in students))
    started()
    stop = time.time() + seconds
    await asyncio.gather(*(s.run(stop) for s in students))
    return latencies, sum(s.refused for s in students)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--people", type=int, default=2, help="simulated students a table (the rest are bots)"
    )
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="a student's mean think time a decision, in seconds (drawn from half to one and "
        "a half times it; default 0: answer at once, the one core's ceiling)",
    )
    args = parser.parse_args()
    if not 0 <= args.think <= 60:
        parser.error(f"--think is seconds from 0 to 60, not {args.think:g}")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        server, key = start_server(Path(folder) / "class.sqlite", port)
        others = os.sched_getaffinity(0) - {0}
        if others:  # the clients keep off the server's core (see the docstring)
            os.sched_setaffinity(0, others)
        try:
            bots = {str(seat): "random" for seat in range(args.people, args.players)}
            codes = []
            for n in range(args.tables):
                table = api(
                    base,
                    key,
                    "api/tables",
                    {
                        "game": "deal",
                        "players": args.players,
                        "seed": n,
                        "bots": bots,
                        "bot_delay": 0,
                    },
                )
                codes += [s["code"] for s in table["seats"] if s["code"]]
            idle_mb = rss_mb(server.pid)
            begun: dict[str, float] = {}

            def started() -> None:
                begun["cpu"], begun["wall"] = cpu_seconds(server.pid), time.time()
                begun["steps"] = sum(t["step"] for t in api(base, key, "api/tables"))

            latencies, refused = asyncio.run(
                drive(f"ws://127.0.0.1:{port}/ws", codes, args.seconds, args.think, started)
            )
            cpu0, wall0, steps0 = begun["cpu"], begun["wall"], begun["steps"]
            wall = time.time() - wall0
            tables = api(base, key, "api/tables")
            cpu = cpu_seconds(server.pid) - cpu0
            moves = sum(t["step"] for t in tables) - steps0
            finished = sum(t["over"] for t in tables)
            bots_each = args.players - args.people
            p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
            load = os.getloadavg()[0]
            print(
                f"{args.tables} tables of {args.players} ({args.people} students, {bots_each} bots"
            )
            thinking = (
                f"students think {args.think / 2:g} to {1.5 * args.think:g} s"
                if args.think
                else "students answer at once"
            )
            print(f"each; {thinking}), {len(codes)} clients, {wall:.1f} s; load average {load:.2f}")
            print(f"moves: {moves} ({moves / wall:.0f} a second); games finished: {finished}")
            print(f"move to every seat: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
            print(f"({len(latencies)} frames read)")
            print(
                f"server CPU: {cpu:.1f} s over {wall:.1f} s ({100 * cpu / wall:.0f}% of one core)"
            )
            stats = api(base, key, "api/stats")
            p50s, p99s = stats["move_ms_p50"], stats["move_ms_p99"]
            print(f"the server's own time a move (message to every frame sent): p50 {p50s} ms,")
            most, moves = stats["move_ms_max"], stats["moves"]
            print(f"p99 {p99s} ms, most {most} ms ({moves} moves; api/stats)")
            print(f"server memory: {rss_mb(server.pid):.0f} MB ({idle_mb:.0f} MB before play)")
            print(f"moves refused as too fast and sent again: {refused}")
        finally:
            server.kill()
            server.wait(10)


if __name__ == "__main__":
    main()
