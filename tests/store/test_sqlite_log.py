"""SqliteEventLog specifics: WAL file, constraint in the schema, hard-kill durability."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgetable.store import (
    SchemaTooNew,
    SequenceConflict,
    SqliteEventLog,
    TableNotFound,
)

WRITER = """
import asyncio, sys
from bridgetable.store import SqliteEventLog

async def main() -> None:
    log = SqliteEventLog(sys.argv[1], synchronous=sys.argv[2])
    await log.open()
    await log.create_table("t", {"game": "bridge"})
    seq = 1
    while True:
        await log.append("t", seq, {"n": seq, "pad": "x" * 200})
        print(seq, flush=True)  # printed only once committed
        seq += 1

asyncio.run(main())
"""


@pytest.mark.parametrize("synchronous", ["NORMAL", "FULL"])
def test_every_printed_event_survives_sigkill(tmp_path: Path, synchronous: str) -> None:
    path = tmp_path / "killed.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), synchronous], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    printed: list[int] = []
    deadline = time.monotonic() + 30
    try:
        while len(printed) < 500 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            printed.append(int(line))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    printed += [int(line) for line in proc.stdout.read().split()]
    proc.stdout.close()
    assert len(printed) >= 500, "the writer died or was too slow"

    async def reopen() -> list[int]:
        async with SqliteEventLog(path) as log:
            return [event.seq for event in await log.read("t")]

    stored = asyncio.run(reopen())
    assert stored[: len(printed)] == printed
    assert stored == list(range(1, len(stored) + 1))


RACER = """
import asyncio, sys
from bridgetable.store import SequenceConflict, SqliteEventLog

async def main() -> None:
    log = SqliteEventLog(sys.argv[1])
    await log.open()
    wins = 0
    for seq in range(1, int(sys.argv[2]) + 1):
        try:
            await log.append("t", seq, {"by": sys.argv[3]})
            wins += 1
        except SequenceConflict:
            pass
    await log.close()
    print(wins)

asyncio.run(main())
"""


def test_processes_racing_write_each_position_once(tmp_path: Path) -> None:
    path = tmp_path / "race.sqlite3"

    async def setup() -> None:
        async with SqliteEventLog(path) as log:
            await log.create_table("t", {})

    asyncio.run(setup())
    count = 300
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(path), str(count), name],
            stdout=subprocess.PIPE,
            text=True,
        )
        for name in ("a", "b", "c")
    ]
    wins = [int(racer.communicate(timeout=60)[0]) for racer in racers]
    assert sum(wins) == count

    async def check() -> list[int]:
        async with SqliteEventLog(path) as log:
            return [event.seq for event in await log.read("t")]

    assert asyncio.run(check()) == list(range(1, count + 1))


@pytest.mark.asyncio
async def test_file_is_in_wal_mode_with_a_primary_key(tmp_path: Path) -> None:
    path = tmp_path / "wal.sqlite3"
    async with SqliteEventLog(path) as log:
        await log.create_table("t", {})
        await log.append("t", 1, {})
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        # The database itself refuses a second event at a taken position.
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute("INSERT INTO events (table_id, seq, data) VALUES ('t', 1, '{}')")
    finally:
        raw.close()


@pytest.mark.asyncio
async def test_normal_synchronous_mode(tmp_path: Path) -> None:
    async with SqliteEventLog(tmp_path / "normal.sqlite3", synchronous="NORMAL") as log:
        await log.create_table("t", {})
        await log.append("t", 1, {"ok": True})
        assert await log.last_seq("t") == 1


@pytest.mark.asyncio
async def test_appends_arriving_together_share_a_commit_but_fail_alone(tmp_path: Path) -> None:
    async with SqliteEventLog(tmp_path / "group.sqlite3") as log:
        tables = [f"t{n}" for n in range(5)]
        for table in tables:
            await log.create_table(table, {})
        attempts = [log.append(table, 1, {"try": k}) for k in range(4) for table in tables]
        attempts.append(log.append("missing", 1, {}))
        attempts.append(log.append_many("t0", 9, [{}, {}]))
        results = await asyncio.gather(*attempts, return_exceptions=True)
        assert sum(r is None for r in results) == len(tables)
        assert isinstance(results[-2], TableNotFound)
        assert isinstance(results[-1], SequenceConflict)
        for table in tables:
            assert [e.data for e in await log.read(table)] == [{"try": 0}]
        await log.append_many("t0", 2, [{"n": 2}, {"n": 3}])
        assert await log.last_seq("t0") == 3


@pytest.mark.asyncio
async def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    async with SqliteEventLog(path):
        pass
    raw = sqlite3.connect(path)
    raw.execute("INSERT INTO schema_version VALUES (99, 'later')")
    raw.commit()
    raw.close()
    with pytest.raises(SchemaTooNew):
        await SqliteEventLog(path).open()


@pytest.mark.asyncio
async def test_creates_missing_directories(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "log.sqlite3"
    async with SqliteEventLog(path) as log:
        assert await log.table_ids() == []
    assert path.exists()
