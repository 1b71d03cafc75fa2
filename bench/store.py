"""Micro-benchmark of the store layer: appends per second, SQLite and PostgreSQL.

Run ``.venv/bin/python bench/store.py`` (``--help`` for options). PostgreSQL comes
from ``BRIDGETABLE_BENCH_DATABASE_URL`` (default: the test database) and is skipped
if unreachable; a throw-away schema is created and dropped.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from bridgetable.store import EventLog, MemoryFanout, PostgresEventLog, RedisFanout, SqliteEventLog

PG_URL = os.environ.get(
    "BRIDGETABLE_BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("BRIDGETABLE_BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
EVENT: dict[str, Any] = {"type": "call", "seat": "N", "call": "1NT", "at": "2024-05-01T10:00:00Z"}


def report(label: str, count: int, seconds: float) -> None:
    print(f"{label:<46} {count / seconds:>10,.0f} /s   ({count} in {seconds:.2f} s)")


async def sequential(log: EventLog, label: str, count: int) -> None:
    table = f"bench-{uuid.uuid4().hex[:8]}"
    await log.create_table(table, {})
    start = time.perf_counter()
    for seq in range(1, count + 1):
        await log.append(table, seq, EVENT)
    report(f"{label}: append, one table, one task", count, time.perf_counter() - start)


async def concurrent(log: EventLog, label: str, tables: int, per_table: int) -> None:
    ids = [f"bench-{uuid.uuid4().hex[:8]}" for _ in range(tables)]
    for table in ids:
        await log.create_table(table, {})

    async def writer(table: str) -> None:
        for seq in range(1, per_table + 1):
            await log.append(table, seq, EVENT)

    start = time.perf_counter()
    await asyncio.gather(*(writer(table) for table in ids))
    elapsed = time.perf_counter() - start
    report(f"{label}: append, {tables} tables in parallel", tables * per_table, elapsed)


async def read_back(log: EventLog, label: str, count: int) -> None:
    table = f"bench-{uuid.uuid4().hex[:8]}"
    await log.create_table(table, {})
    await log.append_many(table, 1, [EVENT] * count)
    start = time.perf_counter()
    events = await log.read(table)
    report(f"{label}: read events of one table", len(events), time.perf_counter() - start)


async def bench_log(log: EventLog, label: str, count: int) -> None:
    await log.open()
    try:
        await sequential(log, label, count)
        await concurrent(log, label, 16, max(1, count // 16))
        await read_back(log, label, count)
    finally:
        await log.close()


async def bench_fanout(label: str, fanout: MemoryFanout | RedisFanout, count: int) -> None:
    await fanout.open()
    try:
        async with fanout.subscribe("bench") as messages:
            start = time.perf_counter()

            async def consume() -> None:
                seen = 0
                async for message in messages:
                    if message == str(count - 1):
                        return
                    seen += 1

            consumer = asyncio.create_task(consume())
            for n in range(count):
                await fanout.publish("bench", str(n))
            await asyncio.wait_for(consumer, 30)
            report(f"{label}: publish and receive", count, time.perf_counter() - start)
    finally:
        await fanout.close()


async def postgres_reachable() -> bool:
    try:
        conn = await psycopg.AsyncConnection.connect(PG_URL, connect_timeout=3)
    except psycopg.Error:
        return False
    await conn.close()
    return True


def fsync_latency(folder: Path, count: int) -> None:
    """How long the disk under `folder` takes to make a small write durable (FULL's cost)."""
    path = folder / "fsync.probe"
    times: list[float] = []
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(count):
            os.write(fd, b"x" * 4096)
            start = time.perf_counter()
            os.fsync(fd)
            times.append(time.perf_counter() - start)
    finally:
        os.close(fd)
        path.unlink()
    times.sort()
    print(
        f"{'fsync of a 4 KB write':<46} p50 {times[len(times) // 2] * 1e3:.2f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * 1e3:.2f} ms, max {times[-1] * 1e3:.2f} ms"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--count", type=int, default=5000, help="appends per run")
    args = parser.parse_args()
    count: int = args.count

    with tempfile.TemporaryDirectory() as tmp:
        fsync_latency(Path(tmp), 300)
        normal = SqliteEventLog(Path(tmp) / "normal.sqlite3", synchronous="NORMAL")
        await bench_log(normal, "SQLite NORMAL", count)
        full = SqliteEventLog(Path(tmp) / "full.sqlite3", synchronous="FULL")
        await bench_log(full, "SQLite FULL", count)

    if await postgres_reachable():
        schema = f"bench_{uuid.uuid4().hex[:8]}"
        try:
            log = PostgresEventLog(PG_URL, schema=schema, pool_size=8)
            await bench_log(log, "PostgreSQL", count)
        finally:
            async with await psycopg.AsyncConnection.connect(PG_URL, autocommit=True) as conn:
                drop = sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE")
                await conn.execute(drop.format(sql.Identifier(schema)))
    else:
        print(f"PostgreSQL not reachable at {PG_URL}: skipped")

    await bench_fanout("MemoryFanout", MemoryFanout(queue_size=count + 1), count)
    try:
        await bench_fanout("RedisFanout", RedisFanout(REDIS_URL, queue_size=count + 1), count)
    except OSError as exc:
        print(f"Redis not reachable at {REDIS_URL}: skipped ({exc})")


if __name__ == "__main__":
    asyncio.run(main())
