"""A real server in a subprocess on a free port, and real WebSocket players."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import queue
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection

State = dict[str, Any]

PATIENCE = 30.0
"""Seconds to wait for what should come at once (an answer, a state). Generous because
a busy machine can stall any process for seconds; a passing test never waits this long."""
START_PATIENCE = 60.0
"""Seconds for a server process to start: importing everything is slow on a busy machine."""


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """`bridgetable serve --api-only` in a subprocess (with `pages`, the whole site);
    can be killed and started again."""

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        env: dict[str, str] | None = None,
        pages: bool = False,
    ):
        self.data_dir = data_dir
        self.pages = pages
        self.port = port or 0
        """0 until the first start, which lets the system choose a free port: a port
        picked here could be taken by a test running beside this one before the bind."""
        # functional tests play faster than people: lift the per-connection rate limit
        fast = {"BRIDGETABLE_RATE_PER_SECOND": "1000", "BRIDGETABLE_RATE_BURST": "2000"}
        self.env = {**os.environ, **fast, **(env or {})}
        self.process: subprocess.Popen[str] | None = None

    @property
    def base(self) -> str:
        """The server's HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = START_PATIENCE) -> None:
        """Start the server (again on its port, after the first start) and wait until it
        says where it listens."""
        command = [sys.executable, "-m", "bridgetable.cli", "serve"]
        command += [] if self.pages else ["--api-only"]
        command += ["--port", str(self.port), "--data-dir", str(self.data_dir)]
        process = self.process = subprocess.Popen(
            command, env=self.env, stdout=subprocess.PIPE, text=True
        )
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_forward, args=(process, lines), daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError("the server exited at start")
            if " listening on " in line:
                address = urllib.parse.urlsplit(line.split(" listening on ")[1].split()[0])
                self.port = int(address.port or 0)
                return
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or say goodbye."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self.process = None

    def stop(self) -> None:
        """Stop the server politely."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.process = None

    def create_table(self, game: str = "rubber", seats: int = 4, token: str | None = None) -> str:
        """Create a table through the API; returns its id."""
        request = urllib.request.Request(
            f"{self.base}/api/tables",
            data=json.dumps({"game": game, "seats": seats}).encode(),
            headers={"Content-Type": "application/json", **cookie(token)},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=PATIENCE) as response:
            return str(json.load(response)["id"])


def _forward(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    """Hand the server's output over line by line (None at its end), and keep reading so
    that a full pipe never stalls it."""
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line)
    lines.put(None)


def new_token() -> str:
    """A player token as the site issues them."""
    return secrets.token_urlsafe(32)


def cookie(token: str | None) -> dict[str, str]:
    """The Cookie header for a token."""
    return {"Cookie": f"bt_player={token}"} if token else {}


@dataclass
class Answer:
    """An HTTP answer: status, headers, body."""

    status: int
    headers: Message
    body: str

    @property
    def cookies(self) -> list[str]:
        """The Set-Cookie headers."""
        return self.headers.get_all("set-cookie") or []


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def fetch(
    url: str,
    *,
    token: str | None = None,
    form: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> Answer:
    """One request, redirects not followed; any status is an answer."""
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(url, data=data, headers={**cookie(token), **(headers or {})})
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=10) as response:
            return Answer(response.status, response.headers, response.read().decode())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read().decode())


class Player:
    """A WebSocket client that keeps the latest state and reconnects by itself."""

    def __init__(
        self, base: str, table_id: str, token: str | None = None, fallbacks: tuple[str, ...] = ()
    ) -> None:
        self.urls = [b.replace("http://", "ws://") + f"/ws/{table_id}" for b in (base, *fallbacks)]
        self.token = token or new_token()
        self.url = self.urls[0]
        self.client = secrets.token_hex(8)
        self.seq = itertools.count(1)
        self.state: State | None = None
        self.messages: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.acks: set[int] = set()
        self.ack_events: dict[int, int] = {}
        self.unacked: dict[int, dict[str, Any]] = {}
        self.ws: ClientConnection | None = None
        self.changed = asyncio.Event()
        self.reconnects = 0
        self.resyncs = 0
        """`resync`s sent because a state skipped events (docs/protocol.md: a gap)."""
        self.batches = 0
        """States that showed several events at once (a batch, no gap)."""
        self._reader: asyncio.Task[None] | None = None
        self._stopping = False
        self._reconnecting: asyncio.Task[None] | None = None
        self._fresh = True

    async def connect(self, timeout: float = START_PATIENCE) -> None:
        """Connect (retrying while the server is down), say hello, resend what is unacked."""
        deadline = time.monotonic() + timeout
        delay = 0.05
        attempt = 0
        while True:
            url = self.urls[attempt % len(self.urls)]  # another server when this one is down
            attempt += 1
            try:
                self.ws = await websockets.connect(
                    url, additional_headers=cookie(self.token), max_size=2**22
                )
                self.url = url
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)
        await self.ws.send(json.dumps({"v": 1, "type": "hello", "client": self.client}))
        for message in list(self.unacked.values()):
            await self.ws.send(json.dumps(message))
        self._fresh = True  # the answer to hello starts afresh: no gap to check
        self._reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                message = json.loads(raw)
                self.messages.append(message)
                kind = message["type"]
                if kind == "state":
                    await self._check_gap(ws, message)
                    self.state = message
                    if "ack" in message:
                        self.acks.add(message["ack"])
                        self.ack_events[message["ack"]] = message["event"]
                        self.unacked.pop(message["ack"], None)
                elif kind == "error":
                    self.errors.append(message)
                    self.unacked.pop(message["seq"], None)
                self.changed.set()
        except websockets.ConnectionClosed:
            pass
        if not self._stopping:
            self.reconnects += 1
            self._reconnecting = asyncio.create_task(self.connect())

    async def _check_gap(self, ws: ClientConnection, message: dict[str, Any]) -> None:
        """Resync when a state skips events: its `first` (or else its event) is more
        than one above the last state's event."""
        if self._fresh or self.state is None:
            self._fresh = False
            return
        first = int(message.get("first", message["event"]))
        if first > self.event + 1:
            self.resyncs += 1
            with contextlib.suppress(websockets.ConnectionClosed):
                await ws.send(json.dumps({"v": 1, "type": "resync"}))
        elif first < message["event"]:
            self.batches += 1

    async def send_raw(self, text: str) -> None:
        """Send text as it is (for malformed-input tests)."""
        assert self.ws is not None
        await self.ws.send(text)

    async def act(self, kind: str, **fields: Any) -> int:
        """Send an action with the next sequence number; returns the number."""
        seq = next(self.seq)
        message = {"v": 1, "type": kind, "seq": seq, **fields}
        self.unacked[seq] = message
        assert self.ws is not None
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(json.dumps(message))
        return seq

    async def wait_for(
        self, predicate: Callable[[Player], bool], timeout: float = PATIENCE
    ) -> None:
        """Wait until `predicate(self)` holds."""
        deadline = time.monotonic() + timeout
        while not predicate(self):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"condition not met; last state event {self.event}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(remaining, 0.5))

    async def settled(self, seq: int, timeout: float = PATIENCE) -> dict[str, Any] | None:
        """Wait for the answer to action `seq`: None if acknowledged, else the error."""
        await self.wait_for(
            lambda p: (
                (seq in p.acks and p.event >= p.ack_events[seq])
                or any(e["seq"] == seq for e in p.errors)
            ),
            timeout,
        )
        found: dict[str, Any] | None = next((e for e in self.errors if e["seq"] == seq), None)
        return found

    @property
    def event(self) -> int:
        """The event number of the latest state."""
        return -1 if self.state is None else int(self.state["event"])

    @property
    def me(self) -> dict[str, Any]:
        """The private part of the latest state."""
        assert self.state is not None
        return dict(self.state["me"])

    @property
    def game(self) -> dict[str, Any] | None:
        """The public game view of the latest state (None before the first deal)."""
        assert self.state is not None
        game: dict[str, Any] | None = self.state["game"]
        return game

    @property
    def live(self) -> dict[str, Any]:
        """The public game view, which must exist."""
        game = self.game
        assert game is not None
        return game

    async def close(self) -> None:
        """Close for good (no reconnect)."""
        self._stopping = True
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader


@contextlib.asynccontextmanager
async def seated(
    server: ServerProcess, table_id: str, seats: str = "NESW"
) -> AsyncIterator[list[Player]]:
    """Players connected and sitting in `seats`, in that order."""
    players = [Player(server.base, table_id) for _ in seats]
    try:
        for player, seat in zip(players, seats, strict=True):
            await player.connect()
            error = await player.settled(await player.act("sit", seat=seat, name=f"P{seat}"))
            assert error is None, error
        yield players
    finally:
        for player in players:
            await player.close()
