"""The scale-out event log: PostgreSQL through psycopg 3 (async).

Tables live in their own schema (``bridgetable`` by default). The primary key
``(table_id, seq)`` guarantees one event per position even with many processes;
an append is a single ``INSERT ... SELECT`` that only inserts when ``seq`` follows
the last committed event, so gaps are refused as well. It runs in autocommit mode:
committed (and, with PostgreSQL's default ``synchronous_commit``, flushed) when
``append`` returns.

Event data and metadata are stored as ``json``, not ``jsonb``: the text is kept as
written (jsonb would refuse strings containing NUL, e.g. from a chat line) and
inserting is cheaper; PostgreSQL's JSON operators still work on it.
"""

from __future__ import annotations

import time
import zlib
from typing import Any

from psycopg import errors, sql

from bridgetable.store.codec import decode, encode
from bridgetable.store.errors import SchemaTooNew, SequenceConflict, TableExists, TableNotFound
from bridgetable.store.interfaces import StoredEvent
from bridgetable.store.pg_pool import Connection, ConnectionPool

# Each migration is a list of statements run in one transaction; {s} is the schema.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE {s}.tables (table_id text PRIMARY KEY, meta json NOT NULL)",
        "CREATE TABLE {s}.events ("
        " table_id text NOT NULL REFERENCES {s}.tables (table_id),"
        " seq bigint NOT NULL CHECK (seq >= 1),"
        " data json NOT NULL,"
        " PRIMARY KEY (table_id, seq))",
    ),
    (
        "CREATE TABLE {s}.analyses ("
        " table_id text NOT NULL REFERENCES {s}.tables (table_id),"
        " deal text NOT NULL,"
        " claimed_at double precision NOT NULL,"
        " data json,"
        " PRIMARY KEY (table_id, deal))",
    ),
)

_APPEND = """
INSERT INTO {s}.events (table_id, seq, data)
SELECT %(table)s::text, %(first)s::bigint + u.ord - 1, u.data::json
FROM unnest(%(data)s::text[]) WITH ORDINALITY AS u (data, ord)
WHERE (SELECT coalesce(max(seq), 0) FROM {s}.events WHERE table_id = %(table)s::text)
    = %(first)s::bigint - 1
"""
_STATE = """
SELECT EXISTS (SELECT 1 FROM {s}.tables WHERE table_id = %(table)s::text),
    (SELECT coalesce(max(seq), 0) FROM {s}.events WHERE table_id = %(table)s::text)
"""


_CLAIM = """
INSERT INTO {s}.analyses AS a (table_id, deal, claimed_at) VALUES (%s, %s, %s)
ON CONFLICT (table_id, deal) DO UPDATE SET claimed_at = excluded.claimed_at
WHERE a.data IS NULL AND a.claimed_at < %s
"""
_SAVE = """
INSERT INTO {s}.analyses (table_id, deal, claimed_at, data) VALUES (%s, %s, %s, %s::json)
ON CONFLICT (table_id, deal) DO UPDATE SET data = excluded.data
"""


def _q(template: str, schema: str) -> sql.Composed:
    return sql.SQL(template).format(s=sql.Identifier(schema))


class PostgresEventLog:
    """:class:`~bridgetable.store.interfaces.EventLog` in PostgreSQL at ``url``.

    ``schema`` is created if missing; ``pool_size`` connections at most are opened.
    """

    def __init__(
        self,
        url: str,
        *,
        schema: str = "bridgetable",
        pool_size: int = 4,
        connect_timeout: float = 10.0,
    ) -> None:
        self.schema = schema
        self._url = url
        self._pool_size = pool_size
        self._connect_timeout = connect_timeout
        self._pool: ConnectionPool | None = None
        self._append = _q(_APPEND, schema)
        self._state = _q(_STATE, schema)
        self._create = _q("INSERT INTO {s}.tables (table_id, meta) VALUES (%s, %s::json)", schema)
        self._meta = _q("SELECT meta FROM {s}.tables WHERE table_id = %s", schema)
        self._read = _q(
            "SELECT seq, data FROM {s}.events WHERE table_id = %s AND seq > %s ORDER BY seq",
            schema,
        )
        self._last = _q("SELECT coalesce(max(seq), 0) FROM {s}.events WHERE table_id = %s", schema)
        self._ids = _q("SELECT table_id FROM {s}.tables ORDER BY table_id", schema)
        self._claim = _q(_CLAIM, schema)
        self._save = _q(_SAVE, schema)
        self._analyses = _q(
            "SELECT deal, data FROM {s}.analyses WHERE table_id = %s AND data IS NOT NULL",
            schema,
        )
        self._version = _q("SELECT coalesce(max(version), 0) FROM {s}.schema_version", schema)

    async def open(self) -> None:
        """Connect and apply pending migrations (serialized by an advisory lock)."""
        if self._pool is not None:
            raise RuntimeError("PostgresEventLog is already open")
        pool = ConnectionPool(self._url, self._pool_size, self._connect_timeout)
        try:
            await pool.run(self._migrate)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Close every connection."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def __aenter__(self) -> PostgresEventLog:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def create_table(self, table_id: str, meta: dict[str, Any]) -> None:
        """Create an empty table; raise ``TableExists`` if the id is taken."""
        text = encode(meta)

        async def run(conn: Connection) -> None:
            try:
                await conn.execute(self._create, (table_id, text))
            except errors.UniqueViolation:
                raise TableExists(table_id) from None

        await self._require().run(run)

    async def table_meta(self, table_id: str) -> dict[str, Any] | None:
        """Return the table's metadata, or ``None`` if there is no such table."""

        async def run(conn: Connection) -> dict[str, Any] | None:
            row = await (await conn.execute(self._meta, (table_id,))).fetchone()
            return None if row is None else _as_dict(row[0])

        return await self._require().run(run, retry=True)

    async def append(self, table_id: str, seq: int, data: dict[str, Any]) -> None:
        """Write event ``seq`` (must be ``last_seq + 1``); committed on return."""
        await self.append_many(table_id, seq, [data])

    async def append_many(
        self, table_id: str, first_seq: int, events: list[dict[str, Any]]
    ) -> None:
        """Write ``events`` from position ``first_seq`` in one statement: all or none.

        An empty list writes nothing and checks nothing.
        """
        if not events:
            return
        params = {"table": table_id, "first": first_seq, "data": [encode(e) for e in events]}

        async def run(conn: Connection) -> None:
            try:
                cur = await conn.execute(self._append, params)
            except errors.UniqueViolation:
                raise SequenceConflict(table_id, first_seq) from None
            except errors.ForeignKeyViolation:
                raise TableNotFound(table_id) from None
            if cur.rowcount == len(events):
                return
            row = await (await conn.execute(self._state, {"table": table_id})).fetchone()
            assert row is not None
            if not row[0]:
                raise TableNotFound(table_id)
            raise SequenceConflict(table_id, first_seq, int(row[1]))

        await self._require().run(run)

    async def read(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        """Return the table's events after ``after_seq`` in order ([] if unknown)."""

        async def run(conn: Connection) -> list[StoredEvent]:
            cur = await conn.execute(self._read, (table_id, after_seq))
            rows = await cur.fetchall()
            return [StoredEvent(table_id, int(seq), _as_dict(data)) for seq, data in rows]

        return await self._require().run(run, retry=True)

    async def last_seq(self, table_id: str) -> int:
        """Return the position of the table's last event, 0 when it has none."""

        async def run(conn: Connection) -> int:
            row = await (await conn.execute(self._last, (table_id,))).fetchone()
            assert row is not None
            return int(row[0])

        return await self._require().run(run, retry=True)

    async def table_ids(self) -> list[str]:
        """Return the ids of every table, sorted."""

        async def run(conn: Connection) -> list[str]:
            return [str(row[0]) for row in await (await conn.execute(self._ids)).fetchall()]

        return await self._require().run(run, retry=True)

    async def claim_analysis(self, table_id: str, deal: str, stale_after: float) -> bool:
        """Take the work of analysing a deal; False if it is done or another has it.

        A claim older than ``stale_after`` seconds without a result is taken over (its
        process may have died).
        """
        now = time.time()

        async def run(conn: Connection) -> bool:
            try:
                cur = await conn.execute(self._claim, (table_id, deal, now, now - stale_after))
            except errors.ForeignKeyViolation:
                raise TableNotFound(table_id) from None
            return cur.rowcount == 1

        return await self._require().run(run)

    async def save_analysis(self, table_id: str, deal: str, data: dict[str, Any]) -> None:
        """Store the analysis of a deal (replacing any claim or earlier result)."""
        params = (table_id, deal, time.time(), encode(data))

        async def run(conn: Connection) -> None:
            try:
                await conn.execute(self._save, params)
            except errors.ForeignKeyViolation:
                raise TableNotFound(table_id) from None

        await self._require().run(run)

    async def analyses(self, table_id: str) -> dict[str, dict[str, Any]]:
        """The stored analyses of a table's deals, by deal key."""

        async def run(conn: Connection) -> dict[str, dict[str, Any]]:
            rows = await (await conn.execute(self._analyses, (table_id,))).fetchall()
            return {str(deal): _as_dict(data) for deal, data in rows}

        return await self._require().run(run, retry=True)

    async def schema_version(self) -> int:
        """Return the schema version recorded in the database."""

        async def run(conn: Connection) -> int:
            row = await (await conn.execute(self._version)).fetchone()
            assert row is not None
            return int(row[0])

        return await self._require().run(run, retry=True)

    def _require(self) -> ConnectionPool:
        if self._pool is None:
            raise RuntimeError("PostgresEventLog is not open")
        return self._pool

    async def _migrate(self, conn: Connection) -> None:
        lock_key = zlib.crc32(f"bridgetable.store:{self.schema}".encode())
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s::bigint)", (lock_key,))
            cur = await conn.execute(
                "SELECT 1 FROM pg_namespace WHERE nspname = %s", (self.schema,)
            )
            if await cur.fetchone() is None:
                await conn.execute(_q("CREATE SCHEMA {s}", self.schema))
            await conn.execute(
                _q(
                    "CREATE TABLE IF NOT EXISTS {s}.schema_version (version integer PRIMARY KEY,"
                    " applied_at timestamptz NOT NULL DEFAULT now())",
                    self.schema,
                )
            )
            row = await (await conn.execute(self._version)).fetchone()
            current = int(row[0]) if row else 0
            if current > len(MIGRATIONS):
                raise SchemaTooNew(current, len(MIGRATIONS))
            for version in range(current + 1, len(MIGRATIONS) + 1):
                for statement in MIGRATIONS[version - 1]:
                    await conn.execute(_q(statement, self.schema))
                await conn.execute(
                    _q("INSERT INTO {s}.schema_version (version) VALUES (%s)", self.schema),
                    (version,),
                )


def _as_dict(value: object) -> dict[str, Any]:
    """psycopg loads json itself; accept text too in case a loader was changed."""
    if isinstance(value, str):
        return decode(value)
    if not isinstance(value, dict):
        raise ValueError("stored JSON is not an object")
    return value
