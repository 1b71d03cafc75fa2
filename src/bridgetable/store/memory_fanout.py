"""The embedded fan-out: publish/subscribe inside one process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bridgetable.store.subscription import Subscription


class MemoryFanout:
    """:class:`~bridgetable.store.interfaces.Fanout` for a single process.

    ``publish`` hands the message to every subscriber's bounded queue at once
    (``queue_size`` messages each; a full queue evicts its oldest message).
    """

    crosses_processes = False

    def __init__(self, queue_size: int = 256) -> None:
        if queue_size < 1:
            raise ValueError("queue_size must be at least 1")
        self.queue_size = queue_size
        self._subscribers: dict[str, set[Subscription]] = {}
        self._open = False

    async def open(self) -> None:
        """Start accepting publications and subscriptions."""
        self._open = True

    async def close(self) -> None:
        """End every subscription; later calls raise ``RuntimeError``."""
        self._open = False
        for subscribers in self._subscribers.values():
            for subscription in subscribers:
                subscription.end()

    async def publish(self, table_id: str, message: str) -> None:
        """Queue ``message`` for every current subscriber of ``table_id``."""
        self._require_open()
        for subscription in self._subscribers.get(table_id, ()):
            subscription.deliver(message)

    @asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[Subscription]:
        """Yield a :class:`Subscription` to ``table_id``; unsubscribe on exit."""
        self._require_open()
        subscription = Subscription(table_id, self.queue_size)
        self._subscribers.setdefault(table_id, set()).add(subscription)
        try:
            yield subscription
        finally:
            subscription.end()
            subscribers = self._subscribers.get(table_id)
            if subscribers is not None:
                subscribers.discard(subscription)
                if not subscribers:
                    del self._subscribers[table_id]

    def subscriber_count(self, table_id: str) -> int:
        """Return how many subscriptions to ``table_id`` are open in this process."""
        return len(self._subscribers.get(table_id, ()))

    def _require_open(self) -> None:
        if not self._open:
            raise RuntimeError("MemoryFanout is not open")
