"""The outbox a connection's messages wait in."""

from __future__ import annotations

import asyncio

import pytest

from bridgetable.server.outbox import Outbox

pytestmark = pytest.mark.asyncio


async def test_messages_come_out_in_order_and_wake_a_waiting_sender() -> None:
    outbox = Outbox(limit=4)
    waiting = asyncio.create_task(outbox.get())
    await asyncio.sleep(0)
    assert not waiting.done()
    assert outbox.put("one")
    assert await asyncio.wait_for(waiting, 1) == "one"
    for text in ("two", "three"):
        outbox.put(text)
    assert [await outbox.get(), await outbox.get()] == ["two", "three"]


async def test_a_client_that_falls_behind_overflows_and_nothing_more_is_queued() -> None:
    outbox = Outbox(limit=2)
    assert outbox.put("a") and outbox.put("b")
    assert not outbox.overflowed
    assert not outbox.put("c")
    assert outbox.overflowed
    assert [await outbox.get(), await outbox.get()] == ["a", "b"]
    assert outbox.put("d")  # room again once the sender caught up
    assert await outbox.get() == "d"


async def test_a_cancelled_sender_does_not_break_the_next_put() -> None:
    outbox = Outbox(limit=2)
    waiting = asyncio.create_task(outbox.get())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert outbox.put("after")
    assert await outbox.get() == "after"
