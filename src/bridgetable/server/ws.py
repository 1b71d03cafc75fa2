"""The WebSocket endpoint: one receiver loop and one sender task per connection."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from bridgetable.server.commands import Command, parse_message
from bridgetable.server.errors import ProtocolError
from bridgetable.server.hub import Connection, Hub
from bridgetable.server.messages import error_message
from bridgetable.server.outbox import Outbox
from bridgetable.server.players import new_token, read_cookie, token_id
from bridgetable.server.settings import Settings


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


CLOSE_NORMAL = 1000
CLOSE_POLICY = 1008
"""A foreign Origin, or a connection that kept flooding after `rate_limited`."""
CLOSE_TRY_LATER = 1013
"""A client too slow to take its messages."""
FLUSH_SECONDS = 2.0
"""How long the last messages (the `rate_limited` answers) may take before a close."""


async def table_socket(websocket: WebSocket) -> None:
    """Serve one table to one client, following docs/protocol.md."""
    hub: Hub = websocket.app.state.hub
    settings: Settings = websocket.app.state.settings
    if not origin_allowed(websocket, settings):
        await websocket.close(code=CLOSE_POLICY)
        return
    token = read_cookie(websocket.scope) or new_token()
    await websocket.accept()
    table = await hub.get(websocket.path_params["table_id"])
    if table is None:
        await websocket.send_text(
            error_message(0, 0, "table_not_found", "There is no table at this address.")
        )
        await websocket.close(code=CLOSE_NORMAL)
        return
    outbox = Outbox(settings.send_queue)
    conn = Connection(token_id(token), token, secrets.token_hex(8), outbox)
    sender = asyncio.create_task(_send_loop(websocket, outbox))

    def cut_off() -> None:
        sender.cancel()

    conn.on_overflow = cut_off
    limiter = RateLimiter(settings.rate_per_second, settings.rate_burst)
    await table.refresh()  # a client coming from a process that died may know more
    table.join(conn)
    code = CLOSE_NORMAL
    try:
        code = await _receive_loop(websocket, conn, limiter, settings)
    finally:
        table = hub.tables.get(table.id, table)
        table.leave(conn)
        conn.closed = True
        if code == CLOSE_POLICY and not outbox.overflowed:
            outbox.finish()  # the client hears why before the close
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, FLUSH_SECONDS)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        with contextlib.suppress(Exception):
            await websocket.close(code=CLOSE_TRY_LATER if outbox.overflowed else code)


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next message's text or bytes; None once the client is gone.

    (A text frame that is not UTF-8 never gets here: uvicorn closes the connection
    with 1007, and `server.logs` keeps that to one line of the log.)
    """
    try:
        message = await websocket.receive()
    except WebSocketDisconnect:
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text: str | None = message.get("text")
    if text is not None:
        return text
    data: bytes = message.get("bytes") or b""
    return data


async def _receive_loop(
    websocket: WebSocket, conn: Connection, limiter: RateLimiter, settings: Settings
) -> int:
    """Serve the client's messages until it goes; returns the close code to use.

    Every message takes a token, malformed or not. A message without one is answered
    `rate_limited`; a client that goes on sending `rate_burst` more of them without
    a pause is closed (1008) once those answers are out.
    """
    hub: Hub = websocket.app.state.hub
    table_id = websocket.path_params["table_id"]
    refused = 0
    while not conn.closed:
        raw = await _receive(websocket)
        if raw is None:
            return CLOSE_NORMAL
        allowed = limiter.allow()
        table = await hub.get(table_id)
        if table is None:
            return CLOSE_NORMAL
        try:
            command = parse_message(raw, settings.max_message_bytes)
        except ProtocolError as error:
            code, seq, text = error.code, error.seq, error.message
        else:
            code, seq, text = "", command.seq, ""
        if not allowed:
            refused += 1
            conn.send(
                error_message(table.shown, seq, "rate_limited", "Too many messages; slow down.")
            )
            if refused > settings.rate_burst:
                return CLOSE_POLICY
            continue
        refused = 0
        if code:
            conn.send(error_message(table.shown, seq, code, text))
            continue
        if command.type in ("hello", "resync", "ping"):
            if command.type == "hello":
                _hello(conn, command)
            table.send_state(conn)
            continue
        await table.submit(conn, command)
    return CLOSE_NORMAL


def _hello(conn: Connection, command: Command) -> None:
    """Adopt the client's own id (so resends after a reconnect are recognised) and name."""
    if command.client is not None:
        conn.client = f"{conn.player[:16]}:{command.client}"
    if command.name is not None:
        conn.name = command.name


async def _send_loop(websocket: WebSocket, outbox: Outbox) -> None:
    while (message := await outbox.get()) is not None:
        await websocket.send_text(message)
