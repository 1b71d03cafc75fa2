"""RedisFanout specifics: several processes, Redis-side cleanup, Redis restarts."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
import redis

from bridgetable.store import CHANNEL_PREFIX, RESYNC, RedisFanout
from tests.conftest import PrivateRedis
from tests.server.harness import free_port
from tests.store.conftest import REDIS_URL, need_redis, new_id

pytestmark = pytest.mark.asyncio


async def next_message(messages: AsyncIterator[str], timeout: float = 5.0) -> str:
    async with asyncio.timeout(timeout):
        return await anext(messages)


async def numsub(client: redis.asyncio.Redis, channel: str) -> int:
    counts = await client.pubsub_numsub(channel)
    return int(counts[0][1])


async def test_two_instances_see_each_other() -> None:
    need_redis()
    table = new_id()
    first, second = RedisFanout(REDIS_URL), RedisFanout(REDIS_URL)
    await first.open()
    await second.open()
    try:
        async with first.subscribe(table) as at_first, second.subscribe(table) as at_second:
            await first.publish(table, "from first")
            await second.publish(table, "from second")
            for messages in (at_first, at_second):
                assert {await next_message(messages), await next_message(messages)} == {
                    "from first",
                    "from second",
                }
    finally:
        await first.close()
        await second.close()


async def test_messages_published_together_all_arrive_in_order() -> None:
    """Publishes of one turn of the event loop share a pipeline; none is lost or reordered."""
    need_redis()
    tables = [new_id() for _ in range(3)]
    fanout = RedisFanout(REDIS_URL)
    await fanout.open()
    try:
        async with contextlib.AsyncExitStack() as stack:
            streams = [await stack.enter_async_context(fanout.subscribe(t)) for t in tables]
            await asyncio.gather(
                *(fanout.publish(t, f"{t}:{n}") for n in range(20) for t in tables)
            )
            for table, messages in zip(tables, streams, strict=True):
                received = [await next_message(messages) for _ in range(20)]
                assert received == [f"{table}:{n}" for n in range(20)]
    finally:
        await fanout.close()


async def test_redis_subscription_follows_local_subscribers() -> None:
    need_redis()
    table = new_id()
    channel = CHANNEL_PREFIX + table
    fanout = RedisFanout(REDIS_URL)
    await fanout.open()
    client = redis.asyncio.Redis.from_url(REDIS_URL)
    try:
        async with fanout.subscribe(table), fanout.subscribe(table):
            assert await numsub(client, channel) == 1  # one connection per process
        async with asyncio.timeout(5):
            while await numsub(client, channel) != 0:
                await asyncio.sleep(0.01)
        # Subscribing again at once after leaving still works.
        async with fanout.subscribe(table) as messages:
            await fanout.publish(table, "again")
            assert await next_message(messages) == "again"
    finally:
        await client.aclose()
        await fanout.close()


async def test_open_fails_fast_without_redis() -> None:
    fanout = RedisFanout(f"redis://127.0.0.1:{free_port()}", socket_timeout=2)
    with pytest.raises(redis.ConnectionError):
        await fanout.open()


async def test_resubscribes_and_resyncs_after_redis_restart(private_redis: PrivateRedis) -> None:
    fanout = RedisFanout(private_redis.url, min_backoff=0.02, max_backoff=0.2, socket_timeout=2)
    await fanout.open()
    table = new_id()
    try:
        async with fanout.subscribe(table) as messages:
            await fanout.publish(table, "before")
            assert await next_message(messages) == "before"

            private_redis.kill()
            private_redis.start()
            assert await next_message(messages, timeout=10) == RESYNC
            assert fanout.reconnects >= 1
            await fanout.publish(table, "after")
            assert await next_message(messages) == "after"

            # Publishing while Redis is down drops the message and resyncs locally.
            private_redis.kill()
            await fanout.publish(table, "lost")
            assert await next_message(messages) == RESYNC
            private_redis.start()
            async with asyncio.timeout(10):
                while True:  # RESYNC again once resubscribed; then messages flow
                    await fanout.publish(table, "back")
                    if await next_message(messages) == "back":
                        break
    finally:
        await fanout.close()


async def test_subscribing_while_redis_is_down_resyncs_later(
    private_redis: PrivateRedis,
) -> None:
    fanout = RedisFanout(
        private_redis.url,
        min_backoff=0.02,
        max_backoff=0.2,
        subscribe_timeout=0.3,
        socket_timeout=2,
    )
    await fanout.open()
    try:
        private_redis.kill()
        async with fanout.subscribe(new_id()) as messages:
            private_redis.start()
            assert await next_message(messages, timeout=10) == RESYNC
    finally:
        await fanout.close()
