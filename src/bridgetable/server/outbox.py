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
        self.finished = False
        self._items: deque[str] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def put(self, message: str) -> bool:
        """Queue `message`; False, queueing nothing, when the limit is reached.

        Once finished, messages are dropped: the connection is closing.
        """
        if self.finished:
            return True
        if len(self._items) >= self.limit:
            self.overflowed = True
            return False
        self._items.append(message)
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        return True

    def finish(self) -> None:
        """Take no more messages; `get` answers None once the queued ones are out."""
        self.finished = True
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> str | None:
        """The oldest message, waiting for one if there is none; None when finished."""
        while not self._items:
            if self.finished:
                return None
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self._items.popleft()
