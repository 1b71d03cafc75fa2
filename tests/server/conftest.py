"""Fixtures: a real server on a free port with its own data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A running server (API and WebSocket) with an empty SQLite log."""
    process = ServerProcess(tmp_path / "data")
    process.start()
    try:
        yield process
    finally:
        process.stop()
