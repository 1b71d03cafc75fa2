"""Tables held in memory over the event log, and the connections watching each.

The log is the truth and memory a cache of its fold: an action is checked against the
in-memory state, appended (committed) to the log, and only then acknowledged,
published to the other processes and sent to every connection. If the append fails
(another process took that position), the table is reloaded from the log and the
action checked again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from bridgetable.engine import GameConfig, Seat
from bridgetable.formats.actions_json import config_to_json
from bridgetable.server.commands import Command
from bridgetable.server.errors import ProtocolError
from bridgetable.server.messages import (
    ViewCache,
    dumps,
    error_message,
    state_message,
)
from bridgetable.server.outbox import Outbox
from bridgetable.server.rejoin import issue, link_for
from bridgetable.server.settings import Settings
from bridgetable.server.table import Event, TableState, check_engine, decide
from bridgetable.store import RESYNC, EventLog, Fanout, SequenceConflict

log = logging.getLogger(__name__)
APPEND_ATTEMPTS = 5


@dataclass(eq=False)
class Connection:
    """One WebSocket of one player (or spectator) at one table."""

    player: str
    """The public id of the player's token."""
    token: str
    """The player's token itself: it derives the player's rejoin keys and never leaves
    the server (no message carries it)."""
    client: str
    outbox: Outbox
    name: str | None = None
    closed: bool = False
    on_overflow: Callable[[], None] = field(default=lambda: None)

    def send(self, message: str) -> None:
        """Queue a message; a client too slow to keep up is cut off, never buffered."""
        if not self.closed and not self.outbox.put(message):
            self.closed = True
            self.on_overflow()


class LiveTable:
    """One table in memory: its state, its connections, its subscription."""

    def __init__(self, hub: Hub, state: TableState) -> None:
        self.hub = hub
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.cache = ViewCache()
        self.presence = 0
        self.shown = state.seq
        """The last event a broadcast has shown every connection."""
        self.idle_since = time.monotonic()
        self.broadcast_at = self.idle_since
        """When the connections were last told of a change."""
        self.listener: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        """The table's id."""
        return self.state.id

    def online(self) -> set[str]:
        """Players with at least one open connection."""
        return {conn.player for conn in self.connections}

    # -- connections --------------------------------------------------------

    def join(self, conn: Connection) -> None:
        """Add a connection and tell everyone who is here now."""
        before = self.online()
        self.connections.add(conn)
        if conn.player not in before:
            self.presence += 1
            self.broadcast()
        else:
            self.send_state(conn)

    def leave(self, conn: Connection) -> None:
        """Remove a connection; others learn if its player is gone."""
        self.connections.discard(conn)
        if not self.connections:
            self.idle_since = time.monotonic()
        if conn.player not in self.online():
            self.presence += 1
            self.broadcast()

    def send_state(
        self,
        conn: Connection,
        online: set[str] | None = None,
        ack: int | None = None,
        first: int | None = None,
    ) -> None:
        """Send one connection the full state as it may see it (acknowledging `ack`;
        `first`: the first of the new events it shows)."""
        state = self.state
        online = self.online() if online is None else online
        seat = state.seat_of(conn.player)
        info = state.seats.get(seat) if seat is not None else None
        me: dict[str, Any] = {
            "name": info.name if info is not None else conn.name,
            "creator": conn.player == state.creator,
            "rejoin": link_for(state, seat, conn.token) if seat is not None else None,
        }
        conn.send(
            state_message(
                state, self.cache, online, self.presence, seat=seat, me=me, ack=ack, first=first
            )
        )

    def broadcast(self, acked: Connection | None = None, seq: int | None = None) -> None:
        """Send every connection its own view of the current state; `acked` learns in
        its own that its action `seq` is done.

        Several events committed together (an action and the deal it completes, a
        robot's move, events caught up from the log) make one state: it says `first`,
        the first of the events no broadcast has shown yet, so that clients tell such
        a batch from a gap.
        """
        first = self.shown + 1 if self.state.seq > self.shown else None
        self.shown = self.state.seq
        self.broadcast_at = time.monotonic()
        online = self.online()  # once, not once per connection
        for conn in list(self.connections):
            self.send_state(conn, online, seq if conn is acked else None, first)

    # -- actions --------------------------------------------------------------

    async def submit(self, conn: Connection, command: Command) -> None:
        """Check, log and apply one action, then tell everyone; refusals go to `conn` only."""
        async with self.lock:
            try:
                try:
                    committed = await self._commit(conn, command)
                except ProtocolError:
                    # Another process may have logged moves we never heard of (it died
                    # between its commit and its fan-out): judge again against the log.
                    if not await self._heard_newer():
                        raise
                    self.broadcast()
                    committed = await self._commit(conn, command)
            except ProtocolError as error:
                conn.send(error_message(self.state.seq, command.seq, error.code, error.message))
                return
            if committed is None:  # a resend of an action already in the log
                self.send_state(conn, ack=command.seq)
                return
            first, events = committed
            self.broadcast(conn, command.seq)
        await self.hub.publish(self.id, first, events)
        self.hub.changed(self)

    async def commit_events(self, make: Callable[[TableState], list[Event]]) -> bool:
        """Check and log events the server makes itself (a robot's move); False if none.

        `make` is asked again after a lost race, against the reloaded state.
        """
        async with self.lock:
            for _ in range(APPEND_ATTEMPTS):
                state = self.state
                first = state.seq + 1
                events = make(state)
                if not events:
                    return False
                try:
                    for event in events:
                        check_engine(state, event)
                    events.extend(state.settle(self.hub.rng))
                    if await self._append(first, events):
                        break
                except ProtocolError:
                    await self.reload()
                    return False
            else:
                return False
            self.broadcast()
        await self.hub.publish(self.id, first, events)
        self.hub.changed(self)
        return True

    async def _commit(self, conn: Connection, command: Command) -> tuple[int, list[Event]] | None:
        """Append the command's events; None if the log already holds this action."""
        for _ in range(APPEND_ATTEMPTS):
            state = self.state
            if state.is_duplicate(conn.client, command.seq):
                return None
            first = state.seq + 1
            event = decide(state, conn.player, command, self.online(), conn.name)
            if event["t"] == "sit":  # the new holder's private key to this seat
                event.update(issue(conn.token, state.id, Seat.parse(event["seat"])))
            event["client"] = conn.client
            event["cseq"] = command.seq
            check_engine(state, event)  # raises, changing nothing, if illegal
            events = [event, *state.settle(self.hub.rng)]
            if await self._append(first, events):
                return first, events
        raise ProtocolError("busy", "The table is busy; please try again.")

    async def _append(self, first: int, events: list[Event]) -> bool:
        """Append to the log; on a lost race reload from the log and return False."""
        try:
            await self.hub.log.append_many(self.id, first, events)
            return True
        except SequenceConflict:
            await self.reload()
            return False
        except Exception:
            log.exception("appending to table %s failed", self.id)
            await self.reload()
            raise ProtocolError(
                "unavailable", "The game could not be saved; please retry."
            ) from None

    async def _read_newer(self) -> bool:
        """Apply events in the log that this process has not heard of; True if any.

        Only where other processes write this table; the caller holds the lock.
        """
        if not self.hub.fanout.crosses_processes:
            return False
        newer = await self.hub.log.read(self.id, self.state.seq)
        for stored in newer:
            self.state.apply(stored.data)
        return bool(newer)

    async def _heard_newer(self) -> bool:
        """`_read_newer`, where a log that cannot be read means nothing newer."""
        try:
            return await self._read_newer()
        except Exception:
            log.warning("reading the log of table %s failed", self.id)
            return False

    async def refresh(self) -> None:
        """Catch up with the log if other processes write this table (a client joins,
        or the table has been quiet: a fan-out message may have been lost). Best
        effort: if the log cannot be read now, the next refresh tries again."""
        if not self.hub.fanout.crosses_processes:
            return
        try:
            await self.catch_up()
        except Exception:
            log.warning("reading the log of table %s failed", self.id)

    async def reload(self) -> None:
        """Rebuild the state from the log (after a lost race or a failed write)."""
        self.state = await self.hub.load_state(self.id)
        self.cache = ViewCache()

    # -- other processes --------------------------------------------------------

    async def catch_up(self, first: int | None = None, events: list[Event] | None = None) -> None:
        """Apply events published by another process, reading the log if any are missing."""
        async with self.lock:
            state = self.state
            if first is not None and events is not None and first == state.seq + 1:
                for event in events:
                    state.apply(event)
            elif first is None or first > state.seq:
                if not await self._read_newer():
                    return
            else:
                return
            self.broadcast()
        self.hub.changed(self)

    async def listen(self) -> None:
        """Follow the table's channel for as long as the table is in memory.

        If the fan-out fails, subscribe again (after a pause) and catch up from the log.
        """
        while True:
            try:
                await self._follow()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("lost the channel of table %s; subscribing again", self.id)
            await asyncio.sleep(1.0)

    async def _follow(self) -> None:
        async with self.hub.fanout.subscribe(self.id) as messages:
            await self.catch_up()  # anything appended before the subscription began
            async for message in messages:
                if message == RESYNC:
                    await self.catch_up()
                    continue
                data = orjson.loads(message)
                if data.get("from") == self.hub.instance:
                    continue
                await self.catch_up(data["seq"], data["events"])


@dataclass(eq=False)
class _Loading:
    """The lock that makes concurrent lookups of one table load it once, and its users."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class Hub:
    """All the tables this process holds, over one event log and one fan-out."""

    def __init__(
        self,
        settings: Settings,
        event_log: EventLog,
        fanout: Fanout,
        rng: random.Random | None = None,
    ) -> None:
        self.settings = settings
        self.log = event_log
        self.fanout = fanout
        self.rng = rng or secrets.SystemRandom()
        self.instance = secrets.token_hex(8)
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, _Loading] = {}
        self._listeners: list[Callable[[LiveTable], None]] = []
        self._sweeper: asyncio.Task[None] | None = None
        self._quiet: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Begin sweeping idle tables out of memory."""
        self._sweeper = asyncio.create_task(self._sweep())
        if self.fanout.crosses_processes:
            self._quiet = asyncio.create_task(self._check_quiet())

    async def stop(self) -> None:
        """Stop every background task."""
        tasks = [t.listener for t in self.tables.values() if t.listener] + [
            task for task in (self._sweeper, self._quiet) if task is not None
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def on_change(self, listener: Callable[[LiveTable], None]) -> None:
        """Call `listener` after every change of any table (robots use it)."""
        self._listeners.append(listener)

    def changed(self, table: LiveTable) -> None:
        """Tell the listeners a table changed."""
        for listener in self._listeners:
            listener(table)

    async def create(self, config: GameConfig, creator: str) -> str:
        """Create a table; its id is 128 random bits, unguessable."""
        table_id = secrets.token_urlsafe(16)
        meta = {"config": config_to_json(config), "creator": creator, "created": time.time()}
        await self.log.create_table(table_id, meta)
        return table_id

    async def load_state(self, table_id: str) -> TableState:
        """The table's state folded from its whole log."""
        meta = await self.log.table_meta(table_id)
        if meta is None:
            raise KeyError(table_id)
        state = TableState(table_id, meta)
        for stored in await self.log.read(table_id, 0):
            state.apply(stored.data)
        return state

    async def get(self, table_id: str) -> LiveTable | None:
        """The table in memory, loading it from the log if needed; None if unknown.

        An unknown id leaves nothing behind: its loading lock goes with its last user.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = _Loading()
        loading.users += 1
        try:
            async with loading.lock:
                table = self.tables.get(table_id)
                if table is None:
                    try:
                        state = await self.load_state(table_id)
                    except KeyError:
                        return None
                    table = LiveTable(self, state)
                    if self.fanout.crosses_processes:  # else no one else writes this table
                        table.listener = asyncio.create_task(table.listen())
                    self.tables[table_id] = table
                    self.changed(table)  # robots resume at a table that comes back
        finally:
            loading.users -= 1
            if loading.users == 0:
                del self._loading[table_id]
        return table

    def loading(self) -> int:
        """How many table ids are being looked up right now (for /api/stats)."""
        return len(self._loading)

    async def publish(self, table_id: str, first: int, events: list[Event]) -> None:
        """Tell the other processes about new events (they may miss it: the log is truth)."""
        if not self.fanout.crosses_processes:
            return
        message = dumps({"from": self.instance, "seq": first, "events": events})
        try:
            await self.fanout.publish(table_id, message)
        except Exception:
            log.warning("publishing to table %s failed; others will catch up", table_id)

    async def _check_quiet(self) -> None:
        """Read the log of tables that have been quiet a while with people at them.

        A process that dies between logging a move and fanning it out (or a lost
        fan-out message) would otherwise leave this process's players a move behind,
        waiting for a turn the log has already given them.
        """
        quiet = self.settings.quiet_seconds
        while True:
            await asyncio.sleep(quiet)
            now = time.monotonic()
            for table in list(self.tables.values()):
                if table.connections and now - table.broadcast_at > quiet:
                    await table.refresh()

    async def _sweep(self) -> None:
        interval = min(30.0, max(0.5, self.settings.idle_seconds / 4))
        while True:
            await asyncio.sleep(interval)
            now = time.monotonic()
            for table_id, table in list(self.tables.items()):
                if not table.connections and now - table.idle_since > self.settings.idle_seconds:
                    del self.tables[table_id]
                    if table.listener is not None:
                        table.listener.cancel()
