"""The thread that owns a SQLite connection and runs jobs for the event loop.

Jobs are taken from a queue in batches. The write jobs of a batch share one
transaction (group commit), each inside its own savepoint so that one failing job
(a sequence conflict, say) leaves the others intact; their results are handed back
only after ``COMMIT``. Read jobs run on their own. One wake-up of the event loop
settles the whole batch: under load this saves most thread hand-offs and, in
``synchronous=FULL`` mode, most fsyncs.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Outcome = tuple["asyncio.Future[Any]", Any, BaseException | None]

MAX_BATCH = 256
"""Most jobs settled by one wake-up (bounds how long the write lock is held)."""


@dataclass(slots=True)
class _Job(Generic[T]):
    fn: Callable[[sqlite3.Connection], T]
    write: bool
    future: asyncio.Future[T]


class SqliteWorker:
    """A dedicated thread with its own connection, made by ``connect`` in that thread."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], name: str) -> None:
        self._connect = connect
        self._name = name
        self._jobs: queue.SimpleQueue[_Job[Any] | None] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    async def start(self) -> None:
        """Start the thread and connect; raise what connecting raised."""
        loop = asyncio.get_running_loop()
        self._loop = loop
        ready: asyncio.Future[None] = loop.create_future()
        # A daemon thread: a log that was never closed must not hang interpreter exit
        # (every committed event is already safe in the WAL).
        self._thread = threading.Thread(target=self._main, args=(ready,), name=self._name)
        self._thread.daemon = True
        self._thread.start()
        try:
            await ready
        except BaseException:
            self._thread = None
            raise

    async def stop(self) -> None:
        """Finish the queued jobs, close the connection and end the thread."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        self._jobs.put(None)
        await asyncio.get_running_loop().run_in_executor(None, thread.join)

    async def call(self, fn: Callable[[sqlite3.Connection], T], *, write: bool) -> T:
        """Run ``fn(connection)`` on the thread; a write is committed on return."""
        if self._thread is None or self._loop is None:
            raise RuntimeError("SqliteEventLog is not open")
        future: asyncio.Future[T] = self._loop.create_future()
        self._jobs.put(_Job(fn, write, future))
        return await future

    def _main(self, ready: asyncio.Future[None]) -> None:
        loop = self._loop
        assert loop is not None
        try:
            conn = self._connect()
        except BaseException as exc:
            failed: list[Outcome] = [(ready, None, exc)]
            loop.call_soon_threadsafe(_settle, failed)
            return
        started: list[Outcome] = [(ready, None, None)]
        loop.call_soon_threadsafe(_settle, started)
        try:
            while (batch := self._next_batch()) is not None:
                try:
                    outcomes = _write_batch(conn, [j for j in batch if j.write])
                    outcomes += [_run(conn, job) for job in batch if not job.write]
                except BaseException as exc:  # never leave a caller waiting forever
                    outcomes = [(job.future, None, exc) for job in batch]
                try:
                    loop.call_soon_threadsafe(_settle, outcomes)
                except RuntimeError:  # the event loop is closed: nobody is waiting
                    break
        finally:
            conn.close()

    def _next_batch(self) -> list[_Job[Any]] | None:
        """Block for one job, then take whatever else is queued (None: stop)."""
        first = self._jobs.get()
        if first is None:
            return None
        batch = [first]
        while len(batch) < MAX_BATCH:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is None:
                self._jobs.put(None)  # stop after this batch
                break
            batch.append(job)
        return [job for job in batch if not job.future.cancelled()]


def _run(conn: sqlite3.Connection, job: _Job[Any]) -> Outcome:
    try:
        return (job.future, job.fn(conn), None)
    except Exception as exc:
        return (job.future, None, exc)


def _write_batch(conn: sqlite3.Connection, jobs: list[_Job[Any]]) -> list[Outcome]:
    if not jobs:
        return []
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:  # e.g. another process held the lock past busy_timeout
        return [(job.future, None, exc) for job in jobs]
    outcomes: list[Outcome] = []
    try:
        for job in jobs:
            conn.execute("SAVEPOINT job")
            outcome = _run(conn, job)
            if outcome[2] is not None:
                conn.execute("ROLLBACK TO job")
            conn.execute("RELEASE job")
            outcomes.append(outcome)
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        return [(job.future, None, exc) for job in jobs]
    return outcomes


def _settle(outcomes: list[Outcome]) -> None:
    """On the event loop: hand each job's result or error to its caller."""
    for future, result, error in outcomes:
        if future.done():
            continue
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)
