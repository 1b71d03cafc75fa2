"""A connection's outgoing messages: queued without waiting, sent by one task."""

from __future__ import annotations

import asyncio
from collections import deque


class Outbox:
    """Messages on their way to one client, oldest first.

    A client that lets `limit` messages pile up is too slow to keep up and is cut
    off, never buffered without end. Every message of every connection passes
    through here, so it is a deque and one future rather than an `asyncio.Queue`.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.overflowed = False
        self._items: deque[str] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def put(self, message: str) -> bool:
        """Queue `message`; False, queueing nothing, when the limit is reached."""
        if len(self._items) >= self.limit:
            self.overflowed = True
            return False
        self._items.append(message)
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        return True

    async def get(self) -> str:
        """The oldest message, waiting for one if there is none."""
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self._items.popleft()
