"""Subscription: the bounded per-consumer queue behind both fan-outs."""

from __future__ import annotations

import asyncio

import pytest

from bridgetable.store import RESYNC, Subscription

pytestmark = pytest.mark.asyncio


async def take(subscription: Subscription, count: int) -> list[str]:
    async with asyncio.timeout(2):
        return [await anext(subscription) for _ in range(count)]


async def test_messages_come_out_in_order() -> None:
    subscription = Subscription("t", 8)
    for message in ("a", "b", "c"):
        subscription.deliver(message)
    assert subscription.pending == 3
    assert await take(subscription, 3) == ["a", "b", "c"]


async def test_overflow_evicts_oldest_and_resyncs_once() -> None:
    subscription = Subscription("t", 3)
    for n in range(10):
        subscription.deliver(str(n))
    assert (subscription.pending, subscription.dropped) == (3, 7)
    assert await take(subscription, 4) == [RESYNC, "7", "8", "9"]
    subscription.deliver("10")
    assert await take(subscription, 1) == ["10"]


async def test_resync_wakes_a_waiting_consumer() -> None:
    subscription = Subscription("t", 2)
    waiting = asyncio.create_task(anext(subscription))
    await asyncio.sleep(0.01)
    subscription.resync()
    subscription.resync()
    assert await asyncio.wait_for(waiting, 2) == RESYNC
    assert subscription.pending == 0
    subscription.deliver("x")
    assert await take(subscription, 1) == ["x"]


async def test_resync_comes_before_queued_messages() -> None:
    subscription = Subscription("t", 2)
    subscription.deliver("a")
    subscription.resync()
    assert await take(subscription, 2) == [RESYNC, "a"]


async def test_wake_marker_is_evicted_first_and_not_counted() -> None:
    subscription = Subscription("t", 1)
    subscription.resync()  # leaves a marker in the empty queue
    subscription.deliver("a")
    assert (subscription.pending, subscription.dropped) == (1, 0)
    assert await take(subscription, 2) == [RESYNC, "a"]


async def test_end_stops_iteration_and_wakes_the_consumer() -> None:
    subscription = Subscription("t", 2)
    waiting = asyncio.create_task(anext(subscription))
    await asyncio.sleep(0.01)
    subscription.end()
    with pytest.raises(StopAsyncIteration):
        await asyncio.wait_for(waiting, 2)
    subscription.deliver("ignored")
    assert subscription.pending == 0
    assert [m async for m in subscription] == []


async def test_queue_must_hold_something() -> None:
    with pytest.raises(ValueError):
        Subscription("t", 0)
