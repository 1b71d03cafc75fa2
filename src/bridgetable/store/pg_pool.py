"""A small pool of psycopg 3 async connections (psycopg_pool is not a dependency).

Connections are opened lazily up to ``size`` and kept in autocommit mode. A
connection that broke, was left inside a transaction, or whose task was cancelled
is closed instead of reused; when one breaks, the idle ones are dropped too (after
a server restart they are all dead).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import psycopg
from psycopg.pq import TransactionStatus

T = TypeVar("T")
Connection = psycopg.AsyncConnection[tuple[Any, ...]]


class ConnectionPool:
    """At most ``size`` connections to ``url``, handed out one task at a time."""

    def __init__(self, url: str, size: int = 4, connect_timeout: float = 10.0) -> None:
        if size < 1:
            raise ValueError("a pool needs at least one connection")
        self._url = url
        self._connect_timeout = connect_timeout
        self._slots = asyncio.Semaphore(size)
        self._idle: list[Connection] = []
        self._closed = False

    async def close(self) -> None:
        """Close idle connections; busy ones are closed when given back."""
        self._closed = True
        idle, self._idle = self._idle, []
        for conn in idle:
            await conn.close()

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        """Lend a connection for the duration of the ``async with`` block."""
        if self._closed:
            raise RuntimeError("connection pool is closed")
        async with self._slots:
            conn = self._idle.pop() if self._idle else await self._connect()
            reusable = False
            try:
                yield conn
                reusable = True
            except Exception:
                # An SQL error in autocommit mode leaves the connection usable.
                reusable = True
                raise
            finally:
                await self._give_back(conn, reusable)

    async def run(self, op: Callable[[Connection], Awaitable[T]], *, retry: bool = False) -> T:
        """Run ``op`` on a pooled connection.

        With ``retry`` (for reads, which are safe to repeat) a connection-level
        failure is retried once on a fresh connection.
        """
        try:
            async with self.connection() as conn:
                return await op(conn)
        except psycopg.OperationalError:
            if not retry:
                raise
        async with self.connection() as conn:
            return await op(conn)

    async def _connect(self) -> Connection:
        return await psycopg.AsyncConnection.connect(
            self._url, autocommit=True, connect_timeout=max(1, round(self._connect_timeout))
        )

    async def _give_back(self, conn: Connection, reusable: bool) -> None:
        healthy = (
            reusable
            and not conn.closed
            and not conn.broken
            and conn.info.transaction_status == TransactionStatus.IDLE
        )
        if healthy and not self._closed:
            self._idle.append(conn)
            return
        if conn.broken:
            stale, self._idle = self._idle, []
            for other in stale:
                await other.close()
        await conn.close()
