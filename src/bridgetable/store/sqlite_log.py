"""The embedded event log: one SQLite file, written from one dedicated thread.

Durability: the file is in WAL mode. With ``synchronous="FULL"`` (the default)
every commit is fsync'ed before ``append`` returns, so it survives a process kill
and a power loss or OS crash alike. With ``synchronous="NORMAL"`` a commit is
written to the WAL (the OS page cache) but not fsync'ed: it survives the process
being killed (SIGKILL, crash, OOM; tested), but the last commits may be lost if the
*machine* goes down. NORMAL is about twice as fast for a single writer; because
appends arriving together share one commit (group commit), FULL already does
thousands per second, hence the default. Either way the log is never corrupt and
never has a gap.

Several processes may open the same file: writes take SQLite's write lock
(``BEGIN IMMEDIATE``) and waiting for it is bounded by ``busy_timeout``.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from bridgetable.store.codec import decode, encode
from bridgetable.store.errors import SchemaTooNew, SequenceConflict, TableExists, TableNotFound
from bridgetable.store.interfaces import StoredEvent
from bridgetable.store.sqlite_worker import SqliteWorker

T = TypeVar("T")

# Each migration is a list of statements run in one transaction. Append only.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE tables (table_id TEXT PRIMARY KEY, meta TEXT NOT NULL)",
        "CREATE TABLE events ("
        " table_id TEXT NOT NULL REFERENCES tables (table_id),"
        " seq INTEGER NOT NULL CHECK (seq >= 1),"
        " data TEXT NOT NULL,"
        " PRIMARY KEY (table_id, seq)"
        ") WITHOUT ROWID",
    ),
    (
        "CREATE TABLE analyses ("
        " table_id TEXT NOT NULL REFERENCES tables (table_id),"
        " deal TEXT NOT NULL,"
        " claimed_at REAL NOT NULL,"
        " data TEXT,"
        " PRIMARY KEY (table_id, deal)"
        ") WITHOUT ROWID",
    ),
)

_STATE = (
    "SELECT EXISTS (SELECT 1 FROM tables WHERE table_id = ?),"
    " (SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?)"
)
_INSERT = "INSERT INTO events (table_id, seq, data) VALUES (?, ?, ?)"
_CLAIM = (
    "INSERT INTO analyses (table_id, deal, claimed_at) VALUES (?, ?, ?)"
    " ON CONFLICT (table_id, deal) DO UPDATE SET claimed_at = excluded.claimed_at"
    " WHERE analyses.data IS NULL AND analyses.claimed_at < ?"
)
_SAVE = (
    "INSERT INTO analyses (table_id, deal, claimed_at, data) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (table_id, deal) DO UPDATE SET data = excluded.data"
)


class SqliteEventLog:
    """:class:`~bridgetable.store.interfaces.EventLog` in a SQLite file at ``path``.

    Every database call runs on one worker thread with its own connection, so the
    event loop never blocks and writes from this process are serialized; appends
    that arrive together are committed together (see :mod:`.sqlite_worker`).
    """

    def __init__(
        self,
        path: Path | str,
        *,
        synchronous: Literal["NORMAL", "FULL"] = "FULL",
        busy_timeout: float = 10.0,
    ) -> None:
        self.path = Path(path)
        self.synchronous = synchronous
        self.busy_timeout = busy_timeout
        self._worker: SqliteWorker | None = None

    async def open(self) -> None:
        """Open the file (created if missing) and apply pending migrations."""
        if self._worker is not None:
            raise RuntimeError("SqliteEventLog is already open")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        worker = SqliteWorker(self._connect, name=f"bridgetable-sqlite:{self.path.name}")
        await worker.start()
        self._worker = worker

    async def close(self) -> None:
        """Finish calls in flight, close the connection and stop the worker thread."""
        worker, self._worker = self._worker, None
        if worker is not None:
            await worker.stop()

    async def __aenter__(self) -> SqliteEventLog:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def create_table(self, table_id: str, meta: dict[str, Any]) -> None:
        """Create an empty table; raise ``TableExists`` if the id is taken."""
        text = encode(meta)

        def run(conn: sqlite3.Connection) -> None:
            try:
                conn.execute("INSERT INTO tables (table_id, meta) VALUES (?, ?)", (table_id, text))
            except sqlite3.IntegrityError:
                raise TableExists(table_id) from None

        await self._call(run, write=True)

    async def table_meta(self, table_id: str) -> dict[str, Any] | None:
        """Return the table's metadata, or ``None`` if there is no such table."""

        def run(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT meta FROM tables WHERE table_id = ?", (table_id,)).fetchone()
            return None if row is None else str(row[0])

        text = await self._call(run)
        return None if text is None else decode(text)

    async def append(self, table_id: str, seq: int, data: dict[str, Any]) -> None:
        """Write event ``seq`` (must be ``last_seq + 1``); committed on return."""
        await self.append_many(table_id, seq, [data])

    async def append_many(
        self, table_id: str, first_seq: int, events: list[dict[str, Any]]
    ) -> None:
        """Write ``events`` from position ``first_seq`` in one transaction.

        An empty list writes nothing and checks nothing.
        """
        if not events:
            return
        rows = [(table_id, first_seq + i, encode(data)) for i, data in enumerate(events)]

        def run(conn: sqlite3.Connection) -> None:  # inside a transaction and a savepoint
            exists, last = conn.execute(_STATE, (table_id, table_id)).fetchone()
            if not exists:
                raise TableNotFound(table_id)
            if first_seq != last + 1:
                raise SequenceConflict(table_id, first_seq, last)
            try:
                conn.executemany(_INSERT, rows)
            except sqlite3.IntegrityError:
                raise SequenceConflict(table_id, first_seq, last) from None

        await self._call(run, write=True)

    async def read(self, table_id: str, after_seq: int = 0) -> list[StoredEvent]:
        """Return the table's events after ``after_seq`` in order ([] if unknown)."""

        def run(conn: sqlite3.Connection) -> list[tuple[int, str]]:
            return conn.execute(
                "SELECT seq, data FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after_seq),
            ).fetchall()

        rows = await self._call(run)
        return [StoredEvent(table_id, seq, decode(text)) for seq, text in rows]

    async def last_seq(self, table_id: str) -> int:
        """Return the position of the table's last event, 0 when it has none."""

        def run(conn: sqlite3.Connection) -> int:
            sql = "SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?"
            return int(conn.execute(sql, (table_id,)).fetchone()[0])

        return await self._call(run)

    async def table_ids(self) -> list[str]:
        """Return the ids of every table, sorted."""

        def run(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute("SELECT table_id FROM tables ORDER BY table_id").fetchall()
            return [str(row[0]) for row in rows]

        return await self._call(run)

    async def claim_analysis(self, table_id: str, deal: str, stale_after: float) -> bool:
        """Take the work of analysing a deal; False if it is done or another has it.

        A claim older than ``stale_after`` seconds without a result is taken over (its
        process may have died).
        """
        now = time.time()

        def run(conn: sqlite3.Connection) -> bool:
            try:
                cursor = conn.execute(_CLAIM, (table_id, deal, now, now - stale_after))
            except sqlite3.IntegrityError:
                raise TableNotFound(table_id) from None
            return cursor.rowcount == 1

        return await self._call(run, write=True)

    async def save_analysis(self, table_id: str, deal: str, data: dict[str, Any]) -> None:
        """Store the analysis of a deal (replacing any claim or earlier result)."""
        text = encode(data)

        def run(conn: sqlite3.Connection) -> None:
            try:
                conn.execute(_SAVE, (table_id, deal, time.time(), text))
            except sqlite3.IntegrityError:
                raise TableNotFound(table_id) from None

        await self._call(run, write=True)

    async def analyses(self, table_id: str) -> dict[str, dict[str, Any]]:
        """The stored analyses of a table's deals, by deal key."""

        def run(conn: sqlite3.Connection) -> list[tuple[str, str]]:
            sql = "SELECT deal, data FROM analyses WHERE table_id = ? AND data IS NOT NULL"
            return conn.execute(sql, (table_id,)).fetchall()

        return {deal: decode(text) for deal, text in await self._call(run)}

    async def schema_version(self) -> int:
        """Return the schema version recorded in the file."""

        def run(conn: sqlite3.Connection) -> int:
            return _current_version(conn)

        return await self._call(run)

    async def _call(self, fn: Callable[[sqlite3.Connection], T], *, write: bool = False) -> T:
        if self._worker is None:
            raise RuntimeError("SqliteEventLog is not open")
        return await self._worker.call(fn, write=write)

    def _connect(self) -> sqlite3.Connection:
        """Open and prepare the connection (on the worker thread)."""
        conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        try:
            mode = _enter_wal_mode(conn, self.busy_timeout)
            if str(mode).lower() != "wal":
                raise RuntimeError(f"{self.path}: cannot use WAL journal mode (got {mode})")
            conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            conn.execute("PRAGMA foreign_keys = ON")
            _migrate(conn)
        except BaseException:
            conn.close()
            raise
        return conn


def _enter_wal_mode(conn: sqlite3.Connection, timeout: float) -> str:
    """Switch a file to WAL; return the journal mode it is in.

    When several processes open a new file at once, the switch can fail with
    SQLITE_BUSY without SQLite's busy handler waiting, so retry up to ``timeout``.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            return str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as exc:
            busy = getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_BUSY
            if not busy or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def _current_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0])


def _migrate(conn: sqlite3.Connection) -> None:
    """Apply the migrations the file lacks, under the write lock (idempotent)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        current = _current_version(conn)
        if current > len(MIGRATIONS):
            raise SchemaTooNew(current, len(MIGRATIONS))
        for version in range(current + 1, len(MIGRATIONS) + 1):
            for statement in MIGRATIONS[version - 1]:
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_version VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                (version,),
            )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
