"""The scale-out fan-out: Redis pub/sub, one channel per table.

One listener connection per process carries every channel this process has
subscribers for; messages are dispatched to the local :class:`Subscription`
queues. If the connection is lost (Redis restart, network), the listener
reconnects with capped exponential backoff (forever, until ``close``),
resubscribes, and yields :data:`RESYNC` to every subscription once its channel is
active again, because messages published meanwhile are gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection, ConnectionPool
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import RedisError

from bridgetable.store.interfaces import RESYNC
from bridgetable.store.subscription import Subscription

__all__ = ["CHANNEL_PREFIX", "RESYNC", "RedisFanout"]

CHANNEL_PREFIX: Final[str] = "bridgetable:table:"
"""Redis channel name of a table: this prefix followed by the table id."""

log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Batch:
    """Messages published in one turn of the event loop, sent to Redis together."""

    sent: asyncio.Future[None]
    messages: list[tuple[str, str]] = field(default_factory=list)


@dataclass(eq=False)
class _Channel:
    subscribers: set[Subscription] = field(default_factory=set)
    active: asyncio.Event = field(default_factory=asyncio.Event)
    resync_when_active: bool = False


class RedisFanout:
    """:class:`~bridgetable.store.interfaces.Fanout` over Redis pub/sub at ``url``.

    ``subscribe`` waits up to ``subscribe_timeout`` seconds for Redis to confirm
    the subscription (if it cannot, the subscriber gets :data:`RESYNC` once it is
    confirmed). ``publish`` never raises for connection trouble: the message is
    dropped, logged, and local subscribers of the table get :data:`RESYNC`.
    """

    crosses_processes = True

    def __init__(
        self,
        url: str,
        *,
        queue_size: int = 256,
        subscribe_timeout: float = 5.0,
        min_backoff: float = 0.05,
        max_backoff: float = 5.0,
        health_interval: float = 15.0,
        socket_timeout: float = 5.0,
    ) -> None:
        if queue_size < 1:
            raise ValueError("queue_size must be at least 1")
        self.url = url
        self.queue_size = queue_size
        self.subscribe_timeout = subscribe_timeout
        self.min_backoff = min_backoff
        self.max_backoff = max_backoff
        self.health_interval = health_interval
        self.socket_timeout = socket_timeout
        self.reconnects = 0
        """How many times the listener connection was re-established."""
        self._client: Redis | None = None
        self._pool: ConnectionPool | None = None
        self._listener: asyncio.Task[None] | None = None
        self._conn: AbstractConnection | None = None
        self._channels: dict[str, _Channel] = {}
        self._inflight: dict[str, int] = {}  # SUBSCRIBEs sent but not yet confirmed
        self._batch: _Batch | None = None  # the messages still joining this turn's batch
        self._flushes: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        """Check that Redis answers, then start the listener task."""
        if self._client is not None:
            raise RuntimeError("RedisFanout is already open")
        timeouts: dict[str, Any] = {
            "socket_timeout": self.socket_timeout,
            "socket_connect_timeout": self.socket_timeout,
        }
        retry = Retry(ExponentialBackoff(cap=0.2, base=0.02), 2)
        client = Redis.from_url(self.url, retry=retry, **timeouts)
        try:
            await client.ping()
        except BaseException:
            await client.aclose()
            raise
        self._client = client
        self._pool = ConnectionPool.from_url(
            self.url, decode_responses=False, protocol=2, **timeouts
        )
        self._listener = asyncio.create_task(self._listen(), name="bridgetable-redis-fanout")

    async def close(self) -> None:
        """Stop listening, end every subscription and close the connections."""
        client, self._client = self._client, None
        if client is None:
            return
        for flush in list(self._flushes):  # messages already published are sent
            with contextlib.suppress(Exception):
                await flush
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener
        for channel in self._channels.values():
            for subscription in channel.subscribers:
                subscription.end()
        self._channels.clear()
        await client.aclose()
        if self._pool is not None:
            await self._pool.disconnect()

    async def publish(self, table_id: str, message: str) -> None:
        """Publish ``message`` on the table's channel (dropped if Redis is down).

        Messages published in the same turn of the event loop go to Redis together
        in one pipeline: one write and one round trip for all of them.
        """
        client = self._require_open()
        batch = self._batch
        if batch is None:
            batch = self._batch = _Batch(asyncio.get_running_loop().create_future())
            flush = asyncio.create_task(self._flush(client, batch))
            self._flushes.add(flush)
            flush.add_done_callback(self._flushes.discard)
        batch.messages.append((CHANNEL_PREFIX + table_id, message))
        await asyncio.shield(batch.sent)

    async def _flush(self, client: Redis, batch: _Batch) -> None:
        """Send a batch (it runs once the publishers of this turn have joined it)."""
        if self._batch is batch:
            self._batch = None
        try:
            async with client.pipeline(transaction=False) as pipe:
                for name, message in batch.messages:
                    pipe.publish(name, message)
                await pipe.execute()
        except (RedisError, OSError) as exc:
            log.warning("%d fan-out message(s) dropped: %s", len(batch.messages), exc)
            for name, _ in batch.messages:
                channel = self._channels.get(name)
                for subscription in channel.subscribers if channel else ():
                    subscription.resync()
        finally:
            if not batch.sent.done():
                batch.sent.set_result(None)

    @asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[Subscription]:
        """Yield a :class:`Subscription` to ``table_id``, active in Redis; clean up on exit."""
        self._require_open()
        name = CHANNEL_PREFIX + table_id
        subscription = Subscription(table_id, self.queue_size)
        channel = self._channels.get(name)
        first_here = channel is None
        if channel is None:
            channel = self._channels[name] = _Channel()
        channel.subscribers.add(subscription)  # before SUBSCRIBE: see every message
        try:
            if first_here:
                await self._send("SUBSCRIBE", name)
            if not channel.active.is_set():
                try:
                    async with asyncio.timeout(self.subscribe_timeout):
                        await channel.active.wait()
                except TimeoutError:
                    log.warning("Redis did not confirm the subscription to %r in time", name)
                    channel.resync_when_active = True
            yield subscription
        finally:
            subscription.end()
            channel.subscribers.discard(subscription)
            if not channel.subscribers and self._channels.get(name) is channel:
                del self._channels[name]
                await self._send("UNSUBSCRIBE", name)

    def subscriber_count(self, table_id: str) -> int:
        """Return how many subscriptions to ``table_id`` are open in this process."""
        channel = self._channels.get(CHANNEL_PREFIX + table_id)
        return len(channel.subscribers) if channel else 0

    def _require_open(self) -> Redis:
        if self._client is None:
            raise RuntimeError("RedisFanout is not open")
        return self._client

    async def _send(self, command: str, name: str) -> None:
        """Send (UN)SUBSCRIBE on the live listener connection, if there is one.

        Without one, the listener subscribes every channel when it reconnects.
        """
        conn = self._conn
        if conn is None or not conn.is_connected:
            return  # never let send_command reconnect behind the listener's back
        if command == "SUBSCRIBE":
            self._inflight[name] = self._inflight.get(name, 0) + 1
        try:
            await conn.send_command(command, name, check_health=False)
        except (RedisError, OSError) as exc:
            log.debug("%s %s failed (the listener will reconnect): %s", command, name, exc)

    async def _listen(self) -> None:
        """Keep one subscribed connection alive until cancelled."""
        assert self._pool is not None
        loop = asyncio.get_running_loop()
        delay = self.min_backoff
        connected_before = False
        while True:
            conn = self._pool.connection_class(**self._pool.connection_kwargs)
            started = loop.time()
            try:
                await conn.connect()  # type: ignore[no-untyped-call]  # redis-py lacks hints
                if connected_before:
                    self.reconnects += 1
                    log.info("Redis fan-out reconnected; subscribers will resync")
                connected_before = True
                await self._session(conn)
            except (RedisError, OSError) as exc:
                log.warning("Redis fan-out connection lost: %s", exc)
            except Exception:
                log.exception("Redis fan-out listener failed")
            finally:
                self._connection_lost()
                with contextlib.suppress(Exception):
                    await conn.disconnect(nowait=True)
            if loop.time() - started > self.max_backoff:
                delay = self.min_backoff
            await asyncio.sleep(delay * random.uniform(0.5, 1.0))
            delay = min(delay * 2, self.max_backoff)

    async def _session(self, conn: AbstractConnection) -> None:
        """Subscribe every wanted channel on ``conn`` and dispatch what arrives."""
        self._conn = conn
        names = list(self._channels)
        self._inflight = dict.fromkeys(names, 1)
        if names:
            await conn.send_command("SUBSCRIBE", *names, check_health=False)
        pinged = False
        while True:
            response = await conn.read_response(
                timeout=self.health_interval, disconnect_on_error=False
            )
            if response is None:  # quiet for health_interval: is Redis still there?
                if pinged or not conn.is_connected:
                    raise ConnectionError("Redis did not answer PING")
                await conn.send_command("PING", check_health=False)
                pinged = True
                continue
            pinged = False
            if isinstance(response, list) and len(response) == 3:
                self._dispatch(response[0], response[1], response[2])

    def _dispatch(self, kind: Any, raw_name: Any, payload: Any) -> None:
        name = raw_name.decode() if isinstance(raw_name, bytes) else str(raw_name)
        channel = self._channels.get(name)
        if kind == b"message":
            if channel is not None and isinstance(payload, bytes):
                text = payload.decode("utf-8", "replace")
                for subscription in channel.subscribers:
                    subscription.deliver(text)
        elif kind == b"subscribe":
            left = self._inflight.pop(name, 0) - 1
            if left > 0:  # an older SUBSCRIBE of a channel dropped and taken again
                self._inflight[name] = left
            elif channel is not None:
                channel.active.set()
                if channel.resync_when_active:
                    channel.resync_when_active = False
                    for subscription in channel.subscribers:
                        subscription.resync()

    def _connection_lost(self) -> None:
        self._conn = None
        self._inflight = {}
        for channel in self._channels.values():
            channel.active.clear()
            channel.resync_when_active = True
