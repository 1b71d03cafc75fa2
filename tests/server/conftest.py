"""Fixtures: a real server on a free port with its own data folder."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.conftest import DATABASE_URL
from tests.server.harness import ServerProcess
from tests.server.tables import robot_server_fixture, table_fixture  # noqa: F401  (fixtures)

SCALE_OUT = {
    "BRIDGETABLE_DATABASE_URL": DATABASE_URL,
    "BRIDGETABLE_REDIS_URL": os.environ.get(
        "BRIDGETABLE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0"
    ),
}
"""Settings of a scale-out server (tests using it request the `run_database` fixture)."""
BACKENDS = {"embedded": {}, "postgres+redis": SCALE_OUT}


@pytest.fixture(params=sorted(BACKENDS), scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A running server (API and WebSocket): once with the embedded defaults (SQLite,
    in-process fan-out), once with PostgreSQL and Redis. One per test module and
    backend: each test opens tables of its own."""
    if BACKENDS[request.param]:
        request.getfixturevalue("run_database")
    process = ServerProcess(tmp_path_factory.mktemp("data"), env=BACKENDS[request.param])
    process.start()
    try:
        yield process
    finally:
        process.stop()
