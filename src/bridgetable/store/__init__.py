"""The store layer: the event log (the truth) and the fan-out (news of it).

Two interfaces, each with an embedded and a scale-out implementation, chosen by
URL scheme:

- :class:`EventLog`: :class:`SqliteEventLog` (``sqlite://``, default) and
  :class:`PostgresEventLog` (``postgresql://``);
- :class:`Fanout`: :class:`MemoryFanout` (``memory://``, default) and
  :class:`RedisFanout` (``redis://``).

Typical use by the server, per table::

    await log.append(table_id, seq, event)          # commit first
    await fanout.publish(table_id, message)         # then tell everyone

    async with fanout.subscribe(table_id) as messages:
        events = await log.read(table_id)           # catch up after subscribing
        async for message in messages:
            if message == RESYNC:                   # something was lost:
                ...                                 # read the log again

This package imports nothing else from bridgetable; events are opaque JSON dicts.
"""

from bridgetable.store.errors import (
    SchemaTooNew,
    SequenceConflict,
    StoreError,
    TableExists,
    TableNotFound,
    UnsupportedURL,
)
from bridgetable.store.factory import (
    create_event_log,
    create_fanout,
    open_event_log,
    open_fanout,
)
from bridgetable.store.interfaces import RESYNC, EventLog, Fanout, StoredEvent
from bridgetable.store.memory_fanout import MemoryFanout
from bridgetable.store.postgres_log import PostgresEventLog
from bridgetable.store.redis_fanout import CHANNEL_PREFIX, RedisFanout
from bridgetable.store.sqlite_log import SqliteEventLog
from bridgetable.store.subscription import Subscription

__all__ = [
    "CHANNEL_PREFIX",
    "RESYNC",
    "EventLog",
    "Fanout",
    "MemoryFanout",
    "PostgresEventLog",
    "RedisFanout",
    "SchemaTooNew",
    "SequenceConflict",
    "SqliteEventLog",
    "StoreError",
    "StoredEvent",
    "Subscription",
    "TableExists",
    "TableNotFound",
    "UnsupportedURL",
    "create_event_log",
    "create_fanout",
    "open_event_log",
    "open_fanout",
]
