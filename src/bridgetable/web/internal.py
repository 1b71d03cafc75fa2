"""Calling the server's own HTTP API in-process, for the pages that work without JS."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message

from bridgetable.server.players import COOKIE


async def call_api(
    app: ASGIApp, method: str, path: str, body: dict[str, Any], player: str | None
) -> tuple[int, Any]:
    """Send one JSON request to `app` as the given player; returns (status, JSON or None)."""
    data = json.dumps(body).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(data)).encode()),
        (b"host", b"localhost"),
    ]
    if player:
        headers.append((b"cookie", f"{COOKIE}={player}".encode()))
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 0),
        "server": ("localhost", 80),
    }
    sent = False
    status = 500
    chunks: list[bytes] = []

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": data, "more_body": False}

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    raw = b"".join(chunks)
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, None
