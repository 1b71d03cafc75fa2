"""What tests of several layers share: a PostgreSQL database and a Redis server of their own."""

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

from tests.server.harness import free_port

DATABASE_VARIABLE = "BRIDGETABLE_TEST_DATABASE_URL"
SHARED_DATABASE = "postgresql://postgres@127.0.0.1:5432/test"


def _create_session_database() -> tuple[str, str] | None:
    """Give this test run a PostgreSQL database of its own, named in the environment.

    Runs of several checkouts at once, or of code at another schema version, would
    otherwise meet in one database and refuse each other's schema. Done on import,
    before the conftest files below read the variable.
    """
    if DATABASE_VARIABLE in os.environ:
        return None  # the person running the tests chose the database
    name = f"bt_test_{uuid.uuid4().hex[:12]}"
    try:
        with psycopg.connect(SHARED_DATABASE, autocommit=True, connect_timeout=5) as conn:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
    except psycopg.Error:
        return None  # no PostgreSQL here: the scale-out tests say so themselves
    os.environ[DATABASE_VARIABLE] = urlunsplit(urlsplit(SHARED_DATABASE)._replace(path=f"/{name}"))
    return SHARED_DATABASE, name


_session_database = _create_session_database()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Drop the database this run created."""
    if _session_database is None:
        return
    url, name = _session_database
    os.environ.pop(DATABASE_VARIABLE, None)
    drop = psycopg.sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
    with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
        conn.execute(drop.format(psycopg.sql.Identifier(name)))


class PrivateRedis:
    """A throw-away redis-server on a free port, which the test may kill and restart."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
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
    server.start()
    try:
        yield server
    finally:
        server.kill()
