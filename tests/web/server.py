"""Run the real site (create_site + the server) with uvicorn in a thread, on a free port."""

from __future__ import annotations

import asyncio
import concurrent.futures
import socket
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from bridgetable.engine import GameConfig
from bridgetable.formats.actions_json import config_to_json
from bridgetable.server.settings import Settings
from bridgetable.store import SqliteEventLog
from bridgetable.web.site import create_site

Tables = Mapping[str, tuple[GameConfig, Sequence[dict[str, Any]]]]
"""Tables by id, each with its game and the events of its log."""


@contextmanager
def running_site(data_dir: Path, robot_delay: float = 0.05) -> Iterator[str]:
    """Serve the site on loopback while the block runs; yields its base URL."""
    # bound here and handed over, so no test running beside this one can take the port
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port: int = sock.getsockname()[1]
    settings = Settings(
        host="127.0.0.1",
        port=port,
        data_dir=data_dir,
        robot_delay=robot_delay,
        rate_per_second=200.0,
        rate_burst=400,
    )
    config = uvicorn.Config(
        create_site(settings), host="127.0.0.1", port=port, log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # a busy machine is slow to start it
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the site did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


async def _write_tables(data_dir: Path, tables: Tables) -> None:
    log = SqliteEventLog(data_dir / "bridgetable.sqlite3")
    await log.open()
    try:
        for table, (config, events) in tables.items():
            await log.create_table(table, {"config": config_to_json(config), "creator": "x"})
            await log.append_many(table, 1, list(events))
    finally:
        await log.close()


@contextmanager
def site_with_tables(data_dir: Path, tables: Tables) -> Iterator[str]:
    """Serve the site on loopback, its log in `data_dir` already holding `tables` as the
    server writes them; yields its base URL."""
    # Playwright's sync API runs an event loop in this thread: write from another one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _write_tables(data_dir, tables)).result()
    with running_site(data_dir) as url:
        yield url
