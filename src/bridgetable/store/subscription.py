"""A bounded per-consumer message queue, shared by the fan-out implementations."""

from __future__ import annotations

import asyncio

from bridgetable.store.interfaces import RESYNC


class Subscription:
    """The messages of one table for one consumer, as an async iterator of ``str``.

    The queue holds at most ``maxsize`` messages. When it is full, a new message
    evicts the oldest one (so the newest event number always gets through) and the
    next item the consumer receives is :data:`RESYNC`. Iteration stops when the
    subscription ends (its context exits or the fan-out closes).
    """

    def __init__(self, table_id: str, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("a subscription queue holds at least one message")
        self.table_id = table_id
        self.dropped = 0
        """How many messages were evicted because the consumer was too slow."""
        # None is a wake-up marker, never given to the consumer.
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize)
        self._markers = 0  # how many None are in the queue (0 or 1)
        self._lost = False
        self._ended = False

    @property
    def pending(self) -> int:
        """How many messages wait in the queue (never more than ``maxsize``)."""
        return self._queue.qsize() - self._markers

    @property
    def ended(self) -> bool:
        """Whether iteration has been stopped by :meth:`end`."""
        return self._ended

    def deliver(self, message: str) -> None:
        """Queue ``message``, evicting the oldest one when the queue is full."""
        if self._ended:
            return
        if self._queue.full():
            # Evict the oldest: the newest event number must reach the consumer.
            if self._queue.get_nowait() is None:
                self._markers -= 1
            else:
                self.dropped += 1
                self._lost = True
        self._queue.put_nowait(message)

    def resync(self) -> None:
        """Make the consumer receive :data:`RESYNC` next."""
        self._lost = True
        self._wake()

    def end(self) -> None:
        """Stop the iteration and drop queued messages; wake a waiting consumer."""
        self._ended = True
        while not self._queue.empty():
            self._queue.get_nowait()
        self._markers = 0
        self._wake()

    def _wake(self) -> None:
        # A waiting consumer means an empty queue, so the marker always fits then.
        if self._queue.empty():
            self._queue.put_nowait(None)
            self._markers += 1

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> str:
        while True:
            if self._ended:
                raise StopAsyncIteration
            if self._lost:
                self._lost = False
                return RESYNC
            message = await self._queue.get()
            if message is not None:
                return message
            self._markers -= 1

    def __repr__(self) -> str:
        return f"<Subscription {self.table_id!r} pending={self.pending} dropped={self.dropped}>"
