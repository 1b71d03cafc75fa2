"""Stored deal analyses: claimed once, saved, read back, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio

import pytest

from bridgetable.store import EventLog, TableNotFound
from tests.store.conftest import OpenLog, new_id

pytestmark = pytest.mark.asyncio


async def new_table(log: EventLog) -> str:
    table_id = new_id()
    await log.create_table(table_id, {})
    return table_id


async def test_save_and_read_back(open_log: OpenLog) -> None:
    log = await open_log()
    table = await new_table(log)
    assert await log.analyses(table) == {}
    await log.save_analysis(table, "1-1", {"par": {"score": 420}})
    await log.save_analysis(table, "1-2", {"par": {"score": -50}})
    again = await open_log()  # another process, or after a restart
    assert await again.analyses(table) == {
        "1-1": {"par": {"score": 420}},
        "1-2": {"par": {"score": -50}},
    }


async def test_only_one_claim_wins(open_log: OpenLog) -> None:
    first, second = await open_log(), await open_log()
    table = await new_table(first)
    claims = await asyncio.gather(
        *(log.claim_analysis(table, "1-1", 60) for log in (first, second, first, second))
    )
    assert sorted(claims) == [False, False, False, True]
    assert await first.analyses(table) == {}  # a claim is not a result


async def test_a_saved_deal_is_never_claimed_again(open_log: OpenLog) -> None:
    log = await open_log()
    table = await new_table(log)
    assert await log.claim_analysis(table, "1-1", 60)
    await log.save_analysis(table, "1-1", {"x": 1})
    assert not await log.claim_analysis(table, "1-1", 0)  # even with a stale claim
    assert await log.analyses(table) == {"1-1": {"x": 1}}


async def test_a_stale_claim_is_taken_over(open_log: OpenLog) -> None:
    log = await open_log()
    table = await new_table(log)
    assert await log.claim_analysis(table, "1-1", 60)
    assert not await log.claim_analysis(table, "1-1", 60)
    assert await log.claim_analysis(table, "1-1", -1)  # the first claimant died


async def test_unknown_table_is_refused(open_log: OpenLog) -> None:
    log = await open_log()
    with pytest.raises(TableNotFound):
        await log.claim_analysis("no-such-table", "1-1", 60)
    with pytest.raises(TableNotFound):
        await log.save_analysis("no-such-table", "1-1", {})
    assert await log.analyses("no-such-table") == {}
