"""Choosing backends by URL scheme."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.store import (
    MemoryFanout,
    PostgresEventLog,
    RedisFanout,
    SqliteEventLog,
    UnsupportedURL,
    create_event_log,
    create_fanout,
    open_event_log,
    open_fanout,
)
from bridgetable.store.factory import sqlite_path
from tests.store.conftest import REDIS_URL, need_redis


def test_sqlite_paths(tmp_path: Path) -> None:
    default = tmp_path / "bridgetable.sqlite3"
    assert sqlite_path(None, tmp_path) == default
    assert sqlite_path("sqlite://", tmp_path) == default
    assert sqlite_path("sqlite:///", tmp_path) == default
    assert sqlite_path("sqlite:///games.db", tmp_path) == tmp_path / "games.db"
    assert sqlite_path("sqlite:////srv/x/games.db", tmp_path) == Path("/srv/x/games.db")
    with pytest.raises(ValueError):
        sqlite_path("sqlite://host/games.db", tmp_path)


def test_event_log_by_scheme(tmp_path: Path) -> None:
    log = create_event_log(None, tmp_path)
    assert isinstance(log, SqliteEventLog)
    assert log.path == tmp_path / "bridgetable.sqlite3"
    assert log.synchronous == "FULL"
    fast = create_event_log("sqlite:///x.db?synchronous=normal", tmp_path)
    assert isinstance(fast, SqliteEventLog)
    assert (fast.path, fast.synchronous) == (tmp_path / "x.db", "NORMAL")
    with pytest.raises(ValueError):
        create_event_log("sqlite:///x.db?synchronous=off", tmp_path)
    for url in ("postgresql://u@h/db", "postgres://u@h/db", "POSTGRESQL://u@h/db"):
        assert isinstance(create_event_log(url, tmp_path), PostgresEventLog)


@pytest.mark.parametrize("url", ["mysql://root:secret@h/db", "/var/db.sqlite3", "memory://"])
def test_unknown_database_scheme(tmp_path: Path, url: str) -> None:
    with pytest.raises(UnsupportedURL) as info:
        create_event_log(url, tmp_path)
    assert isinstance(info.value, ValueError)
    assert "secret" not in str(info.value)


def test_fanout_by_scheme() -> None:
    assert isinstance(create_fanout(None), MemoryFanout)
    assert isinstance(create_fanout("memory://"), MemoryFanout)
    assert isinstance(create_fanout("redis://127.0.0.1:6379/0"), RedisFanout)
    assert isinstance(create_fanout("rediss://example.org:6380"), RedisFanout)
    with pytest.raises(UnsupportedURL):
        create_fanout("kafka://broker:9092")


@pytest.mark.asyncio
async def test_open_event_log_returns_an_opened_log(tmp_path: Path) -> None:
    log = await open_event_log(None, tmp_path / "data")
    try:
        await log.create_table("t", {})
        assert await log.table_ids() == ["t"]
    finally:
        await log.close()
    assert (tmp_path / "data" / "bridgetable.sqlite3").exists()


@pytest.mark.asyncio
@pytest.mark.parametrize("url", [None, "memory://", REDIS_URL])
async def test_open_fanout_returns_an_opened_fanout(url: str | None) -> None:
    if url == REDIS_URL:
        need_redis()
    fanout = await open_fanout(url)
    try:
        async with fanout.subscribe("factory-test") as messages:
            await fanout.publish("factory-test", "hi")
            assert await anext(messages) == "hi"
    finally:
        await fanout.close()
