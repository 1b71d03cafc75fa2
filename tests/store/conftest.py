"""Fixtures for the store tests: real SQLite files, PostgreSQL and Redis.

PostgreSQL comes from ``BRIDGETABLE_TEST_DATABASE_URL`` and Redis from
``BRIDGETABLE_TEST_REDIS_URL``; tests that need one are skipped when it does not
answer. Each PostgreSQL test gets a fresh schema, dropped afterwards; each Redis
test uses fresh table ids, so its channels are its own.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import cache
from pathlib import Path

import psycopg
import pytest
import pytest_asyncio
import redis

from bridgetable.store import (
    EventLog,
    MemoryFanout,
    PostgresEventLog,
    RedisFanout,
    SqliteEventLog,
)

PG_URL = os.environ.get(
    "BRIDGETABLE_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("BRIDGETABLE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")

OpenLog = Callable[[], Awaitable[EventLog]]
OpenFanout = Callable[..., Awaitable[MemoryFanout | RedisFanout]]


@cache
def postgres_available() -> bool:
    """Whether the test PostgreSQL answers."""
    try:
        with psycopg.connect(PG_URL, connect_timeout=3):
            return True
    except psycopg.Error:
        return False


@cache
def redis_available() -> bool:
    """Whether the test Redis answers."""
    try:
        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3, socket_timeout=3)
        with client:
            return bool(client.ping())
    except redis.RedisError:
        return False


def need_postgres() -> None:
    """Skip the current test when PostgreSQL is not reachable."""
    if not postgres_available():
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}")


def need_redis() -> None:
    """Skip the current test when Redis is not reachable."""
    if not redis_available():
        pytest.skip(f"Redis not reachable at {REDIS_URL}")


def new_id(prefix: str = "t") -> str:
    """A table id no other test (or earlier run) uses."""
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


async def drop_schema(schema: str) -> None:
    """Remove a test schema and everything in it."""
    async with await psycopg.AsyncConnection.connect(PG_URL, autocommit=True) as conn:
        await conn.execute(
            psycopg.sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(
                psycopg.sql.Identifier(schema)
            )
        )


@pytest.fixture
def pg_schema() -> str:
    """A fresh schema name (tests using it must drop it, see ``make_postgres_log``)."""
    return f"bt_test_{uuid.uuid4().hex[:16]}"


@pytest_asyncio.fixture
async def make_postgres_log(pg_schema: str) -> AsyncIterator[Callable[..., PostgresEventLog]]:
    """Factory of unopened PostgresEventLog instances sharing one fresh schema."""
    need_postgres()
    made: list[PostgresEventLog] = []

    def make(url: str = PG_URL) -> PostgresEventLog:
        log = PostgresEventLog(url, schema=pg_schema, pool_size=3)
        made.append(log)
        return log

    yield make
    for log in made:
        await log.close()
    await drop_schema(pg_schema)


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def open_log(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    pg_schema: str,
) -> AsyncIterator[OpenLog]:
    """Factory opening a new log instance (think: a new process) on shared storage.

    Every instance is closed at the end of the test.
    """
    kind: str = request.param
    if kind == "postgres":
        need_postgres()
    opened: list[EventLog] = []

    async def open_one() -> EventLog:
        log: EventLog
        if kind == "sqlite":
            log = SqliteEventLog(tmp_path / "events.sqlite3")
        else:
            log = PostgresEventLog(PG_URL, schema=pg_schema, pool_size=3)
        await log.open()
        opened.append(log)
        return log

    yield open_one
    for log in opened:
        await log.close()
    if kind == "postgres":
        await drop_schema(pg_schema)


@pytest_asyncio.fixture
async def log(open_log: OpenLog) -> EventLog:
    """One opened log (SQLite or PostgreSQL)."""
    return await open_log()


@pytest_asyncio.fixture(params=["memory", "redis"])
async def open_fanout(request: pytest.FixtureRequest) -> AsyncIterator[OpenFanout]:
    """Factory opening a fan-out (Memory or Redis); all are closed afterwards."""
    kind: str = request.param
    if kind == "redis":
        need_redis()
    opened: list[MemoryFanout | RedisFanout] = []

    async def open_one(queue_size: int = 64) -> MemoryFanout | RedisFanout:
        fanout: MemoryFanout | RedisFanout
        if kind == "memory":
            fanout = MemoryFanout(queue_size=queue_size)
        else:
            fanout = RedisFanout(REDIS_URL, queue_size=queue_size, subscribe_timeout=5.0)
        await fanout.open()
        opened.append(fanout)
        return fanout

    yield open_one
    for fanout in opened:
        await fanout.close()
