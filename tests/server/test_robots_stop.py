"""Robots stop for good: no move is scheduled once a move is cancelled or the server
shuts them down."""

from __future__ import annotations

import asyncio
import contextlib
import random

from bridgetable.engine import GameConfig
from bridgetable.server.hub import Hub, LiveTable
from bridgetable.server.robots import Robots, robot_to_move
from bridgetable.server.settings import Settings
from bridgetable.store.memory_fanout import MemoryFanout
from tests.server.test_seat_property import MemoryLog, Scene


async def robots_calling() -> tuple[Hub, Robots, LiveTable]:
    """A table of four robots in the middle of their auction."""
    hub = Hub(Settings(robot_delay=0.05), MemoryLog(), MemoryFanout(), random.Random(1))  # type: ignore[arg-type]
    robots = Robots(hub)
    table = await hub.get(await hub.create(GameConfig("rubber", 4), "person0"))
    assert table is not None
    scene = Scene(hub, table)
    for seat in "NESW":  # four robots: one of them is always to act
        await scene.send(0, "robot", seat=seat, on=True)
    await asyncio.sleep(0.2)
    assert robot_to_move(table.state) is not None
    return hub, robots, table


def pending() -> int:
    """Tasks not done, besides the one asking."""
    return sum(1 for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done())


def test_no_robot_move_is_scheduled_after_stop() -> None:
    async def scene() -> int:
        hub, robots, table = await robots_calling()
        await robots.stop()
        hub.changed(table)  # a late change (a leaving player, say) after the stop
        await asyncio.sleep(0)
        return pending()

    assert asyncio.run(scene()) == 0


def test_a_cancelled_move_schedules_no_next_one() -> None:
    async def scene() -> int:
        _, robots, _ = await robots_calling()
        moves = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        assert moves  # the robot to act is pausing before its call
        for task in moves:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await asyncio.sleep(0)
        left = pending()
        await robots.stop()
        return left

    assert asyncio.run(scene()) == 0
