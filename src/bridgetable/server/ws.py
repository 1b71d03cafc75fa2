"""The WebSocket endpoint: one receiver loop and one sender task per connection."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from urllib.parse import urlsplit

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from bridgetable.server.commands import parse_message
from bridgetable.server.errors import ProtocolError
from bridgetable.server.hub import Connection, Hub
from bridgetable.server.messages import error_message
from bridgetable.server.outbox import Outbox
from bridgetable.server.players import new_token, read_cookie, token_id
from bridgetable.server.settings import Settings

MAX_CLIENT_ID = 64


class RateLimiter:
    """A token bucket: `rate` messages a second on average, bursts up to `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        """Take a token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def origin_allowed(websocket: WebSocket, settings: Settings) -> bool:
    """The Origin must be the site's own host (or a configured one); none is allowed
    for non-browser clients, which cannot carry a victim's cookie anyway."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in settings.allowed_origins:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


async def table_socket(websocket: WebSocket) -> None:
    """Serve one table to one client, following docs/protocol.md."""
    hub: Hub = websocket.app.state.hub
    settings: Settings = websocket.app.state.settings
    if not origin_allowed(websocket, settings):
        await websocket.close(code=1008)
        return
    token = read_cookie(websocket.scope) or new_token()
    await websocket.accept()
    table = await hub.get(websocket.path_params["table_id"])
    if table is None:
        await websocket.send_text(
            error_message(0, 0, "table_not_found", "There is no table at this address.")
        )
        await websocket.close(code=1000)
        return
    outbox = Outbox(settings.send_queue)
    conn = Connection(token_id(token), token, secrets.token_hex(8), outbox)
    sender = asyncio.create_task(_send_loop(websocket, outbox))

    def cut_off() -> None:
        sender.cancel()

    conn.on_overflow = cut_off
    limiter = RateLimiter(settings.rate_per_second, settings.rate_burst)
    table.join(conn)
    try:
        await _receive_loop(websocket, conn, limiter, settings)
    finally:
        table = hub.tables.get(table.id, table)
        table.leave(conn)
        conn.closed = True
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        with contextlib.suppress(Exception):
            await websocket.close(code=1013 if outbox.overflowed else 1000)


async def _receive_loop(
    websocket: WebSocket, conn: Connection, limiter: RateLimiter, settings: Settings
) -> None:
    hub: Hub = websocket.app.state.hub
    table_id = websocket.path_params["table_id"]
    while not conn.closed:
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text") or message.get("bytes") or ""
        table = await hub.get(table_id)
        if table is None:
            return
        try:
            command = parse_message(raw, settings.max_message_bytes)
        except ProtocolError as error:
            conn.send(error_message(table.state.seq, error.seq, error.code, error.message))
            continue
        if not limiter.allow():
            conn.send(error_message(table.state.seq, command.seq, "rate_limited", "Slow down."))
            continue
        if command.type in ("hello", "resync", "ping"):
            if command.type == "hello":
                _hello(conn, raw)
            table.send_state(conn)
            continue
        await table.submit(conn, command)


def _hello(conn: Connection, raw: str | bytes) -> None:
    """Adopt the client's own id (so resends after a reconnect are recognised) and name."""
    data = orjson.loads(raw)
    client = data.get("client")
    if isinstance(client, str) and 8 <= len(client) <= MAX_CLIENT_ID and client.isalnum():
        conn.client = f"{conn.player[:16]}:{client}"
    name = data.get("name")
    if isinstance(name, str) and 0 < len(name.strip()) <= 24:
        conn.name = " ".join(name.split())


async def _send_loop(websocket: WebSocket, outbox: Outbox) -> None:
    while True:
        await websocket.send_text(await outbox.get())
