"""PostgresEventLog specifics: schema, constraint, migrations, lost connections."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from psycopg import sql

from bridgetable.store import PostgresEventLog, SchemaTooNew
from bridgetable.store.postgres_log import MIGRATIONS
from tests.store.conftest import PG_URL

pytestmark = pytest.mark.asyncio

MakeLog = Callable[..., PostgresEventLog]


async def admin() -> psycopg.AsyncConnection[tuple[Any, ...]]:
    return await psycopg.AsyncConnection.connect(PG_URL, autocommit=True)


async def test_schema_has_the_unique_position_constraint(
    make_postgres_log: MakeLog, pg_schema: str
) -> None:
    log = make_postgres_log()
    await log.open()
    await log.create_table("t", {})
    await log.append("t", 1, {})
    async with await admin() as conn:
        insert = sql.SQL("INSERT INTO {}.events (table_id, seq, data) VALUES ('t', 1, '{{}}')")
        with pytest.raises(psycopg.errors.UniqueViolation):
            await conn.execute(insert.format(sql.Identifier(pg_schema)))
        version = sql.SQL("SELECT max(version) FROM {}.schema_version")
        row = await (await conn.execute(version.format(sql.Identifier(pg_schema)))).fetchone()
        assert row == (len(MIGRATIONS),)


async def test_newer_schema_is_refused(make_postgres_log: MakeLog, pg_schema: str) -> None:
    log = make_postgres_log()
    await log.open()
    await log.close()
    async with await admin() as conn:
        bump = sql.SQL("INSERT INTO {}.schema_version (version) VALUES (99)")
        await conn.execute(bump.format(sql.Identifier(pg_schema)))
    with pytest.raises(SchemaTooNew):
        await make_postgres_log().open()


async def test_recovers_when_its_connections_are_killed(
    make_postgres_log: MakeLog, pg_schema: str
) -> None:
    separator = "&" if "?" in PG_URL else "?"
    log = make_postgres_log(f"{PG_URL}{separator}application_name={pg_schema}")
    await log.open()
    await log.create_table("t", {})
    await log.append("t", 1, {})
    async with await admin() as conn:
        # Terminate the log's connections (as a server restart would).
        row = await (
            await conn.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name = %s",
                (pg_schema,),
            )
        ).fetchone()
        assert row is not None and row[0] >= 1
    # Reads are retried once on a fresh connection; writes surface the error once.
    assert await log.last_seq("t") == 1
    for seq in (2, 3):
        try:
            await log.append("t", seq, {})
        except psycopg.OperationalError:
            await log.append("t", seq, {})
    assert [e.seq for e in await log.read("t")] == [1, 2, 3]
