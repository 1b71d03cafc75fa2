"""What tests of several layers share: a PostgreSQL database for the run, and a Redis
server of their own."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
import redis
from psycopg import sql

from tests.server.harness import free_port

BASE_DATABASE_URL = os.environ.get(
    "BRIDGETABLE_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
RUN_DATABASE = f"bt_run_{uuid.uuid4().hex[:16]}"
DATABASE_URL = urlunsplit(urlsplit(BASE_DATABASE_URL)._replace(path=f"/{RUN_DATABASE}"))
"""The database the servers under test use: this run's own (see `run_database`)."""


@pytest.fixture(scope="session")
def run_database() -> Iterator[str]:
    """Create this run's own PostgreSQL database; yields its URL, drops it at the end.

    Servers keep their tables in a fixed schema; in a shared database, runs side by side
    (other checkouts, code with a newer schema version) would meet in it and fail."""
    create = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(RUN_DATABASE))
    with psycopg.connect(BASE_DATABASE_URL, autocommit=True, connect_timeout=10) as conn:
        conn.execute(create)
    try:
        yield DATABASE_URL
    finally:
        drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
        with psycopg.connect(BASE_DATABASE_URL, autocommit=True, connect_timeout=10) as conn:
            conn.execute(drop.format(sql.Identifier(RUN_DATABASE)))


class PrivateRedis:
    """A throw-away redis-server on a free port, which the test may kill and restart."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start (or start again on the same port) and wait until it answers."""
        options = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        options += ["--appendonly", "no", "--daemonize", "no"]
        self.proc = subprocess.Popen(["redis-server", *options], stdout=subprocess.DEVNULL)
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.02)
        client.close()

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    server = PrivateRedis()
    for _ in range(5):  # the free port may be taken by a test beside this one first
        try:
            server.start()
            break
        except redis.ConnectionError:
            server.kill()
            server.port = free_port()
            server.url = f"redis://127.0.0.1:{server.port}/0"
    else:
        pytest.fail("no private redis-server would start")
    try:
        yield server
    finally:
        server.kill()
