"""The EventLog contract, run against SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bridgetable.store import (
    EventLog,
    PostgresEventLog,
    SequenceConflict,
    SqliteEventLog,
    StoredEvent,
    TableExists,
    TableNotFound,
)
from bridgetable.store.sqlite_log import MIGRATIONS as SQLITE_MIGRATIONS
from tests.store.conftest import OpenLog, new_id

pytestmark = pytest.mark.asyncio


async def new_table(log: EventLog, **meta: Any) -> str:
    table_id = new_id()
    await log.create_table(table_id, {"game": "bridge", **meta})
    return table_id


async def test_append_then_read_in_order(log: EventLog) -> None:
    table = await new_table(log)
    for seq in range(1, 6):
        await log.append(table, seq, {"n": seq, "call": f"{seq}NT"})
    events = await log.read(table)
    assert events == [StoredEvent(table, n, {"n": n, "call": f"{n}NT"}) for n in range(1, 6)]


async def test_read_after_seq(log: EventLog) -> None:
    table = await new_table(log)
    await log.append_many(table, 1, [{"n": n} for n in range(1, 11)])
    assert [e.seq for e in await log.read(table, after_seq=7)] == [8, 9, 10]
    assert await log.read(table, after_seq=10) == []
    assert len(await log.read(table, after_seq=0)) == 10


async def test_last_seq(log: EventLog) -> None:
    table = await new_table(log)
    assert await log.last_seq(table) == 0
    await log.append(table, 1, {})
    await log.append(table, 2, {})
    assert await log.last_seq(table) == 2
    assert await log.last_seq(new_id("unknown")) == 0


async def test_taken_position_is_a_conflict(log: EventLog) -> None:
    table = await new_table(log)
    await log.append(table, 1, {"by": "first"})
    with pytest.raises(SequenceConflict) as info:
        await log.append(table, 1, {"by": "second"})
    assert (info.value.table_id, info.value.seq) == (table, 1)
    assert await log.read(table) == [StoredEvent(table, 1, {"by": "first"})]


@pytest.mark.parametrize("seq", [0, -1, 3, 100])
async def test_gap_or_bad_position_is_a_conflict(log: EventLog, seq: int) -> None:
    table = await new_table(log)
    await log.append(table, 1, {})
    with pytest.raises(SequenceConflict) as info:
        await log.append(table, seq, {})
    assert info.value.seq == seq
    assert info.value.last_seq == 1
    assert await log.last_seq(table) == 1


async def test_first_event_is_number_one(log: EventLog) -> None:
    table = await new_table(log)
    with pytest.raises(SequenceConflict):
        await log.append(table, 2, {})
    await log.append(table, 1, {})


async def test_two_instances_race_for_each_position(open_log: OpenLog) -> None:
    first, second = await open_log(), await open_log()
    table = new_id()
    await first.create_table(table, {})
    winners = []
    for seq in range(1, 26):
        results = await asyncio.gather(
            first.append(table, seq, {"by": "first"}),
            second.append(table, seq, {"by": "second"}),
            return_exceptions=True,
        )
        assert sum(r is None for r in results) == 1, results
        assert sum(isinstance(r, SequenceConflict) for r in results) == 1, results
        winners.append("first" if results[0] is None else "second")
    events = await second.read(table)
    assert [e.seq for e in events] == list(range(1, 26))
    assert [e.data["by"] for e in events] == winners


async def test_many_tasks_race_for_one_position(open_log: OpenLog) -> None:
    log, other = await open_log(), await open_log()
    table = new_id()
    await log.create_table(table, {})
    attempts = [log.append(table, 1, {"task": i}) for i in range(8)]
    attempts += [other.append(table, 1, {"task": 8 + i}) for i in range(8)]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    assert sum(r is None for r in results) == 1
    assert all(r is None or isinstance(r, SequenceConflict) for r in results)
    assert await log.last_seq(table) == 1


async def test_append_many_writes_consecutive_positions(log: EventLog) -> None:
    table = await new_table(log)
    await log.append(table, 1, {"n": 1})
    await log.append_many(table, 2, [{"n": 2}, {"n": 3}, {"n": 4}])
    assert [(e.seq, e.data["n"]) for e in await log.read(table)] == [(n, n) for n in range(1, 5)]
    await log.append_many(table, 5, [])
    assert await log.last_seq(table) == 4


async def test_append_many_is_all_or_nothing(log: EventLog) -> None:
    table = await new_table(log)
    await log.append_many(table, 1, [{"n": 1}, {"n": 2}, {"n": 3}])
    with pytest.raises(SequenceConflict):
        await log.append_many(table, 3, [{"n": "x"}, {"n": "y"}, {"n": "z"}])
    with pytest.raises(SequenceConflict):
        await log.append_many(table, 5, [{"n": "x"}, {"n": "y"}])
    with pytest.raises(TypeError):
        await log.append_many(table, 4, [{"n": 4}, {"n": {1, 2}}])
    assert [e.data["n"] for e in await log.read(table)] == [1, 2, 3]
    with pytest.raises(TableNotFound):
        await log.append_many(new_id("unknown"), 1, [{"n": 1}, {"n": 2}])


async def test_durable_across_reopen(open_log: OpenLog) -> None:
    log = await open_log()
    table = await new_table(log, seats={"N": "ann"})
    await log.append_many(table, 1, [{"n": n} for n in range(1, 4)])
    await log.close()
    reopened = await open_log()
    assert [e.data for e in await reopened.read(table)] == [{"n": 1}, {"n": 2}, {"n": 3}]
    assert await reopened.table_meta(table) == {"game": "bridge", "seats": {"N": "ann"}}
    await reopened.append(table, 4, {"n": 4})
    assert await reopened.last_seq(table) == 4


async def test_migrations_are_idempotent(open_log: OpenLog) -> None:
    # Two opening at once (a race on the migration), then one more afterwards.
    first, second = await asyncio.gather(open_log(), open_log())
    third = await open_log()
    for log in (first, second, third):
        assert isinstance(log, SqliteEventLog | PostgresEventLog)
        assert await log.schema_version() == len(SQLITE_MIGRATIONS)
    table = await new_table(first)
    await second.append(table, 1, {})
    assert await third.last_seq(table) == 1


async def test_table_ids_are_sorted(log: EventLog) -> None:
    ids = [f"{new_id()}-{n}" for n in (3, 1, 2)]
    for table_id in ids:
        await log.create_table(table_id, {})
    assert await log.table_ids() == sorted(ids)


async def test_table_meta(log: EventLog) -> None:
    meta = {"game": "draw", "seats": {"N": None, "S": "bob"}, "created": "2024-05-01T10:00:00Z"}
    table = new_id()
    await log.create_table(table, meta)
    assert await log.table_meta(table) == meta
    assert await log.table_meta(new_id("unknown")) is None
    with pytest.raises(TableExists):
        await log.create_table(table, {"game": "other"})
    assert await log.table_meta(table) == meta


async def test_append_to_unknown_table(log: EventLog) -> None:
    unknown = new_id("unknown")
    with pytest.raises(TableNotFound) as info:
        await log.append(unknown, 1, {})
    assert info.value.table_id == unknown
    with pytest.raises(TableNotFound):
        await log.append(unknown, 7, {})
    assert await log.read(unknown) == []
    assert unknown not in await log.table_ids()


async def test_data_round_trips(log: EventLog) -> None:
    table = await new_table(log)
    data = {
        "chat": "nul\x00 and émoji ♠♥♦♣ 🂡",
        "nested": {"list": [1, 2.5, None, True, "x"]},
        "big": 2**53 + 1,
    }
    await log.append(table, 1, data)
    assert (await log.read(table))[0].data == data


async def test_only_dicts_are_events(log: EventLog) -> None:
    table = await new_table(log)
    with pytest.raises(TypeError):
        await log.append(table, 1, ["not", "a", "dict"])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await log.append(table, 1, {"x": float("nan")})
    assert await log.last_seq(table) == 0


async def test_unopened_or_closed_log_refuses(open_log: OpenLog) -> None:
    log = await open_log()
    await log.close()
    await log.close()  # closing twice is harmless
    with pytest.raises(RuntimeError):
        await log.read("any")
