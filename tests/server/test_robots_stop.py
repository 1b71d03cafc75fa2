"""Robots stop for good: no move is scheduled once the server shuts them down."""

from __future__ import annotations

import asyncio
import random

from bridgetable.engine import GameConfig
from bridgetable.server.hub import Hub
from bridgetable.server.robots import Robots, robot_to_move
from bridgetable.server.settings import Settings
from bridgetable.store.memory_fanout import MemoryFanout
from tests.server.test_seat_property import MemoryLog, Scene


async def robots_stopped_mid_deal() -> tuple[int, bool]:
    """Tasks still pending after `Robots.stop`, and whether a robot was to move."""
    hub = Hub(Settings(robot_delay=0.05), MemoryLog(), MemoryFanout(), random.Random(1))  # type: ignore[arg-type]
    robots = Robots(hub)
    table_id = await hub.create(GameConfig("rubber", 4), "person0")
    table = await hub.get(table_id)
    assert table is not None
    scene = Scene(hub, table)
    for seat in "NESW":  # four robots: one of them is always to act
        await scene.send(0, "robot", seat=seat, on=True)
    await asyncio.sleep(0.2)  # the robots are calling
    moving = robot_to_move(table.state) is not None
    await robots.stop()
    hub.changed(table)  # a late change (a leaving player, say) after the stop
    await asyncio.sleep(0)
    pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
    return len(pending), moving


def test_no_robot_move_is_scheduled_after_stop() -> None:
    pending, in_play = asyncio.run(robots_stopped_mid_deal())
    assert in_play
    assert pending == 0
