"""What tests of several layers share: a Redis server of their own."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis

from tests.server.harness import free_port


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
