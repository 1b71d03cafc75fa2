"""The two interfaces of the store layer: :class:`EventLog` and :class:`Fanout`.

The event log is the truth: every table is an append-only list of events numbered
1, 2, 3, ... . The fan-out only carries news of new events between processes and may
lose messages; a consumer that sees a gap in event numbers, or receives
:data:`RESYNC`, reads the log again.

Events and table metadata are opaque JSON-able dicts to this layer.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Final, Protocol

RESYNC: Final[str] = "\x00bridgetable:resync"
"""Sentinel yielded by a subscription when messages may have been lost.

It comes after a fan-out reconnect (Redis restart, network loss) once the
subscription is active again, and after a full queue dropped messages. On
receiving it, catch up by reading the event log from the last event you know.
It starts with a NUL character, so it never equals a JSON message.
"""


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event of a table's log: its table, its position (from 1), its data."""

    table_id: str
    seq: int
    data: dict[str, Any]


class EventLog(Protocol):
    """An append-only, numbered event log per table, shared by every process."""

    async def open(self) -> None:
        """Connect and create or upgrade the schema (idempotent)."""

    async def close(self) -> None:
        """Release connections and threads; the log cannot be used afterwards."""

    async def create_table(self, table_id: str, meta: dict[str, Any]) -> None:
        """Create an empty table with its metadata; raise ``TableExists`` if taken."""

    async def table_meta(self, table_id: str) -> dict[str, Any] | None:
        """Return the metadata given to ``create_table``, or ``None``."""

    async def append(self, table_id: str, seq: int, data: dict[str, Any]) -> None:
        """Write event ``seq``, which must be ``last_seq + 1``; committed on return.

        Raise ``SequenceConflict`` when the position is taken or would leave a
        gap, ``TableNotFound`` when the table was never created.
        """

    async def append_many(
        self, table_id: str, first_seq: int, events: list[dict[str, Any]]
    ) -> None:
        """Write ``events`` at ``first_seq, first_seq + 1, ...``: all or none."""

    async def read(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        """Return the events after position ``after_seq``, in order."""

    async def last_seq(self, table_id: str) -> int:
        """Return the position of the last event, 0 when there is none."""

    async def table_ids(self) -> list[str]:
        """Return the ids of every table, sorted."""

    async def claim_analysis(self, table_id: str, deal: str, stale_after: float) -> bool:
        """Take the work of analysing deal ``deal`` of a table: True for the one caller
        that should do it, False when it is stored or claimed less than
        ``stale_after`` seconds ago; ``TableNotFound`` for an unknown table."""

    async def save_analysis(self, table_id: str, deal: str, data: dict[str, Any]) -> None:
        """Store the analysis of a deal (a JSON-able dict); ``TableNotFound`` if unknown."""

    async def analyses(self, table_id: str) -> dict[str, dict[str, Any]]:
        """Return the stored analyses of a table's deals, by deal key."""


class Fanout(Protocol):
    """Publish/subscribe of short text messages per table, possibly lossy."""

    crosses_processes: bool
    """Whether other processes receive what this one publishes (if not, a process
    that is the only writer of its tables need not publish at all)."""

    async def open(self) -> None:
        """Connect; must be called before publishing or subscribing."""

    async def close(self) -> None:
        """Disconnect and end every open subscription's iteration."""

    async def publish(self, table_id: str, message: str) -> None:
        """Send ``message`` to every current subscriber of ``table_id``."""

    def subscribe(self, table_id: str) -> AbstractAsyncContextManager[AsyncIterator[str]]:
        """Receive the messages of ``table_id`` published while the context is open.

        The subscription is active when the context is entered, so the usual order
        is: subscribe, read the event log, then iterate. Leaving the context always
        unsubscribes. A slow consumer's bounded queue drops the oldest messages and
        the iterator then yields :data:`RESYNC`.
        """
