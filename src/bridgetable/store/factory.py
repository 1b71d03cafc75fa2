"""Pick and open an event log and a fan-out from URLs (the scheme decides)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import parse_qs, urlsplit

from bridgetable.store.errors import UnsupportedURL
from bridgetable.store.interfaces import EventLog, Fanout
from bridgetable.store.memory_fanout import MemoryFanout
from bridgetable.store.postgres_log import PostgresEventLog
from bridgetable.store.redis_fanout import RedisFanout
from bridgetable.store.sqlite_log import SqliteEventLog

DEFAULT_SQLITE_NAME = "bridgetable.sqlite3"
"""File name of the SQLite log inside the data directory when no path is given."""


def _scheme(url: str) -> str:
    return url.partition("://")[0].lower() if "://" in url else ""


def sqlite_path(database_url: str | None, data_dir: Path) -> Path:
    """Return the SQLite file named by ``database_url``.

    ``None``, ``sqlite://`` and ``sqlite:///`` mean ``data_dir/bridgetable.sqlite3``;
    ``sqlite:///name.db`` is relative to ``data_dir``; ``sqlite:////abs/name.db``
    (four slashes) is an absolute path. A ``?query`` is not part of the path.

    >>> sqlite_path("sqlite:///x.db", Path("/srv/data")).as_posix()
    '/srv/data/x.db'
    >>> sqlite_path("sqlite:////tmp/x.db?synchronous=normal", Path("/srv/data")).as_posix()
    '/tmp/x.db'
    """
    if database_url is None:
        return data_dir / DEFAULT_SQLITE_NAME
    rest = database_url.partition("://")[2].partition("?")[0]
    if rest and not rest.startswith("/"):
        raise ValueError(f"SQLite URL takes no host: use sqlite:///path, not {database_url!r}")
    path = rest[1:]
    if not path:
        return data_dir / DEFAULT_SQLITE_NAME
    return data_dir / path  # an absolute path replaces data_dir


def _sqlite_synchronous(database_url: str | None) -> Literal["NORMAL", "FULL"]:
    query = parse_qs(urlsplit(database_url or "").query)
    value = query.get("synchronous", ["FULL"])[-1].upper()
    if value not in ("NORMAL", "FULL"):
        raise ValueError(f"synchronous must be NORMAL or FULL, not {value!r}")
    return "NORMAL" if value == "NORMAL" else "FULL"


def create_event_log(database_url: str | None, data_dir: Path) -> EventLog:
    """Return an unopened event log for ``database_url``.

    ``None`` or ``sqlite://...`` gives :class:`SqliteEventLog` (add
    ``?synchronous=normal`` to trade power-loss durability for speed);
    ``postgresql://...`` (or ``postgres://``) gives :class:`PostgresEventLog`.
    Any other scheme raises :class:`UnsupportedURL`.
    """
    scheme = "sqlite" if database_url is None else _scheme(database_url)
    if scheme == "sqlite":
        path = sqlite_path(database_url, data_dir)
        return SqliteEventLog(path, synchronous=_sqlite_synchronous(database_url))
    if scheme in ("postgresql", "postgres") and database_url is not None:
        return PostgresEventLog(database_url)
    raise UnsupportedURL("database", scheme, ("sqlite", "postgresql"))


async def open_event_log(database_url: str | None, data_dir: Path) -> EventLog:
    """Return the event log for ``database_url``, opened (schema migrated)."""
    log = create_event_log(database_url, data_dir)
    await log.open()
    return log


def create_fanout(redis_url: str | None) -> Fanout:
    """Return an unopened fan-out for ``redis_url``.

    ``None`` or ``memory://`` gives :class:`MemoryFanout`; ``redis://...`` or
    ``rediss://...`` (TLS) gives :class:`RedisFanout`. Any other scheme raises
    :class:`UnsupportedURL`.
    """
    scheme = "memory" if redis_url is None else _scheme(redis_url)
    if scheme == "memory":
        return MemoryFanout()
    if scheme in ("redis", "rediss") and redis_url is not None:
        return RedisFanout(redis_url)
    raise UnsupportedURL("fan-out", scheme, ("memory", "redis", "rediss"))


async def open_fanout(redis_url: str | None) -> Fanout:
    """Return the fan-out for ``redis_url``, opened."""
    fanout = create_fanout(redis_url)
    await fanout.open()
    return fanout
