"""Robots in empty seats: they see their seat's view and send ordinary actions.

A robot's decision runs in a separate process so that a slow double-dummy solve never
delays any table; its action goes through the same checks and the same log as a
person's. Whichever process holds the table may run a robot: the log accepts one event
per position, so one robot move per turn stands and the others are dropped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
from typing import Any

from bridgetable.engine import Seat
from bridgetable.engine.deal import Phase
from bridgetable.engine.views import seat_view
from bridgetable.formats.actions_json import action_to_json
from bridgetable.server.commands import parse_message
from bridgetable.server.hub import Hub, LiveTable
from bridgetable.server.messages import dumps
from bridgetable.server.table import Event, TableState, engine_action
from bridgetable.server.workers import worker_pool

log = logging.getLogger(__name__)
ROBOT_MESSAGE_LIMIT = 4096


def robot_decision(view: dict[str, Any], budget: float) -> dict[str, Any] | None:
    """Run in a worker process: the robot's chosen action for this view."""
    from bridgetable.bots.robot import RobotConfig, decide

    return decide(view, RobotConfig(budget_seconds=budget))


def fallback_decision(view: dict[str, Any]) -> dict[str, Any] | None:
    """A legal action without thinking, for when a decision fails or takes too long."""
    deal = view.get("deal") or {}
    seat = view.get("seat")
    for pending, kind in (("claim", "answer_claim"), ("undo", "answer_undo")):
        request = deal.get(pending)
        if request and seat in request["responders"] and seat not in request["accepted"]:
            return {"type": kind, "accept": pending == "undo"}
    legal = deal.get("legal") or {}
    if legal.get("calls"):
        return {"type": "call", "call": "P"}
    if legal.get("cards"):
        return {"type": "play", "card": legal["cards"][0]}
    return None


def robot_to_move(state: TableState) -> Seat | None:
    """The robot seat that must act now, if any."""
    robots = state.robots()
    if not robots:
        return None
    deal = state.game.deal
    if deal is None or deal.phase is Phase.OVER or state.game.sheet.over:
        return None
    for pending in (deal.claim, deal.undo):
        if pending is not None:
            for seat in pending.responders:
                if seat in robots and seat not in pending.accepted:
                    return seat
            return None
    turn = state.game.turn
    return turn if turn in robots else None


class Robots:
    """Watches tables and moves their robots after a short, natural pause."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.delay = hub.settings.robot_delay
        self.budget = hub.settings.robot_budget
        self.workers = hub.settings.robot_workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._busy: dict[str, asyncio.Task[None]] = {}
        self._stopped = False
        hub.on_change(self.table_changed)

    def table_changed(self, table: LiveTable) -> None:
        """Schedule a robot move if a robot is to act and none is thinking already."""
        if self._stopped or table.id in self._busy or robot_to_move(table.state) is None:
            return
        self._busy[table.id] = asyncio.get_running_loop().create_task(self._move(table))

    async def _move(self, table: LiveTable) -> None:
        try:
            await self._act(table)
        except Exception:
            log.exception("robot move at table %s failed", table.id)
        finally:
            self._busy.pop(table.id, None)
        # the next robot may be to act now; a cancelled move (at shutdown, or a loop
        # closing) never gets here, so it schedules nothing
        current = self.hub.tables.get(table.id)
        if current is not None:
            self.table_changed(current)

    async def _act(self, table: LiveTable) -> None:
        """After a natural pause, the robot to move decides and acts (or a plain legal
        action if its decision is refused)."""
        await asyncio.sleep(self.delay)
        state = table.state
        seat = robot_to_move(state)
        if seat is None:
            return
        seq = state.seq
        view = seat_view(state.game, seat)
        action = await self._decide(view)
        if action is None:
            return

        def make(current: TableState) -> list[Event]:
            # the table moved on while the robot thought (or another process moved)
            if current.seq != seq or robot_to_move(current) != seat:
                return []
            return [_robot_event(seat, action)]

        if not await table.commit_events(make):
            fallback = fallback_decision(view)
            if fallback is not None and fallback != action:
                await table.commit_events(
                    lambda current: [] if current.seq != seq else [_robot_event(seat, fallback)]
                )

    async def _decide(self, view: dict[str, Any]) -> dict[str, Any] | None:
        loop = asyncio.get_running_loop()
        try:
            pool = self._executor()
            future = loop.run_in_executor(pool, robot_decision, view, self.budget)
            # generous: the first decision also starts the worker process
            return await asyncio.wait_for(future, timeout=self.budget * 8 + 10)
        except Exception:
            log.warning("robot decision failed; playing a plain legal action", exc_info=True)
            return fallback_decision(view)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    async def stop(self) -> None:
        """Stop thinking and shut the worker processes down; no move starts after this,
        whatever changes at the tables while the server shuts down."""
        self._stopped = True
        for task in list(self._busy.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _robot_event(seat: Seat, action: dict[str, Any]) -> Event:
    """The event for a robot's action, read by the same code as a person's message."""
    command = parse_message(dumps({"v": 1, "seq": 1, **action}), ROBOT_MESSAGE_LIMIT)
    return {
        "t": "action",
        "action": action_to_json(engine_action(seat, command)),
        "robot": seat.name,
    }
