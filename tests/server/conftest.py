"""Fixtures: a real server on a free port with its own data folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import ServerProcess

SCALE_OUT = {
    "BRIDGETABLE_DATABASE_URL": os.environ.get(
        "BRIDGETABLE_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"
    ),
    "BRIDGETABLE_REDIS_URL": os.environ.get(
        "BRIDGETABLE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0"
    ),
}
BACKENDS = {"embedded": {}, "postgres+redis": SCALE_OUT}


@pytest.fixture(params=sorted(BACKENDS))
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """A running server (API and WebSocket): once with the embedded defaults (SQLite,
    in-process fan-out), once with PostgreSQL and Redis."""
    process = ServerProcess(tmp_path / "data", env=BACKENDS[request.param])
    process.start()
    try:
        yield process
    finally:
        process.stop()
