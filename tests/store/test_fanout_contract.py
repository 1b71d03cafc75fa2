"""The Fanout contract, run against MemoryFanout and RedisFanout alike."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bridgetable.store import RESYNC, MemoryFanout, RedisFanout, Subscription
from tests.store.conftest import OpenFanout, new_id

pytestmark = pytest.mark.asyncio


async def next_message(messages: AsyncIterator[str], timeout: float = 5.0) -> str:
    async with asyncio.timeout(timeout):
        return await anext(messages)


async def wait_until(condition: object, timeout: float = 5.0) -> None:
    """Poll ``condition()`` every few milliseconds, at most ``timeout`` seconds."""
    assert callable(condition)
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def test_publish_reaches_every_subscriber_of_that_table_only(
    open_fanout: OpenFanout,
) -> None:
    fanout = await open_fanout()
    table, other = new_id(), new_id()
    async with (
        fanout.subscribe(table) as first,
        fanout.subscribe(table) as second,
        fanout.subscribe(other) as elsewhere,
    ):
        await fanout.publish(table, '{"seq": 1}')
        await fanout.publish(table, '{"seq": 2}')
        await fanout.publish(other, '{"seq": 9}')
        for messages in (first, second):
            assert await next_message(messages) == '{"seq": 1}'
            assert await next_message(messages) == '{"seq": 2}'
        assert await next_message(elsewhere) == '{"seq": 9}'


async def test_messages_before_subscribing_are_not_received(open_fanout: OpenFanout) -> None:
    fanout = await open_fanout()
    table = new_id()
    await fanout.publish(table, "early")
    async with fanout.subscribe(table) as messages:
        await fanout.publish(table, "late")
        assert await next_message(messages) == "late"


async def test_order_is_kept_for_one_publisher(open_fanout: OpenFanout) -> None:
    fanout = await open_fanout()
    table = new_id()
    async with fanout.subscribe(table) as messages:
        for n in range(50):
            await fanout.publish(table, str(n))
        assert [await next_message(messages) for _ in range(50)] == [str(n) for n in range(50)]


async def test_leaving_the_context_unsubscribes(open_fanout: OpenFanout) -> None:
    fanout = await open_fanout()
    table = new_id()
    async with fanout.subscribe(table) as kept:
        with pytest.raises(RuntimeError, match="consumer failed"):
            async with fanout.subscribe(table) as left:
                assert fanout.subscriber_count(table) == 2
                raise RuntimeError("consumer failed")
        assert fanout.subscriber_count(table) == 1
        await fanout.publish(table, "m")
        assert await next_message(kept) == "m"
        assert isinstance(left, Subscription)
        assert left.pending == 0 and left.ended
        assert [m async for m in left] == []
    assert fanout.subscriber_count(table) == 0


async def test_full_queue_drops_oldest_then_resyncs(open_fanout: OpenFanout) -> None:
    fanout = await open_fanout(queue_size=4)
    table = new_id()
    async with fanout.subscribe(table) as messages:
        assert isinstance(messages, Subscription)
        for n in range(50):
            await fanout.publish(table, str(n))
            assert messages.pending <= 4
        await wait_until(lambda: messages.dropped == 46)
        assert messages.pending == 4
        assert await next_message(messages) == RESYNC
        assert [await next_message(messages) for _ in range(4)] == ["46", "47", "48", "49"]
        await fanout.publish(table, "50")
        assert await next_message(messages) == "50"


async def test_close_ends_iteration(open_fanout: OpenFanout) -> None:
    fanout = await open_fanout()
    table = new_id()
    async with fanout.subscribe(table) as messages:
        waiting = asyncio.create_task(anext(messages))
        await asyncio.sleep(0.05)
        await fanout.close()
        with pytest.raises(StopAsyncIteration):
            async with asyncio.timeout(5):
                await waiting


async def test_unopened_fanout_refuses() -> None:
    for fanout in (MemoryFanout(), RedisFanout("redis://127.0.0.1:1")):
        with pytest.raises(RuntimeError):
            await fanout.publish("t", "m")
        with pytest.raises(RuntimeError):
            async with fanout.subscribe("t"):
                pass
