"""Load: N tables of four WebSocket players making random legal moves.

Prints accepted actions per second and the p50/p99 time from an action's send until
all four players of its table have the new state.

    python bench/load.py --spawn --tables 500 --pace 2 --duration 60   # human pace
    python bench/load.py --spawn --tables 50 --pace 0 --duration 30    # full speed
    python bench/load.py --spawn --processes 2 --backend scale ...     # two processes on
                                                                       # PostgreSQL + Redis
    python bench/load.py --url http://127.0.0.1:8000 ...               # a running server

With several processes each table lives on one of them (as behind a proxy that routes
by table), and all of a table's players connect there.

Only talks to the address given (loopback by default); every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import orjson
import uvloop
import websockets
from websockets.asyncio.client import ClientConnection

EVENT_AT = len('{"v":1,"type":"state","event":')


class Client:
    """One player's connection; keeps the newest state, parsed only when asked for.

    The load generator shares the machine with the server: reading just the event
    number of each message keeps it from being the bottleneck.
    """

    def __init__(self, ws: ClientConnection, seat: str) -> None:
        self.ws = ws
        self.seat = seat
        self.raw: str | bytes | None = None
        self._parsed: dict[str, Any] | None = None
        self.event = 0
        self.changed = asyncio.Event()
        self.seq = 0
        self.errors: dict[str, int] = {}
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                text = raw if isinstance(raw, str) else raw.decode()
                if text.startswith('{"v":1,"type":"state"'):
                    self.raw = text
                    self._parsed = None
                    self.event = int(text[EVENT_AT : text.index(",", EVENT_AT)])
                elif '"type":"error"' in text:
                    code = orjson.loads(text)["code"]
                    self.errors[code] = self.errors.get(code, 0) + 1
                self.changed.set()

    @property
    def state(self) -> dict[str, Any] | None:
        if self._parsed is None and self.raw is not None:
            self._parsed = orjson.loads(self.raw)
        return self._parsed

    async def act(self, kind: str, **fields: Any) -> None:
        self.seq += 1
        await self.ws.send(json.dumps({"v": 1, "type": kind, "seq": self.seq, **fields}))

    async def wait(self, predicate: Any, deadline: float) -> bool:
        while not predicate(self):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return True


def create_table(base: str, game: str) -> str:
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps({"game": game, "seats": 4}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(json.load(response)["id"])


class Table:
    """Four clients at one table, making one move at a time."""

    def __init__(self, base: str, table_id: str, rng: random.Random) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/{table_id}"
        self.rng = rng
        self.clients: list[Client] = []
        self.latencies: list[float] = []
        self.actions = 0

    async def open(self) -> None:
        for seat in "NESW":
            token = secrets.token_urlsafe(32)
            ws = await websockets.connect(
                self.url, additional_headers={"Cookie": f"bt_player={token}"}, max_size=2**22
            )
            client = Client(ws, seat)
            await ws.send(json.dumps({"v": 1, "type": "hello", "client": secrets.token_hex(8)}))
            await client.act("sit", seat=seat, name=f"Load {seat}")
            self.clients.append(client)
        deadline = time.monotonic() + 30
        for client in self.clients:
            await client.wait(lambda c: c.state is not None and c.state["game"], deadline)

    async def move(self, deadline: float) -> bool:
        """Make the next move and time it; False if the table is stuck or time is up."""
        newest = max(c.event for c in self.clients)
        for client in self.clients:
            if not await client.wait(lambda c: c.event >= newest, deadline):
                return False
        state = self.clients[0].state
        assert state is not None
        game = state["game"]
        start = time.perf_counter()
        single = True  # one action: its latency is measured
        if game["phase"] == "over":
            # a new match needs everyone: the first asks, the others agree by asking too
            for client in self.clients:
                await client.act("new_match")
            newest += len(self.clients) - 1
            single = False
        elif game["phase"] == "waiting":
            seats = state["table"]["seats"]
            waiting = [c for c in self.clients if not seats[c.seat]["ready"]]
            for client in waiting:
                await client.act("ready")
            newest += len(waiting) - 1  # each ready is an event; the last one also deals
            single = len(waiting) == 1
        else:
            turn = game["turn"]
            actor = next(c for c in self.clients if c.seat == turn)
            assert actor.state is not None
            legal = actor.state["me"]["legal"]
            if "calls" in legal:
                calls = legal["calls"]
                call = "P" if self.rng.random() < 0.7 else self.rng.choice(calls[1:5] or calls)
                await actor.act("call", call=call)
            else:
                await actor.act("play", card=self.rng.choice(legal["cards"]))
        for client in self.clients:
            if not await client.wait(lambda c: c.event > newest, deadline):
                return False
        if single:  # several readies sent at once queue behind each other: not one action
            self.latencies.append(time.perf_counter() - start)
        self.actions += 1
        return True

    async def run(self, pace: float, until: float, measure_from: float) -> None:
        if pace:
            await asyncio.sleep(self.rng.random() * pace)
        while time.monotonic() < until:
            began = time.monotonic()
            if not await self.move(until + 5):
                return
            if began < measure_from:
                self.latencies = []
                self.actions = 0
            if pace:
                await asyncio.sleep(max(0.0, pace - (time.monotonic() - began)))

    async def close(self) -> None:
        for client in self.clients:
            await client.ws.close()
            client.reader.cancel()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


SCALE_ENV = {
    "BRIDGETABLE_DATABASE_URL": "postgresql://postgres@127.0.0.1:5432/test",
    "BRIDGETABLE_REDIS_URL": "redis://127.0.0.1:6379/0",
}


@contextlib.contextmanager
def spawned_servers(count: int, extra_env: dict[str, str]) -> Any:
    """Servers of our own on free loopback ports, for a self-contained run."""
    with tempfile.TemporaryDirectory() as data:
        env = {
            **os.environ,
            "BRIDGETABLE_RATE_PER_SECOND": "1000",
            "BRIDGETABLE_RATE_BURST": "2000",
            **extra_env,
        }
        command = [sys.executable, "-m", "bridgetable.cli", "serve", "--api-only"]
        ports = [free_port() for _ in range(count)]
        processes = [
            subprocess.Popen([*command, "--port", str(port), "--data-dir", data], env=env)
            for port in ports
        ]
        try:
            for port in ports:
                for _ in range(200):
                    with (
                        contextlib.suppress(OSError),
                        socket.create_connection(("127.0.0.1", port)),
                    ):
                        break
                    time.sleep(0.05)
            yield [f"http://127.0.0.1:{port}" for port in ports], [p.pid for p in processes]
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(10)


def cpu_seconds(pids: list[int]) -> tuple[float, float]:
    """User and system CPU time the processes have used (Linux /proc), 0 elsewhere."""
    user = system = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
            user += int(fields[11])  # clock ticks
            system += int(fields[12])
    tick = os.sysconf("SC_CLK_TCK")
    return user / tick, system / tick


async def run(
    bases: list[str],
    tables: int,
    pace: float,
    duration: float,
    warmup: float,
    pids: list[int] | None = None,
) -> None:
    rng = random.Random(2026)
    loop = asyncio.get_running_loop()
    homes = [bases[i % len(bases)] for i in range(tables)]
    ids = [await loop.run_in_executor(None, create_table, home, "chicago") for home in homes]
    group = [
        Table(home, table_id, random.Random(rng.random()))
        for home, table_id in zip(homes, ids, strict=True)
    ]
    for start in range(0, len(group), 50):  # connect in batches
        await asyncio.gather(*(table.open() for table in group[start : start + 50]))
    began = time.monotonic()
    measure_from = began + warmup
    until = measure_from + duration
    runs = asyncio.gather(*(table.run(pace, until, measure_from) for table in group))
    await asyncio.sleep(warmup)  # CPU is counted from the end of the warm-up, like actions
    cpu_start = cpu_seconds(pids or [])
    own_start = sum(cpu_seconds([os.getpid()]))
    await runs
    elapsed = time.monotonic() - measure_from
    user, system = (b - a for a, b in zip(cpu_start, cpu_seconds(pids or []), strict=True))
    own = sum(cpu_seconds([os.getpid()])) - own_start
    latencies = sorted(x for table in group for x in table.latencies)
    actions = sum(table.actions for table in group)
    errors: dict[str, int] = {}
    for table in group:
        for client in table.clients:
            for code, count in client.errors.items():
                errors[code] = errors.get(code, 0) + count
    for table in group:
        await table.close()
    if not latencies:
        print("no action completed")
        return
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    mode = f"one action per table every {pace:g} s" if pace else "full speed"
    print(
        f"{len(bases)} process(es), {tables} tables, {mode}, {elapsed:.0f} s: "
        f"{actions / elapsed:.0f} actions/s, "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms (send to all four updated), "
        f"{actions} actions, errors: {errors or 'none'}"
    )
    if pids:
        print(
            f"server CPU: {(user + system) / elapsed * 100:.0f} % of one core, "
            f"{(user + system) / actions * 1000:.3f} ms per action "
            f"({user / actions * 1000:.3f} user, {system / actions * 1000:.3f} system); "
            f"load generator: {own / actions * 1000:.3f} ms per action"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--spawn", action="store_true", help="start a server of our own")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds between a table's moves")
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--processes", type=int, default=1, help="servers to spawn")
    parser.add_argument(
        "--backend",
        choices=("embedded", "scale"),
        default="embedded",
        help="embedded: SQLite + in-process; scale: PostgreSQL + Redis on loopback",
    )
    args = parser.parse_args()
    urls = args.url.split(",")
    if not all(u.startswith("http://127.") or u.startswith("http://localhost") for u in urls):
        parser.error("load tests talk only to loopback addresses")
    if args.spawn:
        if args.processes > 1 and args.backend == "embedded":
            parser.error("several processes share a table only through PostgreSQL and Redis")
        env = SCALE_ENV if args.backend == "scale" else {}
        with spawned_servers(args.processes, env) as (bases, pids):
            uvloop.run(run(bases, args.tables, args.pace, args.duration, args.warmup, pids))
    else:
        uvloop.run(run(urls, args.tables, args.pace, args.duration, args.warmup))


if __name__ == "__main__":
    main()
